//! The 429 simulator under a step budget: a run that would take too long
//! stops, says where, and describes the time it covered.

use batchlane_core::quota::*;

fn cfg() -> SimConfig {
    SimConfig {
        seed: 7,
        arrivals: Arrivals::Poisson { rpm: 600.0 },
        deployments: vec![DeploymentLimits { tpm: 60_000.0, rpm: 360.0 }; 2],
        max_points: 100,
        ..SimConfig::example()
    }
}

#[test]
fn a_budget_large_enough_changes_nothing() {
    let mut last = SimProgress::default();
    let run = simulate_within(&cfg(), SimBudget::default(), &mut |p| last = p).unwrap();
    assert_eq!(run.stopped, None);
    assert_eq!(run.result, simulate(&cfg()).unwrap());
    assert_eq!(last, SimProgress { ticks_done: 6_000, ticks: 6_000 });
}

#[test]
fn a_run_over_budget_stops_and_covers_the_time_simulated() {
    // 6,000 ticks × 3 steps alone are 18,000 steps, plus one per attempt.
    let run = simulate_within(&cfg(), SimBudget { max_steps: 9_000 }, &mut |_| {}).unwrap();
    let stop = run.stopped.expect("stopped after the budget");
    assert!(stop.steps > 9_000, "{stop:?}");
    assert!(stop.simulated_s > 0.0 && stop.simulated_s < 600.0, "{stop:?}");
    let r = &run.result;
    assert!(r.arrived > 0 && r.arrived < simulate(&cfg()).unwrap().arrived);
    // The series ends where the run stopped.
    let last = r.series.last().expect("a point");
    assert!(last.t_s < stop.simulated_s, "{last:?} {stop:?}");
    // Throughput is per minute of simulated time: ~360 × 2 deployments at most.
    assert!(r.throughput_rpm > 300.0 && r.throughput_rpm <= 720.0 + 1.0, "{}", r.throughput_rpm);
}

#[test]
fn the_budget_counts_attempts_not_only_ticks() {
    // Immediate retries against a saturated deployment: many attempts per tick.
    let busy = SimConfig { retry: RetryPolicy { kind: RetryKind::Immediate, max_attempts: 50, ..cfg().retry }, ..cfg() };
    let ticks_only = 6_000 * 3 + 10;
    let run = simulate_within(&busy, SimBudget { max_steps: ticks_only }, &mut |_| {}).unwrap();
    assert!(run.stopped.is_some(), "attempts must count against the budget");
    let calm = SimConfig { arrivals: Arrivals::Poisson { rpm: 0.0 }, ..cfg() };
    let run = simulate_within(&calm, SimBudget { max_steps: ticks_only }, &mut |_| {}).unwrap();
    assert_eq!(run.stopped, None);
}

#[test]
fn invalid_settings_are_refused_before_anything_runs() {
    let mut called = false;
    let bad = SimConfig { duration_s: -1.0, ..cfg() };
    let e = simulate_within(&bad, SimBudget::default(), &mut |_| called = true).unwrap_err();
    assert!(e.iter().any(|e| e.setting == SimSetting::Duration));
    assert!(!called);
}
