//! /traffic's service tiers: Azure Monitor's `ServiceTierRequest` /
//! `ServiceTierResponse` splits of `AzureOpenAIRequests` read from every
//! layout give Priority→Standard downgrades and Flex 429s per minute equal
//! to a hand computation; an export that cannot tell them says what it
//! lacks; hostile values stay bounded.

use batchlane_core::facts::{Catalog, SourceId};
use batchlane_core::traffic::{
    run, Binds, Importer, ReadLimits, TierGap, TierReport, TrafficOptions, TrafficReport, MAX_TIER_NAMES, MAX_TIER_NAME_CHARS,
};

fn report(files: &[(&str, &[u8])]) -> TrafficReport {
    let files: Vec<(String, &[u8])> = files.iter().map(|(n, b)| (n.to_string(), *b)).collect();
    run(&files, &TrafficOptions::default(), &Catalog::builtin(), &mut |_, _| {}).unwrap_or_else(|e| panic!("{}", e.display()))
}

fn tiers(r: &TrafficReport, deployment: &str) -> TierReport {
    r.deployments.iter().find(|d| d.name == deployment).and_then(|d| d.tiers.clone()).expect("a tier split")
}

/// The series of the hand-made export, one line per (asked, answered,
/// status): requests at 09:00 and at 09:01.
const SERIES: &[(&str, &str, &str, f64, f64)] = &[
    ("priority", "priority", "200", 10.0, 8.0),
    ("priority", "default", "200", 2.0, 4.0),
    ("flex", "flex", "200", 5.0, 3.0),
    ("flex", "", "429", 1.0, 3.0),
    ("default", "default", "200", 7.0, 0.0),
    ("turbo", "turbo", "200", 1.0, 0.0),
];

const MINUTES: [&str; 2] = ["2026-11-02T09:00:00Z", "2026-11-02T09:01:00Z"];

/// One series of the REST export: the deployment `chat`, the tier asked
/// and answered, the status, and its requests at 09:00 and 09:01.
fn series(q: &str, r: &str, s: &str, a: f64, b: f64) -> String {
    format!(
        r#"{{"metadatavalues": [{{"name": {{"value": "modeldeploymentname"}}, "value": "chat"}}, {{"name": {{"value": "servicetierrequest"}}, "value": "{q}"}}, {{"name": {{"value": "servicetierresponse"}}, "value": "{r}"}}, {{"name": {{"value": "statuscode"}}, "value": "{s}"}}],
        "data": [{{"timeStamp": "{}", "total": {a}}}, {{"timeStamp": "{}", "total": {b}}}]}}"#,
        MINUTES[0], MINUTES[1]
    )
}

fn rest_export() -> String {
    let series: Vec<String> = SERIES.iter().map(|(q, r, s, a, b)| series(q, r, s, *a, *b)).collect();
    format!(
        r#"{{"interval": "PT1M", "value": [{{"id": "/subscriptions/s/resourceGroups/g/providers/Microsoft.CognitiveServices/accounts/aoai/providers/Microsoft.Insights/metrics/AzureOpenAIRequests",
        "name": {{"value": "AzureOpenAIRequests"}}, "timeseries": [{}]}}]}}"#,
        series.join(",")
    )
}

fn rows() -> Vec<(&'static str, &'static str, &'static str, &'static str, f64)> {
    let mut out = Vec::new();
    for (q, r, s, a, b) in SERIES {
        out.push((MINUTES[0], *q, *r, *s, *a));
        out.push((MINUTES[1], *q, *r, *s, *b));
    }
    out
}

fn analytics_csv() -> String {
    let mut s = String::from(
        "TimeGenerated [UTC],Resource,MetricName,Total,TimeGrain,ModelDeploymentName,StatusCode,ServiceTierRequest,ServiceTierResponse\n",
    );
    for (t, q, r, st, n) in rows() {
        s.push_str(&format!("{t},AOAI,AzureOpenAIRequests,{n},PT1M,chat,{st},{q},{r}\n"));
    }
    s
}

fn analytics_json() -> String {
    let rows: Vec<String> = rows()
        .iter()
        .map(|(t, q, r, st, n)| {
            format!(
                r#"{{"TimeGenerated": "{t}", "MetricName": "AzureOpenAIRequests", "Total": {n}, "ModelDeploymentName": "chat", "StatusCode": "{st}", "ServiceTierRequest": "{q}", "ServiceTierResponse": "{r}"}}"#
            )
        })
        .collect();
    format!("[{}]", rows.join(","))
}

fn plain_csv() -> String {
    let mut s = String::from("timestamp,deployment,requests,status,service_tier_request,service_tier_response\n");
    for (t, q, r, st, n) in rows() {
        s.push_str(&format!("{t},chat,{n},{st},{q},{r}\n"));
    }
    s
}

