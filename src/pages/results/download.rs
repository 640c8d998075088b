//! Downloads: a Blob, an object URL and a temporary `<a download>` click.

use wasm_bindgen::JsCast;
use web_sys::Blob;

/// Saves `blob` as `file_name`.
pub fn download_blob(blob: &Blob, file_name: &str) {
    let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else { return };
    let document = leptos::prelude::document();
    if let Ok(a) = document.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(file_name);
        if let Some(body) = document.body() {
            let _ = body.append_child(&a);
            a.click();
            a.remove();
        }
    }
    // Revoke later: the download reads the URL after the click returns.
    let url_later = url.clone();
    gloo::timers::callback::Timeout::new(60_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url_later);
    })
    .forget();
}

/// Saves `text` as `file_name` with the given MIME type.
pub fn download_text(text: &str, file_name: &str, mime: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    if let Ok(blob) = Blob::new_with_str_sequence_and_options(&parts, &opts) {
        download_blob(&blob, file_name);
    }
}
