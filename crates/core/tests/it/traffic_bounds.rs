//! /traffic and `batchlane traffic` under hostile exports (issue 40): the
//! PTU plan works over its deployments' own spans; a time with a
//! multi-byte character is refused, not a panic, in every layout; the JSON
//! layouts are read as streams; versions and their findings are capped; the
//! byte budget counts what is read, per file and for the run. Peaks come
//! from the binary's counting allocator (`memory_bounds::measure`).

use crate::memory_bounds::measure;
use batchlane_core::facts::Catalog;
use batchlane_core::traffic::{run, Importer, ReadLimits, Symptom, TrafficOptions, TrafficReport, MAX_VERSIONS};

const MB: usize = 1 << 20;

fn try_run(files: &[(&str, &[u8])]) -> Result<TrafficReport, batchlane_core::traffic::ImportError> {
    let files: Vec<(String, &[u8])> = files.iter().map(|(n, b)| (n.to_string(), *b)).collect();
    std::panic::catch_unwind(|| run(&files, &TrafficOptions::default(), &Catalog::builtin(), &mut |_, _| {}))
        .unwrap_or_else(|_| panic!("{} panicked", files[0].0))
}

fn ok(files: &[(&str, &[u8])]) -> TrafficReport {
    try_run(files).unwrap_or_else(|e| panic!("{}", e.display()))
}

/// Two deployments decades apart: the plan covers each one's own minutes,
/// never the years between them (before: 1970 and 1975 took 126 MB for
/// two points; 1970 and 9999, a 109-byte CSV, asked for 67.6 GB and aborted).
#[test]
fn the_plan_never_allocates_the_years_between_deployments() {
    for (a, b) in [("1970-01-01T00:00:00Z", "1975-01-01T00:00:00Z"), ("1970-01-01T00:00:00Z", "9999-12-31T23:59:00Z")] {
        for (da, db) in [("a-gpt-4o", "b-gpt-4o"), ("a-gpt-4o", "b-gpt-4o-mini")] {
            let csv = format!("timestamp,deployment,prompt_tokens,completion_tokens\n{a},{da},1000,100\n{b},{db},1000,100\n");
            let (r, peak, _) = measure(|| ok(&[("far.csv", csv.as_bytes())]));
            println!("{a} / {b}, {da} / {db}: {} bytes, peak {:.2} MB", csv.len(), peak as f64 / MB as f64);
            assert!(peak < 4 * MB, "{a} / {b}: peak {peak} bytes");
            assert!(!r.ptu.is_empty());
            for p in &r.ptu {
                // Each deployment covers one minute: its plan covers at most
                // the minutes of its own deployments.
                assert!(p.minutes <= 2, "{}: {} minutes", p.model, p.minutes);
                assert_eq!(p.windows.len(), p.deployments.len());
            }
        }
    }
}

/// gpt-4o's pay-as-you-go month over its own hour; one point of another
/// deployment 30 days later does not change it (before: $30,240 → $42).
#[test]
fn an_unrelated_point_does_not_change_a_models_month() {
    let mut csv = String::from("timestamp,deployment,model,prompt_tokens,completion_tokens\n");
    for m in 0..60 {
        csv.push_str(&format!("2026-11-02T10:{m:02}:00Z,chat,gpt-4o,10000,10000\n"));
    }
    let alone = ok(&[("a.csv", csv.as_bytes())]);
    let far = "timestamp,deployment,model,prompt_tokens,completion_tokens\n2026-12-02T10:00:00Z,other,gpt-4o-mini,10,10\n";
    let with = ok(&[("a.csv", csv.as_bytes()), ("b.csv", far.as_bytes())]);
    let month = |r: &TrafficReport| r.ptu.iter().find(|p| p.model == "gpt-4o").map(|p| (p.payg.monthly_usd, p.minutes)).unwrap();
    // 60 minutes of U = 10,000 + 4 × 10,000 at $2.50 per 1M, × 730 (the
    // one month of every tool, 730 hours; 720 before issue 39).
    let expected = 60.0 * 50_000.0 * 2.5e-6 * 730.0;
    assert!((month(&alone).0 - expected).abs() < 1e-6, "{:?}", month(&alone));
    assert_eq!(month(&with), month(&alone));
    // The output says which window the figures cover.
    let j = with.to_json();
    let p = j["ptu"].as_array().unwrap().iter().find(|p| p["model"] == "gpt-4o").unwrap();
    assert_eq!(p["window"]["from"], "2026-11-02T10:00Z", "{p}");
    assert_eq!(p["window"]["to"], "2026-11-02T10:59Z");
    assert_eq!(p["window"]["minutes"], 60);
    assert_eq!(p["window"]["deployments"][0]["name"], "chat");
}

