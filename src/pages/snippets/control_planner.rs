//! The job-queue planner: jobs and the enqueued-token quota (catalog model
//! × deployment type × subscription, or typed) → which run at once, which
//! wait, the worst case with the whole completion window per job; a job
//! larger than the quota is flagged with a link to /batch's Split.

use super::fields::{ControlFields, NumField, TextField};
use super::state::use_snip;
use crate::components::enum_select::{Choice, EnumSelect};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::batch::Subscription;
use batchlane_core::facts::Scope;
use batchlane_core::format::number;
use batchlane_core::snippets::share::PlanError;
use batchlane_core::snippets::{quota_models, QueuePlan, Slot};
use leptos::prelude::*;
use std::sync::LazyLock;

/// Where the quota comes from: typed in (`true`) or the catalog's.
const SOURCES: &[Choice<bool>] = &[(false, "catalog", "snippets.cp.quota.catalog"), (true, "typed", "snippets.cp.quota.typed")];

/// The `value`s are the link's (`share::ZONES`).
const ZONES: &[Choice<Scope>] =
    &[(Scope::Global, "global", "snippets.cp.zone.global"), (Scope::DataZone, "datazone", "snippets.cp.zone.datazone")];

/// In the link's order and spelling (`share::SUBSCRIPTIONS`).
const SUBSCRIPTIONS: &[Choice<Subscription>] = &[
    (Subscription::Ea, "ea", "snippets.cp.sub.ea"),
    (Subscription::Default, "default", "snippets.cp.sub.default"),
    (Subscription::CreditCard, "credit_card", "snippets.cp.sub.creditcard"),
    (Subscription::Msdn, "msdn", "snippets.cp.sub.msdn"),
];

/// The models the catalog has an enqueued-token quota for, named as they are.
static MODELS: LazyLock<Vec<Choice<&'static str>>> = LazyLock::new(|| quota_models().into_iter().map(|m| (m, m, m)).collect());

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
                PlanError::Form(e) => e.reason().pick(lang()).to_string(),
                PlanError::NoQuota(None) => t(lang(), "snippets.cp.quota_unknown").to_string(),
                PlanError::NoQuota(Some(d)) => fill(t(lang(), "snippets.cp.quota_unknown_for"), &[("deployment", &d)]),
            })?;
            let quota = ui.quota(c).unwrap_or(0);
            Ok::<_, String>((jobs, quota, plan))
        })
    });
    let fields = ControlFields::new(st, prefs.catalog);
    let (jobs, set_jobs) = fields.text("jobs");
    let source = Signal::derive(move || st.with(|u| u.quota_typed));
    let set_source = Callback::new(move |typed| st.update(|u| u.quota_typed = typed));
    let model = Signal::derive(move || st.with(|u| MODELS.iter().find(|c| c.1 == u.model).map_or("", |c| c.0)));
    let set_model = Callback::new(move |m: &'static str| st.update(|u| u.model = m.to_string()));
    let models: &'static [Choice<&'static str>] = MODELS.as_slice();
    let zone = Signal::derive(move || st.with(|u| u.zone));
    let set_zone = Callback::new(move |z| st.update(|u| u.zone = z));
    let subscription = Signal::derive(move || st.with(|u| u.subscription));
    let set_sub = Callback::new(move |s| st.update(|u| u.subscription = s));
    let (typed, set_typed) = fields.whole("cpTokens");
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
                <EnumSelect label="snippets.cp.quota.source" choices=SOURCES value=source on_set=set_source testid="snip-cp-quota-source"/>
                <Show when=move || !is_typed() fallback=move || view! {
                    <NumField label="snippets.cp.quota.tokens" value=typed on_set=set_typed integer=true testid="snip-cp-quota-tokens"/>
                }>
                    <EnumSelect label="snippets.cp.quota.model" choices=models value=model on_set=set_model testid="snip-cp-model"/>
                    <EnumSelect label="snippets.cp.quota.zone" choices=ZONES value=zone on_set=set_zone testid="snip-cp-zone"/>
                    <EnumSelect label="snippets.cp.quota.sub" choices=SUBSCRIPTIONS value=subscription on_set=set_sub testid="snip-cp-sub"/>
                </Show>
            </div>
            <p class="snip-hint">{tr("snippets.cp.plan.from_batch")}</p>
            <p role="status" data-testid="snip-cp-plan-summary">{summary}</p>
            // On a phone the table scrolls sideways inside its card (the page does not).
            <div class="snip-plan-wrap" tabindex="0" role="region" aria-label=tr("snippets.cp.plan.table")>
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

#[cfg(test)]
mod tests {
    use super::*;
    use batchlane_core::snippets::share;

    #[test]
    fn zones_and_subscriptions_are_the_links() {
        assert_eq!(ZONES.iter().map(|c| (c.0, c.1)).collect::<Vec<_>>(), share::ZONES.to_vec());
        assert_eq!(SUBSCRIPTIONS.iter().map(|c| (c.0, c.1)).collect::<Vec<_>>(), share::SUBSCRIPTIONS.to_vec());
        assert!(!MODELS.is_empty());
    }
}
