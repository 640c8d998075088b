//! Runs the generated Flex-with-fallback client with the REAL `openai`
//! package against `tests/fixtures/python/flex_run.py`'s fake endpoint:
//! Flex 429s with Retry-After (seconds and ms) are waited out and retried;
//! capacity errors (503) back off within the budget, then one Standard
//! request; a Retry-After beyond the budget goes to Standard at once; a 400
//! is never retried; without the fallback the client raises. The
//! interpreter: `BATCHLANE_PYTHON`, else `<repo>/.tools/py/bin/python`.

use batchlane_core::snippets::{flex_fallback_python, FlexApi, FlexOptions};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn python() -> PathBuf {
    let path = match std::env::var_os("BATCHLANE_PYTHON") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.tools/py/bin/python"),
    };
    assert!(path.exists(), "no Python with the openai package at {path:?}: run ./dev setup (or set BATCHLANE_PYTHON)");
    path
}

fn options() -> FlexOptions {
    FlexOptions {
        budget_seconds: 10.0,
        max_attempts: 6,
        first_backoff_seconds: 2.0,
        max_backoff_seconds: 30.0,
        deployment: "sol-flex".into(),
        ..FlexOptions::default()
    }
}

fn run(name: &str, o: &FlexOptions, scenario: &str) -> Value {
    let dir = std::env::temp_dir().join(format!("batchlane-flex-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("flex_client.py");
    std::fs::write(&file, flex_fallback_python(o).unwrap()).unwrap();
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/python/flex_run.py");
    let out = Command::new(python()).arg(&driver).arg(&file).arg(scenario).env("AZURE_OPENAI_API_KEY", "k").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    let _ = std::fs::remove_dir_all(&dir);
    v
}

fn tiers(v: &Value) -> Vec<String> {
    v["requests"].as_array().unwrap().iter().map(|r| r["service_tier"].as_str().unwrap_or("").to_string()).collect()
}

#[test]
fn retry_after_is_honoured_and_flex_answers() {
    let v = run("ra", &options(), "retry_after_then_flex");
    assert_eq!(v["tier"], "flex");
    assert_eq!(v["attempts"], 3);
    assert_eq!(tiers(&v), ["flex", "flex", "flex"]);
    // Retry-After: 3 (seconds), then retry-after-ms: 1500.
    assert_eq!(v["sleeps"], serde_json::json!([3.0, 1.5]));
    assert!(v["requests"][0]["path"].as_str().unwrap().ends_with("/openai/v1/responses"));
    assert_eq!(v["requests"][0]["model"], "sol-flex");
}

#[test]
fn capacity_errors_back_off_within_the_budget_then_standard() {
    let v = run("cap", &options(), "capacity_then_standard");
    // Backoff 2 × 2^(n−1) × 0.5 (the fake's jitter): 1, 2, 4 = 7 s; the next (8 s) would pass 10 s.
    assert_eq!(v["sleeps"], serde_json::json!([1.0, 2.0, 4.0]));
    assert_eq!(tiers(&v), ["flex", "flex", "flex", "flex", "default"]);
    assert_eq!(v["tier"], "default");
    assert_eq!(v["response_tier"], "default");
}

#[test]
fn a_400_is_never_retried() {
    let v = run("400", &options(), "bad_request");
    assert_eq!(v["error"], "BadRequestError");
    assert_eq!(v["status"], 400);
    assert_eq!(tiers(&v), ["flex"], "one request, no Standard retry");
    assert_eq!(v["sleeps"], serde_json::json!([]));
}

#[test]
fn a_retry_after_beyond_the_budget_goes_to_standard_at_once() {
    let v = run("over", &options(), "retry_after_over_budget");
    assert_eq!(tiers(&v), ["flex", "default"]);
    assert_eq!(v["sleeps"], serde_json::json!([]));
}

#[test]
fn without_the_fallback_the_client_raises_after_its_attempts() {
    let o = FlexOptions { fallback_to_standard: false, max_attempts: 3, budget_seconds: 1_000.0, ..options() };
    let v = run("nofb", &o, "no_fallback");
    assert_eq!(v["error"], "FlexFailed");
    assert_eq!(tiers(&v), ["flex", "flex", "flex"]);
    assert_eq!(v["sleeps"].as_array().unwrap().len(), 2);
}

#[test]
fn chat_completions_too() {
    let o = FlexOptions { api: FlexApi::ChatCompletions, ..options() };
    let v = run("chat", &o, "chat");
    assert_eq!(v["tier"], "flex");
    assert!(v["requests"][0]["path"].as_str().unwrap().ends_with("/openai/v1/chat/completions"));
    assert_eq!(v["sleeps"], serde_json::json!([1.0]));
}

#[test]
fn a_user_string_reaches_the_code_only_quoted() {
    let o = FlexOptions { deployment: "x\"\nimport os; os.system('boom')  # \u{202e}".into(), ..options() };
    let code = flex_fallback_python(&o).unwrap();
    let line = code.lines().find(|l| l.starts_with("DEPLOYMENT = ")).unwrap();
    assert_eq!(line, r#"DEPLOYMENT = "x\"\nimport os; os.system('boom')  # \u202e""#);
    assert!(flex_fallback_python(&FlexOptions { endpoint: "http://x".into(), ..options() }).is_err());
    assert!(flex_fallback_python(&FlexOptions { budget_seconds: f64::NAN, ..options() }).is_err());
}
