//! The generated control plane, run for real through the real `openai`
//! package (the venv `./dev setup` makes) against a local fake of the batch
//! API in both dialects that misbehaves as the services do
//! (`tests/fixtures/control_plane`); stand-ins for the Azure identity and
//! blob packages go first on `PYTHONPATH`. Two tenants,
//! three jobs whose sum exceeds the enqueued-token quota: one waits and
//! starts when the others are terminal; the expired one raises the alert
//! hook; outputs are copied and usage is attributed per tenant (checked
//! against the core's own result-line parser). The service's line checks
//! agree with the core checker on the repo's batch fixtures.
//!
//! Shared with the other control-plane files: `control_plane_harness.rs`;
//! races, crashes, time-outs and hostile input: `control_plane_faults.rs`;
//! an unanswered create looked up, the container and the copy:
//! `control_plane_recovery.rs`.

use super::control_plane_harness::*;
use super::snippet_python::{json_lines, python};
use batchlane_core::batch::{check_bytes, CheckOptions, Severity};
use batchlane_core::facts::Catalog;
use batchlane_core::results::{parse_result_line, Usage};
use batchlane_core::snippets::{control_python, ControlOptions, Dialect};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

fn scenario(dialect: Dialect, capitalise: bool) {
    let dir = scratch(&format!("{}-{capitalise}", dialect.fact_subject()));
    let fake = Fake::with(&dir, serde_json::json!({"quota": 10_000_000, "capitalise": capitalise}));
    // Each line holds max_tokens (100,000) plus its bytes: two two-line jobs
    // fit under 450,000, the third (one line) does not fit beside them.
    let svc = Service::new(&dir, dialect, 450_000, &fake);
    let py = Command::new("python3").args(["-m", "py_compile", "control_plane.py"]).current_dir(&dir).status().unwrap();
    assert!(py.success(), "py_compile");
    let first = svc.submit("contoso", "a.jsonl", &["a-1", "a-2"]);
    let expiring = svc.submit("fabrikam", "b.jsonl", &["expire-1", "expire-2"]);
    let waiting = svc.submit("contoso", "c.jsonl", &["c-1"]);
    let jobs = svc.jobs();
    let held: u64 = [&first, &expiring, &waiting].iter().map(|id| jobs[*id]["enqueued_tokens"].as_u64().unwrap()).sum();
    assert!(held > 450_000, "the three jobs must exceed the quota together ({held})");
    assert!(jobs.values().all(|j| j["status"] == "queued"));

    svc.run(&["tick"]);
    let jobs = svc.jobs();
    assert_eq!((status(&jobs, &first), status(&jobs, &expiring)), ("validating".into(), "validating".into()));
    assert_eq!(status(&jobs, &waiting), "queued", "the third job must wait");
    assert!(jobs[&waiting]["batch_id"].is_null());

    svc.run(&["tick"]);
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &first), "in_progress");
    assert_eq!(status(&jobs, &waiting), "queued", "still no room");

    let (_, stderr) = svc.run(&["tick"]);
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &first), "completed");
    assert_eq!(status(&jobs, &expiring), "expired");
    assert_eq!(status(&jobs, &waiting), "validating", "the waiting job starts once the others are terminal");
    assert!(jobs[&waiting]["submitted_at"].as_f64().unwrap() >= jobs[&first]["finished_at"].as_f64().unwrap());
    assert!(stderr.contains("ALERT") && stderr.contains(&expiring), "{stderr}");
    let alerts: Vec<Value> = fake.events().into_iter().filter_map(|e| e.get("alert").cloned()).collect();
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    assert_eq!((alerts[0]["job_id"].as_str(), alerts[0]["status"].as_str()), (Some(expiring.as_str()), Some("expired")));

    svc.run(&["tick"]);
    svc.run(&["tick"]);
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &waiting), "completed");

    // Every API call went to this dialect's paths.
    let calls: Vec<Value> = fake.events().into_iter().filter(|e| e.get("dialect").is_some()).collect();
    assert!(!calls.is_empty() && calls.iter().all(|e| e["dialect"] == dialect.fact_subject()), "{calls:?}");

    // Copied files, and usage per tenant = the core's parse of the copies.
    let mut expected: BTreeMap<String, Usage> = BTreeMap::new();
    for (tenant, id) in [("contoso", &first), ("fabrikam", &expiring), ("contoso", &waiting)] {
        let folder = dir.join("blobs/batch-results").join(tenant).join(id);
        let output = std::fs::read(folder.join("output.jsonl")).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(folder.join("errors.jsonl").exists());
        assert!(!output.is_empty(), "{id}: output copied empty");
        for line in output.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
            let r = parse_result_line(line).unwrap();
            expected.entry(tenant.to_string()).or_default().add(&r.usage);
        }
    }
    let errors = std::fs::read_to_string(dir.join("blobs/batch-results/fabrikam").join(&expiring).join("errors.jsonl")).unwrap();
    assert!(errors.contains("expire-2"), "the expired job's error file was copied: {errors}");
    let usage: Value = serde_json::from_str(&svc.run(&["usage"]).0).unwrap();
    for (tenant, u) in &expected {
        let got = &usage[tenant];
        assert_eq!(
            (got["prompt"].as_u64(), got["cached"].as_u64(), got["completion"].as_u64()),
            (Some(u.prompt), Some(u.cached), Some(u.completion)),
            "{tenant}: {usage}"
        );
    }
    assert_eq!(usage["contoso"]["jobs"], 2);
    assert!(expected["contoso"].prompt > 0 && expected["fabrikam"].prompt > 0);
}

