//! Every code, in both dialects, on minimal fixtures.

use batchlane_core::batch::{CheckOptions, Checker, Code, Dialect, NoTokenizer, QuotaChoice, Report, Severity, Subscription, Tiktoken};

use batchlane_core::facts::Catalog;
use batchlane_core::facts::Scope;

const CHAT: &str = r#"{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "dep", "max_tokens": 10, "messages": [{"role": "user", "content": "hello world"}]}}"#;
const BOTH: [Dialect; 2] = [Dialect::Azure, Dialect::OpenAi];

fn opts(d: Dialect) -> CheckOptions {
    CheckOptions { dialect: d, count_tokens: false, ..CheckOptions::default() }
}

fn run(text: &str, o: CheckOptions, c: &Catalog) -> Report {
    let tokens = o.count_tokens;
    let mut k = if tokens { Checker::new(o, c) } else { Checker::with_tokenizer(o, c, Box::new(NoTokenizer)) };
    k.feed(text.as_bytes());
    k.finish()
}

fn check(text: &str, d: Dialect) -> Report {
    run(text, opts(d), &Catalog::builtin())
}

/// The (line, code, severity) triples of a report, but for the note on a
/// model no catalog list knows (the tests' lines name model "dep"; that note,
/// a `model_not_found` warning, has its own test).
fn found(r: &Report) -> Vec<(u64, &'static str, Severity)> {
    r.diagnostics.iter().filter(|d| !unknown_model(d)).map(|d| (d.line, d.code.as_str(), d.severity)).collect()
}

/// The note on a model no catalog list knows.
fn unknown_model(d: &batchlane_core::batch::Diagnostic) -> bool {
    d.code == Code::ModelNotFound && d.severity == Severity::Warning && d.message.contains("not in the catalog's list")
}

fn has(r: &Report, line: u64, code: Code, sev: Severity) -> bool {
    r.diagnostics.iter().any(|d| d.line == line && d.code == code && d.severity == sev)
}

