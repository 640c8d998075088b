//! The page side of the batch workers: a small pool of Web Workers, the
//! check split over several of them for big files (one structural pass over
//! the whole file, token passes over line-aligned ranges, merged in the
//! structural worker), single-worker repair and split, and cancel.

use crate::worker_batch::{BatchReply, BatchRequest};
use batchlane_core::batch::{plan_parallel, CheckOptions, ParallelPlan, Progress, Report, TokenPart, PLAN_PREFIX_BYTES};
use batchlane_core::facts::Catalog;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, Worker};

/// Files smaller than this are checked by one worker.
const PARALLEL_MIN_BYTES: f64 = 8.0 * 1024.0 * 1024.0;
/// Most token workers used (besides the structural one).
const MAX_TOKEN_WORKERS: usize = 4;
/// Workers kept for the next run (their tokenizer tables stay built).
const POOL_MAX: usize = 5;

/// A worker and what the page posted before it started listening.
#[derive(Clone)]
struct Slot {
    worker: Worker,
    ready: Rc<Cell<bool>>,
    queue: Rc<RefCell<Vec<JsValue>>>,
}

impl PartialEq for Slot {
    fn eq(&self, other: &Self) -> bool {
        self.worker == other.worker
    }
}

thread_local! {
    static POOL: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
    static ACTIVE: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

fn acquire() -> Result<Slot, String> {
    let slot = match POOL.with(|p| p.borrow_mut().pop()) {
        Some(s) => s,
        None => Slot {
            worker: Worker::new("/worker_loader.js").map_err(|e| format!("cannot start a worker: {e:?}"))?,
            ready: Rc::new(Cell::new(false)),
            queue: Rc::new(RefCell::new(Vec::new())),
        },
    };
    ACTIVE.with(|a| a.borrow_mut().push(slot.clone()));
    Ok(slot)
}

fn release(slot: &Slot) {
    ACTIVE.with(|a| a.borrow_mut().retain(|x| x != slot));
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() < POOL_MAX && slot.ready.get() {
            p.push(slot.clone());
        } else {
            slot.worker.terminate();
        }
    });
}

fn drop_slot(slot: &Slot) {
    ACTIVE.with(|a| a.borrow_mut().retain(|x| x != slot));
    slot.worker.set_onmessage(None);
    slot.worker.terminate();
}

/// Stops every running job (the workers are terminated, not reused).
pub fn cancel() {
    for s in ACTIVE.with(|a| std::mem::take(&mut *a.borrow_mut())) {
        s.worker.set_onmessage(None);
        s.worker.terminate();
    }
}

fn send(slot: &Slot, file: Option<&Blob>, req: &BatchRequest) -> Result<(), String> {
    let msg = js_sys::Object::new();
    let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&msg, &k.into(), v).map(|_| ());
    let req = serde_wasm_bindgen::to_value(req).map_err(|e| e.to_string())?;
    set("kind", &"batch".into()).and_then(|_| set("req", &req)).map_err(|_| "cannot build the message")?;
    if let Some(f) = file {
        set("file", f).map_err(|_| "cannot attach the file")?;
    }
    if slot.ready.get() {
        slot.worker.post_message(&msg).map_err(|e| format!("cannot post to the worker: {e:?}"))
    } else {
        slot.queue.borrow_mut().push(msg.into());
        Ok(())
    }
}

