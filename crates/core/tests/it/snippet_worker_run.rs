//! Runs the generated Python worker with the REAL `openai` package
//! (`AsyncAzureOpenAI`, talking HTTP to `fakes/fake_model_server.py`, a fake
//! chat-completions endpoint served from a thread of the worker's process)
//! and fakes of the Service Bus (with the service's lock semantics), Blob and
//! identity clients (`tests/fixtures/python/fakes`, put on PYTHONPATH; its
//! `sitecustomize` makes the worker's sleeps instant and records them), and
//! checks what it did: settlements, model calls, results written, exit status.
//!
//! The interpreter: `BATCHLANE_PYTHON`, else `<repo>/.tools/py/bin/python`
//! (made by `./dev setup` from `tests/fixtures/python/requirements.txt`).
//!
//! This file: a message's outcomes (result, refusal, 400, 5xx, lock lost
//! after the call, a binary claim), clients under concurrency, run-once
//! mode. Stopping (SIGTERM, a configuration the service refuses):
//! `snippet_worker_stop.rs`; limits, lost locks, retries and KEDA's count:
//! `snippet_worker_faults.rs`; what they share: `snippet_worker_world.rs`.

use super::snippet_worker_world::*;
use batchlane_core::snippets::{worker_python, WorkerMode};
use serde_json::{json, Value};

#[test]
fn success_writes_the_result_once_by_message_id_and_completes() {
    let o = options();
    let run = run_worker("ok", &o, json!({"messages": [message("m1", "a.txt")], "blobs": [text_blob("a.txt", "hello")]}));
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    assert_eq!(run.settles(), vec![("complete".to_string(), "m1".to_string(), None)]);
    let written = run.results();
    assert_eq!(written.len(), 1);
    assert_eq!(written[0]["url"], format!("{RESULTS}/t1/m1.json"));
    let record: Value = serde_json::from_str(written[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(record["status"], "completed");
    assert_eq!(record["correlation_id"], "corr-m1");
    let calls = run.of("model_call");
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0]["messages"][0]["content"], "hello");
    // The call is bounded (the real SDK sends its timeout), by a bearer token, and locks outlive the deadline.
    let timeout: f64 = calls[0]["timeout"].as_str().unwrap().parse().unwrap();
    assert_eq!(timeout, o.model_timeout_seconds as f64);
    assert_eq!(calls[0]["retry_count"], "0");
    assert_eq!(calls[0]["authorization"], "Bearer fake-token");
    assert_eq!(calls[0]["model"], "gpt-4o-mini");
    let renewal = run.of("lock_renewer")[0]["max_lock_renewal_duration"].as_i64().unwrap();
    assert!(renewal > o.model_deadline_seconds, "renewal {renewal} must outlast the deadline");
    assert!(run.of("concurrent_receiver_use").is_empty());
}

