//! `batchlane check` end to end, on the fixtures in tests/fixtures/batch/.

use std::process::Command;

fn fixture(name: &str) -> String {
    format!("{}/../../tests/fixtures/batch/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn check(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_batchlane")).arg("check").args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn json(args: &[&str]) -> (i32, serde_json::Value) {
    let (code, out, err) = check(args);
    (code, serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}")))
}

#[test]
fn a_valid_file_exits_0() {
    let (code, v) = json(&[&fixture("valid.jsonl"), "--format", "json"]);
    assert_eq!(code, 0);
    assert_eq!(v["dialect"], "azure");
    let s = &v["summary"];
    assert_eq!((s["requests"].as_u64(), s["errors"].as_u64(), s["warnings"].as_u64()), (Some(3), Some(0), Some(0)));
    assert_eq!(s["bytes"].as_u64(), Some(std::fs::metadata(fixture("valid.jsonl")).unwrap().len()));
    assert_eq!(s["model"], "batch-summarize");
    assert_eq!(s["endpoint"], "/v1/chat/completions");
    assert!(s["prompt_tokens"].as_u64().unwrap() > 0);
    assert_eq!(s["enqueued_tokens"].as_u64(), Some(s["prompt_tokens"].as_u64().unwrap() + 150));
    assert_eq!(v["diagnostics"], serde_json::json!([]));
    let (code, text, _) = check(&[&fixture("valid.jsonl")]);
    assert_eq!(code, 0);
    assert!(text.contains(": ok (azure): 3 requests"), "{text}");
}

#[test]
fn a_broken_file_exits_1_with_codes_and_lines() {
    let (code, v) = json(&[&fixture("broken.jsonl"), "--format", "json", "--dialect", "azure"]);
    assert_eq!(code, 1);
    let got: Vec<(u64, String)> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["line"].as_u64().unwrap(), d["code"].as_str().unwrap().to_string()))
        .collect();
    let want = [
        (2, "duplicate_custom_id"),
        (3, "max_tokens_unset"),
        // A chat body on the Responses url: the url finding alone, as the
        // service answers (its body is not judged by the other endpoint's schema).
        (3, "url_mismatch"),
        (4, "model_mismatch"),
        (5, "streaming_unsupported"),
        (6, "invalid_json_line"),
        (7, "blank_line"),
    ];
    assert_eq!(got, want.map(|(l, c)| (l, c.to_string())));
    let dup = &v["diagnostics"][0];
    assert_eq!((dup["column"].as_u64(), dup["severity"].as_str(), dup["param"].as_str()), (Some(2), Some("error"), Some("custom_id")));
    let blank = &v["diagnostics"][6];
    assert_eq!(blank["severity"], "warning");
    assert!(blank.get("column").is_none() && blank.get("param").is_none());
    assert_eq!(v["summary"]["errors"].as_u64(), Some(4));
    let (_, v) = json(&[&fixture("broken.jsonl"), "--format", "json", "--dialect", "openai"]);
    assert_eq!(v["dialect"], "openai");
    assert!(v["diagnostics"].as_array().unwrap().iter().any(|d| d["code"] == "invalid_url" && d["stage"] == "batch"), "{v}");
    assert_eq!(v["summary"]["verdict"], "batch_fails");
}

#[test]
fn bom_empty_and_array_files() {
    let (code, v) = json(&[&fixture("bom.jsonl"), "--format", "json"]);
    assert_eq!(code, 1);
    assert_eq!((v["diagnostics"][0]["code"].as_str(), v["diagnostics"][0]["line"].as_u64()), (Some("utf8_bom"), Some(1)));
    let (code, v) = json(&[&fixture("bom.jsonl"), "--format", "json", "--dialect", "openai"]);
    assert_eq!((code, v["diagnostics"][0]["severity"].as_str()), (0, Some("warning")));
    let (code, v) = json(&[&fixture("empty.jsonl"), "--format", "json"]);
    assert_eq!(code, 1);
    assert_eq!((v["diagnostics"][0]["code"].as_str(), v["diagnostics"][0]["line"].as_u64()), (Some("empty_file"), Some(0)));
    let (code, text, _) = check(&[&fixture("array.json")]);
    assert_eq!(code, 1);
    assert!(text.contains("The file is a JSON array, not JSON Lines"), "{text}");
}

#[test]
fn quota_and_no_tokens_flags() {
    let (code, v) = json(&[&fixture("valid.jsonl"), "--format", "json", "--quota", "100"]);
    assert_eq!(code, 1);
    assert_eq!(v["diagnostics"][0]["code"], "token_limit_exceeded");
    let (code, v) = json(&[&fixture("valid.jsonl"), "--format", "json", "--no-tokens"]);
    assert_eq!(code, 0);
    assert!(v["summary"]["prompt_tokens"].is_null() && v["summary"]["enqueued_tokens"].is_null());
}

