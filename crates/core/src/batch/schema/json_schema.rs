//! The line formats as JSON Schemas (draft 2020-12), written from the
//! tables and rules the checker itself uses, so the two cannot drift:
//!
//! - `input`: a batch input line. The envelope (`custom_id`, `method`,
//!   `url`, `body`) as `line.rs` checks it, the body as the endpoint's
//!   generated table ([`super::schema_for`]: types, enums, bounds, patterns,
//!   required and unknown arguments) plus the body rules of `line.rs`
//!   (a non-empty model, chat messages' roles and content, embeddings'
//!   input, streaming on OpenAI);
//! - `output` and `error`: a line of the output and error files, as
//!   `results::parse_result_line` reads it;
//! - `batch`: the batch object, as `results::parse_job` reads it.
//!
//! What a line schema cannot say (rules across lines: duplicate custom_ids,
//! one url and one model per file, the file's size; a model family's own
//! rules; the token limits) stays the checker's.

use super::{schema_for, Extra, Node, Table};
use crate::batch::{Dialect, Endpoint};
use serde_json::{json, Map, Value};

/// Which line format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemaKind {
    /// A line of the batch input file.
    Input,
    /// A line of the output file.
    Output,
    /// A line of the error file.
    Error,
    /// The batch object (`GET /batches/{id}`).
    Batch,
}

impl SchemaKind {
    /// Every kind, in the order the CLI lists them.
    pub const ALL: [SchemaKind; 4] = [SchemaKind::Input, SchemaKind::Output, SchemaKind::Error, SchemaKind::Batch];

    /// `input` / `output` / `error` / `batch`.
    pub fn name(self) -> &'static str {
        match self {
            SchemaKind::Input => "input",
            SchemaKind::Output => "output",
            SchemaKind::Error => "error",
            SchemaKind::Batch => "batch",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name.trim().to_ascii_lowercase())
    }
}

/// The roles `line.rs` accepts in a chat message.
const ROLES: &[&str] = &["system", "developer", "user", "assistant", "tool", "function"];

