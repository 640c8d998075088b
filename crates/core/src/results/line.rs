//! Parses one line of a batch output or error file, and one line of the
//! input file, into the few fields the join needs. Output and error files
//! share one line shape:
//! `{"id","custom_id","response":{"status_code","request_id","body"},"error"}`.
//! The body is a Chat Completions object, a Responses API object, an
//! embeddings list, or an error `{"error":{code,message,…}}`.

use super::usage::Usage;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Which API produced a response body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BodyShape {
    ChatCompletion,
    Response,
    Embedding,
    /// `{"error": {...}}` (an HTTP failure).
    Error,
    /// Some other object, or no body.
    Other,
}

/// What a result line says about its request.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ResultLine {
    pub custom_id: String,
    /// `response.status_code`, if there is a response and it is an HTTP
    /// status (an integer in 100–599).
    pub status_code: Option<u16>,
    /// Why a response has no usable `status_code` (`None` without a response).
    pub status_problem: Option<StatusProblem>,
    pub shape: Option<BodyShape>,
    /// `body.model` as the service wrote it.
    pub model: Option<String>,
    /// Chat: `choices[].finish_reason`, in choice order.
    pub finish_reasons: Vec<String>,
    /// Responses API: `status` (`completed`, `incomplete`, `failed`, …).
    pub response_status: Option<String>,
    /// Responses API: `incomplete_details.reason`.
    pub incomplete_reason: Option<String>,
    /// `body.error.code` (or `type` when no code), on an HTTP failure or a failed response.
    pub body_error_code: Option<String>,
    pub body_error_message: Option<String>,
    /// `body.error.innererror.code`, e.g. `ResponsibleAIPolicyViolation`.
    pub inner_error_code: Option<String>,
    /// The top-level `error.code` of a non-HTTP failure (`batch_expired`, …).
    pub top_error_code: Option<String>,
    pub top_error_message: Option<String>,
    /// Any `filtered: true` under `content_filter_results` /
    /// `prompt_filter_results` / `content_filter_result`, or any
    /// `blocked: true` / `filtered: true` under Responses API `content_filters`.
    pub filter_hit: bool,
    pub usage: Usage,
}

/// A response whose `status_code` is not an HTTP status: never a success.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum StatusProblem {
    Missing,
    /// A string, a fraction, `null`, …: the JSON as written (cut).
    NotAnInteger(String),
    /// An integer outside 100–599.
    OutOfRange(String),
}

impl StatusProblem {
    /// The reason in words, e.g. "status_code 99999 is outside 100–599".
    pub fn reason(&self) -> String {
        match self {
            StatusProblem::Missing => "the response has no status_code".to_string(),
            StatusProblem::NotAnInteger(v) => format!("status_code {v} is not an integer"),
            StatusProblem::OutOfRange(v) => format!("status_code {v} is outside {}–{}", HTTP_STATUS.start(), HTTP_STATUS.end()),
        }
    }
}

/// The HTTP status codes (RFC 9110 §15): anything else is not a status.
pub const HTTP_STATUS: std::ops::RangeInclusive<u64> = 100..=599;

/// Why a line could not be read. The UI translates these.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LineProblem {
    InvalidUtf8,
    NotJson {
        detail: String,
    },
    NotAnObject,
    /// No `custom_id`, or it is not a non-empty string.
    NoCustomId,
    /// A result line with neither `response` nor `error`.
    UnknownResultShape,
    /// An input line (method/url/body) in a result file.
    InputLineInResultFile,
    /// A result line (response/error) in the input file.
    ResultLineInInputFile,
    /// An input line without an object `body`.
    UnknownInputShape,
    /// Longer than the reader's limit: skipped to the next newline unread.
    TooLong {
        bytes: u64,
        limit: u64,
    },
}

/// Longest message text kept per request (characters): enough to read the reason.
pub const MESSAGE_KEEP_CHARS: usize = 300;

