//! The retry file (original input lines of the retryable requests, cut out
//! of the input by the worker) and the requests never retried, with reasons.

use super::state::{State, Task};
use super::text::{count, outcome_class, outcome_label};
use crate::components::table::{Column, DataTable};
use crate::i18n::{fill, t, tn};
use crate::prefs::{tr, use_prefs};
use batchlane_core::results::ResultsReport;
use leptos::prelude::*;
use std::sync::Arc;

/// Rows of the never-retried list shown (the count says how many more).
const SHOWN: usize = 200;

const NOT_RETRIED_COLUMNS: &[Column] = &[("results.col.custom_id", false), ("results.col.outcome", false), ("results.col.reason", false)];

/// A translation with its `code` spans as `<code>` (API codes beside the
/// words that name them).
fn with_code(text: &'static str) -> Vec<AnyView> {
    text.split('`')
        .enumerate()
        .map(|(i, part)| if i % 2 == 1 { view! { <code>{part}</code> }.into_any() } else { part.into_any() })
        .collect()
}

#[component]
pub fn RetryPanel(report: Arc<ResultsReport>) -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let in_file = report.retry.entries.len() as u64;
    let without: Vec<String> = report.retry.without_input.clone();
    let n_without = without.len() as u64;
    let has_input = report.input.present;
    // Without the error file, requests with no output line count as missing
    // and go into the retry file, though some of them failed for good (400,
    // content filter): say so at the button.
    let unknown_missing = if report.errors.present { 0 } else { report.summary.missing };
    let busy = move || state.task.get() != Task::Idle;
    let not_retried = report.not_retried.iter().take(SHOWN).cloned().collect::<Vec<_>>();
    let more = report.not_retried.len().saturating_sub(SHOWN) as u64;
    let n_not = report.not_retried.len() as u64;
    view! {
        <section class="results-section" aria-labelledby="results-retry-h">
            <h2 id="results-retry-h">{tr("results.retry.title")}</h2>
            <p class="muted" data-testid="results-retry-what">{move || with_code(t(prefs.lang.get(), "results.retry.what"))}</p>
            {if in_file > 0 {
                view! {
                    <div class="toolbar">
                        <button type="button" class="button button--primary" data-testid="results-retry-download" disabled=busy on:click=move |_| state.run_retry()>
                            {move || tn(prefs.lang.get(), "results.retry.download", in_file)}
                        </button>
                        {move || state.retry_done.get().map(|n| view! {
                            <span class="badge badge--ok" role="status">{tn(prefs.lang.get(), "results.retry.done", n)}</span>
                        })}
                    </div>
                    {(unknown_missing > 0).then(|| view! {
                        <p class="note note--warn" data-testid="results-retry-no-errors" role="note">
                            {move || tn(prefs.lang.get(), "results.retry.no_errors_file", unknown_missing)}
                        </p>
                    })}
                    <p class="muted">{tr("results.retry.check")}</p>
                }.into_any()
            } else if n_without == 0 {
                view! { <p data-testid="results-retry-none">{tr("results.retry.none")}</p> }.into_any()
            } else {
                ().into_any()
            }}
            <Show when=move || { n_without > 0 }>
                <div class="note note--warn" data-testid="results-retry-needs-input">
                    <p>{move || tn(prefs.lang.get(), if has_input { "results.retry.not_in_input" } else { "results.retry.needs_input" }, n_without)}</p>
                    <p class="results-idlist">{without.iter().take(20).cloned().collect::<Vec<_>>().join(", ")}{(n_without > 20).then_some(", …")}</p>
                </div>
            </Show>
            <h3>{move || fill(t(prefs.lang.get(), "results.never.title"), &[("n", &count(n_not))])}</h3>
            <p class="muted">{tr("results.never.why")}</p>
            {(n_not > 0).then(|| view! {
                <DataTable columns=NOT_RETRIED_COLUMNS testid="results-not-retried">
                            {not_retried.into_iter().map(|n| {
                                let o = n.outcome;
                                view! {
                                    <tr>
                                        <th scope="row" class="results-id">{n.custom_id}</th>
                                        <td><span class=outcome_class(o)>{move || outcome_label(prefs.lang.get(), o)}</span></td>
                                        <td>
                                            {n.code.map(|c| view! { <code>{c}</code> })}
                                            {n.message.map(|m| view! { <span class="results-msg">{m}</span> })}
                                        </td>
                                    </tr>
                                }
                            }).collect_view()}
                </DataTable>
            })}
            <Show when=move || { more > 0 }>
                <p class="muted">{move || fill(t(prefs.lang.get(), "results.never.more"), &[("n", &count(more))])}</p>
            </Show>
        </section>
    }
}
