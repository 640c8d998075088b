//! The catalog as JSON, for download from "About the numbers" and for
//! `batchlane facts --format json`: every fact with the value in use (the
//! user's override, the imported figure, or the built-in one), the built-in
//! value, unit, source, as-of date and certainty (the evidence); imported
//! figures name their file as the source, and figures only a file gives
//! (`builtin: null`) follow the built-in ones.

use super::{all_facts, Catalog, Certainty, Topic, Unit};

#[derive(serde::Serialize)]
pub struct Entry {
    pub id: String,
    pub kind: String,
    pub subject: String,
    pub topic: Topic,
    pub value: f64,
    pub builtin: Option<f64>,
    pub overridden: bool,
    pub imported: bool,
    /// A vendor's file covered the figure and no longer lists it: the
    /// catalog does not use it (`value` is the built-in one, for reference).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub removed: bool,
    pub unit: Unit,
    pub source: String,
    pub url: String,
    pub path: String,
    pub as_of: String,
    pub certainty: Certainty,
    /// The fact that replaced this one, if a newer figure did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub superseded_by: Option<&'static str>,
}

#[derive(serde::Serialize)]
struct Export {
    format: &'static str,
    as_of: String,
    facts: Vec<Entry>,
}

/// The name of the export's format (a reader checks it).
pub const FORMAT: &str = "batchlane-catalog/1";

/// Every fact of `catalog`: the built-in ones in display order, then the
/// figures only an imported file gives.
pub fn catalog_entries(catalog: &Catalog) -> Vec<Entry> {
    let mut out: Vec<Entry> = all_facts()
        .map(|f| {
            let id = f.id();
            let source = f.source.source();
            let imported = catalog.imported(&id);
            Entry {
                value: catalog.get(f.kind, f.subject).unwrap_or(f.value),
                overridden: catalog.is_overridden(&id),
                imported: imported.is_some(),
                removed: catalog.is_removed(&id) && !catalog.is_overridden(&id),
                kind: f.kind.as_str().to_string(),
                subject: f.subject.to_string(),
                topic: f.topic,
                builtin: Some(f.value),
                unit: f.unit,
                source: imported.map_or(source.title.to_string(), |i| i.source.clone()),
                url: if imported.is_some() { String::new() } else { source.url.to_string() },
                path: if imported.is_some() { String::new() } else { source.path.to_string() },
                as_of: imported.map_or(f.as_of.to_string(), |i| i.as_of.clone()),
                certainty: imported.map_or(f.certainty, |i| i.certainty),
                superseded_by: super::superseded(&f.id()).map(|s| s.by),
                id,
            }
        })
        .collect();
    for (id, f) in catalog.imported_facts() {
        let Some(kind) = f.kind() else { continue };
        if super::builtin(kind, f.subject()).is_some() {
            continue;
        }
        let topic = all_facts().find(|b| b.kind == kind).map_or(Topic::Models, |b| b.topic);
        out.push(Entry {
            id: id.clone(),
            kind: kind.as_str().to_string(),
            subject: f.subject().to_string(),
            topic,
            value: f.value,
            builtin: None,
            overridden: false,
            imported: true,
            removed: false,
            unit: f.unit,
            source: f.source.clone(),
            url: String::new(),
            path: String::new(),
            as_of: f.as_of.clone(),
            certainty: f.certainty,
            superseded_by: None,
        });
    }
    out
}

/// Every fact of `catalog`, pretty-printed JSON.
pub fn catalog_json(catalog: &Catalog) -> String {
    serde_json::to_string_pretty(&Export { format: FORMAT, as_of: catalog.as_of(), facts: catalog_entries(catalog) }).unwrap_or_default()
}
