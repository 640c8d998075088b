//! The worker protocol: every request and response survives the one
//! encoding unchanged, built from real values (a checked file, joined
//! results, a simulator run, parsed usage).

use batchlane_core::batch::{
    check_bytes, range_checker, repair, split, CheckOptions, NoTokenizer, RangeStart, RepairOptions, SplitLimits, StructuralPart,
};
use batchlane_core::cost::PtuPricing;
use batchlane_core::cost::{parse_usage, UsageLimits};
use batchlane_core::facts::Catalog;
use batchlane_core::facts::DeploymentType;
use batchlane_core::facts::Encoding;
use batchlane_core::protocol::{decode, encode, Request, Response, WorkerFailure};
use batchlane_core::quota::{simulate_within, PlanInput, SimBudget, SimConfig};
use batchlane_core::results::{FileKind, ResultsJoiner, RetryError};
use batchlane_core::text::Lang;
use batchlane_core::traffic::{self, parse_limit, ImportError, TrafficOptions, TrafficReport};

const BROKEN: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/batch/broken.jsonl"));
const VALID: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/batch/valid_mixed.jsonl"));
const OUTPUT: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/results/chat/output.jsonl"));
const ERRORS: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/results/chat/errors.jsonl"));
const INPUT: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/results/chat/input.jsonl"));
const TRAFFIC: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/traffic/plain.csv"));
const USAGE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/cost/usage.csv"));

/// The variant's name; a match without a wildcard, so a new variant fails
/// to compile here until it has a sample below.
fn request_name(r: &Request) -> &'static str {
    match r {
        Request::Check { .. } => "Check",
        Request::Range { .. } => "Range",
        Request::Merge { .. } => "Merge",
        Request::Prepare { .. } => "Prepare",
        Request::Repair { .. } => "Repair",
        Request::Split { .. } => "Split",
        Request::Join { .. } => "Join",
        Request::RetryFile { .. } => "RetryFile",
        Request::Simulate { .. } => "Simulate",
        Request::Usage { .. } => "Usage",
        Request::Traffic { .. } => "Traffic",
        Request::ImportFacts { .. } => "ImportFacts",
        Request::Turnaround { .. } => "Turnaround",
    }
}

fn response_name(r: &Response) -> &'static str {
    match r {
        Response::Ready => "Ready",
        Response::Progress { .. } => "Progress",
        Response::Checked { .. } => "Checked",
        Response::Part { .. } => "Part",
        Response::Repaired { .. } => "Repaired",
        Response::Split { .. } => "Split",
        Response::Joined { .. } => "Joined",
        Response::RetryFile { .. } => "RetryFile",
        Response::RetryFailed { .. } => "RetryFailed",
        Response::Simulated { .. } => "Simulated",
        Response::Usage { .. } => "Usage",
        Response::Traffic { .. } => "Traffic",
        Response::TrafficFailed { .. } => "TrafficFailed",
        Response::FactsImported { .. } => "FactsImported",
        Response::FactsRefused { .. } => "FactsRefused",
        Response::Turnaround { .. } => "Turnaround",
        Response::TurnaroundFailed { .. } => "TurnaroundFailed",
        Response::Failed { .. } => "Failed",
    }
}

fn options() -> CheckOptions {
    CheckOptions { model: Some("gpt-4o".into()), ..CheckOptions::default() }
}

fn joined() -> batchlane_core::results::ResultsReport {
    let mut j = ResultsJoiner::new();
    j.feed_output(OUTPUT);
    j.feed_errors(ERRORS);
    j.feed_input(INPUT);
    j.finish()
}

fn sim_config() -> SimConfig {
    let input = PlanInput { peak_rpm: 600.0, allocated_tpm: 60_000.0, prompt_tokens: 500.0, output_tokens: 100.0, ..PlanInput::default() };
    let mut c = SimConfig::from_plan(&input, &Catalog::builtin(), 2);
    c.duration_s = 120.0;
    c
}

/// A range's part of the broken fixture (duplicates, shapes, findings).
fn part(start: u64) -> StructuralPart {
    let mut c = range_checker(options(), &Catalog::builtin(), Box::new(NoTokenizer), start, &RangeStart::default());
    c.feed(BROKEN);
    c.feed(VALID);
    c.finish_part()
}

fn turnaround() -> batchlane_core::lanes::Turnaround {
    let mut r = batchlane_core::lanes::JobReader::new(Some("eastus"));
    let page = br#"{"object":"list","data":[{"id":"a","model":"gpt-4o","status":"completed","created_at":0,"completed_at":60}]}"#;
    r.add_file("a.json", page).unwrap();
    r.finish()
}

fn traffic_options() -> TrafficOptions {
    TrafficOptions {
        limits: vec![parse_limit("chat-gpt4o=10000/60").unwrap()],
        deployment_types: vec![("mini-batchy".into(), DeploymentType::DataZoneStandard)],
        models: vec![("x".into(), "gpt-4o".into())],
        ptu_pricing: PtuPricing::Monthly,
        ..TrafficOptions::default()
    }
}

