//! Runs the generated Python worker against fakes of the Service Bus, Blob
//! and OpenAI clients (`tests/fixtures/python/fakes`, put on PYTHONPATH; its
//! `sitecustomize` makes sleeps instant and records them) and checks what it
//! did: settlements, model calls, results written, exit status.

use std::path::{Path, PathBuf};
use std::process::Command;

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::code_worker::{worker_python, WorkerMode, WorkerOptions};
use serde_json::{json, Value};

const DOCS: &str = "https://contosodocs.blob.core.windows.net/incoming";
const RESULTS: &str = "https://contosoresults.blob.core.windows.net/results";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/python")
}

struct Run {
    code: Option<i32>,
    events: Vec<Value>,
    queue_left: Vec<Value>,
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
}

fn run_worker(name: &str, o: &WorkerOptions, scenario: Value) -> Run {
    let dir = std::env::temp_dir().join(format!("batchlane-worker-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let worker = dir.join("worker.py");
    std::fs::write(&worker, worker_python(o).unwrap()).unwrap();
    std::fs::write(dir.join("scenario.json"), scenario.to_string()).unwrap();
    let out = Command::new("python3")
        .arg(&worker)
        .current_dir(&dir)
        .env("PYTHONPATH", fixtures().join("fakes"))
        .env("FAKE_SCENARIO", dir.join("scenario.json"))
        .env("FAKE_EVENTS", dir.join("events.json"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let dump: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("events.json")).unwrap_or_else(|_| panic!("no events; stderr:\n{stderr}")))
            .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    Run {
        code: out.status.code(),
        events: dump["events"].as_array().unwrap().clone(),
        queue_left: dump["queue_left"].as_array().unwrap().clone(),
        stderr,
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
    let written = run.of("blob_written");
    assert_eq!(written.len(), 1);
    assert_eq!(written[0]["url"], format!("{RESULTS}/t1/m1.json"));
    let record: Value = serde_json::from_str(written[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(record["status"], "completed");
    assert_eq!(record["correlation_id"], "corr-m1");
    let calls = run.of("model_call");
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0]["messages"][0]["content"], "hello");
    // The call is bounded, the SDK doesn't retry on its own, and locks outlive the deadline.
    let client = run.of("openai_client")[0];
    assert_eq!(client["timeout"], o.model_timeout_seconds);
    assert_eq!(client["max_retries"], 0);
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
    for w in run.of("blob_written") {
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
    assert!(run.of("blob_written").is_empty());
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
    assert_eq!(run.of("blob_written").len(), 1);
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
