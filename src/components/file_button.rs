//! A file picker in the page's language: a labelled button over a hidden
//! `<input type="file">`. The browser's own control names itself and the
//! chosen file in the browser's language ("Choose File", "No file
//! chosen"), not the page's; the page shows the file's name itself.

use crate::prefs::tr;
use leptos::prelude::*;

#[component]
pub fn FileButton(
    /// Translation key of the button's text.
    label: &'static str,
    /// The input's `accept` list.
    accept: &'static str,
    testid: &'static str,
    on_change: Callback<web_sys::Event>,
    /// The input's own name for assistive technology, when the button's
    /// text alone does not say which file (e.g. "Output file").
    #[prop(optional, into)]
    aria_label: Option<Signal<String>>,
    #[prop(optional)] node_ref: NodeRef<leptos::html::Input>,
    /// A small button (beside other controls).
    #[prop(optional)]
    small: bool,
) -> impl IntoView {
    view! {
        <label class=if small { "button button--small file-button" } else { "button file-button" }>
            {tr(label)}
            <input
                type="file"
                class="visually-hidden"
                accept=accept
                data-testid=testid
                node_ref=node_ref
                aria-label=move || aria_label.map(|l| l.get())
                on:change=move |ev| on_change.run(ev)
            />
        </label>
    }
}
