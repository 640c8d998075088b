//! Rules across the fields of one body that the services enforce beyond
//! their schema: JSON mode needs the word "json", strict schemas need every
//! property required and `additionalProperties: false`, tool names follow
//! the service's pattern and are unique, `tool_choice` names a tool that
//! exists, every tool call is answered (and every answer has its call),
//! `tools: []` / `tool_calls: []`, `stream_options` without `stream`.
//!
//! Each rule carries its evidence and source (`rules.rs`, a [`Rule`] per
//! rule); a finding reads in the service's words and cites its rule through
//! the finding's evidence and source. An inferred rule, or one recorded only
//! at OpenAI checked on an Azure file, is a warning. The fix for each
//! finding is in `fix.rs`.

mod fix;
mod rules;

pub(crate) use fix::fix;
use rules::*;

use crate::batch::findings::Findings;
use crate::batch::line::LineRef;
use crate::batch::scan::Scan;
use crate::batch::tree::Json;
use crate::batch::{Code, Dialect, Endpoint, Severity};
use crate::facts::Evidence::{Inferred, Observed};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// The body arguments these rules read: the fast path (`fast_line.rs`)
/// keeps them as a `Tree` for [`finds_any`].
pub(crate) const BODY_KEYS: &[&str] = &["tools", "tool_choice", "response_format", "text", "stream_options"];

/// Whether a value or key the fast path meets anywhere in a body may be
/// what these rules read below the body's top level: a tool message's role
/// (`"tool"`), an assistant's `tool_calls`, a Responses input item's type
/// (`"function_call"`, `"function_call_output"`). The fast path asks it of
/// every string (as parsed: escapes decoded) and key while it walks the
/// body, so no pass over the line's bytes is added; a line with one goes to
/// the slow path. (Chat's legacy `function_call` argument is no concern of
/// these rules.)
pub(crate) fn names_an_item(s: &str) -> bool {
    // The first byte first: most strings (message texts, roles such as
    // "user") are told apart without a call to `memcmp`.
    matches!(s.as_bytes().first(), Some(b't' | b'f')) && matches!(s, "tool" | "tool_calls" | "function_call" | "function_call_output")
}

/// The most ids one message lists.
const MAX_LISTED: usize = 10;

/// The deepest schema nesting walked, and the most faults one schema reports.
const MAX_SCHEMA_DEPTH: usize = 64;
const MAX_SCHEMA_FAULTS: usize = 16;

/// Where the findings go, and what the rules above already said about this line.
struct Out<'a, 'b> {
    line: LineRef<'b>,
    dialect: Dialect,
    out: &'a mut Findings,
    /// The params found before these rules ran (the schema's): not said twice.
    said: Vec<String>,
    scan: &'a Scan<'b>,
}

impl Out<'_, '_> {
    fn push(&mut self, rule: Rule, code: Code, param: &str, words: String) {
        if self.said.iter().any(|p| p == param) {
            return;
        }
        let (severity, evidence, url, note) = match (rule.evidence, self.dialect, rule.azure) {
            (Inferred, _, _) => (Severity::Warning, Inferred, rule.url, ""),
            // Recorded at OpenAI only: another vendor's answer for an Azure file.
            (e, Dialect::Azure, None) => (Severity::Warning, e, rule.url, " (OpenAI's answer; not recorded for Azure.)"),
            (_, Dialect::Azure, Some(azure)) => (Severity::Error, Observed, azure, ""),
            (e, Dialect::OpenAi, _) => (Severity::Error, e, rule.url, ""),
        };
        let msg = format!("{words}{note}");
        // The column of the body argument the path starts in.
        let first = param.strip_prefix("body.").and_then(|p| p.split(['.', '[']).next()).unwrap_or("");
        let at = self.scan.body_key_offset(first).or(self.scan.key_offset("body"));
        self.out.push(self.line.diag(code, severity, Some(param), msg, at).with_basis(evidence, url));
    }
}

/// The cross-field rules for one body (Chat Completions and Responses).
/// `before` is where this line's findings start in `out`.
pub(crate) fn check(line: LineRef, scan: &Scan, b: &impl Json, endpoint: Endpoint, dialect: Dialect, out: &mut Findings, before: usize) {
    if !matches!(endpoint, Endpoint::ChatCompletions | Endpoint::Responses) {
        return;
    }
    let said = out.list()[before.min(out.list().len())..].iter().filter_map(|d| d.param.clone()).collect();
    let mut o = Out { line, dialect, out, said, scan };
    let chat = endpoint == Endpoint::ChatCompletions;
    json_word(&mut o, b, chat);
    strict_schemas(&mut o, b, chat);
    tools(&mut o, b, chat);
    if chat {
        tool_calls(&mut o, b);
        if b.get("stream_options").is_some_and(|v| !v.is_null()) && b.get("stream").and_then(Json::as_bool) != Some(true) {
            let words = "The 'stream_options' parameter is only allowed when 'stream' is enabled.".to_string();
            o.push(STREAM_OPTIONS, Code::InvalidRequestError, "body.stream_options", words);
        }
    } else {
        function_call_items(&mut o, b);
    }
}

