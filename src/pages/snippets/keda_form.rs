//! The KEDA generator's form: ScaledObject or ScaledJob, names, the Service
//! Bus entity, scaling figures, workload identity, the AKS version, and
//! `maxReplicaCount` sized from quota.

use super::fields::{bind_f64, bind_int, bind_opt_int, bind_str, reason_for, CheckField, NumField, SelectField, TextField};
use super::keda_output::{KedaOutput, QuotaArithmetic};
use super::state::use_snip;
use crate::components::enum_select::{Choice, EnumSelect};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::snippets::{keda_for_aks, render, share, AksKedaMatch, FormError, JobStrategy, ScaleKind};
use leptos::prelude::*;

/// The `value`s are the link's (`kind`, `entity`, `strategy`); product names are not translated.
const KINDS: &[Choice<ScaleKind>] = &[(ScaleKind::ScaledObject, "so", "ScaledObject"), (ScaleKind::ScaledJob, "sj", "ScaledJob")];

/// Listened to: a queue (`false`) or a topic's subscription (`true`).
const ENTITIES: &[Choice<bool>] = &[(false, "queue", "snippets.keda.queue"), (true, "topic", "snippets.keda.topic_sub")];

/// KEDA's names (`JobStrategy::as_str`), shown as they are.
const STRATEGIES: &[Choice<JobStrategy>] = &[
    (JobStrategy::Default, "default", "default"),
    (JobStrategy::Custom, "custom", "custom"),
    (JobStrategy::Accurate, "accurate", "accurate"),
    (JobStrategy::Eager, "eager", "eager"),
];

#[component]
pub fn KedaPanel() -> impl IntoView {
    let prefs = use_prefs();
    let snip = use_snip();
    let ui = snip.keda;
    let worker = snip.worker;
    let rendered = Memo::new(move |_| {
        // terminationGracePeriodSeconds outlasts the worker's model deadline (as `batchlane snippets keda` renders it).
        let form = ui.with(|k| worker.with(|w| share::keda_form(k, w)));
        prefs.catalog.with(|c| render(&form, c))
    });
    let errors = Signal::derive(move || rendered.with(|r| r.as_ref().err().cloned().unwrap_or_default()));
    view! {
        <h2>{tr("snippets.keda.title")}</h2>
        <p class="muted">{tr("snippets.keda.intro")}</p>
        <div class="snip-split">
            <KedaForm errors=errors/>
            <KedaOutput rendered=rendered/>
        </div>
    }
}

