//! `batchlane check PATH...`: directories, standard input, the worst exit
//! code, `--jobs`, and the sarif, github and json formats.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn fixture(name: &str) -> String {
    format!("{}/../../tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn check_stdin(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_batchlane"))
        .arg("check")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn check(args: &[&str]) -> (i32, String, String) {
    check_stdin(args, b"")
}

/// A fresh directory: valid.jsonl, broken.jsonl, notes.txt (ignored),
/// nested/deeper/valid_mixed.jsonl.
fn mixed_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-many-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("nested/deeper")).unwrap();
    std::fs::copy(fixture("batch/valid.jsonl"), dir.join("valid.jsonl")).unwrap();
    std::fs::copy(fixture("batch/broken.jsonl"), dir.join("broken.jsonl")).unwrap();
    std::fs::copy(fixture("batch/broken.jsonl"), dir.join("notes.txt")).unwrap();
    std::fs::copy(fixture("batch/valid_mixed.jsonl"), dir.join("nested/deeper/valid_mixed.jsonl")).unwrap();
    dir
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn a_directory_checks_every_jsonl_below_it_in_order() {
    let dir = mixed_dir("text");
    for jobs in ["1", "2", "3"] {
        let (code, out, err) = check(&[p(&dir), "--jobs", jobs, "--no-tokens"]);
        assert_eq!(code, 1, "broken.jsonl has errors: {err}");
        let summaries: Vec<&str> = out.lines().filter(|l| l.contains(" requests, ")).collect();
        let names: Vec<String> = summaries.iter().map(|l| l.split(": ").next().unwrap().replace(p(&dir), "")).collect();
        assert_eq!(names, ["/broken.jsonl", "/nested/deeper/valid_mixed.jsonl", "/valid.jsonl"], "jobs {jobs}: {out}");
        assert!(summaries[0].contains("FAILED") && summaries[1].contains(": ok") && summaries[2].contains(": ok"), "{out}");
        assert!(!out.contains("notes.txt"), "{out}");
        // broken.jsonl: a duplicate id, a url, a model, a JSON line (errors);
        // no cap, stream: true (undocumented on Azure) and a blank line (warnings).
        assert!(out.ends_with("checked 3 files: 2 ok, 1 failed, 0 unreadable: 4 errors, 4 warnings\n"), "{out}");
    }
}

#[test]
fn the_exit_code_is_the_worst_of_all_files() {
    let dir = mixed_dir("worst");
    let valid = fixture("batch/valid.jsonl");
    let broken = fixture("batch/broken.jsonl");
    let missing = dir.join("missing.jsonl");
    assert_eq!(check(&[&valid, &valid]).0, 0);
    assert_eq!(check(&[&valid, &broken]).0, 1);
    let (code, out, err) = check(&[&valid, p(&missing), &broken]);
    assert_eq!(code, 2, "an unreadable file outranks errors");
    assert!(err.contains("cannot read") && err.contains("missing.jsonl"), "{err}");
    assert!(out.contains("FAILED") && out.contains("checked 3 files: 1 ok, 1 failed, 1 unreadable"), "the others are still checked: {out}");
}

#[test]
fn dash_reads_standard_input() {
    let bytes = std::fs::read(fixture("batch/valid.jsonl")).unwrap();
    let (code, out, _) = check_stdin(&["-", "--format", "json"], &bytes);
    assert_eq!(code, 0, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["file"].as_str(), v["summary"]["requests"].as_u64()), (Some("<stdin>"), Some(3)));
    let (code, out, _) = check_stdin(&["-", &fixture("batch/valid.jsonl")], b"{\"custom_id\": 1}\n");
    assert_eq!(code, 1);
    assert!(out.contains("<stdin>:1:") && out.contains("missing_required_parameter"), "{out}");
    assert_eq!(check(&["-", "-"]).0, 2, "standard input only once");
}