/// Whether these rules find anything in a body (`b`: the fast path's
/// [`crate::batch::tree::Tree`] of the body arguments they read, see
/// `fast_line.rs`): the fast path answers only for a body they find nothing
/// in, and hands any other line to the slow path, which says what they find.
pub(crate) fn finds_any(b: &impl Json, endpoint: Endpoint, dialect: Dialect) -> bool {
    let mut out = Findings::new(1);
    let scan = Scan::default();
    check(LineRef { number: 0, start: 0, bytes: &[] }, &scan, b, endpoint, dialect, &mut out, 0);
    !out.list().is_empty()
}

/// Whether any string in `v` holds "json" in any case.
fn mentions_json<J: Json>(v: &J, depth: usize) -> bool {
    if depth > MAX_SCHEMA_DEPTH {
        return false;
    }
    if let Some(s) = v.as_str() {
        s.as_bytes().windows(4).any(|w| w.eq_ignore_ascii_case(b"json"))
    } else if let Some(a) = v.as_array() {
        a.iter().any(|x| mentions_json(x, depth + 1))
    } else if let Some(mut m) = v.members() {
        m.any(|(_, x)| mentions_json(x, depth + 1))
    } else {
        false
    }
}

fn json_word<J: Json>(o: &mut Out, b: &J, chat: bool) {
    if chat {
        let json_mode = b.get("response_format").and_then(|f| f.get("type")).and_then(Json::as_str) == Some("json_object");
        if json_mode && !b.get("messages").is_some_and(|m| mentions_json(m, 0)) {
            let words = "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.".to_string();
            o.push(JSON_WORD, Code::InvalidRequestError, "body.messages", words);
        }
    } else {
        let json_mode =
            b.get("text").and_then(|t| t.get("format")).and_then(|f| f.get("type")).and_then(Json::as_str) == Some("json_object");
        // The input's messages: `instructions` alone is not enough (recorded).
        if json_mode && !b.get("input").is_some_and(|m| mentions_json(m, 0)) {
            let words =
                "Response input messages must contain the word 'json' in some form to use 'text.format' of type 'json_object'.".to_string();
            o.push(JSON_WORD, Code::InvalidRequestError, "body.text.format", words);
        }
    }
}

/// Python's tuple of the path, as the service writes `context=(…)`.
fn context(path: &[Cow<str>]) -> String {
    match path {
        [] => "()".to_string(),
        [one] => format!("('{one}',)"),
        more => format!("({})", more.iter().map(|p| format!("'{p}'")).collect::<Vec<_>>().join(", ")),
    }
}

/// A strict schema's faults: (path, words after "In context=…, "). The
/// path's steps are borrowed from the schema (an array index is written
/// out): a schema without faults costs no string.
fn strict_faults<'j, J: Json>(schema: &'j J, path: &mut Vec<Cow<'j, str>>, faults: &mut Faults<'j>) {
    if path.len() > MAX_SCHEMA_DEPTH || faults.len() >= MAX_SCHEMA_FAULTS {
        return;
    }
    if schema.members().is_none() {
        return;
    }
    let s = schema;
    let props = s.get("properties").filter(|p| p.members().is_some());
    let object = |t: &J| t.as_str() == Some("object");
    let is_object = s.get("type").is_some_and(|t| object(t) || t.as_array().is_some_and(|a| a.iter().any(object))) || props.is_some();
    if is_object {
        if s.get("additionalProperties").and_then(Json::as_bool) != Some(false) {
            faults.push((path.clone(), "'additionalProperties' is required to be supplied and to be false.".to_string()));
        }
        if let Some(props) = props {
            let required: BTreeSet<&str> =
                s.get("required").and_then(Json::as_array).map(|r| r.iter().filter_map(Json::as_str).collect()).unwrap_or_default();
            if let Some((missing, _)) = props.members().into_iter().flatten().find(|(k, _)| !required.contains(k)) {
                faults.push((
                    path.clone(),
                    format!(
                        "'required' is required to be supplied and to be an array including every key in properties. Missing '{}'.",
                        crate::batch::quote(missing)
                    ),
                ));
            }
        }
    }
    let mut walk = |step: &'static str, then: Option<Cow<'j, str>>, v: &'j J, faults: &mut Faults<'j>| {
        let n = path.len();
        path.push(Cow::Borrowed(step));
        path.extend(then);
        strict_faults(v, path, faults);
        path.truncate(n);
    };
    for (k, v) in props.and_then(Json::members).into_iter().flatten() {
        walk("properties", Some(Cow::Borrowed(k)), v, faults);
    }
    if let Some(items) = s.get("items") {
        walk("items", None, items, faults);
    }
    for key in ["anyOf", "$defs", "definitions"] {
        let Some(x) = s.get(key) else { continue };
        if let Some(a) = x.as_array() {
            for (i, v) in a.iter().enumerate() {
                walk(key, Some(Cow::Owned(i.to_string())), v, faults);
            }
        } else if let Some(m) = x.members() {
            for (k, v) in m {
                walk(key, Some(Cow::Borrowed(k)), v, faults);
            }
        }
    }
}

