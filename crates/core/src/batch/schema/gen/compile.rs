//! Step 2a: the subset's schemas → an intermediate graph of nodes (`$ref`
//! resolved, `allOf` merged, unions flattened, equal nodes shared), with
//! the patches applied.

use super::{ref_name, PROSE, UNMODELLED};
use serde_json::{Map, Value};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Ir {
    Any,
    Null,
    Bool,
    Int {
        min: Option<f64>,
        max: Option<f64>,
    },
    Num {
        min: Option<f64>,
        max: Option<f64>,
    },
    Str {
        values: Vec<String>,
        min: u32,
        max: Option<u32>,
        pattern: Option<String>,
    },
    Arr {
        items: usize,
        min: u32,
        max: Option<u32>,
    },
    Obj {
        props: Vec<(String, usize)>,
        required: Vec<String>,
        extra: IrExtra,
    },
    Union(Vec<usize>),
    /// Fits nothing (an intersection of types that share no value).
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum IrExtra {
    Open,
    Closed,
    Values(usize),
}

pub(super) struct Compiler<'a> {
    pub(super) schemas: &'a Map<String, Value>,
    pub(super) nodes: Vec<Ir>,
    pub(super) named: HashMap<String, usize>,
    interned: HashMap<String, usize>,
}

pub(super) const ANY: usize = 0;
pub(super) const NULL: usize = 1;

impl<'a> Compiler<'a> {
    pub(super) fn new(schemas: &'a Map<String, Value>) -> Self {
        let mut c = Compiler { schemas, nodes: Vec::new(), named: HashMap::new(), interned: HashMap::new() };
        c.add(Ir::Any);
        c.add(Ir::Null);
        c
    }

    /// A node, shared with an equal one made before.
    pub(super) fn add(&mut self, ir: Ir) -> usize {
        let key = format!("{ir:?}");
        if let Some(&id) = self.interned.get(&key) {
            return id;
        }
        self.nodes.push(ir);
        let id = self.nodes.len() - 1;
        self.interned.insert(key, id);
        id
    }

    pub(super) fn named(&mut self, name: &str) -> Result<usize, String> {
        if let Some(&id) = self.named.get(name) {
            return Ok(id);
        }
        let s = self.schemas.get(name).ok_or_else(|| format!("$ref to {name}, which the subset lacks"))?;
        // A slot first, so that a schema that reaches itself ends.
        self.nodes.push(Ir::Any);
        let slot = self.nodes.len() - 1;
        self.named.insert(name.to_string(), slot);
        let id = self.schema_of(s, Some(name))?;
        self.nodes[slot] = self.nodes[id].clone();
        Ok(slot)
    }

    fn schema(&mut self, v: &Value) -> Result<usize, String> {
        self.schema_of(v, None)
    }

    /// A schema; `own` is its name when it is a named schema's own text (its
    /// allOf may then name the discriminator base it is a subtype of).
    fn schema_of(&mut self, v: &Value, own: Option<&str>) -> Result<usize, String> {
        let o = match v {
            Value::Bool(true) => return Ok(ANY),
            Value::Bool(false) => return Ok(self.add(Ir::Never)),
            Value::Object(o) => o,
            other => return Err(format!("a schema that is not an object: {other}")),
        };
        for k in o.keys() {
            let known = matches!(
                k.as_str(),
                "$ref"
                    | "type"
                    | "enum"
                    | "const"
                    | "nullable"
                    | "properties"
                    | "required"
                    | "additionalProperties"
                    | "items"
                    | "minItems"
                    | "maxItems"
                    | "minimum"
                    | "maximum"
                    | "allOf"
                    | "anyOf"
                    | "oneOf"
                    | "pattern"
                    | "minLength"
                    | "maxLength"
            );
            if UNMODELLED.contains(&k.as_str()) {
                continue;
            } else if !known && !PROSE.contains(&k.as_str()) && !k.starts_with("x-") {
                return Err(format!("keyword {k} is not supported by the generator"));
            }
        }
        // A discriminator's base stands for its subtypes (each names the
        // base in its allOf: that link is skipped below, not intersected).
        if let Some(mapping) = super::extract::base_mapping(o) {
            let mut ids = Vec::new();
            for target in mapping.values() {
                let name = target.as_str().and_then(ref_name).ok_or_else(|| format!("discriminator mapping to {target}"))?;
                ids.push(self.named(name)?);
            }
            let id = self.union(ids);
            return Ok(if o.get("nullable") == Some(&Value::Bool(true)) { self.union(vec![id, NULL]) } else { id });
        }
        let mut parts = Vec::new();
        if let Some(r) = o.get("$ref").and_then(Value::as_str) {
            let name = ref_name(r).ok_or_else(|| format!("unsupported $ref {r}"))?;
            parts.push(self.named(name)?);
        }
        if let Some(base) = self.base(o)? {
            parts.push(base);
        }
        for p in o.get("allOf").and_then(Value::as_array).into_iter().flatten() {
            // The link from a subtype to its base: the base stands for the
            // subtypes, this one among them.
            let base = p.get("$ref").and_then(Value::as_str).and_then(ref_name).and_then(|n| self.schemas.get(n));
            let base = base.and_then(Value::as_object).filter(|b| super::extract::base_mapping(b).is_some()).cloned();
            if let (Some(base), Some(own)) = (base, own) {
                let mapping = super::extract::base_mapping(&base).unwrap_or(&Map::new()).clone();
                if mapping.values().any(|t| t.as_str().and_then(ref_name) == Some(own)) {
                    continue;
                }
                // A subtype its base's mapping leaves out (Azure's
                // `AzureChatDataSourceApiKeyAuthenticationOptions`, whose
                // `api_key` the base's enum lists and Azure's own examples
                // send) takes the base's own keywords, not the union of the
                // other subtypes (that intersection is empty: nothing passes).
                let mut own_keywords = base;
                own_keywords.remove("discriminator");
                parts.push(self.schema(&Value::Object(own_keywords))?);
                continue;
            }
            parts.push(self.schema(p)?);
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(alts) = o.get(key).and_then(Value::as_array) {
                let ids = alts.iter().map(|a| self.schema(a)).collect::<Result<Vec<_>, _>>()?;
                parts.push(self.union(ids));
            }
        }
        let mut id = ANY;
        for p in parts {
            id = self.intersect(id, p)?;
        }
        if o.get("nullable") == Some(&Value::Bool(true)) {
            id = self.union(vec![id, NULL]);
        }
        Ok(id)
    }