fn line_with(id: &str, url: &str, body: &str) -> String {
    format!(r#"{{"custom_id": "{id}", "method": "POST", "url": "{url}", "body": {body}}}"#)
}

#[test]
fn a_valid_file_is_clean_in_both_dialects() {
    let text = format!("{CHAT}\n{}\n", CHAT.replace("\"a\"", "\"b\""));
    for d in BOTH {
        let r = check(&text, d);
        assert_eq!(found(&r), [], "{d:?}");
        // OpenAI knows no model "dep": one note, nothing else.
        let unknown = u64::from(d == Dialect::OpenAi);
        assert_eq!((r.summary.requests, r.summary.errors, r.summary.warnings), (2, 0, unknown));
        let notes = r.counts.iter().filter(|k| k.code == Code::ModelNotFound && k.severity == Severity::Warning);
        assert_eq!(notes.map(|k| k.count).sum::<u64>(), unknown);
        assert_eq!(r.summary.model.as_deref(), Some("dep"));
        assert_eq!(r.summary.endpoint.as_deref(), Some("/v1/chat/completions"));
    }
}

#[test]
fn empty_file() {
    for d in BOTH {
        for text in ["", "\n", "  \n\t\n"] {
            assert!(has(&check(text, d), 0, Code::EmptyFile, Severity::Error), "{d:?} {text:?}");
        }
    }
}

#[test]
fn too_many_tasks_follows_the_catalog() {
    for (d, id) in [(Dialect::Azure, "max_requests_per_file.azure"), (Dialect::OpenAi, "max_requests_per_file.openai")] {
        let mut c = Catalog::builtin();
        c.set_override(id, 1.0).unwrap();
        let text = format!("{CHAT}\n{}\n", CHAT.replace("\"a\"", "\"b\""));
        let r = run(&text, opts(d), &c);
        assert!(has(&r, 0, Code::TooManyTasks, Severity::Error), "{d:?}");
        assert!(!has(&run(CHAT, opts(d), &c), 0, Code::TooManyTasks, Severity::Error));
    }
}

#[test]
fn file_too_large_and_byo_storage() {
    let mut c = Catalog::builtin();
    c.set_override("max_file_bytes.azure", 100.0).unwrap();
    c.set_override("max_file_bytes.openai", 100.0).unwrap();
    c.set_override("max_file_bytes_byo_storage.azure", 1000.0).unwrap();
    for d in BOTH {
        assert!(has(&run(CHAT, opts(d), &c), 0, Code::FileTooLarge, Severity::Error), "{d:?}");
    }
    let byo = CheckOptions { byo_storage: true, ..opts(Dialect::Azure) };
    assert!(!has(&run(CHAT, byo, &c), 0, Code::FileTooLarge, Severity::Error));
}

#[test]
fn utf8_bom_is_an_error_on_azure_and_a_warning_on_openai() {
    let text = format!("\u{FEFF}{CHAT}\n");
    let az = check(&text, Dialect::Azure);
    assert_eq!(found(&az), [(1, "utf8_bom", Severity::Error)]);
    assert!(az.diagnostics[0].message.contains("A valid model deployment name couldn't be extracted"));
    assert_eq!(az.diagnostics[0].column, Some(1));
    assert_eq!(found(&check(&text, Dialect::OpenAi)), [(1, "utf8_bom", Severity::Warning)]);
}

#[test]
fn invalid_utf8_gives_line_and_byte_offset() {
    let mut bytes = format!("{CHAT}\n").into_bytes();
    let start = bytes.len();
    bytes.extend_from_slice(b"{\"custom_id\": \"caf\xE9\"}\n");
    for d in BOTH {
        let mut k = Checker::with_tokenizer(opts(d), &Catalog::builtin(), Box::new(NoTokenizer));
        k.feed(&bytes);
        let r = k.finish();
        let e = r.diagnostics.iter().find(|x| x.code == Code::InvalidUtf8).unwrap();
        assert_eq!((e.line, e.column, e.byte_offset), (2, Some(19), Some(start as u64 + 18)));
        assert_eq!(e.line_start, start as u64);
        assert!(e.message.contains(&format!("byte offset {}", start + 18)), "{}", e.message);
    }
}

#[test]
fn invalid_json_line_reasons() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let cases = [
        (format!("{CHAT} x"), "trailing content", Some(CHAT.len() as u64 + 2)),
        ("[1, 2]".to_string(), "not a JSON object", Some(1)),
        (deep, "nesting deeper than the parser allows", None),
        (r#"{"custom_id": 1e400}"#.to_string(), "too large", Some(19)),
        ("{\"custom_id\": \"a\0\"}".to_string(), "control character", None),
        // A trailing comma: the marker is on the comma, not the brace after it.
        (r#"{"custom_id": "가", }"#.to_string(), "trailing comma", Some(18)),
    ];
    for d in BOTH {
        for (text, why, col) in &cases {
            let r = check(text, d);
            let e = r.diagnostics.iter().find(|x| x.code == Code::InvalidJsonLine).unwrap_or_else(|| panic!("{text:.40}"));
            assert!(e.message.contains(why), "{}", e.message);
            assert_eq!(e.line, 1);
            if col.is_some() {
                assert_eq!(e.column, *col, "{text}");
            }
            let wording = if d == Dialect::Azure { "wasn't able to be parsed as valid json" } else { "not parseable as valid JSON" };
            assert!(e.message.contains(wording));
        }
    }
}

/// The full checker parses a line that is valid UTF-8 as text (its strings
/// are not checked again): a JSON error on a line of multi-byte text is
/// still said where serde_json, reading the line's bytes, puts it, with or
/// without token counts.
#[test]
fn json_errors_on_multi_byte_lines_are_placed_as_on_the_bytes() {
    let lines = [
        r#"{"custom_id": "한국어 텍스트 요청", "method": "POST", "url": x}"#.to_string(),
        r#"{"custom_id": "가나다", "body": {"messages": [{"content": "日本語のテキスト"}]"#.to_string(),
        r#"{"custom_id": "\ud800 한국어", "method": "POST"}"#.to_string(),
        "{\"custom_id\": \"상담 \u{1}\"}".to_string(),
    ];
    for line in &lines {
        let e = serde_json::from_slice::<serde_json::Value>(line.as_bytes()).expect_err(line);
        let at = (e.column().max(1) - 1).min(line.len()) as u64;
        for d in BOTH {
            for count_tokens in [false, true] {
                let r = run(line, CheckOptions { count_tokens, ..opts(d) }, &Catalog::builtin());
                let f = r.diagnostics.iter().find(|x| x.code == Code::InvalidJsonLine).unwrap_or_else(|| panic!("{line}"));
                assert_eq!(f.byte_offset, Some(at), "{line} ({d:?}, tokens {count_tokens}): {}", f.message);
            }
        }
    }
}

/// A whole request on one line followed by a comma (a JSON array's items
/// pasted as lines) is a trailing comma at that comma, not a request spread
/// over several lines.
#[test]
fn a_comma_after_a_one_line_object_is_said_at_the_comma() {
    for d in BOTH {
        let text = format!("{CHAT},\n{},\n", CHAT.replace("\"a\"", "\"b\""));
        let r = check(&text, d);
        assert_eq!(r.shape, None, "{d:?}");
        let e: Vec<_> = r.diagnostics.iter().filter(|x| x.code == Code::InvalidJsonLine).collect();
        assert_eq!(e.len(), 2, "{d:?}");
        assert_eq!(e[0].column, Some(CHAT.chars().count() as u64 + 1), "the marker sits on the comma");
        assert!(
            e[0].message.contains("a comma after the object: JSON Lines puts no commas between requests; remove it"),
            "{}",
            e[0].message
        );
        assert!(!e[0].message.contains("pretty-printed") && !e[0].message.contains("spans several lines"), "{}", e[0].message);
    }
}

#[test]
fn not_jsonl_is_said_plainly() {
    let array = format!("[\n  {CHAT},\n  {CHAT}\n]\n");
    let r = check(&array, Dialect::Azure);
    assert_eq!(r.shape, Some(batchlane_core::batch::FileShape::JsonArray));
    assert!(r.diagnostics[0].message.starts_with("The file is a JSON array"));
    let pretty = "{\n  \"custom_id\": \"a\",\n  \"method\": \"POST\"\n}\n";
    assert_eq!(check(pretty, Dialect::OpenAi).shape, Some(batchlane_core::batch::FileShape::PrettyPrinted));
    let binary = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff\xfe";
    let mut k = Checker::with_tokenizer(opts(Dialect::Azure), &Catalog::builtin(), Box::new(NoTokenizer));
    k.feed(binary);
    assert_eq!(k.finish().shape, Some(batchlane_core::batch::FileShape::Binary));
}

#[test]
fn missing_required_parameter_names_the_field() {
    for field in ["custom_id", "method", "url", "body"] {
        let mut v: serde_json::Value = serde_json::from_str(CHAT).unwrap();
        v.as_object_mut().unwrap().remove(field);
        for d in BOTH {
            let r = check(&v.to_string(), d);
            let e = r.diagnostics.iter().find(|x| x.code == Code::MissingRequiredParameter).unwrap();
            assert_eq!(e.param.as_deref(), Some(field));
            assert_eq!(e.message, format!("Missing required parameter: '{field}'."));
        }
    }
}

#[test]
fn invalid_request_cases() {
    let u = "/v1/chat/completions";
    let cases = [
        (CHAT.replace(r#""custom_id": "a""#, r#""custom_id": 7"#), "custom_id"),
        (CHAT.replace(r#""method": "POST""#, r#""method": "GET""#), "method"),
        (line_with("a", u, "[1]"), "body"),
        (line_with("a", u, r#"{"messages": [{"role": "user", "content": "x"}]}"#), "body.model"),
        (line_with("a", u, r#"{"model": "dep"}"#), "body.messages"),
        (line_with("a", u, r#"{"model": "dep", "messages": []}"#), "body.messages"),
        (line_with("a", u, r#"{"model": "dep", "messages": "hi"}"#), "body.messages"),
        (line_with("a", u, r#"{"model": "dep", "messages": [{"role": "robot", "content": "x"}]}"#), "body.messages[0].role"),
        (line_with("a", u, r#"{"model": "dep", "messages": [{"role": "user"}]}"#), "body.messages[0].content"),
        (line_with("a", "/v1/embeddings", r#"{"model": "dep"}"#), "body.input"),
    ];
    for d in BOTH {
        for (text, param) in &cases {
            let r = check(text, d);
            let e = r.diagnostics.iter().find(|x| x.code == Code::InvalidRequest);
            assert_eq!(e.and_then(|e| e.param.as_deref()), Some(*param), "{d:?} {text}");
        }
    }
    let r = check(&line_with("a", u, r#"{"messages": [{"role": "user", "content": "x"}]}"#), Dialect::OpenAi);
    let e = r.diagnostics.iter().find(|x| x.code == Code::InvalidRequest).unwrap();
    assert_eq!(e.message, "Model parameter is required.");
    // An assistant message with tool calls needs no content (its calls
    // answered; `tool_calls: []` is refused: `batch_cross_field.rs`).
    let ok = line_with(
        "a",
        u,
        r#"{"model": "dep", "max_tokens": 5, "messages": [{"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}, {"role": "tool", "tool_call_id": "c1", "content": "1"}]}"#,
    );
    assert_eq!(found(&check(&ok, Dialect::OpenAi)), []);
}

#[test]
fn duplicate_custom_id_points_at_the_first() {
    let text = format!("{CHAT}\n{}\n{CHAT}\n{CHAT}\n", CHAT.replace("\"a\"", "\"b\""));
    for d in BOTH {
        let r = check(&text, d);
        let dups: Vec<_> = r.diagnostics.iter().filter(|x| x.code == Code::DuplicateCustomId).collect();
        assert_eq!(dups.iter().map(|x| (x.line, x.related_line)).collect::<Vec<_>>(), [(3, Some(1)), (4, Some(1))]);
        assert_eq!(dups[0].column, Some(2));
        assert!(dups[0].message.starts_with("The custom ID for this request is a duplicate"));
    }
}

#[test]
fn url_rules_per_dialect() {
    let resp = line_with("b", "/v1/responses", r#"{"model": "dep", "max_output_tokens": 50, "input": "hi"}"#);
    let text = format!("{CHAT}\n{resp}\n");
    assert_eq!(found(&check(&text, Dialect::Azure)), [(2, "url_mismatch", Severity::Error)]);
    assert_eq!(found(&check(&text, Dialect::OpenAi)), [(2, "invalid_url", Severity::Error)]);
    let emb = line_with("a", "/v1/embeddings", r#"{"model": "dep", "input": "hi"}"#);
    assert_eq!(found(&check(&emb, Dialect::Azure)), [(1, "url_mismatch", Severity::Error)]);
    assert!(check(&emb, Dialect::Azure).diagnostics[0].message.contains("does not support embeddings"));
    assert_eq!(found(&check(&emb, Dialect::OpenAi)), []);
    let bad = line_with("a", "/v1/chat/completion", r#"{"model": "dep", "max_tokens": 1, "messages": [{"role": "user", "content": "x"}]}"#);
    assert_eq!(found(&check(&bad, Dialect::OpenAi)), [(1, "invalid_url", Severity::Error)]);
}

#[test]
fn model_mismatch() {
    let other = CHAT.replace("\"a\"", "\"b\"").replace("\"dep\"", "\"dep2\"");
    for d in BOTH {
        let r = check(&format!("{CHAT}\n{other}\n"), d);
        assert_eq!(found(&r), [(2, "model_mismatch", Severity::Error)]);
        assert_eq!(r.diagnostics.iter().find(|x| x.code == Code::ModelMismatch).unwrap().related_line, Some(1));
    }
}

#[test]
fn streaming_unsupported() {
    let text = CHAT.replace("\"max_tokens\": 10", "\"stream\": true, \"max_tokens\": 10");
    // OpenAI documents the code (an error); Azure's batch docs are silent (a warning).
    let r = check(&text, Dialect::OpenAi);
    assert_eq!(found(&r), [(1, "streaming_unsupported", Severity::Error)]);
    let d = r.diagnostics.iter().find(|x| x.code == Code::StreamingUnsupported).unwrap();
    assert_eq!(d.message, "Chat Completions: Streaming is not supported in the Batch API.");
    let r = check(&text, Dialect::Azure);
    assert_eq!(found(&r), [(1, "streaming_unsupported", Severity::Warning)]);
}

#[test]
fn token_limit_exceeded_typed_or_from_the_catalog() {
    let c = Catalog::builtin();
    // 9 prompt tokens + 10 output cap = 19 per request.
    for d in BOTH {
        let o = CheckOptions { dialect: d, quota: QuotaChoice::Tokens(18), ..CheckOptions::default() };
        let r = run(CHAT, o.clone(), &c);
        assert_eq!(r.summary.enqueued_tokens, Some(19));
        assert!(has(&r, 0, Code::TokenLimitExceeded, Severity::Error), "{d:?}");
        let ok = CheckOptions { quota: QuotaChoice::Tokens(19), ..o };
        assert!(!has(&run(CHAT, ok, &c), 0, Code::TokenLimitExceeded, Severity::Error));
    }
    let mut c = Catalog::builtin();
    c.set_override("enqueued_global_msdn.gpt-4o", 18.0).unwrap();
    let quota = QuotaChoice::Catalog { zone: Scope::Global, subscription: Subscription::Msdn };
    let o = CheckOptions { model: Some("gpt-4o".into()), quota, ..CheckOptions::default() };
    let r = run(CHAT, o, &c);
    assert_eq!(r.quota.as_ref().map(|q| (q.limit, q.exceeded)), Some((18, true)));
    let e = r.diagnostics.iter().find(|d| d.code == Code::TokenLimitExceeded).unwrap();
    assert!(e.message.starts_with("The number of enqueued tokens has surpassed the configured limit of 18 for the deployment 'dep'"));
}

#[test]
fn warnings_are_never_errors() {
    let c = Catalog::builtin();
    let cases: Vec<(String, Code, CheckOptions)> = vec![
        (format!("{CHAT}\n\n"), Code::BlankLine, opts(Dialect::Azure)),
        (format!("{CHAT}\r\n"), Code::CrlfLineEndings, opts(Dialect::Azure)),
        (CHAT.replace("\"max_tokens\": 10", "\"max_tokens\": 1000000000"), Code::MaxTokensTooLarge, opts(Dialect::Azure)),
        (CHAT.replace("\"dep\"", "\"gpt-4o\""), Code::BaseModelName, opts(Dialect::Azure)),
        (CHAT.replace("\"max_tokens\": 10, ", ""), Code::MaxTokensUnset, opts(Dialect::Azure)),
        (CHAT.replace("\"dep\"", "\"openai-gpt-4o\""), Code::ModelNotFound, opts(Dialect::OpenAi)),
        (
            CHAT.replace("\"custom_id\": \"a\",", "\"custom_id\": \"a\", \"custom_id\": \"a\","),
            Code::DuplicateJsonKey,
            opts(Dialect::Azure),
        ),
        (CHAT.to_string(), Code::LineTooLong, CheckOptions { max_line_bytes: 20, ..opts(Dialect::Azure) }),
    ];
    for (text, code, o) in cases {
        for d in BOTH {
            let o = CheckOptions { dialect: d, ..o.clone() };
            let r = run(&text, o, &c);
            let expect = match code {
                Code::BaseModelName => d == Dialect::Azure,
                Code::ModelNotFound => d == Dialect::OpenAi,
                _ => true,
            };
            assert_eq!(
                has(&r, 1, code, Severity::Warning) || has(&r, 2, code, Severity::Warning),
                expect,
                "{code:?} {d:?} {:?}",
                found(&r)
            );
            assert_eq!(r.summary.errors, 0, "{code:?} {d:?} {:?}", found(&r));
        }
    }
    // The catalog's context window is OpenAI's model page's (documented): over it is an error …
    let o = CheckOptions { model: Some("gpt-4o".into()), ..CheckOptions::default() };
    let long = CHAT.replace("hello world", &"hello world ".repeat(64_000));
    let r = run(&long, o.clone(), &Catalog::builtin());
    assert_eq!(found(&r), [(1, "context_length_exceeded", Severity::Error)]);
    let d = &r.diagnostics[0];
    assert!(d.message.starts_with("This model's maximum context length is 128000 tokens. However, you requested "), "{}", d.message);
    assert!(d.message.contains(" in the messages, 10 in the completion)"), "{}", d.message);
    // … and so is one the user sets (the request fails; the batch runs).
    let mut small = Catalog::builtin();
    small.set_override("context_window.gpt-4o", 5.0).unwrap();
    let r = run(CHAT, o, &small);
    assert_eq!(found(&r), [(1, "context_length_exceeded", Severity::Error)]);
    assert_eq!(r.verdict(), batchlane_core::batch::Verdict::RequestsFail { requests: 1 });
}

#[test]
fn an_over_long_custom_id_is_a_warning_and_still_compared() {
    let long_id = "x".repeat(65);
    let line = CHAT.replace("\"a\"", &format!("\"{long_id}\""));
    for d in BOTH {
        let r = check(&format!("{line}\n{line}\n"), d);
        let want = [
            (1, "custom_id_too_long", Severity::Warning),
            (2, "duplicate_custom_id", Severity::Error),
            (2, "custom_id_too_long", Severity::Warning),
        ];
        assert_eq!(found(&r), want, "{d:?}");
        let at_limit = CHAT.replace("\"a\"", &format!("\"{}\"", "가".repeat(64)));
        let r = check(&format!("{at_limit}\n{at_limit}\n"), d);
        assert_eq!(found(&r), [(2, "duplicate_custom_id", Severity::Error)], "{d:?}");
    }
}

#[test]
fn aggregated_warnings_count_every_line() {
    let text = format!("{CHAT}\r\n{}\r\n", CHAT.replace("\"a\"", "\"b\""));
    let r = check(&text, Dialect::OpenAi);
    assert_eq!(found(&r), [(1, "crlf_line_endings", Severity::Warning)]);
    assert!(r.diagnostics.iter().find(|x| x.code == Code::CrlfLineEndings).unwrap().message.starts_with("2 of 2 lines end with CRLF"));
    let unset = CHAT.replace("\"max_tokens\": 10, ", "").replace("\"dep\"", "\"gpt-4o\"");
    let o = CheckOptions { dialect: Dialect::OpenAi, ..CheckOptions::default() };
    let r = run(&unset, o, &Catalog::builtin());
    // 9 prompt + gpt-4o's output maximum from the catalog.
    assert_eq!(r.summary.enqueued_tokens, Some(9 + 16_384));
    assert!(r.diagnostics[0].message.contains("gpt-4o's output maximum"));
}

#[test]
fn tokens_cost_and_histogram() {
    let text = format!("{}\n{}\n", CHAT.replace("\"dep\"", "\"gpt-4o\""), CHAT.replace("\"a\"", "\"b\"").replace("\"dep\"", "\"gpt-4o\""));
    let o = CheckOptions { dialect: Dialect::OpenAi, ..CheckOptions::default() };
    let mut k = Checker::with_tokenizer(o, &Catalog::builtin(), Box::new(Tiktoken));
    k.feed(text.as_bytes());
    let r = k.finish();
    let t = r.tokens.unwrap();
    assert_eq!((t.prompt_tokens, t.output_tokens, t.enqueued_tokens), (18, 20, 38));
    assert_eq!(t.histogram.counts[4], 2); // 9 tokens: bucket [8, 15]
    assert_eq!(t.encoding.name(), "o200k_base");
    let cost = r.cost.unwrap();
    assert_eq!((cost.input_price_per_m, cost.output_price_per_m), (1.25, 5.0));
}

#[test]
fn stored_diagnostics_are_capped_but_counts_exact() {
    let text = "x\n".repeat(50);
    let o = CheckOptions { max_stored_per_code: 10, ..opts(Dialect::Azure) };
    let r = run(&text, o, &Catalog::builtin());
    assert_eq!(r.summary.errors, 50);
    assert_eq!(r.diagnostics.len(), 10);
    assert!(r.truncated);
    assert_eq!(r.counts[0].count, 50);
}

/// File-wide counts in messages are grouped: "1 of 1,200 lines", not
/// "1 of 1200" (it showed "1 of 50000").
#[test]
fn file_wide_counts_are_grouped() {
    let mut text = String::new();
    for i in 0..1_200 {
        let cap = if i == 0 { "" } else { r#""max_tokens": 10, "# };
        text.push_str(&format!(
            r#"{{"custom_id": "r{i}", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "dep", {cap}"messages": [{{"role": "user", "content": "hi"}}]}}}}"#
        ));
        text.push_str(if i == 1 { "\r\n" } else { "\n" });
    }
    for d in BOTH {
        let r = check(&text, d);
        let msgs: Vec<&str> = r.diagnostics.iter().map(|d| d.message.as_str()).collect();
        let crlf = r.diagnostics.iter().find(|x| x.code == Code::CrlfLineEndings).expect("CRLF noted");
        assert!(crlf.message.starts_with("1 of 1,200 lines"), "{}", crlf.message);
        assert!(msgs.iter().any(|m| m.starts_with("1 of 1,200 requests set no max_tokens")), "{msgs:?}");
    }
}

/// The fix for a comma after a one-line object (`},`) or before its closing
/// brace speaks of that comma, not of JSON arrays or pretty-printed JSON.
#[test]
fn the_fix_for_a_stray_comma_is_about_the_comma() {
    use batchlane_core::batch::explain_diagnostic;
    let c = Catalog::builtin();
    let inside = CHAT.replace(r#""max_tokens": 10,"#, r#""max_tokens": 10, "#).replacen("}]}}", "}],}}", 1);
    for d in BOTH {
        for text in [format!("{CHAT},\n"), format!("{inside}\n")] {
            let r = check(&text, d);
            let e = r.diagnostics.iter().find(|x| x.code == Code::InvalidJsonLine).expect("invalid JSON");
            let fix = explain_diagnostic(e, d, &c);
            assert!(fix.en.contains("comma") && fix.ko.contains("쉼표"), "{fix:?}");
            for word in ["array", "pretty-printed"] {
                assert!(!fix.en.contains(word), "{text}: {}", fix.en);
            }
            assert!(!fix.ko.contains("배열"), "{}", fix.ko);
        }
        // Other invalid lines keep the general fix.
        let r = check("{\"custom_id\": \n", d);
        let e = r.diagnostics.iter().find(|x| x.code == Code::InvalidJsonLine).expect("invalid JSON");
        assert_eq!(explain_diagnostic(e, d, &c), batchlane_core::batch::explain_with(Code::InvalidJsonLine, d, &c));
    }
}
