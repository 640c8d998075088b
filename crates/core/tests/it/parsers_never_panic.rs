//! Every parser, fed any bytes and near-valid inputs (a valid fixture with a
//! few structural mutations): no panic, and output bounded by the input
//! (stored diagnostics within their caps, at most one finding per line or
//! per pair, messages and reports no bigger than a multiple of the input).
//! The cargo-fuzz targets in fuzz/ run the same parsers for longer
//! (`./dev fuzz [SECONDS]`); this is the CI-sized version.

use batchlane_core::batch::{check_line, check_options, share::BatchLink, CheckOptions, Checker, Dialect, Findings, LineRef, NoTokenizer};
use batchlane_core::cost::{evaluate, parse_usage, share as cost_share, spend, spend_csv, AttributionConfig, LineProblem, MAX_SCENARIOS};
use batchlane_core::facts::{diff_overlay, import_file, Catalog};
use batchlane_core::facts::{diff_tiers, parse_tier_csv, MAX_TIER_ROWS};
use batchlane_core::io::{query_string, LinkCodec, MAX_DIAGNOSTICS};
use batchlane_core::lanes::JobReader;
use batchlane_core::quota::{plan, share as quota_share};
use batchlane_core::results::{analyze_job, classify, parse_input_line, parse_job, parse_result_line, ResultsJoiner, Vendor};
use batchlane_core::snippets::share as snippets_share;
use batchlane_core::snippets::{
    lint, render, ClusterFacts, Entity, FallbackForm, JobStrategy, KedaForm, LintInput, QuotaFeed, ScaleKind, ScalingModifiersForm,
};
use batchlane_core::traffic::{self, TrafficOptions, MAX_CELLS};
use proptest::prelude::*;

const BATCH_LINE: &str = r#"{"custom_id": "t-1", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o-mini", "max_tokens": 100, "messages": [{"role": "user", "content": "Hi"}]}}"#;

const RESULT_LINE: &str = r#"{"id": "r1", "custom_id": "t-1", "response": {"status_code": 200, "request_id": "q", "body": {"model": "gpt-4o-mini", "choices": [{"finish_reason": "stop", "content_filter_results": {"hate": {"filtered": false}}}], "usage": {"prompt_tokens": 12, "completion_tokens": 3, "prompt_tokens_details": {"cached_tokens": 0}}}}, "error": null}"#;

const ERROR_LINE: &str = r#"{"id": "r2", "custom_id": "t-2", "response": {"status_code": 429, "body": {"error": {"code": "429", "message": "slow down", "innererror": {"code": "x"}}}}, "error": {"code": "batch_expired", "message": "late"}}"#;

const USAGE_CSV: &str =
    "tenant,feature,model,prompt_tokens,cached_tokens,completion_tokens,requests,batch\nacme,search,gpt-4o,1000,10,500,2,true\n";

const USAGE_JSONL: &str =
    r#"{"tenant":"acme","model":"gpt-4.1","usage":{"input_tokens":300,"input_tokens_details":{"cached_tokens":0},"output_tokens":50}}"#;

const JOB: &str = r#"{"object":"batch","id":"batch_1","status":"in_progress","endpoint":"/v1/chat/completions","created_at":1760000000,"in_progress_at":1760000100,"expires_at":1760086400,"request_counts":{"total":100,"completed":40,"failed":10},"errors":{"data":[{"code":"invalid_json_line","line":7,"message":"bad","param":null}]},"output_expires_after":{"anchor":"created_at","seconds":1209600}}"#;

const BATCH_LINK: &str = "dialect=azure&endpoint=%2Fchat%2Fcompletions&model=gpt-4o-mini&enqueued_limit=ea&zone=datazone&price_in=1.25&price_out=5&byo_storage=1&count_tokens=0";

const TIER_PAGE: &str = "---\ntitle: Quota tier 1\nms.date: 11/30/2026\n---\n| Model Name | Deployment Type | RPM | TPM |\n|--|--|--|--|\n| o4-mini | GlobalStandard | 1,000 | 100,000 |\n";

