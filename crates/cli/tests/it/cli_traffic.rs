//! `batchlane traffic`: the same analysis as the core (and so the page) for
//! every fixture layout, the issue's JSON fields, usage and file errors
//! (exit 2, naming line and field), and values from a file escaped.

use serde_json::Value;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/traffic");

fn traffic(args: &[&str]) -> (i32, String, String) {
    let mut argv = vec!["traffic".to_string()];
    argv.extend(args.iter().map(|a| a.to_string()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(&argv, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn fixture(name: &str) -> String {
    format!("{FIXTURES}/{name}")
}

#[test]
fn json_has_the_issue_fields_and_equals_the_core() {
    let path = fixture("metrics-list.json");
    let (code, out, err) = traffic(&[&path, "--limit", "chat-gpt4o=10000/60", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    let chat = j["deployments"].as_array().unwrap().iter().find(|d| d["name"] == "chat-gpt4o").unwrap();
    for field in ["name", "model", "minutes", "peak", "p99", "throttled_minutes", "model_versions"] {
        assert!(chat.get(field).is_some(), "{field}");
    }
    assert_eq!(chat["peak"], serde_json::json!({"tpm": 9600.0, "rpm": 72.0}));
    let binds: Vec<&str> = chat["throttled_minutes"].as_array().unwrap().iter().map(|t| t["binds"].as_str().unwrap()).collect();
    assert_eq!(binds, ["tpm", "rpm", "burst"]);
    assert_eq!(chat["throttled_minutes"][0]["at"], "2026-11-02T09:01Z");
    let ptu = &j["ptu"][0];
    for field in ["model", "deployment_type", "payg", "peak_sized", "best", "curve"] {
        assert!(ptu.get(field).is_some(), "{field}");
    }
    assert!(ptu["best"]["ptu"].is_number() && ptu["best"]["spilled_share"].is_number() && ptu["payg"]["monthly_usd"].is_number());
    let t = &j["triage"][0];
    assert!(["throttling", "latency", "quality"].contains(&t["symptom"].as_str().unwrap()));
    assert!(t["finding"].is_string() && t["action"].is_string());
    // The same JSON the core builds (what the page shows comes from the same report).
    let bytes = std::fs::read(&path).unwrap();
    let options = batchlane_core::traffic::TrafficOptions {
        limits: vec![batchlane_core::traffic::parse_limit("chat-gpt4o=10000/60").unwrap()],
        ..Default::default()
    };
    let core = batchlane_core::traffic::run(
        &[(path.clone(), bytes.as_slice())],
        &options,
        &batchlane_core::facts::Catalog::builtin(),
        &mut |_, _| {},
    )
    .unwrap();
    assert_eq!(j, core.to_json());
}

#[test]
fn every_layout_gives_the_same_deployments() {
    let run = |name: &str| {
        let (code, out, err) = traffic(&[&fixture(name), "--limit", "chat-gpt4o=10000/60", "--format", "json"]);
        assert_eq!(code, 0, "{name}: {err}");
        let j: Value = serde_json::from_str(&out).unwrap();
        (j["deployments"].clone(), j["ptu"].clone(), j["triage"].clone())
    };
    let reference = run("metrics-list.json");
    for name in ["azuremetrics.csv", "azuremetrics.json", "azuremetrics-tables.json", "plain.csv"] {
        assert_eq!(run(name), reference, "{name}");
    }
}

#[test]
fn options_reach_the_analysis() {
    let path = fixture("plain.csv");
    let (_, out, _) = traffic(&[&path, "--deployment-type", "chat-gpt4o=datazone", "--ptu-pricing", "yearly", "--format", "json"]);
    let j: Value = serde_json::from_str(&out).unwrap();
    let chat = j["deployments"].as_array().unwrap().iter().find(|d| d["name"] == "chat-gpt4o").unwrap();
    assert_eq!(chat["deployment_type"], "datazone");
    assert!(j["ptu"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["model"] == "gpt-4o" && p["deployment_type"] == "datazone" && p["pricing"] == "yearly"));
    // A PTU price override reaches the curve: at $0 a PTU, the peak-sized count costs nothing.
    let (_, out, _) = traffic(&[&path, "--fact", "ptu_price_hourly.global=0", "--format", "json"]);
    let j: Value = serde_json::from_str(&out).unwrap();
    let p = j["ptu"].as_array().unwrap().iter().find(|p| p["model"] == "gpt-4o").unwrap();
    assert_eq!(p["peak_sized"]["monthly_usd"], 0.0);
    let (code, out, _) = traffic(&[&path]);
    assert_eq!(code, 0);
    assert!(out.contains("Triage") && out.contains("chat-gpt4o · gpt-4o · global"), "{out}");
}

#[test]
fn bad_usage_and_bad_files_exit_2_with_the_place() {
    for args in [
        &["--format", "json"][..],
        &["x.json", "--limit", "chat"],
        &["x.json", "--tier", "9"],
        &["x.json", "--deployment-type", "a=ptu"],
        &["x.json", "--bogus"],
    ] {
        let (code, _, err) = traffic(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with("batchlane traffic: "), "{err}");
    }
    let dir = std::env::temp_dir().join(format!("batchlane-traffic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, "timestamp,deployment,requests\n2026-11-02T09:00:00Z,a,1\n2026-11-02T09:01:00Z,a,lots\n").unwrap();
    let (code, out, err) = traffic(&[bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("bad.csv:3: requests: \"lots\" is not a count"), "{err}");
    let (code, _, err) = traffic(&[dir.join("missing.csv").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("missing.csv"), "{err}");
    let (code, out, _) = traffic(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--ptu-pricing"));
}

#[test]
fn values_from_a_file_are_escaped_in_text() {
    let dir = std::env::temp_dir().join(format!("batchlane-traffic-esc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("evil.csv");
    std::fs::write(&f, "timestamp,deployment,status\n2026-11-02T09:00:00Z,\"a\u{1b}[31m\u{2028}::error x\",429\n").unwrap();
    let (code, out, err) = traffic(&[f.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains('\u{1b}') && !out.contains('\u{2028}'), "{out:?}");
    assert!(out.contains("a\\u{1b}[31m\\u{2028}::error x"), "{out}");
}