    /// The node of a schema's own type keywords, if it has any.
    fn base(&mut self, o: &Map<String, Value>) -> Result<Option<usize>, String> {
        let mut types: Vec<String> = match o.get("type") {
            Some(Value::String(t)) => vec![t.clone()],
            Some(Value::Array(ts)) => ts.iter().filter_map(|t| t.as_str().map(str::to_string)).collect(),
            Some(other) => return Err(format!("type {other}")),
            None => Vec::new(),
        };
        let values: Option<Vec<Value>> = match (o.get("enum"), o.get("const")) {
            (Some(Value::Array(e)), _) => Some(e.clone()),
            (None, Some(c)) => Some(vec![c.clone()]),
            _ => None,
        };
        if types.is_empty() {
            if let Some(vals) = &values {
                if vals.iter().all(|v| v.is_string() || v.is_null()) {
                    types.push("string".into());
                }
            } else if o.contains_key("properties") || o.contains_key("required") || o.contains_key("additionalProperties") {
                types.push("object".into());
            } else if o.contains_key("items") {
                types.push("array".into());
            } else if o.contains_key("minimum") || o.contains_key("maximum") {
                types.push("number".into());
            } else if o.contains_key("pattern") || o.contains_key("minLength") || o.contains_key("maxLength") {
                types.push("string".into());
            }
        }
        if types.is_empty() {
            return Ok(None);
        }
        let mut ids = Vec::new();
        for t in &types {
            let id = match t.as_str() {
                "null" => NULL,
                "boolean" => self.add(Ir::Bool),
                "integer" | "number" => {
                    let min = o.get("minimum").and_then(Value::as_f64);
                    let max = o.get("maximum").and_then(Value::as_f64);
                    self.add(if t == "integer" { Ir::Int { min, max } } else { Ir::Num { min, max } })
                }
                "string" => {
                    let vals = match &values {
                        Some(vals) => {
                            if vals.iter().any(Value::is_null) {
                                ids.push(NULL);
                            }
                            vals.iter().filter_map(|v| v.as_str().map(str::to_string)).collect()
                        }
                        None => Vec::new(),
                    };
                    let len = |k: &str| o.get(k).and_then(Value::as_u64).map(|n| n.min(u32::MAX as u64) as u32);
                    let pattern = match o.get("pattern") {
                        None => None,
                        Some(Value::String(p)) => {
                            regex_lite::Regex::new(p).map_err(|e| format!("pattern {p:?} does not compile: {e}"))?;
                            Some(p.clone())
                        }
                        Some(other) => return Err(format!("pattern {other}")),
                    };
                    self.add(Ir::Str { values: vals, min: len("minLength").unwrap_or(0), max: len("maxLength"), pattern })
                }
                "array" => {
                    let items = match o.get("items") {
                        Some(i) => self.schema(i)?,
                        None => ANY,
                    };
                    let min = o.get("minItems").and_then(Value::as_u64).map_or(0, |n| n.min(u32::MAX as u64) as u32);
                    let max = o.get("maxItems").and_then(Value::as_u64).map(|n| n.min(u32::MAX as u64) as u32);
                    self.add(Ir::Arr { items, min, max })
                }
                "object" => {
                    let mut props = Vec::new();
                    if let Some(p) = o.get("properties").and_then(Value::as_object) {
                        for (name, s) in p {
                            props.push((name.clone(), self.schema(s)?));
                        }
                    }
                    let required = o
                        .get("required")
                        .and_then(Value::as_array)
                        .map(|r| r.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
                        .unwrap_or_default();
                    let extra = match o.get("additionalProperties") {
                        None | Some(Value::Bool(true)) => IrExtra::Open,
                        Some(Value::Bool(false)) => IrExtra::Closed,
                        Some(s) => match self.schema(s)? {
                            ANY => IrExtra::Open,
                            id => IrExtra::Values(id),
                        },
                    };
                    self.add(Ir::Obj { props, required, extra })
                }
                other => return Err(format!("type {other}")),
            };
            ids.push(id);
        }
        Ok(Some(self.union(ids)))
    }
}