#[test]
fn refusals_are_results_and_complete() {
    let scenario = json!({
        "messages": [message("m1", "a.txt"), message("m2", "b.txt")],
        "blobs": [text_blob("a.txt", "REFUSE-OUTPUT"), text_blob("b.txt", "FILTER-PROMPT")],
        "model": [{"match": "REFUSE-OUTPUT", "outcome": "refusal"}, {"match": "FILTER-PROMPT", "outcome": "prompt_filter"}],
    });
    let run = run_worker("refusal", &options(), scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    let mut settles = run.settles();
    settles.sort();
    assert_eq!(settles, vec![("complete".into(), "m1".into(), None), ("complete".into(), "m2".into(), None)]);
    for w in run.results() {
        let record: Value = serde_json::from_str(w["text"].as_str().unwrap()).unwrap();
        assert_eq!(record["status"], "refused", "{record}");
    }
    assert_eq!(run.of("model_call").len(), 2, "a refusal is never retried");
}

#[test]
fn other_400_is_dead_lettered_without_retry() {
    let scenario = json!({
        "messages": [message("m1", "a.txt")],
        "blobs": [text_blob("a.txt", "BAD")],
        "model": [{"match": "BAD", "outcome": "bad_request"}],
    });
    let run = run_worker("400", &options(), scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    assert_eq!(run.settles(), vec![("dead_letter".into(), "m1".into(), Some("BadRequest".into()))]);
    assert_eq!(run.of("model_call").len(), 1);
    assert!(run.results().is_empty());
}

#[test]
fn server_errors_abandon_then_dead_letter_on_the_last_delivery() {
    let mut o = options();
    o.max_delivery_count = 3;
    o.max_model_attempts = 4;
    let scenario = json!({
        "messages": [message("m1", "a.txt")],
        "blobs": [text_blob("a.txt", "DOWN")],
        "model": [{"match": "DOWN", "outcome": "server_error"}],
    });
    let run = run_worker("5xx", &o, scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    assert_eq!(
        run.settles(),
        vec![
            ("abandon".into(), "m1".into(), None),
            ("abandon".into(), "m1".into(), None),
            ("dead_letter".into(), "m1".into(), Some("MaxDeliveryCountReached".into())),
        ]
    );
    assert_eq!(run.of("model_call").len(), 3 * 4);
    // Retry-After (retry-after-ms: 5) is honoured, and there is no wait after the last attempt.
    let sleeps = run.of("sleep");
    assert_eq!(sleeps.len(), 3 * 3, "one wait between attempts, none after the last");
    assert!(sleeps.iter().all(|s| (s["seconds"].as_f64().unwrap() - 0.005).abs() < 1e-9));
}

#[test]
fn lock_lost_after_the_model_call_is_logged_and_not_paid_twice() {
    let scenario = json!({
        "messages": [message("m1", "a.txt")],
        "blobs": [text_blob("a.txt", "long document")],
        "lose_lock_on": ["m1"],
    });
    let run = run_worker("lock", &options(), scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    assert_eq!(run.of("lock_lost").len(), 1);
    assert_eq!(run.of("model_call").len(), 1, "the redelivery finds the result and doesn't call the model");
    assert_eq!(run.results().len(), 1);
    assert_eq!(run.settles(), vec![("complete".into(), "m1".into(), None)], "redelivery completed; nothing abandoned");
    let line = run.stderr.lines().find(|l| l.contains("lock lost")).unwrap_or_else(|| panic!("no lock-lost log:\n{}", run.stderr));
    assert!(line.contains("corr-m1") && line.contains("m1"), "{line}");
}

#[test]
fn binary_claim_check_goes_to_the_model_as_a_file_part() {
    let pdf = b"%PDF-1.7\n\xff\xfe binary \x00 body";
    let encoded = base64(pdf);
    let scenario = json!({
        "messages": [message("m1", "report-1842.pdf"), message("m2", "archive.zip")],
        "blobs": [
            {"url": format!("{DOCS}/report-1842.pdf"), "base64": encoded, "content_type": "application/pdf"},
            {"url": format!("{DOCS}/archive.zip"), "base64": base64(b"PK\x03\x04"), "content_type": "application/zip"},
        ],
    });
    let run = run_worker("pdf", &options(), scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    let mut settles = run.settles();
    settles.sort();
    assert_eq!(
        settles,
        vec![("complete".into(), "m1".into(), None), ("dead_letter".into(), "m2".into(), Some("UnsupportedContentType".into()))]
    );
    let calls = run.of("model_call");
    assert_eq!(calls.len(), 1);
    let part = &calls[0]["messages"][0]["content"][0];
    assert_eq!(part["type"], "file");
    assert_eq!(part["file"]["filename"], "report-1842.pdf");
    assert_eq!(part["file"]["file_data"], format!("data:application/pdf;base64,{encoded}"));
}

#[test]
fn one_receiver_user_and_one_client_per_container_under_concurrency() {
    let mut o = options();
    o.max_concurrency = 4;
    let ids: Vec<String> = (1..=6).map(|i| format!("m{i}")).collect();
    let scenario = json!({
        "messages": ids.iter().map(|id| message(id, &format!("{id}.txt"))).collect::<Vec<_>>(),
        "blobs": ids.iter().map(|id| text_blob(&format!("{id}.txt"), id)).collect::<Vec<_>>(),
    });
    let run = run_worker("concurrency", &o, scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    assert_eq!(run.settles().len(), 6);
    assert!(run.of("concurrent_receiver_use").is_empty(), "{:?}", run.of("concurrent_receiver_use"));
    let mut containers: Vec<&str> = run.of("container_client").iter().map(|e| e["container"].as_str().unwrap()).collect();
    containers.sort();
    assert_eq!(containers, vec![DOCS, RESULTS]);
    assert!(run.of("receive").iter().any(|r| r["max_message_count"].as_i64().unwrap() > 1), "receives for the free slots");
}

#[test]
fn scaled_job_run_once_takes_up_to_n_settles_and_exits_0() {
    let mut o = options();
    o.mode = WorkerMode::RunOnce;
    o.run_once_max_messages = 2;
    let scenario = json!({
        "mode": "once",
        "messages": [message("m1", "a.txt"), message("m2", "a.txt"), message("m3", "a.txt")],
        "blobs": [text_blob("a.txt", "doc")],
    });
    let run = run_worker("once", &o, scenario);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut settles = run.settles();
    settles.sort();
    assert_eq!(settles, vec![("complete".into(), "m1".into(), None), ("complete".into(), "m2".into(), None)]);
    assert_eq!(run.queue_left, vec![json!("m3")], "the third message is left for the next Job");
    assert!(run.of("receive").iter().all(|r| r["max_message_count"].as_i64().unwrap() <= 2));

    // An empty queue: the Job ends at once, with success.
    let empty = run_worker("once-empty", &o, json!({"mode": "once"}));
    assert_eq!(empty.code, Some(0), "{}", empty.stderr);
    assert!(empty.settles().is_empty());
}

#[test]
fn the_code_says_which_mode_it_is_in() {
    let mut o = options();
    let long = worker_python(&o).unwrap();
    assert!(long.contains("Mode: long-running (KEDA ScaledObject)") && long.contains("RUN_ONCE = False"));
    o.mode = WorkerMode::RunOnce;
    let once = worker_python(&o).unwrap();
    assert!(once.contains("Mode: run-once (KEDA ScaledJob)") && once.contains("RUN_ONCE = True"));
    o.model_timeout_seconds = o.model_deadline_seconds + 1;
    assert_eq!(worker_python(&o).unwrap_err()[0].field, "model_timeout_seconds");
}
