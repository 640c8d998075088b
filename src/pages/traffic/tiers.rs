//! Service tiers (the section is `#tiers`): per deployment whose requests
//! are split by `ServiceTierRequest` / `ServiceTierResponse`, the Priority
//! requests answered as Standard (downgrades) and the Flex requests answered
//! 429, per minute, with totals, worst minute and share; the asked →
//! answered totals; what an export lacks; and the `az rest` command that
//! exports the split. Every figure comes from the core's `TierReport`.

use super::deployment::{first_rows, show_all_button};
use super::text::{minute, n};
use crate::components::copy_button::CopyButton;
use crate::i18n::{fill, t, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::format::format_percent;
use batchlane_core::traffic::{tier_export_command, DeploymentReport, TierPeak, TierReport, TrafficReport};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn TiersSection(report: Arc<TrafficReport>) -> impl IntoView {
    let prefs = use_prefs();
    let command = tier_export_command();
    view! {
        <section class="traffic-panel traffic-tiers" id="tiers" aria-labelledby="traffic-tiers-title" data-testid="traffic-tiers">
            <h2 id="traffic-tiers-title">{tr("traffic.tiers.title")}</h2>
            <p class="traffic-legend-note">{tr("traffic.tiers.hint")}</p>
            {move || {
                let lang = prefs.lang.get();
                let with: Vec<&DeploymentReport> = report.deployments.iter().filter(|d| d.tiers.is_some()).collect();
                if with.is_empty() {
                    view! { <p class="muted" data-testid="traffic-tiers-none">{t(lang, "traffic.tiers.none")}</p> }.into_any()
                } else {
                    with.into_iter().filter_map(|d| d.tiers.as_ref().map(|tr| tier_view(&d.name, tr, lang))).collect_view().into_any()
                }
            }}
            <details class="traffic-tiers__export">
                <summary>{tr("traffic.tiers.export")}</summary>
                <p class="muted">{tr("traffic.tiers.export_hint")}</p>
                <pre class="code" tabindex="0" aria-label=tr("traffic.tiers.export") data-testid="traffic-tiers-command"><code>{command.clone()}</code></pre>
                <CopyButton text=move || command.clone() testid="traffic-tiers-copy"/>
            </details>
        </section>
    }
}

fn share(lang: Lang, count: f64, share: Option<f64>) -> String {
    match share {
        Some(p) => fill(t(lang, "traffic.tiers.count_share"), &[("n", &n(count)), ("share", &format_percent(p))]),
        None => n(count),
    }
}

fn worst(lang: Lang, p: &Option<TierPeak>) -> Option<String> {
    p.map(|p| fill(t(lang, "traffic.tiers.worst"), &[("at", &minute(p.at)), ("n", &n(p.count)), ("share", &format_percent(p.share))]))
}

fn tier_view(name: &str, r: &TierReport, lang: Lang) -> AnyView {
    let downgrades = match r.downgraded {
        Some(d) => fill(t(lang, "traffic.tiers.downgrades"), &[("asked", &n(r.priority_asked)), ("n", &share(lang, d, r.downgrade_share))]),
        None => fill(t(lang, "traffic.tiers.downgrades_unknown"), &[("asked", &n(r.priority_asked))]),
    };
    let flex = match r.flex_429 {
        Some(f) => fill(t(lang, "traffic.tiers.flex"), &[("asked", &n(r.flex_asked)), ("n", &share(lang, f, r.flex_429_share))]),
        None => fill(t(lang, "traffic.tiers.flex_unknown"), &[("asked", &n(r.flex_asked))]),
    };
    let worst_d = worst(lang, &r.worst_downgrade);
    let worst_f = worst(lang, &r.worst_flex_429);
    let auto = (r.auto_asked > 0.0).then(|| fill(t(lang, "traffic.tiers.auto"), &[("n", &n(r.auto_asked))]));
    let rows = r.minutes.clone();
    let total_rows = rows.len();
    let show_all = RwSignal::new(false);
    let cell = |v: Option<f64>| v.map(n).unwrap_or_else(|| "–".to_string());
    let listed = move || {
        let take = first_rows(show_all, total_rows);
        rows.iter()
            .take(take)
            .map(|m| {
                view! {
                    <tr>
                        <td>{minute(m.at)}</td>
                        <td class="num">{n(m.priority_asked)}</td>
                        <td class="num">{cell(m.downgraded)}</td>
                        <td class="num">{n(m.flex_asked)}</td>
                        <td class="num">{cell(m.flex_429)}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    let more = show_all_button(lang, show_all, total_rows);
    let beyond = (r.minutes_total as usize > total_rows)
        .then(|| fill(t(lang, "traffic.dep.listed"), &[("n", &n(total_rows as f64)), ("total", &n(r.minutes_total as f64))]));
    let pairs = r
        .pairs
        .iter()
        .map(|p| {
            view! {
                <tr><td><code>{p.request.clone()}</code></td><td><code>{p.response.clone()}</code></td><td class="num">{n(p.requests)}</td></tr>
            }
        })
        .collect_view();
    let unknown = (!r.unknown_values.is_empty() || r.unknown_more).then(|| {
        let mut names = r.unknown_values.join(", ");
        if r.unknown_more {
            names.push_str(", …");
        }
        fill(t(lang, "traffic.tiers.unknown"), &[("values", &names)])
    });
    let gaps = r.gaps.iter().map(|g| view! { <li data-gap=g.code()>{g.text().pick(lang).to_string()}</li> }).collect_view();
    let has_gaps = !r.gaps.is_empty();
    let sources = r
        .sources
        .iter()
        .map(|s| {
            let src = s.source();
            view! { <li><a href=src.url rel="noopener noreferrer" target="_blank">{src.title}</a></li> }
        })
        .collect_view();
    let has_minutes = total_rows > 0;
    view! {
        <article class="traffic-dep-report traffic-tiers__deployment" data-testid="traffic-tier-deployment" data-deployment=name.to_string()>
            <h3>{name.to_string()}</h3>
            <ul class="traffic-tiers__totals">
                <li data-testid="traffic-tier-downgrades">{downgrades}{worst_d.map(|w| format!(" · {w}"))}</li>
                <li data-testid="traffic-tier-flex">{flex}{worst_f.map(|w| format!(" · {w}"))}</li>
                {auto.map(|a| view! { <li class="muted">{a}</li> })}
            </ul>
            {has_gaps.then(|| view! { <ul class="traffic-tiers__gaps" data-testid="traffic-tier-gaps">{gaps}</ul> })}
            {if has_minutes {
                view! {
                    <div class="table-wrap" role="region" tabindex="0" aria-label=format!("{name}: {}", t(lang, "traffic.tiers.minutes"))>
                        <table class="traffic-tiers__minutes" data-testid="traffic-tier-minutes">
                            <caption>{t(lang, "traffic.tiers.minutes")}</caption>
                            <thead><tr>
                                <th scope="col">{t(lang, "traffic.col.time")}</th>
                                <th scope="col" class="num">{t(lang, "traffic.tiers.col.priority")}</th>
                                <th scope="col" class="num">{t(lang, "traffic.tiers.col.downgraded")}</th>
                                <th scope="col" class="num">{t(lang, "traffic.tiers.col.flex")}</th>
                                <th scope="col" class="num">{t(lang, "traffic.tiers.col.flex_429")}</th>
                            </tr></thead>
                            <tbody>{listed}</tbody>
                        </table>
                    </div>
                    {more}
                    {beyond.map(|b| view! { <p class="muted">{b}</p> })}
                }.into_any()
            } else {
                view! { <p class="muted">{t(lang, "traffic.tiers.no_minutes")}</p> }.into_any()
            }}
            <div class="table-wrap" role="region" tabindex="0" aria-label=format!("{name}: {}", t(lang, "traffic.tiers.pairs"))>
                <table class="traffic-tiers__pairs" data-testid="traffic-tier-pairs">
                    <caption>{t(lang, "traffic.tiers.pairs")}</caption>
                    <thead><tr>
                        <th scope="col">"ServiceTierRequest"</th>
                        <th scope="col">"ServiceTierResponse"</th>
                        <th scope="col" class="num">{t(lang, "traffic.tiers.col.requests")}</th>
                    </tr></thead>
                    <tbody>{pairs}</tbody>
                </table>
            </div>
            {unknown.map(|u| view! { <p class="muted" data-testid="traffic-tier-unknown">{u}</p> })}
            <div class="muted traffic-tiers__sources">
                {t(lang, "traffic.tiers.sources")}
                <ul>{sources}</ul>
            </div>
        </article>
    }
    .into_any()
}
