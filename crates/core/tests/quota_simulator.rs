//! The 429 simulator on fixed seeds: the orderings the seed note teaches.

use batchlane_core::facts::Catalog;
use batchlane_core::quota::plan::PlanInput;
use batchlane_core::quota::simulator::*;

fn base() -> SimConfig {
    SimConfig {
        seed: 42,
        duration_s: 600.0,
        tick_ms: 100.0,
        arrivals: Arrivals::Poisson { rpm: 300.0 },
        request: RequestShape { prompt_tokens: 100.0, output_tokens: 50.0, max_tokens: 50.0, n: 1, size_jitter: 0.0 },
        deployments: vec![DeploymentLimits { tpm: 60_000.0, rpm: 360.0 }],
        window: Window::TenSeconds,
        routing: Routing::RoundRobin,
        retry: RetryPolicy { kind: RetryKind::RetryAfterThenBackoff, max_attempts: 5, initial_backoff_s: 1.0, max_backoff_s: 60.0 },
        retry_after_share: 1.0,
        service_ms: 0.0,
        max_points: 600,
    }
}

fn burst() -> SimConfig {
    // A minute at 600 RPM on a 360-RPM deployment, then 200 RPM; clients
    // try up to 20 times.
    SimConfig {
        arrivals: Arrivals::Schedule { steps: vec![RateStep { at_s: 0.0, rpm: 600.0 }, RateStep { at_s: 60.0, rpm: 200.0 }] },
        duration_s: 300.0,
        retry: RetryPolicy { max_attempts: 20, ..base().retry },
        ..base()
    }
}

#[test]
fn same_seed_same_run() {
    let a = simulate(&burst()).unwrap();
    assert_eq!(a, simulate(&burst()).unwrap());
    let other = simulate(&SimConfig { seed: 43, ..burst() }).unwrap();
    assert_ne!(a.arrived, other.arrived);
}

#[test]
fn under_capacity_nothing_is_refused() {
    let r = simulate(&SimConfig { arrivals: Arrivals::Poisson { rpm: 120.0 }, ..base() }).unwrap();
    assert_eq!(r.rejections_429, 0);
    assert_eq!(r.succeeded, r.arrived);
    assert!((r.throughput_rpm - 120.0).abs() < 6.0, "{}", r.throughput_rpm);
    assert_eq!(r.latency_p99_ms, 0.0);
}

#[test]
fn immediate_retry_does_worse_than_retry_after_then_backoff() {
    let polite = simulate(&burst()).unwrap();
    let immediate = simulate(&SimConfig { retry: RetryPolicy { kind: RetryKind::Immediate, ..burst().retry }, ..burst() }).unwrap();
    assert_eq!(polite.arrived, immediate.arrived);
    assert!(polite.success_rate > immediate.success_rate, "{} vs {}", polite.success_rate, immediate.success_rate);
    assert!(polite.rejections_429 < immediate.rejections_429, "{} vs {}", polite.rejections_429, immediate.rejections_429);
    assert!(immediate.failed > polite.failed);
    // Plain backoff without the header sits between the two.
    let backoff = simulate(&SimConfig { retry: RetryPolicy { kind: RetryKind::Backoff, ..burst().retry }, ..burst() }).unwrap();
    assert!(backoff.success_rate > immediate.success_rate);
}

#[test]
fn retry_aware_routing_beats_round_robin_when_capacities_differ() {
    let uneven = SimConfig {
        deployments: vec![DeploymentLimits { tpm: 60_000.0, rpm: 360.0 }, DeploymentLimits { tpm: 6_000.0, rpm: 36.0 }],
        ..base()
    };
    let rr = simulate(&uneven).unwrap();
    let aware = simulate(&SimConfig { routing: Routing::RetryAfterAware, ..uneven }).unwrap();
    assert_eq!(rr.arrived, aware.arrived);
    assert!(aware.rejections_429 < rr.rejections_429, "{} vs {}", aware.rejections_429, rr.rejections_429);
    assert!(aware.success_rate >= rr.success_rate, "{} vs {}", aware.success_rate, rr.success_rate);
    assert!(aware.latency_p95_ms <= rr.latency_p95_ms, "{} vs {}", aware.latency_p95_ms, rr.latency_p95_ms);
    assert!(aware.per_deployment[0].admitted > rr.per_deployment[0].admitted);
}

#[test]
fn series_fits_the_chart_and_adds_up() {
    let r = simulate(&SimConfig { duration_s: 3_600.0, ..burst() }).unwrap();
    assert!(r.series.len() <= 600 && r.series.len() >= 500, "{}", r.series.len());
    assert_eq!(r.series.iter().map(|p| u64::from(p.admitted)).sum::<u64>(), r.succeeded);
    assert_eq!(r.series.iter().map(|p| u64::from(p.rejected)).sum::<u64>(), r.rejections_429);
    assert_eq!(r.series.iter().map(|p| u64::from(p.arrived)).sum::<u64>(), r.arrived);
    assert_eq!(r.arrived, r.succeeded + r.failed + r.unfinished);
}

#[test]
fn generous_max_tokens_wastes_admissions() {
    let mut cfg = SimConfig { arrivals: Arrivals::Poisson { rpm: 60.0 }, ..base() };
    cfg.request.max_tokens = 450.0;
    let r = simulate(&cfg).unwrap();
    assert_eq!(r.wasted_admission_tokens, 400.0 * r.succeeded as f64);
}

#[test]
fn from_plan_and_bad_settings() {
    let cfg = SimConfig::from_plan(&PlanInput::default(), &Catalog::builtin(), 3);
    assert_eq!(cfg.deployments, vec![DeploymentLimits { tpm: 60_000.0, rpm: 360.0 }; 3]);
    assert_eq!(cfg.request.max_tokens, 400.0);
    let unset = SimConfig::from_plan(&PlanInput { max_tokens: None, ..PlanInput::default() }, &Catalog::builtin(), 1);
    assert_eq!(unset.request.max_tokens, 16_384.0);
    let bad = SimConfig { tick_ms: 0.0, deployments: vec![], duration_s: f64::NAN, ..base() };
    let errors = simulate(&bad).unwrap_err();
    let settings: Vec<SimSetting> = errors.iter().map(|e| e.setting).collect();
    assert!(
        settings.contains(&SimSetting::Tick) && settings.contains(&SimSetting::Deployments) && settings.contains(&SimSetting::Duration)
    );
}
