//! The summary card of a finished check: the verdict, the model pick, the
//! notes on the file (written for the other service, not JSON lines), the
//! figures (`summary_figures`), where to go next (`handoff`) and the token
//! histogram.

use super::handoff::NextSteps;
use super::summary_figures::Figures;
use super::use_state;
use crate::i18n::tx;
use crate::i18n::{fill, t, tn};
use crate::prefs::use_prefs;
use batchlane_core::batch::{Dialect, FileShape, Report, Verdict};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn SummaryCard() -> impl IntoView {
    let state = use_state();
    view! {
        {move || state.report.get().map(|r| view! { <Card report=r/> })}
    }
}

#[component]
fn Card(report: Arc<Report>) -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let s = &report.summary;
    let lang = move || prefs.lang.get();
    let elapsed = state.elapsed_ms.get_untracked().round() as u64;
    // Empty when tokens were not counted.
    let tokens_attr = s.prompt_tokens.map_or_else(String::new, |n| n.to_string());
    let ok = report.verdict().passes();
    // Whether the batch would fail, or run with some requests failing.
    let verdict = report.verdict();
    // No errors, but the deployment's model is unknown: not "ready" yet.
    let pick_first = super::model_pick::needs_model(&report);
    let quota_missing = {
        let r = report.clone();
        move || r.quota.is_none() && state.quota.get() != "none"
    };
    let shape = report.shape.map(|sh| match sh {
        FileShape::JsonArray => "batch.shape.array",
        FileShape::PrettyPrinted => "batch.shape.pretty",
        FileShape::Binary => "batch.shape.binary",
    });
    let truncated = report.truncated;
    let looks_like = report.looks_like.map(|other| view! { <DialectHint other=other url=s.endpoint.clone().unwrap_or_default()/> });
    let hist = report.tokens.as_ref().map(|tk| tk.histogram.clone());
    view! {
        <section
            class="batch-summary"
            class:batch-summary--ok=ok && !pick_first
            data-testid="batch-summary"
            data-requests=s.requests.to_string()
            data-errors=s.errors.to_string()
            data-verdict=verdict.as_str()
            data-failing-requests=s.failing_requests.to_string()
            data-warnings=s.warnings.to_string()
            data-tokens=tokens_attr
            data-elapsed-ms=elapsed.to_string()
            aria-labelledby="batch-summary-title"
        >
            <h2 id="batch-summary-title">
                {move || match (verdict, pick_first) {
                    (Verdict::RequestsFail { requests }, _) => tn(lang(), "batch.summary.requests_fail", requests),
                    (Verdict::BatchFails, _) => t(lang(), "batch.summary.bad").to_string(),
                    (Verdict::NotConfirmed { lines }, _) => tn(lang(), "batch.summary.not_confirmed", lines),
                    (Verdict::Ready, true) => t(lang(), "batch.model.pick_title").to_string(),
                    (Verdict::Ready, false) => t(lang(), "batch.summary.ok").to_string(),
                }}
            </h2>
            <super::model_pick::ModelPick report=report.clone()/>
            {looks_like}
            {shape.map(|k| view! { <p class="note batch-shape" role="alert">{tx(k, prefs.lang)}</p> })}
            <Figures report=report.clone()/>
            <Show when=quota_missing>
                <p class="muted">{tx("batch.summary.quota_needs_model", prefs.lang)}</p>
            </Show>
            {truncated.then(|| view! { <p class="muted">{tx("batch.summary.truncated", prefs.lang)}</p> })}
            <NextSteps report=report.clone()/>
            {hist.map(|h| view! { <super::chart::Histogram histogram=h/> })}
        </section>
    }
}

/// The file looks written for the `other` service (its first `url` is
/// `url`): say so, and offer to check it as that.
#[component]
fn DialectHint(other: Dialect, url: String) -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let lang = move || prefs.lang.get();
    let (hint, name) = match other {
        Dialect::Azure => ("batch.diag.dialect_azure", "batch.dialect.azure"),
        Dialect::OpenAi => ("batch.diag.dialect_openai", "batch.dialect.openai"),
    };
    view! {
        <div class="note batch-dialect-hint" role="alert" data-testid="batch-dialect-hint">
            <p>{move || fill(t(lang(), hint), &[("url", &url)])}</p>
            <button type="button" class="button button--small" data-testid="batch-dialect-switch" on:click=move |_| state.dialect.set(other)>
                {move || fill(t(lang(), "batch.diag.check_as"), &[("dialect", t(lang(), name))])}
            </button>
        </div>
    }
}