const LANE_MATRIX: &str = "---\ntitle: Global Standard model availability for priority processing\nms.date: 03/24/2026\n---\n\n| **Region** | **gpt-5.4, 2026-03-05** |\n|:--|:--:|\n| eastus2 | ✅ |\n| swedencentral | ✅ |\n";

const BATCH_LIST: &str = include_str!("../../../../tests/fixtures/lanes/batches.json");

const QUOTA_LINK: &str = "m=gpt-4o&d=gs&tpm=450000&ptu=0&r=unset&pk=120&av=60&pt=1500&ca=0&ot=300&mx=unset&n=1&b=1.5&bs=0.3";

const COST_LINK: &str = "days=30&b.req=1000&b.per=day&b.model=gpt-4o&b.dep=global&b.sys=500&b.user=200&b.out=300&b.max=none&s1.name=mini&s1.model=gpt-4o-mini&s2.batch=1&f.price_input.gpt-4o=2";

/// A /snippets link as the page writes it (KEDA form, the quota planner's
/// and the batch check's keys, the Control plane tab).
const SNIPPETS_LINK: &str = "tab=keda&kind=sj&name=invoice-worker&queue=jobs&maxReplicaCount=12&messageCount=4&tpm=60000&tokens=2000\
&concurrency=4&messagesPerMinute=0.75&fallback=1&fallbackBehavior=static&formula=a%2Bb&dialect=azure&deployment=gpt-4o\
&cpRoutes=contoso%2Fsummarize%3Dbatch-4o-mini&cpHook=webhook&jobs=a%3A%20100&cpQuota=typed&cpTokens=1000000";

/// /traffic's plain CSV (the importer sniffs the layout of each file).
const TRAFFIC_CSV: &str =
    "timestamp,deployment,model,model_version,status,requests,prompt_tokens,completion_tokens,service_tier_request,service_tier_response
2026-11-02T09:00:00Z,chat-gpt4o,gpt-4o,2024-08-06,200,20,4000,1000,priority,default
2026-11-02T09:01:00Z,chat-gpt4o,gpt-4o,2024-08-06,429,5,800,0,flex,
";

/// /facts' tier import: a newer quota-tier table.
const TIER_CSV: &str = "tier,model,deployment_type,rpm,rpm_window_seconds,tpm,source,ms_date
1,o4-mini,GlobalStandard,1250,60,1250000,articles/foundry/openai/includes/quota-tier/tier-1.md@next,2026-11-30
1,o4-mini,DataZoneStandard,300,10,300000,articles/foundry/openai/includes/quota-tier/tier-1.md@next,2026-11-30
";

/// Pieces a mutation inserts: JSON syntax, hostile numbers and strings,
/// line breaks, a BOM, invalid UTF-8, Hangul.
const PIECES: &[&[u8]] = &[
    b"\"",
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b"\\",
    b"\n",
    b"\r\n",
    b"\0",
    b"&",
    b"=",
    b"1e400",
    b"-1",
    b"-0",
    b"0.5",
    b"4294967296",
    b"9223372036854775808",
    b"99999",
    b"\"500\"",
    b"null",
    b"true",
    b"[1,1,1,1,1,1,1,1]",
    b"{\"a\":{\"b\":{\"c\":[]}}}",
    "\"한국어\"".as_bytes(),
    b"\xEF\xBB\xBF",
    b"\xFF\xFE",
    b"\xC3",
    b"NaN",
    b"inf",
    b"=cmd|' /C calc'!A0",
    b"\t",
    b";",
];

/// One edit at a position (taken modulo the length): insert a piece,
/// replace the byte there with it, or cut a few bytes.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, usize),
    Replace(usize, usize),
    Cut(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 0..PIECES.len()).prop_map(|(at, p)| Edit::Insert(at, p)),
        (any::<usize>(), 0..PIECES.len()).prop_map(|(at, p)| Edit::Replace(at, p)),
        (any::<usize>(), 1usize..8).prop_map(|(at, n)| Edit::Cut(at, n)),
    ]
}

