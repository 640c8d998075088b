//! One `postMessage` payload: `{ msg, blobs }`, `msg` a protocol message as
//! its JSON string (one string clones instantly, even for a big report),
//! `blobs` the attached `Blob`/`File`s (passed by structured clone).

use batchlane_core::protocol::{decode, encode, WorkerFailure};
use serde::{Deserialize, Serialize};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Blob;

/// Packs a message and its blobs.
pub fn pack<T: Serialize>(msg: &T, blobs: &[Blob]) -> Result<JsValue, WorkerFailure> {
    let obj = js_sys::Object::new();
    let list = js_sys::Array::new();
    for b in blobs {
        list.push(b);
    }
    let bad = |e| WorkerFailure::BadMessage { detail: js_error(e) };
    js_sys::Reflect::set(&obj, &"msg".into(), &encode(msg)?.into()).map_err(bad)?;
    js_sys::Reflect::set(&obj, &"blobs".into(), &list).map_err(bad)?;
    Ok(obj.into())
}

/// Unpacks a payload made by [`pack`].
pub fn unpack<T: for<'de> Deserialize<'de>>(data: &JsValue) -> Result<(T, Vec<Blob>), WorkerFailure> {
    let text = js_sys::Reflect::get(data, &"msg".into())
        .ok()
        .and_then(|v| v.as_string())
        .ok_or_else(|| WorkerFailure::BadMessage { detail: "no msg".into() })?;
    let msg = decode(&text)?;
    let blobs = js_sys::Reflect::get(data, &"blobs".into())
        .ok()
        .filter(|v| v.is_object())
        .map(|v| js_sys::Array::from(&v).iter().filter_map(|b| b.dyn_into::<Blob>().ok()).collect())
        .unwrap_or_default();
    Ok((msg, blobs))
}

/// The text of a thrown JS value.
pub fn js_error(v: JsValue) -> String {
    v.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).or_else(|| v.as_string()).unwrap_or_else(|| format!("{v:?}"))
}
