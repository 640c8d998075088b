//! The page side of the Web Worker: one pooled client for every page.
//!
//! ```text
//! let pool = WorkerPool::new();
//! pool.run(&Request::Join { files }, &blobs, move |response, blobs| { … })?;
//! pool.cancel(); // terminates the busy workers; idle ones stay warm
//! ```
//!
//! - A worker announces `Ready` once its wasm has started; requests sent
//!   before that wait in its queue (a message posted earlier is lost).
//! - Each request gets a worker of its own: an idle one, or a new one.
//!   After its final response the worker goes back to the pool (up to
//!   `max_idle`; the rest are terminated).
//! - A crash (`onerror`: a panic, an out-of-memory) is handed to the
//!   request's handler as `Response::Failed` with `WorkerFailure::Crashed`
//!   (the page says it in its language), and the worker is replaced by a
//!   fresh one.
//! - The event closures belong to the pool and are dropped with it (or
//!   with their worker, on the next call); nothing is `forget()`-ed.
//!   Dropping the pool terminates every worker.

use super::envelope::{js_error, pack, unpack};
use batchlane_core::protocol::{Request, Response, WorkerFailure};
use std::any::Any;
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, Worker};

/// The app's worker: Trunk's name for its loader (`data-loader-shim` in
/// index.html). A release build renames it with a content hash
/// (tools/worker-hash.mjs) and writes the hashed URL into index.html's
/// `<meta name="batchlane-worker">`; a pool made with this URL starts that
/// one, so a page always runs the worker of its own build.
pub const WORKER_URL: &str = "/worker_loader.js";
/// The meta tag naming the hashed worker loader.
const WORKER_META: &str = "meta[name=batchlane-worker]";

/// `url`, or for [`WORKER_URL`] the hashed loader the page names (a
/// same-origin path), when it names one.
fn resolve_url(url: &str) -> String {
    if url != WORKER_URL {
        return url.to_string();
    }
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(WORKER_META).ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .filter(|u| u.starts_with('/') && !u.starts_with("//"))
        .unwrap_or_else(|| url.to_string())
}
/// Idle workers kept by default (their tokenizer tables stay built).
pub const MAX_IDLE: usize = 5;

type Handler = Box<dyn FnMut(Response, Vec<Blob>)>;

struct Slot {
    id: u64,
    worker: Worker,
    ready: bool,
    /// Messages waiting for `Ready`.
    queue: Vec<JsValue>,
    /// The running request (0: idle).
    job: u64,
    handler: Option<Handler>,
    closures: Box<dyn Any>,
}

struct Inner {
    url: String,
    max_idle: usize,
    next_id: u64,
    slots: Vec<Slot>,
    /// Closures of retired workers: dropped outside their own events.
    retired: Vec<Box<dyn Any>>,
    /// Events being handled (closures are not dropped while > 0).
    depth: u32,
}

impl Inner {
    fn slot(&mut self, id: u64) -> Option<&mut Slot> {
        self.slots.iter_mut().find(|s| s.id == id)
    }

    /// Terminates a worker and detaches its handlers.
    fn retire(&mut self, id: u64) -> Option<Handler> {
        let i = self.slots.iter().position(|s| s.id == id)?;
        let slot = self.slots.remove(i);
        slot.worker.set_onmessage(None);
        slot.worker.set_onerror(None);
        slot.worker.terminate();
        self.retired.push(slot.closures);
        slot.handler
    }

    fn sweep(&mut self) {
        if self.depth == 0 {
            self.retired.clear();
        }
    }

    fn idle(&self) -> usize {
        self.slots.iter().filter(|s| s.job == 0).count()
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        for slot in &self.slots {
            slot.worker.set_onmessage(None);
            slot.worker.set_onerror(None);
            slot.worker.terminate();
        }
    }
}

/// The pool; clones share it. Dropping the last clone terminates its workers.
#[derive(Clone)]
pub struct WorkerPool {
    inner: Rc<RefCell<Inner>>,
}

impl Default for WorkerPool {
    fn default() -> Self {
        Self::new()
    }
}

fn post(slot: &mut Slot, message: JsValue) -> Result<(), WorkerFailure> {
    if slot.ready {
        slot.worker.post_message(&message).map_err(|e| WorkerFailure::BadMessage { detail: js_error(e) })
    } else {
        slot.queue.push(message);
        Ok(())
    }
}

impl WorkerPool {
    pub fn new() -> Self {
        Self::with_url(WORKER_URL, MAX_IDLE)
    }

    /// A pool of workers started from `url` (tests use a stand-in worker).
    pub fn with_url(url: &str, max_idle: usize) -> Self {
        WorkerPool {
            inner: Rc::new(RefCell::new(Inner {
                url: url.to_string(),
                max_idle,
                next_id: 1,
                slots: Vec::new(),
                retired: Vec::new(),
                depth: 0,
            })),
        }
    }

    /// Requests running now.
    pub fn busy(&self) -> usize {
        self.inner.borrow().slots.iter().filter(|s| s.job != 0).count()
    }

    /// Workers alive (busy and idle).
    pub fn workers(&self) -> usize {
        self.inner.borrow().slots.len()
    }

