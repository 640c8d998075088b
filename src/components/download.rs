//! Saving generated files: a Blob, an object URL and a temporary
//! `<a download>` click. The URL is revoked only after the download has
//! started (a minute later: the browser reads it after the click returns).
//! A failure is shown to the user in the page notice.

use super::notice::show_notice;
use crate::prefs::tr;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// How long the object URL outlives the click.
const REVOKE_AFTER_MS: u32 = 60_000;

/// Why a download did not start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DownloadFailed;

/// A Blob of `text` (UTF-8) typed `mime`.
pub fn text_blob(text: &str, mime: &str) -> Option<web_sys::Blob> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()
}

fn try_download(blob: &web_sys::Blob, filename: &str) -> Result<(), DownloadFailed> {
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(|_| DownloadFailed)?;
    let started = (|| {
        let document = document();
        let a = document.create_element("a").ok()?.dyn_into::<web_sys::HtmlAnchorElement>().ok()?;
        a.set_href(&url);
        a.set_download(filename);
        a.set_class_name("visually-hidden");
        let body = document.body()?;
        body.append_child(&a).ok()?;
        a.click();
        a.remove();
        Some(())
    })();
    let revoke = move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    };
    match started {
        Some(()) => {
            gloo::timers::callback::Timeout::new(REVOKE_AFTER_MS, revoke).forget();
            Ok(())
        }
        None => {
            revoke();
            Err(DownloadFailed)
        }
    }
}

/// Saves `blob` as `filename`; a failure shows the page notice.
pub fn download_blob(blob: &web_sys::Blob, filename: &str) -> Result<(), DownloadFailed> {
    let result = try_download(blob, filename);
    if result.is_err() {
        show_notice("clip.download_failed");
    }
    result
}

/// Saves `text` as `filename` typed `mime`; a failure shows the page notice.
pub fn download_text(filename: &str, mime: &str, text: &str) -> Result<(), DownloadFailed> {
    match text_blob(text, mime) {
        Some(blob) => download_blob(&blob, filename),
        None => {
            show_notice("clip.download_failed");
            Err(DownloadFailed)
        }
    }
}

/// The MIME type of every CSV download.
pub const CSV_MIME: &str = "text/csv;charset=utf-8";

/// Plain UTF-8 text: what a file is saved as unless its name says otherwise.
pub const TEXT_MIME: &str = "text/plain;charset=utf-8";

/// The media type a file named `file_name` is saved as, from its extension:
/// JSON, JSON lines, Markdown, CSV and ZIP by their types, anything else
/// (Python, YAML, shell, XML, KQL, text) as plain UTF-8 text.
pub fn media_type(file_name: &str) -> &'static str {
    let ext = file_name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "json" => "application/json",
        "jsonl" => "application/jsonl",
        "md" => "text/markdown;charset=utf-8",
        "csv" => CSV_MIME,
        "zip" => "application/zip",
        _ => TEXT_MIME,
    }
}

/// Saves `text` as `filename`, typed by its name ([`media_type`]); a failure
/// shows the page notice.
pub fn download_file(filename: &str, text: &str) -> Result<(), DownloadFailed> {
    download_text(filename, media_type(filename), text)
}

/// Saves `csv` as `filename` for a spreadsheet: UTF-8 with a byte order mark
/// (`batchlane_core::io::with_bom`), typed CSV. Every CSV export of every
/// page goes through this.
pub fn download_csv(filename: &str, csv: &str) -> Result<(), DownloadFailed> {
    download_text(filename, CSV_MIME, &batchlane_core::io::with_bom(csv))
}

/// Downloads `text()` as a file named `filename()`.
#[component]
pub fn DownloadButton<F, N>(
    text: F,
    filename: N,
    #[prop(into, optional)] testid: String,
    /// The MIME type; by the file name's extension when not given ([`media_type`]).
    #[prop(optional)]
    mime: Option<&'static str>,
) -> impl IntoView
where
    F: Fn() -> String + Send + Sync + 'static,
    N: Fn() -> String + Send + Sync + 'static,
{
    let on_click = move |_| {
        let name = filename();
        let _ = download_text(&name, mime.unwrap_or_else(|| media_type(&name)), &text());
    };
    view! {
        <button type="button" class="button button--small" data-testid=testid on:click=on_click>
            <span>{tr("clip.download")}</span>
        </button>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The /batch report was saved as `application/jsonl` whatever its format.
    #[test]
    fn each_file_is_typed_by_its_extension() {
        assert_eq!(media_type("tickets.report.json"), "application/json");
        assert!(media_type("tickets.report.md").starts_with("text/markdown"));
        assert!(media_type("batch-groups.csv").starts_with("text/csv"));
        assert_eq!(media_type("tickets.fixed.jsonl"), "application/jsonl");
        assert_eq!(media_type("tickets.parts.zip"), "application/zip");
        assert_eq!(media_type("REPORT.JSON"), "application/json");
        for plain in ["worker.py", "scaledobject.yaml", "submit.sh", "policy.xml", "requirements.txt", "no-extension"] {
            assert_eq!(media_type(plain), TEXT_MIME, "{plain}");
        }
    }
}
