//! The tokenizer's rank tables in the worker: not built into any wasm, the
//! worker fetches the one encoding a file needs from `/tokenizers/` (copied
//! there by Trunk from `crates/core/assets/tokenizers/`; the service worker
//! precaches it, so it works offline) the first time a counter for it is
//! made, and keeps it for the worker's life.

use batchlane_core::batch::{install_rank_table, rank_table_file, rank_table_ready, Tiktoken, TokenCounter, TokenizerProvider};
use batchlane_core::facts::Encoding;
use wasm_bindgen::JsCast;

/// [`Tiktoken`], with the table fetched on demand.
#[derive(Clone, Copy, Debug, Default)]
pub struct FetchedTiktoken;

impl TokenizerProvider for FetchedTiktoken {
    fn counter(&self, encoding: Encoding) -> Option<Box<dyn TokenCounter>> {
        if !rank_table_ready(encoding) {
            let installed = fetch(rank_table_file(encoding))
                .and_then(|bytes| install_rank_table(encoding, &bytes).map_err(|e| format!("broken table (at {})", e.line)));
            if let Err(e) = installed {
                web_sys::console::error_1(&format!("worker: tokenizer table {}: {e}", rank_table_file(encoding)).into());
                return None;
            }
        }
        Tiktoken.counter(encoding)
    }
}

/// GETs `/tokenizers/{name}` (a synchronous request: allowed in a worker,
/// which has nothing else to do meanwhile).
fn fetch(name: &str) -> Result<Vec<u8>, String> {
    let err = super::envelope::js_error;
    let xhr = web_sys::XmlHttpRequest::new().map_err(err)?;
    xhr.open_with_async("GET", &format!("/tokenizers/{name}"), false).map_err(err)?;
    xhr.set_response_type(web_sys::XmlHttpRequestResponseType::Arraybuffer);
    xhr.send().map_err(err)?;
    match xhr.status().map_err(err)? {
        200 => {}
        status => return Err(format!("HTTP {status}")),
    }
    let body = xhr.response().map_err(err)?;
    let buf = body.dyn_into::<js_sys::ArrayBuffer>().map_err(|_| "not an ArrayBuffer".to_string())?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
}
