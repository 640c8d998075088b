//! The planner form: model, deployment type, quota and traffic.

use super::field::{plan_reason, NumField};
use super::use_quota;
use crate::components::region_select::RegionSelect;
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::facts::{DeploymentType, Kind, QuotaTier};
use batchlane_core::quota::share::{OWN_NUMBERS, UNSET};
use batchlane_core::quota::{default_tpm, num, planner_model, planner_models, Field};
use leptos::prelude::*;

/// The deployment type's product name (the same in both languages).
pub fn deployment_name(d: DeploymentType) -> &'static str {
    d.product_name()
}

#[component]
pub fn PlanForm() -> impl IntoView {
    let prefs = use_prefs();
    let (st, checked) = use_quota();
    // The catalog in use: a model an imported tier page adds is listed too.
    let models = Memo::new(move |_| prefs.catalog.with(planner_models));
    let model = move || st.get("m");
    let provisioned = move || checked.with(|c| c.input.deployment.is_provisioned());
    let catalog_model = move || prefs.catalog.with(|c| planner_model(c, &st.get("m")));
    let catalog_ratio = move || catalog_model().and_then(|m| prefs.catalog.with(|c| c.get(Kind::RpmPer1kTpm, &m)));
    let catalog_max = move || catalog_model().and_then(|m| prefs.catalog.with(|c| c.get(Kind::MaxOutputTokens, &m)));
    let ratio_unset = move || st.get("r") == UNSET;
    let ratio_display = Signal::derive(move || if ratio_unset() { catalog_ratio().map(num).unwrap_or_default() } else { st.get("r") });
    let max_unset = move || st.get("mx") == UNSET;
    // The last number typed into max_tokens, restored when "unset" is cleared.
    let default_max = batchlane_core::quota::PlanInput::default().max_tokens.unwrap_or(1.0).to_string();
    let last_max = StoredValue::new(if st.get_untracked("mx") == UNSET { default_max } else { st.get_untracked("mx") });
    let max_display =
        Signal::derive(move || if max_unset() { catalog_max().map(|m| m.to_string()).unwrap_or_default() } else { st.get("mx") });
    let model_reason = plan_reason(Field::Model);
    let dep_reason = plan_reason(Field::Deployment);
    let lang = move || prefs.lang.get();
    // With a tier chosen, the table's TPM for the model and deployment type
    // becomes the field's value (the user may still change it).
    let refill_tpm = move || {
        let tier = QuotaTier::from_code(&st.get_untracked("qt")).filter(|t| t.number().is_some());
        let deployment = DeploymentType::from_code(&st.get_untracked("d"));
        let model = prefs.catalog.with_untracked(|c| planner_model(c, &st.get_untracked("m")));
        let (Some(_), Some(deployment), Some(model)) = (tier, deployment, model) else { return };
        let input = batchlane_core::quota::PlanInput { model: model.clone(), deployment, tier, ..Default::default() };
        if let Some(tpm) = prefs.catalog.with_untracked(|c| default_tpm(c, &model, &input)) {
            st.set("tpm", tpm.to_string());
        }
    };

    view! {
        <form class="quota-form" aria-labelledby="quota-form-h" on:submit=|ev| ev.prevent_default()>
            <h2 id="quota-form-h">{tr("quota.form.title")}</h2>
            <fieldset>
                <legend>{tr("quota.form.deployment")}</legend>
                <div class="field quota-field">
                    <label for="q-m">{tr("quota.f.model")}</label>
                    <select id="q-m" data-testid="q-m"
                        aria-invalid=move || model_reason.with(|r| r.is_some()).to_string()
                        on:change=move |ev| {
                            st.set("m", event_target_value(&ev));
                            refill_tpm();
                        }>
                        {move || {
                            let current = model();
                            let mut names: Vec<String> = models.get();
                            if !names.contains(&current) {
                                names.insert(0, current.clone());
                            }
                            names.into_iter().map(|n| {
                                let sel = n == current;
                                view! { <option value=n.clone() selected=sel>{n.clone()}</option> }
                            }).collect_view()
                        }}
                    </select>
                    {move || model_reason.get().map(|r| view! { <span class="field-error" role="alert">{r.pick(lang()).to_string()}</span> })}
                </div>
                <div class="field quota-field">
                    <label for="q-d">{tr("quota.f.deployment")}</label>
                    <select id="q-d" data-testid="q-d" on:change=move |ev| {
                        st.set("d", event_target_value(&ev));
                        refill_tpm();
                    }>
                        {DeploymentType::ALL.into_iter().map(|d| {
                            view! {
                                <option value=d.code() selected=move || st.get("d") == d.code()>{deployment_name(d)}</option>
                            }
                        }).collect_view()}
                    </select>
                    {move || dep_reason.get().map(|r| view! { <span class="field-error" role="alert">{r.pick(lang()).to_string()}</span> })}
                </div>
                <RegionSelect id="q-rg" class="field quota-field" value=Signal::derive(move || st.get("rg"))
                    on_change=Callback::new(move |v: String| st.set("rg", v))/>
                <Show when=move || !provisioned()>
                    <div class="field quota-field">
                        <label for="q-qt">{tr("quota.f.tier")}</label>
                        <select id="q-qt" data-testid="q-qt" aria-describedby="q-qt-hint" on:change=move |ev| {
                            st.set("qt", event_target_value(&ev));
                            refill_tpm();
                        }>
                            <option value=OWN_NUMBERS selected=move || st.get("qt") == OWN_NUMBERS>{tr("quota.f.tier_own")}</option>
                            {QuotaTier::PAID.into_iter().map(|q| {
                                let n = q.code();
                                view! {
                                    <option value=n selected=move || st.get("qt") == n>{move || fill(t(lang(), "quota.f.tier_n"), &[("n", n)])}</option>
                                }
                            }).collect_view()}
                        </select>
                        <span class="muted" id="q-qt-hint">{tr("quota.f.tier_hint")}</span>
                    </div>
                </Show>
                <Show when=move || !provisioned() fallback=move || view! {
                    <NumField key="ptu" label="quota.f.ptu" reason=plan_reason(Field::AllocatedPtu)/>
                }>
                    <NumField key="tpm" label="quota.f.tpm" reason=plan_reason(Field::AllocatedTpm)/>
                </Show>
                <div class="quota-ratio">
                    <NumField key="r" label="quota.f.ratio" reason=plan_reason(Field::RpmPer1kTpm) display=ratio_display/>
                    <p class="muted quota-ratio__src" data-testid="q-r-source">
                        {move || if ratio_unset() {
                            view! { <span class="badge">{tr("quota.f.ratio_catalog")}</span> }.into_any()
                        } else {
                            let cat = catalog_ratio().map(num).unwrap_or_else(|| "—".into());
                            view! {
                                <span class="badge badge--warn">{tr("quota.f.ratio_custom")}</span>" "
                                <button type="button" class="button button--small" on:click=move |_| st.set("r", UNSET.to_string())>
                                    {move || format!("{} ({})", t(lang(), "quota.f.ratio_reset"), cat)}
                                </button>
                            }.into_any()
                        }}
                    </p>
                </div>
            </fieldset>
            <fieldset>
                <legend>{tr("quota.form.traffic")}</legend>
                <div class="quota-grid2">
                    <NumField key="pk" label="quota.f.peak" reason=plan_reason(Field::PeakRpm)/>
                    <NumField key="av" label="quota.f.avg" reason=plan_reason(Field::AverageRpm)/>
                    <NumField key="pt" label="quota.f.prompt" reason=plan_reason(Field::PromptTokens)/>
                    <NumField key="ca" label="quota.f.cached" reason=plan_reason(Field::CachedPromptTokens)/>
                    <NumField key="ot" label="quota.f.output" reason=plan_reason(Field::OutputTokens)/>
                    <div class="quota-max">
                        <NumField key="mx" label="quota.f.max_tokens" reason=plan_reason(Field::MaxTokens)
                            display=max_display disabled=Signal::derive(max_unset)/>
                        <label class="quota-check">
                            <input type="checkbox" data-testid="q-mx-unset"
                                prop:checked=max_unset
                                on:change=move |ev| {
                                    if event_target_checked(&ev) {
                                        last_max.set_value(st.get_untracked("mx"));
                                        st.set("mx", UNSET.to_string());
                                    } else {
                                        st.set("mx", last_max.get_value());
                                    }
                                }/>
                            <span>{tr("quota.f.max_unset")}</span>
                        </label>
                    </div>
                    <NumField key="n" label="quota.f.n" reason=plan_reason(Field::N)/>
                    <NumField key="b" label="quota.f.burst" reason=plan_reason(Field::BurstFactor) hint="quota.f.burst_hint"/>
                    <NumField key="bs" label="quota.f.batchable" reason=plan_reason(Field::BatchableShare) hint="quota.f.batchable_hint"/>
                </div>
            </fieldset>
        </form>
    }
}