/// The hand computation:
/// - asked Priority: 10 + 2 = 12 at 09:00, 8 + 4 = 12 at 09:01; answered
///   Standard (`default`): 2 and 4 → 6 downgrades, 6 ÷ 24 = 0.25; the
///   worst minute 09:01 with 4 (4 ÷ 12 of its Priority requests);
/// - asked Flex: 5 + 1 = 6 and 3 + 3 = 6; answered 429: 1 and 3 → 4, 4 ÷ 12;
///   the worst minute 09:01 with 3 (3 ÷ 6);
/// - `turbo`, which no page names, is kept and named.
fn assert_hand_computation(t: &TierReport, layout: &str) {
    assert_eq!(t.priority_asked, 24.0, "{layout}");
    assert_eq!(t.downgraded, Some(6.0), "{layout}");
    assert_eq!(t.downgrade_share, Some(0.25), "{layout}");
    let w = t.worst_downgrade.unwrap();
    assert_eq!((w.count, w.share), (4.0, 4.0 / 12.0), "{layout}");
    assert_eq!(batchlane_core::traffic::format_minute(w.at), "2026-11-02T09:01Z", "{layout}");
    assert_eq!(t.flex_asked, 12.0, "{layout}");
    assert_eq!(t.flex_429, Some(4.0), "{layout}");
    assert_eq!(t.flex_429_share, Some(4.0 / 12.0), "{layout}");
    let w = t.worst_flex_429.unwrap();
    assert_eq!((w.count, w.share), (3.0, 0.5), "{layout}");
    let per_minute: Vec<(Option<f64>, Option<f64>)> = t.minutes.iter().map(|m| (m.downgraded, m.flex_429)).collect();
    assert_eq!(per_minute, [(Some(2.0), Some(1.0)), (Some(4.0), Some(3.0))], "{layout}");
    assert_eq!(t.minutes_total, 2, "{layout}");
    assert_eq!(t.unknown_values, ["turbo"], "{layout}");
    assert!(t.gaps.is_empty(), "{layout}: {:?}", t.gaps);
    assert_eq!(t.sources, [SourceId::AzureFlex, SourceId::AzurePriority], "{layout}");
    let pair = |q: &str, r: &str| t.pairs.iter().find(|p| p.request == q && p.response == r).map(|p| p.requests);
    assert_eq!(pair("priority", "standard"), Some(6.0), "{layout}");
    assert_eq!(pair("flex", "(empty)"), Some(4.0), "{layout}");
    assert_eq!(pair("standard", "standard"), Some(7.0), "{layout}");
}

#[test]
fn every_layout_gives_the_hand_computed_downgrades_and_flex_429s() {
    let files = [
        ("tiers.json", rest_export()),
        ("tiers-la.csv", analytics_csv()),
        ("tiers-la.json", analytics_json()),
        ("tiers-plain.csv", plain_csv()),
    ];
    for (name, text) in &files {
        let r = report(&[(name, text.as_bytes())]);
        assert_hand_computation(&tiers(&r, "chat"), name);
    }
}

#[test]
fn the_fixture_the_cli_and_page_read_gives_the_same_hand_computation() {
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/traffic/tiers-metrics-list.json")).unwrap();
    let r = report(&[("tiers-metrics-list.json", &bytes)]);
    assert_hand_computation(&tiers(&r, "chat-gpt41"), "tiers-metrics-list.json");
}

#[test]
fn the_json_carries_the_tiers() {
    let r = report(&[("tiers.json", rest_export().as_bytes())]);
    let j = r.to_json();
    let t = &j["deployments"][0]["tiers"];
    assert_eq!(t["downgraded"], 6.0);
    assert_eq!(t["flex_429"], 4.0);
    assert_eq!(t["worst_downgrade_minute"]["at"], "2026-11-02T09:01Z");
    assert_eq!(t["minutes"].as_array().unwrap().len(), 2);
    assert!(t["sources"].as_array().unwrap().iter().any(|s| s["url"].as_str().unwrap().contains("priority-processing")));
}

