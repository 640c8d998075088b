//! The generated submission scripts (`snippet_submit_run.rs`) when a
//! create's answer is lost after the batch was made (a reset, a 5xx, an
//! answer later than the API time-out), when the listing lags or pages past
//! other clients' batches: found by its submission id, never made twice.

use std::time::Duration;

use super::snippet_submit_world::*;
use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{submit_curl, submit_python, Dialect};
use serde_json::{json, Value};

fn listings(o: &Outcome) -> (usize, usize) {
    let lists: Vec<&Value> =
        o.requests.iter().filter(|r| r["method"] == "GET" && r["path"].as_str().unwrap().ends_with("/batches")).collect();
    (lists.len(), lists.iter().filter(|r| r["query"].get("after").is_some()).count())
}

/// The create's first answer is lost: "reset" (connection reset) or "503",
/// after the server created the batch.
fn cut_off_create(mode: &str) -> Value {
    json!({"method": "POST", "path_end": "/batches", "times": 1, "mode": mode, "applied": true})
}

/// How long the scripts wait between two look-ups for a batch whose create went unanswered.
const LOOKUP_DELAY: f64 = 60.0;
const LOOKUP_TRIES: usize = 4;

#[test]
fn a_create_cut_off_after_it_landed_is_found_by_its_submission_id_not_created_again() {
    for mode in ["reset", "503"] {
        for (dialect, shell) in every_script() {
            // 120 batches of other clients land right after ours: the look-up pages past them.
            let config = json!({"statuses": ["completed"], "faults": [cut_off_create(mode)], "others_after_create": 120, "old_batches": 5});
            let w = World::new(&format!("cut-{mode}-{dialect:?}-{shell}"), config, INPUT);
            let r = w.run(&options(dialect), shell, &[]);
            let what = format!("{mode} {dialect:?} shell={shell}\n{}", r.show());
            assert_eq!(r.code, Some(0), "{what}");
            assert!(!r.stderr.contains("Traceback"), "{what}");
            assert!(r.stderr.contains("may have gone through"), "{what}");
            assert_eq!(w.server.created().len(), 1, "one batch, server-side\n{what}");
            assert_eq!(r.creates(), 1, "the create is not repeated\n{what}");
            let sid = create_body(&r)["metadata"]["submission_id"].as_str().expect("the create carries a submission id").to_string();
            assert_eq!(sid.len(), 36, "a uuid: {sid}");
            assert_eq!(w.server.created()[0]["metadata"]["submission_id"], sid.as_str());
            assert_eq!(w.state()["submission_id"], sid.as_str(), "{what}");
            assert_eq!(w.state()["batch_id"], "batch_1", "{what}");
            let (lists, paged) = listings(&r);
            assert!(lists >= 2 && paged >= 1, "followed `after` past the first page: {lists} {paged}\n{what}");
            assert!(r.requests.iter().any(|q| q["query"]["limit"] == json!(["100"])), "{what}");
            assert!(r.stdout.contains("found batch_1"), "{what}");
            assert_eq!(r.copied(), ["batch_1/output.jsonl", "batch_1/errors.jsonl", "batch_1/joined.jsonl"], "{what}");
        }
    }
}

#[test]
fn a_cut_off_create_then_an_outage_then_a_rerun_make_exactly_one_batch() {
    for (dialect, shell) in every_script() {
        // The create lands but its answer is lost; then the listing fails past the retry bound.
        let faults = json!([cut_off_create("reset"), {"method": "GET", "path_end": "/batches", "times": 10, "mode": "503"}]);
        let w = World::new(&format!("cut-rerun-{dialect:?}-{shell}"), json!({"statuses": ["completed"], "faults": faults}), INPUT);
        let o = options(dialect);
        let first = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", first.show());
        assert_eq!(first.code, Some(75), "{what}");
        assert!(!first.stderr.contains("Traceback"), "{what}");
        let sid = w.state()["submission_id"].as_str().expect("submission id saved").to_string();
        assert!(w.state()["batch_id"].as_str().unwrap_or("").is_empty(), "{what}");
        assert!(first.stderr.contains(&sid), "the message names the submission looked for\n{what}");
        let second = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", second.show());
        assert_eq!(second.code, Some(0), "{what}");
        assert_eq!((second.uploads(), second.creates()), (1, 1), "one upload and one POST /batches over both runs\n{what}");
        assert_eq!(w.server.created().len(), 1, "exactly one batch created server-side over both runs\n{what}");
        assert_eq!(w.state()["batch_id"], "batch_1", "{what}");
        assert_eq!(second.copied().len(), 3, "{what}");
    }
}

