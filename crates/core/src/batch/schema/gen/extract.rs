//! Step 1: a vendor's whole spec → the subset of schemas the check reads.

use super::{ref_name, schemas_of, PROSE};
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// The schemas `roots` reach, without prose, as `{"components": {"schemas": …}}`.
pub fn extract_subset(spec: &Value, roots: &[&str]) -> Result<Value, super::GenError> {
    let all = schemas_of(spec)?;
    let mut seen = BTreeSet::new();
    let mut todo: Vec<String> = roots.iter().map(|r| r.to_string()).collect();
    let mut out = Map::new();
    while let Some(name) = todo.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let s = all.get(&name).ok_or_else(|| format!("schema {name} is not in the spec"))?;
        let stripped = strip(s, &mut todo);
        out.insert(name, stripped);
    }
    Ok(serde_json::json!({ "components": { "schemas": out } }))
}

fn strip(v: &Value, refs: &mut Vec<String>) -> Value {
    match v {
        Value::Object(o) => {
            let mut m = Map::new();
            for (k, v) in o {
                if PROSE.contains(&k.as_str()) && k != "discriminator" {
                    continue;
                }
                if k == "$ref" {
                    if let Some(name) = v.as_str().and_then(ref_name) {
                        refs.push(name.to_string());
                        m.insert(k.clone(), Value::String(format!("#/components/schemas/{name}")));
                        continue;
                    }
                }
                if k == "discriminator" {
                    // Kept only where it says what the schema is: a base whose
                    // mapping lists its subtypes, with no oneOf/anyOf beside it.
                    if let Some(mapping) = base_mapping(o) {
                        let mut out = Map::new();
                        for (tag, target) in mapping {
                            let Some(name) = target.as_str().and_then(ref_name) else { continue };
                            refs.push(name.to_string());
                            out.insert(tag.clone(), Value::String(format!("#/components/schemas/{name}")));
                        }
                        m.insert(k.clone(), serde_json::json!({ "mapping": out }));
                    }
                    continue;
                }
                if k == "properties" {
                    // Property names are data, not keywords.
                    let props = v.as_object().map(|p| p.iter().map(|(n, s)| (n.clone(), strip(s, refs))).collect()).unwrap_or_default();
                    m.insert(k.clone(), Value::Object(props));
                    continue;
                }
                m.insert(k.clone(), strip(v, refs));
            }
            Value::Object(m)
        }
        Value::Array(a) => Value::Array(a.iter().map(|x| strip(x, refs)).collect()),
        other => other.clone(),
    }
}

/// The subtypes a base schema's discriminator maps to, when the schema is a
/// base (TypeSpec's polymorphism: no oneOf/anyOf of its own; each subtype
/// names the base in its allOf).
pub(super) fn base_mapping(o: &Map<String, Value>) -> Option<&Map<String, Value>> {
    if o.contains_key("oneOf") || o.contains_key("anyOf") {
        return None;
    }
    o.get("discriminator")?.get("mapping")?.as_object()
}
