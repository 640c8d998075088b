//! The results join on the fixture trios (tests/fixtures/results/): every
//! outcome for both body shapes, any feeding order and chunk size, usage
//! and cost, grouping, CSV, and the retry file. Lines that are odd or
//! hostile: `results_lines.rs`; the job's classes (expired, cancelled) and
//! the per-model rows: `results_classes.rs`, which joins through [`join`].

use batchlane_core::cost::PriceOverride;
use batchlane_core::facts::Catalog;
use batchlane_core::results::*;

fn fixture(shape: &str, name: &str) -> Vec<u8> {
    let path = format!("{}/../../tests/fixtures/results/{shape}/{name}.jsonl", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[derive(Clone, Copy)]
pub(super) enum Order {
    OutputErrorsInput,
    InputErrorsOutput,
    Interleaved,
}

pub(super) fn join(shape: &str, chunk: usize, order: Order) -> ResultsReport {
    let (o, e, i) = (fixture(shape, "output"), fixture(shape, "errors"), fixture(shape, "input"));
    let mut j = ResultsJoiner::new();
    match order {
        Order::OutputErrorsInput => {
            o.chunks(chunk).for_each(|c| j.feed_output(c));
            e.chunks(chunk).for_each(|c| j.feed_errors(c));
            i.chunks(chunk).for_each(|c| j.feed_input(c));
        }
        Order::InputErrorsOutput => {
            i.chunks(chunk).for_each(|c| j.feed_input(c));
            e.chunks(chunk).for_each(|c| j.feed_errors(c));
            o.chunks(chunk).for_each(|c| j.feed_output(c));
        }
        Order::Interleaved => {
            let (mut oc, mut ec, mut ic) = (o.chunks(chunk), e.chunks(chunk), i.chunks(chunk));
            loop {
                let mut any = false;
                if let Some(c) = ic.next() {
                    j.feed_input(c);
                    any = true;
                }
                if let Some(c) = oc.next() {
                    j.feed_output(c);
                    any = true;
                }
                if let Some(c) = ec.next() {
                    j.feed_errors(c);
                    any = true;
                }
                if !any {
                    break;
                }
            }
        }
    }
    j.finish()
}

pub(super) fn outcome_of<'a>(r: &'a ResultsReport, id: &str) -> (Outcome, Option<&'a str>) {
    let row = r.rows.iter().find(|x| x.custom_id == id).unwrap_or_else(|| panic!("no row {id}"));
    (row.outcome, row.code.as_deref())
}

#[test]
fn chat_trio_every_outcome() {
    let r = join("chat", 64 * 1024, Order::OutputErrorsInput);
    use Outcome::*;
    let expect = [
        ("tenant-1-req-001", Succeeded, None),
        ("tenant-1-req-002", Succeeded, None),
        ("tenant-1-req-003", Truncated, Some("length")),
        ("tenant-2-req-004", ContentFiltered, Some("content_filter")),
        ("tenant-2-req-005", ContentFiltered, Some("content_filter")),
        ("tenant-2-req-006", ContentFiltered, Some("content_filter")),
        ("tenant-3-req-007", RateLimited, Some("rate_limit_exceeded")),
        ("tenant-3-req-008", ServerError, Some("server_error")),
        ("tenant-3-req-009", ClientError, Some("context_length_exceeded")),
        ("tenant-1-req-010", BatchExpired, Some("batch_expired")),
        ("tenant-1-req-011", BatchCancelled, Some("batch_cancelled")),
        ("tenant-2-req-012", RequestTimeout, Some("request_timeout")),
        ("tenant-3-req-013", Missing, None),
        ("tenant-1-req-014", Succeeded, None),
        ("tenant-9-req-999", Succeeded, None),
    ];
    for (id, o, code) in expect {
        assert_eq!(outcome_of(&r, id), (o, code), "{id}");
    }
    let s = r.summary;
    assert_eq!((s.requests, s.succeeded, s.truncated, s.content_filtered), (15, 4, 1, 3));
    assert_eq!((s.retryable(), s.missing, s.client_error, s.unexpected, s.duplicates, s.unreadable_lines), (6, 1, 1, 1, 1, 0));
    assert!(!s.all_succeeded());
    let unexpected: Vec<_> = r.rows.iter().filter(|x| x.unexpected).map(|x| x.custom_id.as_str()).collect();
    assert_eq!(unexpected, ["tenant-9-req-999"]);
    // Input order first, the unexpected one last.
    assert_eq!(r.rows.first().unwrap().custom_id, "tenant-1-req-001");
    assert_eq!(r.rows.last().unwrap().custom_id, "tenant-9-req-999");
    // The duplicate is reported with its line number.
    assert!(r
        .diagnostics
        .iter()
        .any(|d| d.line == 8 && matches!(&d.problem, Problem::DuplicateResult { custom_id, .. } if custom_id == "tenant-1-req-014")));
    let not_retried: Vec<_> = r.not_retried.iter().map(|n| n.custom_id.as_str()).collect();
    assert_eq!(not_retried, ["tenant-2-req-004", "tenant-2-req-005", "tenant-2-req-006", "tenant-3-req-009"]);
}

#[test]
fn responses_trio_every_outcome() {
    let r = join("responses", 64 * 1024, Order::OutputErrorsInput);
    use Outcome::*;
    let expect = [
        ("team-a-001", Succeeded, None),
        ("team-a-002", Truncated, Some("max_output_tokens")),
        ("team-a-003", ContentFiltered, Some("content_filter")),
        ("team-b-004", ContentFiltered, Some("content_filter")),
        ("team-b-005", ContentFiltered, Some("content_filter")),
        ("team-b-006", RateLimited, Some("rate_limit_exceeded")),
        ("team-c-007", ServerError, Some("server_error")),
        ("team-c-008", ClientError, Some("invalid_prompt")),
        ("team-c-009", ServerError, Some("server_error")),
        ("team-a-010", BatchExpired, Some("batch_expired")),
        ("team-b-011", BatchCancelled, Some("batch_cancelled")),
        ("team-c-012", RequestTimeout, Some("request_timeout")),
        ("team-a-013", Missing, None),
    ];
    for (id, o, code) in expect {
        assert_eq!(outcome_of(&r, id), (o, code), "{id}");
    }
    assert_eq!((r.summary.requests, r.summary.retryable(), r.summary.content_filtered), (13, 7, 3));
    assert_eq!(r.total_usage, Usage { prompt: 3200, cached: 1280, completion: 2300, reasoning: 2030 });
}

#[test]
fn any_order_and_chunk_size_gives_the_same_report() {
    for shape in ["chat", "responses"] {
        let base = join(shape, 1 << 20, Order::OutputErrorsInput);
        for chunk in [1, 7, 100, 4096] {
            for order in [Order::InputErrorsOutput, Order::Interleaved] {
                let r = join(shape, chunk, order);
                assert_eq!(r.summary, base.summary, "{shape} chunk {chunk}");
                assert_eq!(r.rows, base.rows, "{shape} chunk {chunk}");
                assert_eq!(r.retry, base.retry, "{shape} chunk {chunk}");
            }
        }
    }
}

#[test]
fn cost_at_batch_price() {
    // chat: gpt-4o, prompt 5900 (1024 cached), completion 670:
    // (4876×2.50 + 1024×1.25 + 670×10.00) / 1M × 0.5 = 20170 / 1M × 0.5 = 0.010085
    let r = join("chat", 4096, Order::OutputErrorsInput);
    assert_eq!(r.total_usage, Usage { prompt: 5900, cached: 1024, completion: 670, reasoning: 0 });
    let c = cost_report(&r, &Catalog::builtin(), &CostOptions::default());
    assert!((c.total_usd - 0.010085).abs() < 1e-12, "{}", c.total_usd);
    assert!(c.unpriced_usage.is_zero());
    // responses: o4-mini (1920×1.10 + 1280×0.275 + 2300×4.40) / 1M × 0.5 = 0.006292
    let r = join("responses", 4096, Order::OutputErrorsInput);
    let c = cost_report(&r, &Catalog::builtin(), &CostOptions::default());
    assert!((c.total_usd - 0.006292).abs() < 1e-12, "{}", c.total_usd);
    // A price override: output at 0 leaves (2112 + 352) / 1M × 0.5.
    let opts = CostOptions { price_override: PriceOverride { output: Some(0.0), ..Default::default() }, ..Default::default() };
    assert!((cost_report(&r, &Catalog::builtin(), &opts).total_usd - 0.001232).abs() < 1e-12);
}

#[test]
fn group_by_regex_and_metadata() {
    let cat = Catalog::builtin();
    let opts = CostOptions::default();
    let r = join("chat", 4096, Order::OutputErrorsInput);
    let t = group_table(&r, &GroupKey::CustomIdRegex { pattern: r"^(tenant-\d+)-".into() }, &cat, &opts).unwrap();
    let keys: Vec<_> = t.rows.iter().map(|g| (g.key.as_deref(), g.summary.requests)).collect();
    assert_eq!(keys, [(Some("tenant-1"), 6), (Some("tenant-2"), 4), (Some("tenant-3"), 4), (Some("tenant-9"), 1)]);
    // tenant-1: 001 (2000/1024 cached, 150), 002 (600, 40), 003 (400, 200), 014 twice (1000, 100):
    // (3976×2.5 + 1024×1.25 + 590×10) / 1M × 0.5 = 17120 / 1M × 0.5 = 0.00856
    assert!((t.rows[0].cost_usd - 0.00856).abs() < 1e-12);
    assert_eq!(t.rows[0].summary.retryable(), 2);
    let m = group_table(&r, &GroupKey::Metadata { field: "tenant".into() }, &cat, &opts).unwrap();
    let keys: Vec<_> = m.rows.iter().map(|g| (g.key.as_deref(), g.summary.requests)).collect();
    assert_eq!(keys, [(Some("acme"), 6), (Some("globex"), 4), (Some("initech"), 4), (None, 1)]);
    assert!(!m.needs_input);
    let csv = group_csv(&m).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].starts_with("group,requests,succeeded,truncated,content_filtered,"));
    assert_eq!(lines[1], "acme,6,3,1,0,0,0,0,1,1,0,0,2,5000,1024,590,0,0.008560,false");
    assert!(lines[4].starts_with(",1,1,"));
    assert!(csv.ends_with('\n'));
    // Metadata without the input: everyone unmatched, and the table says why.
    let mut j = ResultsJoiner::new();
    j.feed_output(&fixture("responses", "output"));
    let no_input = j.finish();
    let t = group_table(&no_input, &GroupKey::Metadata { field: "team".into() }, &cat, &opts).unwrap();
    assert!(t.needs_input);
    assert_eq!(t.rows.len(), 1);
    assert_eq!(t.rows[0].key, None);
}