/// Azure's REST sample answers "Validating", "Completed": the whole lifecycle
/// runs on capitalised statuses (outputs copied, tokens released, the waiting job starts).
#[test]
fn the_service_queues_alerts_copies_and_attributes_azure_with_capitalised_statuses() {
    scenario(Dialect::Azure, true);
}

#[test]
fn the_service_queues_alerts_copies_and_attributes_openai() {
    scenario(Dialect::OpenAi, false);
}

#[test]
fn token_limit_exceeded_backs_off_and_retries_later() {
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let dir = scratch(&format!("backoff-{}", dialect.fact_subject()));
        // Someone else holds the deployment's quota: the service's own budget has room, the API refuses.
        let fake = Fake::start(&dir, 1_000);
        let svc = Service::new(&dir, dialect, 450_000, &fake);
        let id = svc.submit("contoso", "a.jsonl", &["a-1"]);
        svc.run(&["tick"]);
        let jobs = svc.jobs();
        assert_eq!(status(&jobs, &id), "queued");
        assert_eq!(jobs[&id]["attempts"], 1);
        let wait = jobs[&id]["next_attempt_at"].as_f64().unwrap() - jobs[&id]["created_at"].as_f64().unwrap();
        let first = Catalog::builtin().require(batchlane_core::facts::Kind::FailFastFirstBackoffSeconds, "azure");
        assert!(wait >= first, "backoff of {wait} s, first backoff {first} s");
        // Within the backoff, a tick does not try again.
        svc.run(&["tick"]);
        assert_eq!(svc.jobs()[&id]["attempts"], 1);
        let creates = fake.events().iter().filter(|e| e["method"] == "POST" && e["path"] == "/batches").count();
        assert_eq!(creates, 1);
    }
}

/// The error codes the service's own line checks implement.
const SHARED_CODES: [&str; 12] = [
    "empty_file",
    "utf8_bom",
    "invalid_utf8",
    "invalid_json_line",
    "missing_required_parameter",
    "invalid_request",
    "duplicate_custom_id",
    "url_mismatch",
    "invalid_url",
    "model_mismatch",
    "streaming_unsupported",
    "custom_id_too_long",
];

#[test]
fn the_service_line_checks_agree_with_the_core_checker_on_the_fixtures() {
    let catalog = Catalog::builtin();
    let dir = scratch("agree");
    let mut seen = std::collections::BTreeSet::new();
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let src = control_python(&ControlOptions::new(dialect, &catalog), &catalog).unwrap();
        std::fs::write(dir.join("control_plane.py"), src).unwrap();
        let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures().join("batch")).unwrap().map(|e| e.unwrap().path()).collect();
        paths.retain(|p| p.extension().is_some_and(|x| x == "jsonl" || x == "json") && !p.to_string_lossy().ends_with(".errors.json"));
        paths.sort();
        assert!(paths.len() >= 10, "{paths:?}");
        // One process per dialect checks every fixture (importing the SDK once).
        let driver = "import json, sys\nimport control_plane\nfor p in sys.argv[1:]:\n    with open(p, 'rb') as f:\n        found = control_plane.check_jsonl(f.read())\n    print(json.dumps([[n, code, sev] for n, code, sev, _ in found]))";
        let out = Command::new(python())
            .current_dir(&dir)
            .env("PYTHONPATH", fixtures().join("control_plane/stubs"))
            .args(["-c", driver])
            .args(&paths)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let answers: Vec<Value> = json_lines(&stdout);
        assert_eq!(answers.len(), paths.len(), "{}", String::from_utf8_lossy(&out.stderr));
        for (path, answer) in paths.iter().zip(answers) {
            let bytes = std::fs::read(path).unwrap();
            let options = CheckOptions { dialect, count_tokens: false, ..CheckOptions::default() };
            let report = check_bytes(&bytes, options, &catalog);
            let mut core: Vec<(u64, String)> = report
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error && SHARED_CODES.contains(&d.code.as_str()))
                .map(|d| (d.line, d.code.as_str().to_string()))
                .collect();
            let mut py: Vec<(u64, String)> = answer
                .as_array()
                .unwrap()
                .iter()
                .filter(|v| v[2] == "error" && SHARED_CODES.contains(&v[1].as_str().unwrap()))
                .map(|v| (v[0].as_u64().unwrap(), v[1].as_str().unwrap().to_string()))
                .collect();
            core.sort();
            py.sort();
            assert_eq!(py, core, "{} ({})", path.display(), dialect.fact_subject());
            seen.extend(core.into_iter().map(|(_, c)| c));
        }
    }
    // The fixtures exercise most of the shared rules (a comparison of nothing proves nothing).
    assert!(seen.len() >= 6, "{seen:?}");
}
