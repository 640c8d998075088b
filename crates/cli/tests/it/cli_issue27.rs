//! Security review, issue 27: values from files never reach the terminal
//! raw, no output path may name an input, outputs are replaced whole,
//! extreme `--fact` values saturate, `check DIR` stays inside DIR.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn run(args: &[&str]) -> (i32, String, String) {
    let argv: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(&argv, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

/// A fresh, empty directory for one test.
fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-27-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const HOSTILE: &str = "x\n::error file=a.jsonl,line=1::forged\u{1b}[2J\u{202e}";

/// No forged command line, no ESC, no bidi override; the value is visible.
fn assert_inert(text: &str) {
    assert!(!text.contains('\u{1b}') && !text.contains('\u{202e}'), "{text:?}");
    assert!(text.lines().all(|l| !l.starts_with("::error")), "{text}");
    assert!(text.contains("\\u{1b}[2J"), "{text}");
}

fn request(id: &str) -> String {
    let line = json!({"custom_id": id, "method": "POST", "url": "/v1/chat/completions",
        "body": {"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": format!("hello {id}")}]}});
    format!("{line}\n")
}

fn result(id: &str, prompt_tokens: u64) -> String {
    let line = json!({"id": "r", "custom_id": id, "response": {"status_code": 200, "request_id": "q",
        "body": {"object": "chat.completion", "model": "gpt-4o", "choices": [{"finish_reason": "stop"}],
                 "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": 1}}}, "error": null});
    format!("{line}\n")
}

// 1. results: every value from a file goes through the escaping.

#[test]
fn results_text_escapes_the_custom_id_of_a_usage_overflow() {
    let dir = tmp("overflow-id");
    let output = dir.join("output.jsonl");
    // Two results for one id whose prompt tokens overflow a 64-bit sum.
    std::fs::write(&output, result(HOSTILE, u64::MAX) + &result(HOSTILE, u64::MAX)).unwrap();
    let (code, out, err) = run(&["results", "--output", s(&output)]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("overflow a 64-bit sum"), "{out}");
    assert_inert(&out);
    let overflow = out.lines().find(|l| l.contains("overflow a 64-bit sum")).unwrap();
    assert!(overflow.contains("token counts of x\\n::error file=a.jsonl"), "{overflow}");
}

#[test]
fn results_text_escapes_an_unknown_job_status() {
    let dir = tmp("job-status");
    let output = dir.join("output.jsonl");
    std::fs::write(&output, result("a", 10)).unwrap();
    let job = dir.join("job.json");
    std::fs::write(&job, json!({"id": "batch_1", "object": "batch", "status": HOSTILE}).to_string()).unwrap();
    let (_, out, err) = run(&["results", "--output", s(&output), "--job", s(&job), "--now", "1767312000"]);
    assert!(out.contains("job: "), "{out}{err}");
    assert_inert(&out);
}

// 2. results: the retry file never names an input; it is replaced whole.