fn parse_object(bytes: &[u8]) -> Result<Map<String, Value>, LineProblem> {
    let text = std::str::from_utf8(bytes).map_err(|_| LineProblem::InvalidUtf8)?;
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(LineProblem::NotAnObject),
        Err(e) => Err(LineProblem::NotJson { detail: e.to_string() }),
    }
}

fn custom_id(m: &Map<String, Value>) -> Result<String, LineProblem> {
    match m.get("custom_id") {
        Some(Value::String(s)) if !s.is_empty() => Ok(s.clone()),
        _ => Err(LineProblem::NoCustomId),
    }
}

fn looks_like_input(m: &Map<String, Value>) -> bool {
    !m.contains_key("response") && !m.contains_key("error") && (m.contains_key("method") || m.contains_key("url") || m.contains_key("body"))
}

fn looks_like_result(m: &Map<String, Value>) -> bool {
    (m.contains_key("response") || m.contains_key("error")) && !m.contains_key("method") && !m.contains_key("body")
}

fn str_of(v: Option<&Value>) -> Option<String> {
    v.and_then(Value::as_str).map(str::to_string)
}

fn short(v: Option<&Value>) -> Option<String> {
    str_of(v).map(|s| s.chars().take(MESSAGE_KEEP_CHARS).collect())
}

/// Reads one line of an output or error file.
pub fn parse_result_line(bytes: &[u8]) -> Result<ResultLine, LineProblem> {
    let m = parse_object(bytes)?;
    if looks_like_input(&m) {
        return Err(LineProblem::InputLineInResultFile);
    }
    let custom_id = custom_id(&m)?;
    let response = m.get("response").filter(|r| r.is_object());
    let top_error = m.get("error").filter(|e| e.is_object());
    if response.is_none() && top_error.is_none() {
        return Err(LineProblem::UnknownResultShape);
    }
    let mut line = ResultLine { custom_id, ..Default::default() };
    if let Some(e) = top_error {
        line.top_error_code = str_of(e.get("code"));
        line.top_error_message = short(e.get("message"));
    }
    if let Some(r) = response {
        match read_status(r.get("status_code")) {
            Ok(code) => line.status_code = Some(code),
            Err(p) => line.status_problem = Some(p),
        }
        if let Some(body) = r.get("body").filter(|b| b.is_object()) {
            read_body(body, &mut line);
        } else {
            line.shape = Some(BodyShape::Other);
        }
    }
    Ok(line)
}

fn read_status(v: Option<&Value>) -> Result<u16, StatusProblem> {
    let cut = |v: &Value| v.to_string().chars().take(MESSAGE_KEEP_CHARS).collect::<String>();
    match v {
        None => Err(StatusProblem::Missing),
        Some(Value::Number(n)) => match n.as_u64() {
            Some(c) if HTTP_STATUS.contains(&c) => u16::try_from(c).map_err(|_| StatusProblem::OutOfRange(c.to_string())),
            Some(_) => Err(StatusProblem::OutOfRange(n.to_string())),
            None if n.is_i64() => Err(StatusProblem::OutOfRange(n.to_string())),
            None => Err(StatusProblem::NotAnInteger(n.to_string())),
        },
        Some(other) => Err(StatusProblem::NotAnInteger(cut(other))),
    }
}

fn read_body(body: &Value, line: &mut ResultLine) {
    let object = body.get("object").and_then(Value::as_str).unwrap_or("");
    line.model = str_of(body.get("model"));
    line.usage = Usage::from_body(body);
    line.filter_hit = any_filter_hit(body, false);
    if let Some(err) = body.get("error").filter(|e| e.is_object()) {
        line.body_error_code = str_of(err.get("code")).or_else(|| str_of(err.get("type")));
        line.body_error_message = short(err.get("message"));
        line.inner_error_code = err.get("innererror").and_then(|i| str_of(i.get("code")));
    }
    if let Some(choices) = body.get("choices").and_then(Value::as_array) {
        line.shape = Some(BodyShape::ChatCompletion);
        line.finish_reasons = choices.iter().filter_map(|c| str_of(c.get("finish_reason"))).collect();
    } else if object == "response" || body.get("output").is_some_and(Value::is_array) {
        line.shape = Some(BodyShape::Response);
        line.response_status = str_of(body.get("status"));
        line.incomplete_reason = body.get("incomplete_details").and_then(|d| str_of(d.get("reason")));
    } else if object == "list" && body.get("data").is_some_and(Value::is_array) {
        line.shape = Some(BodyShape::Embedding);
    } else if line.body_error_code.is_some() || body.get("error").is_some_and(Value::is_object) {
        line.shape = Some(BodyShape::Error);
    } else {
        line.shape = Some(BodyShape::Other);
    }
}

