//! The summary (with the stable data-* hooks): the requests, the tiles that
//! partition them (`Summary::tiles`), then the cross-cutting counts
//! (unexpected, duplicate lines); the outcome counts, files given in the
//! wrong place and the line diagnostics.

use super::state::State;
use super::text::{count, file_label, outcome_class, outcome_label};
use crate::i18n::{fill, t, tn, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::results::{Diagnostic, LineProblem, Outcome, Problem, ResultsReport, TileClass};
use leptos::prelude::*;
use std::sync::Arc;

/// Diagnostics listed on the page (the report keeps up to 1,000).
const SHOWN_DIAGNOSTICS: usize = 50;

#[component]
pub fn SummaryPanel(report: Arc<ResultsReport>) -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let s = report.summary;
    let card = move |key: &'static str, n: u64, class: &'static str| {
        view! {
            <div class=format!("results-card {class}")>
                <span class="results-card__n">{count(n)}</span>
                <span class="results-card__label">{tr(key)}</span>
            </div>
        }
    };
    // The tiles partition the requests (each in exactly one); a part worth
    // naming (missing, batch_expired in retryable) is shown inside its tile.
    let tiles = s
        .tiles()
        .into_iter()
        .map(|tile| {
            let (key, class) = match tile.class {
                TileClass::Succeeded => ("results.summary.succeeded", "results-card--ok"),
                TileClass::Truncated => ("results.outcome.truncated", "results-card--warn"),
                TileClass::ContentFiltered => ("results.summary.content_filtered", "results-card--warn"),
                TileClass::Retryable => ("results.summary.retryable", "results-card--retry"),
                TileClass::ClientError => ("results.outcome.client_error", "results-card--error"),
            };
            let of_which = tile.of_which.clone();
            let parts = move || {
                let lang = prefs.lang.get();
                let list =
                    of_which.iter().map(|&(o, n)| format!("{} {}", outcome_label(lang, o), count(n))).collect::<Vec<_>>().join(" · ");
                (!list.is_empty()).then(|| fill(t(lang, "results.summary.of_which"), &[("parts", &list)]))
            };
            view! {
                <div class=format!("results-card {class}")>
                    <span class="results-card__n">{count(tile.count)}</span>
                    <span class="results-card__label">{tr(key)}</span>
                    <span class="results-card__label muted">{parts}</span>
                </div>
            }
        })
        .collect_view();
    let outcome_rows = Outcome::ALL
        .iter()
        .map(|&o| {
            let n = s.count(o);
            let pressed = move || (state.filter.get() == Some(o)).to_string();
            let choose = move |_| {
                state.filter.set(if state.filter.get_untracked() == Some(o) { None } else { Some(o) });
                state.page.set(0);
            };
            view! {
                <tr class:results-zero=n == 0>
                    <th scope="row">
                        <button type="button" class="linklike" aria-pressed=pressed on:click=choose data-outcome=o.code()>
                            <span class=outcome_class(o)>{move || outcome_label(prefs.lang.get(), o)}</span>
                        </button>
                    </th>
                    <td class="num" data-testid=format!("results-count-{}", o.code())>{count(n)}</td>
                    <td class="muted">{move || meaning(prefs.lang.get(), o)}</td>
                </tr>
            }
        })
        .collect_view();
    let misplaced = report
        .misplaced
        .iter()
        .map(|m| {
            let m = *m;
            view! {
                <p class="note note--warn" role="alert" data-testid="results-misplaced">{move || {
                    let lang = prefs.lang.get();
                    fill(t(lang, "results.misplaced"), &[("given", file_label(lang, m.given_as)), ("looks", file_label(lang, m.looks_like))])
                }}</p>
            }
        })
        .collect_view();
    let diags: Vec<Diagnostic> = report.diagnostics.iter().take(SHOWN_DIAGNOSTICS).cloned().collect();
    let more_diags = report.diagnostics.len().saturating_sub(SHOWN_DIAGNOSTICS) as u64 + report.diagnostics_dropped;
    let has_diags = !diags.is_empty();
    let n_diags = diags.len() as u64 + more_diags;
    view! {
        <section class="results-section" aria-labelledby="results-summary-h">
            <h2 id="results-summary-h">{tr("results.summary.title")}</h2>
            {misplaced}
            <div
                class="results-cards"
                data-testid="results-summary"
                data-requests=s.requests.to_string()
                data-succeeded=s.succeeded.to_string()
                data-content-filtered=s.content_filtered.to_string()
                data-retryable=s.retryable().to_string()
                data-missing=s.missing.to_string()
                data-unexpected=s.unexpected.to_string()
                data-duplicates=s.duplicates.to_string()
            >
                {card("results.summary.requests", s.requests, "")}
                {tiles}
                {card("results.summary.unexpected", s.unexpected, "")}
                {card("results.summary.duplicates", s.duplicates, "")}
            </div>
            <p class="muted">{move || {
                let lang = prefs.lang.get();
                let line = |f, st: batchlane_core::results::FileStats| {
                    st.present.then(|| fill(&tn(lang, "results.summary.file_line", st.lines - st.blank_lines), &[("file", file_label(lang, f)), ("bad", &count(st.unreadable_lines))]))
                };
                [
                    line(batchlane_core::results::FileKind::Output, report.output),
                    line(batchlane_core::results::FileKind::Errors, report.errors),
                    line(batchlane_core::results::FileKind::Input, report.input),
                ]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" · ")
            }}</p>
            <h3>{tr("results.outcomes.title")}</h3>
            <p class="muted">{tr("results.outcomes.hint")}</p>
            <div class="table-wrap">
                <table class="results-outcomes" data-testid="results-outcomes">
                    <thead>
                        <tr>
                            <th scope="col">{tr("results.col.outcome")}</th>
                            <th scope="col" class="num">{tr("results.col.requests")}</th>
                            <th scope="col">{tr("results.col.meaning")}</th>
                        </tr>
                    </thead>
                    <tbody>{outcome_rows}</tbody>
                </table>
            </div>
            <Show when=move || has_diags>
                <details class="results-diags" data-testid="results-diagnostics">
                    <summary>{move || fill(t(prefs.lang.get(), "results.diags.title"), &[("n", &count(n_diags))])}</summary>
                    <ul>
                        {diags.iter().map(|d| {
                            let d = d.clone();
                            view! { <li>{move || diagnostic_text(prefs.lang.get(), &d)}</li> }
                        }).collect_view()}
                    </ul>
                    <Show when=move || { more_diags > 0 }>
                        <p class="muted">{move || fill(t(prefs.lang.get(), "results.diags.more"), &[("n", &count(more_diags))])}</p>
                    </Show>
                </details>
            </Show>
        </section>
    }
}