#[cfg(unix)]
#[test]
fn results_refuses_a_retry_file_that_is_one_of_its_inputs() {
    let dir = tmp("retry-same");
    let input = dir.join("input.jsonl");
    let output = dir.join("output.jsonl");
    let errors = dir.join("errors.jsonl");
    let input_text = request("a") + &request("b");
    // "b" has no result: it is missing, so retryable.
    let output_text = result("a", 10);
    let errors_text = String::new();
    std::fs::write(&input, &input_text).unwrap();
    std::fs::write(&output, &output_text).unwrap();
    std::fs::write(&errors, &errors_text).unwrap();
    let symlink = dir.join("symlink.jsonl");
    std::os::unix::fs::symlink(&input, &symlink).unwrap();
    let hard = dir.join("hard.jsonl");
    std::fs::hard_link(&output, &hard).unwrap();
    let dotted = format!("{}/./errors.jsonl", s(&dir));
    for (retry, names) in
        [(s(&input), "--input"), (s(&output), "--output"), (&dotted, "--errors"), (s(&symlink), "--input"), (s(&hard), "--output")]
    {
        let (code, out, err) =
            run(&["results", "--output", s(&output), "--errors", s(&errors), "--input", s(&input), "--retry-file", retry]);
        assert_eq!(code, 2, "{retry}: {out}{err}");
        assert!(err.contains(&format!("--retry-file is the {names} file")), "{retry}: {err}");
        assert_eq!(std::fs::read_to_string(&input).unwrap(), input_text, "{retry}");
        assert_eq!(std::fs::read_to_string(&output).unwrap(), output_text, "{retry}");
        assert_eq!(std::fs::read_to_string(&errors).unwrap(), errors_text, "{retry}");
    }
    // Elsewhere it is written, over an older retry file, with nothing left beside it.
    let retry = dir.join("retry.jsonl");
    std::fs::write(&retry, "old\n").unwrap();
    let (code, out, err) = run(&["results", "--output", s(&output), "--input", s(&input), "--retry-file", s(&retry)]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(std::fs::read_to_string(&retry).unwrap(), request("b"));
    let mut names: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["errors.jsonl", "hard.jsonl", "input.jsonl", "output.jsonl", "retry.jsonl", "symlink.jsonl"]);
}

// 3. repair: OUT is never FILE, also through a hard link; OUT is replaced whole.

#[test]
fn repair_refuses_an_output_that_is_a_hard_link_to_the_input() {
    let dir = tmp("repair-hard");
    let input = dir.join("in.jsonl");
    let text = format!("\u{feff}{}", request("a"));
    std::fs::write(&input, &text).unwrap();
    let hard = dir.join("hard.jsonl");
    std::fs::hard_link(&input, &hard).unwrap();
    let (code, out, err) = run(&["repair", s(&input), "-o", s(&hard), "--no-tokens"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("OUT is FILE"), "{err}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), text, "the input is untouched");
}

#[test]
fn repair_leaves_an_existing_output_whole_when_it_fails() {
    let dir = tmp("repair-fail");
    let out_path = dir.join("out.jsonl");
    std::fs::write(&out_path, "the old output\n").unwrap();
    // A directory opens but cannot be read: the repair fails after it started.
    let unreadable = dir.join("sub.jsonl");
    std::fs::create_dir(&unreadable).unwrap();
    let (code, out, err) = run(&["repair", s(&unreadable), "-o", s(&out_path), "--no-tokens"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("cannot read"), "{err}");
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), "the old output\n");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "no temporary file is left");
    // A repair that succeeds replaces it.
    let input = dir.join("in.jsonl");
    std::fs::write(&input, request("a").replace('\n', "\r\n")).unwrap();
    let (code, out, err) = run(&["repair", s(&input), "-o", s(&out_path), "--no-tokens"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), request("a"));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3, "no temporary file is left");
}

// 4. --fact: extreme values saturate, values no count can take are refused.

/// One request of `n` short messages: enough for a large per-message
/// overhead to overflow a 64-bit sum.
fn many_messages(n: usize) -> String {
    let messages: Vec<Value> = (0..n).map(|_| json!({"role": "user", "content": "hi"})).collect();
    let line = json!({"custom_id": "a", "method": "POST", "url": "/v1/chat/completions",
        "body": {"model": "gpt-4o", "max_tokens": 5, "messages": messages}});
    format!("{line}\n")
}

fn prompt_tokens(file: &Path, extra: &[&str]) -> u64 {
    let mut args = vec!["check", s(file), "--format", "json", "--jobs", "1"];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args);
    assert_ne!(code, 2, "{out}{err}");
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    v["summary"]["prompt_tokens"].as_u64().unwrap_or_else(|| panic!("{out}"))
}

