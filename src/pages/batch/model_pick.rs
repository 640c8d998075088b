//! The model behind the deployment, at the top of the summary: the guess
//! made from the deployment name (changeable), or — when there is none — the
//! prompt to pick it, since without it output caps, quota and price are missing.

use super::use_state;
use crate::i18n::tx;
use crate::i18n::{fill, t};
use crate::prefs::use_prefs;
use batchlane_core::batch::{ModelSource, Report};
use batchlane_core::facts::{ModelKind, MODELS};
use leptos::prelude::*;
use std::sync::Arc;

/// Whether the summary must lead with "pick the model" (requests were read,
/// the file names a deployment, and no catalog model was found for it).
pub fn needs_model(r: &Report) -> bool {
    r.summary.model_source == ModelSource::Unknown && r.summary.model.is_some() && r.summary.requests > 0
}

#[component]
pub fn ModelPick(report: Arc<Report>) -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let s = &report.summary;
    let source = s.model_source;
    let deployment = s.model.clone().unwrap_or_default();
    let guess = s.catalog_model.clone().unwrap_or_default();
    if !matches!(source, ModelSource::Guessed) && !needs_model(&report) {
        return None;
    }
    let text = {
        let (deployment, guess) = (deployment.clone(), guess.clone());
        move || {
            let lang = prefs.lang.get();
            match source {
                ModelSource::Guessed => fill(t(lang, "batch.model.guessed"), &[("model", &guess), ("name", &deployment)]),
                _ => fill(t(lang, "batch.model.pick"), &[("name", &deployment)]),
            }
        }
    };
    let options =
        MODELS.iter().filter(|m| m.kind != ModelKind::Embedding).map(|m| view! { <option value=m.name>{m.name}</option> }).collect_view();
    let guessed = source == ModelSource::Guessed;
    let current = move || {
        let picked = state.model.get();
        if picked.is_empty() {
            guess.clone()
        } else {
            picked
        }
    };
    Some(view! {
        <div
            class="batch-model-pick"
            class:batch-model-pick--unknown=!guessed
            data-testid="batch-model-pick"
            data-source=if guessed { "guessed" } else { "unknown" }
            role=if guessed { "status" } else { "alert" }
        >
            <p>{text}</p>
            <label class="field field--inline">
                <span>{tx("batch.model.behind", prefs.lang)}</span>
                <select
                    data-testid="batch-summary-model"
                    on:change=move |ev| state.model.set(event_target_value(&ev))
                    prop:value=current
                >
                    <option value="">{tx("batch.model.choose", prefs.lang)}</option>
                    {options}
                </select>
            </label>
        </div>
    })
}
