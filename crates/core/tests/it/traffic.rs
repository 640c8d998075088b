//! /traffic and `batchlane traffic`: every import layout gives the same
//! analysis; the binding limit of each throttled minute and the PTU curve
//! are pinned against figures worked out by hand; bad files are refused
//! with the line and field.

use batchlane_core::cost::PtuPricing;
use batchlane_core::facts::Catalog;
use batchlane_core::traffic::{parse_limit, run, Binds, Layout, TrafficOptions, TrafficReport};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/traffic");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{FIXTURES}/{name}")).unwrap()
}

fn options() -> TrafficOptions {
    TrafficOptions { limits: vec![parse_limit("chat-gpt4o=10000/60").unwrap()], ..TrafficOptions::default() }
}

fn report(files: &[(&str, &[u8])], options: &TrafficOptions) -> TrafficReport {
    let files: Vec<(String, &[u8])> = files.iter().map(|(n, b)| (n.to_string(), *b)).collect();
    run(&files, options, &Catalog::builtin(), &mut |_, _| {}).unwrap_or_else(|e| panic!("{}", e.display()))
}

fn analysis(r: &TrafficReport) -> serde_json::Value {
    let mut j = r.to_json();
    j.as_object_mut().unwrap().remove("files");
    j.as_object_mut().unwrap().remove("notices");
    j
}

#[test]
fn every_layout_gives_the_same_analysis() {
    let layouts = [
        ("metrics-list.json", Layout::MetricsList),
        ("azuremetrics.csv", Layout::AzureMetricsCsv),
        ("azuremetrics.json", Layout::AzureMetricsJson),
        ("azuremetrics-tables.json", Layout::AzureMetricsJson),
        ("plain.csv", Layout::PlainCsv),
    ];
    let reference = report(&[("metrics-list.json", &fixture("metrics-list.json"))], &options());
    assert_eq!(reference.deployments.len(), 2);
    for (name, layout) in layouts {
        let bytes = fixture(name);
        let r = report(&[(name, &bytes)], &options());
        assert_eq!(r.files[0].layout, layout, "{name}");
        assert_eq!(analysis(&r), analysis(&reference), "{name}");
    }
}

#[test]
fn throttled_minutes_are_classified_as_worked_out_by_hand() {
    let r = report(&[("plain.csv", &fixture("plain.csv"))], &options());
    let chat = r.deployments.iter().find(|d| d.name == "chat-gpt4o").unwrap();
    let limits = chat.limits.as_ref().unwrap();
    assert_eq!((limits.tpm, limits.rpm), (10_000.0, 60.0));
    // 09:01: 8,000 + 1,600 = 9,600 tokens = 96% of 10,000 TPM (≥ 95%);
    //        50 admitted = 83% of 60 RPM → TPM.
    // 09:02: 3,600 tokens = 36%; 60 admitted = 100% of RPM → RPM.
    // 09:03: 2,500 tokens = 25%; 10 admitted = 17% → neither: a burst.
    let got: Vec<(String, f64, Binds)> =
        chat.throttled_minutes.iter().map(|t| (batchlane_core::traffic::format_minute(t.at), t.requests_429, t.binds)).collect();
    assert_eq!(
        got,
        vec![
            ("2026-11-02T09:01Z".to_string(), 5.0, Binds::Tpm),
            ("2026-11-02T09:02Z".to_string(), 12.0, Binds::Rpm),
            ("2026-11-02T09:03Z".to_string(), 4.0, Binds::Burst),
        ]
    );
    assert_eq!((chat.binds_tpm, chat.binds_rpm, chat.binds_burst), (1, 1, 1));
    // Ten minutes from the first to the last; 09:04 has no data (a gap,
    // counted as a minute without traffic).
    assert_eq!((chat.minutes, chat.data_minutes), (10, 9));
    assert_eq!(chat.peak.tpm, 9_600.0);
    assert_eq!(chat.peak.rpm, 72.0);
    // p99 of ten minutes by nearest rank is the largest.
    assert_eq!(chat.p99.rpm, 72.0);
    let v: Vec<_> = chat.model_versions.iter().map(|v| v.version.as_str()).collect();
    assert_eq!(v, ["2024-08-06", "2024-11-20"]);
    // Without the typed limit, the tier's table: gpt-4o Global Standard.
    let tiered = report(&[("plain.csv", &fixture("plain.csv"))], &TrafficOptions::default());
    let chat = tiered.deployments.iter().find(|d| d.name == "chat-gpt4o").unwrap();
    // gpt-4o has no Global Standard row in the tier tables: the catalog's
    // default quota (450,000 TPM) with its ratio (6 RPM per 1,000 TPM).
    let l = chat.limits.as_ref().unwrap();
    assert_eq!((l.source.clone(), l.tpm, l.rpm), (batchlane_core::traffic::LimitSource::Default, 450_000.0, 2_700.0));
    let mini = tiered.deployments.iter().find(|d| d.name == "mini-batchy").unwrap();
    assert!(matches!(mini.limits.as_ref().unwrap().source, batchlane_core::traffic::LimitSource::Tier(_)));
    assert!(chat.throttled_minutes.iter().all(|t| t.binds == Binds::Burst), "far below the tier's limits every 429 is a burst");
}

