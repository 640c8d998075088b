//! Every finding says what it rests on (documented, observed, inferred) and
//! where; an error never rests on an inference; findings are counted by
//! their own severity; a line gets the service's one answer.

use batchlane_core::batch::{explain_diagnostic, CheckOptions, Checker, Code, Dialect, Evidence, NoTokenizer, Report, Severity};
use batchlane_core::facts::Catalog;

fn check(text: &str, d: Dialect) -> Report {
    let o = CheckOptions { dialect: d, count_tokens: false, ..CheckOptions::default() };
    let c = Catalog::builtin();
    let mut k = Checker::with_tokenizer(o, &c, Box::new(NoTokenizer));
    k.feed(text.as_bytes());
    k.finish()
}

fn line(id: &str, url: &str, body: &str) -> String {
    format!(r#"{{"custom_id": "{id}", "method": "POST", "url": "{url}", "body": {body}}}"#)
}

const CHAT: &str = "/v1/chat/completions";

#[test]
fn findings_of_one_code_are_counted_by_their_own_severity() {
    // o3 refuses max_tokens (documented: an error) and logprobs (unconfirmed:
    // a warning); both are `unsupported_parameter`. The summary said
    // "2 errors, 0 warnings" beside a listed warning.
    let a = line("a", CHAT, r#"{"model": "o3", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}"#);
    let b = line("b", CHAT, r#"{"model": "o3", "logprobs": true, "messages": [{"role": "user", "content": "hi"}]}"#);
    let r = check(&format!("{a}\n{b}\n"), Dialect::OpenAi);
    let listed = |sev| r.diagnostics.iter().filter(|d| d.severity == sev).count() as u64;
    assert_eq!(listed(Severity::Error), 1, "{:#?}", r.diagnostics);
    assert_eq!((r.summary.errors, r.summary.warnings), (1, listed(Severity::Warning)));
    let by_code: Vec<_> = r.counts.iter().filter(|k| k.code == Code::UnsupportedParameter).map(|k| (k.severity, k.count)).collect();
    assert_eq!(by_code, [(Severity::Error, 1), (Severity::Warning, 1)]);
}

#[test]
fn every_finding_carries_its_evidence_and_an_error_never_rests_on_an_inference() {
    let text = [
        line("a", CHAT, r#"{"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}"#),
        line("a", CHAT, r#"{"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}"#),
        line("c", CHAT, r#"{"model": "gpt-4o", "max_tokens": "5", "messages": [{"role": "robot", "content": "hi"}]}"#),
        line(&"x".repeat(79), CHAT, r#"{"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}"#),
        "{not json".to_string(),
        String::new(),
    ]
    .join("\n");
    for d in [Dialect::Azure, Dialect::OpenAi] {
        let r = check(&text, d);
        assert!(r.diagnostics.len() >= 5, "{:#?}", r.diagnostics);
        for f in &r.diagnostics {
            let source = f.source.as_deref().unwrap_or("");
            assert!(source.starts_with("https://"), "{d:?} {} has no source: {source:?}", f.code.as_str());
            if f.severity == Severity::Error {
                assert_ne!(f.evidence, Evidence::Inferred, "{d:?} {}: an error needs evidence", f.code.as_str());
            }
        }
        let ev = |code| r.diagnostics.iter().find(|f| f.code == code).map(|f| f.evidence);
        assert_eq!(ev(Code::DuplicateCustomId), Some(Evidence::Documented), "{d:?}");
        assert_eq!(ev(Code::CustomIdTooLong), Some(Evidence::Inferred), "{d:?}");
        // The CLI's JSON says it too.
        let json = r.to_cli_json();
        for f in json["diagnostics"].as_array().unwrap() {
            assert!(["documented", "observed", "inferred"].contains(&f["evidence"].as_str().unwrap()), "{f}");
            assert!(f["source"].as_str().unwrap().starts_with("https://"), "{f}");
        }
    }
}

#[test]
fn an_over_long_custom_id_is_a_warning_and_still_compared_for_duplicates() {
    // Azure answered this 79-character custom_id with status 200 in a
    // recorded output file; 64 is another vendor's limit (issue 37).
    let id = "request-2026-11-30-customer-support-ticket-classification-000000000000000001";
    assert!(id.chars().count() > 64);
    let ok = line(id, CHAT, r#"{"model": "dep", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}"#);
    let r = check(&ok, Dialect::Azure);
    assert_eq!(r.summary.errors, 0, "{:#?}", r.diagnostics);
    let long = r.diagnostics.iter().find(|d| d.code == Code::CustomIdTooLong).expect("a warning");
    assert_eq!(long.severity, Severity::Warning);
    // Two long ids that are the same are still a duplicate (an error, documented).
    let long_id = "가".repeat(5_000);
    let twice = format!("{}\n{}\n", ok.replace(id, &long_id), ok.replace(id, &long_id));
    let r = check(&twice, Dialect::OpenAi);
    let dup = r.diagnostics.iter().find(|d| d.code == Code::DuplicateCustomId).expect("a duplicate");
    assert_eq!((dup.line, dup.related_line, dup.severity), (2, Some(1), Severity::Error));
    // Two long ids that differ only at their end are not.
    let other = format!("{}나", "가".repeat(4_999));
    let two = format!("{}\n{}\n", ok.replace(id, &long_id), ok.replace(id, &other));
    assert!(check(&two, Dialect::OpenAi).diagnostics.iter().all(|d| d.code != Code::DuplicateCustomId));
}

#[test]
fn a_line_whose_url_differs_from_the_batchs_gets_the_url_finding_only() {
    // OpenAI's recorded answer: one `invalid_url` for the line; its body is
    // not judged by the other endpoint's schema.
    let chat = line("a", CHAT, r#"{"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}"#);
    let resp = line("b", "/v1/responses", r#"{"model": "gpt-4o", "max_output_tokens": 50, "input": "hi", "messages": 3}"#);
    for d in [Dialect::Azure, Dialect::OpenAi] {
        let r = check(&format!("{chat}\n{resp}\n"), d);
        let on_2: Vec<_> = r.diagnostics.iter().filter(|x| x.line == 2).map(|x| x.code).collect();
        assert_eq!(on_2, [d.url_code()], "{d:?} {:#?}", r.diagnostics);
    }
}

#[test]
fn an_unknown_model_on_openai_carries_model_not_found_as_a_warning_naming_the_catalog_date() {
    let l = line("a", CHAT, r#"{"model": "gpt-9-turbo-max", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}"#);
    let r = check(&l, Dialect::OpenAi);
    let f = r.diagnostics.iter().find(|d| d.param.as_deref() == Some("body.model")).expect("a finding on the model");
    assert_eq!((f.code, f.severity), (Code::ModelNotFound, Severity::Warning));
    let as_of = batchlane_core::facts::openai_batch_models_as_of();
    assert!(f.message.contains(as_of), "{}", f.message);
    assert_eq!(r.summary.errors, 0);
}

#[test]
fn the_fix_for_a_nested_missing_parameter_is_about_that_field() {
    // A required field deep in the body is not one of the line's four.
    let l = line("a", "/v1/responses", r#"{"model": "gpt-4o", "input": "hi", "tools": [{"type": "function", "parameters": {}}]}"#);
    let r = check(&l, Dialect::OpenAi);
    let f = r
        .diagnostics
        .iter()
        .find(|d| d.code == Code::MissingRequiredParameter && d.param.as_deref().is_some_and(|p| p.contains("tools[0]")))
        .unwrap_or_else(|| panic!("{:#?}", r.diagnostics));
    let fix = explain_diagnostic(f, Dialect::OpenAi, &Catalog::builtin());
    assert!(!fix.en.contains("Every line needs"), "{}", fix.en);
    assert!(fix.en.contains("tools[0]"), "{}", fix.en);
}

/// `Verdict::passes` is the one "passes" rule: no error and every line
/// checked, i.e. exactly `Ready` (the page, the CLI and Python use it).
#[test]
fn a_verdict_passes_only_when_ready() {
    use batchlane_core::batch::Verdict;
    assert!(Verdict::Ready.passes());
    for v in [Verdict::BatchFails, Verdict::RequestsFail { requests: 1 }, Verdict::NotConfirmed { lines: 1 }] {
        assert!(!v.passes(), "{v:?}");
    }
}
