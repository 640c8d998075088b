//! The check's options as one field table: a link restores them (checked,
//! applied to the page, stored only when the user keeps them), and the
//! user's own survive a reload (`crate::state`).

use super::State;
use crate::state::{use_url_state_with_options, UrlState, UrlStateOptions};
use batchlane_core::batch::Dialect;

use batchlane_core::facts::Scope;
use batchlane_core::facts::{Encoding, ModelKind, MODELS};
use batchlane_core::io::{field, Kind, Table};
use leptos::prelude::*;

const STORAGE_KEY: &str = "batchlane.batch.options";
const QUOTAS: [&str; 11] = ["none", "ea", "default", "credit_card", "msdn", "typed", "openai1", "openai2", "openai3", "openai4", "openai5"];
/// Typed numbers (quota, prices): short text, checked by the form.
const TYPED: Kind = Kind::Text { max_chars: 40 };

/// Every option: (query key, kind, default).
pub fn table() -> Table {
    let mut models: Vec<&'static str> = vec![""];
    models.extend(MODELS.iter().filter(|m| m.kind != ModelKind::Embedding).map(|m| m.name));
    let encodings = vec!["", Encoding::O200kBase.name(), Encoding::Cl100kBase.name()];
    Table::new(vec![
        field("dialect", Kind::Enum(vec!["azure", "openai"]), "azure"),
        field("byo", Kind::Bool, "0"),
        field("model", Kind::Enum(models), ""),
        field("quota", Kind::Enum(QUOTAS.to_vec()), "none"),
        field("zone", Kind::Enum(vec!["global", "datazone"]), "global"),
        field("quota_tokens", TYPED, ""),
        field("encoding", Kind::Enum(encodings), ""),
        field("price_in", TYPED, ""),
        field("price_out", TYPED, ""),
        field("count_tokens", Kind::Bool, "1"),
    ])
}

/// The options as key/value pairs (reactive); defaults left out but `dialect`.
fn pairs(s: &State, table: &Table) -> Vec<(String, String)> {
    let flag = |b: bool| if b { "1" } else { "0" }.to_string();
    let all = vec![
        ("dialect".to_string(), s.dialect.get().name().to_string()),
        ("byo".to_string(), flag(s.byo.get())),
        ("model".to_string(), s.model.get()),
        ("quota".to_string(), s.quota.get()),
        ("zone".to_string(), if s.zone.get() == Scope::DataZone { "datazone" } else { "global" }.to_string()),
        ("quota_tokens".to_string(), s.quota_typed.get()),
        ("encoding".to_string(), s.encoding.get()),
        ("price_in".to_string(), s.price_in.get()),
        ("price_out".to_string(), s.price_out.get()),
        ("count_tokens".to_string(), flag(s.count_tokens.get())),
    ];
    let mut out = vec![all[0].clone()];
    out.extend(table.changed(&all).into_iter().filter(|(k, _)| k != "dialect"));
    out
}

/// Sets the options named in `pairs` (already checked by the table).
fn apply(s: &State, pairs: &[(String, String)]) {
    for (k, v) in pairs {
        let v = v.clone();
        match k.as_str() {
            "dialect" => s.dialect.set(if v == "openai" { Dialect::OpenAi } else { Dialect::Azure }),
            "byo" => s.byo.set(v == "1"),
            "model" => s.model.set(v),
            "quota" => s.quota.set(v),
            "zone" => s.zone.set(if v == "datazone" { Scope::DataZone } else { Scope::Global }),
            "quota_tokens" => s.quota_typed.set(v),
            "encoding" => s.encoding.set(v),
            "price_in" => s.price_in.set(v),
            "price_out" => s.price_out.set(v),
            "count_tokens" => s.count_tokens.set(v == "1"),
            _ => {}
        }
    }
}

/// Restores the options (a link's, else the stored ones) and keeps the URL
/// (and storage, once they are the user's) following them.
pub fn sync(s: State) -> UrlState {
    let table = table();
    let url = use_url_state_with_options(&table, UrlStateOptions { path: "/batch", storage_key: Some(STORAGE_KEY) });
    apply(&s, &url.pairs.get_untracked());
    Effect::new(move |_| url.pairs.set(pairs(&s, &table)));
    url
}

#[cfg(test)]
mod tests {
    use super::*;
    use batchlane_core::io::{parse_query, query_string};

    #[test]
    fn the_options_round_trip_and_nonsense_is_refused() {
        let t = table();
        let link = "dialect=openai&model=gpt-4o&quota=typed&quota_tokens=90000&price_in=1.5&count_tokens=0";
        let d = t.decode(&parse_query(link).pairs);
        assert!(d.rejected.is_empty(), "{:?}", d.rejected);
        assert_eq!(query_string(&t.changed(&t.complete(&d.pairs))), link);
        let bad = t.decode(&parse_query("model=text-embedding-3-small&quota=lots&quota_tokens=%0A1&zone=moon").pairs);
        let keys: Vec<&str> = bad.rejected.iter().map(|r| r.key.as_str()).collect();
        assert_eq!(keys, vec!["model", "quota", "quota_tokens", "zone"]);
    }
}
