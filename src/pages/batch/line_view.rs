//! The selected diagnostic: its line, re-read from the file (a few KB
//! around the offending spot at most), the spot highlighted, and the fix.

use super::use_state;
use crate::i18n::tx;
use crate::i18n::{fill, t};
use crate::prefs::use_prefs;
use batchlane_core::batch::{explain_diagnostic, Code, Diagnostic};
use leptos::prelude::*;

/// The most bytes of a line shown.
const CAP: u64 = 4096;

#[derive(Clone, Debug, PartialEq)]
struct Shown {
    index: usize,
    before: String,
    mark: Option<String>,
    after: String,
    cut_start: bool,
    cut_end: bool,
}

/// The byte window of the line to read: `[lo, hi)`.
fn window(d: &Diagnostic) -> (u64, u64) {
    let end = d.line_start + d.line_bytes;
    if d.line_bytes <= CAP {
        return (d.line_start, end);
    }
    let at = d.byte_offset.unwrap_or(d.line_start);
    let lo = at.saturating_sub(CAP / 2).max(d.line_start);
    (lo, (lo + CAP).min(end))
}

/// Splits the bytes read around the offending byte `k`.
fn split(bytes: &[u8], k: Option<usize>) -> (String, Option<String>, String) {
    let Some(k) = k.filter(|&k| k <= bytes.len()) else {
        return (String::from_utf8_lossy(bytes).into_owned(), None, String::new());
    };
    let before = String::from_utf8_lossy(&bytes[..k]).into_owned();
    if k == bytes.len() {
        return (before, Some(" ".into()), String::new());
    }
    let lead = bytes[k];
    let len = match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    let end = (k + len).min(bytes.len());
    let mark = match std::str::from_utf8(&bytes[k..end]) {
        Ok(s) => s.to_string(),
        Err(_) => format!("\\x{lead:02X}"),
    };
    let end = if std::str::from_utf8(&bytes[k..end]).is_ok() { end } else { k + 1 };
    (before, Some(mark), String::from_utf8_lossy(&bytes[end..]).into_owned())
}

#[component]
pub fn LineView() -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let shown = RwSignal::new(None::<Shown>);
    // Reads the selected line from the file.
    Effect::new(move |_| {
        let Some(index) = state.selected.get() else { return shown.set(None) };
        let Some(r) = state.report.get_untracked() else { return };
        let Some(d) = r.diagnostics.get(index).cloned() else { return };
        let Some(blob) = state.source.get_value() else { return };
        if d.line == 0 {
            return shown.set(Some(Shown {
                index,
                before: String::new(),
                mark: None,
                after: String::new(),
                cut_start: false,
                cut_end: false,
            }));
        }
        let (lo, hi) = if d.code == Code::Utf8Bom { (0, CAP.min(blob.size() as u64)) } else { window(&d) };
        wasm_bindgen_futures::spawn_local(async move {
            let Ok(part) = blob.slice_with_f64_and_f64(lo as f64, hi as f64) else { return };
            let Ok(bytes) = gloo::file::futures::read_as_bytes(&gloo::file::Blob::from(part)).await else { return };
            if state.selected.get_untracked() != Some(index) {
                return;
            }
            let (before, mark, after) = if d.code == Code::Utf8Bom {
                let body = bytes.get(3..).unwrap_or_default();
                let body = &body[..body.iter().position(|&b| b == b'\n').unwrap_or(body.len())];
                (String::new(), Some("BOM".to_string()), String::from_utf8_lossy(body).into_owned())
            } else {
                split(&bytes, d.byte_offset.filter(|&o| o >= lo).map(|o| (o - lo) as usize))
            };
            let cut_start = lo > d.line_start;
            let cut_end = d.code != Code::Utf8Bom && hi < d.line_start + d.line_bytes;
            shown.set(Some(Shown { index, before, mark, after, cut_start, cut_end }));
        });
    });
    let body = move || {
        let s = shown.get()?;
        let r = state.report.get()?;
        let d = r.diagnostics.get(s.index)?.clone();
        let lang = prefs.lang.get();
        let fix = state.catalog.with(|c| explain_diagnostic(&d, r.dialect, c));
        let fix = fix.pick(lang).to_string();
        let title = if d.line == 0 {
            t(lang, "batch.view.file").to_string()
        } else {
            let col = d.column.map(|c| fill(t(lang, "batch.view.column"), &[("n", &c.to_string())])).unwrap_or_default();
            fill(t(lang, "batch.view.line"), &[("n", &d.line.to_string()), ("col", &col)])
        };
        let related = d.related_line.map(|n| fill(t(lang, "batch.view.related"), &[("n", &n.to_string())]));
        let has_line = d.line > 0;
        Some(view! {
            <h3>{title} " · " <code>{d.code.as_str()}</code></h3>
            <p class="batch-view__msg">{d.message.clone()}</p>
            {has_line.then(|| view! {
                <pre class="batch-view__line" data-testid="batch-line-view">
                    {s.cut_start.then_some("…")}
                    {s.before.clone()}
                    {s.mark.clone().map(|m| view! { <mark data-testid="batch-line-mark">{m}</mark> })}
                    {s.after.clone()}
                    {s.cut_end.then_some("…")}
                </pre>
            })}
            {related.map(|r| view! { <p class="muted">{r}</p> })}
            <h4>{tx("batch.view.fix", prefs.lang)}</h4>
            <p data-testid="batch-fix">{fix}</p>
        })
    };
    view! {
        <aside class="batch-view" aria-live="polite" data-testid="batch-view">
            {move || match body() {
                Some(v) => v.into_any(),
                None => view! { <p class="muted">{tx("batch.view.pick", prefs.lang)}</p> }.into_any(),
            }}
        </aside>
    }
}