fn traffic_report() -> TrafficReport {
    traffic::run(&[("plain.csv".to_string(), TRAFFIC)], &traffic_options(), &Catalog::builtin(), &mut |_, _| {}).unwrap()
}

fn traffic_error() -> ImportError {
    traffic::run(
        &[("bad.csv".to_string(), b"timestamp,deployment,requests\nsoon,a,1\n".as_slice())],
        &TrafficOptions::default(),
        &Catalog::builtin(),
        &mut |_, _| {},
    )
    .unwrap_err()
}

fn requests() -> Vec<Request> {
    let catalog = Catalog::builtin();
    vec![
        Request::Check { options: options(), catalog: catalog.clone(), tokens: true },
        Request::Range {
            options: options(),
            catalog: catalog.clone(),
            start: 7,
            end: 9_000_000_000,
            at: RangeStart { first_url: Some(("/v1/chat/completions".into(), 1)), first_model: Some(("dép\"1".into(), 2)) },
        },
        Request::Merge { options: options(), catalog: catalog.clone() },
        Request::Prepare { encoding: Encoding::O200kBase },
        Request::Repair { options: RepairOptions { rename_duplicate_ids: true } },
        Request::Split { options: options(), catalog },
        Request::Join { files: vec![FileKind::Output, FileKind::Errors, FileKind::Input] },
        Request::RetryFile { plan: joined().retry },
        Request::Simulate { config: sim_config(), budget: SimBudget { max_steps: 1_000 } },
        Request::Usage { limits: UsageLimits { max_lines: 10, max_diagnostics: 3 } },
        Request::Traffic {
            files: vec!["metrics-list.json".into(), "plain \"1\".csv".into()],
            options: traffic_options(),
            catalog: Catalog::builtin(),
        },
        Request::ImportFacts { files: vec!["tier-2.md".into(), "prices \"é\".json".into()], today: "2026-12-05".into() },
        Request::Turnaround { files: vec!["batches \"page 1\".json".into()], region: Some("eastus".into()) },
    ]
}

/// A tier page read, with its figures, removed rows and diff.
fn facts_imported() -> Response {
    let page = "---\ntitle: Quota tier 1\nms.date: 11/30/2026\n---\n| Model Name | a | b | c |\n|--|--|--|--|\n| o4-mini | GlobalStandard | 1,250 | 1,250,000 |\n| gpt-9 | GlobalStandard | 5 / 10s | - |\n";
    let imp = batchlane_core::facts::import_file("tier-1.md", page.as_bytes(), "2026-12-05").unwrap();
    let diff = batchlane_core::facts::diff_overlay(std::slice::from_ref(&imp));
    assert!(!diff.changed.is_empty() && !diff.added.is_empty() && !diff.removed.is_empty());
    Response::FactsImported { imports: vec![imp], diff: Box::new(diff) }
}

fn responses() -> Vec<Response> {
    let catalog = Catalog::builtin();
    let report = check_bytes(BROKEN, options(), &catalog);
    let (_, repaired) = repair(BROKEN, RepairOptions { rename_duplicate_ids: true });
    let (_, parts) = split(VALID, SplitLimits::from_catalog(&options(), &catalog), &options(), &catalog);
    let run = simulate_within(&sim_config(), SimBudget { max_steps: 2_000 }, &mut |_| {}).unwrap();
    vec![
        Response::Ready,
        Response::Progress { done: 4 << 20, total: u64::MAX, lines: 12 },
        Response::Checked { report: Box::new(report) },
        Response::Repaired { outcome: repaired },
        Response::Split { outcome: parts },
        Response::Joined { report: Box::new(joined()) },
        Response::RetryFile { lines: 3, bytes: 900 },
        Response::RetryFailed { error: RetryError::InputChanged { input_line: 4, custom_id: "ré\"q\n1".into() } },
        Response::Simulated { run: Box::new(run) },
        Response::Usage { parsed: Box::new(parse_usage(USAGE)) },
        Response::Failed { failure: WorkerFailure::Crashed { detail: Some("the worker stopped: <boom> \u{1b}[31m".into()) } },
        Response::Part { bytes: 9_000_000_000, lines: 12 },
        Response::Traffic { report: Box::new(traffic_report()) },
        Response::TrafficFailed { error: traffic_error() },
        facts_imported(),
        Response::FactsRefused { problem: batchlane_core::facts::import_problem("p\"1.json", 3, "Items", "number out of range") },
        Response::Turnaround { turnaround: Box::new(turnaround()) },
        Response::TurnaroundFailed {
            error: batchlane_core::lanes::JobsError {
                file: "b.json".into(),
                line: Some(3),
                column: Some(9),
                message: "created_at: bad".into(),
            },
        },
    ]
}

#[test]
fn every_request_survives_the_encoding() {
    let all = requests();
    let mut names: Vec<_> = all.iter().map(request_name).collect();
    names.dedup();
    assert_eq!(names.len(), 13, "one sample per variant: {names:?}");
    for r in all {
        let text = encode(&r).unwrap();
        let back: Request = decode(&text).unwrap();
        assert_eq!(back, r, "{}", request_name(&r));
    }
}

