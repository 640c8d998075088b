//! The Flex-with-fallback client (Python): Flex processing first, retried
//! within a budget, then Standard; its fields are in the page's link
//! (`fx…` keys, `snippets::share::flex_fields`), the code is core's
//! `flex_fallback_python`, the models Flex lists come from the catalog.

use super::code_block::CodeBlock;
use super::fields::{bind_f64, bind_int, bind_str, reason_for, CheckField, NumField, TextField};
use super::generator::{GeneratorPanel, Output};
use super::state::use_snip;
use crate::components::enum_select::{Choice, EnumSelect};
use crate::i18n::{fill, t, with_facts};
use crate::prefs::{tr, use_prefs};
use batchlane_core::facts::{FLEX_MODELS, FLEX_PAGE, FLEX_UNSUPPORTED_STATUS};
use batchlane_core::snippets::{flex_fallback_python, share, FlexApi, Lang as Code};
use leptos::prelude::*;

const BULLETS: &[&str] = &["snippets.flex.b1", "snippets.flex.b2", "snippets.flex.b3", "snippets.flex.b4", "snippets.flex.b5"];

/// The APIs (product names, not translated).
const APIS: &[Choice<FlexApi>] = &[(FlexApi::Responses, "responses", "Responses"), (FlexApi::ChatCompletions, "chat", "Chat Completions")];

#[component]
pub fn FlexPanel() -> impl IntoView {
    let prefs = use_prefs();
    let st = use_snip().flex;
    let result = Memo::new(move |_| st.with(flex_fallback_python));
    let errors = Signal::derive(move || result.with(|r| r.as_ref().err().cloned().into_iter().collect::<Vec<_>>()));
    let err = move |f: &'static str| Signal::derive(move || errors.with(|e| reason_for(e, f, prefs.lang.get())));
    let code = Signal::derive(move || result.with(|r| r.clone().unwrap_or_default()));
    let (endpoint, set_endpoint) = bind_str(st, |o| o.endpoint.clone(), |o, v| o.endpoint = v);
    let (dep, set_dep) = bind_str(st, |o| o.deployment.clone(), |o, v| o.deployment = v);
    let api = Signal::derive(move || st.with(|o| o.api));
    let set_api = Callback::new(move |a| st.update(|o| o.api = a));
    let (budget, set_budget) = bind_f64(st, |o| o.budget_seconds, |o, v| o.budget_seconds = v);
    let (tries, set_tries) = bind_int(st, |o| o.max_attempts as i64, |o, v| o.max_attempts = u32::try_from(v).unwrap_or(0));
    let (first, set_first) = bind_f64(st, |o| o.first_backoff_seconds, |o, v| o.first_backoff_seconds = v);
    let (max, set_max) = bind_f64(st, |o| o.max_backoff_seconds, |o, v| o.max_backoff_seconds = v);
    let (timeout, set_timeout) = bind_f64(st, |o| o.timeout_seconds, |o, v| o.timeout_seconds = v);
    let fallback = Signal::derive(move || st.with(|o| o.fallback_to_standard));
    let set_fallback = Callback::new(move |v| st.update(|o| o.fallback_to_standard = v));
    // Which models Flex lists, and its price, from the catalog (with the page's date).
    let src = FLEX_PAGE.source.source();
    let models = FLEX_MODELS.iter().map(|(m, v)| format!("{m} ({v})")).collect::<Vec<_>>().join(", ");
    let note = move || {
        let lang = prefs.lang.get();
        let text = fill(
            t(lang, "snippets.flex.models"),
            &[("models", &models), ("as_of", FLEX_PAGE.as_of), ("status", &FLEX_UNSUPPORTED_STATUS.to_string())],
        );
        prefs.catalog.with(|c| with_facts(&text, c, lang))
    };
    view! {
        <GeneratorPanel title="snippets.flex.title" intro="snippets.flex.intro" bullets=BULLETS>
            <Output slot errors=errors testid="snip-flex-errors">
                <CodeBlock code=code lang=Code::Python filename=Signal::derive(|| share::FLEX_FILE.to_string()) testid="snip-flex"/>
            </Output>
            <p class="snip-hint" data-testid="snip-flex-models">{note}</p>
            <div class="snip-grid">
                <TextField label="snippets.flex.endpoint" value=endpoint on_set=set_endpoint error=err("endpoint") testid="snip-flex-endpoint" wide=true/>
                <TextField label="snippets.flex.deployment" value=dep on_set=set_dep error=err("deployment") testid="snip-flex-deployment"/>
                <EnumSelect label="snippets.flex.api" choices=APIS value=api on_set=set_api testid="snip-flex-api"/>
                <NumField label="snippets.flex.budget" value=budget on_set=set_budget error=err("budget_seconds") testid="snip-flex-budget"/>
                <NumField label="snippets.flex.attempts" value=tries on_set=set_tries integer=true error=err("max_attempts") testid="snip-flex-attempts"/>
                <NumField label="snippets.flex.first" value=first on_set=set_first error=err("first_backoff_seconds")/>
                <NumField label="snippets.flex.max" value=max on_set=set_max error=err("max_backoff_seconds")/>
                <NumField label="snippets.flex.timeout" value=timeout on_set=set_timeout error=err("timeout_seconds")/>
            </div>
            <CheckField label="snippets.flex.fallback" value=fallback on_set=set_fallback testid="snip-flex-fallback"/>
            <p class="muted snip-hint">
                {tr("snippets.flex.source")}" "
                <a href=src.url target="_blank" rel="noopener noreferrer">{src.title}</a>
                {format!(" · {}", FLEX_PAGE.as_of)}
            </p>
        </GeneratorPanel>
    }
}
