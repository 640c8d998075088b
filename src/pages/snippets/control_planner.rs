//! The job-queue planner: jobs and the enqueued-token quota (catalog model
//! × deployment type × subscription, or typed) → which run at once, which
//! wait, the worst case with the whole completion window per job; a job
//! larger than the quota is flagged with a link to /batch's Split.

use super::fields::{bind_str, NumField, SelectField, TextField};
use super::state::use_snip;
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::format::number;
use batchlane_core::snippets::share::{sub_name, zone_name, PlanError, SUBSCRIPTIONS, ZONES};
use batchlane_core::snippets::{quota_models, QueuePlan, Slot};
use leptos::prelude::*;

fn zone_key(v: &str) -> &'static str {
    if v == "datazone" {
        "snippets.cp.zone.datazone"
    } else {
        "snippets.cp.zone.global"
    }
}

fn sub_key(v: &str) -> &'static str {
    match v {
        "ea" => "snippets.cp.sub.ea",
        "creditcard" => "snippets.cp.sub.creditcard",
        "msdn" => "snippets.cp.sub.msdn",
        _ => "snippets.cp.sub.default",
    }
}

#[component]
pub fn PlannerPanel() -> impl IntoView {
    let prefs = use_prefs();
    let st = use_snip().control;
    let lang = move || prefs.lang.get();
    let plan = Memo::new(move |_| {
        let ui = st.get();
        prefs.catalog.with(|c| {
            // Each job under its deployment's quota (`name@deployment: tokens`); the rest under this one.
            let (jobs, plan) = ui.plan(c).map_err(|e| match e {
                PlanError::Form(e) => e.reason.pick(lang()).to_string(),
                PlanError::NoQuota(None) => t(lang(), "snippets.cp.quota_unknown").to_string(),
                PlanError::NoQuota(Some(d)) => fill(t(lang(), "snippets.cp.quota_unknown_for"), &[("deployment", &d)]),
            })?;
            let quota = ui.quota(c).unwrap_or(0);
            Ok::<_, String>((jobs, quota, plan))
        })
    });
    let (jobs, set_jobs) = bind_str(st, |u| u.jobs.clone(), |u, v| u.jobs = v);
    let source_options = Signal::derive(move || {
        let l = lang();
        vec![
            ("catalog".to_string(), t(l, "snippets.cp.quota.catalog").to_string()),
            ("typed".to_string(), t(l, "snippets.cp.quota.typed").to_string()),
        ]
    });
    let source_value = Signal::derive(move || if st.with(|u| u.quota_typed) { "typed" } else { "catalog" }.to_string());
    let set_source = Callback::new(move |v: String| st.update(|u| u.quota_typed = v == "typed"));
    let model_options = Signal::derive(|| quota_models().into_iter().map(|m| (m.to_string(), m.to_string())).collect());
    let model_value = Signal::derive(move || st.with(|u| u.model.clone()));
    let set_model = Callback::new(move |v: String| st.update(|u| u.model = v));
    let zone_options = Signal::derive(move || ZONES.iter().map(|z| (z.1.to_string(), t(lang(), zone_key(z.1)).to_string())).collect());
    let zone_value = Signal::derive(move || zone_name(st.with(|u| u.zone)).to_string());
    let set_zone = Callback::new(move |v: String| {
        if let Some(z) = ZONES.iter().find(|z| z.1 == v) {
            st.update(|u| u.zone = z.0);
        }
    });
    let sub_options =
        Signal::derive(move || SUBSCRIPTIONS.iter().map(|s| (s.1.to_string(), t(lang(), sub_key(s.1)).to_string())).collect());
    let sub_value = Signal::derive(move || sub_name(st.with(|u| u.subscription)).to_string());
    let set_sub = Callback::new(move |v: String| {
        if let Some(s) = SUBSCRIPTIONS.iter().find(|s| s.1 == v) {
            st.update(|u| u.subscription = s.0);
        }
    });
    let typed = Signal::derive(move || Some(st.with(|u| u.typed_quota) as f64));
    let set_typed = Callback::new(move |v: Option<f64>| st.update(|u| u.typed_quota = v.unwrap_or(0.0) as u64));
    let is_typed = move || st.with(|u| u.quota_typed);
    let hours = move |secs: u64| number(secs as f64 / 3_600.0, lang(), 1);
    let rows = move || {
        plan.with(|p| match p {
            Ok((jobs, _, plan)) => jobs
                .iter()
                .zip(&plan.slots)
                .map(|(job, slot)| {
                    let l = lang();
                    let (when, class) = match slot {
                        Slot::Runs { wave: 0, end_seconds, .. } => {
                            (fill(t(l, "snippets.cp.plan.now"), &[("end", &hours(*end_seconds))]), "")
                        }
                        Slot::Runs { wave, start_seconds, end_seconds } => (
                            fill(t(l, "snippets.cp.plan.waits"), &[("wave", &(wave + 1).to_string()), ("start", &hours(*start_seconds)), ("end", &hours(*end_seconds))]),
                            "snip-plan--wait",
                        ),
                        Slot::TooLarge => (t(l, "snippets.cp.plan.too_large").to_string(), "snip-plan--bad"),
                    };
                    let split = matches!(slot, Slot::TooLarge);
                    view! {
                        <tr class=class>
                            <td>{job.name.clone()}</td>
                            <td class="num">{number(job.enqueued_tokens as f64, l, 0)}</td>
                            <td>{when}" "{split.then(|| view! { <a href="/batch" data-testid="snip-cp-split">{t(l, "snippets.cp.plan.split")}</a> })}</td>
                        </tr>
                    }
                })
                .collect_view()
                .into_any(),
            Err(_) => ().into_any(),
        })
    };
    let summary = move || {
        plan.with(|p| match p {
            Ok((_, quota, plan)) => summary_text(plan, *quota, lang(), &hours),
            Err(e) => e.clone(),
        })
    };
    view! {
        <section class="snip-card snip-planner" aria-labelledby="snip-cp-plan-h">
            <h3 id="snip-cp-plan-h">{tr("snippets.cp.plan.title")}</h3>
            <p class="muted">{tr("snippets.cp.plan.intro")}</p>
            <div class="snip-grid">
                <TextField label="snippets.cp.plan.jobs" value=jobs on_set=set_jobs testid="snip-cp-jobs" wide=true placeholder="name: tokens; …"/>
                <SelectField label="snippets.cp.quota.source" options=source_options value=source_value on_set=set_source testid="snip-cp-quota-source"/>
                <Show when=move || !is_typed() fallback=move || view! {
                    <NumField label="snippets.cp.quota.tokens" value=typed on_set=set_typed integer=true testid="snip-cp-quota-tokens"/>
                }>
                    <SelectField label="snippets.cp.quota.model" options=model_options value=model_value on_set=set_model testid="snip-cp-model"/>
                    <SelectField label="snippets.cp.quota.zone" options=zone_options value=zone_value on_set=set_zone testid="snip-cp-zone"/>
                    <SelectField label="snippets.cp.quota.sub" options=sub_options value=sub_value on_set=set_sub testid="snip-cp-sub"/>
                </Show>
            </div>
            <p class="snip-hint">{tr("snippets.cp.plan.from_batch")}</p>
            <p role="status" data-testid="snip-cp-plan-summary">{summary}</p>
            // On a phone the table scrolls sideways inside its card (the page does not).
            <div class="snip-plan-wrap" tabindex="0" role="region" aria-labelledby="snip-cp-plan-h">
                <table class="snip-plan" data-testid="snip-cp-plan">
                    <thead><tr><th>{tr("snippets.cp.plan.job")}</th><th>{tr("snippets.cp.plan.tokens")}</th><th>{tr("snippets.cp.plan.when")}</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}

fn summary_text(plan: &QueuePlan, quota: u64, lang: crate::i18n::Lang, hours: &dyn Fn(u64) -> String) -> String {
    let at_once = plan.slots.iter().filter(|s| matches!(s, Slot::Runs { wave: 0, .. })).count();
    let waiting = plan.slots.iter().filter(|s| matches!(s, Slot::Runs { wave, .. } if *wave > 0)).count();
    let too_large = plan.slots.iter().filter(|s| matches!(s, Slot::TooLarge)).count();
    fill(
        t(lang, "snippets.cp.plan.summary"),
        &[
            ("quota", &number(quota as f64, lang, 0)),
            ("now", &at_once.to_string()),
            ("waiting", &waiting.to_string()),
            ("too_large", &too_large.to_string()),
            ("worst", &hours(plan.worst_case_seconds)),
        ],
    )
}
