//! `batchlane repair` and `batchlane split`: the page's engine on the
//! command line, each output re-checked.

use std::path::PathBuf;
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_batchlane")).args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-rs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn line(id: &str) -> String {
    format!(
        r#"{{"custom_id": "{id}", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "dep", "max_tokens": 10, "messages": [{{"role": "user", "content": "hello {id}"}}]}}}}"#
    )
}

fn s(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn repair_fixes_the_file_and_rechecks_it() {
    let dir = tmp("repair");
    let input = dir.join("in.jsonl");
    std::fs::write(&input, format!("\u{feff}{}\r\n\r\n{}\r\n{}\n", line("a"), line("b"), line("a"))).unwrap();
    let before = run(&["check", s(&input), "--no-tokens"]);
    assert_eq!(before.0, 1, "BOM and duplicate: {}", before.1);
    let out = dir.join("out.jsonl");
    // Without renaming, the duplicate stays: the re-check says so, exit 1.
    let (code, text, err) = run(&["repair", s(&input), "-o", s(&out), "--no-tokens"]);
    assert_eq!(code, 1, "{text} {err}");
    assert!(text.contains("3 lines written; BOM removed: yes; CRLF fixed: 3; blank lines removed: 1; custom_ids renamed: 0"), "{text}");
    assert!(text.contains("error[duplicate_custom_id]") && text.contains("re-check") && text.contains("FAILED"), "{text}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), format!("{}\n{}\n{}\n", line("a"), line("b"), line("a")));
    // Renaming: clean, exit 0, the rename listed.
    let out2 = dir.join("out2.jsonl");
    let (code, text, _) = run(&["repair", s(&input), "-o", s(&out2), "--rename-duplicates", "--no-tokens"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("custom_ids renamed: 1") && text.contains("line 4: a → a-2"), "{text}");
    assert!(text.contains(": ok (azure): 3 requests"), "{text}");
    assert!(std::fs::read_to_string(&out2).unwrap().contains(r#""custom_id": "a-2""#));
    // Never over the input; a missing input is exit 2.
    assert_eq!(run(&["repair", s(&input), "-o", s(&input)]).0, 2);
    assert_eq!(run(&["repair", s(&dir.join("none.jsonl")), "-o", s(&out)]).0, 2);
    assert_eq!(run(&["repair", s(&input)]).0, 2, "no -o");
}

#[test]
fn split_writes_parts_within_the_limits_and_rechecks_each() {
    let dir = tmp("split");
    let input = dir.join("big.jsonl");
    let text: String = (0..10).map(|i| line(&format!("r{i}")) + "\n").collect();
    std::fs::write(&input, &text).unwrap();
    let parts = dir.join("parts");
    let (code, out, err) = run(&["split", s(&input), "-o", s(&parts), "--max-requests", "4", "--no-tokens"]);
    assert_eq!(code, 0, "{out} {err}");
    assert!(out.contains("into 3 parts"), "{out}");
    let names: Vec<PathBuf> = (1..=3).map(|i| parts.join(format!("big-part{i:03}.jsonl"))).collect();
    let joined: String = names.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect();
    assert_eq!(joined, text, "lines are never broken, order kept");
    assert_eq!(out.matches(": ok (azure):").count(), 3, "each part re-checked: {out}");
    assert!(out.contains("big-part003.jsonl: ok (azure): 2 requests"), "{out}");
    // Parts are never overwritten.
    let (code, _, err) = run(&["split", s(&input), "-o", s(&parts), "--max-requests", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("never overwritten"), "{err}");
    // By enqueued tokens: each part re-checked against the same figure as quota.
    let by_tokens = dir.join("tokens");
    let (code, out, _) = run(&["split", s(&input), "-o", s(&by_tokens), "--max-enqueued-tokens", "60"]);
    assert_eq!(code, 0, "{out}");
    let n = std::fs::read_dir(&by_tokens).unwrap().count();
    assert!(n >= 4, "{n} parts: {out}");
    assert!(!out.contains("token_limit_exceeded"), "{out}");
    // One name for the enqueued-token limit, as `check --enqueued-limit`; the old flag still works.
    let by_limit = dir.join("limit");
    let (code, out_limit, _) = run(&["split", s(&input), "-o", s(&by_limit), "--enqueued-limit", "60"]);
    assert_eq!(code, 0, "{out_limit}");
    assert_eq!(std::fs::read_dir(&by_limit).unwrap().count(), n);
    assert_eq!(out_limit.replace("/limit/", "/tokens/"), out);
    assert_eq!(run(&["split", s(&input), "-o", s(&dir.join("y")), "--enqueued-limit", "lots"]).0, 2);
    assert_eq!(run(&["split", s(&input), "-o", s(&dir.join("x")), "--max-bytes", "0"]).0, 2);
    // Typed numbers read as everywhere (io::parse_whole): group separators.
    let grouped = dir.join("grouped");
    let (code, out, err) = run(&["split", s(&input), "-o", s(&grouped), "--max-requests", "1 000", "--no-tokens"]);
    assert_eq!(code, 0, "{out} {err}");
    assert_eq!(std::fs::read_dir(&grouped).unwrap().count(), 1, "{out}");
}

#[test]
fn split_parts_that_still_have_errors_exit_1() {
    let dir = tmp("split-bad");
    let input = dir.join("bad.jsonl");
    std::fs::write(&input, format!("{}\n{}\n{{oops\n", line("a"), line("b"))).unwrap();
    let (code, out, _) = run(&["split", s(&input), "-o", s(&dir.join("p")), "--max-requests", "2", "--no-tokens"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("bad-part002.jsonl:1:") && out.contains("invalid_json_line"), "{out}");
}