fn apply(base: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut b = base.to_vec();
    for e in edits {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        match *e {
            Edit::Insert(i, p) => {
                let i = at(i, b.len() + 1);
                b.splice(i..i, PIECES[p].iter().copied());
            }
            Edit::Replace(i, p) if !b.is_empty() => {
                let i = at(i, b.len());
                b.splice(i..i + 1, PIECES[p].iter().copied());
            }
            Edit::Cut(i, n) if !b.is_empty() => {
                let i = at(i, b.len());
                b.drain(i..(i + n).min(b.len()));
            }
            _ => {}
        }
    }
    b
}

/// A fixture with up to four edits.
fn near(base: &'static str) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(edit(), 0..5).prop_map(move |edits| apply(base.as_bytes(), &edits))
}

/// Any bytes, or one of the fixtures with edits (repeated up to 3 times,
/// joined by newlines, so cross-line rules see more than one line).
fn input(fixtures: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    let near_lines =
        (0..fixtures.len()).prop_flat_map(move |i| proptest::collection::vec(near(fixtures[i]), 1..4)).prop_map(|lines| lines.join(&b'\n'));
    prop_oneof![proptest::collection::vec(any::<u8>(), 0..300), near_lines]
}

/// A query string split into pairs the way the page hands them over.
fn pairs(data: &[u8]) -> Vec<(String, String)> {
    data.split(|&b| b == b'&')
        .map(|p| {
            let i = p.iter().position(|&b| b == b'=').unwrap_or(p.len());
            let v = p.get(i + 1..).unwrap_or_default();
            (String::from_utf8_lossy(&p[..i]).into_owned(), String::from_utf8_lossy(v).into_owned())
        })
        .collect()
}

fn lines_in(data: &[u8]) -> usize {
    data.iter().filter(|&&b| b == b'\n').count() + 1
}

