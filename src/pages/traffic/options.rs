//! The options: quota tier, PTU pricing, the region, and per deployment its model (when
//! the data does not say), type and typed limits, with where the limits in
//! use came from. Rows are keyed by deployment, so a re-run (after every
//! change) keeps the boxes and their focus.

use super::state::{typed_number, State};
use super::text::{model_source_label, rate, source_label, type_name};
use crate::components::enum_select::{Choice, EnumSelect};
use crate::components::region_select::{RegionSelect, ANY};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use crate::state::UrlState;
use batchlane_core::cost::PtuPricing;
use batchlane_core::facts::{DeploymentType, QuotaTier};
use batchlane_core::traffic::ModelSource;
use leptos::prelude::*;

const PRICING: &[Choice<PtuPricing>] = &[
    (PtuPricing::Hourly, "hourly", "traffic.pricing.hourly"),
    (PtuPricing::Monthly, "monthly", "traffic.pricing.monthly"),
    (PtuPricing::Yearly, "yearly", "traffic.pricing.yearly"),
];

fn set_pair(url: UrlState, key: &str, value: &str) {
    url.pairs.update(|p| {
        p.retain(|(k, _)| k != key);
        p.push((key.to_string(), value.to_string()));
    });
}

#[component]
pub fn OptionsPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let url = expect_context::<UrlState>();
    let prefs = use_prefs();
    let names = Memo::new(move |_| {
        state.report.with(|r| r.as_ref().map(|r| r.deployments.iter().map(|d| d.name.clone()).collect::<Vec<_>>()).unwrap_or_default())
    });
    view! {
        <Show when=move || !names.with(Vec::is_empty)>
            <section class="traffic-panel traffic-options" aria-labelledby="traffic-options-title" data-testid="traffic-options">
                <h2 id="traffic-options-title">{tr("traffic.options.title")}</h2>
                <div class="traffic-options__global">
                    <label class="field">
                        <span>{tr("traffic.options.tier")}</span>
                        <select data-testid="traffic-tier" prop:value=move || state.tier.get().code()
                            on:change=move |ev| {
                                if let Some(v) = QuotaTier::from_code(&event_target_value(&ev)) {
                                    set_pair(url, "tier", v.code());
                                }
                            }>
                            {QuotaTier::ALL.into_iter().map(|q| view! {
                                <option value=q.code() selected=move || state.tier.get() == q>{move || match q.number() {
                                    Some(n) => fill(t(prefs.lang.get(), "traffic.tier.n"), &[("n", &n.to_string())]),
                                    None => t(prefs.lang.get(), "traffic.tier.free").to_string(),
                                }}</option>
                            }).collect_view()}
                        </select>
                    </label>
                    <EnumSelect label="traffic.options.pricing" choices=PRICING value=state.pricing
                        on_set=Callback::new(move |v: PtuPricing| set_pair(url, "ptu", v.code())) testid="traffic-pricing"/>
                    // Regional deployments' token and PTU prices are the region's.
                    <RegionSelect id="traffic-region" class="field" value=Signal::derive(move || state.region.get().unwrap_or_else(|| ANY.to_string()))
                        on_change=Callback::new(move |v: String| set_pair(url, "region", &v))/>
                </div>
                <p class="muted traffic-options__hint">{tr("traffic.options.hint")}</p>
                <div class="traffic-deps">
                    <For each=move || names.get() key=|n| n.clone() let:name>
                        <DeploymentRow name=name/>
                    </For>
                </div>
            </section>
        </Show>
    }
}

