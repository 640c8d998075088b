//! Prints the simulator's headline figures for a few policies (a study aid).
use batchlane_core::quota::*;

fn main() {
    let base = SimConfig {
        duration_s: 300.0,
        arrivals: Arrivals::Schedule { steps: vec![RateStep { at_s: 0.0, rpm: 600.0 }, RateStep { at_s: 60.0, rpm: 200.0 }] },
        ..SimConfig::example()
    };
    for kind in [RetryKind::Immediate, RetryKind::Backoff, RetryKind::RetryAfterThenBackoff] {
        for attempts in [5, 20] {
            let cfg = SimConfig { retry: RetryPolicy { kind, max_attempts: attempts, ..base.retry }, ..base.clone() };
            let r = simulate(&cfg).unwrap();
            println!(
                "{kind:?} x{attempts}: arrived {} ok {} failed {} 429 {} retries {} p50 {} p95 {} p99 {}",
                r.arrived, r.succeeded, r.failed, r.rejections_429, r.retries, r.latency_p50_ms, r.latency_p95_ms, r.latency_p99_ms
            );
        }
    }
}
