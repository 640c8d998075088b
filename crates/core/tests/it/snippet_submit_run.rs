//! Runs the generated submission scripts (Python and bash/curl, both
//! dialects) against a local fake batch server
//! (`tests/fixtures/python/fake_batch_server.py`, on a free port) that
//! misbehaves as the real services do when its config asks: statuses in any
//! case, `token_limit_exceeded` at create and as a later `failed` batch,
//! 5xx and connection resets, `completed` without an output file, `expired`
//! with part of the output, outputs of hundreds of MB streamed, creates whose
//! answer is lost after the batch was made (reset, 5xx, an answer later than
//! `SUBMIT_API_TIMEOUT_SECONDS`), listings that lag or page past other
//! clients' batches; batches made are counted server-side.
//!
//! The Python script runs through the REAL `openai` package (the venv of
//! `./dev setup`, `BATCHLANE_PYTHON` or `<repo>/.tools/py/bin/python`; the
//! pins are in `tests/fixtures/python/requirements.txt`), with fakes of
//! azure-identity and azure-storage-blob on PYTHONPATH and `time.sleep` made
//! instant (and recorded) by the fakes' `sitecustomize`. The bash script runs
//! the real curl (through a shim that records its argv) and jq, with fakes of
//! `az` and `sleep` first on PATH.
//!
//! This file: polling through every status in both dialects, the poll
//! floor, a line for another deployment, outputs of hundreds of MB streamed,
//! the bearer token kept off curl's command line. Outages, resumes, token
//! limits and partial outputs: `snippet_submit_outage.rs`; creates whose
//! answer is lost: `snippet_submit_lookup.rs`; what they share:
//! `snippet_submit_world.rs`.

use super::snippet_submit_world::*;
use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{submit_curl, submit_python, Dialect, SubmitOptions, AZURE_BATCH_API_VERSION};
use serde_json::json;

const STATUSES: &[&str] = &["Validating", "Mystery", "In_Progress", "Completed"];

