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

/// Runs the binary on `args`, killed after `seconds`: (exit code, stdout,
/// stderr); `None` when it had to be killed.
fn binary(args: &[&str], seconds: u64) -> (Option<i32>, String, String) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_batchlane"))
        .arg("traffic")
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let mut e = String::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let _ = err.read_to_string(&mut e);
    (code, reader.join().unwrap(), e)
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("batchlane-traffic-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A zone offset holding a multi-byte character, in every layout: exit 2
/// naming the file and line (before: a panic, exit 101).
#[test]
fn a_multibyte_character_in_a_time_exits_2_in_every_layout() {
    let t = "2026-11-01T00:00+1é";
    let files = [
        ("plain.csv", format!("timestamp,deployment,requests\n{t},a,1\n")),
        ("la.csv", format!("TimeGenerated,MetricName,Total\n{t},AzureOpenAIRequests,1\n")),
        ("la.json", format!("[{{\"TimeGenerated\": \"{t}\", \"MetricName\": \"AzureOpenAIRequests\", \"Total\": 1}}]")),
        (
            "tables.json",
            format!("{{\"tables\": [{{\"columns\": [{{\"name\": \"TimeGenerated\"}}, {{\"name\": \"MetricName\"}}, {{\"name\": \"Total\"}}], \"rows\": [[\"{t}\", \"AzureOpenAIRequests\", 1]]}}]}}"),
        ),
        (
            "rest.json",
            format!("{{\"value\": [{{\"name\": {{\"value\": \"AzureOpenAIRequests\"}}, \"timeseries\": [{{\"data\": [{{\"timeStamp\": \"{t}\", \"total\": 1}}]}}]}}]}}"),
        ),
    ];
    for (name, body) in files {
        let path = scratch(&format!("zone-{name}"));
        std::fs::write(&path, body).unwrap();
        let (code, out, err) = binary(&[path.to_str().unwrap()], 60);
        assert_eq!(code, Some(2), "{name}: {err}");
        assert!(out.is_empty(), "{name}");
        assert!(!err.contains("panicked"), "{name}: {err}");
        assert!(err.contains(&format!("zone-{name}:")) && err.contains(t), "{name}: {err}");
    }
}

/// `/dev/zero` claims no size and never ends: it is read as a stream and
/// refused from its first bytes (before: read until memory ran out).
#[test]
fn dev_zero_stops_with_a_clear_message() {
    let (code, out, err) = binary(&["/dev/zero"], 60);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert!(err.contains("/dev/zero:1: not a metrics export"), "{err}");
}

/// A pipe that never ends is read as a stream: the store's bound on
/// deployment-minutes stops it with the span it would need (daily points,
/// so the bound comes after ~2,000 rows; the byte budget itself is
/// `traffic_bounds::the_byte_budget_counts_what_is_read_per_file_and_for_the_run`
/// in the core).
#[test]
fn an_endless_pipe_stops_with_a_clear_message() {
    let fifo = scratch("endless.csv");
    let _ = std::fs::remove_file(&fifo);
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let path = fifo.clone();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let mut w = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        if w.write_all(b"TimeGenerated,MetricName,Total,TimeGrain\n").is_err() {
            return;
        }
        for day in 0u64.. {
            let (y, d) = (2000 + day / 336, day % 336);
            let m = (d / 28) % 12 + 1;
            let row = format!("{y}-{m:02}-{:02}T00:00:00Z,ProcessedPromptTokens,1,P1D\n", d % 28 + 1);
            if w.write_all(row.as_bytes()).is_err() {
                return;
            }
        }
    });
    let (code, out, err) = binary(&[fifo.to_str().unwrap()], 120);
    let _ = std::fs::remove_file(&fifo);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert!(err.contains("endless.csv:") && err.contains("would span 2000-01-01T00:00Z to "), "{err}");
    writer.join().unwrap();
}

