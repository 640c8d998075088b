//! The generator of the body-schema tables (`openai.rs`, `azure.rs`).
//!
//! Two steps, both run by `cargo run -p batchlane-core --example gen_body_schema`:
//! 1. [`extract_subset`]: from a vendor's whole OpenAPI document, the request
//!    schemas we check and every schema they reach, without prose
//!    (descriptions, examples). The result is vendored in
//!    `crates/core/assets/specs/` so builds stay offline; it is only redone
//!    when a newer spec is fetched (`--spec openai=PATH`).
//! 2. [`generate`]: the vendored subset → a Rust table of [`super::Node`]s,
//!    with the live services' known differences from the spec applied
//!    ([`Patch`], each with its source). `tests/it/body_schema.rs` regenerates
//!    and compares byte for byte.
//!
//! Keywords that constrain values and are not modelled (`pattern`,
//! `format`, `minLength`, `maxLength`, `maxProperties`, `propertyNames`)
//! are counted in [`Stats::unchecked`], never silently taken as checked; a
//! keyword the generator does not know stops it.

use serde_json::{Map, Value};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// Keywords that say nothing about validity (dropped from the subset).
const PROSE: &[&str] = &[
    "description",
    "example",
    "examples",
    "title",
    "default",
    "deprecated",
    "x-oaiMeta",
    "x-oaiExpandable",
    "x-oaiTypeLabel",
    "x-stainless-const",
    "x-oaiSupportedSystemMessages",
    "x-ms-discriminator-value",
    "x-ms-client-name",
    "x-ms-enum",
    "x-ms-external",
    "x-nullable-description",
    "readOnly",
    "writeOnly",
    "externalDocs",
    "discriminator",
    "$recursiveAnchor",
];

/// Keywords that constrain values but are not modelled: counted, not checked.
const UNMODELLED: &[&str] =
    &["pattern", "format", "minLength", "maxLength", "maxProperties", "propertyNames", "$recursiveRef", "minProperties"];

/// What the services do that the spec does not say. Each is applied by
/// [`generate`] and listed with its source on the /facts page.
#[derive(Clone, Copy, Debug)]
pub struct Patch {
    /// `Schema` or `Schema.property`.
    pub at: &'static str,
    pub change: Change,
    pub source: &'static str,
    pub as_of: &'static str,
    pub why: &'static str,
}

#[derive(Clone, Copy, Debug)]
pub enum Change {
    /// The integer's smallest allowed value (none today: the service's
    /// minimums the spec lacks are catalog facts, `body_minimum`, checked by
    /// `batch/model_rules.rs`, so that a user can override them).
    Minimum(f64),
    /// The object refuses keys it does not list.
    Closed,
    /// The object needs at least one of these keys.
    OneOfRequired(&'static [&'static str]),
    /// The object has a required string property of this name.
    RequiredString(&'static str),
}

/// The live services' differences from the specs, applied to both dialects.
pub const PATCHES: &[Patch] = &[
    Patch {
        at: "CreateChatCompletionRequest",
        change: Change::Closed,
        source: "https://github.com/coroot/coroot/issues/698",
        as_of: "2026-08",
        why: "Chat Completions refuses a body argument it does not know: \"Unrecognized request argument supplied: NAME\".",
    },
    Patch {
        at: "CreateCompletionRequest",
        change: Change::Closed,
        source: "https://github.com/coroot/coroot/issues/698",
        as_of: "2026-08",
        why: "Completions refuses a body argument it does not know: \"Unrecognized request argument supplied: NAME\".",
    },
    Patch {
        at: "CreateResponse",
        change: Change::Closed,
        source: "https://platform.openai.com/docs/api-reference/responses/create",
        as_of: "2026-08",
        why: "The Responses API refuses a body argument it does not know: \"Unknown parameter: 'NAME'.\"",
    },
    Patch {
        at: "CreateResponse",
        change: Change::RequiredString("model"),
        source: "https://platform.openai.com/docs/api-reference/responses/create",
        as_of: "2026-08",
        why: "A batch request names its model; the spec lists no required field for the Responses API (a stored prompt can stand in for input, not for the model).",
    },
    Patch {
        at: "ChatCompletionRequestAssistantMessage",
        change: Change::OneOfRequired(&["content", "tool_calls", "function_call"]),
        source: "https://platform.openai.com/docs/api-reference/chat/create",
        as_of: "2026-08",
        why: "An assistant message's content is \"required unless tool_calls or function_call is specified\" (the spec says so in prose only).",
    },
    Patch {
        at: "chatCompletionRequestAssistantMessage",
        change: Change::OneOfRequired(&["content", "tool_calls", "function_call"]),
        source: "https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference",
        as_of: "2026-08",
        why: "An assistant message's content is required unless tool_calls or function_call is specified (prose in the spec).",
    },
    Patch {
        at: "createChatCompletionRequest",
        change: Change::RequiredString("model"),
        source: "https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/batch",
        as_of: "2026-08",
        why: "In a Global Batch file, body.model names the deployment (the inference spec takes it in the URL path). The spec (2024-10-21) predates arguments the service takes today, so unknown arguments are not judged on Azure.",
    },
];

