//! The check's options: dialect, storage, model, quota, encoding, prices.

use super::use_state;
use crate::components::check_field::CheckField;
use crate::components::enum_select::{bind_text, Choice, EnumSelect};
use crate::components::num_field::NumField;
use crate::i18n::t;
use crate::i18n::tx;
use crate::prefs::use_prefs;
use batchlane_core::batch::{estimate_cost, Dialect};
use batchlane_core::cost::PriceOverride;

use batchlane_core::facts::Scope;
use batchlane_core::facts::MODELS;
use batchlane_core::format;
use leptos::prelude::*;

const SUBSCRIPTIONS: &[Choice<&str>] = &[
    ("none", "none", "batch.quota.none"),
    ("ea", "ea", "batch.quota.ea"),
    ("default", "default", "batch.quota.default"),
    ("credit_card", "credit_card", "batch.quota.credit_card"),
    ("msdn", "msdn", "batch.quota.msdn"),
    ("typed", "typed", "batch.quota.typed"),
    // OpenAI's batch queue limit of the model at the usage tier (a warning).
    ("openai1", "openai1", "batch.quota.openai1"),
    ("openai2", "openai2", "batch.quota.openai2"),
    ("openai3", "openai3", "batch.quota.openai3"),
    ("openai4", "openai4", "batch.quota.openai4"),
    ("openai5", "openai5", "batch.quota.openai5"),
];

const DIALECTS: &[Choice<Dialect>] =
    &[(Dialect::Azure, "azure", "batch.dialect.azure"), (Dialect::OpenAi, "openai", "batch.dialect.openai")];

const ENCODINGS: &[Choice<&str>] =
    &[("", "", "batch.encoding.auto"), ("o200k_base", "o200k_base", "o200k_base"), ("cl100k_base", "cl100k_base", "cl100k_base")];

const ZONES: &[Choice<Scope>] = &[(Scope::Global, "global", "batch.zone.global"), (Scope::DataZone, "datazone", "batch.zone.datazone")];

/// A select of names (models, endpoints) with a first choice "" that
/// leaves the option unset, and the reason the value is refused, if it is.
#[component]
fn NameSelect(
    label: &'static str,
    /// Translation key of the "" choice.
    unset: &'static str,
    value: RwSignal<String>,
    #[prop(into)] names: Signal<Vec<&'static str>>,
    #[prop(into, optional)] error: Signal<Option<String>>,
    testid: &'static str,
) -> impl IntoView {
    let lang = use_prefs().lang;
    view! {
        <label class="field">
            <span>{tx(label, lang)}</span>
            <select data-testid=testid on:change=move |ev| value.set(event_target_value(&ev)) prop:value=move || value.get()>
                <option value="">{tx(unset, lang)}</option>
                {move || names.get().into_iter().map(|n| view! { <option value=n>{n}</option> }).collect_view()}
            </select>
            {move || error.get().map(|e| view! { <span class="field-error" role="alert">{e}</span> })}
        </label>
    }
}

#[component]
pub fn OptionsForm() -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    // Every catalog model (the link's `model` takes any: an embeddings batch names one too).
    let models = Signal::derive(|| MODELS.iter().map(|m| m.name).collect::<Vec<_>>());
    // The endpoints the chosen service's batch takes.
    let endpoints = Signal::derive(move || state.dialect.get().allowed_urls().to_vec());
    // Why a row is refused, in the page's language (the core's words).
    let problem = move |name: &'static str| state.problem(name).map(|e| e.reason().pick(prefs.lang.get()).to_string());
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
    let price_field = move |output: bool| {
        let (label, text, testid) = if output {
            ("batch.price.output", state.price_out, None)
        } else {
            ("batch.price.input", state.price_in, Some("batch-price-input"))
        };
        view! {
            <NumField
                label=label
                value=text
                on_input=Callback::new(move |v| text.set(v))
                error=Signal::derive(move || problem(if output { "price_out" } else { "price_in" }))
                placeholder=Signal::derive(move || placeholder(output))
                testid=testid.unwrap_or_default()
            />
        }
    };
    let (encoding, set_encoding) = bind_text(ENCODINGS, state.encoding);
    let (quota, set_quota) = bind_text(SUBSCRIPTIONS, state.quota);
    view! {
        <fieldset class="batch-options">
            <legend>{tx("batch.options", prefs.lang)}</legend>
            <div class="batch-options__grid">
                <EnumSelect
                    label="batch.dialect"
                    choices=DIALECTS
                    value=state.dialect
                    on_set=Callback::new(move |d| state.dialect.set(d))
                    testid="batch-dialect"
                />
                <NameSelect label="batch.model" unset="batch.model.from_file" value=state.model names=models testid="batch-model"/>
                <NameSelect
                    label="batch.endpoint"
                    unset="batch.endpoint.from_file"
                    value=state.endpoint
                    names=endpoints
                    error=Signal::derive(move || problem("endpoint"))
                    testid="batch-endpoint"
                />
                <EnumSelect label="batch.encoding" choices=ENCODINGS value=encoding on_set=set_encoding/>
                <EnumSelect label="batch.quota" choices=SUBSCRIPTIONS value=quota on_set=set_quota testid="batch-quota"/>
                <Show when=move || !matches!(state.quota.get().as_str(), "none" | "typed") && !state.quota.get().starts_with("openai")>
                    <EnumSelect label="batch.zone" choices=ZONES value=state.zone on_set=Callback::new(move |z| state.zone.set(z))/>
                </Show>
                <Show when=move || state.quota.get() == "typed">
                    <NumField
                        label="batch.quota.tokens"
                        value=state.quota_typed
                        on_input=Callback::new(move |v| state.quota_typed.set(v))
                        error=Signal::derive(move || problem("enqueued_limit"))
                        integer=true
                        testid="batch-quota-tokens"
                    />
                </Show>
                {price_field(false)}
                {price_field(true)}
            </div>
            <div class="batch-options__row">
                <CheckField
                    label="batch.byo"
                    class="field field--inline"
                    value=state.byo
                    on_set=Callback::new(move |v| state.byo.set(v))
                    disabled=Signal::derive(move || state.dialect.get() == Dialect::OpenAi)
                    testid="batch-byo"
                />
                <CheckField
                    label="batch.count_tokens"
                    class="field field--inline"
                    value=state.count_tokens
                    on_set=Callback::new(move |v| state.count_tokens.set(v))
                    testid="batch-count-tokens"
                />
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