#[test]
fn retry_file_is_the_original_input_lines() {
    for (shape, ids) in [
        (
            "chat",
            vec!["tenant-3-req-007", "tenant-3-req-008", "tenant-1-req-010", "tenant-1-req-011", "tenant-2-req-012", "tenant-3-req-013"],
        ),
        ("responses", vec!["team-b-006", "team-c-007", "team-c-009", "team-a-010", "team-b-011", "team-c-012", "team-a-013"]),
    ] {
        let input = fixture(shape, "input");
        let r = join(shape, 333, Order::Interleaved);
        let file = build_retry_file(&input, &r.retry).unwrap();
        let text = String::from_utf8(file.clone()).unwrap();
        let expected: String = String::from_utf8(input.clone())
            .unwrap()
            .lines()
            .filter(|l| ids.iter().any(|id| l.contains(&format!("\"custom_id\":\"{id}\""))))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(text, expected, "{shape}");
        assert_eq!(text.lines().count(), ids.len());
        // Streaming extraction in small chunks gives the same bytes.
        let mut x = RetryExtractor::new(&r.retry);
        let mut streamed = Vec::new();
        input.chunks(5).for_each(|c| streamed.extend(x.feed(c)));
        x.finish().unwrap();
        assert_eq!(streamed, file);
    }
}

