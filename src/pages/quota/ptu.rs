//! PTU vs pay-as-you-go: PTUs needed, monthly costs by the hour and
//! reserved against pay-as-you-go, break-even utilization, and the chart.

use super::chart::{LineChart, Series};
use super::use_quota;
use crate::components::unconfirmed::{price_facts, UnconfirmedAny, UnconfirmedBadge};
use crate::i18n::{fill, t, tn};
use crate::prefs::{tr, use_prefs};
use batchlane_core::cost::{ptu_price_facts, uplift_fact};
use batchlane_core::facts::Kind;
use batchlane_core::format::usd_prose as usd;
use batchlane_core::quota::{compare, cost_series, count_en, count_ko, num, pct, PtuError, PtuInput};
use leptos::prelude::*;

/// The price fields' labels: by the hour, 1-month and 1-year reservation
/// (the facts they edit follow the deployment type and region:
/// `cost::ptu_price_facts`).
const PRICES: [&str; 3] = ["quota.ptu.price_hourly", "quota.ptu.price_monthly", "quota.ptu.price_yearly"];

const OPTIONS: [&str; 3] = ["quota.ptu.opt_hourly", "quota.ptu.opt_monthly", "quota.ptu.opt_yearly"];

#[component]
pub fn PtuSection() -> impl IntoView {
    let prefs = use_prefs();
    let (_, checked) = use_quota();
    let lang = prefs.lang;
    let input = move || checked.with(|c| c.plan.as_ref().map(|_| PtuInput::from(&c.input)));
    let result = Memo::new(move |_| input().map(|i| prefs.catalog.with(|c| (compare(&i, c), cost_series(&i, c, 61)))));
    let body = move || {
        let Some((cmp, series)) = result.get() else {
            return view! { <p class="muted">{tr("quota.ptu.fix")}</p> }.into_any();
        };
        let (cmp, series) = match (cmp, series) {
            (Ok(c), Ok(s)) => (c, s),
            (Err(PtuError::NoPrices(_)), _) | (_, Err(PtuError::NoPrices(_))) => {
                return view! { <p class="note">{tr("quota.ptu.no_prices")}</p> }.into_any()
            }
            _ => return view! { <p class="note">{tr("quota.ptu.no_facts")}</p> }.into_any(),
        };
        let s = &cmp.sizing;
        // The pay-as-you-go row rests on the model's token prices and the
        // deployment type's uplift in the chosen region.
        let payg_facts = {
            let mut f = price_facts(&s.model);
            let (scope, region) = checked.with(|c| (c.input.deployment.scope(), c.input.region.clone()));
            f.extend(uplift_fact(scope, region.as_deref()).map(|(k, subject)| (k, subject.to_string())));
            f
        };
        let l = lang.get();
        let sizing_words = fill(
            t(l, "quota.ptu.sizing"),
            &[
                ("w", &num(s.weighted_tokens_per_request)),
                ("weight", &num(s.output_weight)),
                ("tpm", &num(s.weighted_tpm)),
                ("per", &num(s.input_tpm_per_ptu)),
                ("exact", &num(s.exact_ptus)),
                ("min", &num(s.min_ptus)),
                ("step", &num(s.step_ptus)),
                ("ptus", &num(s.ptus)),
            ],
        );
        let payg_words = fill(
            t(l, "quota.ptu.payg"),
            &[
                ("req", &if l == crate::i18n::Lang::Ko { count_ko(cmp.requests_per_month) } else { count_en(cmp.requests_per_month) }),
                ("per", &batchlane_core::format::format_usd(cmp.payg_per_request)),
                ("cost", &usd(cmp.payg_monthly)),
            ],
        );
        let util_words = fill(t(l, "quota.ptu.util"), &[("u", &pct(cmp.utilization))]);
        let rows = (0..3)
            .map(|i| {
                let cost = cmp.ptu_monthly[i];
                let be = cmp.break_even_utilization[i];
                let cheaper = cost < cmp.payg_monthly;
                let verdict = if cheaper { "quota.ptu.cheaper" } else { "quota.ptu.dearer" };
                let be_text = if be > 1.0 { t(l, "quota.ptu.never").to_string() } else { pct(be) };
                view! {
                    <tr>
                        <th scope="row">{tr(OPTIONS[i])}</th>
                        <td class="num">{usd(cost.round())}</td>
                        <td class="num">{be_text}</td>
                        <td><span class=if cheaper { "badge badge--ok" } else { "badge" }>{tr(verdict)}</span></td>
                    </tr>
                }
            })
            .collect_view();
        let xs: Vec<f64> = series.iter().map(|p| p.requests_per_month).collect();
        let lines = vec![
            Series { name: t(l, "quota.ptu.payg_short").to_string(), class: "s1", ys: series.iter().map(|p| p.payg).collect() },
            Series { name: t(l, "quota.ptu.opt_hourly").to_string(), class: "s2", ys: series.iter().map(|p| p.ptu[0]).collect() },
            Series { name: t(l, "quota.ptu.opt_monthly").to_string(), class: "s3", ys: series.iter().map(|p| p.ptu[1]).collect() },
            Series { name: t(l, "quota.ptu.opt_yearly").to_string(), class: "s4", ys: series.iter().map(|p| p.ptu[2]).collect() },
        ];
        let marker = Some(cmp.requests_per_month);
        view! {
            <p class="quota-figure-line" data-testid="ptu-needed">
                <strong>{format!("{} PTU", num(s.ptus))}</strong>
                {(s.deployments > 1.0).then(|| format!(" · {}", tn(l, "quota.ptu.deployments", s.deployments as u64)))}
            </p>
            <p class="quota-step">{sizing_words}</p>
            <p class="quota-step">{payg_words}</p>
            <p class="quota-step">{util_words}</p>
            <div class="table-wrap">
                <table class="quota-table" data-testid="ptu-costs">
                    <thead><tr>
                        <th scope="col">{tr("quota.ptu.col_option")}</th>
                        <th scope="col" class="num">{tr("quota.ptu.col_monthly")}</th>
                        <th scope="col" class="num">{tr("quota.ptu.col_break_even")}</th>
                        <th scope="col">{tr("quota.ptu.col_vs")}</th>
                    </tr></thead>
                    <tbody>
                        {rows}
                        <tr class="quota-table__payg">
                            <th scope="row">{tr("quota.ptu.payg_short")}<UnconfirmedAny facts=payg_facts.clone()/></th>
                            <td class="num">{usd(cmp.payg_monthly.round())}</td>
                            <td class="num">"—"</td>
                            <td></td>
                        </tr>
                    </tbody>
                </table>
            </div>
            <LineChart
                title=t(l, "quota.ptu.chart_title").to_string()
                x_label=t(l, "quota.ptu.chart_x").to_string()
                y_label=t(l, "quota.ptu.chart_y").to_string()
                xs=xs
                series=lines
                marker=marker
                money=true
                testid="ptu-chart"
            />
        }
        .into_any()
    };
    view! {
        <section class="quota-section" aria-labelledby="quota-ptu-h" data-testid="quota-ptu">
            <h2 id="quota-ptu-h">{tr("quota.ptu.title")}</h2>
            <div class="quota-prices">
                <p class="muted">{tr("quota.ptu.prices_note")}</p>
                {move || {
                    let facts = checked.with(|c| ptu_price_facts(c.input.deployment.scope(), c.input.region.as_deref()));
                    PRICES.into_iter().zip(facts).map(|(label, (kind, subject))| view! { <PriceField kind=kind subject=subject label=label/> }).collect_view()
                }}
            </div>
            {body}
        </section>
    }
}

#[component]
fn PriceField(kind: Kind, subject: &'static str, label: &'static str) -> impl IntoView {
    let prefs = use_prefs();
    let id = format!("{kind}.{subject}");
    let error = RwSignal::new(false);
    let value = move || prefs.catalog.with(|c| c.get(kind, subject)).map(|v| v.to_string()).unwrap_or_default();
    let html_id = format!("q-price-{kind}");
    view! {
        <div class="field quota-field quota-price">
            <label for=html_id.clone()>{tr(label)}<UnconfirmedBadge kind=kind subject=subject/></label>
            <input id=html_id.clone() type="text" inputmode="decimal" data-testid=html_id
                aria-invalid=move || error.get().to_string()
                prop:value=value
                on:change=move |ev| {
                    let ok = batchlane_core::io::parse_number(&event_target_value(&ev)).filter(|v| *v >= 0.0)
                        .is_some_and(|v| prefs.catalog.try_update(|c| c.set_override(&id, v).is_ok()).unwrap_or(false));
                    error.set(!ok);
                }/>
            <Show when=move || error.get()>
                <span class="field-error" role="alert">{tr("quota.ptu.price_invalid")}</span>
            </Show>
        </div>
    }
}
