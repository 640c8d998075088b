//! Copy-to-clipboard and download-as-file buttons for generated text.

use crate::prefs::tr;
use gloo::timers::callback::Timeout;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[derive(Clone, Copy, PartialEq, Eq)]
enum CopyState {
    Idle,
    Copied,
    Failed,
}

/// Copies `text()` with `navigator.clipboard.writeText` and says "Copied".
#[component]
pub fn CopyButton<F>(text: F, #[prop(into, optional)] testid: String) -> impl IntoView
where
    F: Fn() -> String + Send + Sync + 'static,
{
    let state = RwSignal::new(CopyState::Idle);
    let on_click = move |_| {
        let value = text();
        let Some(window) = web_sys::window() else { return };
        let promise = window.navigator().clipboard().write_text(&value);
        wasm_bindgen_futures::spawn_local(async move {
            let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            state.set(if ok { CopyState::Copied } else { CopyState::Failed });
            Timeout::new(2_000, move || state.set(CopyState::Idle)).forget();
        });
    };
    let label = move || match state.get() {
        CopyState::Idle => tr("clip.copy")(),
        CopyState::Copied => tr("clip.copied")(),
        CopyState::Failed => tr("clip.copy_failed")(),
    };
    view! {
        <button type="button" class="button button--small" data-testid=testid on:click=on_click
            class:button--done=move || state.get() == CopyState::Copied>
            <span aria-live="polite">{label}</span>
        </button>
    }
}

/// Saves `text()` as `filename` through a Blob and a temporary `<a download>`.
pub fn download_text(filename: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    let document = document();
    if let Some(a) = document.create_element("a").ok().and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok()) {
        a.set_href(&url);
        a.set_download(filename);
        a.set_class_name("visually-hidden");
        if let Some(body) = document.body() {
            let _ = body.append_child(&a);
            a.click();
            let _ = body.remove_child(&a);
        }
    }
    // Revoke once the browser has started the download.
    Timeout::new(1_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
}

/// Downloads `text()` as a file named `filename()`.
#[component]
pub fn DownloadButton<F, N>(text: F, filename: N, #[prop(into, optional)] testid: String) -> impl IntoView
where
    F: Fn() -> String + Send + Sync + 'static,
    N: Fn() -> String + Send + Sync + 'static,
{
    let on_click = move |_| download_text(&filename(), "text/plain;charset=utf-8", &text());
    view! {
        <button type="button" class="button button--small" data-testid=testid on:click=on_click>
            <span>{tr("clip.download")}</span>
        </button>
    }
}
