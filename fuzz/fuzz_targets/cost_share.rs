//! The cost comparison's share link: any query string to the comparison
//! and price-override decoders; what they accept is evaluated with the
//! overridden catalog. Never a panic; at most one error per pair, at most
//! MAX_SCENARIOS scenarios.
#![no_main]

use batchlane_core::cost::share::{decode, price_fact_ids};
use batchlane_core::cost::{evaluate, MAX_SCENARIOS};
use batchlane_core::facts::Catalog;
use batchlane_fuzz::query_pairs;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let pairs = query_pairs(data);
    let mut catalog = Catalog::builtin();
    let ids = price_fact_ids(&catalog);
    let opened = decode(&pairs, &ids);
    assert!(opened.rejected.len() <= pairs.len());
    assert!(opened.comparison.scenarios.len() <= MAX_SCENARIOS);
    for (id, value) in &opened.overrides {
        let _ = catalog.set_override(id, *value);
    }
    let _ = evaluate(&opened.comparison, &catalog);
});
