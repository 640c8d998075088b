//! Arguments are OS strings (issue 40, attack 3): a legal file name that is
//! not UTF-8 (`caf\xe9` in Latin-1) made every subcommand panic (exit 101)
//! before it ran. Now each subcommand takes it: the file opens when it
//! exists, and every message shows the name escaped (`caf\xe9`), never raw
//! bytes and never U+FFFD. Run through the binary: the panic was in `main`.
#![cfg(unix)]

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::Command;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures");

/// `caf\xe9` + `ext`: a Latin-1 name, not UTF-8.
fn latin1(ext: &str) -> OsString {
    let mut name = b"caf\xe9".to_vec();
    name.extend_from_slice(ext.as_bytes());
    OsString::from_vec(name)
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("batchlane-cli-os-args-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn request(id: &str) -> String {
    let line = serde_json::json!({"custom_id": id, "method": "POST", "url": "/v1/chat/completions",
        "body": {"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}});
    format!("{line}\n")
}

/// Runs the binary; (exit code, stdout, stderr). A panic is exit 101.
fn run(args: &[&OsStr]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_batchlane")).args(args).output().unwrap();
    let code = out.status.code().expect("exited");
    (code, String::from_utf8(out.stdout).expect("stdout is UTF-8"), String::from_utf8(out.stderr).expect("stderr is UTF-8"))
}

fn s(x: &str) -> &OsStr {
    OsStr::new(x)
}

/// The name shows as `caf\xe9` and the raw byte or U+FFFD never does.
fn escaped(text: &str) {
    assert!(text.contains("caf\\xe9"), "{text}");
    assert!(!text.contains('\u{fffd}'), "{text}");
}

#[test]
fn check_opens_and_names_a_latin1_file() {
    let d = dir("check");
    let file = d.join(latin1(".jsonl"));
    std::fs::write(&file, request("a") + &request("b")).unwrap();
    let (code, out, err) = run(&[s("check"), file.as_os_str(), s("--no-tokens")]);
    assert_eq!(code, 0, "{out}{err}");
    escaped(&out);
    let (code, out, _) = run(&[s("check"), file.as_os_str(), s("--no-tokens"), s("--format"), s("json")]);
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    escaped(j["file"].as_str().unwrap());
    // A directory holding it, and a file that does not exist.
    let (code, out, _) = run(&[s("check"), d.as_os_str(), s("--no-tokens")]);
    assert_eq!(code, 0);
    escaped(&out);
    let missing = d.join(latin1("-missing.jsonl"));
    let (code, out, err) = run(&[s("check"), missing.as_os_str()]);
    assert_eq!(code, 2, "{out}{err}");
    escaped(&err);
}

#[test]
fn results_opens_a_latin1_output_and_writes_a_latin1_retry_file() {
    let d = dir("results");
    let input = d.join(latin1("-in.jsonl"));
    std::fs::write(&input, request("a") + &request("b")).unwrap();
    let output = d.join(latin1("-out.jsonl"));
    let answer = serde_json::json!({"custom_id": "a", "response": {"status_code": 200, "body": {"model": "gpt-4o",
        "choices": [{"finish_reason": "stop", "message": {"content": "x"}}], "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}}});
    std::fs::write(&output, format!("{answer}\n")).unwrap();
    let retry = d.join(latin1("-retry.jsonl"));
    let args = [s("results"), s("--output"), output.as_os_str(), s("--input"), input.as_os_str(), s("--retry-file"), retry.as_os_str()];
    let (code, out, err) = run(&args);
    assert_eq!(code, 1, "b is missing: {out}{err}");
    escaped(&out);
    assert_eq!(std::fs::read_to_string(&retry).unwrap(), request("b"));
    let missing = d.join(latin1("-none.jsonl"));
    let (code, _, err) = run(&[s("results"), s("--output"), missing.as_os_str()]);
    assert_eq!(code, 2);
    escaped(&err);
}

#[test]
fn repair_and_split_read_and_write_latin1_names() {
    let d = dir("repair");
    let input = d.join(latin1(".jsonl"));
    std::fs::write(&input, format!("\u{feff}{}\r\n\n{}", request("a").trim_end(), request("b"))).unwrap();
    let repaired = d.join(latin1("-fixed.jsonl"));
    let (code, out, err) = run(&[s("repair"), input.as_os_str(), s("-o"), repaired.as_os_str(), s("--no-tokens")]);
    assert_eq!(code, 0, "{out}{err}");
    escaped(&out);
    assert_eq!(std::fs::read_to_string(&repaired).unwrap(), request("a") + &request("b"));

    let parts = d.join(latin1("-parts"));
    let (code, out, err) = run(&[s("split"), repaired.as_os_str(), s("-o"), parts.as_os_str(), s("--max-requests"), s("1")]);
    assert_eq!(code, 0, "{out}{err}");
    escaped(&out);
    let mut names: Vec<Vec<u8>> = std::fs::read_dir(&parts).unwrap().map(|e| e.unwrap().file_name().into_vec()).collect();
    names.sort();
    assert_eq!(names, [b"caf\xe9-fixed-part001.jsonl".to_vec(), b"caf\xe9-fixed-part002.jsonl".to_vec()]);

    let missing = d.join(latin1("-none.jsonl"));
    let out_file = d.join("out.jsonl");
    let (code, _, err) = run(&[s("repair"), missing.as_os_str(), s("-o"), out_file.as_os_str()]);
    assert_eq!(code, 2);
    escaped(&err);
    assert!(!Path::new(&out_file).exists());
}

#[test]
fn quota_and_snippets_refuse_or_take_a_latin1_argument() {
    let (code, out, err) = run(&[s("quota"), s("--model"), &latin1(""), s("--deployment"), s("global"), s("--tier"), s("1")]);
    assert_eq!(code, 2, "{out}");
    escaped(&err);
    let (code, _, err) = run(&[s("quota"), &latin1("")]);
    assert_eq!(code, 2);
    escaped(&err);
    let (code, _, err) = run(&[&latin1("")]);
    assert_eq!(code, 2, "an unknown subcommand: the usage");
    assert!(err.starts_with("usage:"), "{err}");

    let (code, _, err) = run(&[s("snippets"), &latin1("")]);
    assert_eq!(code, 2);
    escaped(&err);
    let (code, _, err) = run(&[s("snippets"), s("apim"), s("--set"), &latin1("")]);
    assert_eq!(code, 2);
    escaped(&err);
    let d = dir("snippets");
    let target = d.join(latin1("-out"));
    let (code, out, err) = run(&[s("snippets"), s("apim"), s("-o"), target.as_os_str()]);
    assert_eq!(code, 0, "{err}");
    escaped(&out);
    assert!(target.join("apim-policy.xml").is_file());
}

#[test]
fn traffic_opens_a_latin1_export() {
    let d = dir("traffic");
    let file = d.join(latin1(".csv"));
    std::fs::copy(format!("{FIXTURES}/traffic/plain.csv"), &file).unwrap();
    let (code, out, err) = run(&[s("traffic"), file.as_os_str()]);
    assert_eq!(code, 0, "{out}{err}");
    let missing = d.join(latin1("-none.csv"));
    let (code, _, err) = run(&[s("traffic"), missing.as_os_str()]);
    assert_eq!(code, 2);
    escaped(&err);
}