#[test]
fn python_azure_polls_through_capitalised_and_unknown_statuses_with_the_documented_api_version() {
    let c = Catalog::builtin();
    let o = SubmitOptions::new(Dialect::Azure, &c);
    let w = World::new("py-azure", json!({"statuses": STATUSES}), INPUT);
    let r = w.run(&o, false, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(polls(&r, "batch_1"), STATUSES.len(), "kept polling through Validating, Mystery and In_Progress");
    assert!(r.stderr.contains("unknown batch status 'Mystery'"), "{}", r.stderr);
    assert!(!r.stderr.contains("'Validating'") && !r.stderr.contains("'In_Progress'"), "known, whatever their case");
    for req in &r.requests {
        assert!(req["path"].as_str().unwrap().starts_with("/openai/"), "{req}");
        assert_eq!(req["query"]["api-version"], json!([AZURE_BATCH_API_VERSION]), "{req}");
        assert_eq!(req["auth"], "Bearer fake-token", "{req}");
    }
    // The real SDK's multipart upload, with the expiry.
    let upload = &r.requests[0];
    assert_eq!(upload["form"]["purpose"], "batch", "{upload}");
    assert!(upload["form"]["file"].as_str().unwrap().contains("\"custom_id\":\"r1\""), "{upload}");
    assert!(
        upload["form"]
            .as_object()
            .unwrap()
            .iter()
            .any(|(k, v)| k.contains("seconds") && v == &json!(o.file_expires_after_seconds.to_string())),
        "{upload}"
    );
    let body = create_body(&r);
    assert_eq!(body["output_expires_after"]["seconds"], o.output_expires_after_seconds);
    assert_eq!(body["completion_window"], "24h");
    assert_eq!(r.sleep_seconds(), vec![o.poll_interval_seconds as f64; STATUSES.len() - 1]);
    assert_eq!(r.copied(), ["batch_1/output.jsonl", "batch_1/errors.jsonl", "batch_1/joined.jsonl"]);
    let joined = w.joined("batch_1");
    assert!(joined.iter().all(|j| j["outcome"] == "ok" && j["request"]["body"]["model"] == "batch-summarize"), "{joined:?}");
    assert!(r.stdout.contains("submitted batch_1") && r.stdout.contains("--batch-id batch_1"), "the id is printed: {}", r.stdout);
    assert_eq!(w.state()["batch_id"], "batch_1");
}

#[test]
fn python_openai_has_no_api_version_and_no_azure_poll_floor() {
    let c = Catalog::builtin();
    let mut o = SubmitOptions::new(Dialect::OpenAi, &c);
    o.poll_interval_seconds = 1; // below Azure's floor: fine for OpenAI
    let w = World::new("py-openai", json!({"statuses": ["validating", "made_up_status", "COMPLETED"]}), INPUT);
    let r = w.run(&o, false, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(polls(&r, "batch_1"), 3);
    assert!(r.stderr.contains("unknown batch status 'made_up_status'"), "{}", r.stderr);
    for req in &r.requests {
        assert!(req["path"].as_str().unwrap().starts_with("/v1/"), "{req}");
        assert!(req["query"].as_object().unwrap().is_empty(), "{req}");
        assert_eq!(req["auth"], "Bearer sk-test", "{req}");
    }
    assert_eq!(create_body(&r)["endpoint"], "/v1/chat/completions");
    assert_eq!(r.sleep_seconds(), vec![1.0, 1.0]);
}

#[test]
fn curl_azure_checks_the_deployment_and_polls_through_capitalised_and_unknown_statuses() {
    let c = Catalog::builtin();
    let o = SubmitOptions::new(Dialect::Azure, &c);
    let w = World::new("sh-azure", json!({"statuses": STATUSES}), INPUT);
    let r = w.run(&o, true, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(polls(&r, "batch_1"), STATUSES.len());
    assert!(r.stderr.contains("unknown batch status Mystery; still polling"), "{}", r.stderr);
    assert!(!r.stderr.contains("status Validating") && !r.stderr.contains("status In_Progress"), "{}", r.stderr);
    for req in &r.requests {
        assert_eq!(req["query"]["api-version"], json!([AZURE_BATCH_API_VERSION]), "{req}");
        assert_eq!(req["auth"], "Bearer fake-token");
    }
    let upload = &r.requests[0];
    assert_eq!(upload["form"]["purpose"], "batch");
    assert_eq!(upload["form"]["expires_after.seconds"], o.file_expires_after_seconds.to_string());
    assert_eq!(create_body(&r)["output_expires_after"]["seconds"], o.output_expires_after_seconds);
    assert_eq!(r.sleeps, vec![o.poll_interval_seconds.to_string(); STATUSES.len() - 1]);
    assert_eq!(r.copied(), ["batch_1/output.jsonl", "batch_1/errors.jsonl", "batch_1/joined.jsonl"]);
    assert!(r.stdout.contains("2 requests, 0 not ok"), "{}", r.stdout);
    assert!(r.stdout.contains("submitted batch_1") && r.stdout.contains("--batch-id batch_1"), "{}", r.stdout);
    assert_eq!(w.state()["batch_id"], "batch_1");
}

#[test]
fn curl_openai_polls_through_unknown_statuses() {
    let c = Catalog::builtin();
    let mut o = SubmitOptions::new(Dialect::OpenAi, &c);
    o.poll_interval_seconds = 2;
    let w = World::new("sh-openai", json!({"statuses": ["VALIDATING", "made_up_status", "Completed"]}), INPUT);
    let r = w.run(&o, true, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(polls(&r, "batch_1"), 3);
    assert!(r.stderr.contains("unknown batch status made_up_status"), "{}", r.stderr);
    assert!(r.requests.iter().all(|q| q["path"].as_str().unwrap().starts_with("/v1/") && q["auth"] == "Bearer sk-test"));
    assert_eq!(r.requests[0]["form"]["expires_after[seconds]"], o.file_expires_after_seconds.to_string());
    assert_eq!(r.sleeps, vec!["2".to_string(), "2".to_string()]);
}

#[test]
fn both_scripts_refuse_a_line_for_another_deployment_before_uploading() {
    let c = Catalog::builtin();
    let (first, second) = INPUT.split_once('\n').unwrap();
    let wrong = format!("{first}\n{}", second.replace("batch-summarize", "gpt-4o"));
    for shell in [false, true] {
        let o = SubmitOptions::new(Dialect::Azure, &c);
        let w = World::new(&format!("wrong-model-{shell}"), json!({"statuses": STATUSES}), &wrong);
        let r = w.run(&o, shell, &[]);
        assert_eq!(r.code, Some(1), "shell={shell}\n{}", r.show());
        assert!(r.stderr.contains("line 2: model is gpt-4o") || r.stderr.contains("line 2: model is not batch-summarize"), "{}", r.stderr);
        assert!(r.requests.is_empty(), "nothing uploaded: {:?}", r.requests);
    }
}

#[test]
fn the_poll_floor_is_azure_only() {
    let c = Catalog::builtin();
    let mut azure = SubmitOptions::new(Dialect::Azure, &c);
    azure.poll_interval_seconds = 10;
    assert_eq!(submit_python(&azure, &c).unwrap_err()[0].field, "poll_interval_seconds");
    assert_eq!(submit_curl(&azure, &c).unwrap_err()[0].field, "poll_interval_seconds");
    let mut openai = SubmitOptions::new(Dialect::OpenAi, &c);
    openai.poll_interval_seconds = 10;
    assert!(submit_python(&openai, &c).is_ok() && submit_curl(&openai, &c).is_ok());
    openai.poll_interval_seconds = 0;
    assert_eq!(submit_curl(&openai, &c).unwrap_err()[0].field, "poll_interval_seconds");
    // The OpenAI dialect has no api-version to fill in.
    openai.poll_interval_seconds = 10;
    openai.api_version = String::new();
    assert!(submit_python(&openai, &c).is_ok());
}

const LARGE_LINES: usize = 300;
const LARGE_LINE_BYTES: usize = 1 << 20;

#[test]
fn python_streams_a_300_mb_output_to_disk_within_a_100_mb_budget() {
    let ids: Vec<String> = (0..LARGE_LINES).map(|i| format!("r{i}")).collect();
    let config = json!({"statuses": ["completed"], "custom_ids": ids, "output_line_bytes": LARGE_LINE_BYTES});
    let w = World::new("large-python", config, &input_of(&ids));
    let r = w.run_with(&options(Dialect::Azure), false, &[], true, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let rss = r.max_rss_kib.expect("rss measured");
    let uploaded: Vec<u64> = r.events.iter().filter(|e| e["event"] == "owned_upload").map(|e| e["size"].as_u64().unwrap()).collect();
    eprintln!("output {} MB, peak RSS {} MB, {:?}", uploaded[0] >> 20, rss >> 10, r.elapsed);
    assert!(rss < 100 * 1024, "peak RSS {} MB for a {} MB output", rss >> 10, uploaded[0] >> 20);
    let size = std::fs::metadata(w.dir.join("batch_1.output.jsonl")).unwrap().len();
    assert!(size > (LARGE_LINES * LARGE_LINE_BYTES) as u64, "{size}");
    assert_eq!(uploaded[0], size, "the whole output copied");
}

#[test]
fn curl_streams_a_large_output_to_disk() {
    let ids: Vec<String> = (0..64).map(|i| format!("r{i}")).collect();
    let config = json!({"statuses": ["completed"], "custom_ids": ids, "output_line_bytes": LARGE_LINE_BYTES});
    let w = World::new("large-curl", config, &input_of(&ids));
    let r = w.run(&options(Dialect::OpenAi), true, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(r.curl_argv.iter().any(|a| a.contains("-o batch_1.output.jsonl.part")), "{:?}", r.curl_argv);
    assert_eq!(w.joined("batch_1").len(), 64);
}

#[test]
fn the_bearer_token_never_reaches_curls_command_line() {
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let w = World::new(&format!("argv-{dialect:?}"), json!({"statuses": ["completed"]}), INPUT);
        let r = w.run(&options(dialect), true, &[]);
        assert_eq!(r.code, Some(0), "{}", r.show());
        assert!(r.curl_argv.len() >= 4, "{:?}", r.curl_argv);
        let token = if dialect == Dialect::Azure { "fake-token" } else { "sk-test" };
        for argv in &r.curl_argv {
            assert!(!argv.contains(token) && !argv.contains("Authorization"), "token on the command line: {argv}");
        }
        // The header file (mode 600) is gone once the script ends.
        let left: Vec<_> = std::fs::read_dir(w.dir.join("tmp")).unwrap().map(|e| e.unwrap().path()).collect();
        assert!(left.is_empty(), "{left:?}");
    }
}
