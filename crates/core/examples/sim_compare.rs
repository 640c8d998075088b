//! Prints the simulator's headline figures for a few policies (a study aid).
use batchlane_core::quota::simulator::*;

fn main() {
    let base = SimConfig {
        seed: 42,
        duration_s: 300.0,
        tick_ms: 100.0,
        arrivals: Arrivals::Schedule { steps: vec![RateStep { at_s: 0.0, rpm: 600.0 }, RateStep { at_s: 60.0, rpm: 200.0 }] },
        request: RequestShape { prompt_tokens: 100.0, output_tokens: 50.0, max_tokens: 50.0, n: 1, size_jitter: 0.0 },
        deployments: vec![DeploymentLimits { tpm: 60_000.0, rpm: 360.0 }],
        window: Window::TenSeconds,
        routing: Routing::RoundRobin,
        retry: RetryPolicy { kind: RetryKind::RetryAfterThenBackoff, max_attempts: 5, initial_backoff_s: 1.0, max_backoff_s: 60.0 },
        retry_after_share: 1.0,
        service_ms: 0.0,
        max_points: 600,
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
