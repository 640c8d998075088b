//! A newer OpenAI or Azure OpenAPI spec (JSON). The body-schema tables are
//! generated Rust (`batch/schema/gen`), not rebuilt at run time, so a spec
//! gives what the catalog records of it: the revision fact
//! `body_schema.{dialect}` (dated by the spec's `info.version` where that is
//! a date, else by the day of the import, which the source then says), and
//! the model names its model enums list that the catalog lacks.

use super::json::{serde_problem, set_item_budget};
use super::{import_problem, is_date, plain_text, FileKind, ImportProblem, Imported, ImportedFact, MAX_IMPORT_ITEMS};
use crate::facts::{builtin, model_for_name, Certainty, Kind, Unit};
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use std::collections::BTreeSet;

/// The schemas whose string enums name models.
const MODEL_SCHEMAS: &[&str] = &["ModelIdsShared", "ChatModel", "ModelIdsResponses", "ModelIds"];

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct Info {
    title: String,
    version: String,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct Spec {
    openapi: Option<String>,
    swagger: Option<String>,
    info: Info,
    paths: Option<Paths>,
    components: Option<Components>,
    definitions: Option<Models>,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct Components {
    schemas: Models,
}

/// The number of paths (their bodies are skipped).
#[derive(Default)]
struct Paths(usize);

impl<'de> serde::Deserialize<'de> for Paths {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Paths;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of paths")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Paths, A::Error> {
                let mut n = 0usize;
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {
                    n = n.saturating_add(1);
                }
                Ok(Paths(n))
            }
        }
        d.deserialize_map(V)
    }
}

/// The model names in [`MODEL_SCHEMAS`] (every string of their enums); the other schemas are skipped.
#[derive(Default)]
struct Models(BTreeSet<String>);

fn strings(v: &serde_json::Value, out: &mut BTreeSet<String>, depth: usize) {
    if depth > 16 || out.len() >= MAX_IMPORT_ITEMS {
        return;
    }
    match v {
        serde_json::Value::Object(m) => {
            if let Some(serde_json::Value::Array(e)) = m.get("enum") {
                out.extend(e.iter().filter_map(|x| x.as_str()).filter(|s| plain_text(s)).map(str::to_string));
            }
            for (k, x) in m {
                if k != "enum" {
                    strings(x, out, depth + 1);
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| strings(x, out, depth + 1)),
        _ => {}
    }
}

impl<'de> serde::Deserialize<'de> for Models {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Models;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of schemas")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Models, A::Error> {
                let mut out = BTreeSet::new();
                while let Some(k) = map.next_key::<String>()? {
                    if MODEL_SCHEMAS.contains(&k.as_str()) {
                        let v: serde_json::Value = map.next_value()?;
                        strings(&v, &mut out, 0);
                    } else {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                Ok(Models(out))
            }
        }
        d.deserialize_map(V)
    }
}

pub fn read(name: &str, text: &str, today: &str) -> Result<Imported, ImportProblem> {
    set_item_budget(MAX_IMPORT_ITEMS);
    let spec: Spec = serde_json::from_str(text).map_err(|e| serde_problem(name, &e, "spec"))?;
    let version = spec.openapi.or(spec.swagger).unwrap_or_default();
    if version.is_empty() {
        return Err(import_problem(name, 1, "openapi", "no openapi or swagger version"));
    }
    if !plain_text(&spec.info.title) || !plain_text(&spec.info.version) {
        return Err(import_problem(name, 0, "info", "a control character, or longer than batchlane keeps"));
    }
    let dialect = if spec.info.title.to_ascii_lowercase().contains("azure") { "azure" } else { "openai" };
    let dated = spec.info.version.get(..10).filter(|d| is_date(d));
    let (as_of, dated_by) = match dated {
        Some(d) => (d.to_string(), format!("info.version {}", spec.info.version)),
        None if is_date(today) => {
            (today.to_string(), format!("info.version {} names no date: dated the day of the import", spec.info.version))
        }
        None => return Err(import_problem(name, 0, "info.version", "names no date, and the import has no date of its own")),
    };
    let paths = spec.paths.map_or(0, |p| p.0);
    let mut out = Imported { file: name.to_string(), kind: Some(FileKind::OpenApiSpec), ..Imported::default() };
    let fact = builtin(Kind::BodySchema, dialect);
    out.facts.push(ImportedFact {
        id: format!("{}.{dialect}", Kind::BodySchema),
        value: fact.map_or(1.0, |f| f.value),
        unit: Unit::Factor,
        source: format!("{name} ({}: {}, {dated_by}, {paths} paths)", FileKind::OpenApiSpec.describe(), spec.info.title),
        as_of,
        certainty: Certainty::Documented,
    });
    let models =
        spec.components.map(|c| c.schemas.0).unwrap_or_default().into_iter().chain(spec.definitions.map(|m| m.0).unwrap_or_default());
    out.unknown_names = models.filter(|m| model_for_name(m).is_none()).collect::<BTreeSet<_>>().into_iter().collect();
    Ok(out)
}