#[test]
fn triage_names_the_binding_limit_the_version_change_and_the_index() {
    let r = report(&[("metrics-list.json", &fixture("metrics-list.json"))], &options());
    let j = r.to_json();
    let triage = j["triage"].as_array().unwrap();
    let first = &triage[0];
    assert_eq!(first["symptom"], "throttling");
    assert_eq!(first["deployment"], "chat-gpt4o");
    assert!(first["finding"].as_str().unwrap().contains("21 requests answered 429 in 3 minutes"), "{first}");
    assert!(first["link"].as_str().unwrap().starts_with("/quota?"));
    let version = triage.iter().find(|f| f["symptom"] == "quality" && f["deployment"] == "chat-gpt4o").unwrap();
    assert!(version["finding"].as_str().unwrap().contains("from 2024-08-06 to 2024-11-20 at 2026-11-02T09:06Z"), "{version}");
    assert!(triage.iter().any(|f| f["symptom"] == "quality" && f["finding"].as_str().unwrap().contains("retrieval")));
    assert!(triage.iter().any(|f| f["symptom"] == "latency"), "no latency metrics is said, not skipped");
    // Korean text exists for every finding.
    assert!(r.triage.iter().all(|f| !f.finding.ko.is_empty() && !f.action.ko.is_empty()));
}

/// 60 minutes of gpt-4o on Global: 50 minutes of 10,000 prompt + 10,000
/// completion tokens (U = 10,000 + 4 × 10,000 = 50,000), 10 minutes of
/// twice that (U = 100,000). One PTU serves 2,500 per minute, so the peak
/// needs 40. Pay-as-you-go costs $2.50 per 1M of U either way (input
/// $2.50, output $10 = 4 × $2.50), so a minute of U costs U × 2.5e-6.
fn worked_example() -> String {
    let mut csv = String::from("timestamp,deployment,model,requests,prompt_tokens,completion_tokens\n");
    for m in 0..60 {
        let t = if m < 50 { 10_000 } else { 20_000 };
        csv.push_str(&format!("2026-11-02T{:02}:{:02}:00Z,ptu-candidate,gpt-4o,10,{t},{t}\n", 10 + m / 60, m % 60));
    }
    csv
}