#[test]
fn a_create_that_shows_late_in_the_listing_is_looked_for_again_not_created_again() {
    for (dialect, shell) in every_script() {
        // The batch shows in no listing for the first two look-ups.
        let config = json!({"statuses": ["completed"], "faults": [cut_off_create("reset")], "list_lag": 2});
        let w = World::new(&format!("lag-{dialect:?}-{shell}"), config, INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert_eq!((r.creates(), w.server.created().len()), (1, 1), "{what}");
        assert_eq!(listings(&r).0, 3, "{what}");
        assert_eq!(r.sleep_seconds().iter().filter(|s| **s == LOOKUP_DELAY).count(), 2, "{:?}\n{what}", r.sleep_seconds());
    }
}

#[test]
fn a_create_that_never_landed_is_created_again_once_the_look_ups_find_nothing() {
    for (dialect, shell) in every_script() {
        // The first create is reset before it lands; 250 old batches of other clients.
        let faults = json!([{"method": "POST", "path_end": "/batches", "times": 1, "mode": "reset"}]);
        let config = json!({"statuses": ["completed"], "faults": faults, "old_batches": 250});
        let w = World::new(&format!("lost-{dialect:?}-{shell}"), config, INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert_eq!((r.creates(), w.server.created().len()), (2, 1), "{what}");
        // One page a look: the listing stops at batches created well before the submission.
        assert_eq!(listings(&r), (LOOKUP_TRIES, 0), "{what}");
        let bodies: Vec<&Value> =
            r.requests.iter().filter(|q| q["method"] == "POST" && q["path"].as_str().unwrap().ends_with("/batches")).collect();
        assert_ne!(bodies[0]["json"]["metadata"], bodies[1]["json"]["metadata"], "a new submission id per create\n{what}");
        assert_eq!(w.state()["batch_id"], "batch_1", "{what}");
    }
}

#[test]
fn calls_answered_after_the_timeout_are_retried_and_a_timed_out_create_is_looked_up() {
    // The four scripts at once: each waits out three real 1 s timeouts.
    std::thread::scope(|scope| {
        for (dialect, shell) in every_script() {
            scope.spawn(move || {
                // SUBMIT_API_TIMEOUT_SECONDS=1: the create lands but answers after 2.5 s; two polls do too.
                let faults = json!([
                    {"method": "POST", "path_end": "/batches", "times": 1, "mode": "delay", "seconds": 2.5, "applied": true},
                    {"method": "GET", "path": "/batches/", "times": 2, "mode": "delay", "seconds": 2.5},
                ]);
                let w = World::new(&format!("timeout-{dialect:?}-{shell}"), json!({"statuses": ["completed"], "faults": faults}), INPUT);
                let r = w.run_env(&options(dialect), shell, &[("SUBMIT_API_TIMEOUT_SECONDS", "1")]);
                let what = format!("{dialect:?} shell={shell}\n{}", r.show());
                assert_eq!(r.code, Some(0), "{what}");
                assert!(!r.stderr.contains("Traceback"), "{what}");
                assert_eq!((r.creates(), w.server.created().len()), (1, 1), "looked up, not created again\n{what}");
                assert_eq!(polls(&r, "batch_1"), 3, "{what}");
                let sleeps = r.sleep_seconds();
                assert!(sleeps.contains(&15.0) && sleeps.contains(&30.0), "backoff over the timed-out polls: {sleeps:?}\n{what}");
                assert!(r.elapsed < Duration::from_secs(20), "the timeout applied: {:?}\n{what}", r.elapsed);
            });
        }
    });
}

#[test]
fn the_api_timeout_is_an_environment_variable_documented_in_the_header() {
    let c = Catalog::builtin();
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let o = options(dialect);
        let py = submit_python(&o, &c).unwrap();
        let sh = submit_curl(&o, &c).unwrap();
        let py_header = py.split("\"\"\"").nth(1).unwrap();
        let sh_header = sh.split("set -euo pipefail").next().unwrap();
        for header in [py_header, sh_header] {
            assert!(header.contains("SUBMIT_API_TIMEOUT_SECONDS"), "{header}");
        }
        assert!(py.contains("os.environ.get(\"SUBMIT_API_TIMEOUT_SECONDS\", \"120\")"), "default unchanged");
        assert!(sh.contains("${SUBMIT_API_TIMEOUT_SECONDS:-3600}"), "default unchanged");
    }
}

#[test]
fn a_batch_resumed_by_id_that_fails_token_limit_exceeded_later_is_created_again() {
    // Issue 40: `--batch-id` replaced the state with the id alone, so the
    // delayed quota failure of the resumed batch crashed the Python script
    // (KeyError: 'attempt', exit 1) and it never created again.
    let first = first_backoff();
    for (dialect, shell) in every_script() {
        // Run 1 creates batch_1 (a delayed quota failure), then every poll fails: exit 75.
        let faults = json!([{"method": "GET", "path": "/batches/", "times": 10, "mode": "503"}]);
        let config = json!({"statuses": ["in_progress", "completed"], "quota_failures": 1, "faults": faults});
        let w = World::new(&format!("batch-id-quota-{dialect:?}-{shell}"), config, INPUT);
        let o = options(dialect);
        let gave_up = w.run(&o, shell, &[]);
        assert_eq!(gave_up.code, Some(75), "{dialect:?} shell={shell}\n{}", gave_up.show());
        // Resumed elsewhere, by its id alone: no state file.
        std::fs::remove_file(w.dir.join("batch.jsonl.batch.json")).unwrap();
        let r = w.run(&o, shell, &["--batch-id", "batch_1"]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert!(!r.stderr.contains("Traceback"), "{what}");
        assert_eq!(r.creates(), 2, "batch_1 (run 1), then batch_2 after the quota failure\n{what}");
        assert!(r.sleep_seconds().contains(&first), "the quota backoff starts at the catalog's first wait\n{what}");
        let creates: Vec<&Value> =
            r.requests.iter().filter(|q| q["method"] == "POST" && q["path"].as_str().unwrap().ends_with("/batches")).collect();
        assert_eq!(creates[1]["json"]["input_file_id"], "file-in-1", "the resumed batch's input file\n{what}");
        assert_eq!(r.copied(), ["batch_2/output.jsonl", "batch_2/errors.jsonl", "batch_2/joined.jsonl"], "{what}");
        let state = w.state();
        assert_eq!((state["batch_id"].as_str(), state["input_file_id"].as_str()), (Some("batch_2"), Some("file-in-1")), "{what}");
        assert_eq!(state["attempt"], 2, "{what}");
    }
}

#[test]
fn an_outage_that_starts_before_the_upload_ends_like_one_at_poll() {
    // Issue 40: the upload ran outside the script's `try`: after the waits
    // the Python script died with a traceback (exit 1), not the documented 75.
    for (dialect, shell) in every_script() {
        let faults = json!([{"method": "POST", "path_end": "/files", "times": 10, "mode": "503"}]);
        let w = World::new(&format!("upload-outage-{dialect:?}-{shell}"), json!({"statuses": ["completed"], "faults": faults}), INPUT);
        let o = options(dialect);
        let r = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(75), "{what}");
        assert!(!r.stderr.contains("Traceback"), "{what}");
        assert!(r.stderr.contains("service unreachable") && r.stderr.contains("run again"), "{what}");
        assert_eq!(r.creates(), 0, "{what}");
        // The service is back: a re-run submits.
        let again = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", again.show());
        assert_eq!(again.code, Some(0), "{what}");
        assert_eq!(again.creates(), 1, "{what}");
    }
}