#[test]
fn an_export_without_status_or_response_says_what_it_lacks() {
    // Split by ServiceTierRequest alone: neither downgrades nor Flex 429s
    // can be told, and nothing is guessed.
    let text = r#"{"interval": "PT1M", "value": [{"name": {"value": "AzureOpenAIRequests"}, "timeseries": [
        {"metadatavalues": [{"name": {"value": "ModelDeploymentName"}, "value": "chat"}, {"name": {"value": "ServiceTierRequest"}, "value": "flex"}],
         "data": [{"timeStamp": "2026-11-02T09:00:00Z", "total": 9}]},
        {"metadatavalues": [{"name": {"value": "ModelDeploymentName"}, "value": "chat"}, {"name": {"value": "ServiceTierRequest"}, "value": "priority"}],
         "data": [{"timeStamp": "2026-11-02T09:00:00Z", "total": 5}]}]}]}"#;
    let t = tiers(&report(&[("t.json", text.as_bytes())]), "chat");
    assert_eq!((t.priority_asked, t.flex_asked), (5.0, 9.0));
    assert_eq!((t.downgraded, t.flex_429), (None, None));
    assert_eq!(t.gaps, [TierGap::NoResponseSplit, TierGap::NoFlexStatus]);
    assert!(t.minutes.is_empty());
    // Without any tier split, no tier report at all.
    let plain = "timestamp,deployment,requests,status\n2026-11-02T09:00:00Z,chat,3,429\n";
    let r = report(&[("p.csv", plain.as_bytes())]);
    assert!(r.deployments[0].tiers.is_none());
}

#[test]
fn hostile_tier_values_stay_bounded_and_named() {
    // A dimension value of 1 MB, with control characters: kept cut to
    // MAX_TIER_NAME_CHARS characters, escaped.
    let huge = format!("\\u0007{}", "é".repeat(1 << 19));
    let text = format!(
        r#"{{"interval": "PT1M", "value": [{{"name": {{"value": "AzureOpenAIRequests"}}, "timeseries": [
        {{"metadatavalues": [{{"name": {{"value": "ModelDeploymentName"}}, "value": "chat"}}, {{"name": {{"value": "ServiceTierRequest"}}, "value": "{huge}"}}, {{"name": {{"value": "ServiceTierResponse"}}, "value": "priority"}}],
         "data": [{{"timeStamp": "2026-11-02T09:00:00Z", "total": 2}}]}}]}}]}}"#
    );
    let t = tiers(&report(&[("huge.json", text.as_bytes())]), "chat");
    assert_eq!(t.unknown_values.len(), 1);
    let name = &t.unknown_values[0];
    assert!(name.starts_with("\\u{7}é"), "{name:.20}");
    assert_eq!(name.chars().count(), MAX_TIER_NAME_CHARS - 1 + "\\u{7}".len() + 1, "{name:.20}");
    // A CSV cell of 1 MB is past the line-length limit: refused with its line.
    let csv = format!("timestamp,deployment,service_tier_request\n2026-11-02T09:00:00Z,chat,{}\n", "x".repeat(1 << 20));
    let files = vec![("big.csv".to_string(), csv.as_bytes())];
    let e = run(&files, &TrafficOptions::default(), &Catalog::builtin(), &mut |_, _| {}).unwrap_err();
    assert_eq!((e.file.as_str(), e.line), ("big.csv", Some(2)), "{}", e.display());
}

#[test]
fn a_million_rows_of_distinct_tier_values_keep_a_bounded_store() {
    // 10^6 rows over 1,000 minutes, each with a value no page names: the
    // names kept stay at MAX_TIER_NAMES, the minutes at the span.
    let mut csv = String::with_capacity(64 << 20);
    csv.push_str("timestamp,deployment,service_tier_request,service_tier_response\n");
    for i in 0..1_000_000u32 {
        let minute = i % 1_000;
        csv.push_str(&format!("2026-11-02T{:02}:{:02}:00Z,chat,t{i},default\n", minute / 60, minute % 60));
    }
    let mut importer = Importer::with_limits(ReadLimits::default());
    importer.read("million.csv", &mut csv.as_bytes(), &mut |_| {}).unwrap_or_else(|e| panic!("{}", e.display()));
    let (store, _, _) = importer.finish();
    assert_eq!(store.tier_names.names.len(), MAX_TIER_NAMES);
    assert!(store.tier_names.more);
    let d = &store.deployments[0];
    assert_eq!(d.tiers.minutes.len(), 1_000);
    assert!(d.tiers.pairs.len() <= MAX_TIER_NAMES + 1);
    let t = batchlane_core::traffic::tier_report(&d.tiers, &store.tier_names).unwrap();
    assert!(t.unknown_more);
    assert_eq!(t.pairs.iter().map(|p| p.requests).sum::<f64>(), 1_000_000.0);
}

#[test]
fn the_export_command_splits_by_both_tiers_and_status() {
    let cmd = batchlane_core::traffic::tier_export_command();
    for want in
        ["ServiceTierRequest%20eq%20%27%2A%27", "ServiceTierResponse%20eq%20%27%2A%27", "StatusCode%20eq%20%27%2A%27", "interval=PT1M"]
    {
        assert!(cmd.contains(want), "{want}: {cmd}");
    }
}

