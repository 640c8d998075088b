//! The quota planner's share link: any query string to the decoder; a plan
//! it accepts goes through the planner, its explanation and the KEDA
//! hand-off. Never a panic; at most one error per pair.
#![no_main]

use batchlane_core::facts::Catalog;
use batchlane_core::quota::replicas_quota_can_feed;
use batchlane_core::quota::share::{decode, encode, keda_handoff};
use batchlane_core::quota::{explain, plan};
use batchlane_fuzz::query_pairs;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let pairs = query_pairs(data);
    let input = match decode(&pairs) {
        Ok(input) => input,
        Err(errors) => {
            assert!(errors.len() <= pairs.len());
            return;
        }
    };
    assert_eq!(decode(&encode(&input)).as_ref(), Ok(&input), "a decoded plan survives its own link");
    let catalog = Catalog::builtin();
    if let Ok(p) = plan(&input, &catalog) {
        let _ = explain(&p);
    }
    let concurrency = data.first().copied().unwrap_or(1).into();
    if let Ok(feed) = replicas_quota_can_feed(input.allocated_tpm, input.prompt_tokens + input.output_tokens, input.peak_rpm, concurrency) {
        let _ = keda_handoff(&feed);
    }
});