/// The endpoints a dialect's batch service takes (from its urls), in url order.
pub fn endpoints(dialect: Dialect) -> Vec<Endpoint> {
    let mut out: Vec<Endpoint> = Vec::new();
    for e in dialect.allowed_urls().iter().filter_map(|u| Endpoint::from_url(u)) {
        if !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

/// The urls of `endpoint` the dialect accepts.
fn urls_of(dialect: Dialect, endpoint: Endpoint) -> Vec<&'static str> {
    dialect.allowed_urls().iter().copied().filter(|u| Endpoint::from_url(u) == Some(endpoint)).collect()
}

/// The JSON Schema (2020-12) of one line format, pretty-printed. `endpoint`
/// narrows an input line to one endpoint's urls and body (and an output
/// line to that endpoint's success body); `None` takes every endpoint of
/// the dialect. `None` when the dialect's service does not take `endpoint`.
pub fn json_schema(dialect: Dialect, kind: SchemaKind, endpoint: Option<Endpoint>) -> Option<String> {
    let v = json_schema_value(dialect, kind, endpoint)?;
    serde_json::to_string_pretty(&v).ok()
}

/// [`json_schema`] as a value.
pub fn json_schema_value(dialect: Dialect, kind: SchemaKind, endpoint: Option<Endpoint>) -> Option<Value> {
    let all = endpoints(dialect);
    let chosen: Vec<Endpoint> = match endpoint {
        Some(e) if all.contains(&e) => vec![e],
        Some(_) => return None,
        None => all,
    };
    let scope = match endpoint {
        Some(e) => format!("{}:{}", dialect.name(), super::root_name(e).unwrap_or("any")),
        None => dialect.name().to_string(),
    };
    let mut defs = Map::new();
    let (title, mut body) = match kind {
        SchemaKind::Input => (format!("Batch input line ({scope})"), input_line(dialect, &chosen, &mut defs)),
        SchemaKind::Output => (format!("Batch output line ({scope})"), output_line(endpoint)),
        SchemaKind::Error => (format!("Batch error line ({scope})"), error_line()),
        SchemaKind::Batch => (format!("Batch object ({scope})"), batch_object()),
    };
    let mut head = Map::new();
    head.insert("$schema".into(), json!("https://json-schema.org/draft/2020-12/schema"));
    head.insert("$id".into(), json!(format!("urn:batchlane:schema:{}:{scope}", kind.name())));
    head.insert("title".into(), json!(title));
    head.insert("description".into(), json!(description(dialect, kind, &chosen)));
    if let Value::Object(m) = &mut body {
        head.append(m);
    }
    if !defs.is_empty() {
        head.insert("$defs".into(), Value::Object(defs));
    }
    Some(Value::Object(head))
}

fn description(dialect: Dialect, kind: SchemaKind, endpoints: &[Endpoint]) -> String {
    match kind {
        SchemaKind::Input => {
            let mut sources: Vec<&str> = Vec::new();
            for e in endpoints {
                if let Some((t, _)) = schema_for(dialect, *e) {
                    if !sources.contains(&t.source) {
                        sources.push(t.source);
                    }
                }
            }
            format!(
                "Written by batchlane from the tables its checker uses: the envelope and body rules of its line check, each body from {}. Rules across lines (duplicate custom_ids, one url and one model per file, file size), a model family's own rules and token limits are not expressible here: `batchlane check` applies them.",
                sources.join(" and ")
            )
        }
        SchemaKind::Output | SchemaKind::Error => "Written by batchlane from the rules its results join reads output and error lines by (custom_id, response.status_code as an HTTP status, response.body, error).".to_string(),
        SchemaKind::Batch => "Written by batchlane from the rules it reads a batch object by (object, status, request_counts, errors, timestamps).".to_string(),
    }
}

fn input_line(dialect: Dialect, endpoints: &[Endpoint], defs: &mut Map<String, Value>) -> Value {
    let urls: Vec<&str> = endpoints.iter().flat_map(|e| urls_of(dialect, *e)).collect();
    let mut branches = Vec::new();
    for &e in endpoints {
        let body = body_schema(dialect, e, defs);
        let name = format!("body_{}", super::root_name(e).unwrap_or("any"));
        defs.insert(name.clone(), body);
        branches.push(json!({
            "if": { "properties": { "url": { "enum": urls_of(dialect, e) } }, "required": ["url"] },
            "then": { "properties": { "body": { "$ref": format!("#/$defs/{name}") } } }
        }));
    }
    let mut line = json!({
        "type": "object",
        "required": ["custom_id", "method", "url", "body"],
        "properties": {
            "custom_id": { "type": "string" },
            "method": { "const": "POST" },
            "url": { "enum": urls },
            "body": { "type": "object" }
        }
    });
    if let Some(m) = line.as_object_mut() {
        m.insert("allOf".into(), Value::Array(branches));
    }
    line
}

/// The body of one endpoint: the generated table's schema and the body rules of `line.rs`.
fn body_schema(dialect: Dialect, endpoint: Endpoint, defs: &mut Map<String, Value>) -> Value {
    let mut all = Vec::new();
    if let Some((table, root)) = schema_for(dialect, endpoint) {
        all.push(json!({ "$ref": format!("#/$defs/{}", node_def(table, root, defs)) }));
    }
    // `body.model`: a string with a character other than white space; the
    // endpoints with a default model take none (or null: a warning only).
    let model = json!({ "type": "string", "pattern": "\\S" });
    let default_model = matches!(endpoint, Endpoint::Moderations | Endpoint::ImageGenerations | Endpoint::ImageEdits | Endpoint::Videos);
    if default_model {
        all.push(json!({ "properties": { "model": { "anyOf": [{ "type": "null" }, model] } } }));
    } else {
        all.push(json!({ "required": ["model"], "properties": { "model": model } }));
    }
    if dialect == Dialect::OpenAi {
        // OpenAI's documented answer to `stream: true` (Azure's: a warning).
        all.push(json!({ "properties": { "stream": { "not": { "const": true } } } }));
    }
    match endpoint {
        Endpoint::ChatCompletions => all.push(json!({
            "required": ["messages"],
            "properties": { "messages": { "type": "array", "minItems": 1, "items": chat_message() } }
        })),
        Endpoint::Embeddings | Endpoint::Moderations => all.push(json!({
            "required": ["input"],
            "properties": { "input": { "not": { "type": "null" } } }
        })),
        _ => {}
    }
    json!({ "type": "object", "allOf": all })
}

/// A chat message as `line.rs` checks it: a known role, and content (not
/// null) unless an assistant message calls tools or a function message
/// (whose content may be null).
fn chat_message() -> Value {
    json!({
        "type": "object",
        "required": ["role"],
        "properties": { "role": { "enum": ROLES } },
        "if": { "properties": { "role": { "const": "function" } } },
        "then": { "required": ["content"] },
        "else": {
            "anyOf": [
                { "required": ["content"], "properties": { "content": { "not": { "type": "null" } } } },
                {
                    "properties": { "role": { "const": "assistant" } },
                    "anyOf": [{ "required": ["tool_calls"] }, { "required": ["function_call"] }]
                }
            ]
        }
    })
}

/// The `$defs` name of node `id` of `table`, adding it (and every node it
/// reaches) to `defs`.
fn node_def(table: &Table, id: u16, defs: &mut Map<String, Value>) -> String {
    let prefix = table_prefix(table);
    let mut todo = vec![id];
    while let Some(n) = todo.pop() {
        let name = format!("{prefix}{n}");
        if defs.contains_key(&name) {
            continue;
        }
        let (schema, reached) = node_schema(table, n, &prefix);
        defs.insert(name, schema);
        todo.extend(reached);
    }
    format!("{prefix}{id}")
}

fn table_prefix(table: &Table) -> String {
    let owner = table.source.split('/').next().unwrap_or("spec");
    let repo = table.source.split(['/', '@']).nth(1).unwrap_or("");
    // `openai/openai-openapi@…` → `openai_`, `Azure/azure-rest-api-specs@…` → `azure_`.
    if owner.eq_ignore_ascii_case("azure") || repo.starts_with("azure") {
        "azure_".to_string()
    } else {
        format!("{}_", owner.to_ascii_lowercase())
    }
}

/// One node as a schema, and the nodes it names.
fn node_schema(table: &Table, id: u16, prefix: &str) -> (Value, Vec<u16>) {
    let r = |n: u16| json!({ "$ref": format!("#/$defs/{prefix}{n}") });
    let bound = |m: &mut Map<String, Value>, key: &str, x: Option<f64>| {
        if let Some(x) = x {
            m.insert(key.into(), number(x));
        }
    };
    let mut reached = Vec::new();
    let v = match *table.node(id) {
        Node::Any => json!(true),
        Node::Null => json!({ "type": "null" }),
        Node::Bool => json!({ "type": "boolean" }),
        Node::Int { min, max } | Node::Num { min, max } => {
            let mut m = Map::new();
            let t = if matches!(table.node(id), Node::Int { .. }) { "integer" } else { "number" };
            m.insert("type".into(), json!(t));
            bound(&mut m, "minimum", min);
            bound(&mut m, "maximum", max);
            Value::Object(m)
        }
        Node::Str { values, min, max, pattern } => {
            let mut m = Map::new();
            m.insert("type".into(), json!("string"));
            if !values.is_empty() {
                m.insert("enum".into(), json!(values));
            }
            if min > 0 {
                m.insert("minLength".into(), json!(min));
            }
            if let Some(max) = max {
                m.insert("maxLength".into(), json!(max));
            }
            // A pattern the checker cannot compile is not checked there: nor here.
            if let Some(p) = pattern.filter(|&p| table.pattern(p).is_some()) {
                m.insert("pattern".into(), json!(table.patterns[p as usize]));
            }
            Value::Object(m)
        }
        Node::Arr { items, min, max } => {
            reached.push(items);
            let mut m = Map::new();
            m.insert("type".into(), json!("array"));
            m.insert("items".into(), r(items));
            if min > 0 {
                m.insert("minItems".into(), json!(min));
            }
            if let Some(max) = max {
                m.insert("maxItems".into(), json!(max));
            }
            Value::Object(m)
        }
        Node::Obj { props, required, extra } => {
            let mut p = Map::new();
            for &(name, c) in props {
                // The table may name a property twice: the checker takes the first.
                if !p.contains_key(name) {
                    p.insert(name.to_string(), r(c));
                    reached.push(c);
                }
            }
            let mut m = Map::new();
            m.insert("type".into(), json!("object"));
            if !p.is_empty() {
                m.insert("properties".into(), Value::Object(p));
            }
            if !required.is_empty() {
                m.insert("required".into(), json!(required));
            }
            match extra {
                Extra::Open => {}
                Extra::Closed => {
                    m.insert("additionalProperties".into(), json!(false));
                }
                // Closed, but the counterpart spec's names are taken (the
                // checker warns of them, it does not refuse them).
                Extra::ClosedBeside(names) => {
                    if let Some(Value::Object(props)) = m.get_mut("properties") {
                        for name in names {
                            props.entry(name.to_string()).or_insert(json!(true));
                        }
                    } else if !names.is_empty() {
                        m.insert("properties".into(), Value::Object(names.iter().map(|n| (n.to_string(), json!(true))).collect()));
                    }
                    m.insert("additionalProperties".into(), json!(false));
                }
                Extra::Values(c) => {
                    reached.push(c);
                    m.insert("additionalProperties".into(), r(c));
                }
            }
            Value::Object(m)
        }
        // A union of nothing: no value fits (as `fits` says).
        Node::Union([]) => json!(false),
        Node::Union(members) => {
            reached.extend_from_slice(members);
            json!({ "anyOf": members.iter().map(|&m| r(m)).collect::<Vec<_>>() })
        }
    };
    (v, reached)
}

/// A bound as JSON: a whole number as an integer (`1`, not `1.0`).
fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// `custom_id` as the results join needs it: a non-empty string.
fn custom_id() -> Value {
    json!({ "type": "string", "minLength": 1 })
}

/// `response.status_code` as an HTTP status (RFC 9110 §15).
fn status_code(min: u64, max: u64) -> Value {
    json!({ "type": "integer", "minimum": min, "maximum": max })
}

fn top_error() -> Value {
    json!({ "type": "object", "properties": { "code": { "type": ["string", "null"] }, "message": { "type": ["string", "null"] } } })
}

/// The success body an endpoint answers with, as the join tells them apart.
fn success_body(endpoint: Option<Endpoint>) -> Value {
    match endpoint {
        Some(Endpoint::ChatCompletions | Endpoint::Completions) => {
            json!({ "type": "object", "required": ["choices"], "properties": { "choices": { "type": "array" } } })
        }
        Some(Endpoint::Responses) => json!({
            "type": "object",
            "required": ["output"],
            "properties": { "object": { "const": "response" }, "output": { "type": "array" } }
        }),
        Some(Endpoint::Embeddings) => json!({ "type": "object", "required": ["data"], "properties": { "data": { "type": "array" } } }),
        _ => json!({ "type": "object" }),
    }
}

fn output_line(endpoint: Option<Endpoint>) -> Value {
    json!({
        "type": "object",
        "required": ["custom_id", "response"],
        "properties": {
            "id": { "type": "string" },
            "custom_id": custom_id(),
            "response": {
                "type": "object",
                "required": ["status_code", "body"],
                "properties": {
                    "status_code": status_code(100, 599),
                    "request_id": { "type": ["string", "null"] },
                    "body": success_body(endpoint)
                }
            },
            "error": { "anyOf": [{ "type": "null" }, top_error()] }
        },
        "not": { "anyOf": [{ "required": ["method"] }, { "required": ["body"] }] }
    })
}

fn error_line() -> Value {
    json!({
        "type": "object",
        "required": ["custom_id"],
        "properties": {
            "id": { "type": "string" },
            "custom_id": custom_id(),
            "response": {
                "anyOf": [
                    { "type": "null" },
                    {
                        "type": "object",
                        "required": ["status_code"],
                        "properties": {
                            "status_code": status_code(100, 599),
                            "request_id": { "type": ["string", "null"] },
                            "body": { "type": "object", "properties": { "error": top_error() } }
                        }
                    }
                ]
            },
            "error": { "anyOf": [{ "type": "null" }, top_error()] }
        },
        // A failure: a top-level error, or a response that is not a success.
        "anyOf": [
            { "required": ["error"], "properties": { "error": { "type": "object" } } },
            {
                "required": ["response"],
                "properties": { "response": { "type": "object", "properties": { "status_code": { "not": { "maximum": 299, "minimum": 200 } } } } }
            }
        ],
        "not": { "anyOf": [{ "required": ["method"] }, { "required": ["body"] }] }
    })
}

fn batch_object() -> Value {
    let time = json!({ "type": ["integer", "null"] });
    let count = json!({ "type": "integer", "minimum": 0 });
    let text = json!({ "type": ["string", "null"] });
    json!({
        "type": "object",
        "required": ["status"],
        "properties": {
            "id": { "type": "string" },
            "object": { "const": "batch" },
            "endpoint": { "type": "string" },
            "status": { "type": "string" },
            "input_file_id": text, "output_file_id": text, "error_file_id": text,
            "completion_window": { "type": "string" },
            "created_at": time, "in_progress_at": time, "finalizing_at": time, "completed_at": time,
            "expires_at": time, "failed_at": time, "expired_at": time, "cancelling_at": time, "cancelled_at": time,
            "request_counts": {
                "type": "object",
                "properties": { "total": count, "completed": count, "failed": count }
            },
            "errors": {
                "anyOf": [
                    { "type": "null" },
                    {
                        "type": "object",
                        "properties": {
                            "data": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "properties": {
                                        "code": text, "message": text, "param": text,
                                        "line": { "type": ["integer", "null"], "minimum": 0 }
                                    }
                                }
                            }
                        }
                    }
                ]
            },
            "output_expires_after": {
                "type": "object",
                "properties": { "anchor": { "type": "string" }, "seconds": { "type": "integer" } }
            },
            "metadata": { "anyOf": [{ "type": "null" }, { "type": "object", "additionalProperties": { "type": "string" } }] }
        }
    })
}
