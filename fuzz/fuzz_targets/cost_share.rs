//! The cost comparison's share link: any query string to the comparison
//! and price-override decoders; what they accept is evaluated with the
//! overridden catalog. Never a panic; at most one error per pair, at most
//! MAX_SCENARIOS scenarios.
#![no_main]

use batchlane_core::cost::compare::{evaluate, MAX_SCENARIOS};
use batchlane_core::cost::share::{decode, decode_overrides, encode};
use batchlane_core::facts::Catalog;
use batchlane_fuzz::query_pairs;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let pairs = query_pairs(data);
    let catalog = match decode_overrides(&pairs) {
        Ok(c) => c,
        Err(errors) => {
            assert!(errors.len() <= pairs.len());
            Catalog::builtin()
        }
    };
    match decode(&pairs) {
        Ok(c) => {
            assert!(c.scenarios.len() <= MAX_SCENARIOS);
            let _ = decode(&encode(&c));
            let _ = evaluate(&c, &catalog);
        }
        Err(errors) => assert!(errors.len() <= pairs.len()),
    }
});
