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

use std::time::{Duration, Instant};

use super::snippet_python::{at_fake_endpoint, start};

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{worker_python, WorkerMode, WorkerOptions};
use serde_json::{json, Value};

const DOCS: &str = "https://contosodocs.blob.core.windows.net/incoming";
const RESULTS: &str = "https://contosoresults.blob.core.windows.net/results";

struct Run {
    code: Option<i32>,
    events: Vec<Value>,
    queue_left: Vec<Value>,
    locked_at_exit: Vec<Value>,
    dead_letters: Vec<Value>,
    stderr: String,
}

impl Run {
    fn of(&self, kind: &str) -> Vec<&Value> {
        self.events.iter().filter(|e| e["event"] == kind).collect()
    }
    fn settles(&self) -> Vec<(String, String, Option<String>)> {
        self.of("settle")
            .iter()
            .map(|e| {
                (
                    e["action"].as_str().unwrap().to_string(),
                    e["message_id"].as_str().unwrap().to_string(),
                    e["reason"].as_str().map(String::from),
                )
            })
            .collect()
    }
    /// Result records written (claims, `<id>.claim`, left out).
    fn results(&self) -> Vec<&Value> {
        self.of("blob_written").into_iter().filter(|e| e["url"].as_str().unwrap().ends_with(".json")).collect()
    }
    /// Model calls whose messages mention `text`.
    fn calls_with(&self, text: &str) -> usize {
        self.of("model_call").iter().filter(|c| c["messages"].to_string().contains(text)).count()
    }
    fn log_line(&self, needle: &str) -> &str {
        self.stderr.lines().find(|l| l.contains(needle)).unwrap_or_else(|| panic!("no log line with {needle:?}:\n{}", self.stderr))
    }
}

