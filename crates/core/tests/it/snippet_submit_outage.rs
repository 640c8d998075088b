//! The generated submission scripts (`snippet_submit_run.rs`) through
//! outages while polling and downloading, a run that gives up and its rerun,
//! a resume by batch id, `token_limit_exceeded` at create or later, a
//! completed job without an output file and an expired one with part of it.

use super::snippet_submit_world::*;
use serde_json::json;

#[test]
fn an_outage_while_polling_and_downloading_is_ridden_out_with_backoff() {
    // Three 503s and two connection resets on the polls, a reset on the download.
    let faults = json!([
        {"method": "GET", "path": "/batches/", "times": 3, "mode": "503"},
        {"method": "GET", "path": "/batches/", "times": 2, "mode": "reset"},
        {"method": "GET", "path": "/content", "times": 1, "mode": "reset"},
    ]);
    for (dialect, shell) in every_script() {
        let w =
            World::new(&format!("outage-{dialect:?}-{shell}"), json!({"statuses": ["in_progress", "completed"], "faults": faults}), INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert_eq!(r.creates(), 1, "{what}");
        assert_eq!(polls(&r, "batch_1"), 5 + 2, "{what}");
        // Backoff: 15, 30, 60, 120, 240 s over the five failed polls, then 15 s for the download.
        let sleeps = r.sleep_seconds();
        for backoff in [15.0, 30.0, 60.0, 120.0, 240.0] {
            assert!(sleeps.contains(&backoff), "backoff {backoff} in {sleeps:?}\n{what}");
        }
        assert_eq!(w.joined("batch_1").len(), 2, "{what}");
    }
}

#[test]
fn a_run_that_gives_up_says_how_to_resume_and_a_rerun_resumes_without_a_second_create() {
    for (dialect, shell) in every_script() {
        // The polls fail past the retry bound (10 tries), then the service is back.
        let faults = json!([{"method": "GET", "path": "/batches/", "times": 10, "mode": "503"}]);
        let w =
            World::new(&format!("resume-{dialect:?}-{shell}"), json!({"statuses": ["in_progress", "completed"], "faults": faults}), INPUT);
        let o = options(dialect);
        let first = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", first.show());
        assert_eq!(first.code, Some(75), "{what}");
        assert!(first.stderr.contains("--batch-id batch_1"), "{what}");
        assert_eq!(w.state()["batch_id"], "batch_1", "{what}");
        let second = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", second.show());
        assert_eq!(second.code, Some(0), "{what}");
        assert!(second.stdout.contains("resuming"), "{what}");
        assert_eq!((second.uploads(), second.creates()), (1, 1), "one upload and one create over both runs\n{what}");
        assert_eq!(second.copied().len(), 3, "{what}");
    }
}

#[test]
fn batch_id_resumes_polling_and_copying_without_upload_or_create() {
    for (dialect, shell) in every_script() {
        let w = World::new(&format!("batch-id-{dialect:?}-{shell}"), json!({"statuses": ["Completed"]}), INPUT);
        // A batch the server knows: created by an earlier run in another directory.
        let prior = w.run(&options(dialect), shell, &[]);
        assert_eq!(prior.code, Some(0), "{}", prior.show());
        std::fs::remove_file(w.dir.join("batch.jsonl.batch.json")).unwrap();
        let r = w.run(&options(dialect), shell, &["--batch-id", "batch_1"]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert_eq!((r.uploads(), r.creates()), (1, 1), "nothing uploaded or created by --batch-id\n{what}");
        assert_eq!(r.copied(), ["batch_1/output.jsonl", "batch_1/errors.jsonl", "batch_1/joined.jsonl"], "{what}");
    }
}

#[test]
fn help_says_a_rerun_resumes() {
    for (dialect, shell) in every_script() {
        let w = World::new(&format!("help-{dialect:?}-{shell}"), json!({}), INPUT);
        let r = w.run(&options(dialect), shell, &["--help"]);
        assert_eq!(r.code, Some(0), "{}", r.show());
        let help = r.stdout.replace('\n', " ");
        assert!(help.contains("--batch-id") && help.contains("resumes"), "{help}");
        assert!(r.requests.is_empty());
    }
}

#[test]
fn token_limit_exceeded_at_create_or_later_as_a_failed_batch_creates_again_with_backoff() {
    let first = first_backoff();
    for (dialect, shell) in every_script() {
        // Create 1 refused at once; create 2 accepted, then failed with token_limit_exceeded; create 3 runs.
        let config = json!({"statuses": ["in_progress", "completed"], "create_token_limit": 1, "quota_failures": 1});
        let w = World::new(&format!("quota-{dialect:?}-{shell}"), config, INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert_eq!((r.uploads(), r.creates()), (1, 3), "{what}");
        let sleeps = r.sleep_seconds();
        assert!(sleeps.contains(&first) && sleeps.contains(&(2.0 * first)), "{sleeps:?}\n{what}");
        assert_eq!(r.copied(), ["batch_2/output.jsonl", "batch_2/errors.jsonl", "batch_2/joined.jsonl"], "{what}");
        assert_eq!(w.state()["batch_id"], "batch_2", "{what}");
        assert!(create_body(&r)["input_file_id"] == "file-in-1", "{what}");
    }
}

#[test]
fn token_limit_exceeded_gives_up_after_the_catalog_attempts() {
    for (dialect, shell) in every_script() {
        let w = World::new(&format!("quota-full-{dialect:?}-{shell}"), json!({"quota_failures": 99}), INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(6), "{what}");
        assert_eq!(r.creates(), max_attempts(), "{what}");
        assert!(r.stderr.contains("quota still full"), "{what}");
    }
}

#[test]
fn completed_without_an_output_file_copies_the_error_file_and_says_so() {
    for (dialect, shell) in every_script() {
        let config = json!({"statuses": ["completed"], "output_ids": [], "error_ids": ["r1", "r2"]});
        let w = World::new(&format!("no-output-{dialect:?}-{shell}"), config, INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(3), "completed, requests not ok\n{what}");
        assert!(r.stderr.contains("without an output file"), "{what}");
        assert_eq!(r.copied().len(), 3, "{what}");
        let joined = w.joined("batch_1");
        assert_eq!(joined.iter().filter(|j| j["outcome"] == "failed").count(), 2, "{joined:?}");
    }
}

#[test]
fn expired_with_partial_output_copies_what_finished_and_exits_expired() {
    for (dialect, shell) in every_script() {
        let config =
            json!({"statuses": ["in_progress", "Expired"], "custom_ids": ["r1", "r2", "r3"], "output_ids": ["r1"], "error_ids": ["r2"]});
        let ids: Vec<String> = ["r1", "r2", "r3"].map(String::from).to_vec();
        let w = World::new(&format!("expired-{dialect:?}-{shell}"), config, &input_of(&ids));
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(4), "{what}");
        assert!(r.stderr.contains("ALERT"), "{what}");
        assert_eq!(r.copied().len(), 3, "{what}");
        let mut outcomes: Vec<(String, String)> =
            w.joined("batch_1").iter().map(|j| (j["custom_id"].as_str().unwrap().into(), j["outcome"].as_str().unwrap().into())).collect();
        outcomes.sort();
        assert_eq!(outcomes, [("r1".into(), "ok".into()), ("r2".into(), "failed".into()), ("r3".into(), "missing".into())], "{what}");
    }
}
