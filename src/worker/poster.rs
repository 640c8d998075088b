//! The worker's side of replying: each [`Response`] (and the files it
//! carries) packed into one `postMessage` to the page.

use super::envelope::pack;
use batchlane_core::protocol::Response;
use web_sys::{Blob, DedicatedWorkerGlobalScope};

/// Posts responses to the page.
pub struct Poster<'a> {
    scope: &'a DedicatedWorkerGlobalScope,
}

impl<'a> Poster<'a> {
    pub fn new(scope: &'a DedicatedWorkerGlobalScope) -> Self {
        Self { scope }
    }

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