/// A new model version on every row: the text lists the first ones and a
/// count, and the triage one finding (before: one line per version and one
/// finding per change).
#[test]
fn many_versions_print_a_bounded_report() {
    let mut csv = String::from("timestamp,deployment,model,model_version,requests\n");
    for i in 0..5_000 {
        csv.push_str(&format!("2026-11-02T{:02}:{:02}:00Z,chat,gpt-4o,v{i},1\n", i / 60 % 24, i % 60));
    }
    let path = scratch("versions.csv");
    std::fs::write(&path, csv).unwrap();
    let (code, out, err) = traffic(&[path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().count() < 100, "{} lines", out.lines().count());
    assert!(out.contains("… and 4,984 more (the first 16 seen are listed)"), "{out}");
    assert!(out.contains("the model version changed 4,999 times"), "{out}");
}

/// An absurd `--fact` prints a short figure, not 309 digits.
#[test]
fn absurd_facts_print_short_figures() {
    let (code, out, err) =
        traffic(&[&fixture("plain.csv"), "--fact", "ptu_output_weight.gpt-4o=1e308", "--fact", "ptu_price_hourly.global=1e300"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("w = 1.00e308"), "{out}");
    assert!(out.lines().all(|l| !l.contains("0000000000000000000")), "{out}");
}

/// Each PTU plan says which window its figures cover.
#[test]
fn the_ptu_plan_says_its_window() {
    let (code, out, err) = traffic(&[&fixture("plain.csv")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  window              2026-11-02T09:00Z to "), "{out}");
}

/// A group the PTU plan cannot cost says why in words, never the internal
/// name ("not costed (NoPtuFacts)").
#[test]
fn a_group_not_costed_says_why_in_words() {
    let path = scratch("not-costed.csv");
    let mut csv = String::from("timestamp,deployment,model,requests,prompt_tokens,completion_tokens\n");
    for m in 0..3 {
        csv.push_str(&format!("2026-11-02T10:{m:02}:00Z,old,gpt-35-turbo,10,1000,100\n"));
    }
    std::fs::write(&path, csv).unwrap();
    let (code, out, err) = traffic(&[path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("NoPtuFacts") && !out.contains("DataZone:") && !out.contains("Global:"), "{out}");
    assert!(out.contains("not costed: the catalog has no PTU figures for this model"), "{out}");
}

#[test]
fn tier_splits_give_downgrades_and_flex_429s_per_minute() {
    // tests/fixtures/traffic/make_fixtures.py works it out by hand: 24 asked
    // Priority, 6 answered as Standard (25%, worst 09:01 with 4 of 12);
    // 12 asked Flex, 4 answered 429 (worst 09:01 with 3 of 6).
    let path = fixture("tiers-metrics-list.json");
    let (code, out, err) = traffic(&[&path, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    let t = &j["deployments"][0]["tiers"];
    assert_eq!((t["priority_requests"].as_f64(), t["downgraded"].as_f64()), (Some(24.0), Some(6.0)));
    assert_eq!(t["downgrade_share"], 0.25);
    assert_eq!(t["worst_downgrade_minute"], serde_json::json!({"at": "2026-11-02T09:01Z", "count": 4.0, "share": 4.0 / 12.0}));
    assert_eq!((t["flex_requests"].as_f64(), t["flex_429"].as_f64()), (Some(12.0), Some(4.0)));
    assert_eq!(t["worst_flex_429_minute"]["count"], 3.0);
    let minutes: Vec<(f64, f64)> =
        t["minutes"].as_array().unwrap().iter().map(|m| (m["downgraded"].as_f64().unwrap(), m["flex_429"].as_f64().unwrap())).collect();
    assert_eq!(minutes, [(2.0, 1.0), (4.0, 3.0)]);
    assert_eq!(t["unknown_values"], serde_json::json!(["turbo"]));
    assert_eq!(t["gaps"], serde_json::json!([]));
    let (code, text, err) = traffic(&[&path]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("priority     24 asked, 6 (25%) answered as standard (downgraded), worst 2026-11-02T09:01Z: 4 (33.33%)"),
        "{text}"
    );
    assert!(text.contains("flex         12 asked, 4 (33.33%) answered 429, worst 2026-11-02T09:01Z: 3 (50%)"), "{text}");
    assert!(text.contains("2026-11-02T09:01Z  4 of 12 priority downgraded · 3 of 6 flex answered 429"), "{text}");
    assert!(text.contains("values no page names (kept as read): turbo"), "{text}");
}

#[test]
fn a_tier_split_without_status_says_what_is_missing() {
    let dir = std::env::temp_dir().join(format!("cli-traffic-tiers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("flex.csv");
    // A control character in a value no page names is printed escaped.
    std::fs::write(
        &path,
        "timestamp,deployment,requests,service_tier_request\n2026-11-02T09:00:00Z,d,4,flex\n2026-11-02T09:00:00Z,d,1,\"x\u{1b}[31m\"\n",
    )
    .unwrap();
    let (code, text, err) = traffic(&[path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("flex         4 asked, 429s unknown"), "{text}");
    assert!(text.contains("the Flex requests are not split by StatusCode"), "{text}");
    assert!(text.contains("not split by ServiceTierResponse"), "{text}");
    assert!(!text.contains('\u{1b}'), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The text lists the first 20 of a deployment's 429 minutes and of its
/// tier minutes, each followed by how many more the JSON lists.
#[test]
fn the_text_lists_twenty_minutes_then_says_how_many_more() {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-traffic-listed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut csv = String::from(
        "timestamp,deployment,model,model_version,status,requests,prompt_tokens,completion_tokens,service_tier_request,service_tier_response\n",
    );
    for i in 0..35 {
        csv += &format!("2026-11-02T09:{i:02}:00Z,chat,gpt-4o,2024-08-06,200,20,4000,1000,priority,standard\n");
        csv += &format!("2026-11-02T09:{i:02}:00Z,chat,gpt-4o,2024-08-06,429,5,0,0,flex,flex\n");
    }
    let path = dir.join("minutes.csv");
    std::fs::write(&path, csv).unwrap();
    let (code, out, err) = traffic(&[path.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    let throttled = out.lines().filter(|l| l.contains(" × 429 ")).count();
    let tier = out.lines().filter(|l| l.contains("priority downgraded")).count();
    assert_eq!((throttled, tier), (20, 20), "{out}");
    assert!(out.contains("    … 15 more (--format json lists them)\n"), "{out}");
    assert!(out.contains("    … 15 more minutes (--format json lists them)\n"), "{out}");
}

#[test]
fn flex_asked_429s_below_the_limits_are_labelled_flex_capacity_not_burst() {
    // Every 429 of the tier fixture asked for Flex (1 at 09:00, 3 at
    // 09:01), far below gpt-4.1's tier limits: Flex capacity, not a burst.
    let path = fixture("tiers-metrics-list.json");
    let (code, out, err) = traffic(&[&path, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    let binds: Vec<&str> =
        j["deployments"][0]["throttled_minutes"].as_array().unwrap().iter().map(|m| m["binds"].as_str().unwrap()).collect();
    assert_eq!(binds, ["flex_capacity", "flex_capacity"]);
    let (code, text, err) = traffic(&[&path]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("burst 0, Flex capacity 2, PTU utilization 0"), "{text}");
    assert!(text.contains("2026-11-02T09:01Z  3 × 429  Flex capacity (every 429 asked for Flex, no limit reached)"), "{text}");
    assert!(!text.contains("burst (neither per-minute limit reached)"), "{text}");
}
