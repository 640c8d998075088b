//! A usage file (CSV with any delimiter, or JSON Lines): any text to the
//! parser, its records to the spend attribution and the CSV export. Never
//! a panic; at most one record or diagnostic per line (the header: one per
//! missing column).
#![no_main]

use batchlane_core::cost::{parse_usage, spend, spend_csv, AttributionConfig, LineProblem};
use batchlane_core::facts::Catalog;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parsed = parse_usage(&text);
    // One record or diagnostic per line, but the header's missing columns (each once).
    let lines = text.lines().count();
    let mut seen = std::collections::BTreeMap::<usize, usize>::new();
    for line in parsed.records.iter().map(|r| r.line).chain(parsed.diagnostics.iter().map(|d| d.line)) {
        assert!((1..=lines).contains(&line), "line {line} of {lines}");
        *seen.entry(line).or_default() += 1;
    }
    let mut header: Vec<_> = parsed.diagnostics.iter().filter(|d| seen[&d.line] > 1).collect();
    assert!(header.iter().all(|d| d.line == header[0].line && matches!(d.problem, LineProblem::MissingColumn(_))), "{header:?}");
    let n = header.len();
    header.dedup_by(|a, b| a.problem == b.problem);
    assert_eq!(header.len(), n, "a column reported twice");
    let catalog = Catalog::builtin();
    let s = spend(&parsed.records, &catalog, &AttributionConfig::default());
    let _ = spend_csv(&s.by_tenant);
    let _ = spend_csv(&s.by_feature);
});
