//! The generated control plane (`control_plane_service.rs`) when a create's
//! answer is lost and its look-up fails, when its owned container is
//! missing or cannot be made, and when a copy keeps failing.

use super::control_plane_harness::*;
use batchlane_core::snippets::Dialect;
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

/// A job left "submitting" (its create answered 503, so it may exist) and a
/// job created beside it, after one tick. Issue 40's look-up faults follow.
fn one_unanswered_create(dir: &Path, look_up_fault: Value) -> (Fake, Service, String, String) {
    let fake =
        Fake::with(dir, serde_json::json!({"faults": [{"method": "POST", "path": "/batches", "status": 503, "times": 1}, look_up_fault]}));
    let mut svc = Service::new(dir, Dialect::OpenAi, 10_000_000, &fake);
    svc.set_env("CONTROL_PLANE_API_TIMEOUT_SECONDS", "0.5");
    let unanswered = svc.submit("contoso", "a.jsonl", &["a-1"]);
    let other = svc.submit("fabrikam", "b.jsonl", &["b-1"]);
    let (_, stderr) = svc.run(&["tick"]);
    assert!(stderr.contains("create unanswered"), "{stderr}");
    let jobs = svc.jobs();
    assert_eq!((status(&jobs, &unanswered), status(&jobs, &other)), ("submitting".into(), "validating".into()));
    (fake, svc, unanswered, other)
}

#[test]
fn a_look_up_refused_for_the_credentials_stops_the_tick_naming_them() {
    // Issue 40: a 401 on the look-up of an unanswered create escaped as a
    // traceback (exit 1); upload and retrieve stop cleanly (exit 2).
    let dir = scratch("lookup-401");
    let (fake, svc, unanswered, _) =
        one_unanswered_create(&dir, serde_json::json!({"method": "GET", "path": "/batches", "status": 401, "times": 1}));
    let (code, _, stderr) = svc.try_run(&["tick"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("check the credentials") && !stderr.contains("Traceback"), "{stderr}");
    assert!(!stderr.contains("ALERT"), "no job is blamed for the credential: {stderr}");
    assert_eq!(status(&svc.jobs(), &unanswered), "submitting", "still looked up before any create");
    assert_eq!(fake.creates().get(&unanswered), None);
}

#[test]
fn a_look_up_that_keeps_failing_holds_its_job_and_the_others_go_on() {
    // Issue 40: a look-up failure that outlasted the SDK's retries aborted
    // the whole tick before the other jobs were polled.
    let dir = scratch("lookup-503");
    // The SDK tries a read three times (max_retries=2): every one fails.
    let (fake, svc, unanswered, other) =
        one_unanswered_create(&dir, serde_json::json!({"method": "GET", "path": "/batches", "status": 503, "times": 3}));
    let (code, _, stderr) = svc.try_run(&["tick"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("Traceback"), "{stderr}");
    assert!(stderr.contains(&unanswered) && stderr.contains("look-up"), "{stderr}");
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &other), "in_progress", "the other job was polled");
    assert_eq!(status(&jobs, &unanswered), "submitting", "never created again blindly");
    // The service is back: nothing carries its id, so once the wait is over it is created, once.
    std::thread::sleep(Duration::from_millis(3_000));
    svc.run(&["tick"]);
    svc.end_backoffs();
    for _ in 0..4 {
        svc.run(&["tick"]);
    }
    let jobs = svc.jobs();
    assert_eq!((status(&jobs, &unanswered), status(&jobs, &other)), ("completed".into(), "completed".into()));
    assert_eq!(fake.creates().get(&unanswered), Some(&1));
}

#[test]
fn the_owned_container_is_created_on_first_use() {
    // Issue 40: without OWNED_CONTAINER every tick died at the lease with a
    // ContainerNotFound traceback.
    let dir = scratch("container");
    let fake = Fake::start(&dir, 10_000_000);
    let svc = Service::new(&dir, Dialect::Azure, 10_000_000, &fake);
    let id = svc.submit("contoso", "a.jsonl", &["a-1"]);
    assert!(!dir.join("blobs/batch-results").exists());
    let (code, out, stderr) = svc.try_run(&["tick"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("Traceback"), "{stderr}");
    assert!(out.contains("batch-results") && out.contains("created"), "says so once: {out}");
    assert!(dir.join("blobs/batch-results").is_dir());
    assert_eq!(status(&svc.jobs(), &id), "validating");
    let (_, out, _) = svc.try_run(&["tick"]);
    assert!(!out.contains("created"), "only the first tick creates it: {out}");
}

#[test]
fn a_container_that_cannot_be_created_is_a_clear_first_run_message() {
    let dir = scratch("container-denied");
    let fake = Fake::start(&dir, 10_000_000);
    let mut svc = Service::new(&dir, Dialect::Azure, 10_000_000, &fake);
    svc.set_env("STUB_BLOB_DENY_CREATE_CONTAINER", "1");
    let id = svc.submit("contoso", "a.jsonl", &["a-1"]);
    let (code, _, stderr) = svc.try_run(&["tick"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(!stderr.contains("Traceback"), "{stderr}");
    for words in ["batch-results", "does not exist", "create it", "AuthorizationPermissionMismatch"] {
        assert!(stderr.contains(words), "{words}: {stderr}");
    }
    assert_eq!(status(&svc.jobs(), &id), "queued");
    assert_eq!(fake.creates().len(), 0);
}

#[test]
fn a_copy_that_keeps_failing_alerts_once_and_names_the_cause() {
    // Issue 40: a 403 on the destination fell into "tried again next tick"
    // forever, with no alert, while the output files' expiry ran.
    let dir = scratch("copy-403");
    let fake = Fake::start(&dir, 10_000_000);
    let mut svc = Service::new(&dir, Dialect::Azure, 10_000_000, &fake);
    svc.set_env("STUB_BLOB_FAIL_UPLOAD", "output.jsonl=403:AuthorizationPermissionMismatch");
    let id = svc.submit("contoso", "a.jsonl", &["a-1"]);
    let mut stderr_all = String::new();
    for _ in 0..8 {
        let (code, _, stderr) = svc.try_run(&["tick"]);
        assert_eq!(code, 0, "{stderr}");
        stderr_all += &stderr;
    }
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &id), "completed");
    assert!(jobs[&id]["copied_to"].is_null(), "not copied: {:?}", jobs[&id]);
    let alerts: Vec<Value> = fake.events().into_iter().filter_map(|e| e.get("alert").cloned()).collect();
    assert_eq!(alerts.len(), 1, "one alert, not one a tick: {alerts:?}\n{stderr_all}");
    let said = alerts[0].to_string();
    assert!(alerts[0]["job_id"] == id.as_str() && said.contains("403") && said.contains("AuthorizationPermissionMismatch"), "{said}");
    // The storage is fixed: the next tick copies it, and alerts nobody.
    svc.set_env("STUB_BLOB_FAIL_UPLOAD", "");
    svc.run(&["tick"]);
    assert!(svc.jobs()[&id]["copied_to"].is_string());
    assert_eq!(fake.events().iter().filter(|e| e.get("alert").is_some()).count(), 1);
}
