//! Rules about one line on its own: UTF-8, JSON, required fields, types,
//! the url, the body. Rules across lines live in `checker.rs`.

use super::diagnostic::{char_count, quote};
use super::findings::Findings;
use super::scan::{scan, Scan};
use super::{Code, Diagnostic, Dialect, Endpoint, Severity};
use crate::facts::Catalog;
use crate::facts::Kind;
use serde_json::{Map, Value};
use std::borrow::Cow;

/// A line as the checker hands it over: without `\n` / `\r\n` (and without
/// the BOM on line 1).
#[derive(Clone, Copy, Debug)]
pub struct LineRef<'a> {
    pub number: u64,
    /// Byte offset of `bytes[0]` in the file.
    pub start: u64,
    pub bytes: &'a [u8],
}

impl LineRef<'_> {
    /// A diagnostic on this line at byte `at` of the line.
    pub fn diag(&self, code: Code, severity: Severity, param: Option<&str>, message: String, at: Option<usize>) -> Diagnostic {
        let at = at.map(|a| a.min(self.bytes.len()));
        Diagnostic {
            line: self.number,
            column: at.map(|a| char_count(&self.bytes[..a]) + 1),
            severity,
            code,
            param: param.map(str::to_string),
            message,
            line_start: self.start,
            line_bytes: self.bytes.len() as u64,
            byte_offset: at.map(|a| self.start + a as u64),
            related_line: None,
            evidence: super::Evidence::of(code, severity),
            source: None,
        }
    }
}

/// What the cross-line rules and the token count need from a parsed line
/// (the fast path borrows its strings from the line: no copies per line).
#[derive(Debug, Default)]
pub struct Parsed<'a> {
    pub custom_id: Option<Cow<'a, str>>,
    pub url: Option<Cow<'a, str>>,
    pub model: Option<Cow<'a, str>>,
    pub endpoint: Option<Endpoint>,
    pub body: Option<Value>,
    /// Byte offsets in the line, for columns.
    pub custom_id_at: Option<usize>,
    pub url_at: Option<usize>,
    pub model_at: Option<usize>,
    pub max_tokens_at: Option<usize>,
}

/// How the first request line looked when it did not parse: the UI says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FileShape {
    /// A JSON array (`[` …) instead of one object per line.
    JsonArray,
    /// A request spread over several lines (pretty-printed JSON).
    PrettyPrinted,
    /// NUL bytes or bytes that are not UTF-8 on the first line.
    Binary,
}

pub(crate) fn json_message(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Azure => "A line in your input file wasn't able to be parsed as valid json.",
        Dialect::OpenAi => "This line is not parseable as valid JSON.",
    }
}

