//! The KEDA form's scaling figures (message count, replicas, polling,
//! cooldowns; a ScaledJob's strategy and history) and `maxReplicaCount`
//! sized from quota.

use super::fields::{bind_f64, bind_int, bind_opt_int, field_error, CheckField, NumField};
use super::keda_output::QuotaArithmetic;
use super::state::use_snip;
use crate::components::enum_select::{Choice, EnumSelect};
use crate::prefs::tr;
use batchlane_core::snippets::{FormError, JobStrategy, ScaleKind};
use leptos::prelude::*;

/// KEDA's names (`JobStrategy::as_str`), shown as they are.
const STRATEGIES: &[Choice<JobStrategy>] = &[
    (JobStrategy::Default, "default", "default"),
    (JobStrategy::Custom, "custom", "custom"),
    (JobStrategy::Accurate, "accurate", "accurate"),
    (JobStrategy::Eager, "eager", "eager"),
];

#[component]
pub fn ScalingFieldset(errors: Signal<Vec<FormError>>) -> impl IntoView {
    let ui = use_snip().keda;
    let err = move |field| field_error(errors, field);
    let is_job = move || ui.with(|u| u.form.kind == ScaleKind::ScaledJob);
    let strategy = Signal::derive(move || ui.with(|u| u.form.scaling_strategy));
    let set_strategy = Callback::new(move |s| ui.update(|u| u.form.scaling_strategy = s));
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
    let max_placeholder = move || if ui.with(|u| u.quota_on) { "snippets.keda.max_from_quota" } else { "snippets.keda.max_default" };
    view! {
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
    }
}

/// `maxReplicaCount` from the quota: on/off, the feed, and the arithmetic.
#[component]
pub fn QuotaFieldset(errors: Signal<Vec<FormError>>) -> impl IntoView {
    let ui = use_snip().keda;
    let err = move |field| field_error(errors, field);
    let quota_on = Signal::derive(move || ui.with(|u| u.quota_on));
    let set_quota_on = Callback::new(move |v: bool| ui.update(|u| u.quota_on = v));
    let (tpm, set_tpm) = bind_f64(ui, |u| u.quota.tpm, |u, v| u.quota.tpm = v);
    let (conc, set_conc) = bind_f64(ui, |u| u.quota.concurrency_per_replica, |u, v| u.quota.concurrency_per_replica = v);
    let (tok, set_tok) = bind_f64(ui, |u| u.quota.tokens_per_message, |u, v| u.quota.tokens_per_message = v);
    let (mpm, set_mpm) = bind_f64(ui, |u| u.quota.messages_per_minute_per_slot, |u, v| u.quota.messages_per_minute_per_slot = v);
    view! {
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
