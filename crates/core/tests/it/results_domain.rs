//! The results join on the fixture trios (tests/fixtures/results/): every
//! outcome for both body shapes, any feeding order and chunk size, usage
//! and cost, grouping, CSV, and the retry file.

use batchlane_core::cost::PriceOverride;
use batchlane_core::facts::Catalog;
use batchlane_core::results::*;

fn fixture(shape: &str, name: &str) -> Vec<u8> {
    let path = format!("{}/../../tests/fixtures/results/{shape}/{name}.jsonl", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[derive(Clone, Copy)]
enum Order {
    OutputErrorsInput,
    InputErrorsOutput,
    Interleaved,
}

fn join(shape: &str, chunk: usize, order: Order) -> ResultsReport {
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

fn outcome_of<'a>(r: &'a ResultsReport, id: &str) -> (Outcome, Option<&'a str>) {
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

#[test]
fn bad_lines_get_a_diagnostic_with_their_number_and_never_panic() {
    let mut j = ResultsJoiner::new();
    j.feed_output(b"{\"custom_id\":\"a\",\"response\":{\"status_code\":200,\"body\":{\"choices\":[{\"finish_reason\":\"stop\"}]}}}\nnot json\n\xff\xfe\n[1,2]\n{\"custom_id\":\"b\"}\n{\"response\":{}}\n");
    let r = j.finish();
    let lines: Vec<u64> = r.diagnostics.iter().map(|d| d.line).collect();
    assert_eq!(lines, [2, 3, 4, 5, 6]);
    assert_eq!(r.summary.unreadable_lines, 5);
    assert_eq!(r.summary.succeeded, 1);
    assert!(!r.summary.all_succeeded());
}

#[test]
fn a_success_beats_a_failure_for_the_same_custom_id_in_any_order() {
    let ok = b"{\"custom_id\":\"a\",\"response\":{\"status_code\":200,\"body\":{\"choices\":[{\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}}}\n";
    let fail = b"{\"custom_id\":\"a\",\"response\":{\"status_code\":500,\"body\":{\"error\":{\"code\":\"server_error\"}}}}\n";
    for errors_first in [true, false] {
        let mut j = ResultsJoiner::new();
        if errors_first {
            j.feed_errors(fail);
            j.feed_output(ok);
        } else {
            j.feed_output(ok);
            j.feed_errors(fail);
        }
        let r = j.finish();
        assert_eq!(r.rows[0].outcome, Outcome::Succeeded);
        assert_eq!((r.summary.duplicates, r.summary.retryable()), (1, 0));
        assert_eq!(r.rows[0].result_lines, 2);
    }
}

#[test]
fn a_line_over_the_limit_is_a_diagnostic_and_the_next_line_is_read() {
    // Fails before the fix: the joiner buffered the line whole and read it
    // as one (a file without newlines made the CLI allocate 2 GB and abort).
    let long = vec![b'{'; batchlane_core::io::MAX_LINE_BYTES + 10];
    let mut j = ResultsJoiner::new();
    for c in long.chunks(1 << 20) {
        j.feed_output(c);
    }
    j.feed_output(b"\n");
    j.feed_output(br#"{"custom_id":"a","response":{"status_code":200,"body":{"choices":[{"finish_reason":"stop"}]}}}"#);
    let r = j.finish();
    assert_eq!((r.summary.requests, r.summary.succeeded, r.summary.unreadable_lines), (1, 1, 1));
    assert!(!r.summary.all_succeeded());
    let d = &r.diagnostics[0];
    assert_eq!((d.file, d.line), (FileKind::Output, 1));
    assert!(matches!(d.problem, Problem::Unreadable(LineProblem::TooLong { bytes, .. }) if bytes == long.len() as u64));
}

#[test]
fn token_sums_that_overflow_are_flagged_never_a_success() {
    // Fails before the fix: the sums saturated silently and the run counted as a success.
    let line = |id: &str| {
        format!(
            r#"{{"custom_id":"{id}","response":{{"status_code":200,"body":{{"model":"gpt-4o","choices":[{{"finish_reason":"stop"}}],"usage":{{"prompt_tokens":18446744073709551615,"completion_tokens":1}}}}}}}}"#
        )
    };
    let mut j = ResultsJoiner::new();
    j.feed_output(format!("{}\n{}\n", line("a"), line("b")).as_bytes());
    let r = j.finish();
    assert_eq!(r.summary.succeeded, 2);
    assert_eq!(r.summary.usage_overflows, 1);
    assert!(!r.summary.all_succeeded());
    assert!(r.diagnostics.iter().any(|d| d.problem == Problem::UsageOverflow { custom_id: None }));
    // Twice the same custom_id: its own sum overflows, at the second line.
    let mut j = ResultsJoiner::new();
    j.feed_output(format!("{}\n{}\n", line("a"), line("a")).as_bytes());
    let r = j.finish();
    assert!(r.diagnostics.iter().any(|d| d.line == 2 && d.problem == Problem::UsageOverflow { custom_id: Some("a".into()) }));
    assert!(!r.summary.all_succeeded());
}

#[test]
fn a_status_code_outside_http_fails_the_run() {
    // Fails before the fix: 99999 and "500" counted as succeeded (exit 0).
    for raw in ["99999", r#""500""#] {
        let mut j = ResultsJoiner::new();
        j.feed_output(
            format!(r#"{{"custom_id":"a","response":{{"status_code":{raw},"body":{{"choices":[{{"finish_reason":"stop"}}]}}}}}}"#)
                .as_bytes(),
        );
        let r = j.finish();
        assert_eq!((r.summary.succeeded, r.summary.server_error), (0, 1), "{raw}");
        assert!(!r.summary.all_succeeded());
        assert_eq!(r.rows[0].code.as_deref(), Some("invalid_status_code"));
    }
}

// Issue 27 item 3: an expired job, tiles that add up, the model the output reports.

fn input_line(id: &str, model: &str) -> String {
    format!(
        "{{\"custom_id\":\"{id}\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{{\"model\":\"{model}\",\"messages\":[{{\"role\":\"user\",\"content\":\"hi {id}\"}}]}}}}\n"
    )
}

fn ok_line(id: &str, model: &str, prompt: u64, completion: u64) -> String {
    format!(
        "{{\"custom_id\":\"{id}\",\"response\":{{\"status_code\":200,\"body\":{{\"object\":\"chat.completion\",\"model\":\"{model}\",\"choices\":[{{\"finish_reason\":\"stop\"}}],\"usage\":{{\"prompt_tokens\":{prompt},\"completion_tokens\":{completion}}}}}}},\"error\":null}}\n"
    )
}

fn http_error_line(id: &str, status: u16, code: &str) -> String {
    format!(
        "{{\"custom_id\":\"{id}\",\"response\":{{\"status_code\":{status},\"body\":{{\"error\":{{\"code\":\"{code}\",\"message\":\"m\"}}}}}},\"error\":null}}\n"
    )
}

fn join_bytes(output: &str, errors: &str, input: &str) -> ResultsReport {
    let mut j = ResultsJoiner::new();
    j.feed_output(output.as_bytes());
    j.feed_errors(errors.as_bytes());
    j.feed_input(input.as_bytes());
    j.finish()
}

/// job_completed.json as an expired job with the given request counts.
fn expired_job(total: u64, completed: u64, failed: u64) -> BatchJob {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/results/job_completed.json");
    let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["status"] = "expired".into();
    v["request_counts"] = serde_json::json!({"total": total, "completed": completed, "failed": failed});
    parse_job(&v.to_string()).unwrap()
}

#[test]
fn an_expired_job_classifies_the_unfinished_requests_as_batch_expired() {
    // Fails before the fix: the job panel said the unfinished requests went
    // into the retry file as batch_expired while the counts called them
    // missing and batch_expired 0.
    let ids = ["r1", "r2", "r3", "r4", "r5"];
    let input: String = ids.iter().map(|id| input_line(id, "gpt-4o")).collect();
    let output = ok_line("r1", "gpt-4o-2024-08-06", 10, 5) + &ok_line("r2", "gpt-4o-2024-08-06", 10, 5);
    let errors = http_error_line("r3", 429, "rate_limit_exceeded");
    let mut r = join_bytes(&output, &errors, &input);
    let job = expired_job(5, 2, 1);
    let analysis = analyze_job(&job, 1_767_312_000, Vendor::Azure, &Catalog::builtin());
    let unfinished = analysis
        .warnings
        .iter()
        .find_map(|w| match w {
            JobWarning::JobExpired { unfinished } => Some(*unfinished),
            _ => None,
        })
        .unwrap();
    r.apply_job(&job);
    // In the input, in neither result file: the expired ones.
    let no_result: Vec<&str> = ids.iter().copied().filter(|id| !output.contains(id) && !errors.contains(id)).collect();
    assert_eq!(no_result.len() as u64, unfinished);
    for id in &no_result {
        assert_eq!(outcome_of(&r, id).0, Outcome::BatchExpired, "{id}");
    }
    let s = r.summary;
    assert_eq!((s.batch_expired, s.missing), (unfinished, 0));
    assert_eq!(r.rows.iter().filter(|x| x.outcome == Outcome::BatchExpired).count() as u64, s.batch_expired);
    let expired_in_retry: Vec<&str> =
        r.retry.entries.iter().filter(|e| e.outcome == Outcome::BatchExpired).map(|e| e.custom_id.as_str()).collect();
    assert_eq!(expired_in_retry, no_result);
    assert!(r.retry.entries.iter().all(|e| e.outcome != Outcome::Missing));
    // The retry file still holds every retryable request: r3 and the expired ones.
    let retry = String::from_utf8(build_retry_file(input.as_bytes(), &r.retry).unwrap()).unwrap();
    assert_eq!(retry.lines().count() as u64, s.rate_limited + s.batch_expired);
    // A job that did not expire changes nothing: the same requests stay missing.
    let mut done = join_bytes(&output, &errors, &input);
    let mut completed = job.clone();
    completed.status = JobStatus::Completed;
    done.apply_job(&completed);
    assert_eq!((done.summary.missing, done.summary.batch_expired), (no_result.len() as u64, 0));
}

#[test]
fn a_cancelled_jobs_unanswered_requests_are_batch_cancelled_and_retried() {
    // Fails before the fix: the job panel said the rest ended as
    // batch_cancelled, while the counts called them missing.
    let ids = ["c1", "c2", "c3", "c4"];
    let input: String = ids.iter().map(|id| input_line(id, "gpt-4o")).collect();
    let output = ok_line("c1", "gpt-4o-2024-08-06", 10, 5);
    let errors = http_error_line("c2", 500, "server_error");
    let mut r = join_bytes(&output, &errors, &input);
    let mut job = expired_job(4, 1, 1);
    job.status = JobStatus::Cancelled;
    assert_eq!(r.summary.missing, 2);
    r.apply_job(&job);
    for id in ["c3", "c4"] {
        let row = r.rows.iter().find(|x| x.custom_id == id).unwrap();
        assert_eq!((row.outcome, row.code.as_deref()), (Outcome::BatchCancelled, Some("batch_cancelled")), "{id}");
    }
    let s = r.summary;
    assert_eq!((s.batch_cancelled, s.missing, s.batch_expired), (2, 0, 0));
    // The job panel's words for a cancelled job name the same code.
    let said = analyze_job(&job, 1_767_312_000, Vendor::Azure, &Catalog::builtin()).status.meaning.en;
    assert!(said.contains(Outcome::BatchCancelled.code()), "{said}");
    // The retry file holds them (and the server error), as batch_cancelled.
    let cancelled: Vec<&str> =
        r.retry.entries.iter().filter(|e| e.outcome == Outcome::BatchCancelled).map(|e| e.custom_id.as_str()).collect();
    assert_eq!(cancelled, ["c3", "c4"]);
    let retry = String::from_utf8(build_retry_file(input.as_bytes(), &r.retry).unwrap()).unwrap();
    assert_eq!(retry.lines().count() as u64, s.server_error + s.batch_cancelled);
}

#[test]
fn every_request_is_in_exactly_one_class_and_the_classes_sum_to_the_requests() {
    // Fails before the fix: the summary carried `retryable` beside the
    // outcome counts it is made of (the page's tiles then added missing
    // to retryable and content_filtered to "never retried" again), so the
    // tiles summed to more than the number of requests.
    let r = join("chat", 64 * 1024, Order::OutputErrorsInput);
    let mut both = join_bytes(
        &ok_line("x", "gpt-4o", 1, 1),
        &http_error_line("x", 500, "server_error"),
        &(input_line("x", "gpt-4o") + &input_line("y", "gpt-4o")),
    );
    both.apply_job(&expired_job(2, 1, 0));
    for r in [&r, &both] {
        let s = r.summary;
        // Distinct custom_ids over the rows, counted here.
        let ids: std::collections::BTreeSet<&str> = r.rows.iter().map(|x| x.custom_id.as_str()).collect();
        assert_eq!(s.requests, ids.len() as u64);
        // Every count in the summary that is not a documented cross-cutting
        // figure is an outcome class: they partition the requests.
        let v = serde_json::to_value(s).unwrap();
        let cross = ["requests", "unexpected", "duplicates", "unreadable_lines", "usage_overflows"];
        let classes: u64 =
            v.as_object().unwrap().iter().filter(|(k, _)| !cross.contains(&k.as_str())).filter_map(|(_, n)| n.as_u64()).sum();
        assert_eq!(classes, s.requests, "{v}");
        for o in Outcome::ALL {
            assert_eq!(s.count(o), r.rows.iter().filter(|x| x.outcome == o).count() as u64, "{o:?}");
        }
        // The tiles: each outcome in exactly one, each request in exactly one.
        let tiles = s.tiles();
        let sum: u64 = tiles.iter().map(|t| t.count).sum();
        assert_eq!(sum, s.requests);
        for o in Outcome::ALL {
            assert_eq!(tiles.iter().filter(|t| t.outcomes.contains(&o)).count(), 1, "{o:?}");
        }
        for t in &tiles {
            assert_eq!(t.count, t.outcomes.iter().map(|&o| s.count(o)).sum::<u64>(), "{:?}", t.class);
            // A sub-count says whose part it is.
            for (o, n) in &t.of_which {
                assert!(t.outcomes.contains(o) && *n == s.count(*o) && *n <= t.count);
            }
        }
        assert_eq!(s.retryable(), r.rows.iter().filter(|x| x.outcome.is_retryable()).count() as u64);
        let retry_tile = tiles.iter().find(|t| t.class == TileClass::Retryable).unwrap();
        assert_eq!(retry_tile.count, s.retryable());
        assert!(Outcome::ALL.iter().all(|o| o.is_retryable() == retry_tile.outcomes.contains(o)));
    }
    // A request with an output line and an error line is one request.
    assert_eq!((both.summary.requests, both.summary.succeeded, both.summary.duplicates, both.summary.batch_expired), (2, 1, 1, 1));
}

#[test]
fn rows_without_a_model_in_the_output_are_priced_as_the_model_the_output_reports() {
    // Fails before the fix: the failed and unfinished requests kept the
    // input's deployment name, a $0 row that asked to pick a model.
    let deployment = "gpt-4o-mini-batch";
    let answered = "gpt-4o-mini-2024-07-18";
    let input: String = ["a", "b", "c", "d"].iter().map(|id| input_line(id, deployment)).collect();
    let output = ok_line("a", answered, 1000, 200) + &ok_line("b", answered, 3000, 100);
    let errors = http_error_line("c", 500, "server_error");
    let r = join_bytes(&output, &errors, &input);
    for row in &r.rows {
        assert_eq!(row.model.as_deref(), Some(answered), "{}", row.custom_id);
    }
    let c = cost_report(&r, &Catalog::builtin(), &CostOptions::default());
    // The requests without an answer carry no tokens: their row (no model,
    // $0) asks for nothing (issue 39: a model's row counts the requests
    // its lines carry, not those its input named).
    assert!(c.models.iter().all(|m| m.error.is_none() && (m.priced_as.is_some() || m.usage.is_zero())), "{:?}", c.models);
    assert_eq!(c.models.iter().map(|m| m.requests).sum::<u64>(), r.summary.requests);
    let (_, p) = batch_prices(&Catalog::builtin(), Some(answered), &CostOptions::default()).unwrap();
    assert!((c.total_usd - cost_usd(&r.total_usage, &p)).abs() < 1e-15);
    assert_eq!(c.unpriced_usage, Usage::default());
    // Two models answering for one deployment: the rows without an answer
    // take neither (nothing says which), and keep the input's name.
    let two = ok_line("a", answered, 1, 1) + &ok_line("b", "gpt-4o-2024-08-06", 1, 1);
    let r = join_bytes(&two, &errors, &input);
    assert_eq!(r.rows.iter().find(|x| x.custom_id == "c").unwrap().model.as_deref(), Some(deployment));
}

/// An expired job whose object counts every request as done (Azure's
/// counts at expiry: completed + failed = total) said "0 requests
/// unfinished; they are in the retry file" while the results put the
/// unanswered ones there as batch_expired. With results joined, the count
/// is the results' (page, CLI and Python call `analyze_job_with`).
#[test]
fn an_expired_job_counts_what_the_retry_file_holds_as_batch_expired() {
    let ids = ["r1", "r2", "r3", "r4", "r5"];
    let input: String = ids.iter().map(|id| input_line(id, "gpt-4o")).collect();
    let output = ok_line("r1", "gpt-4o-2024-08-06", 10, 5) + &ok_line("r2", "gpt-4o-2024-08-06", 10, 5);
    let r = join_bytes(&output, "", &input);
    let job = expired_job(5, 2, 3);
    let unfinished = |a: &JobAnalysis| {
        a.warnings.iter().find_map(|w| match w {
            JobWarning::JobExpired { unfinished } => Some(*unfinished),
            _ => None,
        })
    };
    let alone = analyze_job(&job, 1_767_312_000, Vendor::Azure, &Catalog::builtin());
    assert_eq!(unfinished(&alone), Some(0), "the job object alone counts none");
    for settled in [false, true] {
        let mut r = r.clone();
        if settled {
            r.apply_job(&job);
        }
        let a = analyze_job_with(&job, Some(&r), 1_767_312_000, Vendor::Azure, &Catalog::builtin());
        assert_eq!(unfinished(&a), Some(3), "settled: {settled}");
        let mut all = r.clone();
        all.apply_job(&job);
        assert_eq!(all.retry.entries.iter().filter(|e| e.outcome == Outcome::BatchExpired).count(), 3);
    }
}

/// The per-model cost row counted every request whose input named the
/// model (1,200) while only the lines that carry the model were priced
/// (946): a request with no answer (an error without a body, a missing
/// one) is in the row of requests without a model, which its zero tokens
/// cost nothing in.
#[test]
fn the_per_model_row_counts_the_requests_that_carry_the_model() {
    let ids = ["r1", "r2", "r3", "r4"];
    let input: String = ids.iter().map(|id| input_line(id, "gpt-4o")).collect();
    let output = ok_line("r1", "gpt-4o-2024-08-06", 10, 5) + &ok_line("r2", "gpt-4o-2024-08-06", 10, 5);
    let errors = http_error_line("r3", 500, "server_error");
    let r = join_bytes(&output, &errors, &input);
    let rows: Vec<(Option<&str>, u64)> = r.usage_by_model.iter().map(|m| (m.model.as_deref(), m.requests)).collect();
    assert_eq!(rows, [(None, 2), (Some("gpt-4o-2024-08-06"), 2)]);
    let cost = cost_report(&r, &Catalog::builtin(), &CostOptions::default());
    let priced: u64 = cost.models.iter().filter(|m| m.cost_usd.is_some_and(|c| c > 0.0)).map(|m| m.requests).sum();
    assert_eq!(priced, 2);
}
