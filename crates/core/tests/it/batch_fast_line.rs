//! The fast path for ordinary lines answers only where it agrees with
//! `check_line` exactly (same parsed fields, same findings), and pushes
//! nothing where it gives up: over generated request lines with odd
//! values, duplicate and escaped keys, and random byte mutations.

use batchlane_core::batch::{check_line, check_line_fast, Dialect, Findings, LineRef};
use batchlane_core::facts::Catalog;
use proptest::prelude::*;

const IDS: &[&str] = &["\"r-1\"", "\"r\\u0031\"", "\"티켓-9\"", "\"\"", "5", "null", "\"a\\\"b\""];
const METHODS: &[&str] = &["\"POST\"", "\"GET\"", "\"P\\u004fST\"", "1", "null"];
const URLS: &[&str] = &["\"/v1/chat/completions\"", "\"/chat/completions\"", "\"/v1/responses\"", "\"/v1/embeddings\"", "\"/x\"", "[]"];
const MODELS: &[&str] = &["\"dep\"", "\"gpt-4o\"", "\"gpt-4o-mini\"", "\"  \"", "\"\"", "7", "null"];
const VALUES: &[&str] = &["16", "-1", "1e400", "1.5", "null", "\"x\"", "true", "false", "{}", "[1,{\"a\":[]}]", "18446744073709551616"];
const CONTENTS: &[&str] = &["\"hi\"", "\"한국어 \\n \\ud83d\\ude00\"", "null", "[{\"type\":\"text\",\"text\":\"t\"}]", "5", "\"\\u0000\""];
const ROLES: &[&str] = &["\"user\"", "\"system\"", "\"assistant\"", "\"bot\"", "3", "null"];
/// Strings the schema bounds in characters (`call_id`: 1 to 64) or by a
/// pattern (`namespace`: `^[a-zA-Z0-9_-]+$`): at, over and under the bounds,
/// multi-byte (within the bound in characters, not in bytes), escaped.
const BOUNDED: &[&str] = &[
    "\"call_id\": \"c\"",
    "\"call_id\": \"\"",
    "\"call_id\": \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"",
    "\"call_id\": \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"",
    "\"call_id\": \"한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한\"",
    "\"call_id\": \"한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한한\"",
    "\"call_id\": \"\\u0061\\u0062\"",
    "\"call_id\": \"c\", \"namespace\": \"ns_1\"",
    "\"call_id\": \"c\", \"namespace\": \"a b\"",
    "\"call_id\": \"c\", \"namespace\": \"\\u0041\"",
];

/// Choices that make an ordinary request; tests vary some of them.
const GOOD: [usize; 25] = [9, 1, 1, 2, 1, 1, 0, 0, 0, 0, 2, 6, 6, 6, 6, 5, 5, 5, 5, 2, 2, 2, 2, 0, 0];

/// `GOOD` with the choices where `keep` is 0 taken from `other`.
fn mixed(other: &[usize], keep: &[u8]) -> Vec<usize> {
    GOOD.iter().zip(other.iter().zip(keep)).map(|(&g, (&o, &k))| if k == 0 { o } else { g }).collect()
}

fn pick<'a>(pool: &[&'a str], i: usize) -> &'a str {
    pool[i % pool.len()]
}

