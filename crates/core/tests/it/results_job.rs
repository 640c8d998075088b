//! The batch job object: lifecycle, errors, progress, deadlines.

use batchlane_core::facts::Catalog;
use batchlane_core::results::*;
use batchlane_core::results::{analyze_job, parse_job, warning_text};

const CREATED: i64 = 1_767_225_600; // 2026-01-01 00:00 UTC

fn job(json: &str) -> BatchJob {
    parse_job(json).unwrap()
}

#[test]
fn completed_job_with_14_day_output_expiry() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/results/job_completed.json")).unwrap();
    let j = job(&text);
    assert_eq!(j.status, JobStatus::Completed);
    let now = CREATED + 86_400; // one day later
    let a = analyze_job(&j, now, Vendor::Azure, &Catalog::builtin());
    assert_eq!(a.status.step, Some(3));
    assert!(a.status.terminal);
    assert_eq!(a.expires_in_seconds, None);
    let p = a.progress.unwrap();
    assert!((p.done_fraction - 13.0 / 14.0).abs() < 1e-12);
    // 14 days after created_at: 2026-01-15 00:00 UTC, 13 days from now.
    let d = a.output_deletion.unwrap();
    assert_eq!((d.deletes_at, d.seconds_left, d.basis), (CREATED + 1_209_600, 13 * 86_400, DeletionBasis::Job));
    let w = a.warnings.iter().find(|w| matches!(w, JobWarning::CopyOutputBeforeDeletion { .. })).unwrap();
    assert!(warning_text(w).en.contains("2026-01-15 00:00 UTC"));
    assert!(warning_text(w).ko.contains("2026-01-15 00:00 UTC"));
}

