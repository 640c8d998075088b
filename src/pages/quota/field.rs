//! A labelled text-number input bound to one query key, with its inline
//! reason (aria-invalid, aria-describedby) when the value is refused.

use super::use_quota;
use crate::components::num_field::NumField as NumInput;
use crate::prefs::use_prefs;
use batchlane_core::quota::Field;
use batchlane_core::text::Text;
use leptos::prelude::*;

/// The planner's reason for `field`, reactive.
pub fn plan_reason(field: Field) -> Signal<Option<Text>> {
    let (_, checked) = use_quota();
    Signal::derive(move || checked.with(|c| super::state::reason_for(&c.errors, field)))
}

/// The shared number field bound to one query key: id and test id
/// `q-{key}`, the reason `q-{key}-reason`.
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
    let value = Signal::derive(move || match display {
        Some(d) => d.get(),
        None => st.get(key),
    });
    let error = Signal::derive(move || reason.with(|r| r.as_ref().map(|t| t.pick(prefs.lang.get()).to_string())));
    let id = format!("q-{key}");
    view! {
        <NumInput
            label=label
            value=value
            on_input=Callback::new(move |v| st.set(key, v))
            error=error
            testid=id.clone()
            id=id.clone()
            error_testid=format!("{id}-reason")
            hint=hint
            disabled=disabled
            class="quota-field"
        />
    }
}