/// A request line from choices (`None`: the key is left out).
fn request(c: &[usize]) -> String {
    let at = |k: usize| c.get(k).copied().unwrap_or(0);
    let mut messages = Vec::new();
    for m in 0..at(10) % 4 {
        let mut fields = Vec::new();
        if at(11 + m) % 5 != 0 {
            fields.push(format!("\"role\": {}", pick(ROLES, at(11 + m) / 5)));
        }
        if at(15 + m) % 4 != 0 {
            fields.push(format!("\"content\": {}", pick(CONTENTS, at(15 + m) / 4)));
        }
        if at(19 + m) % 3 == 0 {
            fields.push("\"tool_calls\": [{\"id\": \"c\"}]".into());
        }
        messages.push(if at(19 + m) % 7 == 1 { "\"text\"".to_string() } else { format!("{{{}}}", fields.join(", ")) });
    }
    let mut body = Vec::new();
    if at(4) % 6 != 0 {
        body.push(format!("\"model\": {}", pick(MODELS, at(4) / 6)));
    }
    if at(5) % 3 == 0 {
        body.push(format!("\"stream\": {}", pick(VALUES, at(5) / 3)));
    }
    for (k, key) in ["max_tokens", "max_completion_tokens", "max_output_tokens", "n", "input", "temperature"].iter().enumerate() {
        if at(6 + k % 4) % (3 + k) == 1 {
            body.push(format!("\"{key}\": {}", pick(VALUES, at(6 + k % 4) / 3 + k)));
        }
    }
    if at(10) % 5 != 4 {
        body.push(format!("\"messages\": [{}]", messages.join(", ")));
    }
    if at(23) % 9 == 1 {
        body.push("\"mod\\u0065l\": \"other\"".into());
    }
    if at(23) % 9 == 2 {
        let item = pick(BOUNDED, at(22) + at(21));
        body.push(format!("\"input\": [{{\"type\": \"function_call_output\", {item}, \"output\": \"o\"}}]"));
    }
    // A Responses argument only OpenAI's spec defines (a warning on Azure),
    // and one neither spec defines (refused).
    if at(23) % 9 == 3 {
        body.push(format!("\"safety_identifier\": {}", pick(VALUES, at(22))));
    }
    if at(23) % 9 == 4 {
        body.push("\"zz_unknown_argument\": 1".into());
    }
    let mut top = Vec::new();
    if at(0) % 8 != 0 {
        top.push(format!("\"custom_id\": {}", pick(IDS, at(0) / 8)));
    }
    if at(1) % 8 != 0 {
        top.push(format!("\"method\": {}", pick(METHODS, at(1) / 8)));
    }
    if at(2) % 8 != 0 {
        top.push(format!("\"url\": {}", pick(URLS, at(2) / 8)));
    }
    match at(3) % 9 {
        0 => {}
        1 => top.push("\"body\": [1]".into()),
        _ => top.push(format!("\"body\": {{{}}}", body.join(", "))),
    }
    match at(24) % 11 {
        1 => top.push("\"custom_id\": \"again\"".into()),
        2 => top.push("\"extra\": {\"deep\": [1e400]}".into()),
        3 => top.push("\"extra\": {\"k\": 1, \"k\": 2}".into()),
        4 => top.push("\"\\u0075rl\": \"/v1/chat/completions\"".into()),
        _ => {}
    }
    format!("{{{}}}", top.join(", "))
}

/// Whether the fast path answered (after checking that it agrees).
fn agree(bytes: &[u8], dialect: Dialect) -> bool {
    let c = Catalog::builtin();
    let r = LineRef { number: 3, start: 100, bytes };
    let (mut fast_out, mut slow_out) = (Findings::new(4), Findings::new(4));
    let fast = check_line_fast(r, dialect, &c, &mut fast_out);
    let slow = check_line(r, dialect, &c, &mut slow_out);
    let text = String::from_utf8_lossy(bytes);
    let Some(f) = fast else {
        assert!(fast_out.list().is_empty(), "gave up after a finding: {text}");
        return false;
    };
    let s = slow.unwrap_or_else(|| panic!("fast answered where the slow path refused: {text}"));
    assert_eq!(fast_out.list(), slow_out.list(), "{text}");
    assert_eq!(
        (&f.custom_id, &f.url, &f.model, f.endpoint, f.custom_id_at, f.url_at, f.model_at, f.max_tokens_at),
        (&s.custom_id, &s.url, &s.model, s.endpoint, s.custom_id_at, s.url_at, s.model_at, s.max_tokens_at),
        "{text}"
    );
    let (fb, sb) = (f.body.expect("a body"), s.body.expect("a body"));
    // The output caps, and what the model-family rules read (`model_rules.rs`).
    for key in ["max_tokens", "max_completion_tokens", "max_output_tokens", "n", "stop", "reasoning_effort", "reasoning"] {
        assert_eq!(fb.get(key), sb.get(key), "{key}: {text}");
    }
    true
}