fn meaning(lang: Lang, o: Outcome) -> &'static str {
    t(
        lang,
        match o {
            Outcome::Succeeded => "results.meaning.succeeded",
            Outcome::Truncated => "results.meaning.truncated",
            Outcome::ContentFiltered => "results.meaning.content_filtered",
            Outcome::RateLimited => "results.meaning.rate_limited",
            Outcome::ServerError => "results.meaning.server_error",
            Outcome::ClientError => "results.meaning.client_error",
            Outcome::BatchExpired => "results.meaning.batch_expired",
            Outcome::BatchCancelled => "results.meaning.batch_cancelled",
            Outcome::RequestTimeout => "results.meaning.request_timeout",
            Outcome::Missing => "results.meaning.missing",
        },
    )
}

/// "Error file, line 8: …".
pub fn diagnostic_text(lang: Lang, d: &Diagnostic) -> String {
    let what = match &d.problem {
        Problem::Unreadable(p) => match p {
            LineProblem::InvalidUtf8 => t(lang, "results.problem.utf8").to_string(),
            LineProblem::NotJson { detail } => fill(t(lang, "results.problem.not_json"), &[("detail", detail)]),
            LineProblem::NotAnObject => t(lang, "results.problem.not_object").to_string(),
            LineProblem::NoCustomId => t(lang, "results.problem.no_custom_id").to_string(),
            LineProblem::UnknownResultShape => t(lang, "results.problem.result_shape").to_string(),
            LineProblem::InputLineInResultFile => t(lang, "results.problem.input_in_result").to_string(),
            LineProblem::ResultLineInInputFile => t(lang, "results.problem.result_in_input").to_string(),
            LineProblem::UnknownInputShape => t(lang, "results.problem.input_shape").to_string(),
            LineProblem::TooLong { bytes, limit } => {
                fill(t(lang, "results.problem.too_long"), &[("bytes", &bytes.to_string()), ("limit", &limit.to_string())])
            }
        },
        Problem::DuplicateResult { custom_id, first } => fill(
            t(lang, "results.problem.duplicate_result"),
            &[("id", custom_id), ("file", file_label(lang, first.file)), ("line", &first.line.to_string())],
        ),
        Problem::DuplicateInput { custom_id, first_line } => {
            fill(t(lang, "results.problem.duplicate_input"), &[("id", custom_id), ("line", &first_line.to_string())])
        }
        Problem::ByteOrderMark => t(lang, "results.problem.bom").to_string(),
        Problem::UsageOverflow { custom_id: Some(id) } => fill(t(lang, "results.problem.usage_overflow"), &[("id", id)]),
        Problem::UsageOverflow { custom_id: None } => t(lang, "results.problem.usage_overflow_total").to_string(),
    };
    fill(t(lang, "results.diag.at"), &[("file", file_label(lang, d.file)), ("line", &d.line.to_string()), ("what", &what)])
}
