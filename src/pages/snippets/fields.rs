//! Labelled form controls for the snippet forms: text, number (with an
//! inline reason for nonsense), checkbox and select; and two-way bindings
//! between a field and one member of a state struct.

pub use crate::components::check_field::CheckField;
use crate::components::enum_select::Choice;
use crate::components::num_field::{next_id, NumField as NumInput};
use crate::i18n::{t, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::snippets::{Dialect, FormError};
use leptos::prelude::*;

/// The batch APIs the Batch and Control plane tabs write for (product names, not translated).
pub const DIALECTS: &[Choice<Dialect>] =
    &[(Dialect::Azure, "azure", "Azure OpenAI (Global Batch)"), (Dialect::OpenAi, "openai", "OpenAI Batch API")];

/// The first reason the domain gives for `field`, in `lang`.
pub fn reason_for(errors: &[FormError], field: &str, lang: Lang) -> Option<String> {
    errors.iter().find(|e| e.field == field).map(|e| e.reason.pick(lang).to_string())
}

/// Binds a whole-number member of `state` to a [`NumField`].
pub fn bind_int<T: Send + Sync + 'static>(
    state: RwSignal<T>,
    get: fn(&T) -> i64,
    set: fn(&mut T, i64),
) -> (Signal<Option<f64>>, Callback<Option<f64>>) {
    (
        Signal::derive(move || Some(state.with(get) as f64)),
        Callback::new(move |v: Option<f64>| state.update(|s| set(s, v.unwrap_or(0.0) as i64))),
    )
}

/// Binds an optional whole-number member (empty field = `None`).
pub fn bind_opt_int<T: Send + Sync + 'static>(
    state: RwSignal<T>,
    get: fn(&T) -> Option<i64>,
    set: fn(&mut T, Option<i64>),
) -> (Signal<Option<f64>>, Callback<Option<f64>>) {
    (
        Signal::derive(move || state.with(get).map(|v| v as f64)),
        Callback::new(move |v: Option<f64>| state.update(|s| set(s, v.map(|x| x as i64)))),
    )
}

/// Binds a real-number member.
pub fn bind_f64<T: Send + Sync + 'static>(
    state: RwSignal<T>,
    get: fn(&T) -> f64,
    set: fn(&mut T, f64),
) -> (Signal<Option<f64>>, Callback<Option<f64>>) {
    (Signal::derive(move || Some(state.with(get))), Callback::new(move |v: Option<f64>| state.update(|s| set(s, v.unwrap_or(f64::NAN)))))
}

/// Binds a text member.
pub fn bind_str<T: Send + Sync + 'static>(
    state: RwSignal<T>,
    get: fn(&T) -> String,
    set: fn(&mut T, String),
) -> (Signal<String>, Callback<String>) {
    (Signal::derive(move || state.with(get)), Callback::new(move |v: String| state.update(|s| set(s, v))))
}

#[component]
pub fn TextField(
    /// Translation key of the label.
    label: &'static str,
    #[prop(into)] value: Signal<String>,
    on_set: Callback<String>,
    #[prop(into, optional)] error: Signal<Option<String>>,
    #[prop(optional)] testid: &'static str,
    #[prop(optional)] placeholder: &'static str,
    #[prop(optional)] wide: bool,
) -> impl IntoView {
    let err_id = next_id("err");
    let described = err_id.clone();
    view! {
        <label class="field" class:field--wide=wide>
            <span>{tr(label)}</span>
            <input
                type="text"
                spellcheck="false"
                autocomplete="off"
                data-testid=testid
                placeholder=placeholder
                prop:value=move || value.get()
                aria-invalid=move || error.with(|e| e.is_some()).to_string()
                aria-describedby=move || error.with(|e| e.is_some()).then(|| described.clone())
                on:input=move |ev| on_set.run(event_target_value(&ev))
            />
            {move || error.get().map(|e| view! { <span class="field-error" id=err_id.clone()>{e}</span> })}
        </label>
    }
}