#[test]
fn ordinary_lines_take_the_fast_path() {
    let c = Catalog::builtin();
    let line = br#"{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "dep", "max_tokens": 9, "messages": [{"role": "user", "content": "\ud55c x"}]}}"#;
    let r = LineRef { number: 1, start: 0, bytes: line };
    assert!(check_line_fast(r, Dialect::Azure, &c, &mut Findings::new(5)).is_some());
    agree(line, Dialect::Azure);
    // Invalid UTF-8 in an ignored string: the slow path reports it.
    let bad = b"{\"custom_id\": \"a\", \"x\": \"\xFF\", \"method\": \"POST\"}";
    let r = LineRef { number: 1, start: 0, bytes: bad };
    assert!(check_line_fast(r, Dialect::Azure, &c, &mut Findings::new(5)).is_none());
    // The generated lines reach both paths.
    let mut seed = 7u64;
    let mut fast = 0;
    for _ in 0..4000 {
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        let other: Vec<usize> = (0..25).map(|_| next() % 64).collect();
        let keep: Vec<u8> = (0..25).map(|_| u8::from(next() % 8 != 0)).collect();
        fast += usize::from(agree(request(&mixed(&other, &keep)).as_bytes(), Dialect::Azure));
    }
    assert!((400..3900).contains(&fast), "{fast} of 4000 took the fast path");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn fast_path_equals_slow_path(
        other in proptest::collection::vec(0usize..64, 25),
        keep in proptest::collection::vec(0u8..3, 25),
        mutations in proptest::collection::vec((0.0f64..1.0, 0u8..4, any::<u8>()), 0..3),
        openai: bool,
    ) {
        let mut b = request(&mixed(&other, &keep)).into_bytes();
        mutate(&mut b, &mutations);
        agree(&b, if openai { Dialect::OpenAi } else { Dialect::Azure });
    }
}

#[test]
fn a_key_repeated_after_many_keys_is_found_in_the_set() {
    let keys: String = (0..20).map(|k| format!("\"k{k}\": 1, ")).collect();
    let line = |extra: &str| {
        format!(
            r#"{{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {{{keys}{extra}"model": "dep", "max_tokens": 9, "messages": [{{"role": "user", "content": "hi"}}]}}}}"#
        )
    };
    let (plain, repeated) = (line(""), line("\"k3\": 2, "));
    assert!(agree(plain.as_bytes(), Dialect::Azure), "{plain}");
    assert!(!agree(repeated.as_bytes(), Dialect::Azure), "{repeated}");
}

