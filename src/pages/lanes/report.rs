//! The answer: one card per lane and deployment type (offered or not and
//! why, the source, cost per day and month, the deadline test, the risks),
//! the cheapest that meets the need marked, and the cost-per-lane chart.

use super::chart::lane_chart;
use crate::i18n::{fill, lookup, t, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::cost::DEFAULT_DAYS_PER_MONTH;
use batchlane_core::facts::Scope;
use batchlane_core::format::format_usd;
use batchlane_core::lanes::{Lane, LaneError, LaneReport, LaneRow};
use leptos::prelude::*;

/// The label of a lane (`lanes.lane.batch`).
pub fn lane_label(lang: Lang, lane: Lane) -> &'static str {
    lookup(lang, &format!("lanes.lane.{}", lane.code())).unwrap_or("?")
}

/// The label of a deployment type (`lanes.dt.global`).
pub fn dt_label(lang: Lang, scope: Scope) -> &'static str {
    lookup(lang, &format!("lanes.dt.{}", scope.url_code())).unwrap_or("?")
}

fn card(r: &LaneRow, model: &str, cheapest: bool, lang: Lang) -> impl IntoView {
    let lane = lane_label(lang, r.lane);
    let dt = dt_label(lang, r.deployment_type);
    let status = if r.available { t(lang, "lanes.available") } else { t(lang, "lanes.not_available") };
    let meets = r.meets_deadline.map(|m| if m { t(lang, "lanes.meets") } else { t(lang, "lanes.misses") });
    let cost =
        r.usd_per_day.map(|d| fill(t(lang, "lanes.cost"), &[("day", &format_usd(d)), ("month", &format_usd(d * DEFAULT_DAYS_PER_MONTH))]));
    let ptus = r.ptus.map(|p| fill(t(lang, "lanes.ptus"), &[("n", &batchlane_core::format::format_count(p))]));
    // A lane table read from a kept vendor file: the file names itself (name, what it is, ms.date).
    let imported = r.imported_source.clone().map(|text| {
        view! {
            <p class="lane-card__source muted" data-testid="lane-source-imported">
                {t(lang, "lanes.source")}" "<code>{text}</code>
            </p>
        }
    });
    let source = r.source.filter(|_| r.imported_source.is_none()).map(|s| {
        let src = s.source();
        let as_of = r.as_of.clone();
        view! {
            <p class="lane-card__source muted">
                {t(lang, "lanes.source")}" "
                <a href=src.url target="_blank" rel="noopener noreferrer">{src.title}</a>
                {(!as_of.is_empty()).then(|| format!(" · {as_of}"))}
                {(!src.path.is_empty()).then(|| view! { " · "<code>{src.path}</code> })}
            </p>
        }
    });
    let risks = if r.available {
        r.risks.iter().map(|x| view! { <li>{x.pick(lang).to_string()}</li> }).collect_view().into_any()
    } else {
        ().into_any()
    };
    // The Flex lane comes with its client: Flex within a budget, then Standard.
    let snippet = (r.lane == Lane::Flex && r.available).then(|| {
        let o = batchlane_core::snippets::FlexOptions { deployment: format!("{}-flex", model), ..Default::default() };
        let code = batchlane_core::snippets::flex_fallback_python(&o).unwrap_or_default();
        let copy = code.clone();
        // The same client on /snippets (its Flex tab), where its budget and fallback can be changed.
        let pairs = [("tab".to_string(), "flex".to_string()), ("fxDeployment".to_string(), o.deployment.clone())];
        let href = format!("/snippets?{}", batchlane_core::io::query_string(&pairs));
        view! {
            <details class="lane-card__snippet" data-testid="lanes-flex-snippet">
                <summary>{t(lang, "lanes.flex.snippet")}</summary>
                <a href=href data-testid="lanes-flex-open">{t(lang, "lanes.flex.open")}</a>
                <crate::components::copy_button::CopyButton text=move || copy.clone() testid="lanes-flex-copy"/>
                <pre class="code"><code>{code}</code></pre>
            </details>
        }
    });
    let class = match (r.available, cheapest) {
        (_, true) => "lane-card lane-card--cheapest",
        (true, false) => "lane-card",
        (false, false) => "lane-card lane-card--off",
    };
    view! {
        <li class=class data-testid="lane-card" data-lane=r.lane.code() data-dt=r.deployment_type.url_code()
            data-available=r.available.to_string()>
            <div class="lane-card__head">
                <strong>{lane}</strong>
                <span class="lane-card__dt">{dt}</span>
                <span class=if r.available { "badge badge--ok" } else { "badge badge--off" }>{status}</span>
                {cheapest.then(|| view! { <span class="badge badge--best" data-testid="lane-cheapest">{t(lang, "lanes.cheapest")}</span> })}
            </div>
            <p class="lane-card__why">{r.why.pick(lang).to_string()}</p>
            {cost.map(|c| view! { <p class="lane-card__cost">{c}</p> })}
            {ptus.map(|p| view! { <p class="muted">{p}</p> })}
            {meets.map(|m| view! { <p class="lane-card__meets" data-meets=r.meets_deadline.unwrap_or(false).to_string()>{m}</p> })}
            {source}
            {imported}
            <ul class="lane-card__risks">{risks}</ul>
            {snippet}
        </li>
    }
}

#[component]
pub fn ReportPanel(report: LaneReport) -> impl IntoView {
    let prefs = use_prefs();
    let report = StoredValue::new(report);
    let summary = move || {
        let lang = prefs.lang.get();
        report.with_value(|r| match r.cheapest {
            Some(i) => {
                let row = &r.rows[i];
                fill(t(lang, "lanes.summary"), &[("lane", lane_label(lang, row.lane)), ("dt", dt_label(lang, row.deployment_type))])
            }
            None => t(lang, "lanes.summary.none").to_string(),
        })
    };
    let cards = move || {
        let lang = prefs.lang.get();
        report.with_value(|r| r.rows.iter().enumerate().map(|(i, row)| card(row, &r.model, r.cheapest == Some(i), lang)).collect_view())
    };
    let chart = move || report.with_value(|r| lane_chart(r, prefs.lang.get()));
    view! {
        <section class="lanes-panel lanes-report" aria-labelledby="lanes-report-title">
            <h2 id="lanes-report-title">{tr("lanes.report.title")}</h2>
            <p class="lanes-summary" data-testid="lanes-summary" role="status">{summary}</p>
            {chart}
            <ul class="lanes-list" data-testid="lanes-list">{cards}</ul>
            <p class="muted">{tr("lanes.note.prices")}</p>
        </section>
    }
}

#[component]
pub fn ErrorPanel(error: LaneError) -> impl IntoView {
    let prefs = use_prefs();
    let text = move || match &error {
        LaneError::UnknownModel { model, closest } => {
            fill(t(prefs.lang.get(), "lanes.error.model"), &[("model", model), ("closest", &closest.join(", "))])
        }
        LaneError::BadInput(why) => why.clone(),
    };
    view! { <p class="note note--warn" role="alert" data-testid="lanes-error">{text}</p> }
}