/// A report's JSON size: a fixed part plus a few times the input.
fn json_len(v: &impl serde::Serialize) -> usize {
    serde_json::to_string(v).unwrap().len()
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn batch_lines(data in input(&[BATCH_LINE])) {
        let catalog = Catalog::builtin();
        for dialect in [Dialect::Azure, Dialect::OpenAi] {
            let mut out = Findings::new(16);
            let _ = check_line(LineRef { number: 1, start: 0, bytes: &data }, dialect, &catalog, &mut out);
            prop_assert!(out.list().len() <= 16);
            for d in out.list() {
                prop_assert!(d.message.len() <= 2 * data.len() + 1_000, "{} bytes of message for {} of input", d.message.len(), data.len());
            }
        }
        let cap = 2;
        let o = CheckOptions { count_tokens: false, max_stored_per_code: cap, ..CheckOptions::default() };
        let mut c = Checker::with_tokenizer(o, &catalog, Box::new(NoTokenizer));
        c.feed(&data);
        let r = c.finish();
        for n in &r.counts {
            prop_assert!(n.stored <= cap as u64 && n.stored <= n.count, "{:?}", n);
        }
        prop_assert_eq!(r.diagnostics.len() as u64, r.counts.iter().map(|n| n.stored).sum::<u64>());
        prop_assert!(r.summary.lines <= lines_in(&data) as u64);
        prop_assert!(json_len(&r) <= 20 * data.len() + 20_000, "{} bytes of report for {} of input", json_len(&r), data.len());
    }

    #[test]
    fn results_lines_and_the_join(data in input(&[RESULT_LINE, ERROR_LINE, BATCH_LINE]), cut in any::<(usize, usize)>()) {
        if let Ok(line) = parse_result_line(&data) {
            let _ = classify(&line);
        }
        let _ = parse_input_line(&data);
        // The same bytes as output, error and input file.
        let mut j = ResultsJoiner::new();
        let (a, b) = (cut.0 % (data.len() + 1), cut.1 % (data.len() + 1));
        j.feed_output(&data[..a]);
        j.feed_output(&data[a..]);
        j.feed_errors(&data[..b]);
        j.feed_errors(&data[b..]);
        j.feed_input(&data);
        let r = j.finish();
        prop_assert!(r.diagnostics.len() <= MAX_DIAGNOSTICS);
        prop_assert!(r.rows.len() <= 3 * lines_in(&data));
        prop_assert!(json_len(&r) <= 20 * data.len() + 20_000, "{} bytes of report for {} of input", json_len(&r), data.len());
    }

    #[test]
    fn usage_files(data in input(&[USAGE_CSV, USAGE_JSONL])) {
        let text = String::from_utf8_lossy(&data);
        let p = parse_usage(&text);
        // One record or one diagnostic per line; the header may miss several columns, each once.
        let mut per_line = std::collections::BTreeMap::<usize, usize>::new();
        for line in p.records.iter().map(|r| r.line).chain(p.diagnostics.iter().map(|d| d.line)) {
            prop_assert!((1..=text.lines().count()).contains(&line), "line {} of {}", line, text.lines().count());
            *per_line.entry(line).or_default() += 1;
        }
        let header: Vec<_> = p.diagnostics.iter().filter(|d| per_line[&d.line] > 1).map(|d| (d.line, &d.problem)).collect();
        prop_assert!(header.iter().all(|(line, problem)| *line == header[0].0 && matches!(problem, LineProblem::MissingColumn(_))), "{:?}", header);
        prop_assert!(header.iter().enumerate().all(|(i, h)| !header[..i].contains(h)), "a column reported twice: {:?}", header);
        prop_assert!(json_len(&p.diagnostics) <= 20 * data.len() + 1_000);
        let s = spend(&p.records, &Catalog::builtin(), &AttributionConfig::default());
        prop_assert!(s.by_tenant.rows.len() <= p.records.len() && s.by_feature.rows.len() <= p.records.len());
        prop_assert!(s.diagnostics.len() <= p.records.len());
        let _ = (spend_csv(&s.by_tenant), spend_csv(&s.by_feature));
    }

    #[test]
    fn job_objects(data in input(&[JOB]), now in prop_oneof![any::<i64>(), 1_750_000_000i64..1_770_000_000]) {
        let Ok(text) = std::str::from_utf8(&data) else { return Ok(()) };
        let Ok(job) = parse_job(text) else { return Ok(()) };
        prop_assert!(job.errors.len() <= text.len());
        for vendor in [Vendor::Azure, Vendor::OpenAi] {
            let _ = analyze_job(&job, now, vendor, &Catalog::builtin());
        }
    }

    #[test]
    fn quota_links(data in input(&[QUOTA_LINK])) {
        let pairs = pairs(&data);
        match quota_share::decode(&pairs) {
            Err(errors) => prop_assert!(errors.len() <= pairs.len()),
            Ok(p) => {
                prop_assert_eq!(quota_share::decode(&quota_share::encode(&p)), Ok(p.clone()));
                let _ = plan(&p, &Catalog::builtin());
            }
        }
    }

    /// The /batch share link (`batch::share`, through the one contract
    /// `io::LinkCodec`): at most one refusal per piece of the query, what
    /// it opens survives `to_query` → `parse`, and the options it holds get
    /// an answer (options, or one field error).
    #[test]
    fn batch_links(data in input(&[BATCH_LINK])) {
        let text = String::from_utf8_lossy(&data);
        let opened = BatchLink.parse(&text);
        prop_assert!(opened.rejected.len() <= text.split('&').count(), "{} refusals", opened.rejected.len());
        let again = BatchLink.to_query(&opened.state);
        let back = BatchLink.parse(&again);
        prop_assert!(back.rejected.is_empty(), "{}: {:?}", again, back.rejected);
        prop_assert_eq!(&back.state, &opened.state, "{}", again);
        if let Err(e) = check_options(&opened.state, &Catalog::builtin()) {
            prop_assert!(!e.reason().en.is_empty() && !e.reason().ko.is_empty());
        }
    }

    /// A vendor file for the catalog import (a tier page, a retail-prices
    /// response, a spec, a catalog file, a lane matrix): never a panic, a
    /// refusal names its file, every figure read is one a catalog takes.
    #[test]
    fn vendor_file_imports(data in input(&[TIER_PAGE, LANE_MATRIX]), head in 0usize..3) {
        let heads: [&[u8]; 3] = [b"", b"{\"Items\":[", b"{\"openapi\":\"3.1.0\",\"info\":"];
        let bytes = [heads[head], &data].concat();
        match import_file("f", &bytes, "2026-12-05") {
            Ok(imp) => {
                let diff = diff_overlay(std::slice::from_ref(&imp));
                let mut c = Catalog::builtin();
                prop_assert!(c.set_imported(diff.facts).is_ok(), "an imported figure a catalog refuses");
            }
            Err(p) => prop_assert_eq!(p.file(), "f"),
        }
    }

    /// Batch-list JSON for the lane chooser's turnaround (`lanes::JobReader`,
    /// behind `lanes --jobs`, Python's `lanes(jobs=)` and the page): a
    /// refused file keeps nothing of itself and names its file; each group's
    /// jobs add up within the jobs read; percentiles are ordered.
    #[test]
    fn batch_lists(data in input(&[BATCH_LIST]), twice in any::<bool>()) {
        let mut reader = JobReader::new(None);
        reader.add_file("first.json", BATCH_LIST.as_bytes()).unwrap();
        let before = reader.jobs_read();
        match reader.add_file("f.json", &data) {
            Ok(()) => prop_assert!(reader.jobs_read() >= before),
            Err(e) => {
                prop_assert_eq!(e.file.as_str(), "f.json");
                prop_assert_eq!(reader.jobs_read(), before, "a refused file kept jobs");
            }
        }
        if twice {
            let _ = reader.add_file("g.json", &data);
        }
        let t = reader.finish();
        for g in t.groups.iter().chain(&t.models) {
            let s = &g.stats;
            let counted = s.completed.saturating_add(s.failed).saturating_add(s.expired).saturating_add(s.cancelled).saturating_add(s.running);
            prop_assert!(counted <= t.jobs, "{counted} of {} jobs", t.jobs);
            if let (Some(p50), Some(p90), Some(max)) = (s.p50_seconds, s.p90_seconds, s.max_seconds) {
                prop_assert!(0 <= p50 && p50 <= p90 && p90 <= max, "{p50} {p90} {max}");
            }
        }
    }

    #[test]
    fn cost_links(data in input(&[COST_LINK])) {
        let pairs = pairs(&data);
        let mut catalog = Catalog::builtin();
        let ids = cost_share::price_fact_ids(&catalog);
        let opened = cost_share::decode(&pairs, &ids);
        prop_assert!(opened.rejected.len() <= pairs.len());
        prop_assert!(opened.comparison.scenarios.len() <= MAX_SCENARIOS);
        for (id, value) in &opened.overrides {
            let _ = catalog.set_override(id, *value);
        }
        let _ = evaluate(&opened.comparison, &catalog);
    }

    /// The /snippets share link (`snippets::share`, which the page and
    /// `batchlane snippets` decode with): at most one refusal per piece of
    /// the query, every kept text within the link's limit and free of
    /// control characters, and what it opens survives encode → decode.
    #[test]
    fn snippets_links(data in input(&[SNIPPETS_LINK])) {
        let catalog = Catalog::builtin();
        let text = String::from_utf8_lossy(&data);
        let Ok(d) = snippets_share::decode(&text, &catalog) else { return Ok(()) };
        prop_assert!(d.rejected.len() <= text.split('&').count(), "{} refusals", d.rejected.len());
        let (k, s, c, f) = (&d.opened.keda, &d.opened.submit, &d.opened.control, &d.opened.flex);
        let texts = [&k.form.name, &k.form.namespace, &k.queue, &k.topic, &k.subscription, &k.modifiers.formula, &s.deployment, &s.endpoint, &c.opts.endpoint, &c.model, &f.endpoint, &f.deployment];
        for t in texts {
            prop_assert!(t.chars().count() <= snippets_share::MAX_TEXT_CHARS, "a kept text of {} chars", t.chars().count());
            prop_assert!(!t.chars().any(char::is_control), "a control character kept: {:?}", t);
        }
        for t in [&c.opts.routes, &c.jobs] {
            prop_assert!(t.chars().count() <= snippets_share::MAX_LIST_CHARS && !t.chars().any(char::is_control));
        }
        let again = query_string(&snippets_share::encode(&[], k, d.opened.tab, c, f, &catalog));
        let back = snippets_share::decode(&again, &catalog).unwrap();
        prop_assert!(back.rejected.is_empty(), "{}: {:?}", again, back.rejected);
        prop_assert_eq!(back.opened.keda.to_form(), k.to_form(), "{}", again);
        prop_assert_eq!(&back.opened.control, c, "{}", again);
        prop_assert_eq!(&back.opened.flex, f, "{}", again);
        prop_assert_eq!(back.opened.tab, d.opened.tab);
    }

    #[test]
    fn keda_lint_input(input in lint_input()) {
        let catalog = Catalog::builtin();
        let findings = lint(&input, &catalog);
        let mut rules: Vec<&str> = findings.iter().map(|f| f.rule.id()).collect();
        let n = rules.len();
        rules.sort_unstable();
        rules.dedup();
        prop_assert_eq!(rules.len(), n, "a rule fired twice");
        let _ = input.form.validate();
        let _ = render(&input.form, &catalog);
    }

    #[test]
    fn keda_lint_input_as_json(data in near(*KEDA_JSON)) {
        if let Ok(input) = serde_json::from_slice::<LintInput>(&data) {
            let catalog = Catalog::builtin();
            let _ = lint(&input, &catalog);
            let _ = render(&input.form, &catalog);
        }
    }

    /// The traffic importer over one to three files of any layout (sniffed
    /// per file, as the page and the CLI do), then the analysis: never a
    /// panic, the store within its bounds, an error naming its file.
    #[test]
    fn traffic_import(data in input(&[TRAFFIC_CSV]), cut in any::<u8>(), files in 1usize..=3) {
        let at = (cut as usize * data.len()) / 255;
        let (a, b) = data.split_at(at);
        let parts: Vec<(String, &[u8])> = [a, b, &data[..]].into_iter().take(files).enumerate().map(|(i, p)| (format!("f{i}.csv"), p)).collect();
        match traffic::run(&parts, &TrafficOptions::default(), &Catalog::builtin(), &mut |_, _| {}) {
            Ok(report) => {
                prop_assert!(report.deployments.iter().map(|d| d.chart.len()).sum::<usize>() <= MAX_CELLS + report.deployments.len());
                let _ = report.to_json();
            }
            Err(e) => prop_assert!(parts.iter().any(|(n, _)| *n == e.file), "{e}"),
        }
    }

    /// The tier import: rows capped, one reason per refused line, the diff
    /// against the built-in table never larger than the rows.
    #[test]
    fn tier_import(data in input(&[TIER_CSV])) {
        let text = String::from_utf8_lossy(&data);
        if let Ok(parsed) = parse_tier_csv(&text) {
            prop_assert!(parsed.rows.len() <= MAX_TIER_ROWS);
            prop_assert!(parsed.errors.len() <= lines_in(&data) + 1);
            let diff = diff_tiers(&parsed, &Catalog::builtin());
            prop_assert!(diff.added.len() <= parsed.rows.len());
            prop_assert!(diff.changed.len() <= 3 * parsed.rows.len(), "{} changes for {} rows", diff.changed.len(), parsed.rows.len());
            if let Some(e) = parsed.errors.first() {
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }
}

/// The fixtures are valid, so their mutations are near-valid inputs.
#[test]
fn the_fixtures_parse() {
    let catalog = Catalog::builtin();
    let mut out = Findings::new(16);
    assert!(check_line(LineRef { number: 1, start: 0, bytes: BATCH_LINE.as_bytes() }, Dialect::OpenAi, &catalog, &mut out).is_some());
    assert!(out.list().is_empty(), "{:?}", out.list());
    assert_eq!(parse_result_line(RESULT_LINE.as_bytes()).map(|l| l.status_code), Ok(Some(200)));
    assert_eq!(parse_result_line(ERROR_LINE.as_bytes()).map(|l| l.status_code), Ok(Some(429)));
    for usage in [USAGE_CSV, USAGE_JSONL] {
        let p = parse_usage(usage);
        assert_eq!((p.records.len(), p.diagnostics.len()), (1, 0), "{p:?}");
    }
    assert_eq!(parse_job(JOB).map(|j| j.errors.len()), Ok(1));
    let d = snippets_share::decode(SNIPPETS_LINK, &catalog).unwrap();
    assert!(d.rejected.is_empty() && d.unknown.is_empty() && d.opened.ignored.is_empty(), "{d:?}");
    assert_eq!(d.opened.applied.len(), 8, "{:?}", d.opened.applied);
    assert_eq!((d.opened.keda.form.name.as_str(), d.opened.keda.modifiers.formula.as_str()), ("invoice-worker", "a+b"));
    let huge = format!("name={}", "x".repeat(batchlane_core::io::MAX_QUERY_BYTES + 1));
    let d = snippets_share::decode(&huge, &catalog).unwrap();
    assert_eq!((d.rejected.len(), d.opened.keda.form.name.len() < 1_000), (1, true));
    let p = quota_share::decode(&pairs(QUOTA_LINK.as_bytes())).unwrap();
    assert!(plan(&p, &catalog).is_ok());
    let ids = cost_share::price_fact_ids(&catalog);
    let opened = cost_share::decode(&pairs(COST_LINK.as_bytes()), &ids);
    assert!(opened.rejected.is_empty(), "{:?}", opened.rejected);
    assert_eq!(opened.comparison.scenarios.len(), 2);
    let mut overridden = catalog.clone();
    for (id, value) in &opened.overrides {
        overridden.set_override(id, *value).unwrap();
    }
    assert!(evaluate(&opened.comparison, &overridden).is_ok());
    let input: LintInput = serde_json::from_str(&KEDA_JSON).unwrap();
    assert!(render(&input.form, &catalog).is_ok());
    let t = traffic::run(&[("t.csv".to_string(), TRAFFIC_CSV.as_bytes())], &TrafficOptions::default(), &catalog, &mut |_, _| {}).unwrap();
    assert_eq!(t.deployments.len(), 1);
    let opened = BatchLink.parse(BATCH_LINK);
    assert!(opened.rejected.is_empty() && opened.unknown.is_empty(), "{:?}", opened.rejected);
    assert!(check_options(&opened.state, &catalog).is_ok());
    for (file, want) in [(TIER_PAGE, "quota-tier page"), (LANE_MATRIX, "Azure lane availability matrix")] {
        let imp = import_file("f", file.as_bytes(), "2026-12-05").unwrap();
        assert!(!imp.facts.is_empty() && imp.kind.map(|k| k.describe()) == Some(want), "{imp:?}");
    }
    let mut reader = JobReader::new(None);
    reader.add_file("b.json", BATCH_LIST.as_bytes()).unwrap();
    assert_eq!(reader.finish().jobs, 5);
    let tiers = parse_tier_csv(TIER_CSV).unwrap();
    assert_eq!((tiers.rows.len(), tiers.errors.len()), (2, 0), "{tiers:?}");
}

static KEDA_JSON: std::sync::LazyLock<&'static str> = std::sync::LazyLock::new(|| {
    let catalog = Catalog::builtin();
    let input = LintInput { form: KedaForm::new(&catalog), cluster: ClusterFacts::default() };
    Box::leak(serde_json::to_string(&input).unwrap().into_boxed_str())
});

