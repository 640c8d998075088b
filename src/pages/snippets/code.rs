//! The Python worker and the API Management gateway policies.

use super::code_block::CodeBlock;
use super::fields::{bind_int, bind_str, reason_for, CheckField, NumField, TextField};
use super::generator::{GeneratorPanel, Output};
use super::state::{go_to, use_snip, Tab};
use crate::components::enum_select::{Choice, EnumSelect};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::snippets::{apim_policy_xml, share, short_namespace, worker_python, CounterKey, Entity, Lang as Code, WorkerMode};
use leptos::prelude::*;

/// What the gateway's token limit counts by.
const COUNTER_KEYS: &[Choice<CounterKey>] =
    &[(CounterKey::Subscription, "subscription", "snippets.apim.key_subscription"), (CounterKey::JwtClaim, "jwt", "snippets.apim.key_jwt")];

const WORKER_BULLETS: &[&str] =
    &["snippets.worker.b1", "snippets.worker.b2", "snippets.worker.b3", "snippets.worker.b4", "snippets.worker.b5", "snippets.worker.b6"];

const APIM_BULLETS: &[&str] = &["snippets.apim.b1", "snippets.apim.b2"];

#[component]
pub fn WorkerPanel() -> impl IntoView {
    let prefs = use_prefs();
    let snip = use_snip();
    let st = snip.worker;
    // The namespace, entity and mode come from the KEDA form (as `batchlane snippets worker` takes them from a link).
    let options = Memo::new(move |_| st.with(|base| snip.keda.with(|k| share::worker_options(base, k))));
    let result = Memo::new(move |_| options.with(worker_python));
    let errors = Signal::derive(move || result.with(|r| r.as_ref().err().cloned().unwrap_or_default()));
    let err = move |f: &'static str| Signal::derive(move || errors.with(|e| reason_for(e, f, prefs.lang.get())));
    let code = Signal::derive(move || result.with(|r| r.clone().unwrap_or_default()));
    let source = move || {
        let lang = prefs.lang.get();
        options.with(|o| {
            let ns = short_namespace(&o.servicebus_namespace).unwrap_or_else(|| o.servicebus_namespace.clone());
            let entity = match &o.entity {
                Entity::Queue { queue_name } => format!("queue {queue_name}"),
                Entity::Topic { topic_name, subscription_name } => format!("topic {topic_name} / {subscription_name}"),
            };
            fill(t(lang, "snippets.worker.from_keda"), &[("ns", &ns), ("entity", &entity)])
        })
    };
    let (endpoint, set_endpoint) = bind_str(st, |o| o.openai_endpoint.clone(), |o, v| o.openai_endpoint = v);
    let (api, set_api) = bind_str(st, |o| o.api_version.clone(), |o, v| o.api_version = v);
    let (alias, set_alias) = bind_str(st, |o| o.model_alias.clone(), |o, v| o.model_alias = v);
    let (dep, set_dep) = bind_str(st, |o| o.deployment.clone(), |o, v| o.deployment = v);
    let (acct, set_acct) = bind_str(st, |o| o.results_account_url.clone(), |o, v| o.results_account_url = v);
    let (cont, set_cont) = bind_str(st, |o| o.results_container.clone(), |o, v| o.results_container = v);
    let (conc, set_conc) = bind_int(st, |o| o.max_concurrency, |o, v| o.max_concurrency = v);
    let (mdc, set_mdc) = bind_int(st, |o| o.max_delivery_count, |o, v| o.max_delivery_count = v);
    let (timeout, set_timeout) = bind_int(st, |o| o.model_timeout_seconds, |o, v| o.model_timeout_seconds = v);
    let (deadline, set_deadline) = bind_int(st, |o| o.model_deadline_seconds, |o, v| o.model_deadline_seconds = v);
    let per_job = move || {
        let n = options.with(|o| o.run_once_max_messages.to_string());
        fill(t(prefs.lang.get(), "snippets.worker.run_once_from_keda"), &[("n", &n)])
    };
    let run_once = Signal::derive(move || options.with(|o| o.mode == WorkerMode::RunOnce));
    let mode = move || t(prefs.lang.get(), if run_once.get() { "snippets.worker.mode_once" } else { "snippets.worker.mode_long" });
    let (tries, set_tries) = bind_int(st, |o| o.max_model_attempts, |o, v| o.max_model_attempts = v);
    view! {
        <GeneratorPanel title="snippets.worker.title" intro="snippets.worker.intro" bullets=WORKER_BULLETS>
            <Output slot errors=errors testid="snip-worker-errors">
                <CodeBlock code=code lang=Code::Python filename=Signal::derive(|| share::WORKER_FILE.to_string()) testid="snip-worker"/>
            </Output>
            <p class="snip-hint">{source}" "
                <button type="button" class="linklike" on:click=move |_| go_to(snip, Tab::Keda)>{tr("snippets.worker.change")}</button>
            </p>
            <p class="snip-hint" data-testid="snip-worker-mode">{mode}</p>
            <Show when=move || run_once.get()>
                <p class="snip-hint" data-testid="snip-worker-per-job">{per_job}</p>
            </Show>
            <div class="snip-grid">
                <TextField label="snippets.worker.endpoint" value=endpoint on_set=set_endpoint error=err("openai_endpoint") testid="snip-worker-endpoint" wide=true/>
                <TextField label="snippets.worker.api_version" value=api on_set=set_api error=err("api_version")/>
                <TextField label="snippets.worker.alias" value=alias on_set=set_alias error=err("model_alias")/>
                <TextField label="snippets.worker.deployment" value=dep on_set=set_dep error=err("deployment") testid="snip-worker-deployment"/>
                <TextField label="snippets.worker.results_account" value=acct on_set=set_acct error=err("results_account_url") wide=true/>
                <TextField label="snippets.worker.results_container" value=cont on_set=set_cont error=err("results_container")/>
                <NumField label="snippets.worker.concurrency" value=conc on_set=set_conc integer=true error=err("max_concurrency")/>
                <NumField label="snippets.worker.delivery" value=mdc on_set=set_mdc integer=true error=err("max_delivery_count")/>
                <NumField label="snippets.worker.timeout" value=timeout on_set=set_timeout integer=true error=err("model_timeout_seconds")/>
                <NumField label="snippets.worker.deadline" value=deadline on_set=set_deadline integer=true error=err("model_deadline_seconds")/>
                <NumField label="snippets.worker.attempts" value=tries on_set=set_tries integer=true error=err("max_model_attempts")/>
            </div>
        </GeneratorPanel>
    }
}

