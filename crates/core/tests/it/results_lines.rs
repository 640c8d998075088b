//! The results join on lines that are odd or hostile: bad JSON and bytes,
//! a line over the limit, a success and a failure for one custom_id in any
//! order, token sums that overflow, a status code outside HTTP.

use batchlane_core::results::*;

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