/// Same model, two deployments a month apart: the minutes between them are
/// outside both spans and not averaged in.
#[test]
fn minutes_outside_every_span_of_a_group_are_not_counted() {
    let csv = "timestamp,deployment,model,prompt_tokens,completion_tokens\n\
2026-11-02T10:00:00Z,a,gpt-4o,10000,10000\n2026-11-02T10:01:00Z,a,gpt-4o,10000,10000\n\
2026-12-02T10:00:00Z,b,gpt-4o,10000,10000\n";
    let r = ok(&[("a.csv", csv.as_bytes())]);
    let p = &r.ptu[0];
    assert_eq!(p.minutes, 3);
    let expected = 3.0 * 50_000.0 * 2.5e-6 * (43_800.0 / 3.0);
    assert!((p.payg.monthly_usd - expected).abs() < 1e-6, "{}", p.payg.monthly_usd);
}

/// A zone offset holding a multi-byte character, in every layout: refused
/// with the line and field (before: a panic, exit 101).
#[test]
fn a_multibyte_character_in_a_time_is_refused_in_every_layout() {
    let t = "2026-11-01T00:00+1é";
    let plain = format!("timestamp,deployment,requests\n{t},a,1\n");
    let la_csv = format!("TimeGenerated,MetricName,Total\n{t},AzureOpenAIRequests,1\n");
    let la_json = format!("[{{\"TimeGenerated\": \"{t}\", \"MetricName\": \"AzureOpenAIRequests\", \"Total\": 1}}]");
    let la_tables = format!(
        "{{\"tables\": [{{\"columns\": [{{\"name\": \"TimeGenerated\"}}, {{\"name\": \"MetricName\"}}, {{\"name\": \"Total\"}}], \"rows\": [[\"{t}\", \"AzureOpenAIRequests\", 1]]}}]}}"
    );
    let rest = format!(
        "{{\"value\": [{{\"name\": {{\"value\": \"AzureOpenAIRequests\"}}, \"timeseries\": [{{\"data\": [{{\"timeStamp\": \"{t}\", \"total\": 1}}]}}]}}]}}"
    );
    for zone in ["+1é", "+é", "-1é:00", "+01:é", "+\u{1F600}"] {
        let t2 = format!("2026-11-01T00:00{zone}");
        let e = try_run(&[("z.csv", format!("timestamp,deployment,requests\n{t2},a,1\n").as_bytes())]).expect_err(zone);
        assert_eq!((e.line, e.field.as_deref()), (Some(2), Some("timestamp")), "{zone}");
    }
    for (name, body, field) in [
        ("plain.csv", &plain, Some("timestamp")),
        ("la.csv", &la_csv, Some("TimeGenerated")),
        ("la.json", &la_json, Some("TimeGenerated")),
        ("tables.json", &la_tables, Some("TimeGenerated")),
        ("rest.json", &rest, None),
    ] {
        let e = try_run(&[(name, body.as_bytes())]).expect_err(name);
        assert!(e.line.is_some(), "{name}: {}", e.display());
        assert!(e.display().contains(t), "{name}: {}", e.display());
        if field.is_some() {
            assert_eq!(e.field.as_deref(), field, "{name}");
        }
    }
}

/// `rows` AzureMetrics rows as the query API's array, each the same minute
/// (what is kept is one deployment-minute).
fn azuremetrics_json(rows: usize) -> Vec<u8> {
    let mut s = String::from("[");
    for i in 0..rows {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&format!(
            "{{\"TimeGenerated\": \"2026-11-02T09:00:00Z\", \"MetricName\": \"ProcessedPromptTokens\", \"Total\": {i}, \"Resource\": \"ACCT\", \"UnitName\": \"Count\", \"Tags\": [1, 2, 3, {{\"k\": \"v\"}}]}}"
        ));
    }
    s.push(']');
    s.into_bytes()
}

/// `series` REST timeseries of one point each, with their dimensions.
fn rest_json(series: usize) -> Vec<u8> {
    let mut s = String::from("{\"interval\": \"PT1M\", \"value\": [{\"id\": \"/x/accounts/acct\", \"name\": {\"value\": \"ProcessedPromptTokens\"}, \"timeseries\": [");
    for i in 0..series {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&format!(
            "{{\"metadatavalues\": [{{\"name\": {{\"value\": \"ModelDeploymentName\"}}, \"value\": \"chat\"}}, {{\"name\": {{\"value\": \"StatusCode\"}}, \"value\": \"{i}\"}}], \"data\": [{{\"timeStamp\": \"2026-11-02T09:00:00Z\", \"total\": 1}}]}}"
        ));
    }
    s.push_str("]}]}");
    s.into_bytes()
}