/// Any string: mostly hostile characters (quotes, `$()`, braces, control
/// characters, Hangul), sometimes long.
fn text() -> impl Strategy<Value = String> {
    prop_oneof!["[a-z0-9.-]{0,20}", "[\"'`$(){}\\\\\n\r\t\0 a-z한국어.:/-]{0,40}", any::<String>(), "[a-z]{0,400}",]
}

fn count() -> impl Strategy<Value = i64> {
    prop_oneof![any::<i64>(), -5i64..5, 0i64..1_000_001]
}

fn real() -> impl Strategy<Value = f64> {
    prop_oneof![any::<f64>(), Just(0.0), Just(f64::NAN), Just(f64::INFINITY), Just(f64::MAX), 0.1f64..1e7]
}

fn lint_input() -> impl Strategy<Value = LintInput> {
    let names = (text(), text(), text(), text(), text(), text(), text(), text(), text());
    let counts = (count(), count(), count(), count(), count(), count());
    let options = (
        proptest::option::of(count()),
        proptest::option::of(count()),
        proptest::option::of(count()),
        proptest::option::of(count()),
        proptest::option::of((count(), count())),
        proptest::option::of((text(), text())),
        proptest::option::of((real(), real(), real(), real())),
    );
    let flags = (any::<bool>(), any::<bool>(), 0usize..4, any::<bool>(), any::<bool>(), proptest::option::of(any::<bool>()));
    let cluster = (proptest::option::of(text()), any::<u32>(), any::<u32>(), any::<u32>(), text(), text());
    (names, counts, options, flags, cluster).prop_map(|(n, c, o, f, k)| {
        let catalog = Catalog::builtin();
        let mut form = KedaForm::new(&catalog);
        form.kind = if f.0 { ScaleKind::ScaledJob } else { ScaleKind::ScaledObject };
        (form.name, form.namespace, form.target_name, form.job_image, form.service_account_name) = (n.0, n.1, n.2, n.3, n.4);
        (form.servicebus_namespace, form.trigger_auth_name, form.trigger_auth_namespace, form.identity_id) = (n.5, n.6, n.7, n.8);
        (form.identity_tenant_id, form.aks_kubernetes_version) = (k.4, k.5);
        form.entity = if f.1 {
            Entity::Topic { topic_name: "orders".into(), subscription_name: form.name.clone() }
        } else {
            Entity::Queue { queue_name: form.target_name.clone() }
        };
        (form.message_count, form.min_replicas, form.polling_interval, form.cooldown_period) = (c.0, c.1, c.2, c.3);
        (form.successful_jobs_history_limit, form.failed_jobs_history_limit) = (c.4, c.5);
        (form.activation_message_count, form.max_replicas, form.idle_replicas, form.initial_cooldown_period) = (o.0, o.1, o.2, o.3);
        form.fallback = o.4.map(|(failure_threshold, replicas)| FallbackForm { failure_threshold, replicas, behavior: None });
        form.scaling_modifiers = o.5.map(|(formula, target)| ScalingModifiersForm { formula, target });
        form.quota = o.6.map(|(tpm, concurrency_per_replica, tokens_per_message, messages_per_minute_per_slot)| QuotaFeed {
            tpm,
            concurrency_per_replica,
            tokens_per_message,
            messages_per_minute_per_slot,
        });
        form.scaling_strategy = [JobStrategy::Default, JobStrategy::Custom, JobStrategy::Accurate, JobStrategy::Eager][f.2];
        let cluster = ClusterFacts {
            hpa_on_workload: f.3,
            other_keda_install: f.4,
            workload_identity_before_addon: f.5,
            federated_credential_subject: k.0,
            receivers_per_replica: k.1,
            connections_per_replica: k.2,
            other_connections: k.3,
        };
        LintInput { form, cluster }
    })
}