/// A strict schema's faults, each its path and words.
type Faults<'j> = Vec<(Vec<Cow<'j, str>>, String)>;

/// Reports a strict schema's faults: `what` is "response_format 'name'" or
/// "function 'name'" (both written only when there is a fault).
fn strict_report<J: Json>(o: &mut Out, rule: Rule, code: Code, schema: &J, what: impl FnOnce() -> String, param: impl FnOnce() -> String) {
    let mut faults = Vec::new();
    strict_faults(schema, &mut Vec::new(), &mut faults);
    if faults.is_empty() {
        return;
    }
    let (what, param) = (what(), param());
    for (path, words) in faults {
        let at: String = path.iter().map(|p| format!(".{p}")).collect();
        let words = format!("Invalid schema for {what}: In context={}, {words}", context(&path));
        o.push(rule, code, &format!("{param}{at}"), words);
    }
}

fn is_true<J: Json>(v: Option<&J>) -> bool {
    v.and_then(Json::as_bool) == Some(true)
}

fn strict_schemas<J: Json>(o: &mut Out, b: &J, chat: bool) {
    let name_of = |v: &J| crate::batch::quote(v.get("name").and_then(Json::as_str).unwrap_or("default"));
    if chat {
        if let Some(f) = b.get("response_format").filter(|f| f.get("type").and_then(Json::as_str) == Some("json_schema")) {
            if let Some(js) = f.get("json_schema").filter(|js| is_true(js.get("strict"))) {
                if let Some(schema) = js.get("schema") {
                    let what = || format!("response_format '{}'", name_of(js));
                    let param = || "body.response_format.json_schema.schema".to_string();
                    strict_report(o, STRICT_SCHEMA, Code::InvalidRequestError, schema, what, param);
                }
            }
        }
    } else if let Some(f) = b.get("text").and_then(|t| t.get("format")) {
        if f.get("type").and_then(Json::as_str) == Some("json_schema") && is_true(f.get("strict")) {
            if let Some(schema) = f.get("schema") {
                let what = || format!("response_format '{}'", name_of(f));
                strict_report(o, STRICT_SCHEMA, Code::InvalidJsonSchema, schema, what, || "body.text.format.schema".to_string());
            }
        }
    }
    let Some(tools) = b.get("tools").and_then(Json::as_array) else { return };
    for (i, t) in tools.iter().enumerate() {
        if t.get("type").and_then(Json::as_str) != Some("function") {
            continue;
        }
        // Chat wraps the function (`tools[i].function`); Responses does not.
        let f = if chat {
            let Some(f) = t.get("function") else { continue };
            f
        } else {
            t
        };
        let param = || if chat { format!("body.tools[{i}].function.parameters") } else { format!("body.tools[{i}].parameters") };
        if !is_true(f.get("strict")) {
            continue;
        }
        let Some(schema) = f.get("parameters").filter(|p| !p.is_null()) else { continue };
        let what = || format!("function '{}'", name_of(f));
        strict_report(o, STRICT_FUNCTION, Code::InvalidFunctionParameters, schema, what, param);
    }
}

/// Whether a function name matches `^[a-zA-Z0-9_-]+$`.
fn name_fits(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
}

/// A function tool's name (`None` for other tools).
fn function_name<J: Json>(t: &J, chat: bool) -> Option<&str> {
    if t.get("type").and_then(Json::as_str) != Some("function") {
        return None;
    }
    if chat {
        t.get("function")?.get("name")?.as_str()
    } else {
        t.get("name")?.as_str()
    }
}

/// The param path of tool `i`'s name.
fn name_param(i: usize, chat: bool) -> String {
    if chat {
        format!("body.tools[{i}].function.name")
    } else {
        format!("body.tools[{i}].name")
    }
}