/// The JSON layouts are read as streams: memory follows what is kept (one
/// minute here), not the file (before: 4 MB of AzureMetrics JSON peaked at
/// about 40 MB, REST timeseries about 6 MB).
#[test]
fn json_imports_take_memory_for_what_they_keep_not_for_the_file() {
    for (name, bytes) in [("azuremetrics.json", azuremetrics_json(30_000)), ("metrics-list.json", rest_json(20_000))] {
        let (r, peak, _) = measure(|| ok(&[(name, &bytes)]));
        println!("{name}: {:.1} MB read, peak {:.2} MB", bytes.len() as f64 / MB as f64, peak as f64 / MB as f64);
        assert_eq!(r.deployments.len(), 1, "{name}");
        assert_eq!(r.deployments[0].minutes, 1, "{name}");
        assert!(peak < bytes.len() / 4, "{name}: peak {peak} for {} bytes", bytes.len());
    }
}

/// A new model version on every row: the first MAX_VERSIONS are kept, the
/// rest counted; the triage says it once per deployment with the count
/// (before: 20,000 versions, 19,999 findings).
#[test]
fn versions_are_capped_and_their_findings_grouped() {
    let mut csv = String::from("timestamp,deployment,model,model_version,requests\n");
    let rows = 20_000;
    for i in 0..rows {
        csv.push_str(&format!("2026-11-02T{:02}:{:02}:00Z,chat,gpt-4o,v{i},1\n", 9 + i / 60 % 12, i % 60));
    }
    let r = ok(&[("v.csv", csv.as_bytes())]);
    let d = &r.deployments[0];
    assert_eq!(d.model_versions.len(), MAX_VERSIONS);
    assert_eq!(d.more_versions, (rows - MAX_VERSIONS) as u64);
    let quality: Vec<_> = r.triage.iter().filter(|f| f.symptom == Symptom::Quality && f.deployment.is_some()).collect();
    assert_eq!(quality.len(), 1, "one finding per deployment");
    let changes = format!("{}", rows - 1);
    assert!(quality[0].finding.en.replace(',', "").contains(&changes), "{}", quality[0].finding.en);
    assert!(r.to_json()["deployments"][0]["model_versions"].as_array().unwrap().len() <= MAX_VERSIONS);
}

/// An endless stream of valid rows (a pipe, `/dev/zero`-like): the budget
/// counts the bytes read and stops it, per file and for the run.
#[test]
fn the_byte_budget_counts_what_is_read_per_file_and_for_the_run() {
    let limits = ReadLimits { file: 4 * MB as u64, run: 6 * MB as u64 };
    let row = b"2026-11-02T09:00:00Z,chat,1\n";
    let mut forever = std::io::Read::chain(&b"timestamp,deployment,requests\n"[..], Repeat(row, 0));
    let mut i = Importer::with_limits(limits);
    let e = i.read("pipe", &mut forever, &mut |_| {}).unwrap_err();
    assert!(e.display().starts_with("pipe: "), "{}", e.display());
    assert!(e.text.en.contains(&format!("{}", limits.file)), "{}", e.text.en);
    assert!(i.bytes_read() <= limits.file + 1, "{}", i.bytes_read());
    // Two files of 3 MB each: each within its limit, together over the run's.
    let mut three = String::from("timestamp,deployment,requests\n");
    while three.len() < 3 * MB {
        three.push_str("2026-11-02T09:00:00Z,chat,1\n");
    }
    let mut i = Importer::with_limits(limits);
    i.read("one.csv", &mut three.as_bytes(), &mut |_| {}).unwrap();
    let e = i.read("two.csv", &mut three.as_bytes(), &mut |_| {}).unwrap_err();
    assert!(e.display().starts_with("two.csv: "), "{}", e.display());
    assert!(e.text.en.contains(&format!("{}", limits.run)), "{}", e.text.en);
    assert!(i.bytes_read() <= limits.run + 1);
    // The JSON layouts count the same way.
    let mut json = std::io::Read::chain(
        &b"[{\"TimeGenerated\": \"2026-11-02T09:00:00Z\", \"MetricName\": \"AzureOpenAIRequests\", \"Total\": 1}"[..],
        Repeat(b", {\"TimeGenerated\": \"2026-11-02T09:00:00Z\", \"MetricName\": \"AzureOpenAIRequests\", \"Total\": 1}", 0),
    );
    let mut i = Importer::with_limits(limits);
    let e = i.read("endless.json", &mut json, &mut |_| {}).unwrap_err();
    assert!(e.text.en.contains(&format!("{}", limits.file)), "{}", e.display());
}