#[component]
pub fn ApimPanel() -> impl IntoView {
    let prefs = use_prefs();
    let st = use_snip().apim;
    let result = Memo::new(move |_| st.with(apim_policy_xml));
    let errors = Signal::derive(move || result.with(|r| r.as_ref().err().cloned().unwrap_or_default()));
    let err = move |f: &'static str| Signal::derive(move || errors.with(|e| reason_for(e, f, prefs.lang.get())));
    let code = Signal::derive(move || result.with(|r| r.clone().unwrap_or_default()));
    let (tpm, set_tpm) = bind_int(st, |o| o.tokens_per_minute, |o, v| o.tokens_per_minute = v);
    let key = Signal::derive(move || st.with(|o| o.counter_key));
    let set_key = Callback::new(move |k| st.update(|o| o.counter_key = k));
    let is_jwt = move || st.with(|o| o.counter_key == CounterKey::JwtClaim);
    let (claim, set_claim) = bind_str(st, |o| o.caller_claim.clone(), |o, v| o.caller_claim = v);
    let (openid, set_openid) = bind_str(st, |o| o.openid_config_url.clone(), |o, v| o.openid_config_url = v);
    let (aud, set_aud) = bind_str(st, |o| o.audience.clone(), |o, v| o.audience = v);
    let (param, set_param) = bind_str(st, |o| o.deployment_parameter.clone(), |o, v| o.deployment_parameter = v);
    let (ns, set_ns) = bind_str(st, |o| o.metric_namespace.clone(), |o, v| o.metric_namespace = v);
    let estimate = Signal::derive(move || st.with(|o| o.estimate_prompt_tokens));
    view! {
        <GeneratorPanel title="snippets.apim.title" intro="snippets.apim.intro" bullets=APIM_BULLETS>
            <Output slot errors=errors testid="snip-apim-errors">
                <CodeBlock code=code lang=Code::Xml filename=Signal::derive(|| share::APIM_FILE.to_string()) testid="snip-apim"/>
            </Output>
            <div class="snip-grid">
                <NumField label="snippets.apim.tpm" value=tpm on_set=set_tpm integer=true error=err("tokens_per_minute") testid="snip-apim-tpm"/>
                <EnumSelect label="snippets.apim.key" choices=COUNTER_KEYS value=key on_set=set_key testid="snip-apim-key" wide=true/>
                <Show when=is_jwt>
                    <TextField label="snippets.apim.claim" value=claim on_set=set_claim error=err("caller_claim") testid="snip-apim-claim"/>
                    <TextField label="snippets.apim.audience" value=aud on_set=set_aud error=err("audience")/>
                    <TextField label="snippets.apim.openid" value=openid on_set=set_openid error=err("openid_config_url") wide=true/>
                </Show>
                <TextField label="snippets.apim.param" value=param on_set=set_param error=err("deployment_parameter")/>
                <TextField label="snippets.apim.namespace" value=ns on_set=set_ns error=err("metric_namespace")/>
            </div>
            <CheckField label="snippets.apim.estimate" value=estimate on_set=Callback::new(move |v| st.update(|o| o.estimate_prompt_tokens = v))/>
        </GeneratorPanel>
    }
}