/// The REST export with `extra` series added (asked, answered, status,
/// requests at 09:00 and 09:01).
fn rest_export_with(extra: &[(&str, &str, &str, f64, f64)]) -> String {
    let base = rest_export();
    let added: Vec<String> = extra.iter().map(|(q, r, s, a, b)| series(q, r, s, *a, *b)).collect();
    if added.is_empty() {
        return base;
    }
    base.replacen(r#""timeseries": ["#, &format!(r#""timeseries": [{},"#, added.join(",")), 1)
}

fn binds_of(r: &TrafficReport, deployment: &str) -> Vec<(String, Binds)> {
    let d = r.deployments.iter().find(|d| d.name == deployment).unwrap();
    d.throttled_minutes.iter().map(|t| (batchlane_core::traffic::format_minute(t.at), t.binds)).collect()
}

// A minute whose 429s all asked for Flex, with neither per-minute figure
// reached, is Flex capacity (Flex has no guaranteed capacity: the Azure
// Flex page), not a burst; the triage says so, with the page.
#[test]
fn flex_asked_429s_below_the_limits_are_flex_capacity_not_a_burst() {
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/traffic/tiers-metrics-list.json")).unwrap();
    let r = report(&[("tiers-metrics-list.json", &bytes)]);
    // By hand: every 429 of the fixture asked for Flex (1 at 09:00, 3 at
    // 09:01), a few requests a minute against gpt-4.1's tier limits.
    assert_eq!(
        binds_of(&r, "chat-gpt41"),
        [("2026-11-02T09:00Z".to_string(), Binds::FlexCapacity), ("2026-11-02T09:01Z".to_string(), Binds::FlexCapacity)]
    );
    let d = r.deployments.iter().find(|d| d.name == "chat-gpt41").unwrap();
    assert_eq!((d.binds_burst, d.binds_flex), (0, 2));
    let j = r.to_json();
    let dep = j["deployments"].as_array().unwrap().iter().find(|d| d["name"] == "chat-gpt41").unwrap().clone();
    assert_eq!(dep["throttled_minutes"][0]["binds"], "flex_capacity", "{dep}");
    let finding = r.triage.iter().find(|f| f.deployment.as_deref() == Some("chat-gpt41")).unwrap();
    assert!(finding.finding.en.contains("Flex capacity in 2"), "{}", finding.finding.en);
    assert!(finding.finding.en.contains("a burst within the minute in 0,"), "{}", finding.finding.en);
    assert!(finding.finding.ko.contains("Flex 용량 부족 2분"), "{}", finding.finding.ko);
    let flex = SourceId::AzureFlex.source();
    for text in [&finding.action.en, &finding.action.ko] {
        assert!(text.contains(flex.url), "the Flex page is cited: {text}");
        assert!(text.contains("service_tier"), "{text}");
        assert!(!text.contains("(a burst)") && !text.contains("(버스트)"), "no burst remedy: {text}");
    }
    assert_eq!(finding.link.as_deref(), Some("/snippets?tab=flex"));
}

#[test]
fn a_minute_with_any_standard_429_stays_a_burst_and_bound_limits_stay() {
    // 09:00: one Flex 429 and one Standard 429 → not all Flex: a burst.
    // The deployment names no model: its limits are typed, far above.
    let text = rest_export_with(&[("default", "", "429", 1.0, 0.0)]);
    let typed =
        TrafficOptions { limits: vec![batchlane_core::traffic::parse_limit("chat=100000/1000").unwrap()], ..TrafficOptions::default() };
    let files = [("mixed.json".to_string(), text.as_bytes())];
    let r = run(&files, &typed, &Catalog::builtin(), &mut |_, _| {}).unwrap_or_else(|e| panic!("{}", e.display()));
    assert_eq!(
        binds_of(&r, "chat"),
        [("2026-11-02T09:00Z".to_string(), Binds::Burst), ("2026-11-02T09:01Z".to_string(), Binds::FlexCapacity)]
    );
    // A limit that bound keeps its name, Flex or not: 25 admitted at 09:00
    // (27 − 2) and 15 at 09:01 (18 − 3) against 15 RPM.
    let tight =
        TrafficOptions { limits: vec![batchlane_core::traffic::parse_limit("chat=100000/15").unwrap()], ..TrafficOptions::default() };
    let r = run(&files, &tight, &Catalog::builtin(), &mut |_, _| {}).unwrap_or_else(|e| panic!("{}", e.display()));
    assert_eq!(binds_of(&r, "chat"), [("2026-11-02T09:00Z".to_string(), Binds::Rpm), ("2026-11-02T09:01Z".to_string(), Binds::Rpm)]);
}
