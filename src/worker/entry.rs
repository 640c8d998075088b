//! The worker binary's entry: listens, says `Ready`, hands each request to
//! [`jobs::run`](super::jobs::run), one at a time (a job awaits its file
//! reads, so requests that arrive meanwhile wait in a queue). The page
//! cancels by terminating the worker.

use super::envelope::unpack;
use super::jobs;
use super::poster::Poster;
use batchlane_core::protocol::{Request, Response};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, DedicatedWorkerGlobalScope};

type Listener = Closure<dyn FnMut(web_sys::MessageEvent)>;

thread_local! {
    /// The listener, owned for the worker's whole life.
    static LISTENER: RefCell<Option<Listener>> = const { RefCell::new(None) };
    /// Requests waiting for the running one to end.
    static QUEUE: RefCell<VecDeque<(Request, Vec<Blob>)>> = const { RefCell::new(VecDeque::new()) };
    /// Whether a job is running (its task drains the queue).
    static RUNNING: Cell<bool> = const { Cell::new(false) };
}

/// Entry point of the worker binary.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Listener::new(move |event: web_sys::MessageEvent| match unpack::<Request>(&event.data()) {
        Ok(job) => {
            QUEUE.with(|q| q.borrow_mut().push_back(job));
            if !RUNNING.replace(true) {
                wasm_bindgen_futures::spawn_local(drain(reply_scope.clone()));
            }
        }
        Err(failure) => Poster::new(&reply_scope).post(&Response::Failed { failure }, &[]),
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    LISTENER.with(|l| *l.borrow_mut() = Some(on_message));
    // Messages posted before the wasm started are lost: say we listen now.
    Poster::new(&scope).post(&Response::Ready, &[]);
    // Then get the checker's code optimized (`warm_up`): requests that
    // arrive meanwhile wait in the queue.
    RUNNING.set(true);
    wasm_bindgen_futures::spawn_local(async move {
        drop(batchlane_core::batch::warm_up(&batchlane_core::facts::Catalog::builtin()));
        drain(scope).await;
    });
}

/// Runs the queued requests in order, then marks the worker idle.
async fn drain(scope: DedicatedWorkerGlobalScope) {
    let out = Poster::new(&scope);
    while let Some((request, blobs)) = QUEUE.with(|q| q.borrow_mut().pop_front()) {
        if let Err(failure) = jobs::run(&out, request, &blobs).await {
            out.post(&Response::Failed { failure }, &[]);
        }
    }
    RUNNING.set(false);
}

/// The worker's wasm linear memory in bytes. It only grows, so this is the
/// worker's peak; `./dev bench` reads it over CDP in each worker target
/// (`wasm_bindgen.worker_memory_bytes()`).
#[wasm_bindgen]
pub fn worker_memory_bytes() -> f64 {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    memory.buffer().unchecked_into::<js_sys::ArrayBuffer>().byte_length() as f64
}