fn tools<J: Json>(o: &mut Out, b: &J, chat: bool) {
    let tools = b.get("tools").and_then(Json::as_array);
    if chat && tools.is_some_and(|t| t.is_empty()) {
        let words = "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an empty array instead.".to_string();
        o.push(TOOLS_EMPTY, Code::EmptyArray, "body.tools", words);
    }
    let mut names: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, t) in tools.into_iter().flatten().enumerate() {
        if chat {
            let description = t.get("function").and_then(|f| f.get("description")).and_then(Json::as_str);
            // A character is at least a byte: only a longer string is counted.
            let long = description.filter(|d| d.len() > MAX_TOOL_DESCRIPTION_CHARS);
            if let Some(chars) = long.map(|d| d.chars().count()).filter(|&n| n > MAX_TOOL_DESCRIPTION_CHARS) {
                let words = format!(
                    "Invalid 'tools[{i}].function.description': string too long. Expected a string with maximum length {MAX_TOOL_DESCRIPTION_CHARS}, but got a string with length {chars} instead."
                );
                o.push(TOOL_DESCRIPTION, Code::StringAboveMaxLength, &format!("body.tools[{i}].function.description"), words);
            }
        }
        let Some(name) = function_name(t, chat) else { continue };
        // Chat's pattern is the service's answer (the spec gives it only in
        // prose); Responses' is in the spec (the schema checks it).
        if chat {
            let chars = name.chars().count();
            if !name_fits(name) {
                let words = format!(
                    "Invalid 'tools[{i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'."
                );
                o.push(TOOL_NAME, Code::InvalidValue, &name_param(i, chat), words);
            } else if chars > 64 {
                let words = format!(
                    "Invalid 'tools[{i}].function.name': string too long. Expected a string with maximum length 64, but got a string with length {chars} instead."
                );
                o.push(TOOL_NAME_LENGTH, Code::InvalidValue, &name_param(i, chat), words);
            }
        }
        match names.get(name) {
            Some(&first) => {
                let words = format!(
                    "Duplicate function name '{}': tools[{first}] has the same name; tool names must be unique.",
                    crate::batch::quote(name)
                );
                o.push(TOOL_NAMES_UNIQUE, Code::InvalidValue, &name_param(i, chat), words);
            }
            None => {
                names.insert(name, i);
            }
        }
    }
    // `tool_choice` names a function (or asks for one) that `tools` holds.
    let Some(choice) = b.get("tool_choice").filter(|c| !c.is_null()) else { return };
    let has_tools = tools.is_some_and(|t| !t.is_empty());
    let named = if chat {
        choice.get("function").and_then(|f| f.get("name")).and_then(Json::as_str)
    } else {
        choice.get("name").and_then(Json::as_str)
    }
    .filter(|_| choice.get("type").and_then(Json::as_str) == Some("function"));
    if chat {
        if !has_tools && (named.is_some() || choice.as_str() == Some("required")) {
            let words = "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.".to_string();
            o.push(TOOL_CHOICE_CHAT, Code::InvalidValue, "body.tool_choice", words);
        } else if let Some(name) = named.filter(|n| has_tools && !names.contains_key(n)) {
            let words = format!("Invalid value for 'tool_choice': no function named '{}' is in 'tools'.", crate::batch::quote(name));
            o.push(TOOL_CHOICE_CHAT, Code::InvalidValue, "body.tool_choice", words);
        }
    } else if named.is_some_and(|n| !names.contains_key(n)) {
        let words = "Tool choice 'function' not found in 'tools' parameter.".to_string();
        let rule = if has_tools { Rule { evidence: Inferred, ..TOOL_CHOICE_RESPONSES } } else { TOOL_CHOICE_RESPONSES };
        o.push(rule, Code::InvalidRequestError, "body.tool_choice", words);
    } else if choice.as_str() == Some("required") && !has_tools {
        let words = "Tool choice 'required' must be specified with 'tools' parameter.".to_string();
        o.push(TOOL_CHOICE_RESPONSES, Code::InvalidRequestError, "body.tool_choice", words);
    }
}