/// Calls `f` with each reply of the worker (and the message, for attached
/// blobs); posts the queued messages once the worker says it is ready.
fn listen(slot: &Slot, f: impl FnMut(BatchReply, JsValue) + 'static) {
    let f = Rc::new(RefCell::new(f));
    let g = f.clone();
    let s = slot.clone();
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        let data = ev.data();
        let kind = js_sys::Reflect::get(&data, &"kind".into()).ok().and_then(|k| k.as_string());
        if kind.as_deref() == Some("ready") {
            s.ready.set(true);
            for msg in s.queue.borrow_mut().drain(..) {
                let _ = s.worker.post_message(&msg);
            }
            return;
        }
        let reply = js_sys::Reflect::get(&data, &"reply".into()).ok().filter(|r| !r.is_undefined());
        match reply.map(serde_wasm_bindgen::from_value::<BatchReply>) {
            Some(Ok(r)) => (g.borrow_mut())(r, data),
            Some(Err(e)) => (g.borrow_mut())(BatchReply::Failed { message: e.to_string() }, data),
            None => {}
        }
    });
    slot.worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // A crash (a panic in the worker): the job fails.
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
        ev.prevent_default();
        let message = ev.dyn_ref::<web_sys::ErrorEvent>().map_or_else(|| "the worker stopped".to_string(), |e| e.message());
        (f.borrow_mut())(BatchReply::Failed { message }, JsValue::NULL);
    });
    slot.worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
}

/// What a check tells the page.
pub enum CheckEvent {
    Progress(Progress),
    Done(Result<Box<Report>, String>),
}

/// How many token workers to use for a big file.
fn token_workers() -> usize {
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    (cores as usize).clamp(1, MAX_TOKEN_WORKERS)
}

/// The size from which a file is checked on several workers
/// (`batchlane.batch.parallel_min_bytes` in localStorage overrides it, for tests).
fn parallel_min_bytes() -> f64 {
    use gloo::storage::{LocalStorage, Storage};
    LocalStorage::get::<f64>("batchlane.batch.parallel_min_bytes").unwrap_or(PARALLEL_MIN_BYTES)
}

/// Checks `file` in the workers, with exact tokens (when counted).
pub fn check(file: Blob, options: CheckOptions, catalog: Catalog, on: Rc<dyn Fn(CheckEvent)>) {
    // Structural checks alone are one fast pass: no token workers.
    if file.size() < parallel_min_bytes() || !options.count_tokens {
        return single(file, options, catalog, on);
    }
    wasm_bindgen_futures::spawn_local(async move {
        let size = file.size();
        let end = size.min(PLAN_PREFIX_BYTES as f64);
        let head = file.slice_with_f64_and_f64(0.0, end).map(gloo::file::Blob::from);
        let bytes = match head {
            Ok(h) => gloo::file::futures::read_as_bytes(&h).await.ok(),
            Err(_) => None,
        };
        // Token totals must equal a single pass: split only when the ranges
        // can know the model the single pass would use.
        let plan = bytes.map_or(ParallelPlan::SinglePass, |b| plan_parallel(&b, end >= size, &options, &catalog));
        let hint = match plan {
            ParallelPlan::Split(hint) => hint,
            ParallelPlan::SinglePass => return single(file, options, catalog, on),
        };
        if let Err(e) = parallel(file, options, catalog, hint, on.clone()) {
            cancel();
            on(CheckEvent::Done(Err(e)));
        }
    });
}

fn single(file: Blob, options: CheckOptions, catalog: Catalog, on: Rc<dyn Fn(CheckEvent)>) {
    one(file, BatchRequest::Check { options, catalog, tokens: true }, move |reply, _| match reply {
        BatchReply::Progress { progress } => on(CheckEvent::Progress(progress)),
        BatchReply::Report { report } => on(CheckEvent::Done(Ok(report))),
        BatchReply::Failed { message } => on(CheckEvent::Done(Err(message))),
        _ => {}
    });
}

/// Runs one request in one worker; `f` gets every reply.
pub fn one(file: Blob, req: BatchRequest, f: impl Fn(BatchReply, JsValue) + 'static) {
    let f = Rc::new(f);
    let w = match acquire() {
        Ok(w) => w,
        Err(message) => return f(BatchReply::Failed { message }, JsValue::NULL),
    };
    let worker = w.clone();
    let g = f.clone();
    listen(&w, move |reply, data| {
        let last = !matches!(reply, BatchReply::Progress { .. });
        if matches!(reply, BatchReply::Failed { .. }) {
            drop_slot(&worker);
        } else if last {
            release(&worker);
        }
        g(reply, data);
    });
    if let Err(message) = send(&w, Some(&file), &req) {
        f(BatchReply::Failed { message }, JsValue::NULL);
    }
}

