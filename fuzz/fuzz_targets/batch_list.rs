//! Batch-list JSON for the lane chooser's turnaround (`lanes::JobReader`:
//! `batchlane lanes --jobs`, Python's `lanes(jobs=)`, the /lanes page):
//! any bytes. Never a panic; a refused file keeps nothing of itself and
//! names its file; each group's jobs add up within the jobs read. Run:
//! `./dev fuzz` or `cargo fuzz run batch_list`.
#![no_main]

use batchlane_core::lanes::JobReader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut reader = JobReader::new(None);
    match reader.add_file("f.json", data) {
        Ok(()) => {}
        Err(e) => {
            assert_eq!(e.file, "f.json");
            assert_eq!(reader.jobs_read(), 0);
        }
    }
    let t = reader.finish();
    for g in t.groups.iter().chain(&t.models) {
        let s = &g.stats;
        let counted = s.completed.saturating_add(s.failed).saturating_add(s.expired).saturating_add(s.cancelled).saturating_add(s.running);
        assert!(counted <= t.jobs);
        if let (Some(p50), Some(p90), Some(max)) = (s.p50_seconds, s.p90_seconds, s.max_seconds) {
            assert!(0 <= p50 && p50 <= p90 && p90 <= max);
        }
    }
});
