//! The catalog as JSON, for download from "About the numbers": every fact
//! with the value in use (the user's override, or the built-in one), the
//! built-in value, unit, source, as-of date and certainty.

use super::{all_facts, Catalog, Certainty, Topic, Unit};

#[derive(serde::Serialize)]
struct Entry {
    id: String,
    kind: &'static str,
    subject: &'static str,
    topic: Topic,
    value: f64,
    builtin: f64,
    overridden: bool,
    unit: Unit,
    source: &'static str,
    url: &'static str,
    path: &'static str,
    as_of: &'static str,
    certainty: Certainty,
    /// The fact that replaced this one, if a newer figure did.
    #[serde(skip_serializing_if = "Option::is_none")]
    superseded_by: Option<&'static str>,
}

#[derive(serde::Serialize)]
struct Export {
    format: &'static str,
    facts: Vec<Entry>,
}

/// The name of the export's format (a reader checks it).
pub const FORMAT: &str = "batchlane-catalog/1";

/// Every fact of `catalog`, pretty-printed JSON.
pub fn catalog_json(catalog: &Catalog) -> String {
    let facts = all_facts()
        .map(|f| {
            let id = f.id();
            let source = f.source.source();
            Entry {
                value: catalog.get(f.kind, f.subject).unwrap_or(f.value),
                overridden: catalog.is_overridden(&id),
                id,
                kind: f.kind.as_str(),
                subject: f.subject,
                topic: f.topic,
                builtin: f.value,
                unit: f.unit,
                source: source.title,
                url: source.url,
                path: source.path,
                as_of: f.as_of,
                certainty: f.certainty,
                superseded_by: super::superseded(&f.id()).map(|s| s.by),
            }
        })
        .collect();
    serde_json::to_string_pretty(&Export { format: FORMAT, facts }).unwrap_or_default()
}