/// What one generation run reads: the subset, what to call the table, the roots.
pub struct Config<'a> {
    /// `owner/repo@commit path` of the spec the subset came from.
    pub source: &'a str,
    /// Endpoint name (`chat`, …) → schema name.
    pub roots: &'a [(&'a str, &'a str)],
}

/// Where the vendored OpenAI subset came from.
pub const OPENAI_SOURCE: &str = "openai/openai-openapi@f85dbe223d40e1a31cba812ab2d755c7e98a92a3 openapi.json (2026-08-21)";
/// Where the vendored Azure subset came from.
pub const AZURE_SOURCE: &str = "Azure/azure-rest-api-specs@132b90d1f06386034a6c2b34e903dbd3b03f9806 specification/cognitiveservices/data-plane/AzureOpenAI/inference/stable/2024-10-21/inference.json";
/// The vendored subsets, relative to `crates/core`.
pub const OPENAI_SUBSET: &str = "assets/specs/openai-openapi.subset.json";
pub const AZURE_SUBSET: &str = "assets/specs/azure-inference-2024-10-21.subset.json";

/// The vendors' request schemas: OpenAI's.
pub const OPENAI_ROOTS: &[(&str, &str)] = &[
    ("chat", "CreateChatCompletionRequest"),
    ("completions", "CreateCompletionRequest"),
    ("embeddings", "CreateEmbeddingRequest"),
    ("responses", "CreateResponse"),
];

/// Azure OpenAI's inference spec (2024-10-21): chat (what Global Batch takes
/// besides the v1 Responses API, which follows OpenAI's) and completions
/// (its embeddings body has no schema name; Global Batch takes no embeddings).
pub const AZURE_ROOTS: &[(&str, &str)] = &[("chat", "createChatCompletionRequest"), ("completions", "createCompletionRequest")];

/// Counts of what a table checks, per root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub types: usize,
    pub enums: usize,
    pub bounds: usize,
    pub lengths: usize,
    pub required: usize,
    pub unions: usize,
    pub closed: usize,
    pub unchecked: usize,
}

fn schemas_of(spec: &Value) -> Result<&Map<String, Value>, String> {
    spec.pointer("/components/schemas")
        .or_else(|| spec.get("definitions"))
        .and_then(Value::as_object)
        .ok_or_else(|| "no components.schemas or definitions in the spec".to_string())
}

fn ref_name(r: &str) -> Option<&str> {
    r.strip_prefix("#/components/schemas/").or_else(|| r.strip_prefix("#/definitions/"))
}