#[test]
fn in_progress_job_counts_down_to_expires_at() {
    let j = job(&format!(
        r#"{{"object":"batch","status":"in_progress","created_at":{CREATED},"expires_at":{},"request_counts":{{"total":100,"completed":40,"failed":10}}}}"#,
        CREATED + 86_400
    ));
    let a = analyze_job(&j, CREATED + 3_600, Vendor::Azure, &Catalog::builtin());
    assert_eq!(a.status.step, Some(1));
    assert_eq!(a.expires_in_seconds, Some(23 * 3_600));
    assert_eq!(a.progress.unwrap().done_fraction, 0.5);
    assert!(a.output_deletion.is_none());
    // Without expires_at: created_at + the 24 h completion window from the catalog.
    let j = job(&format!(r#"{{"status":"validating","created_at":{CREATED}}}"#));
    assert_eq!(analyze_job(&j, CREATED, Vendor::OpenAi, &Catalog::builtin()).expires_in_seconds, Some(86_400));
    // Past the deadline and still running.
    let a = analyze_job(&j, CREATED + 90_000, Vendor::OpenAi, &Catalog::builtin());
    assert!(a.warnings.contains(&JobWarning::PastExpiry));
}

/// Azure does not expire a job that takes longer than its window (batch.md @
/// b59d62b): past expires_at it runs on until done or cancelled. OpenAI ends it
/// as expired.
#[test]
fn an_azure_job_past_expires_at_runs_on_and_an_openai_job_ends_expired() {
    let j = job(&format!(r#"{{"status":"in_progress","created_at":{CREATED},"expires_at":{}}}"#, CREATED + 86_400));
    let late = CREATED + 90_000;
    let azure = analyze_job(&j, late, Vendor::Azure, &Catalog::builtin());
    let w = azure.warnings.iter().find(|w| matches!(w, JobWarning::PastExpiry | JobWarning::PastWindowRunsOn)).expect("a warning");
    assert_eq!(w, &JobWarning::PastWindowRunsOn);
    let t = warning_text(w);
    assert!(!t.en.contains("will end as expired") && t.en.contains("until") && t.en.contains("cancel"), "{}", t.en);
    assert!(!t.ko.contains("expired로 끝날") && t.ko.contains("취소"), "{}", t.ko);
    let todo = &azure.status.what_to_do;
    assert!(todo.en.contains("does not expire") && todo.ko.contains("만료시키지 않"), "{todo:?}");
    let openai = analyze_job(&j, late, Vendor::OpenAi, &Catalog::builtin());
    assert!(openai.warnings.contains(&JobWarning::PastExpiry));
    assert!(warning_text(&JobWarning::PastExpiry).en.contains("will end as expired"));
}

#[test]
fn completed_without_output_file() {
    let j = job(&format!(
        r#"{{"object":"batch","status":"completed","output_file_id":null,"error_file_id":"file-err","created_at":{CREATED},"request_counts":{{"total":5,"completed":0,"failed":5}}}}"#
    ));
    let a = analyze_job(&j, CREATED + 100, Vendor::OpenAi, &Catalog::builtin());
    assert!(a.warnings.contains(&JobWarning::CompletedWithoutOutput));
    // OpenAI's default: files expire after 30 days.
    let d = a.output_deletion.unwrap();
    assert_eq!((d.deletes_at, d.basis), (CREATED + 2_592_000, DeletionBasis::VendorDefault));
    // Azure documents no default: say the date is unknown.
    let a = analyze_job(&j, CREATED + 100, Vendor::Azure, &Catalog::builtin());
    assert!(a.warnings.contains(&JobWarning::DeletionDateUnknown));
    assert!(a.output_deletion.is_none());
}

#[test]
fn expiry_outside_the_vendor_range_is_flagged() {
    let j = job(&format!(
        r#"{{"status":"completed","output_file_id":"f","created_at":{CREATED},"output_expires_after":{{"anchor":"created_at","seconds":3600}}}}"#
    ));
    let azure = analyze_job(&j, CREATED, Vendor::Azure, &Catalog::builtin());
    assert!(azure.warnings.contains(&JobWarning::ExpiryOutOfRange { seconds: 3_600, min: 1_209_600, max: 2_592_000 }));
    let openai = analyze_job(&j, CREATED, Vendor::OpenAi, &Catalog::builtin());
    assert!(!openai.warnings.iter().any(|w| matches!(w, JobWarning::ExpiryOutOfRange { .. })));
    // An hour later the OpenAI file is gone.
    let later = analyze_job(&j, CREATED + 7_200, Vendor::OpenAi, &Catalog::builtin());
    assert!(later.warnings.contains(&JobWarning::OutputAlreadyDeleted { deleted_at: CREATED + 3_600 }));
}

#[test]
fn failed_expired_cancelled_and_errors_explained() {
    let failed = job(
        r#"{"status":"failed","errors":{"object":"list","data":[{"code":"token_limit_exceeded","message":"The number of enqueued tokens has surpassed the configured limit","line":null,"param":null},{"code":"invalid_json_line","line":7,"message":"bad","param":null}]}}"#,
    );
    let a = analyze_job(&failed, 0, Vendor::Azure, &Catalog::builtin());
    assert_eq!(a.status.step, None);
    assert!(a.status.terminal);
    assert_eq!(a.errors.len(), 2);
    assert!(a.errors[0].explanation.en.contains("enqueued-token quota"));
    assert!(a.errors[0].explanation.ko.contains("할당량"));
    assert_eq!(a.errors[1].error.line, Some(7));
    let expired = job(r#"{"status":"expired","request_counts":{"total":10,"completed":6,"failed":1}}"#);
    let a = analyze_job(&expired, 0, Vendor::Azure, &Catalog::builtin());
    assert!(a.warnings.contains(&JobWarning::JobExpired { unfinished: 3 }));
    assert!(a.status.meaning.en.contains("batch_expired"));
    let cancelling = job(r#"{"status":"cancelling"}"#);
    assert!(!analyze_job(&cancelling, 0, Vendor::Azure, &Catalog::builtin()).status.terminal);
    assert_eq!(job(r#"{"status":"paused"}"#).status, JobStatus::Unknown("paused".into()));
}

#[test]
fn not_a_batch_object() {
    assert!(matches!(parse_job("nope"), Err(JobParseError::NotJson { .. })));
    assert_eq!(parse_job(r#"{"object":"file","status":"processed"}"#), Err(JobParseError::NotABatch));
    assert_eq!(parse_job(r#"{"id":"x"}"#), Err(JobParseError::NotABatch));
}

#[test]
fn huge_counts_and_times_are_flagged_not_wrapped() {
    // Fails before the fix: completed + failed and the time differences
    // overflowed (a panic in debug builds, a wrapped number in release).
    let j = job(&format!(
        r#"{{"object":"batch","status":"expired","created_at":{},"expires_at":{},"output_file_id":"f","output_expires_after":{{"anchor":"created_at","seconds":{}}},"request_counts":{{"total":5,"completed":{},"failed":1}}}}"#,
        i64::MAX,
        i64::MIN,
        i64::MAX,
        u64::MAX
    ));
    let a = analyze_job(&j, CREATED, Vendor::Azure, &Catalog::builtin());
    assert_eq!(a.progress, None);
    assert_eq!(a.output_deletion, None);
    let fields: Vec<&str> = a
        .warnings
        .iter()
        .filter_map(|w| match w {
            JobWarning::NumberOutOfRange { field } => Some(field.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(fields, ["request_counts", "output_expires_after"]);
    assert!(a.warnings.iter().all(|w| !warning_text(w).en.is_empty()));
    let running = job(&format!(r#"{{"object":"batch","status":"in_progress","expires_at":{}}}"#, i64::MIN));
    let a = analyze_job(&running, CREATED, Vendor::Azure, &Catalog::builtin());
    assert_eq!(a.expires_in_seconds, None);
    assert!(a.warnings.contains(&JobWarning::NumberOutOfRange { field: "expires_at".into() }));
}

#[test]
fn the_end_of_a_job_that_did_not_complete_is_read() {
    // failed_at, expired_at, cancelling_at and cancelled_at were dropped: the
    // page could not say when an expired, failed or cancelled job ended.
    let j = job(r#"{"object":"batch","status":"cancelled","created_at":1,"in_progress_at":2,"finalizing_at":3,
        "failed_at":4,"expired_at":5,"cancelling_at":6,"cancelled_at":7}"#);
    assert_eq!((j.failed_at, j.expired_at, j.cancelling_at, j.cancelled_at), (Some(4), Some(5), Some(6), Some(7)));
    let none = job(r#"{"object":"batch","status":"completed","failed_at":null}"#);
    assert_eq!((none.failed_at, none.expired_at, none.cancelling_at, none.cancelled_at), (None, None, None, None));
}

#[test]
fn hostile_end_times_are_refused_or_dropped_never_trusted() {
    // A number beyond f64 is not JSON serde can read: refused with a reason.
    assert!(matches!(parse_job(r#"{"object":"batch","status":"expired","expired_at":1e400}"#), Err(JobParseError::NotJson { .. })));
    // Beyond i64, fractional, negative-overflowing, a string with control
    // characters: the time is unknown (None), the job still reads.
    for v in ["18446744073709551616", "1.5", "-99999999999999999999", "\"\\u001b[31m\\u0000\"", "{}"] {
        let j = job(&format!(r#"{{"object":"batch","status":"failed","failed_at":{v},"cancelled_at":{v}}}"#));
        assert_eq!((j.failed_at, j.cancelled_at), (None, None), "{v}");
    }
    // The extremes i64 holds are kept and analysed without overflow.
    let j = job(&format!(r#"{{"object":"batch","status":"expired","created_at":{},"expired_at":{}}}"#, i64::MIN, i64::MAX));
    assert_eq!(j.expired_at, Some(i64::MAX));
    let _ = analyze_job(&j, i64::MAX, Vendor::Azure, &Catalog::builtin());
    // A huge line: a megabyte of text in a field is read, not a panic.
    let long = format!(r#"{{"object":"batch","status":"expired","id":"{}","expired_at":5}}"#, "x".repeat(1 << 20));
    assert_eq!(job(&long).expired_at, Some(5));
}
