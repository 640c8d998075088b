//! A labelled text-number input bound to one query key, with its inline
//! reason (aria-invalid, aria-describedby) when the value is refused.

use super::{pick, use_quota};
use crate::prefs::{tr, use_prefs};
use batchlane_core::quota::plan::Field;
use batchlane_core::quota::text::Text;
use leptos::prelude::*;

/// The planner's reason for `field`, reactive.
pub fn plan_reason(field: Field) -> Signal<Option<Text>> {
    let (_, checked) = use_quota();
    Signal::derive(move || checked.with(|c| super::state::reason_for(&c.errors, field)))
}

#[component]
pub fn NumField(
    /// The query key the value is stored under.
    key: &'static str,
    /// Translation key of the label.
    label: &'static str,
    reason: Signal<Option<Text>>,
    /// Translation key of a short hint under the input.
    #[prop(optional)]
    hint: Option<&'static str>,
    /// Shown instead of the stored text (e.g. a catalog value when unset).
    #[prop(optional, into)]
    display: Option<Signal<String>>,
    #[prop(optional, into)] disabled: Option<Signal<bool>>,
) -> impl IntoView {
    let prefs = use_prefs();
    let (st, _) = use_quota();
    let id = format!("q-{key}");
    let err_id = format!("q-{key}-err");
    let invalid = move || reason.with(|r| r.is_some());
    let value = move || match display {
        Some(d) => d.get(),
        None => st.get(key),
    };
    let describedby = {
        let err_id = err_id.clone();
        move || if invalid() { err_id.clone() } else { String::new() }
    };
    view! {
        <div class="field quota-field" class:quota-field--invalid=invalid>
            <label for=id.clone()>{tr(label)}</label>
            <input
                id=id.clone()
                type="text"
                inputmode="decimal"
                autocomplete="off"
                data-testid=id.clone()
                aria-invalid=move || invalid().to_string()
                aria-describedby=describedby
                prop:value=value
                disabled=move || disabled.is_some_and(|d| d.get())
                on:input=move |ev| st.set(key, event_target_value(&ev))
            />
            {hint.map(|h| view! { <small class="muted">{tr(h)}</small> })}
            <Show when=invalid>
                <span class="field-error" id=err_id.clone() role="alert" data-testid=format!("q-{key}-reason")>
                    {move || reason.with(|r| r.as_ref().map(|t| pick(t, prefs.lang.get())).unwrap_or_default())}
                </span>
            </Show>
        </div>
    }
}
