//! The retry file built from a job's results is a valid batch file: it
//! passes the Batch file check with no errors, in both body shapes.

use batchlane_core::batch::{check_bytes, CheckOptions, Severity};
use batchlane_core::facts::Catalog;
use batchlane_core::results::{build_retry_file, ResultsJoiner};

fn fixture(shape: &str, name: &str) -> Vec<u8> {
    let path = format!("{}/../../tests/fixtures/results/{shape}/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn retry_file(shape: &str) -> Vec<u8> {
    let input = fixture(shape, "input.jsonl");
    let mut joiner = ResultsJoiner::new();
    joiner.feed_output(&fixture(shape, "output.jsonl"));
    joiner.feed_errors(&fixture(shape, "errors.jsonl"));
    joiner.feed_input(&input);
    let report = joiner.finish();
    assert!(report.summary.retryable() > 0, "{shape}: the fixture should have retryable requests");
    build_retry_file(&input, &report.retry).unwrap()
}

#[test]
fn retry_files_pass_the_batch_check() {
    let catalog = Catalog::builtin();
    for shape in ["chat", "responses"] {
        let retry = retry_file(shape);
        let options = CheckOptions { count_tokens: false, ..CheckOptions::default() };
        let report = check_bytes(&retry, options, &catalog);
        let errors: Vec<_> =
            report.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| (d.line, d.code.as_str())).collect();
        assert!(errors.is_empty(), "{shape}: retry file has errors {errors:?}");
        let lines = retry.split(|b| *b == b'\n').filter(|l| !l.is_empty()).count() as u64;
        assert_eq!(report.summary.requests, lines, "{shape}");
    }
}