struct Parallel {
    structural: Progress,
    token_bytes: Vec<u64>,
    parts: Vec<Option<TokenPart>>,
    fed: bool,
    finishing: bool,
    failed: bool,
}

fn parallel(file: Blob, options: CheckOptions, catalog: Catalog, hint: Option<String>, on: Rc<dyn Fn(CheckEvent)>) -> Result<(), String> {
    let n = token_workers();
    let len = file.size() as u64;
    let state = Rc::new(RefCell::new(Parallel {
        structural: Progress::default(),
        token_bytes: vec![0; n],
        parts: vec![None; n],
        fed: false,
        finishing: false,
        failed: false,
    }));
    let s = acquire()?;
    let emit = {
        let on = on.clone();
        let state = state.clone();
        move || {
            let st = state.borrow();
            let done = st.structural.bytes + st.token_bytes.iter().sum::<u64>();
            on(CheckEvent::Progress(Progress { bytes: done / 2, lines: st.structural.lines }));
        }
    };
    let fail = {
        let on = on.clone();
        let state = state.clone();
        move |message: String| {
            if !std::mem::replace(&mut state.borrow_mut().failed, true) {
                cancel();
                on(CheckEvent::Done(Err(message)));
            }
        }
    };
    // Sends the token parts to the structural worker once all are in.
    let maybe_finish = {
        let state = state.clone();
        let s = s.clone();
        let fail = fail.clone();
        move || {
            let mut st = state.borrow_mut();
            if st.fed && !st.finishing && st.parts.iter().all(Option::is_some) {
                st.finishing = true;
                let parts = st.parts.iter_mut().filter_map(Option::take).collect();
                drop(st);
                if let Err(e) = send(&s, None, &BatchRequest::Finish { parts }) {
                    fail(e);
                }
            }
        }
    };
    {
        let (state, emit, fail, maybe_finish, on, worker) =
            (state.clone(), emit.clone(), fail.clone(), maybe_finish.clone(), on.clone(), s.clone());
        listen(&s, move |reply, _| match reply {
            BatchReply::Progress { progress } => {
                state.borrow_mut().structural = progress;
                emit();
            }
            BatchReply::Fed { progress } => {
                {
                    let mut st = state.borrow_mut();
                    st.structural = progress;
                    st.fed = true;
                }
                emit();
                maybe_finish();
            }
            BatchReply::Report { report } => {
                release(&worker);
                on(CheckEvent::Done(Ok(report)));
            }
            BatchReply::Failed { message } => fail(message),
            _ => {}
        });
    }
    send(&s, Some(&file), &BatchRequest::Structural { options: options.clone(), catalog: catalog.clone() })?;
    for k in 0..n {
        let t = acquire()?;
        let (state, emit, fail, maybe_finish, worker) = (state.clone(), emit.clone(), fail.clone(), maybe_finish.clone(), t.clone());
        listen(&t, move |reply, _| match reply {
            BatchReply::Progress { progress } => {
                state.borrow_mut().token_bytes[k] = progress.bytes;
                emit();
            }
            BatchReply::Tokens { part } => {
                release(&worker);
                {
                    let mut st = state.borrow_mut();
                    st.token_bytes[k] = part.bytes;
                    st.parts[k] = Some(part);
                }
                emit();
                maybe_finish();
            }
            BatchReply::Failed { message } => fail(message),
            _ => {}
        });
        let (start, end) = (len * k as u64 / n as u64, len * (k as u64 + 1) / n as u64);
        let req = BatchRequest::Tokens { options: options.clone(), catalog: catalog.clone(), start, end, model_hint: hint.clone() };
        send(&t, Some(&file), &req)?;
    }
    Ok(())
}
