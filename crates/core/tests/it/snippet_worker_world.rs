//! What the queue-worker runs share: one run of the generated worker
//! against the fakes and what it did (`Run`: settlements, model calls,
//! results written, what was left queued or locked, its log), the messages
//! and claim-checked blobs a scenario holds, the worker's exit statuses,
//! and the check that nothing was lost or paid twice.

use std::time::Duration;

use super::snippet_python::{at_fake_endpoint, start};

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{worker_python, WorkerOptions};
use serde_json::{json, Value};

pub(super) const DOCS: &str = "https://contosodocs.blob.core.windows.net/incoming";
pub(super) const RESULTS: &str = "https://contosoresults.blob.core.windows.net/results";

pub(super) struct Run {
    pub(super) code: Option<i32>,
    pub(super) events: Vec<Value>,
    pub(super) queue_left: Vec<Value>,
    pub(super) locked_at_exit: Vec<Value>,
    pub(super) dead_letters: Vec<Value>,
    pub(super) stderr: String,
}

impl Run {
    pub(super) fn of(&self, kind: &str) -> Vec<&Value> {
        self.events.iter().filter(|e| e["event"] == kind).collect()
    }
    pub(super) fn settles(&self) -> Vec<(String, String, Option<String>)> {
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
    pub(super) fn results(&self) -> Vec<&Value> {
        self.of("blob_written").into_iter().filter(|e| e["url"].as_str().unwrap().ends_with(".json")).collect()
    }
    /// Model calls whose messages mention `text`.
    pub(super) fn calls_with(&self, text: &str) -> usize {
        self.of("model_call").iter().filter(|c| c["messages"].to_string().contains(text)).count()
    }
    pub(super) fn log_line(&self, needle: &str) -> &str {
        self.stderr.lines().find(|l| l.contains(needle)).unwrap_or_else(|| panic!("no log line with {needle:?}:\n{}", self.stderr))
    }
}

pub(super) fn run_worker(name: &str, o: &WorkerOptions, scenario: Value) -> Run {
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
pub(super) fn message(id: &str, doc: &str) -> Value {
    json!({
        "message_id": id,
        "correlation_id": format!("corr-{id}"),
        "body": {"tenant_id": "t1", "correlation_id": format!("corr-{id}"), "model_alias": "summarize", "blob_url": format!("{DOCS}/{doc}")},
    })
}

pub(super) fn text_blob(doc: &str, text: &str) -> Value {
    json!({"url": format!("{DOCS}/{doc}"), "text": text, "content_type": "text/plain"})
}

pub(super) fn options() -> WorkerOptions {
    WorkerOptions::new(&Catalog::builtin())
}

/// The long-running worker only stops when the fake receiver finds nothing
/// left to receive or settle (exit 3).
pub(super) const DRAINED: Option<i32> = Some(3);

/// Every message is completed once or back in the queue, none is held locked
/// (it would come back after its lock expires and be paid again), none is
/// dead-lettered, and no message reached the model twice.
pub(super) fn assert_nothing_lost_or_paid_twice(run: &Run, ids: &[&str]) {
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

pub(super) fn docs(ids: &[&str]) -> (Vec<Value>, Vec<Value>) {
    let messages = ids.iter().map(|id| message(id, &format!("{id}.txt"))).collect();
    let blobs = ids.iter().map(|id| text_blob(&format!("{id}.txt"), &format!("doc {id}"))).collect();
    (messages, blobs)
}

/// The worker exits with this status when its configuration is wrong.
pub(super) const MISCONFIGURED: Option<i32> = Some(78);

pub(super) fn base64(bytes: &[u8]) -> String {
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
