//! A labelled multi-line text box for pasted files (JSON lines, a job
//! object): no spell checking, the text kept by the page.

use crate::prefs::tr;
use leptos::prelude::*;

#[component]
pub fn TextArea(
    /// Translation key of the label.
    label: &'static str,
    #[prop(into)] value: Signal<String>,
    on_input: Callback<String>,
    #[prop(optional)] testid: Option<&'static str>,
    /// Extra classes on the field.
    #[prop(optional)]
    class: Option<&'static str>,
    #[prop(default = 5)] rows: u32,
) -> impl IntoView {
    view! {
        <label class=class.map_or_else(|| "field".to_string(), |c| format!("field {c}"))>
            <span>{tr(label)}</span>
            <textarea
                rows=rows
                spellcheck="false"
                data-testid=testid
                prop:value=move || value.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
            ></textarea>
        </label>
    }
}