/// Checks one non-blank line. Pushes its findings to `out`; returns what the
/// cross-line rules need, or `None` when the line is not a JSON object.
pub fn check_line(line: LineRef, dialect: Dialect, catalog: &Catalog, out: &mut Findings) -> Option<Parsed<'static>> {
    // serde_json accepts only valid UTF-8 (strings are checked, anything
    // else outside them is ASCII syntax). The line is checked whole first,
    // by simdutf8 (SIMD; a pass far cheaper than serde_json's check of each
    // string, character by character: in the browser's worker that check
    // was about an eighth of the exact-token check of a file of Korean
    // text), and parsed as a `str`, whose strings serde_json does not check
    // again; a line that is not UTF-8 goes to serde_json as bytes, so its
    // error (and the finding) is the same as before.
    let parsed = match simdutf8::basic::from_utf8(line.bytes) {
        Ok(text) => serde_json::from_str(text),
        Err(_) => serde_json::from_slice(line.bytes),
    };
    let value: Value = match parsed {
        Ok(v) => v,
        Err(e) => {
            json_failure(line, &e, dialect, out);
            return None;
        }
    };
    let Value::Object(mut obj) = value else {
        let kind = match value {
            Value::Array(_) => "an array",
            Value::String(_) => "a string",
            Value::Number(_) => "a number",
            Value::Bool(_) => "a boolean",
            _ => "null",
        };
        let msg = format!("{} (the line is {kind}, not a JSON object)", json_message(dialect));
        out.push(line.diag(Code::InvalidJsonLine, Severity::Error, None, msg, Some(0)));
        return None;
    };
    let s = scan(line.bytes);
    for &(key, at) in &s.duplicates {
        let raw_key = String::from_utf8_lossy(key);
        // The service's path for top-level and body keys; none deeper down.
        let param = if s.top.contains(&(raw_key.as_bytes(), at)) {
            Some(raw_key.to_string())
        } else {
            s.body.contains(&(raw_key.as_bytes(), at)).then(|| format!("body.{raw_key}"))
        };
        let key = quote(&raw_key);
        let msg = format!("The key \"{key}\" appears twice in one object; JSON parsers keep only one of the values (usually the last).");
        out.push(line.diag(Code::DuplicateJsonKey, Severity::Warning, param.as_deref(), msg, Some(at)));
    }
    let mut p = Parsed::default();
    let before = out.list().len();
    required_fields(line, &s, &obj, &mut p, catalog, out);
    url_rule(line, &s, &obj, dialect, &mut p, out);
    if let Some(body) = obj.remove("body") {
        if let Value::Object(b) = &body {
            body_rules(line, &s, b, dialect, &mut p, out);
            if super::schema::enabled(catalog, dialect) {
                schema_rules(line, &s, &body, dialect, &p, out, before);
            }
            if let Some(e) = p.endpoint {
                super::cross_field::check(line, &s, &body, e, dialect, out, before);
            }
            super::served::model_rule(line, &p, dialect, catalog, out);
            p.body = Some(body);
        } else {
            let msg = "Invalid type for 'body': expected an object.".to_string();
            out.push(line.diag(Code::InvalidRequest, Severity::Error, Some("body"), msg, s.key_offset("body")));
        }
    }
    Some(p)
}

/// The detail of a line that is a whole object and then a comma (`},`).
pub(crate) const COMMA_AFTER_OBJECT: &str = "a comma after the object: JSON Lines puts no commas between requests; remove it";

/// A line serde_json refused: not UTF-8, or not JSON (said where and why).
fn json_failure(line: LineRef, e: &serde_json::Error, dialect: Dialect, out: &mut Findings) {
    if not_utf8(line, out) {
        return;
    }
    let mut at = (e.column().max(1) - 1).min(line.bytes.len());
    // serde_json points a trailing comma at the bracket after it: point at the comma.
    if e.to_string().starts_with("trailing comma") {
        if let Some(comma) = line.bytes[..at].iter().rposition(|b| !b.is_ascii_whitespace()).filter(|&i| line.bytes[i] == b',') {
            at = comma;
        }
    }
    // A whole object, then a comma (array items pasted as lines).
    let detail = if e.to_string().starts_with("trailing characters") && line.bytes[at..].trim_ascii() == b"," {
        COMMA_AFTER_OBJECT.to_string()
    } else {
        json_error_detail(e)
    };
    let msg = format!("{} ({detail})", json_message(dialect));
    out.push(line.diag(Code::InvalidJsonLine, Severity::Error, None, msg, Some(at)));
}

/// The cheap checks on a line with too many values to check fully: that it
/// is one JSON object, and its custom_id, method, url and body.model — read
/// without building the line (bounded memory). `None` where the line is not
/// an object, or these fields are not plain values.
pub(crate) fn check_line_cheap(line: LineRef, dialect: Dialect, catalog: &Catalog, out: &mut Findings) -> Option<Parsed<'static>> {
    // Ignored strings are not checked for UTF-8 by serde_json: check it all.
    if not_utf8(line, out) {
        return None;
    }
    if let Err(e) = serde_json::from_slice::<Parses>(line.bytes) {
        json_failure(line, &e, dialect, out);
        return None;
    }
    let fields = super::top_fields::top_fields(line.bytes)?;
    let s = scan(line.bytes);
    let mut obj = fields.top;
    if let Some(body) = &fields.body {
        obj.insert("body".into(), body.clone());
    }
    let mut p = Parsed::default();
    required_fields(line, &s, &obj, &mut p, catalog, out);
    url_rule(line, &s, &obj, dialect, &mut p, out);
    match &fields.body {
        Some(Value::Object(b)) => model_rule(line, &s, b, &mut p, out),
        Some(_) => {
            let msg = "Invalid type for 'body': expected an object.".to_string();
            out.push(line.diag(Code::InvalidRequest, Severity::Error, Some("body"), msg, s.key_offset("body")));
        }
        None => {}
    }
    Some(p)
}

