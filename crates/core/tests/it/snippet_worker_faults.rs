//! The generated queue worker (`snippet_worker_run.rs`) at the limits: a
//! request or claim too large, a lock lost mid-call, a claim left by a dead
//! replica, throttling and slow calls retried, and a ScaledJob taking
//! KEDA's message count.

use super::snippet_worker_world::*;
use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{worker_python, WorkerMode};
use serde_json::json;

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
