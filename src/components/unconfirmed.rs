//! The "unconfirmed" badge beside a catalog figure the vendor's documentation
//! does not state (`Certainty::Unconfirmed`): every place that shows or
//! takes such a figure shows it, so a user knows which numbers to check.

use crate::prefs::tr;
use batchlane_core::facts::{self, Certainty, Kind};
use leptos::prelude::*;

/// Whether the built-in fact `kind.subject` is unconfirmed.
pub fn is_unconfirmed(kind: Kind, subject: &str) -> bool {
    facts::builtin(kind, subject).is_some_and(|f| f.certainty == Certainty::Unconfirmed)
}

/// The badge, or nothing when the figure is documented (or unknown).
#[component]
pub fn UnconfirmedBadge(kind: Kind, #[prop(into)] subject: String) -> impl IntoView {
    is_unconfirmed(kind, &subject).then(|| {
        view! { " " <span class="badge badge--warn" data-testid=format!("unconfirmed-{kind}.{subject}")>{tr("facts.unconfirmed")}</span> }
    })
}

/// One badge for a figure computed from several facts, when any of them is
/// unconfirmed (a cost from input, cached-input and output prices).
#[component]
pub fn UnconfirmedAny(facts: Vec<(Kind, String)>) -> impl IntoView {
    let any = facts.iter().any(|(k, s)| is_unconfirmed(*k, s));
    any.then(|| view! { " " <span class="badge badge--warn" data-testid="unconfirmed-any">{tr("facts.unconfirmed")}</span> })
}

/// The facts a model's token prices come from.
pub fn price_facts(model: &str) -> Vec<(Kind, String)> {
    let name = facts::model_for_name(model).map_or(model, |m| m.name);
    [Kind::PriceInput, Kind::PriceCachedInput, Kind::PriceOutput].into_iter().map(|k| (k, name.to_string())).collect()
}

/// One badge when any of the facts named by id (`"{kind}.{subject}"`) is unconfirmed.
#[component]
pub fn UnconfirmedIds(ids: Vec<String>) -> impl IntoView {
    let any = ids.iter().filter_map(|id| facts::builtin_by_id(id)).any(|f| f.certainty == Certainty::Unconfirmed);
    any.then(|| view! { " " <span class="badge badge--warn" data-testid="unconfirmed-any">{tr("facts.unconfirmed")}</span> })
}