#[test]
fn bad_usage_and_unreadable_files_exit_2() {
    assert_eq!(check(&[]).0, 2);
    assert_eq!(check(&[&fixture("valid.jsonl"), "--dialect", "gcp"]).0, 2);
    assert_eq!(check(&[&fixture("valid.jsonl"), "--format", "xml"]).0, 2);
    assert_eq!(check(&[&fixture("valid.jsonl"), "--model", "batch-summarize"]).0, 2);
    let (code, _, err) = check(&[&fixture("does-not-exist.jsonl")]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let empty = std::env::temp_dir().join(format!("batchlane-cli-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let (code, _, err) = check(&[empty.to_str().unwrap()]);
    assert_eq!(code, 2, "a directory without *.jsonl files: nothing to check");
    assert!(err.contains("no *.jsonl file"), "{err}");
}

#[test]
fn token_sums_that_overflow_do_not_pass_the_quota_gate() {
    // Before: "14 enqueued tokens" and exit 0 (a debug build panicked).
    let line = |id: &str| {
        format!(
            r#"{{"custom_id": "{id}", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "dep", "max_tokens": 18446744073709551615, "messages": [{{"role": "user", "content": "hi"}}]}}}}"#
        )
    };
    let path = std::env::temp_dir().join(format!("batchlane-overflow-{}.jsonl", std::process::id()));
    std::fs::write(&path, format!("{}\n{}\n", line("a"), line("b"))).unwrap();
    let (code, v) = json(&[path.to_str().unwrap(), "--quota", "1000", "--format", "json"]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(code, 1);
    assert_eq!(v["summary"]["enqueued_tokens"].as_u64(), Some(u64::MAX));
    let codes: Vec<&str> = v["diagnostics"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert!(codes.contains(&"token_sum_overflow") && codes.contains(&"token_limit_exceeded"), "{codes:?}");
}

/// Only request bodies the API refuses: the batch would run, those requests
/// fail; exit 3, and the text says so. A file not named .jsonl is warned about.
#[test]
fn request_level_errors_exit_3_and_say_the_batch_would_run() {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-stage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ok = r#"{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}}"#;
    let bad = ok.replace(r#""custom_id": "a""#, r#""custom_id": "b""#).replace(r#""max_tokens": 5"#, r#""max_tokens": 5, "top_p": 1.5"#);
    let path = dir.join("requests.txt");
    std::fs::write(&path, format!("{ok}\n{bad}\n")).unwrap();
    let (code, text, _) = check(&[path.to_str().unwrap(), "--dialect", "openai", "--no-tokens"]);
    assert_eq!(code, 3, "{text}");
    assert!(text.contains("FAILED (the batch would run; 1 requests would fail in the error file)"), "{text}");
    assert!(text.contains("error[decimal_above_max_value] [body.top_p]"), "{text}");
    assert!(text.contains("warning[file_name_not_jsonl]"), "{text}");
    // With a file-level error too, the batch fails: exit 1.
    std::fs::write(&path, format!("{ok}\n{ok}\n{bad}\n")).unwrap();
    let (code, text, _) = check(&[path.to_str().unwrap(), "--dialect", "openai", "--no-tokens"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("FAILED (the batch would fail)"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A line too long to check is never a pass: "not confirmed", exit 1 (it was
/// 0 with only a warning, even when the line was also invalid).
#[test]
fn a_line_too_long_to_check_is_not_confirmed_and_fails_the_gate() {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ok = r#"{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}}"#;
    // 1.1 million values on one line: over the checker's value limit.
    let ones = vec!["1"; 1_100_000].join(",");
    let long = format!(
        r#"{{"custom_id": "b", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "gpt-4o", "logit_bias": [{ones}]}}}}"#
    );
    let path = dir.join("long.jsonl");
    std::fs::write(&path, format!("{ok}\n{long}\n")).unwrap();
    let (code, text, _) = check(&[path.to_str().unwrap(), "--dialect", "openai", "--no-tokens"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("NOT CONFIRMED (1 lines could not be checked)"), "{text}");
    let (_, v) = json(&[path.to_str().unwrap(), "--dialect", "openai", "--no-tokens", "--format", "json"]);
    assert_eq!(v["summary"]["verdict"], "not_confirmed");
    // What can be seen of it is still checked: a wrong method, url and body fail the batch.
    let bad = format!(r#"{{"custom_id": "b", "method": "GET", "url": "/nope", "body": [{ones}]}}"#);
    std::fs::write(&path, format!("{ok}\n{bad}\n")).unwrap();
    let (code, text, _) = check(&[path.to_str().unwrap(), "--dialect", "openai", "--no-tokens"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("FAILED (the batch would fail)") && text.contains("error[invalid_url]"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--help` lists every flag the commands take (check's and results' were missing).
#[test]
fn help_lists_every_flag() {
    let out = Command::new(env!("CARGO_BIN_EXE_batchlane")).arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in
        ["--model", "--enqueued-limit", "--byo-storage", "--no-count-tokens", "--fact", "--endpoint", "--jobs", "--job", "--retry-file"]
    {
        assert!(help.contains(&format!("[{flag}")) || help.contains(&format!(" {flag} ")), "{flag} missing from --help:\n{help}");
    }
}

/// A typed number reads one way everywhere (`io::parse_number`): "1 000"
/// was a valid /batch quota and an invalid /batch price; `--quota 1 000`
/// was refused and `--fact x=1,000` too.
#[test]
fn numbers_with_group_separators_read_as_on_the_page() {
    let file = fixture("azure_300.jsonl");
    let plain = json(&[&file, "--format", "json", "--quota", "1000", "--fact", "batch_price_factor.any=0.5"]);
    for (quota, factor) in [("1 000", "0.5"), ("1,000", " 0.5 "), ("1_000", "0.5")] {
        let spaced = json(&[&file, "--format", "json", "--quota", quota, "--fact", &format!("batch_price_factor.any={factor}")]);
        assert_eq!(spaced, plain, "{quota:?} {factor:?}");
    }
}

/// Issue 38: with an OpenAI usage tier, the file's enqueued tokens are held
/// against the model page's batch queue limit at that tier: a warning (the
/// organization's queue is shared with batches already queued), where the
/// same figure typed as `--quota` is an error.
#[test]
fn openai_tier_holds_the_file_against_the_models_queue_limit() {
    use batchlane_core::facts::{Catalog, Kind};
    let limit = Catalog::builtin().require(Kind::OpenaiBatchQueueTokens, "gpt-4o/1") as u64;
    let per_line = 10_000u64;
    let lines = limit / per_line + 1;
    let path = std::env::temp_dir().join(format!("batchlane-openai-tier-{}.jsonl", std::process::id()));
    let body: String = (0..lines)
        .map(|i| {
            format!(
                "{{\"custom_id\":\"r{i}\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{{\"model\":\"gpt-4o\",\"max_tokens\":{per_line},\"messages\":[{{\"role\":\"user\",\"content\":\"hi\"}}]}}}}\n"
            )
        })
        .collect();
    std::fs::write(&path, body).unwrap();
    let p = path.to_str().unwrap();
    let finding = |v: &serde_json::Value| {
        v["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "token_limit_exceeded").map(|d| d["severity"].clone())
    };
    let (code, v) = json(&[p, "--dialect", "openai", "--openai-tier", "1", "--format", "json"]);
    assert_eq!(code, 0, "a warning only: {v}");
    assert_eq!(finding(&v), Some(serde_json::json!("warning")), "{v}");
    let (_, text, _) = check(&[p, "--dialect", "openai", "--openai-tier", "1"]);
    assert!(text.contains("OpenAI's batch queue limit at usage tier 1 is 90,000 enqueued tokens"), "{text}");
    // Tier 2's limit holds the file: no finding.
    let (code, v) = json(&[p, "--dialect", "openai", "--openai-tier", "2", "--format", "json"]);
    assert_eq!((code, finding(&v)), (0, None), "{v}");
    // The same figure typed as the deployment's quota is an error.
    let (code, v) = json(&[p, "--dialect", "openai", "--quota", &limit.to_string(), "--format", "json"]);
    assert_eq!((code, finding(&v)), (1, Some(serde_json::json!("error"))), "{v}");
    let (code, _, err) = check(&[p, "--openai-tier", "6"]);
    assert_eq!(code, 2);
    // The old flag names today's row (`--enqueued-limit openai6`) in its refusal.
    assert!(err.contains("--enqueued-limit: 'openai6' is not"), "{err}");
    let _ = std::fs::remove_file(&path);
}

/// The same finding on 401 lines is one row in the text output, as on the
/// page (`batch::group`): said once, with its count and its first lines.
#[test]
fn identical_findings_print_as_one_group() {
    let dir = std::env::temp_dir().join(format!("cli-check-group-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("same.jsonl");
    let line = r#"{"custom_id": "r-ID", "url": "/v1/chat/completions", "body": {"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}}"#;
    let text: String = (0..401).map(|i| line.replace("ID", &i.to_string()) + "\n").collect();
    std::fs::write(&path, text).unwrap();
    let (code, out, _) = check(&[path.to_str().unwrap(), "--no-tokens"]);
    assert_eq!(code, 1, "{out}");
    let said: Vec<&str> = out.lines().filter(|l| l.contains("missing_required_parameter")).collect();
    assert_eq!(said.len(), 1, "{out}");
    assert!(said[0].contains(":1:") || said[0].contains(":1 "), "{}", said[0]);
    assert!(out.contains("the same on 401 lines: 1, 2, 3, "), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
