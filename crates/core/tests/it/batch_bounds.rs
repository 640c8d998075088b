//! Hostile inputs: sums that overflow, lines full of bad entries, huge
//! values. Every report stays truthful and bounded.

use batchlane_core::batch::{check_bytes, CheckOptions, Code, QuotaChoice, Severity};
use batchlane_core::facts::Catalog;

fn line(id: &str, max_tokens: &str) -> String {
    format!(
        r#"{{"custom_id": "{id}", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "dep", "max_tokens": {max_tokens}, "messages": [{{"role": "user", "content": "hi"}}]}}}}"#
    )
}

fn code_count(r: &batchlane_core::batch::Report, code: Code) -> (u64, u64) {
    r.counts.iter().find(|k| k.code == code).map_or((0, 0), |k| (k.count, k.stored))
}

#[test]
fn token_sums_that_overflow_fail_the_quota_gate() {
    // Before: 14 enqueued tokens, quota "within" (a debug build panicked).
    let text = format!("{}\n{}\n", line("a", "18446744073709551615"), line("b", "18446744073709551615"));
    let o = CheckOptions { quota: QuotaChoice::Tokens(1000), ..CheckOptions::default() };
    let c = Catalog::builtin();
    let r = check_bytes(text.as_bytes(), o.clone(), &c);
    assert_eq!(r.summary.enqueued_tokens, Some(u64::MAX));
    assert_eq!(r.summary.output_tokens, u64::MAX);
    let q = r.quota.as_ref().unwrap();
    assert!(q.exceeded);
    assert_eq!(code_count(&r, Code::TokenSumOverflow).0, 1);
    assert_eq!(code_count(&r, Code::TokenLimitExceeded).0, 1);
    assert_eq!(code_count(&r, Code::MaxTokensTooLarge).0, 2);
    assert!(r.has_errors());
    assert_eq!(super::batch_ranges::in_ranges(text.as_bytes(), &o, &c, 2).unwrap(), r);
}

#[test]
fn an_exact_sum_at_the_limit_passes_and_one_over_fails() {
    let c = Catalog::builtin();
    let text = format!("{}\n", line("a", "10"));
    let exact = check_bytes(text.as_bytes(), CheckOptions::default(), &c).summary.enqueued_tokens.unwrap();
    let at = CheckOptions { quota: QuotaChoice::Tokens(exact), ..CheckOptions::default() };
    assert!(!check_bytes(text.as_bytes(), at, &c).quota.unwrap().exceeded);
    let under = CheckOptions { quota: QuotaChoice::Tokens(exact - 1), ..CheckOptions::default() };
    assert!(check_bytes(text.as_bytes(), under, &c).quota.unwrap().exceeded);
}

#[test]
fn a_line_too_long_to_check_keeps_the_quota_gate_from_passing() {
    // Before: the unchecked line's tokens were left out of the sum, and a
    // 70 MB line passed `--quota 1000` with "18 enqueued tokens", exit 0.
    let c = Catalog::builtin();
    let long = line("b", "10").replace("\"hi\"", &format!("\"{}\"", "a".repeat(5_000)));
    let text = format!("{}\n{long}\n", line("a", "10"));
    let o = CheckOptions { max_line_bytes: 1_000, quota: QuotaChoice::Tokens(1000), ..CheckOptions::default() };
    let r = check_bytes(text.as_bytes(), o.clone(), &c);
    let found: Vec<_> = r.diagnostics.iter().map(|d| (d.line, d.code, d.severity)).collect();
    assert_eq!(found, [(0, Code::QuotaUnconfirmed, Severity::Error), (2, Code::LineTooLong, Severity::Warning)]);
    assert!(r.quota.as_ref().unwrap().exceeded);
    assert!(r.has_errors());
    assert_eq!(super::batch_ranges::in_ranges(text.as_bytes(), &o, &c, 2).unwrap(), r);
    // Without a quota to confirm, an unchecked line stays a warning.
    let no_gate = CheckOptions { quota: QuotaChoice::None, ..o };
    assert!(!check_bytes(text.as_bytes(), no_gate, &c).has_errors());
}

#[test]
fn bad_entries_on_one_line_are_counted_not_all_kept() {
    let ones = vec!["1"; 50_000].join(",");
    let text = line("a", "5").replace(r#"[{"role": "user", "content": "hi"}]"#, &format!("[{ones}]"));
    let o = CheckOptions { max_stored_per_code: 7, count_tokens: false, ..CheckOptions::default() };
    let r = check_bytes(text.as_bytes(), o, &Catalog::builtin());
    assert_eq!(code_count(&r, Code::InvalidRequest), (50_000, 7));
    assert_eq!(r.summary.errors, 50_000);
    assert!(r.truncated);
}

#[test]
fn a_line_with_too_many_json_values_is_reported_not_parsed() {
    let ones = vec!["1"; 5_000].join(",");
    let text = line("a", "5").replace(r#"[{"role": "user", "content": "hi"}]"#, &format!("[{ones}]"));
    let o = CheckOptions { max_line_values: 1_000, ..CheckOptions::default() };
    let r = check_bytes(format!("{text}\n{}\n", line("b", "5")).as_bytes(), o.clone(), &Catalog::builtin());
    let found: Vec<_> = r.diagnostics.iter().map(|d| (d.line, d.code, d.severity)).collect();
    assert_eq!(found, [(1, Code::LineTooLong, Severity::Warning)]);
    assert!(r.diagnostics[0].message.contains("JSON values"));
    assert_eq!(r.summary.requests, 2);
    // The first line is not parsed, so its url and model stay unknown:
    // ranges cannot know what later lines assume, and refuse (the single
    // pass above is then the answer).
    assert_eq!(super::batch_ranges::in_ranges(format!("{text}\n{}\n", line("b", "5")).as_bytes(), &o, &Catalog::builtin(), 3), None);
}

#[test]
fn quoted_values_are_cut() {
    let big = "m".repeat(1_000_000);
    let text = format!("{}\n{}\n", line("a", "5"), line("b", "5").replace("\"dep\"", &format!("\"{big}\"")));
    let r = check_bytes(text.as_bytes(), CheckOptions::default(), &Catalog::builtin());
    let d = r.diagnostics.iter().find(|d| d.code == Code::ModelMismatch).unwrap();
    assert!(d.message.len() < 400, "{}", d.message.len());
    assert!(d.message.contains("… (1000000 characters)"), "{}", d.message);
}