#[test]
fn every_response_survives_the_encoding() {
    let all = responses();
    let mut names: Vec<_> = all.iter().map(response_name).collect();
    names.dedup();
    assert_eq!(names.len(), 18, "one sample per variant: {names:?}");
    for r in all {
        let text = encode(&r).unwrap();
        let back: Response = decode(&text).unwrap();
        assert_eq!(back, r, "{}", response_name(&r));
    }
}

#[test]
fn the_samples_are_not_empty_shells() {
    // The round trips above carry real diagnostics, rows and series.
    let rs = responses();
    let Response::Checked { report } = &rs[2] else { panic!() };
    assert!(!report.diagnostics.is_empty());
    let Response::Joined { report } = &rs[5] else { panic!() };
    assert!(!report.rows.is_empty());
    let Response::Simulated { run } = &rs[8] else { panic!() };
    assert!(run.stopped.is_some() && !run.result.series.is_empty());
    let Response::Traffic { report } = &rs[12] else { panic!() };
    assert!(!report.deployments.is_empty() && !report.ptu.is_empty() && !report.triage.is_empty());
    assert!(report.deployments.iter().any(|d| !d.throttled_minutes.is_empty() && !d.chart.is_empty()));
}

#[test]
fn a_part_survives_the_encoding_it_travels_in() {
    // A range's part travels beside `Response::Part` as its encoded JSON
    // (the page passes it to `Merge` unread), from real ranges of the
    // broken fixture: duplicates, shapes, findings.
    for p in [part(0), part(120)] {
        let text = encode(&p).unwrap();
        assert!(p.lines > 0 && text.contains("\"diagnostics\":[{"), "a real part: {text}");
        let back: StructuralPart = decode(&text).unwrap();
        assert_eq!(back, p);
    }
}

#[test]
fn only_progress_and_ready_are_not_final() {
    let not_final: Vec<_> = responses().iter().filter(|r| !r.is_final()).map(response_name).collect();
    assert_eq!(not_final, ["Ready", "Progress"]);
}

#[test]
fn a_malformed_message_is_an_error_not_a_panic() {
    assert!(decode::<Request>("{\"Check\":{}}").is_err());
    assert!(decode::<Response>("not json").is_err());
    assert!(decode::<Response>("\"Unknown\"").is_err());
}

/// One sample of every failure; a match without a wildcard, so a new
/// variant fails to compile here until it has one.
fn failures() -> Vec<WorkerFailure> {
    let all = vec![
        WorkerFailure::NoFile,
        WorkerFailure::FileCount { named: 3, attached: 2 },
        WorkerFailure::Unreadable { detail: "NotReadableError: gone".into() },
        WorkerFailure::CannotBuild { detail: "QuotaExceededError".into() },
        WorkerFailure::NothingBack,
        WorkerFailure::BadMessage { detail: "expected value at line 1".into() },
        WorkerFailure::SettingsRefused { count: 2 },
        WorkerFailure::CannotStart { detail: "SecurityError".into() },
        WorkerFailure::Crashed { detail: Some("RuntimeError: unreachable".into()) },
        WorkerFailure::Crashed { detail: None },
    ];
    for f in &all {
        match f {
            WorkerFailure::NoFile
            | WorkerFailure::FileCount { .. }
            | WorkerFailure::Unreadable { .. }
            | WorkerFailure::CannotBuild { .. }
            | WorkerFailure::NothingBack
            | WorkerFailure::BadMessage { .. }
            | WorkerFailure::SettingsRefused { .. }
            | WorkerFailure::CannotStart { .. }
            | WorkerFailure::Crashed { .. } => {}
        }
    }
    all
}

/// A worker's failure reaches the page as a typed message and is said in
/// the page's language (the browser's own words, if any, quoted inside);
/// a crash is a variant, never a prefix of a string parsed back.
#[test]
fn worker_failures_are_typed_and_said_in_both_languages() {
    let hangul = |s: &str| s.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c));
    for f in failures() {
        let r = Response::Failed { failure: f.clone() };
        assert_eq!(decode::<Response>(&encode(&r).unwrap()).unwrap(), r);
        let text = f.text();
        assert!(!text.en.is_empty() && !hangul(&text.en), "{f:?}: {}", text.en);
        assert!(hangul(text.pick(Lang::Ko)), "{f:?} in Korean: {}", text.ko);
        assert_eq!(f.to_string(), text.en, "Display is the English text");
        let as_error: &dyn std::error::Error = &f;
        assert!(!as_error.to_string().is_empty());
        if let WorkerFailure::Crashed { detail: Some(d) } | WorkerFailure::Unreadable { detail: d } = &f {
            assert!(text.ko.contains(d.as_str()), "the browser's words are kept: {}", text.ko);
        }
        assert_eq!(f.is_crash(), matches!(f, WorkerFailure::Crashed { .. }));
    }
}
