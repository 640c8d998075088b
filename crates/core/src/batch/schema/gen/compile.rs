//! Step 2a: the subset's schemas → an intermediate graph of nodes (`$ref`
//! resolved, `allOf` merged, unions flattened, equal nodes shared), with
//! the patches applied.

use super::{ref_name, Change, Patch, PROSE, UNMODELLED};
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
    schemas: &'a Map<String, Value>,
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
    fn add(&mut self, ir: Ir) -> usize {
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

    fn union(&mut self, ids: Vec<usize>) -> usize {
        let mut members = Vec::new();
        for id in ids {
            match &self.nodes[id] {
                Ir::Any => return ANY,
                Ir::Never => {}
                Ir::Union(ms) => {
                    for &m in ms {
                        if !members.contains(&m) {
                            members.push(m);
                        }
                    }
                }
                _ if !members.contains(&id) => members.push(id),
                _ => {}
            }
        }
        match members.len() {
            0 => self.add(Ir::Never),
            1 => members[0],
            _ => self.add(Ir::Union(members)),
        }
    }

    /// A node that fits what both `a` and `b` fit (allOf, and type keywords
    /// beside `$ref` or `oneOf`).
    fn intersect(&mut self, a: usize, b: usize) -> Result<usize, String> {
        if a == b || b == ANY {
            return Ok(a);
        }
        if a == ANY {
            return Ok(b);
        }
        let (na, nb) = (self.nodes[a].clone(), self.nodes[b].clone());
        Ok(match (na, nb) {
            (Ir::Union(ms), _) => {
                let ids = ms.iter().map(|&m| self.intersect(m, b)).collect::<Result<Vec<_>, _>>()?;
                self.union(ids)
            }
            (_, Ir::Union(ms)) => {
                let ids = ms.iter().map(|&m| self.intersect(a, m)).collect::<Result<Vec<_>, _>>()?;
                self.union(ids)
            }
            (Ir::Obj { props: pa, required: ra, extra: ea }, Ir::Obj { props: pb, required: rb, extra: eb }) => {
                let mut props = pa;
                for (name, id) in pb {
                    match props.iter().position(|(n, _)| *n == name) {
                        Some(i) => props[i].1 = self.intersect(props[i].1, id)?,
                        None => props.push((name, id)),
                    }
                }
                let mut required = ra;
                for r in rb {
                    if !required.contains(&r) {
                        required.push(r);
                    }
                }
                let extra = match (ea, eb) {
                    (IrExtra::Closed, _) | (_, IrExtra::Closed) => IrExtra::Closed,
                    (IrExtra::Values(v), _) | (_, IrExtra::Values(v)) => IrExtra::Values(v),
                    _ => IrExtra::Open,
                };
                self.add(Ir::Obj { props, required, extra })
            }
            (Ir::Str { values: va, min: ma, max: xa, pattern: pa }, Ir::Str { values: vb, min: mb, max: xb, pattern: pb }) => {
                let values: Vec<String> = match (va.is_empty(), vb.is_empty()) {
                    (true, _) => vb,
                    (_, true) => va,
                    _ => va.into_iter().filter(|v| vb.contains(v)).collect(),
                };
                // Two lists with no value in common fit nothing (an empty
                // list would mean any string).
                if values.is_empty()
                    && !(matches!(&self.nodes[a], Ir::Str { values, .. } if values.is_empty())
                        || matches!(&self.nodes[b], Ir::Str { values, .. } if values.is_empty()))
                {
                    return Ok(self.add(Ir::Never));
                }
                let max = match (xa, xb) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                let pattern = match (pa, pb) {
                    (Some(a), Some(b)) if a != b => return Err(format!("two patterns on one string: {a:?} and {b:?}")),
                    (a, b) => a.or(b),
                };
                self.add(Ir::Str { values, min: ma.max(mb), max, pattern })
            }
            (x, y) if x == y => a,
            (Ir::Null, Ir::Null) | (Ir::Bool, Ir::Bool) => a,
            (Ir::Int { min, max }, Ir::Int { min: m2, max: x2 })
            | (Ir::Int { min, max }, Ir::Num { min: m2, max: x2 })
            | (Ir::Num { min, max }, Ir::Int { min: m2, max: x2 }) => {
                self.add(Ir::Int { min: tighter(min, m2, f64::max), max: tighter(max, x2, f64::min) })
            }
            (Ir::Num { min, max }, Ir::Num { min: m2, max: x2 }) => {
                self.add(Ir::Num { min: tighter(min, m2, f64::max), max: tighter(max, x2, f64::min) })
            }
            (Ir::Arr { items, min, max }, Ir::Arr { items: i2, min: m2, max: x2 }) => {
                let items = self.intersect(items, i2)?;
                let max = match (max, x2) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                self.add(Ir::Arr { items, min: min.max(m2), max })
            }
            _ => self.add(Ir::Never),
        })
    }

    /// Applies the patches whose schema this table has.
    pub(super) fn patch(&mut self, patches: &[Patch]) -> Result<(), String> {
        for p in patches {
            let Some((schema, prop)) = patch_target(self.schemas, p.at) else { continue };
            let id = self.named(schema)?;
            // Applied to the spec itself, before compiling (`patch_spec`).
            if matches!(
                p.change,
                Change::NotRequired(_)
                    | Change::AlsoItem(_)
                    | Change::AlsoSchema(_)
                    | Change::DropKeyword(_)
                    | Change::AlsoProperty(..)
                    | Change::AlsoValue(_)
                    | Change::AlsoItemSchema(_)
            ) {
                continue;
            }
            let Ir::Obj { props, required, extra } = self.nodes[id].clone() else {
                return Err(format!("patch {}: {schema} is not an object", p.at));
            };
            match (prop, p.change) {
                (None, Change::Closed) => self.nodes[id] = Ir::Obj { props, required, extra: IrExtra::Closed },
                (None, Change::RequiredString(name)) => {
                    let mut props = props;
                    let mut required = required;
                    if !props.iter().any(|(n, _)| n == name) {
                        let id = self.add(Ir::Str { values: Vec::new(), min: 0, max: None, pattern: None });
                        props.push((name.to_string(), id));
                    }
                    if !required.iter().any(|r| r == name) {
                        required.push(name.to_string());
                    }
                    self.nodes[id] = Ir::Obj { props, required, extra };
                }
                (None, Change::OneOfRequired(keys)) => {
                    let alts = keys
                        .iter()
                        .map(|k| {
                            let mut r = required.clone();
                            r.push(k.to_string());
                            // Required here means present and not null.
                            let mut props = props.clone();
                            if let Some(i) = props.iter().position(|(n, _)| n == k) {
                                props[i].1 = self.without_null(props[i].1);
                            }
                            self.add(Ir::Obj { props, required: r, extra })
                        })
                        .collect();
                    self.nodes[id] = Ir::Union(alts);
                }
                (Some(name), Change::Minimum(min)) => {
                    let i = props.iter().position(|(n, _)| n == name).ok_or_else(|| format!("patch {}: no such property", p.at))?;
                    let child = self.with_minimum(props[i].1, min)?;
                    let mut props = props;
                    props[i].1 = child;
                    self.nodes[id] = Ir::Obj { props, required, extra };
                }
                _ => return Err(format!("patch {}: change {:?} does not apply there", p.at, p.change)),
            }
        }
        Ok(())
    }

    /// Unions whose members a patch turned into unions, flattened (a
    /// union is never a union's member in a table).
    pub(super) fn flatten_unions(&mut self) {
        for id in 0..self.nodes.len() {
            let Ir::Union(ms) = &self.nodes[id] else { continue };
            if !ms.iter().any(|&m| matches!(self.nodes[m], Ir::Union(_))) {
                continue;
            }
            let mut flat = Vec::new();
            let mut todo: Vec<usize> = ms.iter().rev().copied().collect();
            let mut depth = 0;
            while let Some(m) = todo.pop() {
                match &self.nodes[m] {
                    Ir::Union(inner) if depth < 64 => {
                        depth += 1;
                        todo.extend(inner.iter().rev().copied());
                    }
                    _ if !flat.contains(&m) => flat.push(m),
                    _ => {}
                }
            }
            self.nodes[id] = Ir::Union(flat);
        }
    }

    fn without_null(&mut self, id: usize) -> usize {
        match self.nodes[id].clone() {
            Ir::Union(ms) => {
                let ids = ms.into_iter().filter(|&m| m != NULL).collect();
                self.union(ids)
            }
            _ => id,
        }
    }

    fn with_minimum(&mut self, id: usize, min: f64) -> Result<usize, String> {
        match self.nodes[id].clone() {
            Ir::Int { max, .. } => Ok(self.add(Ir::Int { min: Some(min), max })),
            Ir::Union(ms) => {
                let ids = ms.iter().map(|&m| self.with_minimum(m, min)).collect::<Result<Vec<_>, _>>()?;
                Ok(self.union(ids))
            }
            Ir::Null => Ok(id),
            other => Err(format!("a minimum on {other:?}")),
        }
    }
}

