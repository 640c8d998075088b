//! `batchlane lanes`: the issue's JSON shape, the done-cases through the
//! command line, job files read and their errors named.

use serde_json::Value;
use std::path::PathBuf;

fn lanes(args: &[&str]) -> (i32, String, String) {
    let mut argv = vec!["lanes".to_string()];
    argv.extend(args.iter().map(|a| a.to_string()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(&argv, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.extend(["--format", "json"]);
    let (code, out, err) = lanes(&a);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

fn lane<'a>(v: &'a Value, lane: &str, dt: &str) -> &'a Value {
    v["lanes"].as_array().unwrap().iter().find(|l| l["lane"] == lane && l["deployment_type"] == dt).unwrap()
}

fn tmp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cli-lanes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn json_has_exactly_the_issue_shape() {
    let v = json(&["--model", "gpt-4o-mini", "--deadline-hours", "48", "--tokens-per-day", "10000000"]);
    let mut keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["cheapest", "lanes", "model"]);
    assert_eq!(v["model"], "gpt-4o-mini");
    assert_eq!(v["cheapest"], "batch");
    for l in v["lanes"].as_array().unwrap() {
        let mut k: Vec<&String> = l.as_object().unwrap().keys().collect();
        k.sort();
        assert_eq!(k, ["available", "deployment_type", "lane", "meets_deadline", "source", "usd_per_day", "why"]);
        assert!(["batch", "flex", "priority", "standard", "provisioned"].contains(&l["lane"].as_str().unwrap()));
        assert!(l["available"].is_boolean() && l["why"].is_string());
        assert!(l["meets_deadline"].is_boolean() || l["meets_deadline"].is_null());
        assert!(l["usd_per_day"].is_number() || l["usd_per_day"].is_null());
    }
    let b = lane(&v, "batch", "global");
    assert_eq!(b["available"], true);
    assert!(b["source"].as_str().unwrap().contains("deployments-batch.md@2a5ac24, 2026-08-28"), "{}", b["source"]);
}

#[test]
fn the_done_cases_through_the_command_line() {
    let v = json(&["--model", "gpt-5.5"]);
    assert_eq!(lane(&v, "batch", "global")["available"], false);
    assert_eq!(lane(&v, "batch", "datazone")["available"], false);
    let v = json(&["--model", "gpt-5.4", "--region", "francecentral", "--data-zone"]);
    assert_eq!(lane(&v, "batch", "datazone")["available"], false);
    assert_eq!(lane(&v, "batch", "global")["available"], false);
    let v = json(&["--model", "gpt-5.6-sol"]);
    assert_eq!(lane(&v, "flex", "global")["available"], true);
    let v = json(&["--model", "gpt-4.1", "--deadline-hours", "1", "--tokens-per-day", "1000000"]);
    assert_eq!(lane(&v, "batch", "global")["meets_deadline"], false);
    assert_ne!(v["cheapest"], "batch");
    assert!(v["cheapest"].is_string());
}

#[test]
fn job_files_feed_the_deadline_test_and_the_text() {
    let page = tmp(
        "page.json",
        r#"{"object":"list","data":[{"id":"b1","model":"gpt-4o-mini","endpoint":"/v1/chat/completions","status":"completed","created_at":0,"completed_at":3600},
           {"id":"b2","model":"gpt-4o-mini","endpoint":"/v1/chat/completions","status":"expired","created_at":0}],"has_more":false}"#,
    );
    let p = page.to_str().unwrap();
    let v = json(&["--model", "gpt-4o-mini", "--deadline-hours", "2", "--jobs", p]);
    assert_eq!(lane(&v, "batch", "global")["meets_deadline"], true, "p90 of 1 h meets 2 h");
    let (code, out, _) = lanes(&["--model", "gpt-4o-mini", "--deadline-hours", "2", "--jobs", p, "--region", "eastus"]);
    assert_eq!(code, 0);
    assert!(out.contains("1 completed, p50 1.00 h, p90 1.00 h, max 1.00 h; 0 failed, 1 expired"), "{out}");
    assert!(out.contains("cheapest that meets the need: batch (global)"), "{out}");
    let bad = tmp("bad.json", "{\"object\":\"list\",\"data\":[{\"id\":\"x\",\n\"created_at\":true}]}");
    let (code, _, err) = lanes(&["--model", "gpt-4o-mini", "--jobs", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.json: line 2") && err.contains("created_at"), "{err}");
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(lanes(&[]).0, 2);
    assert_eq!(lanes(&["--model", "gpt-4o", "--deadline-hours", "-1"]).0, 2);
    assert_eq!(lanes(&["--model", "gpt-4o", "--jobs"]).0, 2);
    let (code, _, err) = lanes(&["--model", "gpt-4oo"]);
    assert_eq!(code, 2);
    assert!(err.contains("closest known"), "{err}");
    assert_eq!(lanes(&["--help"]).0, 0);
}

#[test]
fn an_imported_batch_matrix_answers_through_catalog() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/facts-import/deployments-batch.md");
    let cat = tmp("lane-catalog.json", "");
    let argv: Vec<String> =
        ["facts", "import", root.to_str().unwrap(), "-o", cat.to_str().unwrap()].iter().map(|s| s.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(&argv, &mut out, &mut err);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
    let printed = String::from_utf8(out).unwrap();
    assert!(printed.contains("lane_batch_global.gpt-5.5/2026-04-24/swedencentral"), "{printed}");

    let q = ["--model", "gpt-5.5", "--region", "swedencentral"];
    let built_in = json(&q);
    assert_eq!(lane(&built_in, "batch", "global")["available"], false);
    let mut with = q.to_vec();
    with.extend(["--catalog", cat.to_str().unwrap()]);
    let v = json(&with);
    let g = lane(&v, "batch", "global");
    assert_eq!(g["available"], true, "{g}");
    let src = g["source"].as_str().unwrap();
    assert!(src.contains("deployments-batch.md") && src.contains("2026-10-01"), "{src}");
    let (code, text, err) = lanes(&with);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("deployments-batch.md"), "{text}");
}

#[test]
fn typed_numbers_take_the_group_separators_of_every_surface() {
    let plain = json(&["--model", "gpt-4o-mini", "--deadline-hours", "48", "--tokens-per-day", "10000000"]);
    for typed in ["10 000 000", "10,000,000", "10_000_000", "10\u{a0}000\u{a0}000"] {
        let v = json(&["--model", "gpt-4o-mini", "--deadline-hours", "48", "--tokens-per-day", typed]);
        assert_eq!(v, plain, "{typed:?}");
    }
}