/// Walks a body for content-filter verdicts. `inside` is true below a
/// content-filter key, where `filtered: true` or `blocked: true` counts.
fn any_filter_hit(v: &Value, inside: bool) -> bool {
    match v {
        Value::Object(m) => m.iter().any(|(k, v)| {
            let filter_key =
                matches!(k.as_str(), "content_filter_results" | "prompt_filter_results" | "content_filter_result" | "content_filters");
            let now_inside = inside || filter_key;
            (now_inside && matches!(k.as_str(), "filtered" | "blocked") && v.as_bool() == Some(true)) || any_filter_hit(v, now_inside)
        }),
        Value::Array(a) => a.iter().any(|v| any_filter_hit(v, inside)),
        _ => false,
    }
}

/// What the join keeps of an input line.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct InputLine {
    pub custom_id: String,
    pub url: Option<String>,
    /// `body.model` (an Azure deployment name or an OpenAI model).
    pub model: Option<String>,
    /// `body.metadata` entries with string, number or boolean values, as text.
    pub metadata: BTreeMap<String, String>,
}

/// Reads one line of the input file.
pub fn parse_input_line(bytes: &[u8]) -> Result<InputLine, LineProblem> {
    let m = parse_object(bytes)?;
    if looks_like_result(&m) {
        return Err(LineProblem::ResultLineInInputFile);
    }
    let custom_id = custom_id(&m)?;
    let body = m.get("body").filter(|b| b.is_object()).ok_or(LineProblem::UnknownInputShape)?;
    let metadata = body
        .get("metadata")
        .and_then(Value::as_object)
        .map(|md| {
            md.iter()
                .filter_map(|(k, v)| {
                    let text = match v {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        Value::Bool(b) => b.to_string(),
                        _ => return None,
                    };
                    Some((k.clone(), text))
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(InputLine { custom_id, url: str_of(m.get("url")), model: str_of(body.get("model")), metadata })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_success_line() {
        let l = parse_result_line(br#"{"id":"batch_req_1","custom_id":"a","response":{"status_code":200,"request_id":"r","body":{"object":"chat.completion","model":"gpt-4o-2024-08-06","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"hi"}}],"usage":{"prompt_tokens":10,"completion_tokens":2,"total_tokens":12}}},"error":null}"#).unwrap();
        assert_eq!(l.custom_id, "a");
        assert_eq!(l.status_code, Some(200));
        assert_eq!(l.shape, Some(BodyShape::ChatCompletion));
        assert_eq!(l.finish_reasons, vec!["stop".to_string()]);
        assert_eq!(l.model.as_deref(), Some("gpt-4o-2024-08-06"));
        assert_eq!(l.usage.prompt, 10);
        assert!(!l.filter_hit);
    }

    #[test]
    fn responses_incomplete_line() {
        let l = parse_result_line(br#"{"custom_id":"b","response":{"status_code":200,"body":{"object":"response","status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},"output":[],"usage":{"input_tokens":5,"output_tokens":7}}},"error":null}"#).unwrap();
        assert_eq!(l.shape, Some(BodyShape::Response));
        assert_eq!(l.response_status.as_deref(), Some("incomplete"));
        assert_eq!(l.incomplete_reason.as_deref(), Some("max_output_tokens"));
        assert_eq!(l.usage.completion, 7);
    }

    #[test]
    fn filter_flags_are_found_only_under_filter_keys() {
        let hit = parse_result_line(br#"{"custom_id":"c","response":{"status_code":200,"body":{"choices":[{"finish_reason":"stop","content_filter_results":{"hate":{"filtered":true,"severity":"high"}}}]}}}"#).unwrap();
        assert!(hit.filter_hit);
        let clean = parse_result_line(br#"{"custom_id":"c","response":{"status_code":200,"body":{"choices":[{"finish_reason":"stop","filtered":true,"prompt_filter_results":[{"content_filter_results":{"hate":{"filtered":false}}}]}]}}}"#).unwrap();
        assert!(!clean.filter_hit);
        let resp = parse_result_line(br#"{"custom_id":"c","response":{"status_code":200,"body":{"object":"response","status":"completed","output":[],"content_filters":[{"blocked":true,"source_type":"prompt"}]}}}"#).unwrap();
        assert!(resp.filter_hit);
    }

    #[test]
    fn status_codes_outside_http_are_kept_as_problems() {
        let status = |raw: &str| {
            let line =
                format!(r#"{{"custom_id":"a","response":{{"status_code":{raw},"body":{{"choices":[{{"finish_reason":"stop"}}]}}}}}}"#);
            let l = parse_result_line(line.as_bytes()).unwrap();
            (l.status_code, l.status_problem)
        };
        assert_eq!(status("200"), (Some(200), None));
        assert_eq!(status("599"), (Some(599), None));
        assert_eq!(status("99999"), (None, Some(StatusProblem::OutOfRange("99999".into()))));
        assert_eq!(status("-1"), (None, Some(StatusProblem::OutOfRange("-1".into()))));
        assert_eq!(status("99"), (None, Some(StatusProblem::OutOfRange("99".into()))));
        assert_eq!(status(r#""500""#), (None, Some(StatusProblem::NotAnInteger("\"500\"".into()))));
        assert_eq!(status("200.5"), (None, Some(StatusProblem::NotAnInteger("200.5".into()))));
        let none = parse_result_line(br#"{"custom_id":"a","response":{"body":{}}}"#).unwrap();
        assert_eq!(none.status_problem, Some(StatusProblem::Missing));
    }

    #[test]
    fn bad_lines_say_why() {
        assert!(matches!(parse_result_line(b"{nope"), Err(LineProblem::NotJson { .. })));
        assert_eq!(parse_result_line(b"[1]"), Err(LineProblem::NotAnObject));
        assert_eq!(parse_result_line(b"\xff"), Err(LineProblem::InvalidUtf8));
        assert_eq!(parse_result_line(br#"{"response":{"status_code":200}}"#), Err(LineProblem::NoCustomId));
        assert_eq!(parse_result_line(br#"{"custom_id":"x","foo":1}"#), Err(LineProblem::UnknownResultShape));
        assert_eq!(
            parse_result_line(br#"{"custom_id":"x","method":"POST","url":"/v1/chat/completions","body":{}}"#),
            Err(LineProblem::InputLineInResultFile)
        );
        assert_eq!(
            parse_input_line(br#"{"custom_id":"x","response":{"status_code":200},"error":null}"#),
            Err(LineProblem::ResultLineInInputFile)
        );
    }

    #[test]
    fn input_metadata_values_become_text() {
        let l = parse_input_line(br#"{"custom_id":"t-1","method":"POST","url":"/v1/chat/completions","body":{"model":"batch-dep","metadata":{"tenant":"acme","tier":2,"vip":true,"x":{"y":1}}}}"#).unwrap();
        assert_eq!(l.model.as_deref(), Some("batch-dep"));
        assert_eq!(l.metadata.get("tenant").map(String::as_str), Some("acme"));
        assert_eq!(l.metadata.get("tier").map(String::as_str), Some("2"));
        assert_eq!(l.metadata.get("vip").map(String::as_str), Some("true"));
        assert!(!l.metadata.contains_key("x"));
    }
}
