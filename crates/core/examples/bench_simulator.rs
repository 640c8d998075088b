//! Times the 429 simulator on the benchmark case: one simulated
//! hour at 100 ms resolution with 10 deployments (mixed capacities,
//! overloaded, 429-aware routing, the seed's retry code). Prints a figure;
//! not a timed test. Run with `cargo run --release --example bench_simulator`.

use batchlane_core::quota::*;
use std::time::Instant;

fn main() {
    let deployments = (0..10)
        .map(|i| {
            let tpm = if i % 2 == 0 { 60_000.0 } else { 30_000.0 };
            DeploymentLimits { tpm, rpm: tpm / 1_000.0 * 6.0 }
        })
        .collect();
    let cfg = SimConfig {
        seed: 2026,
        duration_s: 3_600.0,
        tick_ms: 100.0,
        arrivals: Arrivals::Schedule {
            steps: vec![
                RateStep { at_s: 0.0, rpm: 1_200.0 },
                RateStep { at_s: 900.0, rpm: 2_200.0 },
                RateStep { at_s: 1_800.0, rpm: 900.0 },
                RateStep { at_s: 2_700.0, rpm: 1_900.0 },
            ],
        },
        request: RequestShape { prompt_tokens: 150.0, output_tokens: 50.0, max_tokens: 100.0, n: 1, size_jitter: 0.3 },
        deployments,
        window: Window::TenSeconds,
        routing: Routing::RetryAfterAware,
        retry: RetryPolicy { kind: RetryKind::RetryAfterThenBackoff, max_attempts: 6, initial_backoff_s: 1.0, max_backoff_s: 60.0 },
        retry_after_share: 1.0,
        service_ms: 0.0,
        max_points: 600,
    };
    let runs = 5;
    let start = Instant::now();
    let mut last = None;
    for _ in 0..runs {
        last = Some(simulate(&cfg).expect("valid settings"));
    }
    let per_run = start.elapsed().as_secs_f64() * 1_000.0 / runs as f64;
    let r = last.expect("ran");
    println!(
        "1 h at 100 ms, 10 deployments: {per_run:.1} ms per run ({} requests, {} ok, {} 429s, {} retries, p95 {} ms, {} points)",
        r.arrived,
        r.succeeded,
        r.rejections_429,
        r.retries,
        r.latency_p95_ms,
        r.series.len()
    );
}
