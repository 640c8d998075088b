//! The page side of the Web Worker: spawns it from Trunk's loader
//! (`/worker_loader.js`), sends one [`Request`] at a time with its blobs, and
//! hands every [`Response`] to the request's handler.
//!
//! ```ignore
//! let client = WorkerClient::new();
//! client.run(&Request::Results { files }, &blobs, move |response, blobs| { … });
//! client.cancel(); // terminates the worker; the next `run` spawns a new one
//! ```
//!
//! The worker announces `Ready` once its wasm has started; requests sent
//! before that wait in the client (a message posted earlier would be lost).

use crate::worker_protocol::{decode, encode, js_error, Request, Response};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Blob;

/// Where Trunk puts the worker's loader (`data-loader-shim` in index.html).
pub const WORKER_URL: &str = "/worker_loader.js";

type Handler = Box<dyn FnMut(Response, Vec<Blob>)>;

#[derive(Default)]
struct Inner {
    worker: Option<web_sys::Worker>,
    ready: bool,
    /// The message waiting for `Ready`.
    queued: Option<JsValue>,
    /// Counts requests, so a handler taken out for a call is only put back
    /// if no other request replaced it meanwhile.
    job: u64,
    handler: Option<Handler>,
    on_message: Option<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    on_error: Option<Closure<dyn FnMut(web_sys::ErrorEvent)>>,
}

/// A handle on the worker; clones share it.
#[derive(Clone, Default)]
pub struct WorkerClient {
    inner: Rc<RefCell<Inner>>,
}

impl WorkerClient {
    pub fn new() -> Self {
        Self::default()
    }

    /// A request is running (its final response has not arrived).
    pub fn is_busy(&self) -> bool {
        self.inner.borrow().handler.is_some()
    }

    /// Sends `request` with `blobs`; `handler` gets each response up to and
    /// including the final one. A request still running is cancelled first.
    pub fn run(&self, request: &Request, blobs: &[Blob], handler: impl FnMut(Response, Vec<Blob>) + 'static) -> Result<(), String> {
        if self.is_busy() {
            self.cancel();
        }
        let message = encode(request, blobs)?;
        self.spawn()?;
        let mut inner = self.inner.borrow_mut();
        inner.job += 1;
        inner.handler = Some(Box::new(handler));
        if inner.ready {
            let worker = inner.worker.clone();
            drop(inner);
            if let Some(w) = worker {
                w.post_message(&message).map_err(js_error)?;
            }
        } else {
            inner.queued = Some(message);
        }
        Ok(())
    }

    /// Stops the running request by terminating the worker. Its handler
    /// gets nothing more; the next [`run`](Self::run) starts a new worker.
    pub fn cancel(&self) {
        let mut inner = self.inner.borrow_mut();
        retire(&mut inner);
        inner.queued = None;
        inner.handler = None;
    }

    fn spawn(&self) -> Result<(), String> {
        if self.inner.borrow().worker.is_some() {
            return Ok(());
        }
        let worker = web_sys::Worker::new(WORKER_URL).map_err(js_error)?;
        let weak = Rc::downgrade(&self.inner);
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new({
            let weak = weak.clone();
            move |ev: web_sys::MessageEvent| match decode::<Response>(&ev.data()) {
                Ok((response, blobs)) => deliver(&weak, response, blobs),
                Err(message) => deliver(&weak, Response::Failed { message }, Vec::new()),
            }
        });
        let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |ev: web_sys::ErrorEvent| {
            ev.prevent_default();
            let message = ev.message();
            let message = if message.is_empty() { "the worker stopped".to_string() } else { message };
            // The worker's state is unknown after an uncaught error: replace it next time.
            if let Some(inner) = weak.upgrade() {
                retire(&mut inner.borrow_mut());
            }
            deliver(&weak, Response::Failed { message }, Vec::new());
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let mut inner = self.inner.borrow_mut();
        inner.worker = Some(worker);
        inner.ready = false;
        inner.on_message = Some(on_message);
        inner.on_error = Some(on_error);
        Ok(())
    }
}

/// Terminates the worker and detaches its event handlers. The closures
/// are dropped on a later task: this may run inside one of them, and an
/// event already queued must find no handler rather than a dropped closure.
fn retire(inner: &mut Inner) {
    if let Some(w) = inner.worker.take() {
        w.set_onmessage(None);
        w.set_onerror(None);
        w.terminate();
    }
    inner.ready = false;
    let closures = (inner.on_message.take(), inner.on_error.take());
    if closures.0.is_some() || closures.1.is_some() {
        gloo::timers::callback::Timeout::new(0, move || drop(closures)).forget();
    }
}

/// Hands a response to the current handler (outside the borrow, so the
/// handler may call `run` or `cancel`).
fn deliver(weak: &Weak<RefCell<Inner>>, response: Response, blobs: Vec<Blob>) {
    let Some(inner) = weak.upgrade() else { return };
    if matches!(response, Response::Ready) {
        let mut i = inner.borrow_mut();
        i.ready = true;
        if let (Some(m), Some(w)) = (i.queued.take(), i.worker.clone()) {
            drop(i);
            if let Err(e) = w.post_message(&m) {
                deliver(weak, Response::Failed { message: js_error(e) }, Vec::new());
            }
        }
        return;
    }
    let (handler, job) = {
        let mut i = inner.borrow_mut();
        (i.handler.take(), i.job)
    };
    let Some(mut handler) = handler else { return };
    let last = response.is_final();
    handler(response, blobs);
    if !last {
        let mut i = inner.borrow_mut();
        if i.job == job && i.handler.is_none() && i.worker.is_some() {
            i.handler = Some(handler);
        }
    }
}