#[test]
fn the_ptu_curve_matches_the_worked_example() {
    let csv = worked_example();
    let opts = TrafficOptions { ptu_pricing: PtuPricing::Yearly, ..TrafficOptions::default() };
    let r = report(&[("example.csv", csv.as_bytes())], &opts);
    let p = &r.ptu[0];
    assert_eq!((p.model.as_str(), p.input_tpm_per_ptu, p.output_weight), ("gpt-4o", 2_500.0, 4.0));
    // One PTU on a 1-year reservation: $221 a month (catalog, unconfirmed).
    assert_eq!(p.ptu_month_usd, 221.0);
    // The window (1 hour) scales to the one month of every tool: 730 hours
    // (Azure's pricing calculator; it was 30 days × 24 = 720 here before).
    // All pay-as-you-go: (50 × 50,000 + 10 × 100,000) × 2.5e-6 × 730 = $6,387.50.
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
    assert!(close(p.payg.monthly_usd, 6_387.5), "{}", p.payg.monthly_usd);
    // N ≤ 20 (capacity ≤ 50,000): spill = 3.5M − 60 × 2,500N tokens an hour,
    // $8.75 − $0.375N → cost (8.75 − 0.375N) × 730 + 221N = 6,387.5 − 52.75N.
    // 20 ≤ N ≤ 40: spill = 10 × (100,000 − 2,500N), $2.50 − $0.0625N →
    // cost (2.5 − 0.0625N) × 730 + 221N = 1,825 + 175.375N.
    let expected =
        [(0.0, 6_387.5), (15.0, 5_596.25), (20.0, 5_332.5), (25.0, 6_209.375), (30.0, 7_086.25), (35.0, 7_963.125), (40.0, 8_840.0)];
    let got: Vec<(f64, f64)> = p.curve.iter().map(|c| (c.ptu, c.monthly_usd)).collect();
    assert_eq!(got.len(), expected.len(), "{got:?}");
    for ((n, cost), (en, ecost)) in got.iter().zip(expected) {
        assert_eq!(*n, en);
        assert!(close(*cost, ecost), "{n} PTU: {cost} ≠ {ecost}");
    }
    // The three marked points: the cheapest is 20 PTU, spilling the ten
    // peak minutes' top half: 10 × 50,000 of 3.5M = 1/7 of the demand.
    assert_eq!(p.best.ptu, 20.0);
    assert!(close(p.best.spilled_share, 1.0 / 7.0));
    assert_eq!(p.peak_sized.ptu, 40.0);
    assert_eq!(p.peak_sized.spilled_share, 0.0);
    assert_eq!(p.payg.ptu, 0.0);
    // By the hour ($1 × 730 h a month) no count beats pay-as-you-go here.
    let hourly = report(&[("example.csv", csv.as_bytes())], &TrafficOptions::default());
    assert_eq!(hourly.ptu[0].best.ptu, 0.0);
}

fn refused(name: &str, bytes: &[u8]) -> batchlane_core::traffic::ImportError {
    run(&[(name.to_string(), bytes)], &TrafficOptions::default(), &Catalog::builtin(), &mut |_, _| {}).unwrap_err()
}

#[test]
fn bad_files_are_refused_with_line_and_field() {
    let e = refused("a.csv", b"timestamp,deployment,requests\n2026-11-02T09:00:00Z,a,3\nyesterday,a,4\n");
    assert_eq!((e.line, e.field.as_deref()), (Some(3), Some("timestamp")));
    assert!(e.display().starts_with("a.csv:3: timestamp: \"yesterday\" is not a time"), "{}", e.display());
    let e = refused("a.csv", b"timestamp,deployment,tokens\n");
    assert_eq!((e.line, e.field.as_deref()), (Some(1), Some("tokens")));
    let e = refused("a.csv", b"timestamp,deployment,requests\n2026-11-02T09:00:00Z,a,-3\n");
    assert_eq!((e.line, e.field.as_deref()), (Some(2), Some("requests")));
    let e = refused(
        "m.json",
        b"{\"value\": [ {\"name\": {\"value\": \"AzureOpenAIRequests\"},\n \"timeseries\": [{\"data\": [{\"timeStamp\": \"soon\"}]}]}]}",
    );
    assert_eq!(e.line, Some(2));
    assert!(e.column.is_some());
    assert!(e.text.en.contains("timeStamp \"soon\""), "{}", e.text.en);
    let e = refused("m.json", b"{\"value\": [}");
    assert_eq!(e.line, Some(1));
    let e = refused("la.csv", b"\"MetricName\",\"Total\"\n");
    assert_eq!((e.line, e.field.as_deref()), (Some(1), Some("TimeGenerated")));
    let e = refused("la.csv", b"TimeGenerated,MetricName,Total\n2026-11-02T09:00:00Z,AzureOpenAIRequests,many\n");
    assert_eq!((e.line, e.field.as_deref()), (Some(2), Some("Total")));
    let e = refused("notes.txt", b"hello\nworld\n");
    assert_eq!(e.line, Some(1));
    assert!(e.text.en.contains("not a metrics export"));
    let long = format!("timestamp,deployment\n2026-11-02T09:00:00Z,{}\n", "x".repeat(70_000));
    let e = refused("long.csv", long.as_bytes());
    assert_eq!(e.line, Some(2));
    assert!(refused("empty.csv", b"  \n").text.en.contains("empty"));
}

