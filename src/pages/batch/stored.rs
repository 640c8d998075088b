//! The check's options in the URL query string and in localStorage: a link
//! restores them, and they survive a reload.

use super::State;
use batchlane_core::batch::{Dialect, Zone};
use batchlane_core::facts::{Encoding, ModelKind, MODELS};
use gloo::storage::{LocalStorage, Storage};
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;

const STORAGE_KEY: &str = "batchlane.batch.options";
/// The query keys the page reads (`dialect` is always written).
const KEYS: &[&str] = &["dialect", "byo", "model", "quota", "zone", "quota_tokens", "encoding", "price_in", "price_out", "count_tokens"];
const QUOTAS: &[&str] = &["none", "ea", "default", "credit_card", "msdn", "typed"];

/// The options as key/value pairs (reactive); defaults left out but `dialect`.
fn pairs(s: &State) -> Vec<(String, String)> {
    let mut out = vec![("dialect".to_string(), s.dialect.get().name().to_string())];
    let mut put = |k: &str, v: String, default: &str| {
        if v != default {
            out.push((k.to_string(), v));
        }
    };
    put("byo", if s.byo.get() { "1" } else { "0" }.into(), "0");
    put("model", s.model.get(), "");
    put("quota", s.quota.get(), "none");
    put("zone", if s.zone.get() == Zone::DataZone { "datazone" } else { "global" }.into(), "global");
    put("quota_tokens", s.quota_typed.get(), "");
    put("encoding", s.encoding.get(), "");
    put("price_in", s.price_in.get(), "");
    put("price_out", s.price_out.get(), "");
    put("count_tokens", if s.count_tokens.get() { "1" } else { "0" }.into(), "1");
    out
}

/// Text kept from outside (URL, storage): short and printable.
fn clean(v: &str) -> Option<String> {
    let t = v.trim();
    (t.len() <= 40 && !t.chars().any(char::is_control)).then(|| t.to_string())
}

/// Sets the options named in `pairs`; unknown values are ignored.
fn apply(s: &State, pairs: &[(String, String)]) {
    for (k, v) in pairs {
        let v = v.trim();
        match k.as_str() {
            "dialect" => s.dialect.set(if v == "openai" { Dialect::OpenAi } else { Dialect::Azure }),
            "byo" => s.byo.set(v == "1" || v == "true"),
            "model" if v.is_empty() || MODELS.iter().any(|m| m.name == v && m.kind != ModelKind::Embedding) => s.model.set(v.to_string()),
            "quota" if QUOTAS.contains(&v) => s.quota.set(v.to_string()),
            "zone" => s.zone.set(if v == "datazone" { Zone::DataZone } else { Zone::Global }),
            "quota_tokens" => s.quota_typed.set(clean(v).unwrap_or_default()),
            "encoding" if v.is_empty() || Encoding::from_name(v).is_some() => s.encoding.set(v.to_string()),
            "price_in" => s.price_in.set(clean(v).unwrap_or_default()),
            "price_out" => s.price_out.set(clean(v).unwrap_or_default()),
            "count_tokens" => s.count_tokens.set(!(v == "0" || v == "false")),
            _ => {}
        }
    }
}

/// Restores the options (the URL's if it names any, else the stored ones)
/// and keeps both up to date from then on.
pub fn sync(s: State) {
    let query = use_query_map().get_untracked();
    let from_url: Vec<(String, String)> =
        query.into_iter().map(|(k, v)| (k.to_string(), v)).filter(|(k, _)| KEYS.contains(&k.as_str())).collect();
    if from_url.is_empty() {
        apply(&s, &LocalStorage::get::<Vec<(String, String)>>(STORAGE_KEY).unwrap_or_default());
    } else {
        apply(&s, &from_url);
    }
    let navigate = use_navigate();
    Effect::new(move |_| {
        let p = pairs(&s);
        let _ = LocalStorage::set(STORAGE_KEY, &p);
        let q = p
            .iter()
            .map(|(k, v)| format!("{}={}", js_sys::encode_uri_component(k), js_sys::encode_uri_component(v)))
            .collect::<Vec<_>>()
            .join("&");
        navigate(&format!("/batch?{q}"), NavigateOptions { replace: true, scroll: false, ..Default::default() });
    });
}
