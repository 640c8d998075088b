//! wasm-bindgen-test in headless Chromium: the pooled worker client against
//! a stand-in worker (a Blob URL script speaking the protocol's JSON) that
//! starts listening late, can stay silent, and can crash on demand.
//! Run: `CHROMEDRIVER=$(which chromedriver) cargo test --target wasm32-unknown-unknown --test worker_client`.
#![cfg(target_arch = "wasm32")]

use batchlane::worker::client::WorkerPool;
use batchlane_core::cost::UsageLimits;
use batchlane_core::protocol::{Request, Response, WorkerFailure};
use gloo::timers::future::TimeoutFuture;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Listens only 150 ms after it starts (a message posted earlier would be
/// lost), then says Ready. A `Usage` request with `max_lines` 0 is never
/// answered, 666 throws (a crash), any other is answered with one Progress
/// and a Failed (settings refused) that echoes the number.
const STAND_IN: &str = r#"
const send = (m) => postMessage({ msg: JSON.stringify(m), blobs: [] });
setTimeout(() => {
  onmessage = (e) => {
    const req = JSON.parse(e.data.msg);
    const n = req.Usage ? req.Usage.limits.max_lines : -1;
    if (n === 0) return;
    if (n === 666) throw new Error("boom");
    send({ Progress: { done: 1, total: 2, lines: 0 } });
    send({ Failed: { failure: { SettingsRefused: { count: n } } } });
  };
  send("Ready");
}, 150);
"#;

fn stand_in_url() -> String {
    let parts = js_sys::Array::of1(&STAND_IN.into());
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag).unwrap();
    web_sys::Url::create_object_url_with_blob(&blob).unwrap()
}

fn usage(max_lines: usize) -> Request {
    Request::Usage { limits: UsageLimits { max_lines, max_diagnostics: 1 } }
}

type Seen = Rc<RefCell<Vec<Response>>>;

fn recorder() -> (Seen, impl FnMut(Response, Vec<web_sys::Blob>) + 'static) {
    let seen: Seen = Rc::default();
    let s = seen.clone();
    (seen, move |r, _| s.borrow_mut().push(r))
}

/// Waits until `done` holds (at most ~3 s).
async fn until(done: impl Fn() -> bool) {
    for _ in 0..150 {
        if done() {
            return;
        }
        TimeoutFuture::new(20).await;
    }
}

#[wasm_bindgen_test]
async fn a_request_sent_before_ready_is_queued_and_answered() {
    let pool = WorkerPool::with_url(&stand_in_url(), 2);
    let (seen, handler) = recorder();
    pool.run(&usage(7), &[], handler).unwrap();
    until(|| seen.borrow().len() == 2).await;
    let seen = seen.borrow();
    assert!(matches!(seen[0], Response::Progress { done: 1, total: 2, .. }), "{seen:?}");
    assert_eq!(seen[1], Response::Failed { failure: WorkerFailure::SettingsRefused { count: 7 } });
    // The worker went back to the pool, idle.
    assert_eq!((pool.busy(), pool.workers()), (0, 1));
}

#[wasm_bindgen_test]
async fn cancel_terminates_the_busy_worker_and_silences_its_handler() {
    let pool = WorkerPool::with_url(&stand_in_url(), 2);
    let (seen, handler) = recorder();
    pool.run(&usage(0), &[], handler).unwrap();
    TimeoutFuture::new(300).await;
    assert_eq!(pool.busy(), 1);
    pool.cancel();
    assert_eq!((pool.busy(), pool.workers()), (0, 0));
    // A new request gets a new worker and its answer.
    let (again, handler) = recorder();
    pool.run(&usage(3), &[], handler).unwrap();
    until(|| again.borrow().len() == 2).await;
    assert_eq!(again.borrow()[1], Response::Failed { failure: WorkerFailure::SettingsRefused { count: 3 } });
    assert!(seen.borrow().is_empty());
}

#[wasm_bindgen_test]
async fn a_crash_is_reported_and_the_worker_replaced() {
    let pool = WorkerPool::with_url(&stand_in_url(), 2);
    let (seen, handler) = recorder();
    pool.run(&usage(666), &[], handler).unwrap();
    until(|| !seen.borrow().is_empty()).await;
    match &seen.borrow()[..] {
        // A crash is its own variant (never a prefix of a string), with the browser's words.
        [Response::Failed { failure: WorkerFailure::Crashed { detail: Some(d) } }] => assert!(d.contains("boom"), "{d}"),
        other => panic!("{other:?}"),
    }
    // A fresh worker stands in its place, idle, and answers the next request.
    assert_eq!((pool.busy(), pool.workers()), (0, 1));
    let (next, handler) = recorder();
    pool.run(&usage(5), &[], handler).unwrap();
    until(|| next.borrow().len() == 2).await;
    assert_eq!(next.borrow()[1], Response::Failed { failure: WorkerFailure::SettingsRefused { count: 5 } });
}

#[wasm_bindgen_test]
async fn warm_starts_idle_workers_that_later_requests_use() {
    let pool = WorkerPool::with_url(&stand_in_url(), 3);
    pool.warm(2).unwrap();
    assert_eq!((pool.busy(), pool.workers()), (0, 2));
    // Warming again, or beyond max_idle, starts no more than needed.
    pool.warm(2).unwrap();
    pool.warm(9).unwrap();
    assert_eq!(pool.workers(), 3);
    let (seen, handler) = recorder();
    pool.run(&usage(5), &[], handler).unwrap();
    until(|| seen.borrow().len() == 2).await;
    assert_eq!(seen.borrow()[1], Response::Failed { failure: WorkerFailure::SettingsRefused { count: 5 } });
    // The request ran on a warm worker: none was added.
    assert_eq!((pool.busy(), pool.workers()), (0, 3));
}
