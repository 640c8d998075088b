//! Labelled form controls for the snippet forms: text, number (with an
//! inline reason for nonsense), checkbox and select; and two-way bindings
//! between a field and one member of a state struct, or (the Control plane
//! tab) one field of the link's table.

pub use crate::components::check_field::CheckField;
use crate::components::enum_select::Choice;
use crate::components::num_field::{next_id, NumField as NumInput};
use crate::i18n::{t, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::facts::Catalog;
use batchlane_core::snippets::share::{control_fields, ControlUi};
use batchlane_core::snippets::{Dialect, FormError};
use leptos::prelude::*;

/// The batch APIs the Batch and Control plane tabs write for (product names, not translated).
pub const DIALECTS: &[Choice<Dialect>] =
    &[(Dialect::Azure, "azure", "Azure OpenAI (Global Batch)"), (Dialect::OpenAi, "openai", "OpenAI Batch API")];

/// The first reason the domain gives for `field`, in `lang`.
pub fn reason_for(errors: &[FormError], field: &str, lang: Lang) -> Option<String> {
    errors.iter().find(|e| e.field == field).map(|e| e.reason().pick(lang).to_string())
}

/// The domain's reason for `field` among `errors`, in the current language.
pub fn field_error(errors: Signal<Vec<FormError>>, field: &'static str) -> Signal<Option<String>> {
    let lang = use_prefs().lang;
    Signal::derive(move || errors.with(|e| reason_for(e, field, lang.get())))
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

/// The Control plane tab's fields bound through the link's table
/// (`share::control_fields`): each is read and written as a link reads and
/// writes it, so the tab and its link cannot drift apart. The keys are the
/// link's (`cpEndpoint`, …); the tests check every key the tab binds.
#[derive(Clone, Copy)]
pub struct ControlFields {
    st: RwSignal<ControlUi>,
    catalog: RwSignal<Catalog>,
}

type ControlGet = fn(&ControlUi) -> String;
type ControlSet = fn(&mut ControlUi, &str, &Catalog) -> bool;

impl ControlFields {
    pub fn new(st: RwSignal<ControlUi>, catalog: RwSignal<Catalog>) -> Self {
        Self { st, catalog }
    }

    fn field(key: &str) -> (ControlGet, ControlSet) {
        control_fields().into_iter().find(|f| f.0 == key).map(|f| (f.2, f.3)).unwrap_or_else(|| panic!("no Control plane field {key}"))
    }

    fn write(self, set: ControlSet, value: &str) {
        self.catalog.with_untracked(|c| {
            self.st.update(|u| {
                set(u, value, c);
            })
        });
    }

    /// A text field.
    pub fn text(self, key: &str) -> (Signal<String>, Callback<String>) {
        let (get, set) = Self::field(key);
        (Signal::derive(move || self.st.with(get)), Callback::new(move |v: String| self.write(set, &v)))
    }

    /// A whole-number field (empty = 0).
    pub fn whole(self, key: &str) -> (Signal<Option<f64>>, Callback<Option<f64>>) {
        let (get, set) = Self::field(key);
        (
            Signal::derive(move || self.st.with(get).parse().ok()),
            Callback::new(move |v: Option<f64>| self.write(set, &(v.unwrap_or(0.0) as i64).to_string())),
        )
    }
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
    if batchlane_core::io::clean_number(text).is_empty() {
        return if optional { Ok(None) } else { Err("snippets.err.required") };
    }
    let v = batchlane_core::io::parse_number(text).ok_or("snippets.err.number")?;
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

    /// Every `.text("…")` / `.whole("…")` of the Control plane tab names a
    /// field of the link's table whose writer takes anything typed (text as
    /// is, a whole number) and whose reader gives it back.
    #[test]
    fn every_bound_control_field_is_in_the_table_and_takes_what_is_typed() {
        let catalog = Catalog::default();
        let mut bound = 0;
        for src in [include_str!("control.rs"), include_str!("control_planner.rs"), include_str!("control_audit.rs")] {
            for (call, typed) in [(".text(\"", "a b; c/d=e, ‘f’"), (".whole(\"", "86401")] {
                for (at, _) in src.match_indices(call) {
                    let key = &src[at + call.len()..];
                    let key = &key[..key.find('"').unwrap()];
                    let (get, set) = ControlFields::field(key);
                    let mut ui = ControlUi::new(&catalog);
                    assert!(set(&mut ui, typed, &catalog), "{key} refuses {typed}");
                    assert_eq!(get(&ui), typed, "{key}");
                    bound += 1;
                }
            }
        }
        assert!(bound >= 15, "found only {bound} bound fields");
    }
}
