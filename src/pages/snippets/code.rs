//! The Python worker and the API Management gateway policies.

use super::code_block::CodeBlock;
use super::fields::{bind_int, bind_str, reason_for, CheckField, NumField, TextField};
use super::go_to;
use super::state::{use_snip, Tab};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::snippets::{apim_policy_xml, keda::short_namespace, worker_python, Entity, FormError, Lang as Code};
use leptos::prelude::*;

/// The domain's reasons as a list (for errors the form doesn't show by field).
#[component]
pub fn Problems(#[prop(into)] errors: Signal<Vec<FormError>>, testid: &'static str) -> impl IntoView {
    let prefs = use_prefs();
    view! {
        <Show when=move || errors.with(|e| !e.is_empty())>
            <div class="snip-problems" role="alert" data-testid=testid>
                <p><strong>{tr("snippets.fix_first")}</strong></p>
                <ul>{move || errors.get().iter().map(|e| view! { <li>{e.reason.pick(prefs.lang.get()).to_string()}</li> }).collect_view()}</ul>
            </div>
        </Show>
    }
}

#[component]
pub fn WorkerPanel() -> impl IntoView {
    let prefs = use_prefs();
    let snip = use_snip();
    let st = snip.worker;
    let options = Memo::new(move |_| {
        let mut o = st.get();
        snip.keda.with(|k| {
            o.servicebus_namespace = k.form.servicebus_namespace.clone();
            o.entity = k.entity();
        });
        o
    });
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
    let (lock, set_lock) = bind_int(st, |o| o.lock_renewal_seconds, |o, v| o.lock_renewal_seconds = v);
    let (tries, set_tries) = bind_int(st, |o| o.max_model_attempts, |o, v| o.max_model_attempts = v);
    view! {
        <h2>{tr("snippets.worker.title")}</h2>
        <p class="muted">{tr("snippets.worker.intro")}</p>
        <div class="snip-split">
            <form class="snip-card snip-form" on:submit=|ev| ev.prevent_default()>
                <p class="snip-hint">{source}" "
                    <button type="button" class="linklike" on:click=move |_| go_to(snip, Tab::Keda)>{tr("snippets.worker.change")}</button>
                </p>
                <div class="snip-grid">
                    <TextField label="snippets.worker.endpoint" value=endpoint on_set=set_endpoint error=err("openai_endpoint") testid="snip-worker-endpoint" wide=true/>
                    <TextField label="snippets.worker.api_version" value=api on_set=set_api error=err("api_version")/>
                    <TextField label="snippets.worker.alias" value=alias on_set=set_alias error=err("model_alias")/>
                    <TextField label="snippets.worker.deployment" value=dep on_set=set_dep error=err("deployment") testid="snip-worker-deployment"/>
                    <TextField label="snippets.worker.results_account" value=acct on_set=set_acct error=err("results_account_url") wide=true/>
                    <TextField label="snippets.worker.results_container" value=cont on_set=set_cont error=err("results_container")/>
                    <NumField label="snippets.worker.concurrency" value=conc on_set=set_conc integer=true error=err("max_concurrency")/>
                    <NumField label="snippets.worker.delivery" value=mdc on_set=set_mdc integer=true error=err("max_delivery_count")/>
                    <NumField label="snippets.worker.lock" value=lock on_set=set_lock integer=true error=err("lock_renewal_seconds")/>
                    <NumField label="snippets.worker.attempts" value=tries on_set=set_tries integer=true error=err("max_model_attempts")/>
                </div>
                <ul class="snip-bullets">
                    <li>{tr("snippets.worker.b1")}</li>
                    <li>{tr("snippets.worker.b2")}</li>
                    <li>{tr("snippets.worker.b3")}</li>
                    <li>{tr("snippets.worker.b4")}</li>
                </ul>
            </form>
            <div class="snip-output">
                <Problems errors=errors testid="snip-worker-errors"/>
                <div hidden=move || errors.with(|e| !e.is_empty())>
                    <CodeBlock code=code lang=Code::Python filename=Signal::derive(|| "worker.py".to_string()) testid="snip-worker"/>
                </div>
            </div>
        </div>
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
    let (header, set_header) = bind_str(st, |o| o.tenant_header.clone(), |o, v| o.tenant_header = v);
    let (param, set_param) = bind_str(st, |o| o.deployment_parameter.clone(), |o, v| o.deployment_parameter = v);
    let (ns, set_ns) = bind_str(st, |o| o.metric_namespace.clone(), |o, v| o.metric_namespace = v);
    let estimate = Signal::derive(move || st.with(|o| o.estimate_prompt_tokens));
    view! {
        <h2>{tr("snippets.apim.title")}</h2>
        <p class="muted">{tr("snippets.apim.intro")}</p>
        <div class="snip-split">
            <form class="snip-card snip-form" on:submit=|ev| ev.prevent_default()>
                <div class="snip-grid">
                    <NumField label="snippets.apim.tpm" value=tpm on_set=set_tpm integer=true error=err("tokens_per_minute") testid="snip-apim-tpm"/>
                    <TextField label="snippets.apim.header" value=header on_set=set_header error=err("tenant_header") testid="snip-apim-header"/>
                    <TextField label="snippets.apim.param" value=param on_set=set_param error=err("deployment_parameter")/>
                    <TextField label="snippets.apim.namespace" value=ns on_set=set_ns error=err("metric_namespace")/>
                </div>
                <CheckField label="snippets.apim.estimate" value=estimate on_set=Callback::new(move |v| st.update(|o| o.estimate_prompt_tokens = v))/>
                <ul class="snip-bullets">
                    <li>{tr("snippets.apim.b1")}</li>
                    <li>{tr("snippets.apim.b2")}</li>
                </ul>
            </form>
            <div class="snip-output">
                <Problems errors=errors testid="snip-apim-errors"/>
                <div hidden=move || errors.with(|e| !e.is_empty())>
                    <CodeBlock code=code lang=Code::Xml filename=Signal::derive(|| "apim-policy.xml".to_string()) testid="snip-apim"/>
                </div>
            </div>
        </div>
    }
}