/// The schemas `roots` reach, without prose, as `{"components": {"schemas": …}}`.
pub fn extract_subset(spec: &Value, roots: &[&str]) -> Result<Value, String> {
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
                if PROSE.contains(&k.as_str()) {
                    continue;
                }
                if k == "$ref" {
                    if let Some(name) = v.as_str().and_then(ref_name) {
                        refs.push(name.to_string());
                        m.insert(k.clone(), Value::String(format!("#/components/schemas/{name}")));
                        continue;
                    }
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

#[derive(Clone, Debug, PartialEq)]
enum Ir {
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
enum IrExtra {
    Open,
    Closed,
    Values(usize),
}

struct Compiler<'a> {
    schemas: &'a Map<String, Value>,
    nodes: Vec<Ir>,
    named: HashMap<String, usize>,
    interned: HashMap<String, usize>,
}

const ANY: usize = 0;
const NULL: usize = 1;

impl<'a> Compiler<'a> {
    fn new(schemas: &'a Map<String, Value>) -> Self {
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

    fn named(&mut self, name: &str) -> Result<usize, String> {
        if let Some(&id) = self.named.get(name) {
            return Ok(id);
        }
        let s = self.schemas.get(name).ok_or_else(|| format!("$ref to {name}, which the subset lacks"))?;
        // A slot first, so that a schema that reaches itself ends.
        self.nodes.push(Ir::Any);
        let slot = self.nodes.len() - 1;
        self.named.insert(name.to_string(), slot);
        let id = self.schema(s)?;
        self.nodes[slot] = self.nodes[id].clone();
        Ok(slot)
    }

    fn schema(&mut self, v: &Value) -> Result<usize, String> {
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
            );
            if UNMODELLED.contains(&k.as_str()) {
                continue;
            } else if !known && !PROSE.contains(&k.as_str()) && !k.starts_with("x-") {
                return Err(format!("keyword {k} is not supported by the generator"));
            }
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
                    self.add(Ir::Str { values: vals })
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
            (Ir::Str { values: va }, Ir::Str { values: vb }) => {
                let values = match (va.is_empty(), vb.is_empty()) {
                    (true, _) => vb,
                    (_, true) => va,
                    _ => va.into_iter().filter(|v| vb.contains(v)).collect(),
                };
                self.add(Ir::Str { values })
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
    fn patch(&mut self, patches: &[Patch]) -> Result<(), String> {
        for p in patches {
            let (schema, prop) = match p.at.split_once('.') {
                Some((s, q)) => (s, Some(q)),
                None => (p.at, None),
            };
            if !self.schemas.contains_key(schema) {
                continue;
            }
            let id = self.named(schema)?;
            let Ir::Obj { props, required, extra } = self.nodes[id].clone() else {
                return Err(format!("patch {}: {schema} is not an object", p.at));
            };
            match (prop, p.change) {
                (None, Change::Closed) => self.nodes[id] = Ir::Obj { props, required, extra: IrExtra::Closed },
                (None, Change::RequiredString(name)) => {
                    let mut props = props;
                    let mut required = required;
                    if !props.iter().any(|(n, _)| n == name) {
                        let id = self.add(Ir::Str { values: Vec::new() });
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

/// The subset (as vendored) → the Rust source of a table, and its counts per root.
pub fn generate(subset: &str, config: &Config) -> Result<(String, Vec<(String, Stats)>), String> {
    let spec: Value = serde_json::from_str(subset).map_err(|e| format!("subset: {e}"))?;
    let schemas = schemas_of(&spec)?;
    let mut c = Compiler::new(schemas);
    for (_, schema) in config.roots {
        c.named(schema)?;
    }
    c.patch(PATCHES)?;
    let roots: Vec<(&str, usize)> = config.roots.iter().map(|(n, s)| (*n, c.named[*s])).collect();
    // Renumber what the roots reach, breadth first (0 stays Any).
    let mut order = vec![ANY];
    let mut index: HashMap<usize, usize> = HashMap::from([(ANY, 0)]);
    let mut queue: std::collections::VecDeque<usize> = roots.iter().map(|&(_, id)| id).collect();
    while let Some(id) = queue.pop_front() {
        if index.contains_key(&id) {
            continue;
        }
        index.insert(id, order.len());
        order.push(id);
        queue.extend(children(&c.nodes[id]));
    }
    if order.len() > u16::MAX as usize {
        return Err("more nodes than a u16 numbers".into());
    }
    let stats = roots
        .iter()
        .zip(config.roots)
        .map(|(&(name, id), &(_, schema))| (name.to_string(), Stats { unchecked: unmodelled(schemas, schema), ..stats(&c, id) }))
        .collect();
    let mut out = String::new();
    let _ = writeln!(out, "// @generated by `cargo run -p batchlane-core --example gen_body_schema` from");
    let _ = writeln!(out, "// {}. Do not edit.", config.source);
    out.push_str("use super::Extra::*;\nuse super::Node::*;\nuse super::Table;\n\n");
    let _ = writeln!(out, "#[rustfmt::skip]\npub static TABLE: Table = Table {{\n    source: {:?},\n    roots: &[", config.source);
    for (name, id) in &roots {
        let _ = writeln!(out, "        ({name:?}, {}),", index[id]);
    }
    out.push_str("    ],\n    nodes: &[\n");
    for (n, &id) in order.iter().enumerate() {
        let _ = writeln!(out, "        /* {n} */ {},", emit(&c.nodes[id], &index));
    }
    out.push_str("    ],\n};\n");
    Ok((out, stats))
}

fn children(ir: &Ir) -> Vec<usize> {
    match ir {
        Ir::Arr { items, .. } => vec![*items],
        Ir::Obj { props, extra, .. } => {
            let mut v: Vec<usize> = props.iter().map(|(_, id)| *id).collect();
            if let IrExtra::Values(id) = extra {
                v.push(*id);
            }
            v
        }
        Ir::Union(ms) => ms.clone(),
        _ => Vec::new(),
    }
}

fn num(x: Option<f64>) -> String {
    match x {
        Some(v) => format!("Some({v:?})"),
        None => "None".into(),
    }
}

fn emit(ir: &Ir, index: &HashMap<usize, usize>) -> String {
    match ir {
        Ir::Any => "Any".into(),
        // Never fits nothing: an empty union.
        Ir::Never => "Union(&[])".into(),
        Ir::Null => "Null".into(),
        Ir::Bool => "Bool".into(),
        Ir::Int { min, max } => format!("Int {{ min: {}, max: {} }}", num(*min), num(*max)),
        Ir::Num { min, max } => format!("Num {{ min: {}, max: {} }}", num(*min), num(*max)),
        Ir::Str { values } => format!("Str {{ values: &{values:?} }}"),
        Ir::Arr { items, min, max } => {
            let max = max.map_or("None".into(), |m| format!("Some({m})"));
            format!("Arr {{ items: {}, min: {min}, max: {max} }}", index[items])
        }
        Ir::Obj { props, required, extra } => {
            let props: Vec<String> = props.iter().map(|(n, id)| format!("({n:?}, {})", index[id])).collect();
            let extra = match extra {
                IrExtra::Open => "Open".to_string(),
                IrExtra::Closed => "Closed".to_string(),
                IrExtra::Values(id) => format!("Values({})", index[id]),
            };
            format!("Obj {{ props: &[{}], required: &{required:?}, extra: {extra} }}", props.join(", "))
        }
        Ir::Union(ms) => format!("Union(&[{}])", ms.iter().map(|m| index[m].to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// The unmodelled keywords in the schemas `root` reaches (each schema once).
fn unmodelled(schemas: &Map<String, Value>, root: &str) -> usize {
    fn walk(v: &Value, refs: &mut Vec<String>) -> usize {
        match v {
            Value::Object(o) => o
                .iter()
                .map(|(k, x)| {
                    if k == "$ref" {
                        if let Some(n) = x.as_str().and_then(ref_name) {
                            refs.push(n.to_string());
                        }
                    }
                    let own = UNMODELLED.contains(&k.as_str()) as usize;
                    own + if k == "properties" {
                        x.as_object().map_or(0, |p| p.values().map(|s| walk(s, refs)).sum())
                    } else {
                        walk(x, refs)
                    }
                })
                .sum(),
            Value::Array(a) => a.iter().map(|x| walk(x, refs)).sum(),
            _ => 0,
        }
    }
    let mut seen = BTreeSet::new();
    let mut todo = vec![root.to_string()];
    let mut n = 0;
    while let Some(name) = todo.pop() {
        if seen.insert(name.clone()) {
            if let Some(s) = schemas.get(&name) {
                n += walk(s, &mut todo);
            }
        }
    }
    n
}

fn stats(c: &Compiler, root: usize) -> Stats {
    let mut s = Stats::default();
    let mut seen = BTreeSet::new();
    let mut todo = vec![root];
    while let Some(id) = todo.pop() {
        if !seen.insert(id) {
            continue;
        }
        let ir = &c.nodes[id];
        match ir {
            Ir::Any => {}
            Ir::Union(_) => s.unions += 1,
            Ir::Int { min, max } | Ir::Num { min, max } => {
                s.types += 1;
                s.bounds += min.is_some() as usize + max.is_some() as usize;
            }
            Ir::Str { values } => {
                s.types += 1;
                s.enums += !values.is_empty() as usize;
            }
            Ir::Arr { min, max, .. } => {
                s.types += 1;
                s.lengths += (*min > 0) as usize + max.is_some() as usize;
            }
            Ir::Obj { required, extra, .. } => {
                s.types += 1;
                s.required += required.len();
                s.closed += (*extra == IrExtra::Closed) as usize;
            }
            Ir::Null | Ir::Bool | Ir::Never => s.types += 1,
        }
        todo.extend(children(ir));
    }
    s
}
