//! Per deployment (the section is `#limits`): the minutes against both
//! limits, the percentiles, the throttled minutes with the limit that
//! bound, the model versions, and the hand-offs to /quota and /cost.

use super::chart::deployment_chart;
use super::text::{binds_label, minute, n, rate, source_label, type_name};
use crate::i18n::{fill, t, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::facts::Catalog;
use batchlane_core::traffic::{cost_link, quota_link, Binds, DeploymentReport, TrafficReport};
use leptos::prelude::*;
use leptos_router::components::A;
use std::sync::Arc;

/// Throttled minutes listed before "Show all".
const FIRST_ROWS: usize = 60;

#[component]
pub fn LimitsSection(report: Arc<TrafficReport>) -> impl IntoView {
    let prefs = use_prefs();
    view! {
        <section class="traffic-panel traffic-limits" id="limits" aria-labelledby="traffic-limits-title">
            <h2 id="traffic-limits-title">{tr("traffic.limits.title")}</h2>
            <p class="traffic-legend-note" data-testid="traffic-binds-legend">{tr("traffic.limits.legend")}</p>
            {move || {
                let lang = prefs.lang.get();
                let catalog = prefs.catalog.get();
                report.deployments.iter().map(|d| deployment_view(d, lang, &catalog)).collect_view()
            }}
        </section>
    }
}

fn deployment_view(d: &DeploymentReport, lang: Lang, catalog: &Catalog) -> AnyView {
    let model = d.model.clone().unwrap_or_else(|| t(lang, "traffic.model.unknown").to_string());
    let limits = match &d.limits {
        Some(l) => fill(
            t(lang, "traffic.dep.limits"),
            &[("tpm", &rate(l.tpm)), ("rpm", &rate(l.rpm)), ("source", &source_label(lang, Some(&l.source)))],
        ),
        None if d.is_provisioned() => t(lang, "traffic.dep.provisioned").to_string(),
        None => t(lang, "traffic.dep.no_limits").to_string(),
    };
    let window =
        d.limits.as_ref().filter(|l| l.window_seconds < 60.0).map(|l| {
            fill(t(lang, "traffic.dep.window"), &[("s", &rate(l.window_seconds)), ("per", &rate(l.rpm * l.window_seconds / 60.0))])
        });
    let pct_rows = [("p50", d.p50), ("p95", d.p95), ("p99", d.p99), ("traffic.pct.peak", d.peak)]
        .into_iter()
        .map(|(k, r)| {
            let label = if k.starts_with("traffic.") { t(lang, k).to_string() } else { k.to_string() };
            view! { <tr><th scope="row">{label}</th><td class="num">{rate(r.tpm)}</td><td class="num">{rate(r.rpm)}</td></tr> }
        })
        .collect_view();
    let summary = fill(
        t(lang, "traffic.dep.summary"),
        &[
            ("from", &minute(d.first)),
            ("to", &minute(d.last)),
            ("requests", &n(d.requests)),
            ("r429", &n(d.requests_429)),
            ("minutes", &n(d.throttled_count as f64)),
        ],
    );
    let counts = [
        (d.binds_tpm, Binds::Tpm),
        (d.binds_rpm, Binds::Rpm),
        (d.binds_burst, Binds::Burst),
        (d.binds_flex, Binds::FlexCapacity),
        (d.binds_utilization, Binds::Utilization),
        (d.binds_unknown, Binds::Unknown),
    ]
    .into_iter()
    .filter(|(c, _)| *c > 0)
    .map(|(c, b)| {
        view! { <li class=format!("traffic-bind traffic-bind--{}", b.code())>{binds_label(lang, b)}": "<strong>{n(c as f64)}</strong></li> }
    })
    .collect_view();
    let rows: Vec<_> = d.throttled_minutes.clone();
    let total_rows = rows.len();
    let show_all = RwSignal::new(false);
    let listed = move || {
        let take = first_rows(show_all, total_rows);
        rows.iter()
            .take(take)
            .map(|m| {
                view! {
                    <tr data-binds=m.binds.code()>
                        <td>{minute(m.at)}</td>
                        <td class="num">{n(m.requests_429)}</td>
                        <td class=format!("traffic-bind traffic-bind--{}", m.binds.code())>{binds_label(lang, m.binds)}</td>
                        <td class="num">{n(m.tokens)}</td>
                        <td class="num">{n(m.admitted)}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    let more = show_all_button(lang, show_all, total_rows);
    let beyond = (d.throttled_count as usize > total_rows)
        .then(|| fill(t(lang, "traffic.dep.listed"), &[("n", &n(total_rows as f64)), ("total", &n(d.throttled_count as f64))]));
    let versions = d
        .model_versions
        .iter()
        .map(|v| view! { <li><code>{v.version.clone()}</code>" — "{minute(v.from)}" → "{minute(v.to)}</li> })
        .collect_view();
    let has_versions = !d.model_versions.is_empty();
    // Versions past the kept ones: one line with the count, never a row each.
    let more_versions = (d.more_versions > 0).then(|| {
        let count = if d.more_versions_exact { n(d.more_versions as f64) } else { format!("≥ {}", n(d.more_versions as f64)) };
        fill(t(lang, "traffic.dep.more_versions"), &[("n", &count), ("first", &n(d.model_versions.len() as f64))])
    });
    let latency = latency_line(d, lang);
    let quota = quota_link(d, catalog);
    let cost = cost_link(d, catalog);
    let throttled = d.throttled_count > 0;
    view! {
        <article class="traffic-dep-report" data-testid="traffic-deployment" data-deployment=d.name.clone()>
            <h3>{d.name.clone()}</h3>
            <p class="muted traffic-dep-report__meta">{model}" · "{type_name(d.deployment_type)}" · "{limits}</p>
            {window.map(|w| view! { <p class="muted">{w}</p> })}
            <p>{summary}</p>
            {deployment_chart(d, lang)}
            <div class="traffic-dep-report__tables">
                <div class="table-wrap" role="region" tabindex="0" aria-label=format!("{}: {}", d.name, t(lang, "traffic.pct.title"))>
                    <table class="traffic-pct" data-testid="traffic-percentiles">
                        <caption>{t(lang, "traffic.pct.title")}</caption>
                        <thead><tr><th scope="col">{t(lang, "traffic.pct.stat")}</th><th scope="col" class="num">"TPM"</th><th scope="col" class="num">"RPM"</th></tr></thead>
                        <tbody>{pct_rows}</tbody>
                    </table>
                </div>
                {has_versions.then(|| view! {
                    <div class="traffic-versions" data-testid="traffic-versions">
                        <h4>{t(lang, "traffic.dep.versions")}</h4>
                        <ul>{versions}</ul>
                        {more_versions.map(|m| view! { <p class="muted">{m}</p> })}
                    </div>
                })}
            </div>
            {latency.map(|l| view! { <p class="muted traffic-latency">{l}</p> })}
            {if throttled {
                view! {
                    <h4>{t(lang, "traffic.dep.throttled")}</h4>
                    <ul class="traffic-binds">{counts}</ul>
                    <div class="table-wrap" role="region" tabindex="0" aria-label=format!("{}: {}", d.name, t(lang, "traffic.dep.throttled"))>
                        <table class="traffic-throttled" data-testid="traffic-throttled">
                            <thead><tr>
                                <th scope="col">{t(lang, "traffic.col.time")}</th>
                                <th scope="col" class="num">"429"</th>
                                <th scope="col">{t(lang, "traffic.col.binds")}</th>
                                <th scope="col" class="num">{t(lang, "traffic.col.tokens")}</th>
                                <th scope="col" class="num">{t(lang, "traffic.col.admitted")}</th>
                            </tr></thead>
                            <tbody>{listed}</tbody>
                        </table>
                    </div>
                    {more}
                    {beyond.map(|b| view! { <p class="muted">{b}</p> })}
                }.into_any()
            } else {
                view! { <p class="muted">{t(lang, "traffic.dep.no_429")}</p> }.into_any()
            }}
            <div class="traffic-handoff">
                <A href=quota attr:class="button" attr:data-testid="traffic-plan">{t(lang, "traffic.handoff.plan")}</A>
                <A href=cost attr:class="button" attr:data-testid="traffic-price">{t(lang, "traffic.handoff.price")}</A>
                <A href=crate::components::lanes_link::lanes_href(d.model.as_deref().unwrap_or_default())
                    attr:class="button" attr:data-testid="traffic-lanes">{t(lang, "lanes.handoff")}</A>
                <span class="muted">{t(lang, "traffic.handoff.keda")}</span>
            </div>
        </article>
    }
    .into_any()
}

/// Latency and output length, when the data has them.
fn latency_line(d: &DeploymentReport, lang: Lang) -> Option<String> {
    let l = &d.latency;
    let mut parts = Vec::new();
    let pair = |key: &'static str, v: Option<[f64; 2]>, parts: &mut Vec<String>| {
        if let Some([a, b]) = v {
            parts.push(fill(t(lang, key), &[("p50", &rate(a)), ("p95", &rate(b))]));
        }
    };
    pair("traffic.lat.ttft", l.ttft_ms, &mut parts);
    pair("traffic.lat.tbt", l.tbt_ms, &mut parts);
    pair("traffic.lat.ttlt", l.ttlt_ms, &mut parts);
    pair("traffic.lat.ttr", l.time_to_response_ms, &mut parts);
    pair("traffic.lat.output", l.output_per_request, &mut parts);
    if let Some(u) = l.utilization_p95 {
        parts.push(fill(t(lang, "traffic.lat.util"), &[("p95", &rate(u)), ("n", &n(l.saturated_minutes as f64))]));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// The rows a long minute table shows at first ([`FIRST_ROWS`]), and its
/// "Show all N" button when there are more (the deployment and tier tables).
pub(super) fn first_rows(show_all: RwSignal<bool>, total_rows: usize) -> usize {
    if show_all.get() {
        total_rows
    } else {
        FIRST_ROWS.min(total_rows)
    }
}

pub(super) fn show_all_button(lang: Lang, show_all: RwSignal<bool>, total_rows: usize) -> Option<impl IntoView> {
    (total_rows > FIRST_ROWS).then(|| {
        view! {
            <Show when=move || !show_all.get()>
                <button type="button" class="button button--small" on:click=move |_| show_all.set(true)>
                    {fill(t(lang, "traffic.dep.show_all"), &[("n", &n(total_rows as f64))])}
                </button>
            </Show>
        }
    })
}