/// `part` over and over, without end.
struct Repeat(&'static [u8], usize);

impl std::io::Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        for b in buf.iter_mut() {
            *b = self.0[self.1];
            self.1 = (self.1 + 1) % self.0.len();
        }
        Ok(buf.len())
    }
}

/// `bytes` in reads of 1 to 7 bytes: a byte order mark, a character, a
/// number or a line cut anywhere.
struct Dribble<'a>(&'a [u8], usize);

impl std::io::Read for Dribble<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (self.1 % 7 + 1).min(buf.len()).min(self.0.len());
        self.1 += 1;
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// Streamed in reads of a few bytes, with or without a byte order mark,
/// every fixture gives the analysis it gives read whole.
#[test]
fn every_layout_streamed_in_short_reads_gives_the_same_analysis() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/traffic");
    for name in ["metrics-list.json", "azuremetrics.csv", "azuremetrics.json", "azuremetrics-tables.json", "plain.csv"] {
        let file = std::fs::read(format!("{dir}/{name}")).unwrap();
        let bytes = file.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&file).to_vec();
        let whole = ok(&[(name, &file)]).to_json();
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(&bytes);
        for body in [&bytes, &bom] {
            let mut i = Importer::new();
            i.read(name, &mut Dribble(body, 0), &mut |_| {}).unwrap_or_else(|e| panic!("{}", e.display()));
            assert_eq!(i.bytes_read(), body.len() as u64);
            let (store, files, notices) = i.finish();
            let r = batchlane_core::traffic::analyze_store(&store, files, notices, &TrafficOptions::default(), &Catalog::builtin());
            assert_eq!(r.to_json(), whole, "{name}");
        }
    }
}

/// Azure writes `interval` before `value`, and a metric's name and a
/// timeseries' dimensions before its points; in any other order the
/// points are held (typed) until they can be placed, with the same result.
#[test]
fn rest_fields_in_any_order_give_the_same_analysis() {
    let point = r#"{"timeStamp": "2026-11-02T09:00:00Z", "total": 50}, {"timeStamp": "2026-11-02T09:05:00Z", "total": 10}"#;
    let dims = r#"[{"name": {"value": "ModelDeploymentName"}, "value": "chat"}, {"name": {"value": "StatusCode"}, "value": "429"}, {"name": {"value": "ModelVersion"}, "value": "2024-08-06"}]"#;
    let usual = format!(
        r#"{{"interval": "PT5M", "value": [{{"id": "/x/accounts/acct", "name": {{"value": "AzureOpenAIRequests"}}, "timeseries": [{{"metadatavalues": {dims}, "data": [{point}]}}]}}]}}"#
    );
    let reversed = format!(
        r#"{{"value": [{{"timeseries": [{{"data": [{point}], "metadatavalues": {dims}}}], "name": {{"value": "AzureOpenAIRequests"}}, "id": "/x/accounts/acct"}}], "interval": "PT5M"}}"#
    );
    let a = ok(&[("usual.json", usual.as_bytes())]);
    let b = ok(&[("reversed.json", reversed.as_bytes())]);
    assert_eq!(a.deployments[0].minutes, 10);
    assert_eq!(a.deployments[0].requests_429, 60.0);
    assert_eq!(a.to_json()["deployments"], b.to_json()["deployments"]);
}

/// The order Azure does not write (the interval after the metrics, points
/// before their dimensions) holds points as 32-byte values until they can
/// be placed: memory stays within 8× the file.
#[test]
fn rest_points_held_for_their_context_stay_within_eight_times_the_file() {
    let mut s = String::from("{\"value\": [{\"name\": {\"value\": \"ProcessedPromptTokens\"}, \"timeseries\": [");
    for i in 0..20_000 {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&format!(
            "{{\"data\": [{{\"timeStamp\": \"2026-11-02T09:{:02}:00Z\", \"total\": 1}}], \"metadatavalues\": [{{\"name\": {{\"value\": \"ModelDeploymentName\"}}, \"value\": \"c\"}}]}}",
            i % 60
        ));
    }
    s.push_str("]}], \"interval\": \"PT1M\"}");
    let (r, peak, _) = measure(|| ok(&[("late.json", s.as_bytes())]));
    println!("late.json: {:.1} MB read, peak {:.2} MB", s.len() as f64 / MB as f64, peak as f64 / MB as f64);
    assert_eq!(r.deployments[0].minutes, 60);
    assert_eq!(r.files[0].points, 20_000);
    assert!(peak < 8 * s.len(), "peak {peak} for {} bytes", s.len());
}
