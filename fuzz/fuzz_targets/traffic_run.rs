//! /traffic's and `batchlane traffic`'s whole import: any bytes cut into
//! one to three files, each file's layout sniffed (no layout forced, unlike
//! the per-layout targets), the run's byte budget over all of them, then
//! the analysis. Never a panic; an error names one of the files.
#![no_main]

use batchlane_core::facts::Catalog;
use batchlane_core::traffic::{run, TrafficOptions, MAX_VERSIONS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let files = data.first().map_or(1, |b| 1 + (*b as usize) % 3);
    let parts = batchlane_fuzz::split_parts(data.get(1..).unwrap_or(&[]), files);
    let named: Vec<(String, &[u8])> = parts.into_iter().enumerate().map(|(i, p)| (format!("f{i}"), p)).collect();
    match run(&named, &TrafficOptions::default(), &Catalog::builtin(), &mut |_, _| {}) {
        Ok(report) => {
            for d in &report.deployments {
                assert!(d.model_versions.len() <= MAX_VERSIONS);
            }
            let _ = report.to_json();
        }
        Err(e) => assert!(named.iter().any(|(n, _)| *n == e.file), "{e}"),
    }
});