#[component]
fn KedaForm(errors: Signal<Vec<FormError>>) -> impl IntoView {
    let prefs = use_prefs();
    let ui = use_snip().keda;
    let err = move |field: &'static str| Signal::derive(move || errors.with(|e| reason_for(e, field, prefs.lang.get())));
    let is_job = move || ui.with(|u| u.form.kind == ScaleKind::ScaledJob);
    let is_topic = move || ui.with(|u| u.use_topic);

    let kind = Signal::derive(move || ui.with(|u| u.form.kind));
    let set_kind = Callback::new(move |k| ui.update(|u| u.form.kind = k));
    let entity = Signal::derive(is_topic);
    let set_entity = Callback::new(move |topic| ui.update(|u| u.use_topic = topic));

    let aks_options = Signal::derive(move || {
        let lang = prefs.lang.get();
        (30..=36)
            .filter_map(keda_for_aks)
            .map(|a| {
                let mut label = format!("1.{} → KEDA {}", a.kubernetes_minor, a.keda);
                if a.matched != AksKedaMatch::Listed {
                    label.push_str(&format!(" ({})", t(lang, "snippets.keda.assumed")));
                }
                (format!("1.{}", a.kubernetes_minor), label)
            })
            .collect::<Vec<_>>()
    });
    let (aks, set_aks) = bind_str(ui, |u| u.form.aks_kubernetes_version.clone(), |u, v| u.form.aks_kubernetes_version = v);

    let strategy = Signal::derive(move || ui.with(|u| u.form.scaling_strategy));
    let set_strategy = Callback::new(move |s| ui.update(|u| u.form.scaling_strategy = s));

    let (name, set_name) = bind_str(ui, |u| u.form.name.clone(), |u, v| u.form.name = v);
    let (ns, set_ns) = bind_str(ui, |u| u.form.namespace.clone(), |u, v| u.form.namespace = v);
    let (target, set_target) = bind_str(ui, |u| u.form.target_name.clone(), |u, v| u.form.target_name = v);
    let (image, set_image) = bind_str(ui, |u| u.form.job_image.clone(), |u, v| u.form.job_image = v);
    let (sa, set_sa) = bind_str(ui, |u| u.form.service_account_name.clone(), |u, v| u.form.service_account_name = v);
    let (queue, set_queue) = bind_str(ui, |u| u.queue.clone(), |u, v| u.queue = v);
    let (topic, set_topic) = bind_str(ui, |u| u.topic.clone(), |u, v| u.topic = v);
    let (sub, set_sub) = bind_str(ui, |u| u.subscription.clone(), |u, v| u.subscription = v);
    let (sbns, set_sbns) = bind_str(ui, |u| u.form.servicebus_namespace.clone(), |u, v| u.form.servicebus_namespace = v);
    let (mc, set_mc) = bind_int(ui, |u| u.form.message_count, |u, v| u.form.message_count = v);
    let (amc, set_amc) = bind_opt_int(ui, |u| u.form.activation_message_count, |u, v| u.form.activation_message_count = v);
    let (min, set_min) = bind_int(ui, |u| u.form.min_replicas, |u, v| u.form.min_replicas = v);
    let (max, set_max) = bind_opt_int(ui, |u| u.form.max_replicas, |u, v| u.form.max_replicas = v);
    let (idle, set_idle) = bind_opt_int(ui, |u| u.form.idle_replicas, |u, v| u.form.idle_replicas = v);
    let (poll, set_poll) = bind_int(ui, |u| u.form.polling_interval, |u, v| u.form.polling_interval = v);
    let (cool, set_cool) = bind_int(ui, |u| u.form.cooldown_period, |u, v| u.form.cooldown_period = v);
    let (icool, set_icool) = bind_opt_int(ui, |u| u.form.initial_cooldown_period, |u, v| u.form.initial_cooldown_period = v);
    let (okh, set_okh) = bind_int(ui, |u| u.form.successful_jobs_history_limit, |u, v| u.form.successful_jobs_history_limit = v);
    let (badh, set_badh) = bind_int(ui, |u| u.form.failed_jobs_history_limit, |u, v| u.form.failed_jobs_history_limit = v);
    let (ta, set_ta) = bind_str(ui, |u| u.form.trigger_auth_name.clone(), |u, v| u.form.trigger_auth_name = v);
    let (tans, set_tans) = bind_str(ui, |u| u.form.trigger_auth_namespace.clone(), |u, v| u.form.trigger_auth_namespace = v);
    let (iid, set_iid) = bind_str(ui, |u| u.form.identity_id.clone(), |u, v| u.form.identity_id = v);
    let (tid, set_tid) = bind_str(ui, |u| u.form.identity_tenant_id.clone(), |u, v| u.form.identity_tenant_id = v);
    let (host, set_host) = bind_str(ui, |u| u.form.identity_authority_host.clone(), |u, v| u.form.identity_authority_host = v);
    let quota_on = Signal::derive(move || ui.with(|u| u.quota_on));
    let set_quota_on = Callback::new(move |v: bool| ui.update(|u| u.quota_on = v));
    let (tpm, set_tpm) = bind_f64(ui, |u| u.quota.tpm, |u, v| u.quota.tpm = v);
    let (conc, set_conc) = bind_f64(ui, |u| u.quota.concurrency_per_replica, |u, v| u.quota.concurrency_per_replica = v);
    let (tok, set_tok) = bind_f64(ui, |u| u.quota.tokens_per_message, |u, v| u.quota.tokens_per_message = v);
    let (mpm, set_mpm) = bind_f64(ui, |u| u.quota.messages_per_minute_per_slot, |u, v| u.quota.messages_per_minute_per_slot = v);
    let max_placeholder = move || if quota_on.get() { "snippets.keda.max_from_quota" } else { "snippets.keda.max_default" };
    let target_label = move || if is_job() { "snippets.keda.container" } else { "snippets.keda.deployment" };
    let ns_hint = move || {
        let lang = prefs.lang.get();
        ui.with(|u| {
            batchlane_core::snippets::keda::short_namespace(&u.form.servicebus_namespace)
                .filter(|s| *s != u.form.servicebus_namespace.trim())
        })
        .map(|s| fill(t(lang, "snippets.keda.sb_short"), &[("name", &s)]))
    };

    view! {
        <form class="snip-card snip-form" data-testid="snip-keda-form" on:submit=|ev| ev.prevent_default()>
            <fieldset>
                <legend>{tr("snippets.keda.workload")}</legend>
                <div class="snip-grid">
                    <EnumSelect label="snippets.keda.kind" choices=KINDS value=kind on_set=set_kind testid="snip-keda-kind"/>
                    <SelectField label="snippets.keda.aks" options=aks_options value=aks on_set=set_aks testid="snip-keda-aks"/>
                    <TextField label="snippets.keda.name" value=name on_set=set_name error=err("name") testid="snip-keda-name"/>
                    <TextField label="snippets.keda.namespace" value=ns on_set=set_ns error=err("namespace") testid="snip-keda-namespace"/>
                    {move || {
                        let label = target_label();
                        view! { <TextField label=label value=target on_set=set_target error=err("target_name") testid="snip-keda-target"/> }
                    }}
                    <Show when=is_job>
                        <TextField label="snippets.keda.image" value=image on_set=set_image error=err("job_image") testid="snip-keda-image"/>
                        <TextField label="snippets.keda.service_account" value=sa on_set=set_sa error=err("service_account_name") testid="snip-keda-sa"/>
                    </Show>
                </div>
            </fieldset>
            <fieldset>
                <legend>{tr("snippets.keda.servicebus")}</legend>
                <div class="snip-grid">
                    <TextField label="snippets.keda.sb_namespace" value=sbns on_set=set_sbns error=err("servicebus_namespace") testid="snip-keda-sbns" placeholder="contoso-sb"/>
                    <EnumSelect label="snippets.keda.entity" choices=ENTITIES value=entity on_set=set_entity testid="snip-keda-entity"/>
                    <Show when=move || !is_topic()>
                        <TextField label="snippets.keda.queue_name" value=queue on_set=set_queue error=err("queue_name") testid="snip-keda-queue"/>
                    </Show>
                    <Show when=is_topic>
                        <TextField label="snippets.keda.topic_name" value=topic on_set=set_topic error=err("topic_name") testid="snip-keda-topic"/>
                        <TextField label="snippets.keda.subscription_name" value=sub on_set=set_sub error=err("subscription_name") testid="snip-keda-subscription"/>
                    </Show>
                </div>
                {move || ns_hint().map(|h| view! { <p class="snip-hint" data-testid="snip-keda-sb-short">{h}</p> })}
            </fieldset>
            <fieldset>
                <legend>{tr("snippets.keda.scaling")}</legend>
                <div class="snip-grid">
                    <NumField label="snippets.keda.message_count" value=mc on_set=set_mc integer=true error=err("message_count") testid="snip-keda-message-count"/>
                    <NumField label="snippets.keda.activation" value=amc on_set=set_amc integer=true optional=true error=err("activation_message_count") testid="snip-keda-activation" placeholder="snippets.keda.unset"/>
                    <NumField label="snippets.keda.min" value=min on_set=set_min integer=true error=err("min_replicas") testid="snip-keda-min"/>
                    {move || {
                        let ph = max_placeholder();
                        view! { <NumField label="snippets.keda.max" value=max on_set=set_max integer=true optional=true error=err("max_replicas") testid="snip-keda-max" placeholder=ph/> }
                    }}
                    <NumField label="snippets.keda.polling" value=poll on_set=set_poll integer=true error=err("polling_interval") testid="snip-keda-polling"/>
                    <Show when=move || !is_job()>
                        <NumField label="snippets.keda.idle" value=idle on_set=set_idle integer=true optional=true error=err("idle_replicas") testid="snip-keda-idle" placeholder="snippets.keda.unset"/>
                        <NumField label="snippets.keda.cooldown" value=cool on_set=set_cool integer=true error=err("cooldown_period") testid="snip-keda-cooldown"/>
                        <NumField label="snippets.keda.initial_cooldown" value=icool on_set=set_icool integer=true optional=true error=err("initial_cooldown_period") testid="snip-keda-initial-cooldown" placeholder="snippets.keda.unset"/>
                    </Show>
                    <Show when=is_job>
                        <EnumSelect label="snippets.keda.strategy" choices=STRATEGIES value=strategy on_set=set_strategy testid="snip-keda-strategy"/>
                        <NumField label="snippets.keda.ok_history" value=okh on_set=set_okh integer=true error=err("successful_jobs_history_limit") testid="snip-keda-ok-history"/>
                        <NumField label="snippets.keda.failed_history" value=badh on_set=set_badh integer=true error=err("failed_jobs_history_limit") testid="snip-keda-failed-history"/>
                    </Show>
                </div>
            </fieldset>
            <Show when=move || !is_job()>
                <super::keda_advanced::KedaAdvanced errors=errors/>
            </Show>
            <fieldset class="snip-quota">
                <legend>{tr("snippets.keda.quota")}</legend>
                <CheckField label="snippets.keda.quota_on" value=quota_on on_set=set_quota_on testid="snip-keda-quota-on"/>
                <Show when=move || quota_on.get()>
                    <div class="snip-grid">
                        <NumField label="snippets.keda.tpm" value=tpm on_set=set_tpm error=err("quota.tpm") testid="snip-keda-tpm"/>
                        <NumField label="snippets.keda.concurrency" value=conc on_set=set_conc error=err("quota.concurrency_per_replica") testid="snip-keda-concurrency"/>
                        <NumField label="snippets.keda.tokens" value=tok on_set=set_tok error=err("quota.tokens_per_message") testid="snip-keda-tokens"/>
                        <NumField label="snippets.keda.mpm" value=mpm on_set=set_mpm error=err("quota.messages_per_minute_per_slot") testid="snip-keda-mpm"/>
                    </div>
                    <QuotaArithmetic/>
                </Show>
                <p class="snip-hint">{tr("snippets.keda.quota_hint")}</p>
            </fieldset>
            <fieldset>
                <legend>{tr("snippets.keda.identity")}</legend>
                <div class="snip-grid">
                    <TextField label="snippets.keda.auth_name" value=ta on_set=set_ta error=err("trigger_auth_name") testid="snip-keda-auth-name"/>
                    <TextField label="snippets.keda.auth_namespace" value=tans on_set=set_tans error=err("trigger_auth_namespace") testid="snip-keda-auth-ns" placeholder="—"/>
                    <TextField label="snippets.keda.identity_id" value=iid on_set=set_iid error=err("identity_id") testid="snip-keda-identity-id" placeholder="00000000-0000-0000-0000-000000000000"/>
                    <TextField label="snippets.keda.tenant_id" value=tid on_set=set_tid error=err("identity_tenant_id") testid="snip-keda-tenant-id" placeholder="00000000-0000-0000-0000-000000000000"/>
                    <TextField label="snippets.keda.authority_host" value=host on_set=set_host error=err("identity_authority_host") testid="snip-keda-authority" placeholder="https://login.microsoftonline.com/" wide=true/>
                </div>
                <p class="snip-hint">{tr("snippets.keda.identity_hint")}</p>
            </fieldset>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategies_are_kedas_names() {
        assert!(STRATEGIES.iter().all(|c| c.0.as_str() == c.1 && c.1 == c.2));
    }
}
