//! /facts' tier import: any bytes as a quota-tier CSV (read as lossy
//! UTF-8, as the page reads a file), then the diff against the built-in
//! table and, for the rows that passed, the overrides. Never a panic; rows
//! capped; every refused line says why.
#![no_main]

use batchlane_core::facts::{diff_tiers, parse_tier_csv, Catalog, MAX_TIER_ROWS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(parsed) = parse_tier_csv(&text) else { return };
    assert!(parsed.rows.len() <= MAX_TIER_ROWS);
    for e in &parsed.errors {
        assert!(!e.to_string().is_empty());
    }
    let catalog = Catalog::builtin();
    let diff = diff_tiers(&parsed, &catalog);
    assert!(diff.added.len() <= parsed.rows.len());
    let _ = diff.apply(&catalog);
});
