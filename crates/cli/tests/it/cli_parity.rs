//! The check answers as the services do: codes, lines and params of the
//! vendors' validation errors (`errors.data[]` of the batch object), on the
//! request shapes the vendors' documentation shows.

use serde_json::Value;
use std::process::Command;

fn fixture(name: &str) -> String {
    format!("{}/../../tests/fixtures/batch/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn json(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_batchlane")).arg("check").args(args).args(["--format", "json"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    (out.status.code().unwrap(), serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}")))
}

fn diagnostics(v: &Value, severity: &str) -> Vec<Value> {
    v["diagnostics"].as_array().unwrap().iter().filter(|d| d["severity"] == severity).cloned().collect()
}

#[test]
fn the_vendors_documented_requests_pass() {
    for (file, dialect) in [
        ("openai_chat.jsonl", "openai"),
        ("openai_embeddings.jsonl", "openai"),
        ("openai_responses.jsonl", "openai"),
        ("azure_docs.jsonl", "azure"),
        ("azure_responses.jsonl", "azure"),
    ] {
        let (code, v) = json(&[&fixture(file), "--dialect", dialect, "--no-tokens"]);
        assert_eq!(code, 0, "{file}: {v:#}");
        assert_eq!(diagnostics(&v, "error"), Vec::<Value>::new(), "{file}");
    }
}

#[test]
fn openai_validation_errors_match_code_line_and_param() {
    let want: Value = serde_json::from_str(&std::fs::read_to_string(fixture("openai_invalid.errors.json")).unwrap()).unwrap();
    let (code, v) = json(&[&fixture("openai_invalid.jsonl"), "--dialect", "openai", "--endpoint", "/v1/chat/completions", "--no-tokens"]);
    assert_eq!(code, 1);
    let got = diagnostics(&v, "error");
    let key = |d: &Value| (d["code"].as_str().unwrap().to_string(), d["line"].as_u64().unwrap(), d["param"].as_str().map(str::to_string));
    let want_data = want["data"].as_array().unwrap();
    assert_eq!(got.iter().map(key).collect::<Vec<_>>(), want_data.iter().map(key).collect::<Vec<_>>());
    for (g, w) in got.iter().zip(want_data) {
        if let Some(m) = w["message"].as_str() {
            let ours = g["message"].as_str().unwrap();
            assert!(ours.starts_with(m.trim_end_matches('.')), "line {}: {ours:?} vs the service's {m:?}", w["line"]);
        }
    }
}

#[test]
fn model_not_found_for_models_the_openai_batch_api_does_not_serve() {
    let file = fixture("openai_not_served.jsonl");
    // The built-in list is unconfirmed: a warning, the gate passes.
    let (code, v) = json(&[&file, "--dialect", "openai", "--no-tokens"]);
    assert_eq!(code, 0);
    let w = diagnostics(&v, "warning");
    let found: Vec<(u64, &str, &str)> =
        w.iter().map(|d| (d["line"].as_u64().unwrap(), d["code"].as_str().unwrap(), d["param"].as_str().unwrap_or(""))).collect();
    assert_eq!(found, [(1, "model_not_found", "body.model"), (2, "model_not_found", "body.model")]);
    assert!(w[0]["message"].as_str().unwrap().contains("openai_batch_model.gpt-4o-audio-preview = 0"), "{:#}", w[0]);
    // Confirmed by the user (an override): the service's error, exit 1.
    let (code, v) = json(&[&file, "--dialect", "openai", "--no-tokens", "--fact", "openai_batch_model.gpt-4o-audio-preview=0"]);
    assert_eq!(code, 1);
    assert_eq!(diagnostics(&v, "error").len(), 2);
    // Said to be served: nothing.
    let (code, v) = json(&[&file, "--dialect", "openai", "--no-tokens", "--fact", "openai_batch_model.gpt-4o-audio-preview=1"]);
    assert_eq!((code, v["diagnostics"].as_array().unwrap().len()), (0, 0));
    // Azure: body.model is a deployment name, never judged.
    let (_, v) = json(&[&file, "--dialect", "azure", "--no-tokens"]);
    assert!(v["diagnostics"].as_array().unwrap().iter().all(|d| d["code"] != "model_not_found"));
    // A served model is not flagged.
    let (_, v) = json(&[&fixture("openai_chat.jsonl"), "--dialect", "openai", "--no-tokens"]);
    assert!(v["diagnostics"].as_array().unwrap().iter().all(|d| d["code"] != "model_not_found"));
    let bad = Command::new(env!("CARGO_BIN_EXE_batchlane")).args(["check", &file, "--fact", "no_such.fact=1"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("no fact is called no_such.fact"));
}
