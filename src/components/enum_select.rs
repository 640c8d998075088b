//! A labelled `<select>` over a fixed set of choices: each choice is a
//! value of the page's type, the `value` attribute it is written as (what
//! URLs and the e2e tests use) and the translation key of its label.

use crate::i18n::lookup;
use crate::prefs::{tr, use_prefs};
use leptos::prelude::*;

/// One choice: the value, its `value` attribute, its label's translation
/// key (a label with no translation, such as "o200k_base", is shown as is).
pub type Choice<T> = (T, &'static str, &'static str);

#[component]
pub fn EnumSelect<T>(
    /// Translation key of the label.
    label: &'static str,
    choices: &'static [Choice<T>],
    #[prop(into)] value: Signal<T>,
    on_set: Callback<T>,
    #[prop(optional)] testid: Option<&'static str>,
    /// Spans the form grid's width (`field--wide`).
    #[prop(optional)]
    wide: bool,
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    let lang = use_prefs().lang;
    let attr_of = move |v: T| choices.iter().find(|c| c.0 == v).map_or("", |c| c.1);
    let on_change = move |ev: leptos::ev::Event| {
        let picked = event_target_value(&ev);
        if let Some(c) = choices.iter().find(|c| c.1 == picked) {
            on_set.run(c.0);
        }
    };
    view! {
        <label class="field" class:field--wide=wide>
            <span>{tr(label)}</span>
            <select data-testid=testid on:change=on_change prop:value=move || attr_of(value.get())>
                // `selected` too: the select's value is set before its options exist.
                {choices
                    .iter()
                    .map(|&(v, attr, key)| view! {
                        <option value=attr selected=move || value.get() == v>{move || lookup(lang.get(), key).unwrap_or(key)}</option>
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// Binds a text signal that holds one of `choices`' `value` attributes
/// (state kept as a string, e.g. for the URL) to an [`EnumSelect`] over
/// those attributes; an unknown text shows as the first choice.
pub fn bind_text(choices: &'static [Choice<&'static str>], text: RwSignal<String>) -> (Signal<&'static str>, Callback<&'static str>) {
    let value = Signal::derive(move || text.with(|t| choices.iter().find(|c| c.1 == t.as_str()).or(choices.first()).map_or("", |c| c.0)));
    (value, Callback::new(move |v: &'static str| text.set(v.to_string())))
}