fn format_value(v: Option<f64>, integer: bool) -> String {
    match v {
        None => String::new(),
        Some(x) if !x.is_finite() => String::new(),
        Some(x) if integer => format!("{}", x as i64),
        Some(x) => {
            let s = format!("{x:.4}");
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    }
}

/// Parses what was typed: `Ok(None)` for an empty optional field, else the
/// key of the reason it can't be used.
fn parse_value(text: &str, optional: bool, integer: bool) -> Result<Option<f64>, &'static str> {
    let cleaned: String = text.trim().chars().filter(|c| *c != ',' && *c != '_' && !c.is_whitespace()).collect();
    if cleaned.is_empty() {
        return if optional { Ok(None) } else { Err("snippets.err.required") };
    }
    let v: f64 = cleaned.parse().map_err(|_| "snippets.err.number")?;
    if !v.is_finite() {
        return Err("snippets.err.number");
    }
    if v < 0.0 {
        return Err("snippets.err.negative");
    }
    if integer && v.fract() != 0.0 {
        return Err("snippets.err.whole");
    }
    Ok(Some(v))
}

#[component]
pub fn NumField(
    /// Translation key of the label.
    label: &'static str,
    #[prop(into)] value: Signal<Option<f64>>,
    on_set: Callback<Option<f64>>,
    /// Empty is allowed (means "not set").
    #[prop(optional)]
    optional: bool,
    /// Whole numbers only.
    #[prop(optional)]
    integer: bool,
    /// The domain's reason, shown when what was typed parses.
    #[prop(into, optional)]
    error: Signal<Option<String>>,
    #[prop(optional)] testid: &'static str,
    /// Translation key of a placeholder.
    #[prop(optional)]
    placeholder: &'static str,
) -> impl IntoView {
    let prefs = use_prefs();
    let raw = RwSignal::new(format_value(value.get_untracked(), integer));
    let local: RwSignal<Option<&'static str>> = RwSignal::new(None);
    // Follow changes made elsewhere (an import, a dialect switch).
    Effect::new(move |_| {
        let v = value.get();
        if parse_value(&raw.get_untracked(), optional, integer) != Ok(v) && local.get_untracked().is_none() {
            raw.set(format_value(v, integer));
        }
    });
    let message = Signal::derive(move || match local.get() {
        Some(key) => Some(t(prefs.lang.get(), key).to_string()),
        None => error.get(),
    });
    let ph = Signal::derive(move || if placeholder.is_empty() { String::new() } else { t(prefs.lang.get(), placeholder).to_string() });
    let on_input = Callback::new(move |text: String| {
        raw.set(text.clone());
        match parse_value(&text, optional, integer) {
            Ok(v) => {
                local.set(None);
                on_set.run(v);
            }
            Err(key) => local.set(Some(key)),
        }
    });
    view! { <NumInput label=label value=raw on_input=on_input error=message testid=testid placeholder=ph integer=integer/> }
}

/// A select over `(value, label)` pairs computed at run time (labels
/// already translated): the AKS versions with their KEDA. A fixed set of
/// choices is an [`EnumSelect`](crate::components::enum_select::EnumSelect) over a `const` table.
#[component]
pub fn SelectField(
    label: &'static str,
    #[prop(into)] options: Signal<Vec<(String, String)>>,
    #[prop(into)] value: Signal<String>,
    on_set: Callback<String>,
    #[prop(optional)] testid: &'static str,
    #[prop(optional)] wide: bool,
) -> impl IntoView {
    view! {
        <label class="field" class:field--wide=wide>
            <span>{tr(label)}</span>
            <select data-testid=testid on:change=move |ev| on_set.run(event_target_value(&ev)) prop:value=move || value.get()>
                {move || {
                    let current = value.get();
                    options
                        .get()
                        .into_iter()
                        .map(|(v, l)| {
                            let selected = v == current;
                            view! { <option value=v selected=selected>{l}</option> }
                        })
                        .collect_view()
                }}
            </select>
        </label>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialects_are_spelled_as_in_links() {
        assert!(DIALECTS.iter().all(|c| c.0.fact_subject() == c.1));
    }
}
