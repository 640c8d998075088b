//! PTU with spillover (`#spillover`): per model and data-processing level
//! the monthly cost against the PTU count, the three marked counts, the
//! model the figures come from (w and k from the report), the prices'
//! source, what spillover needs, and the command that turns it on.

use super::ptu_chart::ptu_curve;
use super::snippet::SpilloverSnippet;
use super::text::{n, rate, scope_name};
use crate::components::unconfirmed::{price_facts, UnconfirmedAny};
use crate::i18n::{fill, t, with_facts, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::cost::{ptu_price_facts, PtuPricing, HOURS_PER_MONTH};
use batchlane_core::facts::{self, Certainty};
use batchlane_core::format::{format_percent, usd};
use batchlane_core::traffic::{format_minute, CurvePoint, PtuGap, PtuPlan, TrafficReport, SPILLOVER_API_VERSION};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn PtuSection(report: Arc<TrafficReport>) -> impl IntoView {
    let prefs = use_prefs();
    let skipped = {
        let report = report.clone();
        move || {
            let lang = prefs.lang.get();
            report
                .ptu_skipped
                .iter()
                .map(|s| {
                    let reason = t(
                        lang,
                        match s.reason {
                            PtuGap::NoPtuFacts => "traffic.ptu.skip.facts",
                            PtuGap::NoPrices => "traffic.ptu.skip.prices",
                            PtuGap::NoTokens => "traffic.ptu.skip.tokens",
                        },
                    );
                    let model = s.model.clone().unwrap_or_else(|| t(lang, "traffic.model.unknown").to_string());
                    view! { <li>{format!("{model} · {} ({}): {reason}", scope_name(s.scope), s.deployments.join(", "))}</li> }
                })
                .collect_view()
        }
    };
    let has_skipped = !report.ptu_skipped.is_empty();
    let plans = report.ptu.clone();
    let r2 = report.clone();
    view! {
        <section class="traffic-panel traffic-ptu" id="spillover" aria-labelledby="traffic-ptu-title" data-testid="traffic-ptu">
            <h2 id="traffic-ptu-title">{tr("traffic.ptu.title")}</h2>
            <p>{move || with_facts(t(prefs.lang.get(), "traffic.ptu.intro"), &prefs.catalog.get(), prefs.lang.get())}</p>
            {plans.into_iter().map(|p| view! { <PlanView plan=p report=r2.clone()/> }).collect_view()}
            {has_skipped.then(|| view! {
                <div class="traffic-ptu-skipped">
                    <h3>{tr("traffic.ptu.skipped")}</h3>
                    <ul>{skipped}</ul>
                </div>
            })}
            <h3>{tr("traffic.ptu.needs.title")}</h3>
            <ul class="traffic-needs">
                <li>{tr("traffic.ptu.needs.same")}</li>
                <li>{move || fill(t(prefs.lang.get(), "traffic.ptu.needs.property"), &[("api", SPILLOVER_API_VERSION)])}</li>
                <li>{tr("traffic.ptu.needs.header")}</li>
            </ul>
        </section>
    }
}

#[component]
fn PlanView(plan: PtuPlan, report: Arc<TrafficReport>) -> impl IntoView {
    let prefs = use_prefs();
    let p = plan.clone();
    let model = plan.model.clone();
    let title = format!("{} · {}", plan.model, scope_name(plan.scope));
    let body = move || {
        let lang = prefs.lang.get();
        plan_body(&p, lang)
    };
    view! {
        <article class="traffic-plan" data-testid="traffic-plan" data-model=model>
            <h3>{title}</h3>
            {body}
            <h4>{tr("traffic.ptu.snippet")}</h4>
            <p class="muted">{tr("traffic.ptu.snippet_hint")}</p>
            <SpilloverSnippet plan=plan report=report/>
        </article>
    }
}

fn plan_body(p: &PtuPlan, lang: Lang) -> AnyView {
    let row = |key: &'static str, code: &'static str, c: &CurvePoint| {
        view! {
            <tr data-mark=code>
                <th scope="row"><span class=format!("traffic-dot traffic-dot--{code}") aria-hidden="true"></span>{t(lang, key)}</th>
                <td class="num">{rate(c.ptu)}</td>
                <td class="num">{usd(c.monthly_usd, lang)}</td>
                <td class="num">{usd(c.ptu_usd, lang)}</td>
                <td class="num">{usd(c.spill_usd, lang)}</td>
                <td class="num">{format_percent(c.spilled_share)}</td>
            </tr>
        }
    };
    let saving = p.payg.monthly_usd - p.best.monthly_usd;
    let verdict = if p.best.ptu == 0.0 {
        t(lang, "traffic.ptu.verdict.payg").to_string()
    } else {
        fill(
            t(lang, "traffic.ptu.verdict.best"),
            &[
                ("ptu", &rate(p.best.ptu)),
                ("usd", &usd(p.best.monthly_usd, lang)),
                ("saving", &usd(saving, lang)),
                ("share", &format_percent(p.best.spilled_share)),
            ],
        )
    };
    let pricing = t(
        lang,
        match p.pricing {
            PtuPricing::Hourly => "traffic.pricing.hourly",
            PtuPricing::Monthly => "traffic.pricing.monthly",
            PtuPricing::Yearly => "traffic.pricing.yearly",
        },
    );
    let model_text = fill(
        t(lang, "traffic.ptu.model"),
        &[
            ("w", &rate(p.output_weight)),
            ("k", &n(p.input_tpm_per_ptu)),
            ("min", &rate(p.min_ptu)),
            ("step", &rate(p.step_ptu)),
            ("pricing", pricing),
            ("month", &usd(p.ptu_month_usd, lang)),
            ("minutes", &n(p.minutes as f64)),
            ("from", &format_minute(p.from)),
            ("to", &format_minute(p.to)),
            ("hours", &n(HOURS_PER_MONTH)),
        ],
    );
    let (kind, subject) = ptu_price_facts(p.scope, p.region.as_deref())[p.pricing.index()];
    let fact = facts::builtin(kind, subject);
    let source = fact.map(|f| {
        let s = f.source.source();
        let unconfirmed = f.certainty == Certainty::Unconfirmed;
        view! {
            <p class="muted traffic-ptu-source" data-testid="traffic-ptu-source">
                {t(lang, "traffic.ptu.source")}" "
                <a href=s.url rel="noreferrer noopener" target="_blank">{s.title}</a>
                {format!(" · {}", f.as_of)}
                {unconfirmed.then(|| view! { " " <span class="badge badge--warn">{t(lang, "traffic.ptu.unconfirmed")}</span> })}
                // The spilled requests' token prices: their own badge.
                " · "{t(lang, "traffic.ptu.token_prices")}<UnconfirmedAny facts=price_facts(&p.model)/>
            </p>
        }
    });
    let cached = (!p.cached_known).then(|| view! { <p class="muted">{t(lang, "traffic.ptu.no_cached")}</p> });
    let spilled = p.already_spilled.map(|s| {
        view! { <p data-testid="traffic-already-spilled">{fill(t(lang, "traffic.ptu.already"), &[("n", &n(s))])}</p> }
    });
    view! {
        <p class="muted">{fill(t(lang, "traffic.ptu.group"), &[("deployments", &p.deployments.join(", ")), ("peak", &n(p.peak_demand))])}</p>
        {ptu_curve(p, lang)}
        <div class="table-wrap">
            <table class="traffic-marks" data-testid="traffic-ptu-marks">
                <thead><tr>
                    <th scope="col">{t(lang, "traffic.ptu.col.mark")}</th>
                    <th scope="col" class="num">"PTU"</th>
                    <th scope="col" class="num">{t(lang, "traffic.ptu.col.month")}</th>
                    <th scope="col" class="num">{t(lang, "traffic.ptu.col.ptu")}</th>
                    <th scope="col" class="num">{t(lang, "traffic.ptu.col.spill")}</th>
                    <th scope="col" class="num">{t(lang, "traffic.ptu.col.share")}</th>
                </tr></thead>
                <tbody>
                    {row("traffic.ptu.mark.payg", "payg", &p.payg)}
                    {row("traffic.ptu.mark.peak", "peak", &p.peak_sized)}
                    {row("traffic.ptu.mark.best", "best", &p.best)}
                </tbody>
            </table>
        </div>
        <p class="traffic-verdict" data-testid="traffic-ptu-verdict"><strong>{verdict}</strong></p>
        {spilled}
        <p class="traffic-ptu-model" data-testid="traffic-ptu-model">{model_text}</p>
        {cached}
        {source}
    }
    .into_any()
}
