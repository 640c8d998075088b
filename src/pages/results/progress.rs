//! The progress bar while the worker reads, with MB/s and Cancel; and what
//! went wrong, if anything.

use super::state::{Failure, State, Task};
use super::text::count;
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::format::bytes;
use batchlane_core::protocol::WorkerFailure;
use batchlane_core::results::RetryError;
use leptos::prelude::*;

#[component]
pub fn ProgressPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let label = move || match state.task.get() {
        Task::Retrying => tr("results.progress.retry")(),
        _ => tr("results.progress.join")(),
    };
    let detail = move || {
        let lang = prefs.lang.get();
        state.progress.get().map(|p| {
            let rate = p.mb_per_s().map(|r| format!("{r:.1}")).unwrap_or_else(|| "…".into());
            fill(
                t(lang, "results.progress.detail"),
                &[("read", &bytes(p.bytes as u64)), ("total", &bytes(p.total as u64)), ("lines", &count(p.lines as u64)), ("rate", &rate)],
            )
        })
    };
    let percent = move || state.progress.get().map(|p| p.fraction() * 100.0).unwrap_or(0.0);
    let failure = move || {
        let lang = prefs.lang.get();
        state.failure.get().map(|f| match f {
            Failure::Cancelled => t(lang, "results.progress.cancelled").to_string(),
            Failure::Worker(WorkerFailure::Crashed { detail }) => {
                fill(t(lang, "results.progress.crashed"), &[("message", detail.as_deref().unwrap_or("—"))])
            }
            Failure::Worker(f) => fill(t(lang, "results.progress.failed"), &[("message", f.text().pick(lang))]),
            Failure::Retry(RetryError::InputTooShort { input_line }) => {
                fill(t(lang, "results.retry.too_short"), &[("line", &input_line.to_string())])
            }
            Failure::Retry(RetryError::InputChanged { input_line, custom_id }) => {
                fill(t(lang, "results.retry.changed"), &[("line", &input_line.to_string()), ("id", &custom_id)])
            }
        })
    };
    view! {
        <Show when=move || state.task.get() != Task::Idle>
            <div class="results-progress" data-testid="results-progress" role="status" aria-live="polite">
                <div class="results-progress__head">
                    <strong>{label}</strong>
                    <span class="muted">{detail}</span>
                    <button type="button" class="button button--small" data-testid="results-cancel" on:click=move |_| state.cancel()>
                        {tr("results.progress.cancel")}
                    </button>
                </div>
                <div
                    class="bar"
                    role="progressbar"
                    aria-label=label
                    aria-valuemin="0"
                    aria-valuemax="100"
                    aria-valuenow=move || format!("{:.0}", percent())
                >
                    <div class="bar__fill" style:width=move || format!("{:.1}%", percent())></div>
                </div>
            </div>
        </Show>
        {move || failure().map(|m| view! { <p class="note note--warn" role="alert" data-testid="results-failure">{m}</p> })}
        // After a crash the files are still selected: one click reads them again.
        <Show when=move || matches!(state.failure.get(), Some(Failure::Worker(WorkerFailure::Crashed { .. })))>
            <p>
                <button type="button" class="button button--small" data-testid="results-try-again" on:click=move |_| state.run_join()>
                    {tr("results.progress.try_again")}
                </button>
            </p>
        </Show>
    }
}
