//! A batch results line and the join of output, error and input files:
//! any bytes to the line parsers and the file sniffer; the same bytes cut
//! in three files, fed to the joiner in chunks. Never a panic; the join
//! keeps at most MAX_DIAGNOSTICS and has a row per custom_id it read.
#![no_main]

use batchlane_core::io::MAX_DIAGNOSTICS;
use batchlane_core::results::{build_retry_file, classify, detect_kind, parse_input_line, parse_result_line, ResultsJoiner};
use batchlane_fuzz::{chunks, split_parts};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(line) = parse_result_line(data) {
        let _ = classify(&line);
    }
    let _ = parse_input_line(data);
    let _ = detect_kind(data);

    let parts = split_parts(data, 3);
    let (output, errors, input) = (parts[0], parts[1], parts[2]);
    let sizes = &data[..data.len().min(2)];
    let mut j = ResultsJoiner::new();
    for c in chunks(output, sizes) {
        j.feed_output(c);
    }
    j.feed_output(&[]);
    for c in chunks(errors, sizes) {
        j.feed_errors(c);
    }
    for c in chunks(input, sizes) {
        j.feed_input(c);
    }
    let report = j.finish();
    assert!(report.diagnostics.len() <= MAX_DIAGNOSTICS);
    let lines = data.iter().filter(|&&b| b == b'\n').count() + 3;
    assert!(report.rows.len() <= lines, "{} rows from {lines} lines", report.rows.len());
    if !input.is_empty() {
        let _ = build_retry_file(input, &report.retry);
    }
});
