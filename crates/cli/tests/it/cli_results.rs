//! `batchlane results` end to end on the fixture trios.

use std::process::Command;

fn fx(p: &str) -> String {
    format!("{}/../../tests/fixtures/results/{p}", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_batchlane")).arg("results").args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-results-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn chat_trio_text_and_retry_file() {
    let retry = tmp("chat-retry.jsonl");
    let (code, out, err) = run(&[
        "--output",
        &fx("chat/output.jsonl"),
        "--errors",
        &fx("chat/errors.jsonl"),
        "--input",
        &fx("chat/input.jsonl"),
        "--retry-file",
        retry.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("requests: 15"), "{out}");
    assert!(out.contains("content_filtered  3"), "{out}");
    assert!(out.contains("retryable: 6  unexpected: 1  duplicates: 1"), "{out}");
    assert!(out.contains("cost at batch price: $0.010085"), "{out}");
    assert!(out.contains("tenant-3-req-009 client_error context_length_exceeded"), "{out}");
    assert!(out.contains("output file line 8: duplicate result for tenant-1-req-014"), "{out}");
    let bytes = std::fs::read(&retry).unwrap();
    assert!(!bytes.starts_with(b"\xEF\xBB\xBF") && bytes.ends_with(b"\n") && !bytes.windows(2).any(|w| w == b"\n\n"));
    let input = std::fs::read_to_string(fx("chat/input.jsonl")).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let ids: Vec<String> = text
        .lines()
        .map(|l| {
            assert!(input.lines().any(|i| i == l), "not an original input line: {l}");
            serde_json::from_str::<serde_json::Value>(l).unwrap()["custom_id"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(
        ids,
        ["tenant-3-req-007", "tenant-3-req-008", "tenant-1-req-010", "tenant-1-req-011", "tenant-2-req-012", "tenant-3-req-013"]
    );
}

#[test]
fn responses_trio_json_with_groups() {
    let (code, out, _) = run(&[
        "--output",
        &fx("responses/output.jsonl"),
        "--errors",
        &fx("responses/errors.jsonl"),
        "--input",
        &fx("responses/input.jsonl"),
        "--format",
        "json",
        "--group-metadata",
        "team",
    ]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let s = &v["report"]["summary"];
    let retryable = v["tiles"].as_array().unwrap().iter().find(|t| t["class"] == "retryable").unwrap();
    assert_eq!(
        (s["succeeded"].as_u64(), s["content_filtered"].as_u64(), retryable["count"].as_u64(), s["missing"].as_u64()),
        (Some(1), Some(3), Some(7), Some(1))
    );
    // The tiles partition the requests; retryable is not a count beside the outcomes.
    let tiles: u64 = v["tiles"].as_array().unwrap().iter().map(|t| t["count"].as_u64().unwrap()).sum();
    assert_eq!(Some(tiles), s["requests"].as_u64());
    assert!(s.get("retryable").is_none(), "{s}");
    assert!((v["cost"]["total_usd"].as_f64().unwrap() - 0.006292).abs() < 1e-12);
    let groups: Vec<&str> = v["groups"]["rows"].as_array().unwrap().iter().map(|g| g["key"].as_str().unwrap()).collect();
    assert_eq!(groups, ["a", "b", "c"]);
}

#[test]
fn all_succeeded_exits_0() {
    let output = tmp("ok-output.jsonl");
    std::fs::write(&output, "{\"custom_id\":\"a\",\"response\":{\"status_code\":200,\"body\":{\"object\":\"chat.completion\",\"model\":\"gpt-4o\",\"choices\":[{\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":5}}},\"error\":null}\n").unwrap();
    let input = tmp("ok-input.jsonl");
    std::fs::write(
        &input,
        "{\"custom_id\":\"a\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{\"model\":\"gpt-4o\",\"messages\":[]}}\n",
    )
    .unwrap();
    let (code, out, _) = run(&["--output", output.to_str().unwrap(), "--input", input.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("succeeded         1"));
}

#[test]
fn job_object_is_explained() {
    let (_, out, err) = run(&["--output", &fx("chat/output.jsonl"), "--job", &fx("job_completed.json"), "--now", "1767312000"]);
    assert!(out.contains("job: Completed"), "{out}{err}");
    assert!(out.contains("output files deleted: 2026-01-15 00:00 UTC"), "{out}");
    assert!(out.contains("progress: 7 completed, 6 failed of 14"), "{out}");
}

#[test]
fn swapped_files_are_said_plainly() {
    let (code, out, _) = run(&["--output", &fx("chat/input.jsonl"), "--input", &fx("chat/output.jsonl")]);
    assert_eq!(code, 1);
    assert!(out.contains("The output file looks like an input (request) file"), "{out}");
    assert!(out.contains("The input file looks like a batch output or error file"), "{out}");
}

#[test]
fn unreadable_files_and_bad_usage_exit_2() {
    assert_eq!(run(&["--output", "/nonexistent/out.jsonl"]).0, 2);
    assert_eq!(run(&[]).0, 2);
    assert_eq!(run(&["--output", &fx("chat/output.jsonl"), "--format", "xml"]).0, 2);
    let (code, _, err) = run(&["--output", &fx("chat/output.jsonl"), "--retry-file", "/tmp/x.jsonl"]);
    assert_eq!(code, 2);
    assert!(err.contains("--retry-file needs --input"));
    assert_eq!(run(&["--output", &fx("chat/output.jsonl"), "--group-regex", "("]).0, 2);
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("content_filtered and truncated count as NOT"));
}

#[test]
fn a_file_without_newlines_is_reported_not_an_abort() {
    // Fails before the fix: the line was buffered whole (a 1 GB file without
    // newlines aborted with exit 134 on a 2 GB allocation); a line over the
    // limit is now reported with its number and skipped.
    let output = tmp("no-newlines.jsonl");
    let limit = batchlane_core::io::MAX_LINE_BYTES;
    let mut bytes = vec![b'{'; limit + 1];
    bytes.extend_from_slice(
        b"\n{\"custom_id\":\"a\",\"response\":{\"status_code\":200,\"body\":{\"choices\":[{\"finish_reason\":\"stop\"}]}}}\n",
    );
    std::fs::write(&output, &bytes).unwrap();
    let (code, out, err) = run(&["--output", output.to_str().unwrap()]);
    std::fs::remove_file(&output).unwrap();
    assert_eq!(code, 1, "{err}");
    assert!(out.contains(&format!("output file line 1: {} bytes, longer than the {limit}-byte line limit: skipped", limit + 1)), "{out}");
    assert!(out.contains("requests: 1"), "{out}");
}

#[test]
fn a_status_code_that_is_not_http_is_not_a_success() {
    // Fails before the fix: 99999 and "500" counted as succeeded (exit 0).
    for raw in ["99999", "\"500\""] {
        let output = tmp("bad-status.jsonl");
        std::fs::write(&output, format!("{{\"custom_id\":\"a\",\"response\":{{\"status_code\":{raw},\"body\":{{\"choices\":[{{\"finish_reason\":\"stop\"}}]}}}}}}\n")).unwrap();
        let (code, out, err) = run(&["--output", output.to_str().unwrap()]);
        assert_eq!(code, 1, "{raw}: {out}{err}");
        assert!(out.contains("server_error      1"), "{raw}: {out}");
    }
}

#[test]
fn an_expired_job_counts_the_unanswered_requests_as_batch_expired() {
    // Fails before the fix: with an expired job the unanswered request was
    // counted as missing (batch_expired 1, missing 1) while the job said
    // it went into the retry file as batch_expired.
    let mut job: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(fx("job_completed.json")).unwrap()).unwrap();
    job["status"] = "expired".into();
    let job_path = tmp("expired-job.json");
    std::fs::write(&job_path, job.to_string()).unwrap();
    let files = ["--output", &fx("chat/output.jsonl"), "--errors", &fx("chat/errors.jsonl"), "--input", &fx("chat/input.jsonl")];
    let (_, before, _) = run(&[&files[..], &["--format", "json"]].concat());
    let before: serde_json::Value = serde_json::from_str(&before).unwrap();
    let (_, out, err) = run(&[&files[..], &["--format", "json", "--job", job_path.to_str().unwrap(), "--now", "1767312000"]].concat());
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let (s, b) = (&v["report"]["summary"], &before["report"]["summary"]);
    assert_eq!(s["missing"].as_u64(), Some(0), "{s}");
    assert_eq!(s["batch_expired"].as_u64(), Some(b["batch_expired"].as_u64().unwrap() + b["missing"].as_u64().unwrap()), "{s}");
    assert_eq!(s["requests"], b["requests"]);
    let retry = &v["report"]["retry"]["entries"];
    assert!(retry.as_array().unwrap().iter().all(|e| e["outcome"] != "missing"), "{retry}");
    assert_eq!(retry.as_array().unwrap().len(), before["report"]["retry"]["entries"].as_array().unwrap().len());
    // The job's own words count the same requests (they said 0 while the
    // retry file held them: the job object counts them done).
    let warned = v["job"]["warnings"].as_array().unwrap().iter().find_map(|w| w["job_expired"]["unfinished"].as_u64());
    assert_eq!(warned, s["batch_expired"].as_u64(), "{}", v["job"]["warnings"]);
    let (_, text, _) = run(&[&files[..], &["--job", job_path.to_str().unwrap(), "--now", "1767312000"]].concat());
    let n = s["batch_expired"].as_u64().unwrap();
    assert!(text.contains(&format!("The job expired with {n} request")), "{text}");
}
