//! Cross-field rules (`batch/cross_field/`): each refused on a line the
//! service refused (its quoted 400, source beside it) at the service's
//! param, in its words, and passed on the vendor's own example; Chat and
//! Responses forms; fast path == slow path (`check` runs both); a fix text
//! of its own for each finding.

use super::batch_model_rules::{chat, check, found, responses};
use batchlane_core::batch::{explain_diagnostic, explain_with, Code, Dialect, Report, Severity, Verdict};
use batchlane_core::facts::Catalog;

const USER: &str = r#"[{"role": "user", "content": "hi"}]"#;

/// The model rules' `one` (a single finding, its words, evidence and
/// source), and a fix of its own, not its code's.
#[track_caller]
fn one(r: &Report, code: Code, severity: Severity, param: &str, words: &str) {
    super::batch_model_rules::one(r, code, severity, param, words);
    let d = r.diagnostics.iter().find(|d| d.param.as_deref() == Some(param)).unwrap();
    let c = Catalog::builtin();
    assert_ne!(explain_diagnostic(d, Dialect::OpenAi, &c), explain_with(d.code, Dialect::OpenAi, &c), "{}", d.message);
}

#[track_caller]
fn none(r: &Report) {
    assert!(found(r).is_empty(), "{:#?}", found(r));
}

