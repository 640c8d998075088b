//! The messages between the page and the Web Worker.
//!
//! Every message is one JS object `{ msg, blobs }`: `msg` is a [`Request`]
//! or [`Response`] as a JSON string (serde; one string clones instantly,
//! even for a 100,000-row report), `blobs` an array of `Blob`/`File`
//! objects passed by structured clone (never copied into the message).
//!
//! To add a kind of work (e.g. the batch file check): add a `Request`
//! variant, the `Response` variants it answers with, and an arm in
//! `worker::handle`. The page side (`worker_client`) needs no change.

use batchlane_core::results::{FileKind, ResultsReport, RetryError, RetryPlan};
use serde::{Deserialize, Serialize};
use wasm_bindgen::{JsCast, JsValue};

/// Bytes read from a file per step (and per progress message).
pub const CHUNK_BYTES: f64 = 4.0 * 1024.0 * 1024.0;

/// What the page asks the worker for.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Request {
    /// Join the result files. One attached blob per entry of `files`, in order.
    Results { files: Vec<FileKind> },
    /// Cut the retry file out of the attached input blob (a second read).
    RetryFile { plan: RetryPlan },
}

/// What the worker answers. `Progress` any number of times, then exactly
/// one final message (see [`Response::is_final`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Response {
    /// The worker has started and takes requests (sent once, unprompted).
    Ready,
    /// Bytes read of all attached blobs, their total size, and lines read.
    Progress {
        bytes: f64,
        total: f64,
        lines: f64,
    },
    Results {
        report: Box<ResultsReport>,
    },
    /// The retry file is the attached blob.
    RetryFile {
        lines: u64,
        bytes: u64,
    },
    RetryFailed {
        error: RetryError,
    },
    /// The request could not be carried out (unreadable file, bad message).
    Failed {
        message: String,
    },
}

impl Response {
    /// The last message of a request.
    pub fn is_final(&self) -> bool {
        !matches!(self, Response::Ready | Response::Progress { .. })
    }
}

/// Packs a message and its blobs for `postMessage`.
pub fn encode<T: Serialize>(msg: &T, blobs: &[web_sys::Blob]) -> Result<JsValue, String> {
    let json = serde_json::to_string(msg).map_err(|e| e.to_string())?;
    let obj = js_sys::Object::new();
    let list = js_sys::Array::new();
    for b in blobs {
        list.push(b);
    }
    js_sys::Reflect::set(&obj, &"msg".into(), &json.into()).map_err(js_error)?;
    js_sys::Reflect::set(&obj, &"blobs".into(), &list).map_err(js_error)?;
    Ok(obj.into())
}

/// Unpacks a message posted with [`encode`].
pub fn decode<T: for<'de> Deserialize<'de>>(data: &JsValue) -> Result<(T, Vec<web_sys::Blob>), String> {
    let json = js_sys::Reflect::get(data, &"msg".into()).ok().and_then(|v| v.as_string()).ok_or("message without msg")?;
    let msg = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    let blobs = js_sys::Reflect::get(data, &"blobs".into())
        .ok()
        .filter(|v| v.is_object())
        .map(|v| js_sys::Array::from(&v).iter().filter_map(|b| b.dyn_into::<web_sys::Blob>().ok()).collect())
        .unwrap_or_default();
    Ok((msg, blobs))
}

/// The text of a thrown JS value.
pub fn js_error(v: JsValue) -> String {
    v.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).or_else(|| v.as_string()).unwrap_or_else(|| format!("{v:?}"))
}
