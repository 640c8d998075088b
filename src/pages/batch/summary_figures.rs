//! The summary's figures: requests, errors, warnings, model, endpoint,
//! size, tokens (with the note on image and tool tokens), cost, quota and
//! the time the check took.

use super::use_state;
use crate::i18n::tx;
use crate::i18n::{fill, t, tn, Lang};
use crate::prefs::use_prefs;
use batchlane_core::batch::{estimate_cost, MediaTally, QuotaReport, Report};
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

/// The quota line's text key. Exceeded with a sum within the limit means
/// lines too long to check left the sum a lower bound (`quota_unconfirmed`).
fn quota_key(q: &QuotaReport) -> &'static str {
    match (q.exceeded, q.enqueued_tokens <= q.limit) {
        (false, _) => "batch.summary.quota_within",
        (true, true) => "batch.summary.quota_unconfirmed",
        (true, false) => "batch.summary.quota_over",
    }
}

/// The figures of `report` as a definition list.
#[component]
pub fn Figures(report: Arc<Report>) -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let s = report.summary.clone();
    let lang = move || prefs.lang.get();
    let elapsed = state.elapsed_ms.get_untracked().round() as u64;
    let counted = state.count_tokens.get_untracked();
    let has_errors = s.errors > 0;
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
                        ("total", &format::usd(c.total_usd_max, lang)),
                        ("input", &format::usd(c.input_price_per_m, lang)),
                        ("output", &format::usd(c.output_price_per_m, lang)),
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
    // Image and tool tokens: counted, and said when they are estimates.
    let media = report.tokens.as_ref().map(|tk| tk.media).filter(|m| m.image_parts > 0 || m.tool_requests > 0);
    let media_note = move || {
        let m = media?;
        Some(view! { <p class="note batch-media-note" data-testid="batch-media-note">{media_note(lang(), &m)}</p> })
    };
    view! {
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
                        fill(&tn(lang, "batch.summary.size_value", s.lines), &[("size", &batchlane_core::format::bytes(s.bytes))])
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
}
