//! Values from a file never reach the terminal or a CI log raw: a newline
//! could forge a `::error` workflow command, an ESC could repaint the
//! terminal (issue 12, "terminal/CI spoofing").

use std::process::Command;

const HOSTILE: &str = "x\n::error file=a.jsonl,line=1::forged\u{1b}[2J\u{202e}";

fn tmp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-escape-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_batchlane")).args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// No forged command line, no ESC, no bidi override; the value is visible.
fn assert_inert(out: &str) {
    assert!(!out.contains('\u{1b}') && !out.contains('\u{202e}'), "{out:?}");
    assert!(out.lines().all(|l| !l.starts_with("::error file=a.jsonl")), "{out}");
    assert!(out.contains("\\u{1b}[2J"), "{out}");
}

fn request(id: &str, model: &str) -> String {
    let line = serde_json::json!({"custom_id": id, "method": "POST", "url": "/v1/chat/completions",
        "body": {"model": model, "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}});
    format!("{line}\n")
}

#[test]
fn check_text_escapes_values_from_the_file() {
    let file = tmp("hostile.jsonl", &(request("a", "dep") + &request("b", HOSTILE)));
    let (code, out) = run(&["check", &file, "--no-tokens"]);
    assert_eq!(code, 1);
    assert!(out.contains("model_mismatch"), "{out}");
    assert_inert(&out);
    assert!(out.contains("x\\n::error file=a.jsonl"), "{out}");
}

#[test]
fn results_text_escapes_custom_ids_and_messages() {
    let line = serde_json::json!({"id": "r1", "custom_id": HOSTILE, "response": {"status_code": 400, "request_id": "q",
        "body": {"error": {"message": format!("bad {HOSTILE}"), "type": "invalid_request_error", "param": null, "code": "context_length_exceeded"}}}, "error": null});
    let errors = tmp("hostile-errors.jsonl", &format!("{line}\n"));
    let (code, out) = run(&["results", "--errors", &errors]);
    assert_eq!(code, 1);
    assert!(out.contains("client_error"), "{out}");
    assert_inert(&out);
}