fn tighter(a: Option<f64>, b: Option<f64>, pick: fn(f64, f64) -> f64) -> Option<f64> {
    match (a, b) {
        (Some(x), Some(y)) => Some(pick(x, y)),
        (x, y) => x.or(y),
    }
}

/// The patches that change the spec's text (a name out of a `required`
/// list, another schema allowed as an array's items), applied to the
/// subset's schemas before they are compiled, so that every schema built
/// from the patched one (by `allOf`, or a union beside `type`) sees it.
pub(super) fn patch_spec(schemas: &mut Map<String, Value>, patches: &[Patch]) -> Result<(), String> {
    for p in patches {
        if !matches!(
            p.change,
            Change::NotRequired(_)
                | Change::AlsoItem(_)
                | Change::AlsoSchema(_)
                | Change::DropKeyword(_)
                | Change::AlsoProperty(..)
                | Change::AlsoValue(_)
                | Change::AlsoItemSchema(_)
        ) {
            continue;
        }
        // `Schema` or `Schema.property` (an inline object schema of a property).
        let Some((schema, props)) = patch_target(schemas, p.at) else { continue };
        let Some(mut s) = schemas.get_mut(schema) else { continue };
        for prop in props.into_iter().flat_map(|q| q.split('.')) {
            s = s.pointer_mut(&format!("/properties/{prop}")).ok_or_else(|| format!("patch {}: no property {prop}", p.at))?;
        }
        match p.change {
            Change::NotRequired(name) => {
                // A schema of the same name in the other vendor's spec may
                // not have the erratum: nothing to do there.
                if let Some(req) = s.get_mut("required").and_then(Value::as_array_mut) {
                    req.retain(|x| x != name);
                }
            }
            Change::AlsoItem(other) => {
                let Some(items) = s.get_mut("items") else { return Err(format!("patch {}: not an array", p.at)) };
                let reference = serde_json::json!({ "$ref": format!("#/components/schemas/{other}") });
                *items = serde_json::json!({ "anyOf": [items.take(), reference] });
            }
            Change::AlsoItemSchema(json) => {
                let also: Value = serde_json::from_str(json).map_err(|e| format!("patch {}: {e}", p.at))?;
                let Some(items) = s.get_mut("items") else { return Err(format!("patch {}: not an array", p.at)) };
                *items = serde_json::json!({ "anyOf": [items.take(), also] });
            }
            Change::AlsoSchema(json) => {
                let also: Value = serde_json::from_str(json).map_err(|e| format!("patch {}: {e}", p.at))?;
                *s = serde_json::json!({ "anyOf": [s.take(), also] });
            }
            Change::DropKeyword(k) => {
                s.as_object_mut().and_then(|o| o.remove(k)).ok_or_else(|| format!("patch {}: no keyword {k}", p.at))?;
            }
            Change::AlsoProperty(name, json) => {
                let also: Value = serde_json::from_str(json).map_err(|e| format!("patch {}: {e}", p.at))?;
                let props = s
                    .get_mut("properties")
                    .and_then(Value::as_object_mut)
                    .ok_or_else(|| format!("patch {}: not an object with properties", p.at))?;
                // The spec caught up with the service: the patch is stale.
                if props.contains_key(name) {
                    return Err(format!("patch {}: the spec defines {name} itself now; drop the patch", p.at));
                }
                props.insert(name.to_string(), also);
            }
            Change::AlsoValue(json) => {
                let also: Value = serde_json::from_str(json).map_err(|e| format!("patch {}: {e}", p.at))?;
                let Some(values) = s.get_mut("additionalProperties").filter(|v| v.is_object()) else {
                    return Err(format!("patch {}: not a map (no additionalProperties schema)", p.at));
                };
                *values = serde_json::json!({ "anyOf": [values.take(), also] });
            }
            _ => {}
        }
    }
    Ok(())
}

/// A patch's `at` (`Schema` or `Schema.property`, where a schema's own name
/// may hold dots: `OpenAI.ReasoningEffort`) as the schema it names in
/// `schemas` and the property path below it; None when the spec has no
/// such schema (the patch is for the other vendor's spec).
pub fn patch_target<'a>(schemas: &Map<String, Value>, at: &'a str) -> Option<(&'a str, Option<&'a str>)> {
    if schemas.contains_key(at) {
        return Some((at, None));
    }
    // The longest prefix that names a schema.
    at.char_indices()
        .rev()
        .filter(|&(_, c)| c == '.')
        .find_map(|(i, _)| schemas.contains_key(&at[..i]).then(|| (&at[..i], Some(&at[i + 1..]))))
}
