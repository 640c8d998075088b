//! The worker binary's entry: listens, says `Ready`, hands each request to
//! [`jobs::run`](super::jobs::run). The page cancels by terminating the worker.

use super::envelope::{pack, unpack};
use super::jobs;
use batchlane_core::protocol::{Request, Response};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, DedicatedWorkerGlobalScope};

type Listener = Closure<dyn FnMut(web_sys::MessageEvent)>;

thread_local! {
    /// The listener, owned for the worker's whole life.
    static LISTENER: RefCell<Option<Listener>> = const { RefCell::new(None) };
}

/// Entry point of the worker binary.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Listener::new(move |event: web_sys::MessageEvent| {
        let answer = match unpack::<Request>(&event.data()) {
            Ok((request, blobs)) => jobs::run(&Poster { scope: &reply_scope }, request, &blobs),
            Err(message) => Err(format!("bad request: {message}")),
        };
        if let Err(message) = answer {
            Poster { scope: &reply_scope }.post(&Response::Failed { message }, &[]);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    LISTENER.with(|l| *l.borrow_mut() = Some(on_message));
    // Messages posted before the wasm started are lost: say we listen now.
    Poster { scope: &scope }.post(&Response::Ready, &[]);
}

/// The worker's wasm linear memory in bytes. It only grows, so this is the
/// worker's peak; `./dev bench` reads it over CDP in each worker target
/// (`wasm_bindgen.worker_memory_bytes()`).
#[wasm_bindgen]
pub fn worker_memory_bytes() -> f64 {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    memory.buffer().unchecked_into::<js_sys::ArrayBuffer>().byte_length() as f64
}

/// Posts responses to the page.
pub struct Poster<'a> {
    scope: &'a DedicatedWorkerGlobalScope,
}

impl Poster<'_> {
    pub fn post(&self, msg: &Response, blobs: &[Blob]) {
        match pack(msg, blobs) {
            Ok(v) => {
                if let Err(e) = self.scope.post_message(&v) {
                    web_sys::console::error_1(&e);
                }
            }
            Err(e) => web_sys::console::error_1(&format!("worker: cannot encode a reply: {e}").into()),
        }
    }
}