#[test]
fn coarse_intervals_and_missing_dimensions_are_said() {
    let rest = br#"{"interval": "PT5M", "value": [{"id": "/subscriptions/s/resourceGroups/g/providers/Microsoft.CognitiveServices/accounts/acct/providers/Microsoft.Insights/metrics/AzureOpenAIRequests",
        "name": {"value": "AzureOpenAIRequests"}, "timeseries": [{"metadatavalues": [], "data": [{"timeStamp": "2026-11-02T09:00:00Z", "total": 50}]}]}]}"#;
    let r = report(&[("coarse.json", rest)], &TrafficOptions::default());
    let codes: Vec<&str> = r.notices.iter().map(|n| n.code.as_str()).collect();
    assert!(codes.contains(&"coarse_interval") && codes.contains(&"no_deployment_dimension") && codes.contains(&"no_status"), "{codes:?}");
    let d = &r.deployments[0];
    assert_eq!(d.name, "acct (all deployments)");
    // 50 requests over five minutes: 10 a minute, the peak understated.
    assert_eq!((d.minutes, d.peak.rpm), (5, 10.0));
}

#[test]
fn files_merge_by_time_and_deployment() {
    // Requests from one file, tokens from another: one deployment.
    let a = b"timestamp,deployment,requests,status\n2026-11-02T09:00:00Z,d,10,200\n2026-11-02T09:00:30Z,d,2,429\n";
    let b = b"timestamp,deployment,requests,prompt_tokens,completion_tokens\n2026-11-02T09:00:00Z,d,0,1000,500\n";
    let r = report(&[("a.csv", a), ("b.csv", b)], &TrafficOptions::default());
    assert_eq!(r.deployments.len(), 1);
    let d = &r.deployments[0];
    assert_eq!((d.requests, d.requests_429, d.peak.tpm), (12.0, 2.0, 1_500.0));
}

#[test]
fn what_already_spilled_is_shown() {
    // Requests a spillover deployment answered (IsSpillover / `spillover`).
    let csv = b"timestamp,deployment,model,requests,spillover,prompt_tokens,completion_tokens\n\
2026-11-02T09:00:00Z,ptu-main,gpt-4o,90,false,90000,9000\n\
2026-11-02T09:00:00Z,ptu-main,gpt-4o,10,true,10000,1000\n\
2026-11-02T09:01:00Z,ptu-main,gpt-4o,50,false,50000,5000\n";
    let r = report(&[("spill.csv", csv)], &TrafficOptions::default());
    let d = &r.deployments[0];
    assert!(d.has.spill);
    assert_eq!((d.requests, d.spilled), (150.0, 10.0));
    assert_eq!(r.ptu[0].already_spilled, Some(10.0));
    let j = r.to_json();
    assert_eq!(j["deployments"][0]["spilled"], 10.0);
    assert_eq!(j["ptu"][0]["already_spilled"], 10.0);
    let said = r.triage.iter().find(|f| f.finding.en.contains("already spilled")).expect("a finding says what spilled");
    assert!(said.finding.en.starts_with("10 requests of gpt-4o"), "{}", said.finding.en);
    assert_eq!(said.link.as_deref(), Some("#spillover"));
    // Without the column nothing is claimed.
    let plain = report(&[("plain.csv", &fixture("plain.csv"))], &TrafficOptions::default());
    assert!(plain.ptu.iter().all(|p| p.already_spilled.is_none()));
    assert!(plain.to_json()["deployments"][0]["spilled"].is_null());
}