#[test]
fn json_for_several_files_lists_each_and_sums_up() {
    let dir = mixed_dir("json");
    let (code, out, _) = check(&[p(&dir), p(&dir.join("gone.jsonl")), "--format", "json", "--no-tokens"]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let files = v["files"].as_array().unwrap();
    assert_eq!(files.len(), 4);
    assert!(files[0]["file"].as_str().unwrap().ends_with("broken.jsonl"));
    assert_eq!(files[0]["summary"]["errors"].as_u64(), Some(4));
    assert!(files[3]["error"].as_str().unwrap().starts_with("cannot read"));
    let s = &v["summary"];
    assert_eq!(
        (s["files"].as_u64(), s["ok"].as_u64(), s["failed"].as_u64(), s["unreadable"].as_u64()),
        (Some(4), Some(2), Some(1), Some(1))
    );
    assert_eq!(s["exit_code"].as_u64(), Some(2));
}

#[test]
fn sarif_is_valid_against_the_2_1_0_schema() {
    let mut schema: Value = serde_json::from_str(&std::fs::read_to_string(fixture("sarif-schema-2.1.0.json")).unwrap()).unwrap();
    // The official schema's one regex that Rust's regex engines refuse: a
    // stray `]` in the `language` patterns of run and toolComponent (a known
    // erratum). Our logs set neither; the pattern gets the spec text's meaning.
    for def in ["run", "toolComponent"] {
        let language = &mut schema["definitions"][def]["properties"]["language"]["pattern"];
        assert_eq!(language, "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$");
        *language = "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$".into();
    }
    let validator = jsonschema::draft7::new(&schema).unwrap();
    let dir = mixed_dir("sarif");
    let (code, out, _) = check(&[p(&dir), p(&dir.join("gone.jsonl")), "--format", "sarif", "--no-tokens"]);
    assert_eq!(code, 2);
    let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let mut broken = doc.clone();
    broken["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0.into();
    assert!(!validator.is_valid(&broken), "the schema does constrain the document");
    let run = &doc["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let results = run["results"].as_array().unwrap();
    let uri = |r: &Value| r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str().unwrap().to_string();
    assert_eq!(results.iter().filter(|r| uri(r).ends_with("/broken.jsonl")).count(), 7, "broken.jsonl's 7 findings");
    assert_eq!(results.len(), 8, "and valid_mixed.jsonl's warning");
    for r in results {
        let rule = &rules[r["ruleIndex"].as_u64().unwrap() as usize];
        assert_eq!(rule["id"], r["ruleId"]);
        assert!(!rule["help"]["text"].as_str().unwrap().is_empty());
    }
    let dup = results.iter().find(|r| r["ruleId"] == "duplicate_custom_id").unwrap();
    assert_eq!(dup["level"], "error");
    assert_eq!(dup["properties"]["evidence"], "documented");
    assert!(dup["properties"]["source"].as_str().unwrap().starts_with("https://"));
    let loc = &dup["locations"][0]["physicalLocation"];
    assert!(loc["artifactLocation"]["uri"].as_str().unwrap().ends_with("/broken.jsonl"));
    assert_eq!((loc["region"]["startLine"].as_u64(), loc["region"]["startColumn"].as_u64()), (Some(2), Some(2)));
    let blank = results.iter().find(|r| r["ruleId"] == "blank_line").unwrap();
    assert_eq!(blank["level"], "warning");
    let inv = &run["invocations"][0];
    assert_eq!(inv["executionSuccessful"], false);
    assert!(inv["toolExecutionNotifications"][0]["message"]["text"].as_str().unwrap().contains("gone.jsonl"));
    // A clean file: still a valid log, with no results.
    let (code, out, _) = check(&[&fixture("batch/valid.jsonl"), "--format", "sarif"]);
    assert_eq!(code, 0);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert!(validator.is_valid(&doc));
    assert_eq!(doc["runs"][0]["results"], serde_json::json!([]));
}

#[test]
fn sarif_uris_are_escaped_uri_references() {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-many-{}-uri", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a b#%한.jsonl");
    std::fs::write(&file, "\n").unwrap();
    let (_, out, _) = check(&[p(&file), "--format", "sarif"]);
    let doc: Value = serde_json::from_str(&out).unwrap();
    let uri = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str().unwrap().to_string();
    assert!(uri.starts_with("file:///") && uri.ends_with("/a%20b%23%25%ED%95%9C.jsonl"), "{uri}");
}

#[test]
fn github_format_escapes_every_value() {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-many-{}-gh", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("x,y:z.jsonl");
    let line = |model: &str| {
        let v = serde_json::json!({"custom_id": model, "method": "POST", "url": "/v1/chat/completions",
            "body": {"model": model, "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}});
        format!("{v}\n")
    };
    std::fs::write(&file, line("dep") + &line("50%\r\n::error file=a.jsonl::forged")).unwrap();
    let (code, out, _) = check(&[p(&file), "--format", "github", "--no-tokens"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "one command, one summary: {out}");
    let want_file = format!("file={}", p(&file).replace(',', "%2C").replace(':', "%3A"));
    assert!(lines[0].starts_with(&format!("::error {want_file},line=2,col=")), "{}", lines[0]);
    assert!(
        lines[0].contains(",title=model_mismatch::") && lines[0].contains("('50%25%0D%0A::error file=a.jsonl::forged')"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("batchlane: checked 1 files: 0 ok, 1 failed"), "{}", lines[1]);
}

#[test]
fn version_and_help() {
    let out = Command::new(env!("CARGO_BIN_EXE_batchlane")).arg("--version").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("batchlane {}\n", env!("CARGO_PKG_VERSION")));
    let (code, out, _) = check(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--format text|json|sarif|github"), "{out}");
    assert_eq!(check(&[&fixture("batch/valid.jsonl"), "--jobs", "0"]).0, 2);
}

#[test]
fn endpoint_names_the_batch_url() {
    let file = fixture("batch/broken.jsonl");
    // Line 3 is /v1/responses, the others /v1/chat/completions.
    let (code, out, _) = check(&[&file, "--format", "json", "--endpoint", "/v1/responses"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    let url: Vec<(u64, &str, &str)> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["param"] == "url")
        .map(|d| (d["line"].as_u64().unwrap(), d["code"].as_str().unwrap(), d["message"].as_str().unwrap()))
        .collect();
    assert_eq!(url.iter().map(|u| u.0).collect::<Vec<_>>(), [1, 2, 4, 5], "every line but 3 differs from the endpoint");
    assert!(url.iter().all(|u| u.1 == "url_mismatch" && u.2.contains("/v1/responses the batch's endpoint")), "{url:?}");
    assert_eq!(v["summary"]["endpoint"], "/v1/responses");
    let (_, out, _) = check(&[&file, "--format", "json", "--endpoint", "/v1/responses", "--dialect", "openai"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["diagnostics"].as_array().unwrap().iter().filter(|d| d["param"] == "url").all(|d| d["code"] == "invalid_url"));
    let (code, _, err) = check(&[&file, "--endpoint", "/v1/embeddings"]);
    assert_eq!(code, 2, "Azure Global Batch takes no embeddings");
    assert!(err.contains("does not take the endpoint /v1/embeddings"), "{err}");
}
