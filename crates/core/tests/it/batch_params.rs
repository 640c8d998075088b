//! Every diagnostic's `param` is the service's own path to the field.

use batchlane_core::batch::{check_bytes, CheckOptions, Code, Dialect, Report};
use batchlane_core::facts::Catalog;

fn check(text: &str, o: CheckOptions) -> Report {
    check_bytes(text.as_bytes(), CheckOptions { count_tokens: false, ..o }, &Catalog::builtin())
}

fn param(r: &Report, code: Code) -> Vec<Option<String>> {
    r.diagnostics.iter().filter(|d| d.code == code).map(|d| d.param.clone()).collect()
}

#[test]
fn duplicate_keys_are_named_by_path() {
    let line = r#"{"custom_id": "a", "custom_id": "b", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "m", "model": "n", "max_tokens": 5, "messages": [{"role": "user", "role": "user", "content": "x"}]}}"#;
    let r = check(line, CheckOptions::default());
    assert_eq!(param(&r, Code::DuplicateJsonKey), [Some("custom_id".into()), Some("body.model".into()), None]);
}

#[test]
fn the_output_cap_param_follows_the_endpoint_and_model() {
    let responses = r#"{"custom_id": "a", "method": "POST", "url": "/v1/responses", "body": {"model": "m", "input": "x"}}"#;
    assert_eq!(param(&check(responses, CheckOptions::default()), Code::MaxTokensUnset), [Some("body.max_output_tokens".into())]);
    let chat = r#"{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "o3-mini", "messages": [{"role": "user", "content": "x"}]}}"#;
    let o = CheckOptions { dialect: Dialect::OpenAi, ..CheckOptions::default() };
    assert_eq!(param(&check(chat, o), Code::MaxTokensUnset), [Some("body.max_completion_tokens".into())]);
}

#[test]
fn a_given_endpoint_judges_every_line() {
    let line = |id: &str, url: &str| {
        format!(
            r#"{{"custom_id": "{id}", "method": "POST", "url": "{url}", "body": {{"model": "m", "max_output_tokens": 5, "max_tokens": 5, "input": "x", "messages": [{{"role": "user", "content": "x"}}]}}}}"#
        )
    };
    let text = format!("{}\n{}\n{}\n", line("a", "/v1/chat/completions"), line("b", "/v1/responses"), line("c", "/v1/chat/completions"));
    // Without an endpoint the first line's url stands: line 2 differs.
    let r = check(&text, CheckOptions::default());
    let lines = |r: &Report, code: Code| r.diagnostics.iter().filter(|d| d.code == code).map(|d| d.line).collect::<Vec<_>>();
    assert_eq!(lines(&r, Code::UrlMismatch), [2]);
    let o = CheckOptions { endpoint: Some("/v1/responses".into()), ..CheckOptions::default() };
    let r = check(&text, o.clone());
    assert_eq!(lines(&r, Code::UrlMismatch), [1, 3]);
    assert!(r
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::UrlMismatch)
        .all(|d| d.param.as_deref() == Some("url") && d.related_line.is_none()));
    assert_eq!(r.summary.endpoint.as_deref(), Some("/v1/responses"));
    let r = check(&text, CheckOptions { dialect: Dialect::OpenAi, ..o });
    assert_eq!(lines(&r, Code::InvalidUrl), [1, 3]);
}
