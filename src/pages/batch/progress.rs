//! The running check: a progress bar with MB/s and lines/s, and Cancel.

use super::use_state;
use crate::i18n::tx;
use crate::i18n::{fill, t};
use crate::prefs::use_prefs;
use batchlane_core::format;
use leptos::prelude::*;

#[component]
pub fn ProgressPanel() -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let fraction = move || {
        let size = state.source_size.get().max(1) as f64;
        (state.progress.get().bytes as f64 / size).clamp(0.0, 1.0)
    };
    let rates = move || {
        let lang = prefs.lang.get();
        let p = state.progress.get();
        let secs = ((state.now_ms.get() - state.started_ms.get()) / 1000.0).max(0.001);
        let mbs = format::number(p.bytes as f64 / 1e6 / secs, lang, 1);
        let lps = format::number(p.lines as f64 / secs, lang, 0);
        let done = batchlane_core::format::bytes(p.bytes);
        let total = batchlane_core::format::bytes(state.source_size.get());
        fill(t(lang, "batch.progress.rates"), &[("done", &done), ("total", &total), ("mbs", &mbs), ("lps", &lps)])
    };
    view! {
        <Show when=move || state.running.get()>
            <div class="batch-progress" data-testid="batch-progress" role="status" aria-live="polite">
                <div class="batch-progress__head">
                    <strong>{tx("batch.progress.checking", prefs.lang)}</strong>
                    <span class="muted">{rates}</span>
                    <button type="button" class="button button--small" data-testid="batch-cancel" on:click=move |_| state.cancel()>
                        {tx("batch.cancel", prefs.lang)}
                    </button>
                </div>
                <progress
                    class="batch-progress__bar"
                    max="1"
                    prop:value=fraction
                    aria-label=move || t(prefs.lang.get(), "batch.progress.label")
                ></progress>
            </div>
        </Show>
        <Show when=move || state.cancelled.get() && !state.running.get()>
            <p class="note" role="status">{tx("batch.cancelled", prefs.lang)}</p>
        </Show>
        {move || {
            state.error.get().map(|e| view! { <p class="note batch-error" role="alert">{tx("batch.failed", prefs.lang)} " " {move || e.text().pick(prefs.lang.get()).to_string()}</p> })
        }}
    }
}