fn run_worker(name: &str, o: &WorkerOptions, scenario: Value) -> Run {
    let dir = std::env::temp_dir().join(format!("batchlane-worker-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let worker = dir.join("worker.py");
    // The one change to the generated code: the endpoint is the fake server's.
    let code = worker_python(o).unwrap();
    std::fs::write(&worker, at_fake_endpoint(&code, &format!("OPENAI_ENDPOINT = \"{}\"\n", o.openai_endpoint))).unwrap();
    let end = start(&dir, "worker", &worker, &[], &scenario, &[]).wait(Duration::from_secs(120));
    std::fs::remove_dir_all(&dir).ok();
    let list = |k: &str| end.dump[k].as_array().unwrap().clone();
    Run {
        code: end.code,
        events: list("events"),
        queue_left: list("queue_left"),
        locked_at_exit: list("locked_at_exit"),
        dead_letters: list("dead_letters"),
        stderr: end.stderr,
    }
}

/// A message whose claim-checked document is `doc` (in the docs container).
fn message(id: &str, doc: &str) -> Value {
    json!({
        "message_id": id,
        "correlation_id": format!("corr-{id}"),
        "body": {"tenant_id": "t1", "correlation_id": format!("corr-{id}"), "model_alias": "summarize", "blob_url": format!("{DOCS}/{doc}")},
    })
}

fn text_blob(doc: &str, text: &str) -> Value {
    json!({"url": format!("{DOCS}/{doc}"), "text": text, "content_type": "text/plain"})
}

fn options() -> WorkerOptions {
    WorkerOptions::new(&Catalog::builtin())
}

/// The long-running worker only stops when the fake receiver finds nothing
/// left to receive or settle (exit 3).
const DRAINED: Option<i32> = Some(3);

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

/// Every message is completed once or back in the queue, none is held locked
/// (it would come back after its lock expires and be paid again), none is
/// dead-lettered, and no message reached the model twice.
fn assert_nothing_lost_or_paid_twice(run: &Run, ids: &[&str]) {
    let completed: Vec<String> = run.settles().into_iter().filter(|s| s.0 == "complete").map(|s| s.1).collect();
    for id in ids {
        let done = completed.iter().filter(|c| c == id).count();
        let queued = run.queue_left.iter().filter(|q| q == id).count();
        assert_eq!(done + queued, 1, "{id}: completed {done}, queued {queued}\n{}", run.stderr);
        assert!(run.calls_with(&format!("doc {id}")) <= 1, "{id} paid twice\n{}", run.stderr);
    }
    assert!(run.locked_at_exit.is_empty(), "still locked at exit: {:?}", run.locked_at_exit);
    assert!(run.dead_letters.is_empty(), "{:?}", run.dead_letters);
}

fn docs(ids: &[&str]) -> (Vec<Value>, Vec<Value>) {
    let messages = ids.iter().map(|id| message(id, &format!("{id}.txt"))).collect();
    let blobs = ids.iter().map(|id| text_blob(&format!("{id}.txt"), &format!("doc {id}"))).collect();
    (messages, blobs)
}

#[test]
fn sigterm_mid_call_finishes_in_flight_work_loses_nothing_and_exits_0() {
    let mut o = options();
    o.max_concurrency = 2;
    let ids = ["m1", "m2", "m3", "m4", "m5"];
    let (messages, blobs) = docs(&ids);
    // The pod is scaled in while m1's model call is in flight: SIGTERM arrives, the call answers later.
    let scenario = json!({
        "messages": messages,
        "blobs": blobs,
        "model": [{"match": "doc m1", "outcome": "ok", "sigterm": true, "delay": 0.5}],
    });
    let run = run_worker("sigterm", &o, scenario);
    assert_eq!(run.code, Some(0), "SIGTERM ends the worker with success\n{}", run.stderr);
    assert_eq!(run.of("sigterm_sent").len(), 1);
    assert!(run.settles().contains(&("complete".into(), "m1".into(), None)), "the paid call's result is kept\n{}", run.stderr);
    assert_eq!(run.results().iter().filter(|r| r["url"] == format!("{RESULTS}/t1/m1.json")).count(), 1);
    assert!(!run.queue_left.is_empty(), "no new message is started after SIGTERM");
    assert_nothing_lost_or_paid_twice(&run, &ids);
    run.log_line("SIGTERM");

    // The next pod takes the rest: each message is paid once across both runs.
    let left: Vec<&str> = run.queue_left.iter().map(|v| v.as_str().unwrap()).collect();
    let (messages, blobs) = docs(&left);
    let rest = run_worker("sigterm-next", &o, json!({"messages": messages, "blobs": blobs}));
    assert_eq!(rest.code, DRAINED, "{}", rest.stderr);
    assert_nothing_lost_or_paid_twice(&rest, &left);
    assert!(rest.queue_left.is_empty());
    for id in ids {
        assert_eq!(run.calls_with(&format!("doc {id}")) + rest.calls_with(&format!("doc {id}")), 1, "{id}");
    }
}

#[test]
fn an_idle_worker_ends_promptly_on_sigterm() {
    // Issue 40: the idle receive (RECEIVE_WAIT_SECONDS) was not interrupted,
    // so an idle worker exited up to that long after SIGTERM.
    let (messages, blobs) = docs(&[]);
    let start = Instant::now();
    let run = run_worker("idle-sigterm", &options(), json!({"messages": messages, "blobs": blobs, "idle_sigterm": true}));
    let took = start.elapsed();
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.of("sigterm_sent").len(), 1, "{}", run.stderr);
    assert!(run.of("idle_receive_ended").is_empty(), "the receive waited its whole time: {:?}\n{}", run.events, run.stderr);
    assert_eq!(run.of("idle_receive_cancelled").len(), 1, "{:?}", run.events);
    assert!(took < Duration::from_secs(15), "{took:?} from start to exit\n{}", run.stderr);
    run.log_line("SIGTERM");
}

/// The worker exits with this status when its configuration is wrong.
const MISCONFIGURED: Option<i32> = Some(78);

#[test]
fn deployment_not_found_stops_the_worker_with_a_clear_log_and_no_dead_letters() {
    let mut o = options();
    o.deployment = "gpt-4o-minni".into(); // a typo: the service answers 404 DeploymentNotFound
    o.max_concurrency = 1;
    let ids = ["m1", "m2", "m3"];
    let (messages, blobs) = docs(&ids);
    let run = run_worker("404", &o, json!({"messages": messages, "blobs": blobs}));
    assert_eq!(run.code, MISCONFIGURED, "{}", run.stderr);
    assert_eq!(run.of("model_call").len(), 1, "one call shows the deployment is missing; the worker stops");
    assert!(run.of("sleep").is_empty());
    assert!(run.dead_letters.is_empty(), "{:?}", run.dead_letters);
    assert!(run.settles().iter().all(|s| s.0 == "abandon"), "{:?}", run.settles());
    assert!(run.results().is_empty());
    assert!(run.locked_at_exit.is_empty(), "{:?}", run.locked_at_exit);
    let line = run.log_line("DeploymentNotFound");
    assert!(line.contains("gpt-4o-minni") && line.contains("stopping"), "{line}");
}

#[test]
fn unauthorized_and_forbidden_stop_the_worker_with_a_clear_log() {
    for (outcome, status) in [("unauthorized", "401"), ("forbidden", "403")] {
        let mut o = options();
        o.max_concurrency = 1;
        let ids = ["m1", "m2", "m3"];
        let (messages, blobs) = docs(&ids);
        let scenario = json!({"messages": messages, "blobs": blobs, "model": [{"match": "doc", "outcome": outcome}]});
        let run = run_worker(outcome, &o, scenario);
        assert_eq!(run.code, MISCONFIGURED, "{outcome}\n{}", run.stderr);
        assert_eq!(run.of("model_call").len(), 1, "{outcome}");
        assert!(run.dead_letters.is_empty(), "{outcome}: {:?}", run.dead_letters);
        assert!(run.settles().iter().all(|s| s.0 == "abandon"), "{outcome}: {:?}", run.settles());
        let line = run.log_line("stopping");
        assert!(line.contains(status), "{outcome}: {line}");
        assert_eq!(run.queue_left.len(), 3, "every message is left for the fixed worker");
    }
}

#[test]
fn request_too_large_is_dead_lettered_with_a_reason() {
    let scenario = json!({
        "messages": [message("m1", "a.txt"), message("m2", "b.txt")],
        "blobs": [text_blob("a.txt", "HUGE"), text_blob("b.txt", "fine")],
        "model": [{"match": "HUGE", "outcome": "too_large"}],
    });
    let run = run_worker("413", &options(), scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    let mut settles = run.settles();
    settles.sort();
    assert_eq!(settles, vec![("complete".into(), "m2".into(), None), ("dead_letter".into(), "m1".into(), Some("RequestTooLarge".into()))]);
    assert_eq!(run.calls_with("HUGE"), 1, "a request too large is never sent again");
    assert!(run.of("sleep").is_empty());
}

#[test]
fn claim_check_over_the_size_limit_is_dead_lettered_without_reading_it() {
    let o = options();
    let too_big = o.max_document_bytes + 1;
    let scenario = json!({
        "messages": [message("m1", "big.txt"), message("m2", "a.txt")],
        "blobs": [
            {"url": format!("{DOCS}/big.txt"), "fill_bytes": too_big, "content_type": "text/plain"},
            text_blob("a.txt", "small"),
        ],
    });
    let run = run_worker("oversized", &o, scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    let mut settles = run.settles();
    settles.sort();
    assert_eq!(settles, vec![("complete".into(), "m2".into(), None), ("dead_letter".into(), "m1".into(), Some("DocumentTooLarge".into()))]);
    assert!(run.of("blob_read").iter().all(|r| r["url"] != format!("{DOCS}/big.txt")), "the big blob is never read");
    assert_eq!(run.of("model_call").len(), 1);
}

#[test]
fn lock_lost_mid_call_the_redelivered_copy_does_not_call_the_model_again() {
    let mut o = options();
    o.max_concurrency = 4;
    // m1's lock renewal fails while its model call runs: the service redelivers m1 (to this or
    // another replica) while the first call is still in flight.
    let scenario = json!({
        "messages": [message("m1", "a.txt")],
        "blobs": [text_blob("a.txt", "doc m1")],
        "model": [{"match": "doc m1", "outcome": "ok", "lose_lock": "m1", "delay": 0.05}],
    });
    let run = run_worker("lock-mid-call", &o, scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    assert_eq!(run.of("lock_expired").len(), 1, "{}", run.stderr);
    assert_eq!(run.calls_with("doc m1"), 1, "the copy must not pay for m1 again\n{}", run.stderr);
    assert_eq!(run.results().len(), 1, "one result");
    assert_eq!(run.settles(), vec![("complete".into(), "m1".into(), None)], "{}", run.stderr);
    assert!(run.of("received").iter().any(|r| r["message_id"] == "m1" && r["delivery"] == 1), "the copy was received");
    assert!(run.locked_at_exit.is_empty() && run.dead_letters.is_empty());
    run.log_line("lock renewal failed");
}

#[test]
fn a_claim_left_by_a_dead_replica_is_taken_over_once_stale() {
    // A replica claimed m1 and died (OOM-killed) before writing a result: after the claim's
    // lifetime (longer than any call) the next delivery calls the model, once.
    let claim =
        |age: i64| json!({"url": format!("{RESULTS}/t1/m1.claim"), "text": "{}", "content_type": "application/json", "age_seconds": age});
    let stale = json!({"messages": [message("m1", "a.txt")], "blobs": [text_blob("a.txt", "doc m1"), claim(3600)]});
    let run = run_worker("stale-claim", &options(), stale);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    assert_eq!(run.calls_with("doc m1"), 1);
    assert_eq!(run.settles(), vec![("complete".into(), "m1".into(), None)]);
}

#[test]
fn throttling_waits_retry_after_then_succeeds() {
    let scenario = json!({
        "messages": [message("m1", "a.txt")],
        "blobs": [text_blob("a.txt", "BUSY")],
        "model": [{"match": "BUSY", "outcome": "throttled", "times": 2}],
    });
    let run = run_worker("429", &options(), scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    assert_eq!(run.of("model_call").len(), 3);
    let sleeps: Vec<f64> = run.of("sleep").iter().map(|s| s["seconds"].as_f64().unwrap()).collect();
    assert_eq!(sleeps, vec![2.0, 2.0], "Retry-After is honoured");
    assert_eq!(run.settles(), vec![("complete".into(), "m1".into(), None)]);
}

#[test]
fn a_call_slower_than_the_timeout_backs_off_and_is_retried() {
    let mut o = options();
    o.model_timeout_seconds = 1;
    o.model_deadline_seconds = 30;
    let scenario = json!({
        "messages": [message("m1", "a.txt")],
        "blobs": [text_blob("a.txt", "SLOW")],
        "model": [{"match": "SLOW", "outcome": "ok", "delay": 1.5, "times": 1}],
    });
    let run = run_worker("timeout", &o, scenario);
    assert_eq!(run.code, DRAINED, "{}", run.stderr);
    assert_eq!(run.of("model_call").len(), 2);
    assert_eq!(run.of("sleep").len(), 1, "one backoff after the timeout");
    assert_eq!(run.settles(), vec![("complete".into(), "m1".into(), None)]);
}

#[test]
fn scaled_job_messages_per_job_is_keda_message_count() {
    use batchlane_core::snippets::{render, KedaForm, ScaleKind};
    let catalog = Catalog::builtin();
    let mut form = KedaForm::new(&catalog);
    form.kind = ScaleKind::ScaledJob;
    form.message_count = 3;
    let mut o = options();
    o.follow_keda(&form);
    assert_eq!(o.mode, WorkerMode::RunOnce);
    assert_eq!(o.run_once_max_messages, 3, "one value: KEDA's messageCount is the worker's batch");
    let yaml = render(&form, &catalog).unwrap().yaml;
    assert!(yaml.contains("messageCount: \"3\""), "{yaml}");
    assert!(worker_python(&o).unwrap().contains("RUN_ONCE_MAX_MESSAGES = 3\n"));
    // The defaults agree too: KEDA plans ceil(queue / messageCount) Jobs, each must take messageCount.
    let mut default_form = KedaForm::new(&catalog);
    default_form.kind = ScaleKind::ScaledJob;
    let mut d = options();
    d.follow_keda(&default_form);
    assert_eq!(d.run_once_max_messages, default_form.message_count);

    let ids: Vec<String> = (1..=7).map(|i| format!("m{i}")).collect();
    let scenario = json!({
        "mode": "once",
        "messages": ids.iter().map(|id| message(id, "a.txt")).collect::<Vec<_>>(),
        "blobs": [text_blob("a.txt", "doc")],
    });
    let run = run_worker("keda-batch", &o, scenario);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.settles().len(), 3, "the Job takes messageCount messages");
    assert_eq!(run.queue_left.len(), 4);
}

fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}
