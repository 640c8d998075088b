//! The summary card of a finished check, and the token histogram.

use super::tx;
use super::{bytes_text, use_state};
use crate::i18n::{fill, t, tn, Lang};
use crate::prefs::use_prefs;
use batchlane_core::batch::{estimate_cost, Dialect, FileShape, MediaTally, QuotaReport, Report, Verdict};
use batchlane_core::format;
use leptos::prelude::*;
use std::sync::Arc;

/// The note on image and tool tokens. The images of unknown size are some
/// of the image parts, not more of them: one image is said once ("1 image
/// part of unknown size …"), never as a counted part and an estimated one.
pub fn media_note(lang: Lang, m: &MediaTally) -> String {
    let mut lines = Vec::new();
    let tokens = num(m.image_tokens, lang);
    if m.image_parts > 0 && m.images_estimated >= m.image_parts {
        lines.push(fill(&tn(lang, "batch.tokens.images_all_estimated", m.image_parts), &[("tokens", &tokens)]));
    } else if m.image_parts > 0 {
        lines.push(fill(&tn(lang, "batch.tokens.images", m.image_parts), &[("tokens", &tokens)]));
        if m.images_estimated > 0 {
            lines.push(tn(lang, "batch.tokens.images_estimated", m.images_estimated));
        }
    }
    if m.tool_requests > 0 {
        lines.push(fill(&tn(lang, "batch.tokens.tools", m.tool_requests), &[("tokens", &num(m.tool_tokens, lang))]));
    }
    lines.join(" ")
}

fn num(n: u64, lang: Lang) -> String {
    format::number(n as f64, lang, 0)
}

