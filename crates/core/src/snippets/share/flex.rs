//! The Flex tab's fields in the link: (query key, kind, read, apply), as
//! the Control plane tab's (`control.rs`). Bounds are the generator's own
//! (`flex_fallback_python` refuses what is outside them, with the page's words).

use super::MAX_TEXT_CHARS;
use crate::io::{field, Field, Kind};
use crate::snippets::{FlexApi, FlexOptions};

type FlexGet = fn(&FlexOptions) -> String;
type FlexSet = fn(&mut FlexOptions, &str) -> bool;

fn seconds(v: &str) -> Option<f64> {
    crate::io::parse_number(v).filter(|x| x.is_finite() && *x >= 0.0)
}

fn api_word(api: FlexApi) -> &'static str {
    match api {
        FlexApi::Responses => "responses",
        FlexApi::ChatCompletions => "chat",
    }
}

/// Every Flex field: (query key, kind, read, apply).
pub fn flex_fields() -> Vec<(&'static str, Kind, FlexGet, FlexSet)> {
    let short = || Kind::Text { max_chars: MAX_TEXT_CHARS };
    let secs = || Kind::number(0.0, 86_400.0);
    vec![
        ("fxEndpoint", short(), |o| o.endpoint.clone(), |o, v| (o.endpoint = v.to_string(), true).1),
        ("fxDeployment", short(), |o| o.deployment.clone(), |o, v| (o.deployment = v.to_string(), true).1),
        (
            "fxApi",
            Kind::Enum(vec!["responses", "chat"]),
            |o| api_word(o.api).into(),
            |o, v| {
                o.api = if v == "chat" { FlexApi::ChatCompletions } else { FlexApi::Responses };
                true
            },
        ),
        ("fxBudget", secs(), |o| o.budget_seconds.to_string(), |o, v| seconds(v).map(|x| o.budget_seconds = x).is_some()),
        (
            "fxAttempts",
            Kind::whole(1.0, 100.0),
            |o| o.max_attempts.to_string(),
            |o, v| crate::io::parse_whole(v).and_then(|n| u32::try_from(n).ok()).map(|n| o.max_attempts = n).is_some(),
        ),
        ("fxFirst", secs(), |o| o.first_backoff_seconds.to_string(), |o, v| seconds(v).map(|x| o.first_backoff_seconds = x).is_some()),
        ("fxMax", secs(), |o| o.max_backoff_seconds.to_string(), |o, v| seconds(v).map(|x| o.max_backoff_seconds = x).is_some()),
        ("fxTimeout", secs(), |o| o.timeout_seconds.to_string(), |o, v| seconds(v).map(|x| o.timeout_seconds = x).is_some()),
        (
            "fxFallback",
            Kind::Bool,
            |o| if o.fallback_to_standard { "1" } else { "0" }.into(),
            |o, v| {
                o.fallback_to_standard = v == "1" || v == "true";
                true
            },
        ),
    ]
}

/// The Flex tab's fields for the link table (defaults: the generator's).
pub(super) fn flex_table_fields() -> Vec<Field> {
    let default = FlexOptions::default();
    flex_fields().into_iter().map(|(key, kind, get, _)| field(key, kind, get(&default))).collect()
}

/// The Flex tab from a link's checked values; `true` when the link named
/// any of its keys. Keys whose value the tab can't use are added to `ignored`.
pub(super) fn flex_from_pairs(q: &[(String, String)], ignored: &mut Vec<String>) -> (FlexOptions, bool) {
    let mut o = FlexOptions::default();
    let mut touched = false;
    for (key, _, _, set) in flex_fields() {
        if let Some((_, v)) = q.iter().find(|(k, _)| k == key) {
            touched = true;
            if !set(&mut o, v.trim()) {
                ignored.push(key.to_string());
            }
        }
    }
    (o, touched)
}
