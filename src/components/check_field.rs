//! A labelled checkbox bound to a boolean.

use crate::prefs::tr;
use leptos::prelude::*;

#[component]
pub fn CheckField(
    /// Translation key of the label.
    label: &'static str,
    #[prop(into)] value: Signal<bool>,
    on_set: Callback<bool>,
    #[prop(optional)] testid: &'static str,
    #[prop(into, default = None)] disabled: Option<Signal<bool>>,
    /// The label's classes (default "check").
    #[prop(optional)]
    class: Option<&'static str>,
) -> impl IntoView {
    view! {
        <label class=class.unwrap_or("check")>
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=move || value.get()
                on:change=move |ev| on_set.run(event_target_checked(&ev))
                disabled=move || disabled.is_some_and(|d| d.get())
            />
            <span>{tr(label)}</span>
        </label>
    }
}
