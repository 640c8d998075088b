//! PTU vs pay-as-you-go: PTUs needed, monthly costs by the hour and
//! reserved against pay-as-you-go, break-even utilization, and the chart.

use super::chart::{LineChart, Series};
use super::use_quota;
use crate::i18n::{fill, t, tn};
use crate::prefs::{tr, use_prefs};
use batchlane_core::cost::ptu_price_subject;
use batchlane_core::facts::{Kind, Scope};
use batchlane_core::format::usd_prose as usd;
use batchlane_core::quota::{compare, cost_series, count_en, count_ko, num, pct, PtuError, PtuInput};
use leptos::prelude::*;

const PRICES: [(Kind, &str); 3] = [
    (Kind::PtuPriceHourly, "quota.ptu.price_hourly"),
    (Kind::PtuPriceMonthlyReserved, "quota.ptu.price_monthly"),
    (Kind::PtuPriceYearlyReserved, "quota.ptu.price_yearly"),
];

const OPTIONS: [&str; 3] = ["quota.ptu.opt_hourly", "quota.ptu.opt_monthly", "quota.ptu.opt_yearly"];

#[component]
pub fn PtuSection() -> impl IntoView {
    let prefs = use_prefs();
    let (_, checked) = use_quota();
    let lang = prefs.lang;
    let input = move || checked.with(|c| c.plan.as_ref().map(|_| PtuInput::from(&c.input)));
    // The prices shown and edited are the plan's scope's own (a Data Zone
    // PTU is not priced at Global's rate).
    let scope = Signal::derive(move || checked.with(|c| c.input.deployment.scope()));
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
                            <th scope="row">{tr("quota.ptu.payg_short")}</th>
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
                <p class="muted">{tr("quota.ptu.prices_note")}" "<span class="badge badge--warn">{tr("quota.unconfirmed")}</span></p>
                {PRICES.into_iter().map(|(kind, label)| view! { <PriceField kind=kind label=label scope=scope/> }).collect_view()}
            </div>
            {body}
        </section>
    }
}

#[component]
fn PriceField(kind: Kind, label: &'static str, scope: Signal<Scope>) -> impl IntoView {
    let prefs = use_prefs();
    let error = RwSignal::new(false);
    let value = move || prefs.catalog.with(|c| c.get(kind, ptu_price_subject(scope.get()))).map(|v| v.to_string()).unwrap_or_default();
    let html_id = format!("q-price-{kind}");
    view! {
        <div class="field quota-field quota-price">
            <label for=html_id.clone()>{tr(label)}</label>
            <input id=html_id.clone() type="text" inputmode="decimal" data-testid=html_id
                aria-invalid=move || error.get().to_string()
                prop:value=value
                on:change=move |ev| {
                    let text = super::state::clean(&event_target_value(&ev));
                    let id = format!("{kind}.{}", ptu_price_subject(scope.get_untracked()));
                    let ok = text.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0)
                        .is_some_and(|v| prefs.catalog.try_update(|c| c.set_override(&id, v).is_ok()).unwrap_or(false));
                    error.set(!ok);
                }/>
            <Show when=move || error.get()>
                <span class="field-error" role="alert">{tr("quota.ptu.price_invalid")}</span>
            </Show>
        </div>
    }
}