#[test]
fn an_extreme_fact_override_saturates_instead_of_overflowing() {
    let dir = tmp("fact-extreme");
    let file = dir.join("many.jsonl");
    std::fs::write(&file, many_messages(3000)).unwrap();
    let default = prompt_tokens(&file, &[]);
    assert!(default > 3000, "{default}");
    // The largest per-message overhead a count may take, times 3000
    // messages: more than a u64 holds (a debug build panicked, a release
    // build wrapped to a smaller count).
    // 2^53: the largest whole number an f64 holds exactly.
    let max = 9_007_199_254_740_992u64;
    for fact in [format!("tokens_per_message.chat={max}"), format!("reply_priming_tokens.chat={max}")] {
        let extreme = prompt_tokens(&file, &["--fact", &fact]);
        assert!(extreme >= default, "{fact}: {extreme} < {default}");
    }
    let higher = prompt_tokens(&file, &["--fact", "tokens_per_message.chat=4"]);
    assert!(higher > default, "one more token per message: {higher} <= {default}");
}

#[test]
fn fact_overrides_no_count_can_take_exit_2() {
    let dir = tmp("fact-bounds");
    let file = dir.join("one.jsonl");
    std::fs::write(&file, request("a")).unwrap();
    for (value, why) in
        [("1e300", "must be at most"), ("NaN", "not a finite number"), ("inf", "not a finite number"), ("-1", "must not be negative")]
    {
        let fact = format!("tokens_per_message.chat={value}");
        let (code, out, err) = run(&["check", s(&file), "--fact", &fact]);
        assert_eq!(code, 2, "{fact}: {out}{err}");
        assert!(err.contains(&format!("--fact tokens_per_message.chat: {why}")), "{fact}: {err}");
    }
    // A price is not a count: a large one is taken.
    let (code, out, err) = run(&["check", s(&file), "--fact", "price_input.gpt-4o=1e300"]);
    assert_ne!(code, 2, "{out}{err}");
}

// 5. check DIR stays inside DIR; quota escapes its arguments.

#[cfg(unix)]
#[test]
fn check_dir_skips_a_symlinked_jsonl_outside_the_directory() {
    let root = tmp("symlink-out");
    let outside = root.join("outside");
    let dir = root.join("batches");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(dir.join("nested")).unwrap();
    std::fs::write(outside.join("secret.jsonl"), "{not a request\n").unwrap();
    std::fs::write(dir.join("good.jsonl"), request("a")).unwrap();
    std::os::unix::fs::symlink(outside.join("secret.jsonl"), dir.join("nested/leak.jsonl")).unwrap();
    // A symlink to a file inside the directory is still checked.
    std::os::unix::fs::symlink(dir.join("good.jsonl"), dir.join("nested/alias.jsonl")).unwrap();
    let (code, out, err) = run(&["check", s(&dir), "--no-tokens"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("leak.jsonl") && !out.contains("secret"), "{out}");
    assert!(out.contains("alias.jsonl: ok") && out.contains("good.jsonl: ok"), "{out}");
    assert!(out.contains("checked 2 files"), "{out}");
    assert!(err.contains("skipped") && err.contains("leak.jsonl") && err.contains("outside"), "{err}");
    // Given by name, the file is checked: the user named it.
    let (code, _, _) = run(&["check", s(&dir.join("nested/leak.jsonl")), "--no-tokens"]);
    assert_eq!(code, 1);
}

#[test]
fn quota_escapes_its_arguments_on_stderr() {
    for args in [
        vec!["quota", "--model", HOSTILE, "--deployment", "global", "--tier", "1"],
        vec!["quota", "--model", "gpt-4o", "--deployment", HOSTILE, "--tier", "1"],
        vec!["quota", "--model", "gpt-4o", "--deployment", "global", "--tier", HOSTILE],
        vec!["quota", "--model", "gpt-4o", "--deployment", "global", "--tier", "1", "--format", HOSTILE],
        vec!["quota", HOSTILE],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_inert(&err);
    }
}

#[test]
fn usage_errors_escape_the_arguments() {
    for cmd in ["check", "results", "repair", "split"] {
        let (code, out, err) = run(&[cmd, "--x\u{1b}[2J\n::error::forged"]);
        assert_eq!(code, 2, "{cmd}: {out}{err}");
        assert!(!err.contains('\u{1b}') && err.lines().all(|l| !l.starts_with("::error")), "{cmd}: {err:?}");
    }
}