#[component]
fn DeploymentRow(name: String) -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let key = StoredValue::new(name.clone());
    let dep = Memo::new(move |_| {
        state.report.with(|r| r.as_ref().and_then(|r| r.deployments.iter().find(|d| key.with_value(|k| d.name == *k)).cloned()))
    });
    let slug: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    let id = |what: &str| format!("traffic-{what}-{slug}");
    let (model_id, type_id, tpm_id, rpm_id) = (id("model"), id("type"), id("tpm"), id("rpm"));
    let limits_used = move || {
        let lang = prefs.lang.get();
        dep.with(|d| {
            let d = d.as_ref()?;
            let src = source_label(lang, d.limits.as_ref().map(|l| &l.source));
            Some(match &d.limits {
                Some(l) => format!("{} TPM · {} RPM — {src}", rate(l.tpm), rate(l.rpm)),
                None => src,
            })
        })
    };
    let model_known =
        move || dep.with(|d| d.as_ref().is_some_and(|d| !matches!(d.model_source, ModelSource::Unknown | ModelSource::Picked)));
    let model_text = move || dep.with(|d| d.as_ref().and_then(|d| d.model.clone()).unwrap_or_default());
    let model_src = move || dep.with(|d| d.as_ref().map(|d| model_source_label(prefs.lang.get(), d.model_source)).unwrap_or_default());
    let typed_model =
        move || state.models.with(|m| key.with_value(|k| m.iter().find(|(d, _)| d == k).map(|(_, v)| v.clone()).unwrap_or_default()));
    let dtype = move || dep.with(|d| d.as_ref().map(|d| d.deployment_type.code()).unwrap_or("global"));
    let tpm = move || key.with_value(|k| state.limit_text(k).tpm);
    let rpm = move || key.with_value(|k| state.limit_text(k).rpm);
    let bad = move |v: String| matches!(typed_number(&v), Some(Err(())));
    let tpm_err = move || {
        let lang = prefs.lang.get();
        if bad(tpm()) || bad(rpm()) {
            Some(t(lang, "traffic.options.bad_number"))
        } else if tpm().trim().is_empty() && !rpm().trim().is_empty() {
            Some(t(lang, "traffic.options.rpm_needs_tpm"))
        } else {
            None
        }
    };
    let provisioned = move || dep.with(|d| d.as_ref().is_some_and(|d| d.is_provisioned()));
    view! {
        <fieldset class="traffic-dep" data-testid="traffic-dep-options" data-deployment=name.clone()>
            <legend>{name.clone()}</legend>
            <div class="field">
                <label for=model_id.clone()>{tr("traffic.options.model")}</label>
                {move || if model_known() {
                    view! { <span class="traffic-dep__model">{model_text()}" "<small class="muted">{model_src()}</small></span> }.into_any()
                } else {
                    let id = model_id.clone();
                    view! {
                        <input id=id type="text" autocomplete="off" spellcheck="false" data-testid="traffic-model"
                            placeholder="gpt-4o"
                            prop:value=typed_model
                            on:change=move |ev| key.with_value(|k| state.set_model(k, event_target_value(&ev)))/>
                    }.into_any()
                }}
            </div>
            <div class="field">
                <label for=type_id.clone()>{tr("traffic.options.type")}</label>
                <select id=type_id data-testid="traffic-type" prop:value=dtype
                    on:change=move |ev| {
                        if let Some(t) = DeploymentType::from_code(&event_target_value(&ev)) {
                            key.with_value(|k| state.set_type(k, t));
                        }
                    }>
                    {DeploymentType::ALL.into_iter().map(|d| view! {
                        <option value=d.code() selected=move || dtype() == d.code()>{type_name(d)}</option>
                    }).collect_view()}
                </select>
            </div>
            <Show when=move || !provisioned()>
                <div class="field traffic-dep__num">
                    <label for=tpm_id.clone()>{tr("traffic.options.tpm")}</label>
                    <input id=tpm_id.clone() type="text" inputmode="decimal" autocomplete="off" data-testid="traffic-tpm"
                        placeholder=move || tr("traffic.options.from_catalog")()
                        prop:value=tpm
                        on:input=move |ev| key.with_value(|k| state.set_limit(k, Some(event_target_value(&ev)), None))/>
                </div>
                <div class="field traffic-dep__num">
                    <label for=rpm_id.clone()>{tr("traffic.options.rpm")}</label>
                    <input id=rpm_id.clone() type="text" inputmode="decimal" autocomplete="off" data-testid="traffic-rpm"
                        placeholder=move || tr("traffic.options.from_catalog")()
                        prop:value=rpm
                        on:input=move |ev| key.with_value(|k| state.set_limit(k, None, Some(event_target_value(&ev))))/>
                </div>
            </Show>
            {move || tpm_err().map(|e| view! { <p class="field-error" role="alert">{e}</p> })}
            <p class="traffic-dep__limits muted" data-testid="traffic-limits-source">
                {tr("traffic.options.in_use")}" "{limits_used}
            </p>
        </fieldset>
    }
}