#[test]
fn huge_and_hostile_lines_agree_with_the_slow_path() {
    let line = |custom_id: &str, extra: &str, content: &str| {
        format!(
            r#"{{"custom_id": "{custom_id}", "method": "POST", "url": "/v1/chat/completions", "body": {{{extra}"model": "dep", "max_tokens": 9, "messages": [{{"role": "user", "content": "{content}"}}]}}}}"#
        )
    };
    let big = "word ".repeat(1 << 20);
    // A 5 MB message: an ordinary line, only long.
    assert!(agree(line("a", "", &big).as_bytes(), Dialect::Azure));
    // A 1 MB custom_id (over the limit), a raw control character inside a
    // string, a number past u64 and f64, nesting past serde_json's depth
    // limit: the fast path leaves each to the slow path, which reports it.
    let deep = format!(r#""x": {}1{}, "#, "[".repeat(10_000), "]".repeat(10_000));
    for hostile in [
        line(&"i".repeat(1 << 20), "", "hi"),
        line("a", "", &format!("{big}\u{1}{big}")),
        line("a", r#""temperature": 1e99999, "#, "hi"),
        line("a", &deep, "hi"),
        // The same depth, a huge number and a control character where the
        // fast path's tree reads: in tools and response_format.
        line(
            "a",
            &format!(
                r#""response_format": {{"type": "json_schema", "json_schema": {{"name": "n", "schema": {}1{}}}}}, "#,
                "[".repeat(10_000),
                "]".repeat(10_000)
            ),
            "hi",
        ),
        line("a", r#""tools": [{"type": "function", "function": {"name": "f", "parameters": {"maxLength": 1e99999}}}], "#, "hi"),
        line("a", "\"tools\": [{\"type\": \"function\", \"function\": {\"name\": \"f\u{1}\"}}], ", "hi"),
    ] {
        assert!(!agree(hostile.as_bytes(), Dialect::Azure), "{}", &hostile[..200]);
        let mut out = Findings::new(4);
        check_line(LineRef { number: 1, start: 0, bytes: hostile.as_bytes() }, Dialect::Azure, &Catalog::builtin(), &mut out);
        assert!(!out.list().is_empty(), "no finding for {}", &hostile[..200]);
    }
}

/// The model-family and cross-field rules (`model_rules.rs`, `cross_field/`):
/// a line the cross-field rules read is handed to the slow path (which
/// finds what they say), the values the family rules read are kept by the
/// fast path as the slow one has them, and whole files give the same
/// findings through both paths, across models and the rules' fields.
#[test]
fn the_model_and_cross_field_rules_agree_on_both_paths() {
    let c = Catalog::builtin();
    let line = |url: &str, model: &str, extra: &str, messages: &str| {
        format!(
            r#"{{"custom_id": "a", "method": "POST", "url": "{url}", "body": {{"model": "{model}", "max_completion_tokens": 90{extra}, {messages}}}}}"#
        )
    };
    let user = r#""messages": [{"role": "user", "content": "hi"}]"#;
    // Handed over: the slow path answers (and finds the fault).
    for (extra, messages) in [
        (r#", "response_format": {"type": "json_object"}"#, user),
        (r#", "tools": []"#, user),
        (r#", "stream_options": {"include_usage": true}"#, user),
        ("", r#""messages": [{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": "x", "content": "1"}]"#),
        (
            "",
            r#""messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}]"#,
        ),
    ] {
        let l = line("/v1/chat/completions", "gpt-4o", extra, messages);
        let r = LineRef { number: 1, start: 0, bytes: l.as_bytes() };
        assert!(check_line_fast(r, Dialect::OpenAi, &c, &mut Findings::new(4)).is_none(), "{l}");
        let mut out = Findings::new(4);
        check_line(r, Dialect::OpenAi, &c, &mut out);
        assert!(!out.list().is_empty(), "no finding for {l}");
    }
    let input = r#""input": [{"type": "function_call_output", "call_id": "c", "output": "1"}]"#;
    let l = line("/v1/responses", "gpt-5", "", input).replace(r#""max_completion_tokens""#, r#""max_output_tokens""#);
    assert!(check_line_fast(LineRef { number: 1, start: 0, bytes: l.as_bytes() }, Dialect::OpenAi, &c, &mut Findings::new(4)).is_none());
    // The family rules' values: kept by the fast path (checked by `agree`).
    for extra in [r#", "stop": "\n""#, r#", "stop": ["a", "b"]"#, r#", "reasoning_effort": "minimal""#, r#", "stop": null"#] {
        assert!(agree(line("/v1/chat/completions", "o3", extra, user).as_bytes(), Dialect::OpenAi), "{extra}");
    }
    let l = line("/v1/responses", "gpt-5.1", r#", "reasoning": {"effort": "minimal", "summary": "auto"}"#, r#""input": "hi""#)
        .replace(r#""max_completion_tokens""#, r#""max_output_tokens""#);
    assert!(agree(l.as_bytes(), Dialect::OpenAi), "{l}");
    // Whole files, every combination: fast (structure only) == slow (every line through check_line).
    let models = ["o1-mini", "o3", "o3-2025-04-16", "gpt-5.1", "gpt-5.2-chat-latest", "gpt-4o-mini", "prod-o4-mini", "dep"];
    let extras = [
        "",
        r#", "stop": "\n""#,
        r#", "reasoning_effort": "minimal""#,
        r#", "reasoning_effort": "xhigh""#,
        r#", "reasoning_effort": null"#,
        r#", "response_format": {"type": "json_object"}"#,
        r#", "tools": [{"type": "function", "function": {"name": "a b", "strict": true, "parameters": {"type": "object", "properties": {"x": {"type": "string"}}}}}], "tool_choice": {"type": "function", "function": {"name": "c"}}"#,
    ];
    let messages = [
        user,
        r#""messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "json"}]"#,
        r#""messages": [{"role": "developer", "content": "d"}, {"role": "user", "content": "hi"}, {"role": "assistant", "tool_calls": []}]"#,
    ];
    for dialect in [Dialect::OpenAi, Dialect::Azure] {
        for model in models {
            let mut lines = Vec::new();
            for (i, extra) in extras.iter().enumerate() {
                for (j, m) in messages.iter().enumerate() {
                    lines.push(line("/v1/chat/completions", model, extra, m).replacen(r#""a""#, &format!(r#""a{i}-{j}""#), 1));
                }
            }
            let text = lines.join("\n");
            let (fast, slow) = (file_diagnostics(&text, dialect, false, &c), file_diagnostics(&text, dialect, true, &c));
            assert_eq!(fast, slow, "{model} {dialect:?}");
            // The rules answered: the line with `stop` is refused for o3's family, and so on.
            if model.starts_with("o3") && dialect == Dialect::OpenAi {
                assert!(fast.iter().any(|d| d.param.as_deref() == Some("body.stop")), "{fast:#?}");
            }
        }
    }
}

/// What the cross-field rules read below the body's top level, written
/// with escapes (`"t\u006fol"` is the role "tool"): the rules read the
/// decoded value, so the fast path hands such a line over as it does the
/// plain one, and both paths find the same.
#[test]
fn escaped_values_the_cross_field_rules_read_are_handed_over() {
    let c = Catalog::builtin();
    let chat = |messages: &str| {
        format!(
            r#"{{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "gpt-4o", "max_tokens": 9, "messages": [{messages}]}}}}"#
        )
    };
    let responses = |input: &str| {
        format!(
            r#"{{"custom_id": "a", "method": "POST", "url": "/v1/responses", "body": {{"model": "gpt-4o", "max_output_tokens": 9, "input": [{input}]}}}}"#
        )
    };
    for l in [
        chat(r#"{"role": "user", "content": "hi"}, {"role": "t\u006fol", "tool_call_id": "x", "content": "1"}"#),
        chat(r#"{"role": "user", "content": "hi"}, {"role": "\u0074ool", "content": "1", "tool_call_id": "x"}"#),
        responses(r#"{"type": "functi\u006fn_call_output", "call_id": "c", "output": "1"}"#),
        responses(
            r#"{"type": "message", "role": "user", "content": "hi"}, {"type": "functi\u006fn_call", "call_id": "c", "name": "f", "arguments": "{}"}"#,
        ),
    ] {
        for dialect in [Dialect::OpenAi, Dialect::Azure] {
            let r = LineRef { number: 1, start: 0, bytes: l.as_bytes() };
            let mut out = Findings::new(4);
            check_line(r, dialect, &c, &mut out);
            assert!(!out.list().is_empty(), "no finding for {l}");
            assert!(!agree(l.as_bytes(), dialect), "the fast path answered {l}");
        }
    }
    // With the body checks off (the catalog's `body_schema`), the messages
    // are read by the fast path's own walk: the same hand-over.
    let mut off = Catalog::builtin();
    off.set_override("body_schema.azure", 0.0).expect("a catalog fact");
    for l in [
        chat(r#"{"role": "user", "content": "hi"}, {"role": "t\u006fol", "tool_call_id": "x", "content": "1"}"#),
        chat(r#"{"role": "user", "content": "hi"}, {"role": "assistant", "content": null, "tool_calls": []}"#),
    ] {
        let r = LineRef { number: 1, start: 0, bytes: l.as_bytes() };
        let mut out = Findings::new(4);
        check_line(r, Dialect::Azure, &off, &mut out);
        assert!(!out.list().is_empty(), "no finding for {l}");
        assert!(check_line_fast(r, Dialect::Azure, &off, &mut Findings::new(4)).is_none(), "the fast path answered {l}");
    }
}

/// Strict schemas for `response_format` / a tool's `parameters`: good ones
/// (every property required, `additionalProperties: false`, at every
/// level), and each way of breaking the strict rules.
const SCHEMAS: &[&str] = &[
    r#"{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": ["integer", "null"], "enum": [1, 2, null]}}, "required": ["a", "b"], "additionalProperties": false}"#,
    r#"{"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "string", "enum": ["x", "y"]}, "v": {"type": "number"}}, "required": ["k", "v"], "additionalProperties": false}}}, "required": ["items"], "additionalProperties": false}"#,
    r##"{"type": "object", "properties": {"r": {"$ref": "#/$defs/r"}}, "required": ["r"], "additionalProperties": false, "$defs": {"r": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": false}}}"##,
    r#"{"type": "object", "properties": {"u": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"z": {"type": "null"}}, "required": ["z"], "additionalProperties": false}]}}, "required": ["u"], "additionalProperties": false}"#,
    // Broken: a property not required; no additionalProperties; one nested; one in anyOf; in $defs; `true`.
    r#"{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a"], "additionalProperties": false}"#,
    r#"{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}"#,
    r#"{"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "string"}}, "required": ["k"]}}}, "required": ["items"], "additionalProperties": false}"#,
    r#"{"type": "object", "properties": {"u": {"anyOf": [{"type": "string"}, {"properties": {"z": {"type": "null"}}, "required": [], "additionalProperties": false}]}}, "required": ["u"], "additionalProperties": false}"#,
    r#"{"type": "object", "properties": {}, "additionalProperties": false, "definitions": {"d": {"type": ["object", "null"]}}}"#,
    r#"{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": true}"#,
    // Written with escapes, a repeated key, a key with escapes, not an object.
    r#"{"type": "obj\u0065ct", "properties": {"\u00e9": {"type": "string"}}, "required": ["é"], "additionalProperties": false}"#,
    r#"{"type": "object", "properties": {"a": {"type": "string"}, "a": {"type": "number"}}, "required": ["a"], "additionalProperties": false}"#,
    r#"{"type": "object", "propert\u0069es": {}, "additionalProperties": false}"#,
    r#"[1, 2]"#,
    r#"{"type": "object", "properties": {"n": {"type": "integer", "minimum": 1e400}}, "required": ["n"], "additionalProperties": false}"#,
];

/// A tool's name (good, bad pattern, too long, escaped) and description.
const TOOL_NAMES: &[&str] = &[
    "\"lookup_order\"",
    "\"get-time2\"",
    "\"get weather\"",
    "\"server/get\"",
    "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"",
    "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"",
    "\"lookup\\u005forder\"",
    "\"\"",
    "5",
];

/// A tools / structured-outputs request line from choices (`c`), Chat or
/// Responses: `response_format` (or `text.format`), `tools`, `tool_choice`,
/// `stream_options`, each left out, well formed, or broken in one of the
/// ways the cross-field rules or the schema refuse.
fn tools_request(c: &[usize]) -> String {
    let at = |k: usize| c.get(k).copied().unwrap_or(0);
    let responses = at(0) % 4 == 3;
    let strict = ["true", "false", "\"yes\"", "null"][at(1) % 4];
    let schema = pick(SCHEMAS, at(2));
    let mut body = vec![r#""model": "gpt-4o""#.to_string()];
    let mention = if at(3) % 3 == 0 { "answer in json" } else { "hi" };
    if responses {
        body.push(r#""max_output_tokens": 90"#.into());
        body.push(format!(r#""input": "{mention}""#));
    } else {
        body.push(r#""max_tokens": 90"#.into());
        body.push(format!(r#""messages": [{{"role": "system", "content": "s"}}, {{"role": "user", "content": "{mention}"}}]"#));
    }
    let format = match at(4) % 8 {
        0 => None,
        1 => Some(r#"{"type": "json_object"}"#.to_string()),
        2 => Some(r#"{"type": "text"}"#.to_string()),
        3 => Some(r#"{"type": "json_schema"}"#.to_string()),
        4 if responses => Some(format!(r#"{{"type": "json_sch\u0065ma", "name": "t", "strict": {strict}, "schema": {schema}}}"#)),
        4 => Some(format!(r#"{{"type": "json_sch\u0065ma", "json_schema": {{"name": "t", "strict": {strict}, "schema": {schema}}}}}"#)),
        _ if responses => Some(format!(
            r#"{{"type": "json_schema", "name": "ticket_triage", "description": "d", "strict": {strict}, "schema": {schema}}}"#
        )),
        _ => Some(format!(
            r#"{{"type": "json_schema", "json_schema": {{"name": "ticket_triage", "description": "d", "strict": {strict}, "schema": {schema}}}}}"#
        )),
    };
    match (format, responses) {
        (Some(f), true) => body.push(format!(r#""text": {{"format": {f}}}"#)),
        (Some(f), false) => body.push(format!(r#""response_format": {f}"#)),
        (None, _) => {}
    }
    let long = "d".repeat(1025);
    let mut tools = Vec::new();
    for t in 0..at(5) % 5 {
        let name = pick(TOOL_NAMES, if at(6 + t) % 3 == 0 { at(6 + t) / 3 } else { t * 3 + 1 });
        let name = if name == "\"get-time2\"" { format!("\"tool_{t}\"") } else { name.to_string() };
        let description = if at(10 + t) % 11 == 1 { long.as_str() } else { "Looks up an order." };
        let params = pick(SCHEMAS, if at(10 + t) % 2 == 0 { at(10 + t) / 2 } else { 0 });
        let strict = if at(10 + t) % 5 == 3 { "false" } else { "true" };
        tools.push(match (at(6 + t) % 13, responses) {
            (1, _) => r#"{"type": "function"}"#.to_string(),
            (2, _) => r#"{"type": "custom", "name": "c"}"#.to_string(),
            (3, false) => format!(r#"{{"type": "function", "function": {{"name": {name}, "parameters": null}}}}"#),
            (_, true) => format!(r#"{{"type": "function", "name": {name}, "description": "{description}", "strict": {strict}, "parameters": {params}}}"#),
            (_, false) => format!(
                r#"{{"type": "function", "function": {{"name": {name}, "description": "{description}", "strict": {strict}, "parameters": {params}}}}}"#
            ),
        });
    }
    match at(14) % 7 {
        0 => {}
        1 => body.push(r#""tools": []"#.into()),
        _ => body.push(format!(r#""tools": [{}]"#, tools.join(", "))),
    }
    let choice = match (at(15) % 9, responses) {
        (1, _) => Some(r#""auto""#),
        (2, _) => Some(r#""required""#),
        (3, _) => Some(r#""none""#),
        (4, false) => Some(r#"{"type": "function", "function": {"name": "lookup_order"}}"#),
        (5, false) => Some(r#"{"type": "function", "function": {"name": "zzz"}}"#),
        (4, true) => Some(r#"{"type": "function", "name": "lookup_order"}"#),
        (5, true) => Some(r#"{"type": "function", "name": "zzz"}"#),
        (6, _) => Some("5"),
        _ => None,
    };
    if let Some(choice) = choice {
        body.push(format!(r#""tool_choice": {choice}"#));
    }
    match at(16) % 6 {
        1 => body.push(r#""stream_options": {"include_usage": true}"#.into()),
        2 => body.push(r#""stream_options": null"#.into()),
        3 => body.push(r#""stream": false, "stream_options": {"include_usage": true}"#.into()),
        _ => {}
    }
    // The body's keys in another order.
    if at(17) % 2 == 1 {
        body.reverse();
    }
    let url = if responses { "/v1/responses" } else { "/v1/chat/completions" };
    format!(r#"{{"custom_id": "t-1", "method": "POST", "url": "{url}", "body": {{{}}}}}"#, body.join(", "))
}

/// Lines with tools, strict schemas, `tool_choice` and `stream_options`
/// take the fast path where the cross-field rules and the schema find
/// nothing, with the slow path's parsed fields and findings; every line
/// they find something in is handed to the slow path (`agree`: the fast
/// path pushes nothing when it gives up), so its findings are the slow
/// path's, byte for byte.
#[test]
fn tools_and_structured_output_lines_agree_with_the_slow_path() {
    let mut seed = 11u64;
    let (mut fast, mut all) = (0, 0);
    for _ in 0..6000 {
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        let c: Vec<usize> = (0..18).map(|_| next() % 1000).collect();
        let line = tools_request(&c);
        for dialect in [Dialect::OpenAi, Dialect::Azure] {
            all += 1;
            fast += usize::from(agree(line.as_bytes(), dialect));
        }
    }
    // Both kinds are common: the generator is not all good, nor all bad.
    assert!((all / 20..all * 9 / 10).contains(&fast), "{fast} of {all} took the fast path");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn tools_lines_with_mutations_agree_with_the_slow_path(
        c in proptest::collection::vec(0usize..1000, 18),
        mutations in proptest::collection::vec((0.0f64..1.0, 0u8..4, any::<u8>()), 0..3),
        openai: bool,
    ) {
        let mut b = tools_request(&c).into_bytes();
        mutate(&mut b, &mutations);
        agree(&b, if openai { Dialect::OpenAi } else { Dialect::Azure });
    }
}

/// A line as the bench's tools shape writes it (a strict response_format
/// schema and four strict function tools) takes the fast path; each fault
/// the cross-field rules find in it sends it to the slow path, and a
/// whole file of such lines, good and broken, gives the same report
/// through the fast path (structure only) as through the slow one.
#[test]
fn a_tools_heavy_file_gives_the_same_report_through_both_paths() {
    let c = Catalog::builtin();
    let tool = |name: &str, params: &str| {
        format!(
            r#"{{"type": "function", "function": {{"name": "{name}", "description": "Looks it up.", "strict": true, "parameters": {params}}}}}"#
        )
    };
    let line = |id: usize, schema: &str, tools: &[String], choice: &str| {
        format!(
            r#"{{"custom_id": "t-{id}", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "tickets-gpt-4o-mini-batch", "max_tokens": 200, "messages": [{{"role": "system", "content": "You triage tickets."}}, {{"role": "user", "content": "내 주문이 안 왔어요 order 42"}}], "response_format": {{"type": "json_schema", "json_schema": {{"name": "ticket_triage", "strict": true, "schema": {schema}}}}}, "tools": [{}]{choice}}}}}"#,
            tools.join(", ")
        )
    };
    let good: Vec<String> = ["lookup_order", "refund", "reship", "escalate"].iter().map(|n| tool(n, SCHEMAS[1])).collect();
    let ok = line(0, SCHEMAS[0], &good, "");
    for dialect in [Dialect::OpenAi, Dialect::Azure] {
        assert!(agree(ok.as_bytes(), dialect), "{dialect:?} {ok}");
    }
    let mut broken_tools = good.clone();
    broken_tools[2] = tool("refund", SCHEMAS[1]);
    let mut bad_params = good.clone();
    bad_params[3] = tool("escalate", SCHEMAS[6]);
    let lines = [
        ok.clone(),
        line(1, SCHEMAS[4], &good, ""),
        line(2, SCHEMAS[0], &broken_tools, ""),
        line(3, SCHEMAS[0], &bad_params, ""),
        line(4, SCHEMAS[0], &good, r#", "tool_choice": {"type": "function", "function": {"name": "nope"}}"#),
        line(5, SCHEMAS[0], &good, r#", "tool_choice": {"type": "function", "function": {"name": "refund"}}"#),
        line(6, SCHEMAS[0], &good, r#", "stream_options": {"include_usage": true}"#),
        line(7, SCHEMAS[2], &good, r#", "tool_choice": "required""#),
    ];
    for l in &lines[1..] {
        for dialect in [Dialect::OpenAi, Dialect::Azure] {
            let fast = agree(l.as_bytes(), dialect);
            let mut out = Findings::new(4);
            check_line(LineRef { number: 1, start: 0, bytes: l.as_bytes() }, dialect, &c, &mut out);
            assert_eq!(fast, out.list().is_empty(), "{dialect:?} {:?} {l}", out.list());
        }
    }
    let text =
        lines.iter().cycle().take(64).enumerate().map(|(i, l)| l.replacen("\"t-", &format!("\"{i}-"), 1)).collect::<Vec<_>>().join("\n");
    for dialect in [Dialect::OpenAi, Dialect::Azure] {
        let (fast, slow) = (file_diagnostics(&text, dialect, false, &c), file_diagnostics(&text, dialect, true, &c));
        assert_eq!(fast, slow, "{dialect:?}");
        assert!(fast.iter().any(|d| d.param.as_deref() == Some("body.tool_choice")), "{fast:#?}");
        assert!(fast.iter().any(|d| d.param.as_deref() == Some("body.tools[2].function.name")), "{fast:#?}");
    }
}

/// Applies proptest's byte mutations to a line: replace, insert, remove,
/// or insert a JSON punctuation byte, each at a fraction of the length.
fn mutate(b: &mut Vec<u8>, mutations: &[(f64, u8, u8)]) {
    for &(at, how, byte) in mutations {
        let i = ((at * b.len() as f64) as usize).min(b.len().saturating_sub(1));
        match how {
            0 if !b.is_empty() => b[i] = byte,
            1 => b.insert(i, byte),
            2 if !b.is_empty() => {
                b.remove(i);
            }
            _ => b.insert(i, b"{}[],:\"\\ 0e-"[byte as usize % 12]),
        }
    }
}

/// A whole file's findings; without tokens the fast path may take a line,
/// with them every line takes the full checker (a stand-in counter).
fn file_diagnostics(text: &str, dialect: Dialect, count_tokens: bool, c: &Catalog) -> Vec<batchlane_core::batch::Diagnostic> {
    use batchlane_core::batch::{CheckOptions, Checker, NoTokenizer};
    let mut k = Checker::with_tokenizer(CheckOptions { dialect, count_tokens, ..CheckOptions::default() }, c, Box::new(NoTokenizer));
    k.feed(text.as_bytes());
    k.finish().diagnostics
}