/// "'messages' must contain the word 'json' in some form, to use 'response_format' of type
/// 'json_object'." (param messages, code null: meta-llama/PurpleLlama#94); Responses: "Response
/// input messages must contain the word 'json' in some form to use 'text.format' of type
/// 'json_object'." (param text.format, code null). Valid: the JSON mode guide's system message.
#[test]
fn json_mode_needs_the_word_json() {
    let fmt = r#", "response_format": {"type": "json_object"}"#;
    let r = check(&chat("gpt-4o-mini", fmt, r#"[{"role": "user", "content": "List three colours."}]"#), Dialect::OpenAi);
    one(&r, Code::InvalidRequestError, Severity::Error, "body.messages", "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'. (documented: https://platform.openai.com/docs/guides/structured-outputs#json-mode)");
    assert_eq!(r.verdict(), Verdict::RequestsFail { requests: 1 });
    let ok = r#"[{"role": "system", "content": "You are a helpful assistant designed to output JSON."}, {"role": "user", "content": "Who won the world series in 2020?"}]"#;
    none(&check(&chat("gpt-4o-mini", fmt, ok), Dialect::OpenAi));
    // In any case, in a content part.
    none(&check(
        &chat("gpt-4o-mini", fmt, r#"[{"role": "user", "content": [{"type": "text", "text": "Reply as Json"}]}]"#),
        Dialect::OpenAi,
    ));
    let tf = r#", "text": {"format": {"type": "json_object"}}"#;
    let r = check(&responses("gpt-4o-mini", tf), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidRequestError,
        Severity::Error,
        "body.text.format",
        "Response input messages must contain the word 'json' in some form to use 'text.format' of type 'json_object'.",
    );
    // `instructions` alone is not enough (recorded): the input must say it.
    let r = check(&responses("gpt-4o-mini", &format!(r#"{tf}, "instructions": "Answer in JSON.""#)), Dialect::OpenAi);
    one(&r, Code::InvalidRequestError, Severity::Error, "body.text.format", "Response input messages must contain");
    none(&check(&responses("gpt-4o-mini", tf).replace(r#""input": "hi""#, r#""input": "Answer in JSON: hi""#), Dialect::OpenAi));
    // Azure's JSON-mode page quotes its own service's 400: an error on an Azure file too.
    let r = check(&chat("gpt-4o-mini", fmt, USER), Dialect::Azure);
    one(&r, Code::InvalidRequestError, Severity::Error, "body.messages", "'messages' must contain the word 'json'");
    let d = r.diagnostics.iter().find(|d| d.param.as_deref() == Some("body.messages")).unwrap();
    assert!(d.source.as_deref().is_some_and(|s| s.contains("azure-ai-docs")), "{:?}", d.source);
    // Recorded at OpenAI only (a tool name pattern): a warning on an Azure file.
    let bad_name =
        r#", "tools": [{"type": "function", "function": {"name": "get weather", "parameters": {"type": "object", "properties": {}}}}]"#;
    let r = check(&chat("gpt-4o-mini", bad_name, USER), Dialect::Azure);
    one(&r, Code::InvalidValue, Severity::Warning, "body.tools[0].function.name", "Invalid 'tools[0].function.name'");
    assert!(found(&r)[0].3.ends_with("OpenAI's answer; not recorded for Azure.)"), "{}", found(&r)[0].3);
}

/// Strict structured outputs: "Invalid schema for response_format 'default': In context=(),
/// 'additionalProperties' is required to be supplied and to be false." (param response_format,
/// code null: dottxt-ai/outlines#844, at OpenAI and on Azure OpenAI); "In context=('properties',
/// 'organizations', 'items'), 'required' is required to be supplied and to be an array including
/// every key in properties. Missing 'roles'." (vercel/ai#6484). Valid: the structured outputs
/// guide's event example, in the form Azure's batch how-to shows.
#[test]
fn strict_schemas_need_every_property_required_and_no_additional_properties() {
    let fmt = |schema: &str| {
        format!(r#", "response_format": {{"type": "json_schema", "json_schema": {{"name": "event", "strict": true, "schema": {schema}}}}}"#)
    };
    let good = r#"{"type": "object", "properties": {"name": {"type": "string"}, "date": {"type": "string"}, "participants": {"type": "array", "items": {"type": "string"}}}, "required": ["name", "date", "participants"], "additionalProperties": false}"#;
    none(&check(&chat("gpt-4o", &fmt(good), USER), Dialect::OpenAi));
    let missing = good.replace(r#""date", "#, "");
    let r = check(&chat("gpt-4o", &fmt(&missing), USER), Dialect::OpenAi);
    one(&r, Code::InvalidRequestError, Severity::Error, "body.response_format.json_schema.schema", "Invalid schema for response_format 'event': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'date'.");
    // Azure (recorded on Azure OpenAI too): an error. (The Azure 2024-10-21 spec's
    // `json_schema.type` erratum is the schema's finding, not these rules'.)
    let r = check(&chat("gpt-4o", &fmt(&missing), USER), Dialect::Azure);
    let ours: Vec<_> = found(&r).into_iter().filter(|f| f.3.starts_with("Invalid schema for")).collect();
    assert_eq!(ours.len(), 1, "{ours:#?}");
    assert_eq!(
        (ours[0].0, ours[0].1, ours[0].2.as_str()),
        (Code::InvalidRequestError, Severity::Error, "body.response_format.json_schema.schema")
    );
    let d = r.diagnostics.iter().find(|d| d.message == ours[0].3).unwrap();
    assert_eq!((d.evidence.as_str(), d.source.as_deref()), ("observed", Some("https://github.com/dottxt-ai/outlines/issues/844")));
    let r = check(&chat("gpt-4o", &fmt(good), USER), Dialect::Azure);
    assert!(!found(&r).iter().any(|f| f.3.starts_with("Invalid schema for")), "{:#?}", found(&r));
    // A nested object without additionalProperties: one finding, at its path.
    let nested = r#"{"type": "object", "properties": {"organizations": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}, "required": ["organizations"], "additionalProperties": false}"#;
    let r = check(&chat("gpt-4o", &fmt(nested), USER), Dialect::OpenAi);
    one(&r, Code::InvalidRequestError, Severity::Error, "body.response_format.json_schema.schema.properties.organizations.items", "Invalid schema for response_format 'event': In context=('properties', 'organizations', 'items'), 'additionalProperties' is required to be supplied and to be false.");
    // Not strict: the service does not hold the schema to these rules.
    none(&check(&chat("gpt-4o", &fmt(nested).replace(r#""strict": true"#, r#""strict": false"#), USER), Dialect::OpenAi));
    // Responses: text.format (code invalid_json_schema, param text.format.schema: mavam/pi-web-providers#14).
    let tf = format!(
        r#", "text": {{"format": {{"type": "json_schema", "name": "event", "strict": true, "schema": {}}}}}"#,
        good.replace(r#", "additionalProperties": false"#, "")
    );
    let r = check(&responses("gpt-4o", &tf), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidJsonSchema,
        Severity::Error,
        "body.text.format.schema",
        "Invalid schema for response_format 'event': In context=(), 'additionalProperties' is required to be supplied and to be false.",
    );
    none(&check(
        &responses(
            "gpt-4o",
            &format!(r#", "text": {{"format": {{"type": "json_schema", "name": "event", "strict": true, "schema": {good}}}}}"#),
        ),
        Dialect::OpenAi,
    ));
}

/// Strict function tools: "Invalid schema for function 'x': In context=(), 'additionalProperties'
/// is required to be supplied and to be false." (param tools[0].function.parameters, code
/// invalid_function_parameters: xemantic/xemantic-ai-tool-schema#37); Responses (param
/// tools[1].parameters: kevinwatt/mysql-mcp#5). Valid: the function calling guide's get_weather.
#[test]
fn strict_function_tools_follow_the_same_rules() {
    let params = r#"{"type": "object", "properties": {"location": {"type": "string"}, "units": {"type": ["string", "null"], "enum": ["celsius", "fahrenheit"]}}, "required": ["location", "units"], "additionalProperties": false}"#;
    let chat_tool = |p: &str| {
        format!(
            r#", "tools": [{{"type": "function", "function": {{"name": "get_weather", "description": "Retrieves current weather for the given location.", "strict": true, "parameters": {p}}}}}]"#
        )
    };
    none(&check(&chat("gpt-4o", &chat_tool(params), USER), Dialect::OpenAi));
    let loose = params.replace(r#", "additionalProperties": false"#, "");
    let r = check(&chat("gpt-4o", &chat_tool(&loose), USER), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidFunctionParameters,
        Severity::Error,
        "body.tools[0].function.parameters",
        "Invalid schema for function 'get_weather': In context=(), 'additionalProperties' is required to be supplied and to be false.",
    );
    let resp_tool = |p: &str| format!(r#", "tools": [{{"type": "function", "name": "get_weather", "strict": true, "parameters": {p}}}]"#);
    none(&check(&responses("gpt-4o", &resp_tool(params)), Dialect::OpenAi));
    let partial = params.replace(r#"["location", "units"]"#, r#"["location"]"#);
    let r = check(&responses("gpt-4o", &resp_tool(&partial)), Dialect::OpenAi);
    one(&r, Code::InvalidFunctionParameters, Severity::Error, "body.tools[0].parameters", "Invalid schema for function 'get_weather': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'units'.");
}

/// Chat tool names: "Invalid 'tools[0].function.name': string does not match pattern. Expected a
/// string that matches the pattern '^[a-zA-Z0-9_-]+$'." (param tools[0].function.name, code
/// invalid_value: brekkylab/ailoy#109); at most 64 characters (the spec's description); unique
/// (inferred: a warning).
#[test]
fn chat_tool_names_follow_the_pattern_and_are_unique() {
    let tools = |names: &[&str]| {
        let t: Vec<String> = names
            .iter()
            .map(|n| {
                format!(r#"{{"type": "function", "function": {{"name": "{n}", "parameters": {{"type": "object", "properties": {{}}}}}}}}"#)
            })
            .collect();
        format!(r#", "tools": [{}]"#, t.join(", "))
    };
    none(&check(&chat("gpt-4o", &tools(&["get_weather", "get-time2"]), USER), Dialect::OpenAi));
    let r = check(&chat("gpt-4o", &tools(&["get_weather", "get weather"]), USER), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidValue,
        Severity::Error,
        "body.tools[1].function.name",
        "Invalid 'tools[1].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
    );
    let r = check(&chat("gpt-4o", &tools(&["server/get_time"]), USER), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidValue,
        Severity::Error,
        "body.tools[0].function.name",
        "Invalid 'tools[0].function.name': string does not match pattern.",
    );
    let long = "a".repeat(65);
    let r = check(&chat("gpt-4o", &tools(&[&long]), USER), Dialect::OpenAi);
    one(&r, Code::InvalidValue, Severity::Error, "body.tools[0].function.name", "Invalid 'tools[0].function.name': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.");
    none(&check(&chat("gpt-4o", &tools(&[&"a".repeat(64)]), USER), Dialect::OpenAi));
    let r = check(&chat("gpt-4o", &tools(&["get_weather", "get_weather"]), USER), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidValue,
        Severity::Warning,
        "body.tools[1].function.name",
        "Duplicate function name 'get_weather': tools[0] has the same name",
    );
    // Responses function names are the spec's pattern (the schema's check): no second finding from these rules.
    let r = check(
        &responses("gpt-4o", r#", "tools": [{"type": "function", "name": "get weather", "strict": true, "parameters": null}]"#),
        Dialect::OpenAi,
    );
    assert!(!found(&r).iter().any(|f| f.3.contains("does not match pattern") && !f.2.ends_with(".name")), "{:#?}", found(&r));
    assert!(found(&r).iter().filter(|f| f.2 == "body.tools[0].name").count() <= 1, "{:#?}", found(&r));
}

/// `tool_choice` names a tool that exists. Responses: "Tool choice 'function' not found in 'tools'
/// parameter." and "Tool choice 'required' must be specified with 'tools' parameter." (checked
/// against OpenAI's API: vllm-project/vllm#40399); Chat: inferred (a warning).
#[test]
fn tool_choice_names_an_existing_tool() {
    let chat_tools =
        r#", "tools": [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {}}}}]"#;
    none(&check(
        &chat("gpt-4o", &format!(r#"{chat_tools}, "tool_choice": {{"type": "function", "function": {{"name": "get_weather"}}}}"#), USER),
        Dialect::OpenAi,
    ));
    let r = check(
        &chat("gpt-4o", &format!(r#"{chat_tools}, "tool_choice": {{"type": "function", "function": {{"name": "get_time"}}}}"#), USER),
        Dialect::OpenAi,
    );
    one(
        &r,
        Code::InvalidValue,
        Severity::Warning,
        "body.tool_choice",
        "Invalid value for 'tool_choice': no function named 'get_time' is in 'tools'.",
    );
    let r = check(&chat("gpt-4o", r#", "tool_choice": "required""#, USER), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidValue,
        Severity::Warning,
        "body.tool_choice",
        "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
    );
    let r = check(&responses("gpt-4o", r#", "tool_choice": {"type": "function", "name": "get_weather"}"#), Dialect::OpenAi);
    one(&r, Code::InvalidRequestError, Severity::Error, "body.tool_choice", "Tool choice 'function' not found in 'tools' parameter.");
    let r = check(&responses("gpt-4o", r#", "tool_choice": "required""#), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidRequestError,
        Severity::Error,
        "body.tool_choice",
        "Tool choice 'required' must be specified with 'tools' parameter.",
    );
    none(&check(
        &responses(
            "gpt-4o",
            r#", "tools": [{"type": "function", "name": "get_weather", "strict": true, "parameters": null}], "tool_choice": {"type": "function", "name": "get_weather"}"#,
        ),
        Dialect::OpenAi,
    ));
    none(&check(&responses("gpt-4o", r#", "tool_choice": "auto""#), Dialect::OpenAi));
}

/// Every assistant tool call answered before the next turn, every answer with its call. Chat: "An
/// assistant message with 'tool_calls' must be followed by tool messages responding to each
/// 'tool_call_id'. The following tool_call_ids did not have response messages: call_…" (param
/// messages.[57].role, code null: sdcb/chats#132); "Invalid parameter: messages with role 'tool'
/// must be a response to a preceeding message with 'tool_calls'." (smarter-sh/smarter#264);
/// "Invalid parameter: 'tool_call_id' of '…' not found in 'tool_calls' of previous message."
/// (dapr/dapr-agents#145). Responses: "No tool call found for function call output with call_id
/// …." (continuedev/continue#10092), "No tool output found for function call …."
/// (router-for-me/CLIProxyAPI#2368). Valid: the function calling guide's conversation.
#[test]
fn tool_calls_are_answered_and_answers_have_calls() {
    let call = r#"{"role": "assistant", "content": null, "tool_calls": [{"id": "call_12345xyz", "type": "function", "function": {"name": "get_weather", "arguments": "{\"location\":\"Paris, France\"}"}}]}"#;
    let answer = r#"{"role": "tool", "tool_call_id": "call_12345xyz", "content": "14 degrees"}"#;
    let user = r#"{"role": "user", "content": "What is the weather like in Paris today?"}"#;
    none(&check(&chat("gpt-4o", "", &format!("[{user}, {call}, {answer}]")), Dialect::OpenAi));
    // Said at the first message after the unanswered turn, as the service says it.
    let r = check(&chat("gpt-4o", "", &format!("[{user}, {call}, {user}]")), Dialect::OpenAi);
    one(&r, Code::InvalidRequestError, Severity::Error, "body.messages[2].role", "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_12345xyz");
    let r = check(&chat("gpt-4o", "", &format!("[{user}, {answer}]")), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidRequestError,
        Severity::Error,
        "body.messages[1].role",
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
    );
    let other = answer.replace("call_12345xyz", "call_other");
    let r = check(&chat("gpt-4o", "", &format!("[{user}, {call}, {answer}, {other}]")), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidRequestError,
        Severity::Error,
        "body.messages[3].tool_call_id",
        "Invalid parameter: 'tool_call_id' of 'call_other' not found in 'tool_calls' of previous message.",
    );
    // A call's function name follows the tools' pattern (mcp-use/mcp-use#90: param
    // messages[9].tool_calls[0].function.name, code invalid_value).
    let slash = call.replace(r#""name": "get_weather""#, r#""name": "weather/get""#);
    let r = check(&chat("gpt-4o", "", &format!("[{user}, {slash}, {answer}]")), Dialect::OpenAi);
    one(&r, Code::InvalidValue, Severity::Error, "body.messages[1].tool_calls[0].function.name", "Invalid 'messages[1].tool_calls[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.");
    // Responses items.
    let fc = r#"{"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"}"#;
    let out = r#"{"type": "function_call_output", "call_id": "call_1", "output": "14 degrees"}"#;
    let resp = |items: &str, extra: &str| responses("gpt-5", extra).replace(r#""input": "hi""#, &format!(r#""input": [{items}]"#));
    none(&check(&resp(&format!(r#"{{"role": "user", "content": "weather?"}}, {fc}, {out}"#), ""), Dialect::OpenAi));
    let r = check(&resp(out, ""), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidRequestError,
        Severity::Error,
        "body.input[0]",
        "No tool call found for function call output with call_id call_1.",
    );
    let r = check(&resp(&format!(r#"{{"role": "user", "content": "weather?"}}, {fc}"#), ""), Dialect::OpenAi);
    one(&r, Code::InvalidRequestError, Severity::Error, "body.input[1]", "No tool output found for function call call_1.");
    // Continuing a stored response: the call is in it.
    none(&check(&resp(out, r#", "previous_response_id": "resp_123""#), Dialect::OpenAi));
}

/// `tools: []` (gpt-4o, continuedev/continue#3403; Azure: pydantic/pydantic-ai#155),
/// `tool_calls: []` (openai/openai-node#1341), `stream_options` without `stream`
/// (BerriAI/litellm#5803).
#[test]
fn empty_tools_empty_tool_calls_and_stream_options_without_stream() {
    let r = check(&chat("gpt-4o", r#", "tools": []"#, USER), Dialect::OpenAi);
    one(
        &r,
        Code::EmptyArray,
        Severity::Error,
        "body.tools",
        "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an empty array instead.",
    );
    let r = check(&chat("gpt-4o", r#", "tools": []"#, USER), Dialect::Azure);
    one(&r, Code::EmptyArray, Severity::Error, "body.tools", "Invalid 'tools': empty array.");
    let msgs = r#"[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello!", "tool_calls": []}, {"role": "user", "content": "bye"}]"#;
    let r = check(&chat("gpt-4o", "", msgs), Dialect::OpenAi);
    one(
        &r,
        Code::EmptyArray,
        Severity::Error,
        "body.messages[1].tool_calls",
        "Invalid 'messages[1].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.",
    );
    none(&check(&chat("gpt-4o", "", &msgs.replace(r#", "tool_calls": []"#, "")), Dialect::OpenAi));
    let r = check(&chat("gpt-4o", r#", "stream_options": {"include_usage": true}"#, USER), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidRequestError,
        Severity::Error,
        "body.stream_options",
        "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
    );
    none(&check(&chat("gpt-4o", r#", "stream_options": null"#, USER), Dialect::OpenAi));
}

/// The issue's 4-line file with four mistakes the service refuses: each an
/// error at the service's param (it exited 0 "ok" before).
#[test]
fn the_four_line_file_gets_four_errors() {
    let lines = [
        chat("gpt-4o-mini", r#", "response_format": {"type": "json_object"}"#, r#"[{"role": "user", "content": "List three colours."}]"#),
        chat("gpt-4o-mini", r#", "tools": [{"type": "function", "function": {"name": "get weather", "parameters": {"type": "object", "properties": {}}}}]"#, USER),
        chat("gpt-4o-mini", "", r#"[{"role": "user", "content": "hi"}, {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}, {"role": "user", "content": "and?"}]"#),
        chat("gpt-4o-mini", r#", "reasoning_effort": "low""#, USER),
    ]
    .iter()
    .enumerate()
    .map(|(i, l)| l.replacen(r#""custom_id": "r""#, &format!(r#""custom_id": "r{i}""#), 1))
    .collect::<Vec<_>>()
    .join("\n");
    let r = check(&lines, Dialect::OpenAi);
    let errors: Vec<(u64, String)> =
        r.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| (d.line, d.param.clone().unwrap_or_default())).collect();
    assert_eq!(
        errors,
        [
            (1, "body.messages".to_string()),
            (2, "body.tools[0].function.name".to_string()),
            (3, "body.messages[2].role".to_string()),
            (4, "body.reasoning_effort".to_string()),
        ]
    );
    assert_eq!(r.verdict(), Verdict::RequestsFail { requests: 4 });
}

/// Hostile lines stay bounded: 50,000 unanswered tool calls (one finding,
/// its list cut), a strict schema of 50,000 properties none required, a
/// 5 MB message without the word json, 50,000 tools of one name.
#[test]
fn hostile_lines_stay_bounded() {
    let start = std::time::Instant::now();
    let calls: Vec<String> =
        (0..50_000).map(|i| format!(r#"{{"id": "c{i}", "type": "function", "function": {{"name": "f", "arguments": "{{}}"}}}}"#)).collect();
    let msgs = format!(
        r#"[{{"role": "user", "content": "hi"}}, {{"role": "assistant", "tool_calls": [{}]}}, {{"role": "user", "content": "x"}}]"#,
        calls.join(", ")
    );
    let r = check(&chat("gpt-4o", "", &msgs), Dialect::OpenAi);
    let f = found(&r);
    assert_eq!(f.len(), 1, "{}", f.len());
    assert!(f[0].3.contains("… (50000 in all)") && f[0].3.len() < 1_000, "{}", f[0].3.len());
    let props: Vec<String> = (0..50_000).map(|i| format!(r#""p{i}": {{"type": "string"}}"#)).collect();
    let schema = format!(r#"{{"type": "object", "properties": {{{}}}, "additionalProperties": false}}"#, props.join(", "));
    let fmt =
        format!(r#", "response_format": {{"type": "json_schema", "json_schema": {{"name": "big", "strict": true, "schema": {schema}}}}}"#);
    let r = check(&chat("gpt-4o", &fmt, USER), Dialect::OpenAi);
    assert_eq!(found(&r).len(), 1, "{:?}", found(&r).len());
    let big = format!(r#"[{{"role": "user", "content": "{}"}}]"#, "word ".repeat(1 << 20));
    let r = check(&chat("gpt-4o", r#", "response_format": {"type": "json_object"}"#, &big), Dialect::OpenAi);
    assert_eq!(found(&r).len(), 1);
    let tools: Vec<String> = (0..50_000).map(|_| r#"{"type": "function", "function": {"name": "f"}}"#.to_string()).collect();
    let r = check(&chat("gpt-4o", &format!(r#", "tools": [{}]"#, tools.join(", ")), USER), Dialect::OpenAi);
    let dups = r.counts.iter().find(|c| c.code == Code::InvalidValue && c.severity == Severity::Warning).map(|c| c.count);
    assert_eq!(dups, Some(49_999), "{:?}", r.counts);
    assert!(start.elapsed() < std::time::Duration::from_secs(60), "{:?}", start.elapsed());
}

/// "Invalid 'tools[13].function.description': string too long. Expected a string with maximum
/// length 1024, but got a string with length 1103 instead." (string_above_max_length,
/// getsentry/sentry-mcp#106; Azure o3-mini: langchain-ai/open_deep_research#80); a function
/// name fed back in an assistant turn follows the tools' pattern ("Invalid
/// 'messages[1].tool_calls[0].function.name': string does not match pattern.", mcp-use#90).
#[test]
fn tool_descriptions_are_capped_and_names_fed_back_follow_the_pattern() {
    let tool = |description: &str| {
        format!(
            r#", "tools": [{{"type": "function", "function": {{"name": "list_issues", "description": "{description}", "parameters": {{"type": "object", "properties": {{}}}}}}}}]"#
        )
    };
    none(&check(&chat("gpt-4o", &tool(&"가".repeat(1024)), USER), Dialect::OpenAi));
    for d in [Dialect::OpenAi, Dialect::Azure] {
        let r = check(&chat("gpt-4o", &tool(&"가".repeat(1025)), USER), d);
        one(
            &r,
            Code::StringAboveMaxLength,
            Severity::Error,
            "body.tools[0].function.description",
            "Invalid 'tools[0].function.description': string too long. Expected a string with maximum length 1024, but got a string with length 1025 instead.",
        );
    }
    let history = r#"[{"role": "user", "content": "hi"}, {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "mcp.search", "arguments": "{}"}}]}, {"role": "tool", "tool_call_id": "c1", "content": "ok"}]"#;
    let r = check(&chat("gpt-4o", "", history), Dialect::OpenAi);
    one(
        &r,
        Code::InvalidValue,
        Severity::Error,
        "body.messages[1].tool_calls[0].function.name",
        "Invalid 'messages[1].tool_calls[0].function.name': string does not match pattern.",
    );
}
