//! The worker's warm-up file runs the path a real structural check takes:
//! every line is an ordinary request that the fast path accepts.

use batchlane_core::batch::{check_line_fast, warm_up, warm_up_line, Dialect, Findings, LineRef, WARM_UP_LINES};
use batchlane_core::facts::Catalog;

#[test]
fn the_warm_up_file_is_all_ordinary_requests() {
    let catalog = Catalog::builtin();
    let report = warm_up(&catalog);
    assert_eq!(report.summary.requests, WARM_UP_LINES as u64);
    assert_eq!(report.summary.errors, 0, "{:?}", report.diagnostics);
}

#[test]
fn every_warm_up_line_takes_the_fast_path() {
    let catalog = Catalog::builtin();
    for i in [0, 1, WARM_UP_LINES - 1] {
        let line = warm_up_line(i);
        let bytes = line.trim_end().as_bytes();
        let mut out = Findings::new(10);
        let parsed = check_line_fast(LineRef { number: 1, start: 0, bytes }, Dialect::Azure, &catalog, &mut out);
        assert!(parsed.is_some_and(|p| p.custom_id.as_deref() == Some(format!("warm-up-{i}").as_str())), "{line}");
        assert!(out.list().is_empty(), "{line}");
    }
}