/// Chat: each assistant `tool_calls` answered by the tool messages right
/// after it, each tool message answering a call of that assistant message.
fn tool_calls<J: Json>(o: &mut Out, b: &J) {
    let Some(msgs) = b.get("messages").and_then(Json::as_array) else { return };
    fn role<J: Json>(m: &J) -> &str {
        m.get("role").and_then(Json::as_str).unwrap_or("")
    }
    let mut i = 0;
    while i < msgs.len() {
        let m = &msgs[i];
        match (role(m), m.get("tool_calls").and_then(Json::as_array)) {
            ("assistant", Some([])) => {
                let words = format!("Invalid 'messages[{i}].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.");
                o.push(TOOL_CALLS_EMPTY, Code::EmptyArray, &format!("body.messages[{i}].tool_calls"), words);
                i += 1;
            }
            ("assistant", Some(calls)) => {
                // A call's function name: the tools' pattern (mcp-use/mcp-use#90).
                for (k, c) in calls.iter().enumerate() {
                    let Some(name) = c.get("function").and_then(|f| f.get("name")).and_then(Json::as_str) else { continue };
                    if !name_fits(name) {
                        let words = format!(
                            "Invalid 'messages[{i}].tool_calls[{k}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'."
                        );
                        o.push(CALL_NAME, Code::InvalidValue, &format!("body.messages[{i}].tool_calls[{k}].function.name"), words);
                    }
                }
                let ids: HashSet<&str> = calls.iter().filter_map(|c| c.get("id").and_then(Json::as_str)).collect();
                let mut answered: HashSet<&str> = HashSet::new();
                let mut j = i + 1;
                while j < msgs.len() && role(&msgs[j]) == "tool" {
                    match msgs[j].get("tool_call_id").and_then(Json::as_str) {
                        Some(id) if ids.contains(id) => {
                            answered.insert(id);
                        }
                        Some(id) => {
                            let words = format!(
                                "Invalid parameter: 'tool_call_id' of '{}' not found in 'tool_calls' of previous message.",
                                crate::batch::quote(id)
                            );
                            o.push(ANSWER_ID_KNOWN, Code::InvalidRequestError, &format!("body.messages[{j}].tool_call_id"), words);
                        }
                        None => {}
                    }
                    j += 1;
                }
                // In the calls' order; a long list is cut (the message stays small).
                let pending: Vec<&str> =
                    calls.iter().filter_map(|c| c.get("id").and_then(Json::as_str)).filter(|id| !answered.contains(id)).collect();
                if !pending.is_empty() {
                    let mut list: Vec<String> = pending.iter().take(MAX_LISTED).map(|p| crate::batch::quote(p)).collect();
                    if pending.len() > MAX_LISTED {
                        list.push(format!("… ({} in all)", pending.len()));
                    }
                    let words = format!(
                        "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: {}",
                        list.join(", ")
                    );
                    // At the first message after the answers, as the service says it
                    // (the assistant turn itself when nothing follows).
                    let at = if j < msgs.len() { j } else { i };
                    o.push(CALLS_ANSWERED, Code::InvalidRequestError, &format!("body.messages[{at}].role"), words);
                }
                i = j;
            }
            ("tool", _) => {
                let words = "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'."
                    .to_string();
                o.push(ANSWER_HAS_CALL, Code::InvalidRequestError, &format!("body.messages[{i}].role"), words);
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// Responses: each `function_call_output` answers an earlier
/// `function_call` of the input, and each call is answered (unless the
/// input continues an earlier response, where the call may be).
fn function_call_items<J: Json>(o: &mut Out, b: &J) {
    let Some(items) = b.get("input").and_then(Json::as_array) else { return };
    let continues = ["previous_response_id", "conversation"].iter().any(|k| b.get(k).is_some_and(|v| !v.is_null()));
    fn kind<J: Json>(x: &J) -> &str {
        x.get("type").and_then(Json::as_str).unwrap_or("")
    }
    fn call_id<J: Json>(x: &J) -> Option<&str> {
        x.get("call_id").and_then(Json::as_str)
    }
    let mut calls: Vec<(&str, usize)> = Vec::new();
    let mut called: HashSet<&str> = HashSet::new();
    let mut answered: HashSet<&str> = HashSet::new();
    for (k, x) in items.iter().enumerate() {
        match (kind(x), call_id(x)) {
            ("function_call", Some(id)) => {
                calls.push((id, k));
                called.insert(id);
            }
            ("function_call_output", Some(id)) => {
                if called.contains(id) {
                    answered.insert(id);
                } else if !continues {
                    let words = format!("No tool call found for function call output with call_id {}.", crate::batch::quote(id));
                    o.push(OUTPUT_HAS_CALL, Code::InvalidRequestError, &format!("body.input[{k}]"), words);
                }
            }
            _ => {}
        }
    }
    for (id, k) in calls {
        if !answered.contains(id) {
            let words = format!("No tool output found for function call {}.", crate::batch::quote(id));
            o.push(CALL_HAS_OUTPUT, Code::InvalidRequestError, &format!("body.input[{k}]"), words);
        }
    }
}