#[test]
fn retry_file_from_crlf_bom_input_has_neither() {
    let input = b"\xEF\xBB\xBF{\"custom_id\":\"a\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{\"model\":\"m\"}}\r\n\r\n{\"custom_id\":\"b\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{\"model\":\"m\"}}\r\n";
    let mut j = ResultsJoiner::new();
    j.feed_input(input);
    j.feed_output(b"");
    let r = j.finish();
    assert_eq!(r.summary.missing, 2);
    assert!(r.diagnostics.iter().any(|d| d.problem == Problem::ByteOrderMark));
    let file = build_retry_file(input, &r.retry).unwrap();
    assert_eq!(
        file,
        b"{\"custom_id\":\"a\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{\"model\":\"m\"}}\n{\"custom_id\":\"b\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{\"model\":\"m\"}}\n"
    );
    // A different input is refused rather than cut wrongly.
    let other = b"{\"custom_id\":\"zzzz\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{\"model\":\"m\"}}\n";
    assert!(matches!(build_retry_file(other, &r.retry), Err(RetryError::InputChanged { .. }) | Err(RetryError::InputTooShort { .. })));
}

#[test]
fn swapped_files_are_detected() {
    let mut j = ResultsJoiner::new();
    j.feed_input(&fixture("chat", "output"));
    j.feed_output(&fixture("chat", "input"));
    let r = j.finish();
    assert!(r.misplaced.contains(&Misplaced { given_as: FileKind::Input, looks_like: FileKind::Output }));
    assert!(r.misplaced.contains(&Misplaced { given_as: FileKind::Output, looks_like: FileKind::Input }));
    assert_eq!(r.diagnostics[0].line, 1);
}
