//! Usage and cost: tokens summed over every result line, priced at the
//! batch price from the catalog (the user's overrides apply), with the
//! model and the prices editable here.

use super::state::State;
use super::text::count;
use crate::i18n::{fill, t, tn, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::cost::PriceOverride;
use batchlane_core::facts::MODELS;
use batchlane_core::format::usd;
use batchlane_core::results::{batch_prices, cost_report, PriceError, ResultsReport};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn CostPanel(report: Arc<ResultsReport>) -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let cost = {
        let report = report.clone();
        Memo::new(move |_| prefs.catalog.with(|c| state.cost_opts.with(|o| cost_report(&report, c, o))))
    };
    // The catalog prices of the first model on the lines, as placeholders.
    let first_model = report.usage_by_model.iter().find_map(|m| m.model.clone());
    let defaults = Memo::new(move |_| {
        prefs.catalog.with(|c| {
            let opts = batchlane_core::results::CostOptions { model: state.cost_opts.with(|o| o.model.clone()), ..Default::default() };
            batch_prices(c, first_model.as_deref(), &opts).ok().map(|(_, p)| p)
        })
    });
    let u = report.total_usage;
    let model_rows = move || {
        let lang = prefs.lang.get();
        cost.with(|c| {
            c.models
                .iter()
                .map(|m| {
                    let name = m.model.clone().unwrap_or_else(|| t(lang, "results.cost.no_model").to_string());
                    let priced = match (&m.priced_as, &m.error) {
                        (Some(p), _) => p.clone(),
                        (None, Some(e)) => price_error(lang, e),
                        (None, None) => "—".into(),
                    };
                    let cost = m.cost_usd.map(|c| usd(c, lang)).unwrap_or_else(|| "—".into());
                    view! {
                        <tr>
                            <th scope="row" class="results-id">{name}</th>
                            <td>{priced}</td>
                            <td class="num">{count(m.requests)}</td>
                            <td class="num">{count(m.usage.prompt)}</td>
                            <td class="num">{count(m.usage.cached)}</td>
                            <td class="num">{count(m.usage.completion)}</td>
                            <td class="num">{count(m.usage.reasoning)}</td>
                            <td class="num">{cost}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let total = move || usd(cost.with(|c| c.total_usd), prefs.lang.get());
    let unpriced = move || cost.with(|c| c.unpriced_usage.total());
    let on_model = move |ev| {
        let v = event_target_value(&ev);
        state.cost_opts.update(|o| o.model = (!v.is_empty()).then_some(v));
    };
    view! {
        <section class="results-section" aria-labelledby="results-cost-h">
            <h2 id="results-cost-h">{tr("results.cost.title")}</h2>
            <div class="results-cards">
                <div class="results-card"><span class="results-card__n">{count(u.prompt)}</span><span class="results-card__label">{tr("results.cost.prompt")}</span></div>
                <div class="results-card"><span class="results-card__n">{count(u.cached)}</span><span class="results-card__label">{tr("results.cost.cached")}</span></div>
                <div class="results-card"><span class="results-card__n">{count(u.completion)}</span><span class="results-card__label">{tr("results.cost.completion")}</span></div>
                <div class="results-card"><span class="results-card__n">{count(u.reasoning)}</span><span class="results-card__label">{tr("results.cost.reasoning")}</span></div>
                <div class="results-card results-card--accent"><span class="results-card__n" data-testid="results-cost-total">{total}</span><span class="results-card__label">{tr("results.cost.total")}</span></div>
            </div>
            <p class="muted">{tr("results.cost.how")}</p>
            <Show when=move || { unpriced() > 0 }>
                <p class="note note--warn">{move || tn(prefs.lang.get(), "results.cost.unpriced", unpriced())}</p>
            </Show>
            <div class="results-prices">
                <label class="field">
                    <span>{tr("results.cost.model")}</span>
                    <select data-testid="results-cost-model" on:change=on_model>
                        <option value="">{tr("results.cost.model_auto")}</option>
                        {MODELS.iter().map(|m| view! { <option value=m.name>{m.name}</option> }).collect_view()}
                    </select>
                </label>
                <PriceField label="results.cost.price_input" testid="results-price-input" default=Signal::derive(move || defaults.get().map(|p| p.input)) set=|o, v| o.input = v/>
                <PriceField label="results.cost.price_cached" testid="results-price-cached" default=Signal::derive(move || defaults.get().map(|p| p.cached_input)) set=|o, v| o.cached_input = v/>
                <PriceField label="results.cost.price_output" testid="results-price-output" default=Signal::derive(move || defaults.get().map(|p| p.output)) set=|o, v| o.output = v/>
                <PriceField label="results.cost.batch_factor" testid="results-batch-factor" default=Signal::derive(move || defaults.get().map(|p| p.batch_factor)) set=|o, v| o.batch_factor = v/>
            </div>
            <div class="table-wrap">
                <table class="results-cost-table" data-testid="results-cost-table">
                    <thead>
                        <tr>
                            <th scope="col">{tr("results.col.model")}</th>
                            <th scope="col">{tr("results.col.priced_as")}</th>
                            <th scope="col" class="num">{tr("results.col.requests")}</th>
                            <th scope="col" class="num">{tr("results.col.prompt")}</th>
                            <th scope="col" class="num">{tr("results.col.cached")}</th>
                            <th scope="col" class="num">{tr("results.col.completion")}</th>
                            <th scope="col" class="num">{tr("results.col.reasoning")}</th>
                            <th scope="col" class="num">{tr("results.col.cost")}</th>
                        </tr>
                    </thead>
                    <tbody>{model_rows}</tbody>
                </table>
            </div>
        </section>
    }
}

/// A price (or factor) the user may set; empty means the catalog's value.
#[component]
fn PriceField(
    label: &'static str,
    testid: &'static str,
    default: Signal<Option<f64>>,
    set: fn(&mut PriceOverride, Option<f64>),
) -> impl IntoView {
    let state = expect_context::<State>();
    let invalid = RwSignal::new(false);
    let id = format!("{testid}-field");
    let err_id = format!("{testid}-error");
    let on_input = move |ev| {
        let text = event_target_value(&ev);
        let value = if text.trim().is_empty() { Ok(None) } else { batchlane_core::io::parse_number(&text).map(Some).ok_or(()) };
        match value {
            Ok(v) if v.is_none_or(|x| x.is_finite() && x >= 0.0) => {
                invalid.set(false);
                state.cost_opts.update(|o| set(&mut o.price_override, v));
            }
            _ => invalid.set(true),
        }
    };
    view! {
        <div class="field">
            <label for=id.clone()>{tr(label)}</label>
            <input
                id=id
                type="text"
                inputmode="decimal"
                data-testid=testid
                placeholder=move || default.get().map(|v| v.to_string()).unwrap_or_default()
                aria-invalid=move || invalid.get().to_string()
                aria-describedby=err_id.clone()
                on:input=on_input
            />
            <Show when=move || invalid.get()>
                <span class="field-error" id=err_id.clone() role="alert">{tr("results.cost.invalid")}</span>
            </Show>
        </div>
    }
}

fn price_error(lang: Lang, e: &PriceError) -> String {
    match e {
        PriceError::NoModel => t(lang, "results.cost.err_no_model").to_string(),
        PriceError::UnknownModel(name) => fill(t(lang, "results.cost.err_unknown"), &[("name", name)]),
        PriceError::NoPrice { model, .. } => fill(t(lang, "results.cost.err_no_price"), &[("name", model)]),
        PriceError::BadOverride { .. } => t(lang, "results.cost.invalid").to_string(),
        PriceError::CostOverflow => t(lang, "results.cost.err_overflow").to_string(),
    }
}