fn usd(v: f64, lang: Lang) -> String {
    format!("${}", format::number(v, lang, if v < 10.0 { 4 } else { 2 }))
}

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
    let s = report.summary.clone();
    let lang = move || prefs.lang.get();
    let elapsed = state.elapsed_ms.get_untracked().round() as u64;
    // Empty when tokens were not counted.
    let tokens_attr = s.prompt_tokens.map_or_else(String::new, |n| n.to_string());
    let counted = state.count_tokens.get_untracked();
    let ok = s.errors == 0 && !matches!(report.verdict(), Verdict::NotConfirmed { .. });
    // Whether the batch would fail, or run with some requests failing.
    let verdict = report.verdict();
    let has_errors = s.errors > 0;
    // No errors, but the deployment's model is unknown: not "ready" yet.
    let pick_first = super::model_pick::needs_model(&report);
    let has_warnings = s.warnings > 0;
    let model = {
        let s = s.clone();
        move || {
            let lang = lang();
            let name = s.model.clone().unwrap_or_else(|| "–".into());
            match &s.catalog_model {
                Some(m) if Some(m) != s.model.as_ref() => fill(t(lang, "batch.summary.model_as"), &[("name", &name), ("model", m)]),
                _ => name,
            }
        }
    };
    let endpoint = s.endpoint.clone().unwrap_or_else(|| "–".into());
    let tokens = {
        let (s, r) = (s.clone(), report.clone());
        move || {
            let lang = lang();
            match (s.prompt_tokens, &r.tokens) {
                (Some(p), Some(tk)) => {
                    let mut text = fill(
                        t(lang, "batch.summary.tokens_value"),
                        &[("prompt", &num(p, lang)), ("output", &num(s.output_tokens, lang)), ("enqueued", &num(tk.enqueued_tokens, lang))],
                    );
                    text.push_str(&format!(" · {}", tk.encoding.name()));
                    if tk.encoding_guessed {
                        text.push_str(t(lang, "batch.summary.encoding_guessed"));
                    }
                    text
                }
                _ if !counted => t(lang, "batch.summary.tokens_off").to_string(),
                // Asked for, and a request named its model (so a counter was
                // made), yet nothing counted: the worker could not load the
                // tokenizer's table.
                _ if s.model.is_some() => t(lang, "batch.summary.tokens_failed").to_string(),
                _ => t(lang, "batch.summary.no_tokens").to_string(),
            }
        }
    };
    let cost = {
        let r = report.clone();
        move || {
            let lang = lang();
            let Ok(price) = state.prices() else { return t(lang, "batch.price.fix").to_string() };
            let model = r.summary.catalog_model.as_deref();
            let est =
                r.summary.prompt_tokens.and_then(|p| prefs.catalog.with(|c| estimate_cost(c, model, price, p, r.summary.output_tokens)));
            match est {
                Some(c) => fill(
                    t(lang, "batch.summary.cost_value"),
                    &[
                        ("total", &usd(c.total_usd_max, lang)),
                        ("input", &usd(c.input_price_per_m, lang)),
                        ("output", &usd(c.output_price_per_m, lang)),
                    ],
                ),
                None => t(lang, "batch.summary.no_cost").to_string(),
            }
        }
    };
    let quota = {
        let r = report.clone();
        move || {
            let lang = lang();
            r.quota.as_ref().map(|q| {
                let key = quota_key(q);
                let text = fill(t(lang, key), &[("limit", &num(q.limit, lang)), ("enqueued", &num(q.enqueued_tokens, lang))]);
                view! { <div class="batch-summary__item batch-summary__item--wide"><dt>{tx("batch.summary.quota", prefs.lang)}</dt><dd class:bad=q.exceeded>{text}</dd></div> }
            })
        }
    };
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
    // Image and tool tokens: counted, and said when they are estimates.
    let media = report.tokens.as_ref().map(|tk| tk.media).filter(|m| m.image_parts > 0 || m.tool_requests > 0);
    let media_note = move || {
        let m = media?;
        Some(view! { <p class="note batch-media-note" data-testid="batch-media-note">{media_note(lang(), &m)}</p> })
    };
    // The file looks written for the other service: say so, offer to switch.
    let looks_like = report.looks_like.map(|other| {
        let url = s.endpoint.clone().unwrap_or_default();
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
    });
    let snippets_href = snippets_link(report.dialect, s.model.as_deref(), state.file_name().as_deref());
    // The control plane's job-queue planner, with this file as one job; not
    // while the model is unknown (the enqueued figure is then too low).
    let control_href = report
        .tokens
        .as_ref()
        .filter(|_| !pick_first)
        .map(|tk| control_link(&state.source_name.get_untracked(), tk.enqueued_tokens, s.catalog_model.as_deref()));
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
            <dl class="batch-summary__grid">
                <div class="batch-summary__item">
                    <dt>{tx("batch.summary.requests", prefs.lang)}</dt>
                    <dd>{move || num(s.requests, lang())}</dd>
                </div>
                <div class="batch-summary__item">
                    <dt>{tx("batch.summary.errors", prefs.lang)}</dt>
                    <dd class:bad=has_errors>{move || num(s.errors, lang())}</dd>
                </div>
                <div class="batch-summary__item">
                    <dt>{tx("batch.summary.warnings", prefs.lang)}</dt>
                    <dd class:warn=has_warnings>{move || num(s.warnings, lang())}</dd>
                </div>
                <div class="batch-summary__item">
                    <dt>{tx("batch.summary.model", prefs.lang)}</dt>
                    <dd><code>{model}</code></dd>
                </div>
                <div class="batch-summary__item">
                    <dt>{tx("batch.summary.endpoint", prefs.lang)}</dt>
                    <dd><code>{endpoint}</code></dd>
                </div>
                <div class="batch-summary__item">
                    <dt>{tx("batch.summary.size", prefs.lang)}</dt>
                    <dd>
                        {move || {
                            let lang = lang();
                            fill(&tn(lang, "batch.summary.size_value", s.lines), &[("size", &bytes_text(s.bytes, lang))])
                        }}
                    </dd>
                </div>
                <div class="batch-summary__item batch-summary__item--wide">
                    <dt>{tx("batch.summary.tokens", prefs.lang)}</dt>
                    <dd>{tokens} {media_note}</dd>
                </div>
                <div class="batch-summary__item batch-summary__item--wide">
                    <dt>{tx("batch.summary.cost", prefs.lang)}</dt>
                    <dd>{cost}</dd>
                </div>
                {quota}
                <div class="batch-summary__item">
                    <dt>{tx("batch.summary.elapsed", prefs.lang)}</dt>
                    <dd>{move || fill(t(lang(), "batch.summary.ms"), &[("ms", &num(elapsed, lang()))])}</dd>
                </div>
            </dl>
            <Show when=quota_missing>
                <p class="muted">{tx("batch.summary.quota_needs_model", prefs.lang)}</p>
            </Show>
            {truncated.then(|| view! { <p class="muted">{tx("batch.summary.truncated", prefs.lang)}</p> })}
            <p class="batch-summary__next">
                <a href=snippets_href data-testid="batch-snippets-link">{tx("batch.summary.snippets", prefs.lang)}</a>
                {control_href.map(|href| view! {
                    " · "
                    <a href=href data-testid="batch-control-link">{tx("batch.summary.control", prefs.lang)}</a>
                })}
            </p>
            {hist.map(|h| view! { <super::chart::Histogram histogram=h/> })}
        </section>
    }
}

