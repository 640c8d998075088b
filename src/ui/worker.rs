//! The Web Worker side: receives requests from the page, runs the domain,
//! posts results back. Heavy work never runs on the UI thread.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Entry point of the worker binary.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        let data = event.data();
        if super::worker_batch::is_batch(&data) {
            return super::worker_batch::handle_batch(&reply_scope, &data);
        }
        let _ = reply_scope.post_message(&data);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages posted before the wasm started are lost: tell the page we listen now.
    let ready = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&ready, &"kind".into(), &"ready".into());
    let _ = scope.post_message(&ready);
}
