//! ScaledObject extras, off by default: `spec.fallback` (replicas to hold
//! while the scaler fails; `behavior` only where the KEDA version has it)
//! and `spec.advanced.scalingModifiers` (formula and target).

use super::fields::{bind_int, bind_str, reason_for, CheckField, NumField, TextField};
use super::state::use_snip;
use crate::components::enum_select::{Choice, EnumSelect};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::snippets::{keda_for_aks, parse_kubernetes_minor, FallbackBehavior, FormError, KedaFeature};
use leptos::prelude::*;

/// `fallback.behavior`, unset or KEDA's names (`FallbackBehavior::as_str`, as in links), shown as they are.
const BEHAVIORS: &[Choice<Option<FallbackBehavior>>] = &[
    (None, "", "snippets.keda.fb_behavior_unset"),
    (Some(FallbackBehavior::Static), "static", "static"),
    (Some(FallbackBehavior::CurrentReplicas), "currentReplicas", "currentReplicas"),
    (Some(FallbackBehavior::CurrentReplicasIfHigher), "currentReplicasIfHigher", "currentReplicasIfHigher"),
    (Some(FallbackBehavior::CurrentReplicasIfLower), "currentReplicasIfLower", "currentReplicasIfLower"),
];

#[component]
pub fn KedaAdvanced(errors: Signal<Vec<FormError>>) -> impl IntoView {
    let prefs = use_prefs();
    let err = move |field: &'static str| Signal::derive(move || errors.with(|e| reason_for(e, field, prefs.lang.get())));
    let ui = use_snip().keda;
    let fallback_on = Signal::derive(move || ui.with(|u| u.fallback_on));
    let set_fallback_on = Callback::new(move |v: bool| ui.update(|u| u.fallback_on = v));
    let modifiers_on = Signal::derive(move || ui.with(|u| u.modifiers_on));
    let set_modifiers_on = Callback::new(move |v: bool| ui.update(|u| u.modifiers_on = v));
    let (threshold, set_threshold) = bind_int(ui, |u| u.fallback.failure_threshold, |u, v| u.fallback.failure_threshold = v);
    let (replicas, set_replicas) = bind_int(ui, |u| u.fallback.replicas, |u, v| u.fallback.replicas = v);
    let (formula, set_formula) = bind_str(ui, |u| u.modifiers.formula.clone(), |u, v| u.modifiers.formula = v);
    let (mtarget, set_mtarget) = bind_str(ui, |u| u.modifiers.target.clone(), |u, v| u.modifiers.target = v);
    // The KEDA version the AKS version brings, and whether it has fallback.behavior.
    let keda = Memo::new(move |_| ui.with(|u| parse_kubernetes_minor(&u.form.aks_kubernetes_version).and_then(keda_for_aks)));
    let behavior_ok = move || keda.get().is_some_and(|k| prefs.catalog.with(|c| k.keda.supports(KedaFeature::FallbackBehavior, c)));
    let behavior = Signal::derive(move || ui.with(|u| u.fallback.behavior));
    let set_behavior = Callback::new(move |b| ui.update(|u| u.fallback.behavior = b));
    let behavior_missing = move || {
        let lang = prefs.lang.get();
        let since = prefs.catalog.with(|c| KedaFeature::FallbackBehavior.since(c).to_string());
        let have = keda.get().map(|k| k.keda.to_string()).unwrap_or_else(|| "?".into());
        fill(t(lang, "snippets.keda.fb_behavior_missing"), &[("since", &since), ("keda", &have)])
    };
    let modifiers_missing = move || keda.get().is_some_and(|k| !prefs.catalog.with(|c| k.keda.supports(KedaFeature::ScalingModifiers, c)));
    view! {
        <fieldset data-testid="snip-keda-fallback">
            <legend>{tr("snippets.keda.fallback")}</legend>
            <CheckField label="snippets.keda.fb_on" value=fallback_on on_set=set_fallback_on testid="snip-keda-fallback-on"/>
            <Show when=move || fallback_on.get()>
                <div class="snip-grid">
                    <NumField label="snippets.keda.fb_threshold" value=threshold on_set=set_threshold integer=true error=err("fallback.failure_threshold") testid="snip-keda-fb-threshold"/>
                    <NumField label="snippets.keda.fb_replicas" value=replicas on_set=set_replicas integer=true error=err("fallback.replicas") testid="snip-keda-fb-replicas"/>
                    <Show when=behavior_ok>
                        <EnumSelect label="snippets.keda.fb_behavior" choices=BEHAVIORS value=behavior on_set=set_behavior testid="snip-keda-fb-behavior"/>
                    </Show>
                </div>
                <Show when=move || !behavior_ok()>
                    <p class="snip-hint" data-testid="snip-keda-fb-behavior-missing">{behavior_missing}</p>
                </Show>
            </Show>
            <p class="snip-hint">{tr("snippets.keda.fb_hint")}</p>
        </fieldset>
        <fieldset data-testid="snip-keda-modifiers">
            <legend>{tr("snippets.keda.modifiers")}</legend>
            <CheckField label="snippets.keda.mod_on" value=modifiers_on on_set=set_modifiers_on testid="snip-keda-modifiers-on"/>
            <Show when=move || modifiers_on.get()>
                <div class="snip-grid">
                    <TextField label="snippets.keda.mod_formula" value=formula on_set=set_formula error=err("scaling_modifiers") testid="snip-keda-formula" wide=true/>
                    <TextField label="snippets.keda.mod_target" value=mtarget on_set=set_mtarget testid="snip-keda-mod-target"/>
                </div>
                <Show when=modifiers_missing>
                    <p class="snip-hint" data-testid="snip-keda-modifiers-missing">{tr("snippets.keda.mod_missing")}</p>
                </Show>
            </Show>
            <p class="snip-hint">{tr("snippets.keda.mod_hint")}</p>
        </fieldset>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaviors_are_kedas_names() {
        assert!(BEHAVIORS.iter().all(|c| c.0.map_or("", FallbackBehavior::as_str) == c.1));
        assert!(BEHAVIORS.iter().skip(1).all(|c| c.1 == c.2));
    }
}
