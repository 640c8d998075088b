//! The 429 simulator on fixed seeds: the orderings the seed note teaches.

use batchlane_core::facts::Catalog;
use batchlane_core::quota::PlanInput;
use batchlane_core::quota::*;

fn burst() -> SimConfig {
    // A minute at 600 RPM on a 360-RPM deployment, then 200 RPM; clients
    // try up to 20 times.
    SimConfig {
        arrivals: Arrivals::Schedule { steps: vec![RateStep { at_s: 0.0, rpm: 600.0 }, RateStep { at_s: 60.0, rpm: 200.0 }] },
        duration_s: 300.0,
        retry: RetryPolicy { max_attempts: 20, ..SimConfig::example().retry },
        ..SimConfig::example()
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
    let r = simulate(&SimConfig { arrivals: Arrivals::Poisson { rpm: 120.0 }, ..SimConfig::example() }).unwrap();
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
        ..SimConfig::example()
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
    let mut cfg = SimConfig { arrivals: Arrivals::Poisson { rpm: 60.0 }, ..SimConfig::example() };
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
    let bad = SimConfig { tick_ms: 0.0, deployments: vec![], duration_s: f64::NAN, ..SimConfig::example() };
    let errors = simulate(&bad).unwrap_err();
    let settings: Vec<SimSetting> = errors.iter().map(|e| e.setting).collect();
    assert!(
        settings.contains(&SimSetting::Tick) && settings.contains(&SimSetting::Deployments) && settings.contains(&SimSetting::Duration)
    );
}
