//! The KEDA generator's tab and its form: ScaledObject or ScaledJob, names,
//! the AKS version, the Service Bus entity and workload identity here; the
//! scaling figures and `maxReplicaCount` sized from quota in `keda_scaling`;
//! the ScaledObject's extras in `keda_advanced`.

use super::fields::{bind_str, field_error, SelectField, TextField};
use super::keda_advanced::KedaAdvanced;
use super::keda_output::KedaOutput;
use super::keda_scaling::{QuotaFieldset, ScalingFieldset};
use super::state::use_snip;
use crate::components::enum_select::{Choice, EnumSelect};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::snippets::{keda_for_aks, render, share, AksKedaMatch, FormError, ScaleKind};
use leptos::prelude::*;

/// The `value`s are the link's (`kind`, `entity`); product names are not translated.
const KINDS: &[Choice<ScaleKind>] = &[(ScaleKind::ScaledObject, "so", "ScaledObject"), (ScaleKind::ScaledJob, "sj", "ScaledJob")];

/// Listened to: a queue (`false`) or a topic's subscription (`true`).
const ENTITIES: &[Choice<bool>] = &[(false, "queue", "snippets.keda.queue"), (true, "topic", "snippets.keda.topic_sub")];

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
    let ui = use_snip().keda;
    let is_job = move || ui.with(|u| u.form.kind == ScaleKind::ScaledJob);
    view! {
        <form class="snip-card snip-form" data-testid="snip-keda-form" on:submit=|ev| ev.prevent_default()>
            <Workload errors=errors/>
            <ServiceBus errors=errors/>
            <ScalingFieldset errors=errors/>
            <Show when=move || !is_job()>
                <KedaAdvanced errors=errors/>
            </Show>
            <QuotaFieldset errors=errors/>
            <Identity errors=errors/>
        </form>
    }
}

/// What scales: the kind, the AKS version (its KEDA), names, a job's image.
#[component]
fn Workload(errors: Signal<Vec<FormError>>) -> impl IntoView {
    let prefs = use_prefs();
    let ui = use_snip().keda;
    let err = move |field| field_error(errors, field);
    let is_job = move || ui.with(|u| u.form.kind == ScaleKind::ScaledJob);
    let kind = Signal::derive(move || ui.with(|u| u.form.kind));
    let set_kind = Callback::new(move |k| ui.update(|u| u.form.kind = k));
    // Computed: each AKS version with the KEDA it brings (a plain select, not an EnumSelect).
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
    let (name, set_name) = bind_str(ui, |u| u.form.name.clone(), |u, v| u.form.name = v);
    let (ns, set_ns) = bind_str(ui, |u| u.form.namespace.clone(), |u, v| u.form.namespace = v);
    let (target, set_target) = bind_str(ui, |u| u.form.target_name.clone(), |u, v| u.form.target_name = v);
    let (image, set_image) = bind_str(ui, |u| u.form.job_image.clone(), |u, v| u.form.job_image = v);
    let (sa, set_sa) = bind_str(ui, |u| u.form.service_account_name.clone(), |u, v| u.form.service_account_name = v);
    let target_label = move || if is_job() { "snippets.keda.container" } else { "snippets.keda.deployment" };
    view! {
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
    }
}

/// The Service Bus namespace and the queue, or the topic and subscription.
#[component]
fn ServiceBus(errors: Signal<Vec<FormError>>) -> impl IntoView {
    let prefs = use_prefs();
    let ui = use_snip().keda;
    let err = move |field| field_error(errors, field);
    let is_topic = move || ui.with(|u| u.use_topic);
    let entity = Signal::derive(is_topic);
    let set_entity = Callback::new(move |topic| ui.update(|u| u.use_topic = topic));
    let (queue, set_queue) = bind_str(ui, |u| u.queue.clone(), |u, v| u.queue = v);
    let (topic, set_topic) = bind_str(ui, |u| u.topic.clone(), |u, v| u.topic = v);
    let (sub, set_sub) = bind_str(ui, |u| u.subscription.clone(), |u, v| u.subscription = v);
    let (sbns, set_sbns) = bind_str(ui, |u| u.form.servicebus_namespace.clone(), |u, v| u.form.servicebus_namespace = v);
    let ns_hint = move || {
        let lang = prefs.lang.get();
        ui.with(|u| {
            batchlane_core::snippets::short_namespace(&u.form.servicebus_namespace).filter(|s| *s != u.form.servicebus_namespace.trim())
        })
        .map(|s| fill(t(lang, "snippets.keda.sb_short"), &[("name", &s)]))
    };
    view! {
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
    }
}

/// The TriggerAuthentication and the workload identity it uses.
#[component]
fn Identity(errors: Signal<Vec<FormError>>) -> impl IntoView {
    let ui = use_snip().keda;
    let err = move |field| field_error(errors, field);
    let (ta, set_ta) = bind_str(ui, |u| u.form.trigger_auth_name.clone(), |u, v| u.form.trigger_auth_name = v);
    let (tans, set_tans) = bind_str(ui, |u| u.form.trigger_auth_namespace.clone(), |u, v| u.form.trigger_auth_namespace = v);
    let (iid, set_iid) = bind_str(ui, |u| u.form.identity_id.clone(), |u, v| u.form.identity_id = v);
    let (tid, set_tid) = bind_str(ui, |u| u.form.identity_tenant_id.clone(), |u, v| u.form.identity_tenant_id = v);
    let (host, set_host) = bind_str(ui, |u| u.form.identity_authority_host.clone(), |u, v| u.form.identity_authority_host = v);
    view! {
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
    }
}