/// Hostile input in every layout: an overflowing number, control
/// characters and invalid UTF-8 are refused or carried as text with the
/// line, never a panic and never a number bigger than the store's bound.
#[test]
fn overflow_control_characters_and_invalid_utf8_are_refused_with_the_line() {
    let try_run = |name: &str, bytes: &[u8]| {
        let files = vec![(name.to_string(), bytes)];
        std::panic::catch_unwind(|| run(&files, &TrafficOptions::default(), &Catalog::builtin(), &mut |_, _| {}))
            .unwrap_or_else(|_| panic!("{name} panicked"))
    };
    let plain = |value: &str| format!("timestamp,deployment,requests\n2026-11-02T09:00:00Z,a,3\n2026-11-02T09:01:00Z,a,{value}\n");
    // Numbers past f64 or past the store's bound of 1e15 per value.
    for v in ["1e400", "99999999999999999999999", "1e16", "NaN", "inf"] {
        let e = try_run("a.csv", plain(v).as_bytes()).expect_err(v);
        assert_eq!((e.line, e.field.as_deref()), (Some(3), Some("requests")), "{v}: {}", e.display());
    }
    let la = |v: &str| format!("TimeGenerated,MetricName,Total\n2026-11-02T09:00:00Z,AzureOpenAIRequests,{v}\n");
    for v in ["1e400", "1e16"] {
        let e = try_run("la.csv", la(v).as_bytes()).expect_err(v);
        assert_eq!((e.line, e.field.as_deref()), (Some(2), Some("Total")), "{v}: {}", e.display());
    }
    let rest = |v: &str| {
        format!(
            "{{\"value\": [{{\"name\": {{\"value\": \"AzureOpenAIRequests\"}}, \"timeseries\": [{{\"data\": [{{\"timeStamp\": \"2026-11-02T09:00:00Z\", \"total\": {v}}}]}}]}}]}}"
        )
    };
    for v in ["1e400", "1e16"] {
        // Past f64: the JSON reader's line; past the bound: the metric's name.
        let e = try_run("m.json", rest(v).as_bytes()).expect_err(v);
        let placed = if v == "1e400" { e.line == Some(1) } else { e.field.as_deref() == Some("AzureOpenAIRequests") };
        assert!(placed, "{v}: {}", e.display());
    }
    // Control characters in a name stay text (the report escapes them where
    // it prints); a whole file of them is refused.
    let r = try_run("a.csv", b"timestamp,deployment,requests\n2026-11-02T09:00:00Z,a\x1b[31m\x07,3\n").unwrap();
    assert_eq!(r.deployments.len(), 1);
    assert!(try_run("c.csv", b"\x00\x01\x02\x1b\x7f\n\x00\n").is_err());
    // Invalid UTF-8 in a field, and a file that is not text at all.
    let e = try_run("a.csv", b"timestamp,deployment,requests\n2026-11-02T09:00:00Z,a\xff\xfe,3\n");
    let e = e.expect_err("a line that is not UTF-8");
    assert_eq!(e.line, Some(2), "{}", e.display());
    assert!(e.text.en.contains("not UTF-8"), "{}", e.display());
    assert!(try_run("b.json", &[0xff, 0xfe, 0x00, 0x7b, 0xc3]).is_err());
    assert!(try_run("b.csv", &[0xc3, 0x28, b'\n', 0xa0, 0xa1]).is_err());
}

/// /traffic → /quota "Plan with these numbers" carries what the data
/// measured: the completion size as max_tokens (never `mx=unset`, which
/// makes /quota reserve the model maximum per request and ask for many
/// times the TPM the traffic ran under with no 429s), the model and the
/// deployment type.
#[test]
fn the_quota_hand_off_carries_the_measured_completion_size() {
    let csv = worked_example();
    let r = report(&[("example.csv", csv.as_bytes())], &TrafficOptions::default());
    let d = &r.deployments[0];
    let link = batchlane_core::traffic::quota_link(d, &Catalog::builtin());
    let q = link.split_once('?').unwrap().1;
    let pairs = batchlane_core::io::parse_query(q).pairs;
    assert!(!pairs.iter().any(|(k, v)| k == "mx" && v == "unset"), "{link}");
    let plan = batchlane_core::quota::share::decode(&pairs).unwrap();
    let answered = d.requests - d.requests_429;
    assert_eq!(plan.max_tokens, Some((d.completion_tokens / answered).round()));
    assert_eq!(plan.model, "gpt-4o");
    assert_eq!(plan.deployment, d.deployment_type);
    // The limiter's count per minute at the p99 minute is the measured
    // tokens per request × that minute's requests, not the model maximum.
    let p = batchlane_core::quota::plan(&plan, &Catalog::builtin()).unwrap();
    let per_request = (d.prompt_tokens + d.completion_tokens) / answered;
    assert!(!p.max_tokens_unset);
    assert!((p.admission_tpm - per_request.round() * plan.peak_rpm).abs() <= plan.peak_rpm, "{}", p.admission_tpm);
}