/// The snippets page's batch tab, prefilled with this file's deployment
/// (`body.model`) and dialect. The snippets page's `endpoint` key is the Azure
/// resource address (https://…), which a batch file doesn't hold; the batch
/// endpoint path there follows the dialect.
fn snippets_link(dialect: Dialect, deployment: Option<&str>, file: Option<&str>) -> String {
    let mut pairs = vec![("tab".to_string(), "batch".to_string()), ("dialect".to_string(), dialect.name().to_string())];
    if let Some(v) = deployment.filter(|v| !v.trim().is_empty()) {
        pairs.push(("deployment".to_string(), v.to_string()));
    }
    // The scripts' input file (the snippets page ignores a name it can't use).
    if let Some(v) = file.filter(|v| !v.trim().is_empty()) {
        pairs.push(("file".to_string(), v.to_string()));
    }
    format!("/snippets?{}", batchlane_core::io::query::query_string(&pairs))
}

/// The snippets page's Control plane tab with this file as one job of its
/// job-queue planner (`jobs=name:tokens`, the enqueued tokens as checked)
/// and, when known, the model whose enqueued-token quota applies.
/// The quota line's text key. Exceeded with a sum within the limit means
/// lines too long to check left the sum a lower bound (`quota_unconfirmed`).
fn quota_key(q: &QuotaReport) -> &'static str {
    match (q.exceeded, q.enqueued_tokens <= q.limit) {
        (false, _) => "batch.summary.quota_within",
        (true, true) => "batch.summary.quota_unconfirmed",
        (true, false) => "batch.summary.quota_over",
    }
}

fn control_link(file_name: &str, enqueued_tokens: u64, model: Option<&str>) -> String {
    let mut pairs = vec![("tab".to_string(), "control".to_string())];
    pairs.push(("jobs".to_string(), format!("{}: {enqueued_tokens}", job_name(file_name))));
    if let Some(m) = model.filter(|m| !m.trim().is_empty()) {
        pairs.push(("cpModel".to_string(), m.to_string()));
        pairs.push(("cpQuota".to_string(), "catalog".to_string()));
    }
    format!("/snippets?{}", batchlane_core::io::query::query_string(&pairs))
}

/// A planner job name from a file name: without its extension, and without
/// the list's separators (`:` `;`) or control characters; at most 60 characters.
fn job_name(file_name: &str) -> String {
    let stem = file_name.trim().strip_suffix(".jsonl").unwrap_or(file_name);
    let name: String = stem.chars().map(|c| if matches!(c, ':' | ';') || c.is_control() { '-' } else { c }).take(60).collect();
    let name = name.trim();
    if name.is_empty() {
        "batch".to_string()
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quota_line_says_unconfirmed_when_the_sum_is_only_a_lower_bound() {
        let q = |enqueued_tokens, exceeded| QuotaReport { limit: 1000, enqueued_tokens, exceeded };
        assert_eq!(quota_key(&q(18, false)), "batch.summary.quota_within");
        assert_eq!(quota_key(&q(18, true)), "batch.summary.quota_unconfirmed");
        assert_eq!(quota_key(&q(1001, true)), "batch.summary.quota_over");
    }
    use batchlane_core::io::query::parse_query;
    use batchlane_core::snippets::parse_jobs;

    fn query(href: &str) -> Vec<(String, String)> {
        parse_query(href.strip_prefix("/snippets").unwrap()).pairs
    }

    #[test]
    fn the_control_link_hands_the_file_to_the_job_planner_as_one_job() {
        let q = query(&control_link("nightly:run;2.jsonl", 4_453_346, Some("gpt-4o")));
        let get = |k: &str| q.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
        assert_eq!(get("tab"), Some("control"));
        assert_eq!(get("cpModel"), Some("gpt-4o"));
        let jobs = parse_jobs(get("jobs").unwrap()).unwrap();
        assert_eq!(jobs.len(), 1);
        assert_eq!((jobs[0].name.as_str(), jobs[0].enqueued_tokens), ("nightly-run-2", 4_453_346));
    }

    #[test]
    fn the_submission_link_carries_the_files_name() {
        let q = query(&snippets_link(Dialect::OpenAi, Some("gpt-4o"), Some("night & day.jsonl")));
        let get = |k: &str| q.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
        assert_eq!((get("tab"), get("deployment"), get("file")), (Some("batch"), Some("gpt-4o"), Some("night & day.jsonl")));
        assert!(!query(&snippets_link(Dialect::Azure, None, None)).iter().any(|(k, _)| k == "file"));
    }

    #[test]
    fn a_file_without_a_usable_name_is_still_one_job() {
        let q = query(&control_link(" .jsonl", 7, None));
        let jobs = q.iter().find(|(k, _)| k == "jobs").map(|(_, v)| parse_jobs(v).unwrap()).unwrap();
        assert_eq!((jobs[0].name.as_str(), jobs[0].enqueued_tokens), ("batch", 7));
        assert!(!q.iter().any(|(k, _)| k == "cpModel"));
    }
}