/// A JSON value parsed as `Value` parses it (numbers in range, strings and
/// escapes checked) but not kept: whether a line is JSON, in bounded memory.
struct Parses;

impl<'de> serde::Deserialize<'de> for Parses {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Parses;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E>(self) -> Result<Parses, E> {
                Ok(Parses)
            }
            fn visit_bool<E>(self, _: bool) -> Result<Parses, E> {
                Ok(Parses)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Parses, E> {
                Ok(Parses)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Parses, E> {
                Ok(Parses)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Parses, E> {
                Ok(Parses)
            }
            fn visit_str<E>(self, _: &str) -> Result<Parses, E> {
                Ok(Parses)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Parses, A::Error> {
                while a.next_element::<Parses>()?.is_some() {}
                Ok(Parses)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Parses, A::Error> {
                while a.next_key::<IgnoredAny>()?.is_some() {
                    a.next_value::<Parses>()?;
                }
                Ok(Parses)
            }
        }
        d.deserialize_any(V)
    }
}

/// Reports the first byte that is not UTF-8, if any; whether there was one.
fn not_utf8(line: LineRef, out: &mut Findings) -> bool {
    let Err(u) = std::str::from_utf8(line.bytes) else { return false };
    let at = u.valid_up_to();
    let msg = format!(
        "Invalid file for Batch API. Must be utf-8 encoded (byte 0x{:02X} at byte offset {} of the file is not UTF-8).",
        line.bytes[at],
        line.start + at as u64
    );
    out.push(line.diag(Code::InvalidUtf8, Severity::Error, None, msg, Some(at)));
    true
}

/// serde_json's reason, without its "at line 1 column N" (we give our own).
fn json_error_detail(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let text = text.rfind(" at line ").map_or(text.as_str(), |i| &text[..i]);
    match text {
        "recursion limit exceeded" => "nesting deeper than the parser allows".to_string(),
        "number out of range" => "a number too large to represent (beyond 64-bit floating point)".to_string(),
        "trailing characters" => "trailing content after the JSON value".to_string(),
        t if t.starts_with("EOF while parsing") => format!("the line ends before the JSON value does ({t})"),
        t => t.to_string(),
    }
}

fn missing(line: LineRef, field: &str, out: &mut Findings) {
    let msg = format!("Missing required parameter: '{field}'.");
    out.push(line.diag(Code::MissingRequiredParameter, Severity::Error, Some(field), msg, None));
}

fn required_fields(line: LineRef, s: &Scan, obj: &Map<String, Value>, p: &mut Parsed<'static>, catalog: &Catalog, out: &mut Findings) {
    p.custom_id_at = s.key_offset("custom_id");
    match obj.get("custom_id") {
        None => missing(line, "custom_id", out),
        Some(Value::String(id)) => {
            let max = catalog.require(Kind::MaxCustomIdChars, "any") as usize;
            if id.chars().nth(max).is_some() {
                // A third party's limit, not the vendors': a warning. Azure
                // answered a 79-character id with status 200 (issue 37). The id
                // is still compared for duplicates.
                let chars = id.chars().count();
                let msg = format!(
                    "The custom_id is {chars} characters long; another vendor's batch API limits it to {max} characters (OpenAI and Azure document no limit, and Azure has answered longer ids)."
                );
                out.push(line.diag(Code::CustomIdTooLong, Severity::Warning, Some("custom_id"), msg, p.custom_id_at));
            }
            if id.is_empty() {
                let msg = "The custom_id is empty. Results are joined to requests on it; whether the service accepts an empty one is not documented.".to_string();
                out.push(line.diag(Code::EmptyCustomId, Severity::Warning, Some("custom_id"), msg, p.custom_id_at));
            }
            p.custom_id = Some(Cow::Owned(id.clone()));
        }
        Some(other) => {
            let msg = format!("Invalid type for 'custom_id': expected a string, but got {}.", type_name(other));
            out.push(line.diag(Code::InvalidRequest, Severity::Error, Some("custom_id"), msg, p.custom_id_at));
        }
    }
    match obj.get("method") {
        None => missing(line, "method", out),
        Some(Value::String(m)) if m == "POST" => {}
        Some(other) => {
            let msg = format!("Invalid value for 'method': only \"POST\" is supported, got {}.", quote(&other.to_string()));
            out.push(line.diag(Code::InvalidRequest, Severity::Error, Some("method"), msg, s.key_offset("method")));
        }
    }
    if !obj.contains_key("url") {
        missing(line, "url", out);
    }
    if !obj.contains_key("body") {
        missing(line, "body", out);
    }
}

fn url_rule(line: LineRef, s: &Scan, obj: &Map<String, Value>, dialect: Dialect, p: &mut Parsed<'static>, out: &mut Findings) {
    p.url_at = s.key_offset("url");
    match obj.get("url") {
        None => {}
        Some(Value::String(url)) => {
            p.endpoint = Endpoint::from_url(url);
            if !dialect.allowed_urls().contains(&url.as_str()) {
                let why = if dialect == Dialect::Azure && p.endpoint == Some(Endpoint::Embeddings) {
                    "Azure Global Batch does not support embeddings".to_string()
                } else {
                    format!("the batch service accepts {}", dialect.allowed_urls().join(", "))
                };
                let msg = format!("The URL provided for this request does not match the batch endpoint ({}: {why}).", quote(url));
                out.push(line.diag(dialect.url_code(), Severity::Error, Some("url"), msg, p.url_at));
            }
            p.url = Some(Cow::Owned(url.clone()));
        }
        Some(other) => {
            let msg = format!("Invalid type for 'url': expected a string, but got {}.", type_name(other));
            out.push(line.diag(Code::InvalidRequest, Severity::Error, Some("url"), msg, p.url_at));
        }
    }
}

pub(crate) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

const ROLES: &[&str] = &["system", "developer", "user", "assistant", "tool", "function"];

fn body_rules(line: LineRef, s: &Scan, b: &Map<String, Value>, dialect: Dialect, p: &mut Parsed<'static>, out: &mut Findings) {
    p.max_tokens_at = s.body_key_offset("max_tokens");
    let body_at = s.key_offset("body");
    model_rule(line, s, b, p, out);
    body_rules_after_model(line, s, b, dialect, p, out, body_at);
}

/// `body.model`: a non-empty string.
fn model_rule(line: LineRef, s: &Scan, b: &Map<String, Value>, p: &mut Parsed<'static>, out: &mut Findings) {
    p.model_at = s.body_key_offset("model");
    let body_at = s.key_offset("body");
    match b.get("model") {
        Some(Value::String(m)) if !m.trim().is_empty() => p.model = Some(Cow::Owned(m.clone())),
        // The batch service's recorded answer; where the endpoint's own
        // model is optional (moderations, images, videos: a default model),
        // what the batch service does is not recorded: a warning.
        None | Some(Value::Null)
            if matches!(p.endpoint, Some(Endpoint::Moderations | Endpoint::ImageGenerations | Endpoint::ImageEdits | Endpoint::Videos)) =>
        {
            let msg = "Model parameter is required. (The batch service's answer on other endpoints; this endpoint has a default model, and the batch service's answer without one is not recorded.)".to_string();
            out.push(
                line.diag(Code::InvalidRequest, Severity::Warning, Some("body.model"), msg, body_at)
                    .with_basis(super::Evidence::Inferred, crate::facts::SourceId::OpenAiBatch.source().url),
            );
        }
        None | Some(Value::Null) => {
            let msg = "Model parameter is required.".to_string();
            out.push(line.diag(Code::InvalidRequest, Severity::Error, Some("body.model"), msg, body_at));
        }
        Some(other) => {
            let msg = format!("Invalid value for 'model': expected a non-empty string, but got {}.", type_name(other));
            out.push(line.diag(Code::InvalidRequest, Severity::Error, Some("body.model"), msg, p.model_at));
        }
    }
}

fn body_rules_after_model(
    line: LineRef,
    s: &Scan,
    b: &Map<String, Value>,
    dialect: Dialect,
    p: &mut Parsed<'static>,
    out: &mut Findings,
    body_at: Option<usize>,
) {
    let label = p.endpoint.map_or("Batch", Endpoint::label);
    if b.get("stream") == Some(&Value::Bool(true)) {
        // OpenAI documents the code; Azure's docs are silent: a warning there.
        let (sev, msg) = match dialect {
            Dialect::OpenAi => (Severity::Error, format!("{label}: Streaming is not supported in the Batch API.")),
            Dialect::Azure => (
                Severity::Warning,
                format!("{label}: Streaming is not supported in the Batch API (OpenAI's documented answer; Azure's batch docs do not say what Global Batch does)."),
            ),
        };
        out.push(line.diag(Code::StreamingUnsupported, sev, Some("body.stream"), msg, s.body_key_offset("stream")));
    }
    // Azure's legacy url form goes with dated API versions, which the batch
    // job (not the file) names; 2024-10-21 and older do not know
    // reasoning_effort ("Unrecognized request argument supplied"). Azure's
    // batch page: newer models need the v1 API. A warning: the file can't say.
    if dialect == Dialect::Azure && p.url.as_deref() == Some("/chat/completions") && b.get("reasoning_effort").is_some_and(|v| !v.is_null())
    {
        let msg = "Unrecognized request argument supplied: reasoning_effort (on the legacy url form the batch job's API version decides; 2024-10-21 and older refuse it: use /v1/chat/completions, Azure's v1 API).".to_string();
        let d =
            line.diag(Code::UnknownParameter, Severity::Warning, Some("body.reasoning_effort"), msg, s.body_key_offset("reasoning_effort"));
        out.push(d.with_basis(super::Evidence::Inferred, crate::facts::SourceId::AzureBatch.source().url));
    }
    match p.endpoint {
        Some(Endpoint::ChatCompletions) => messages_rule(line, s, b, out),
        // The Responses API needs only a model (a stored `prompt` stands in for `input`).
        Some(Endpoint::Embeddings | Endpoint::Moderations) if b.get("input").is_none_or(Value::is_null) => {
            let msg = "Input parameter is required.".to_string();
            out.push(line.diag(Code::InvalidRequest, Severity::Error, Some("body.input"), msg, body_at));
        }
        _ => {}
    }
}

/// The body against the vendor's schema for its endpoint (`schema/`). A
/// field the rules above already reported on (or inside) is not reported
/// again; `before` is where this line's findings start in `out`.
fn schema_rules(line: LineRef, s: &Scan, body: &Value, dialect: Dialect, p: &Parsed, out: &mut Findings, before: usize) {
    let Some((table, root)) = p.endpoint.and_then(|e| super::schema::schema_for(dialect, e)) else { return };
    let mut found = Vec::new();
    super::schema::validate(table, root, body, &mut found);
    if found.is_empty() {
        return;
    }
    // The body arguments the rules above reported on (`body.messages[3].role` → `messages`).
    let reported: Vec<String> = out.list()[before.min(out.list().len())..]
        .iter()
        .filter_map(|d| d.param.as_deref()?.strip_prefix("body.").map(|p| p.split(['.', '[']).next().unwrap_or("").to_string()))
        .collect();
    for f in found {
        let param = format!("body.{}", f.path);
        let first = f.path.split(['.', '[']).next().unwrap_or("");
        if reported.iter().any(|r| r == first) {
            continue;
        }
        // The column of the body argument the path starts in.
        let at = s.body_key_offset(first).or(s.key_offset("body"));
        // A name this spec lacks and the counterpart spec defines: whether
        // the service takes it is unconfirmed (a warning citing this spec;
        // the message names the counterpart's).
        if f.problem == super::schema::Problem::OnlyBeside {
            let d = line.diag(f.code, Severity::Warning, Some(&param), f.message, at);
            out.push(d.with_basis(super::Evidence::Inferred, table.url()));
            continue;
        }
        let d = line.diag(f.code, Severity::Error, Some(&param), f.message, at);
        // The spec says so, unless a patch closed the body to unknown
        // arguments: then the patch's source (the service's recorded answer
        // or page) for this dialect and endpoint.
        let closer = match f.problem {
            super::schema::Problem::Unknown { at_root: true } => p.endpoint.and_then(|e| super::schema::closing_patch(dialect, e)),
            _ => None,
        };
        out.push(match closer {
            Some(patch) => d.with_basis(patch.evidence(), patch.source),
            None => d.with_basis(super::Evidence::Documented, table.url()),
        });
    }
}

fn messages_rule(line: LineRef, s: &Scan, b: &Map<String, Value>, out: &mut Findings) {
    let at = s.body_key_offset("messages");
    let bad = |msg: String, param: &str, out: &mut Findings| {
        out.push(line.diag(Code::InvalidRequest, Severity::Error, Some(param), msg, at.or(s.key_offset("body"))));
    };
    let msgs = match b.get("messages") {
        None | Some(Value::Null) => return bad("Messages parameter is required.".into(), "body.messages", out),
        Some(Value::Array(m)) if m.is_empty() => {
            return bad("Invalid 'messages': empty array. Expected an array with minimum length 1.".into(), "body.messages", out)
        }
        Some(Value::Array(m)) => m,
        Some(other) => {
            let msg = format!("Invalid type for 'messages': expected an array, but got {}.", type_name(other));
            return bad(msg, "body.messages", out);
        }
    };
    for (i, m) in msgs.iter().enumerate() {
        if !out.has_room(Code::InvalidRequest) {
            // Count the rest without building their messages.
            if message_is_bad(m) {
                out.count(Code::InvalidRequest, Severity::Error);
            }
            continue;
        }
        let param = format!("body.messages[{i}]");
        let Some(m) = m.as_object() else {
            bad(format!("Invalid type for 'messages[{i}]': expected an object, but got {}.", type_name(m)), &param, out);
            continue;
        };
        match m.get("role") {
            Some(Value::String(r)) if ROLES.contains(&r.as_str()) => {
                let has_calls = m.contains_key("tool_calls") || m.contains_key("function_call");
                if content_missing(m, r) && !(r == "assistant" && has_calls) {
                    bad(format!("Missing required parameter: 'messages[{i}].content'."), &format!("{param}.content"), out);
                }
            }
            Some(Value::String(r)) => {
                let msg = format!("Invalid value for 'messages[{i}].role': '{}'. Supported values are: {}.", quote(r), ROLES.join(", "));
                bad(msg, &format!("{param}.role"), out)
            }
            _ => bad(format!("Missing required parameter: 'messages[{i}].role'."), &format!("{param}.role"), out),
        }
    }
}

/// Whether [`messages_rule`] reports a message (without building the report).
fn message_is_bad(m: &Value) -> bool {
    let Some(m) = m.as_object() else { return true };
    match m.get("role") {
        Some(Value::String(r)) if ROLES.contains(&r.as_str()) => {
            let has_calls = m.contains_key("tool_calls") || m.contains_key("function_call");
            content_missing(m, r) && !(r == "assistant" && has_calls)
        }
        _ => true,
    }
}

/// A message without content (a function message's may be null, as the spec allows).
fn content_missing(m: &Map<String, Value>, role: &str) -> bool {
    if role == "function" {
        !m.contains_key("content")
    } else {
        m.get("content").is_none_or(Value::is_null)
    }
}
