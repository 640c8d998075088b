//! A labelled number input: the text as typed, the reason it is refused
//! under it (role="alert", `aria-invalid`, `aria-describedby`), an optional
//! hint. What the text means (a query key, a parsed member) is the caller's.

use crate::prefs::tr;
use leptos::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh DOM id (`{prefix}-{n}`) for `for`/`aria-describedby`.
pub fn next_id(prefix: &str) -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    format!("{prefix}-{}", N.fetch_add(1, Ordering::Relaxed))
}

#[component]
pub fn NumField(
    /// Translation key of the label.
    label: &'static str,
    /// The text in the box.
    #[prop(into)]
    value: Signal<String>,
    /// Called with the text on every keystroke.
    on_input: Callback<String>,
    /// Why the value is refused, already in the UI's language.
    #[prop(into, optional)]
    error: Signal<Option<String>>,
    #[prop(into, optional)] testid: String,
    /// The input's id (a fresh one when not given).
    #[prop(into, default = None)]
    id: Option<String>,
    /// `data-testid` of the reason.
    #[prop(into, default = None)]
    error_testid: Option<String>,
    /// Translation key of a short hint under the input.
    #[prop(into, default = None)]
    hint: Option<&'static str>,
    /// A placeholder, in the UI's language.
    #[prop(into, default = None)]
    placeholder: Option<Signal<String>>,
    #[prop(into, default = None)] disabled: Option<Signal<bool>>,
    /// Whole numbers only (a numeric keypad on phones).
    #[prop(optional)]
    integer: bool,
    /// An extra class on the field; `{class}--invalid` is added while refused.
    #[prop(into, default = None)]
    class: Option<&'static str>,
) -> impl IntoView {
    let id = id.unwrap_or_else(|| next_id("num"));
    let err_id = format!("{id}-err");
    let invalid = move || error.with(|e| e.is_some());
    let classes = move || match (class, invalid()) {
        (Some(c), true) => format!("field {c} {c}--invalid"),
        (Some(c), false) => format!("field {c}"),
        (None, _) => "field".to_string(),
    };
    let placeholder = move || placeholder.map(|p| p.get());
    let described = err_id.clone();
    view! {
        <div class=classes>
            <label for=id.clone()>{tr(label)}</label>
            <input
                id=id
                type="text"
                inputmode=if integer { "numeric" } else { "decimal" }
                autocomplete="off"
                data-testid=testid
                placeholder=placeholder
                aria-invalid=move || invalid().to_string()
                aria-describedby=move || invalid().then(|| described.clone())
                prop:value=move || value.get()
                disabled=move || disabled.is_some_and(|d| d.get())
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
            {hint.map(|h| view! { <small class="muted">{tr(h)}</small> })}
            {move || error.get().map(|e| view! {
                <span class="field-error" id=err_id.clone() role="alert" data-testid=error_testid.clone()>{e}</span>
            })}
        </div>
    }
}