    /// Sends `request` with `blobs` to a worker of its own; `handler` gets
    /// each response up to and including the final one.
    pub fn run(&self, request: &Request, blobs: &[Blob], handler: impl FnMut(Response, Vec<Blob>) + 'static) -> Result<(), WorkerFailure> {
        let message = pack(request, blobs)?;
        self.inner.borrow_mut().sweep();
        // The borrow ends before `spawn` borrows again (a scrutinee's
        // temporaries would live through the whole match).
        let idle = self.inner.borrow().slots.iter().find(|s| s.job == 0).map(|s| s.id);
        let id = match idle {
            Some(id) => id,
            None => self.spawn()?,
        };
        let mut inner = self.inner.borrow_mut();
        let job = inner.next_id;
        inner.next_id += 1;
        let slot = inner.slot(id).ok_or(WorkerFailure::Crashed { detail: None })?;
        slot.job = job;
        slot.handler = Some(Box::new(handler));
        if let Err(e) = post(slot, message) {
            drop(inner);
            self.inner.borrow_mut().retire(id);
            return Err(e);
        }
        Ok(())
    }

    /// Starts workers until `n` are idle (at most `max_idle`), so that the
    /// next requests find them ready.
    pub fn warm(&self, n: usize) -> Result<(), WorkerFailure> {
        self.inner.borrow_mut().sweep();
        let want = n.min(self.inner.borrow().max_idle);
        while self.inner.borrow().idle() < want {
            self.spawn()?;
        }
        Ok(())
    }

    /// Sends `request` to every idle worker without making it busy: for a
    /// request answered by nothing (`Request::Prepare`); one sent later
    /// waits in the worker's queue behind it.
    pub fn tell_idle(&self, request: &Request) -> Result<(), WorkerFailure> {
        let mut inner = self.inner.borrow_mut();
        for slot in inner.slots.iter_mut().filter(|s| s.job == 0) {
            post(slot, pack(request, &[])?)?;
        }
        Ok(())
    }

    /// Stops every running request by terminating its worker. Their
    /// handlers get nothing more; idle workers stay.
    pub fn cancel(&self) {
        let mut inner = self.inner.borrow_mut();
        let busy: Vec<u64> = inner.slots.iter().filter(|s| s.job != 0).map(|s| s.id).collect();
        for id in busy {
            inner.retire(id);
        }
        inner.sweep();
    }

    fn spawn(&self) -> Result<u64, WorkerFailure> {
        let url = resolve_url(&self.inner.borrow().url);
        let worker = Worker::new(&url).map_err(|e| WorkerFailure::CannotStart { detail: js_error(e) })?;
        let id = {
            let mut inner = self.inner.borrow_mut();
            let id = inner.next_id;
            inner.next_id += 1;
            id
        };
        let weak = Rc::downgrade(&self.inner);
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new({
            let weak = weak.clone();
            move |ev: web_sys::MessageEvent| match unpack::<Response>(&ev.data()) {
                Ok((response, blobs)) => deliver(&weak, id, response, blobs),
                Err(failure) => deliver(&weak, id, Response::Failed { failure }, Vec::new()),
            }
        });
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
            ev.prevent_default();
            let message = ev.dyn_ref::<web_sys::ErrorEvent>().map(|e| e.message()).filter(|m| !m.is_empty());
            crashed(&weak, id, message);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        self.inner.borrow_mut().slots.push(Slot {
            id,
            worker,
            ready: false,
            queue: Vec::new(),
            job: 0,
            handler: None,
            closures: Box::new((on_message, on_error)),
        });
        Ok(id)
    }
}

/// A worker died: its request fails, and a fresh worker takes its place.
fn crashed(weak: &Weak<RefCell<Inner>>, id: u64, detail: Option<String>) {
    let Some(inner) = weak.upgrade() else { return };
    inner.borrow_mut().depth += 1;
    let handler = inner.borrow_mut().retire(id);
    if let Some(mut h) = handler {
        h(Response::Failed { failure: WorkerFailure::Crashed { detail } }, Vec::new());
    }
    inner.borrow_mut().depth -= 1;
    let pool = WorkerPool { inner };
    let replace = { pool.inner.borrow().idle() < pool.inner.borrow().max_idle };
    if replace {
        if let Err(e) = pool.spawn() {
            web_sys::console::warn_1(&e.to_string().into());
        }
    }
}

/// Hands a response to its request's handler (outside the borrow, so the
/// handler may call `run` or `cancel`).
fn deliver(weak: &Weak<RefCell<Inner>>, id: u64, response: Response, blobs: Vec<Blob>) {
    let Some(inner) = weak.upgrade() else { return };
    if matches!(response, Response::Ready) {
        let mut i = inner.borrow_mut();
        let Some(slot) = i.slot(id) else { return };
        slot.ready = true;
        for m in std::mem::take(&mut slot.queue) {
            if let Err(e) = slot.worker.post_message(&m) {
                web_sys::console::error_1(&js_error(e).into());
            }
        }
        return;
    }
    let (handler, job) = {
        let mut i = inner.borrow_mut();
        let Some(slot) = i.slot(id) else { return };
        (slot.handler.take(), slot.job)
    };
    let Some(mut handler) = handler else { return };
    let last = response.is_final();
    inner.borrow_mut().depth += 1;
    handler(response, blobs);
    let mut i = inner.borrow_mut();
    i.depth -= 1;
    let idle = i.idle();
    let max_idle = i.max_idle;
    let Some(slot) = i.slot(id).filter(|s| s.job == job) else { return };
    if !last {
        slot.handler = Some(handler);
    } else if idle < max_idle {
        slot.job = 0;
    } else {
        i.retire(id);
    }
}
