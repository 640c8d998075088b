//! The generated queue worker (`snippet_worker_run.rs`) stopping: SIGTERM
//! mid-call and while idle, and a deployment, key or role the service
//! refuses, which stops it with a clear log and no dead letters.

use std::time::{Duration, Instant};

use super::snippet_worker_world::*;
use serde_json::json;

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
