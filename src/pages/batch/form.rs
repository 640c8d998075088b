//! The check's options: dialect, storage, model, quota, encoding, prices.

use super::tx;
use super::{use_state, OptionProblem};
use crate::format;
use crate::i18n::t;
use crate::prefs::use_prefs;
use batchlane_core::batch::{estimate_cost, Dialect, PriceOverride, Zone};
use batchlane_core::facts::{ModelKind, MODELS};
use leptos::prelude::*;

const SUBSCRIPTIONS: &[(&str, &str)] = &[
    ("none", "batch.quota.none"),
    ("ea", "batch.quota.ea"),
    ("default", "batch.quota.default"),
    ("credit_card", "batch.quota.credit_card"),
    ("msdn", "batch.quota.msdn"),
    ("typed", "batch.quota.typed"),
];

#[component]
pub fn OptionsForm() -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let models =
        MODELS.iter().filter(|m| m.kind != ModelKind::Embedding).map(|m| view! { <option value=m.name>{m.name}</option> }).collect_view();
    let quota_problem = move || matches!(state.options(), Err(OptionProblem::QuotaNotANumber));
    let price_in_problem = move || match state.prices() {
        Err(OptionProblem::PriceIn(k)) => Some(k),
        _ => None,
    };
    let price_out_problem = move || match state.prices() {
        Err(OptionProblem::PriceOut(k)) => Some(k),
        _ => None,
    };
    // The catalog's batch prices for the model, shown as placeholders.
    let catalog_price = move || {
        let model = match state.model.get() {
            m if !m.is_empty() => Some(m),
            _ => state.report.get().and_then(|r| r.summary.catalog_model.clone()),
        };
        prefs.catalog.with(|c| estimate_cost(c, model.as_deref(), PriceOverride::default(), 0, 0))
    };
    let placeholder = move |output: bool| {
        let lang = prefs.lang.get();
        catalog_price().map_or_else(
            || t(lang, "batch.price.unknown").to_string(),
            |c| format::number(if output { c.output_price_per_m } else { c.input_price_per_m }, lang, 4),
        )
    };
    view! {
        <fieldset class="batch-options">
            <legend>{tx("batch.options", prefs.lang)}</legend>
            <div class="batch-options__grid">
                <label class="field">
                    <span>{tx("batch.dialect", prefs.lang)}</span>
                    <select
                        data-testid="batch-dialect"
                        on:change=move |ev| {
                            let d = if event_target_value(&ev) == "openai" { Dialect::OpenAi } else { Dialect::Azure };
                            state.dialect.set(d);
                        }
                        prop:value=move || state.dialect.get().name()
                    >
                        <option value="azure">{tx("batch.dialect.azure", prefs.lang)}</option>
                        <option value="openai">{tx("batch.dialect.openai", prefs.lang)}</option>
                    </select>
                </label>
                <label class="field">
                    <span>{tx("batch.model", prefs.lang)}</span>
                    <select
                        data-testid="batch-model"
                        on:change=move |ev| state.model.set(event_target_value(&ev))
                        prop:value=move || state.model.get()
                    >
                        <option value="">{tx("batch.model.from_file", prefs.lang)}</option>
                        {models}
                    </select>
                </label>
                <label class="field">
                    <span>{tx("batch.encoding", prefs.lang)}</span>
                    <select
                        on:change=move |ev| state.encoding.set(event_target_value(&ev))
                        prop:value=move || state.encoding.get()
                    >
                        <option value="">{tx("batch.encoding.auto", prefs.lang)}</option>
                        <option value="o200k_base">"o200k_base"</option>
                        <option value="cl100k_base">"cl100k_base"</option>
                    </select>
                </label>
                <label class="field">
                    <span>{tx("batch.quota", prefs.lang)}</span>
                    <select
                        data-testid="batch-quota"
                        on:change=move |ev| state.quota.set(event_target_value(&ev))
                        prop:value=move || state.quota.get()
                    >
                        {SUBSCRIPTIONS
                            .iter()
                            .map(|&(v, k)| view! { <option value=v>{tx(k, prefs.lang)}</option> })
                            .collect_view()}
                    </select>
                </label>
                <Show when=move || !matches!(state.quota.get().as_str(), "none" | "typed")>
                    <label class="field">
                        <span>{tx("batch.zone", prefs.lang)}</span>
                        <select
                            on:change=move |ev| {
                                let z = if event_target_value(&ev) == "datazone" { Zone::DataZone } else { Zone::Global };
                                state.zone.set(z);
                            }
                            prop:value=move || if state.zone.get() == Zone::DataZone { "datazone" } else { "global" }
                        >
                            <option value="global">{tx("batch.zone.global", prefs.lang)}</option>
                            <option value="datazone">{tx("batch.zone.datazone", prefs.lang)}</option>
                        </select>
                    </label>
                </Show>
                <Show when=move || state.quota.get() == "typed">
                    <label class="field">
                        <span>{tx("batch.quota.tokens", prefs.lang)}</span>
                        <input
                            type="text"
                            inputmode="numeric"
                            data-testid="batch-quota-tokens"
                            aria-invalid=move || quota_problem().then_some("true")
                            aria-describedby="batch-quota-error"
                            prop:value=move || state.quota_typed.get()
                            on:input=move |ev| state.quota_typed.set(event_target_value(&ev))
                        />
                        <Show when=quota_problem>
                            <span class="field-error" id="batch-quota-error" role="alert">{tx("batch.quota.invalid", prefs.lang)}</span>
                        </Show>
                    </label>
                </Show>
                <label class="field">
                    <span>{tx("batch.price.input", prefs.lang)}</span>
                    <input
                        type="text"
                        inputmode="decimal"
                        data-testid="batch-price-input"
                        placeholder=move || placeholder(false)
                        aria-invalid=move || price_in_problem().map(|_| "true")
                        prop:value=move || state.price_in.get()
                        on:input=move |ev| state.price_in.set(event_target_value(&ev))
                    />
                    {move || price_in_problem().map(|k| view! { <span class="field-error" role="alert">{tx(k, prefs.lang)}</span> })}
                </label>
                <label class="field">
                    <span>{tx("batch.price.output", prefs.lang)}</span>
                    <input
                        type="text"
                        inputmode="decimal"
                        placeholder=move || placeholder(true)
                        aria-invalid=move || price_out_problem().map(|_| "true")
                        prop:value=move || state.price_out.get()
                        on:input=move |ev| state.price_out.set(event_target_value(&ev))
                    />
                    {move || price_out_problem().map(|k| view! { <span class="field-error" role="alert">{tx(k, prefs.lang)}</span> })}
                </label>
            </div>
            <div class="batch-options__row">
                <label class="field field--inline">
                    <input
                        type="checkbox"
                        data-testid="batch-byo"
                        prop:checked=move || state.byo.get()
                        on:change=move |ev| state.byo.set(event_target_checked(&ev))
                        disabled=move || state.dialect.get() == Dialect::OpenAi
                    />
                    <span>{tx("batch.byo", prefs.lang)}</span>
                </label>
                <label class="field field--inline">
                    <input
                        type="checkbox"
                        data-testid="batch-count-tokens"
                        prop:checked=move || state.count_tokens.get()
                        on:change=move |ev| state.count_tokens.set(event_target_checked(&ev))
                    />
                    <span>{tx("batch.count_tokens", prefs.lang)}</span>
                </label>
                <Show when=move || {
                    state.source.with_value(Option::is_some) && !state.running.get()
                        && state.source_size.get() > super::AUTO_RECHECK_BYTES
                }>
                    <button type="button" class="button" on:click=move |_| state.start()>{tx("batch.recheck", prefs.lang)}</button>
                </Show>
            </div>
            <p class="muted batch-options__note">{tx("batch.price.note", prefs.lang)}</p>
        </fieldset>
    }
}
