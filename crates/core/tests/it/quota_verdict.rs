//! Issue 17 items 3 and 4: a verdict never sounds safer than the numbers.
//! At exactly 100% the plan is a warning with the margin to add (the
//! simulator shows 429s there), and a Provisioned plan sizes from PTUs.

use batchlane_core::facts::DeploymentType;
use batchlane_core::facts::{Catalog, Kind};
use batchlane_core::quota::{explain_en, plan, simulate, Level, PlanInput, SimConfig, Unit, Way};

/// gpt-4.1 Global Standard: 350 requests/min × (2,000 prompt + 1,000
/// max_tokens) = exactly the 1,050,000 TPM allocated.
fn at_the_limit() -> PlanInput {
    PlanInput {
        model: "gpt-4.1".into(),
        allocated_tpm: 1_050_000.0,
        peak_rpm: 350.0,
        average_rpm: 350.0,
        prompt_tokens: 2_000.0,
        output_tokens: 1_000.0,
        max_tokens: Some(1_000.0),
        ..PlanInput::default()
    }
}

#[test]
fn exactly_full_is_a_warning_with_the_margin_to_add() {
    let c = Catalog::builtin();
    let p = plan(&at_the_limit(), &c).unwrap();
    assert_eq!(p.limits.unwrap().tpm_needed, 1_050_000.0);
    assert_eq!(p.verdict.level, Level::Tight);
    assert_eq!(p.verdict.unit, Unit::Tpm);
    // The catalog's headroom target over the 1,050,000 needed, to the 1,000 step.
    let target = c.require(Kind::HeadroomTarget, "any");
    let want = (1_050_000.0 * target / 1_000.0_f64).ceil() * 1_000.0;
    assert!(want > 1_050_000.0);
    assert_eq!(p.verdict.add, want - 1_050_000.0);
    let inc = p.ways.iter().find_map(|w| match w.way {
        Way::QuotaIncrease { to_tpm, increase, .. } => Some((to_tpm, increase)),
        _ => None,
    });
    assert_eq!(inc, Some((want, want - 1_050_000.0)));
    assert!(explain_en(&p).iter().all(|s| !s.contains("(+0)")), "{:?}", explain_en(&p));
    // The simulator on the same plan answers 429s: the warning is earned.
    assert!(simulate(&SimConfig::from_plan(&at_the_limit(), &c, 1)).unwrap().rejections_429 > 0);
}

#[test]
fn a_failed_short_window_is_short_even_when_the_minute_fits() {
    let mut i = at_the_limit();
    i.allocated_tpm = 2_000_000.0;
    i.burst_factor = 2.0;
    let p = plan(&i, &Catalog::builtin()).unwrap();
    assert!(p.windows.iter().any(|w| !w.ok));
    assert_eq!(p.verdict.level, Level::Short);
    assert!(p.verdict.add > 0.0);
}

#[test]
fn plenty_of_room_fits_and_needs_no_increase() {
    let mut i = at_the_limit();
    i.allocated_tpm = 3_000_000.0;
    let p = plan(&i, &Catalog::builtin()).unwrap();
    assert_eq!((p.verdict.level, p.verdict.add), (Level::Fits, 0.0));
    assert!(explain_en(&p).iter().any(|s| s.contains("Quota increase: not needed")));
}

/// gpt-4o Global Provisioned: 500 requests/min × (900 prompt + 400 × output
/// weight 4) = 1,250,000 input-equivalent TPM = 500 PTU at 2,500 each.
fn provisioned(ptus: f64) -> PlanInput {
    PlanInput {
        deployment: DeploymentType::GlobalProvisioned,
        allocated_ptu: ptus,
        peak_rpm: 500.0,
        average_rpm: 500.0,
        prompt_tokens: 900.0,
        output_tokens: 400.0,
        max_tokens: Some(400.0),
        ..PlanInput::default()
    }
}

#[test]
fn zero_ptus_against_a_500_ptu_peak_is_short_not_zero_percent() {
    let c = Catalog::builtin();
    let p = plan(&provisioned(0.0), &c).unwrap();
    assert!(p.short);
    assert_eq!((p.verdict.level, p.verdict.unit), (Level::Short, Unit::Ptu));
    assert!(p.verdict.add >= 500.0, "{:?}", p.verdict);
    assert!(explain_en(&p).iter().all(|s| !s.contains("utilization of 0%")), "{:?}", explain_en(&p));
    // Sized in PTUs: the capacity the KEDA sizing reads is the PTUs', not the TPM field's.
    assert_eq!(p.capacity_tpm, 0.0);
    let full = plan(&provisioned(500.0), &c).unwrap();
    assert_eq!(full.capacity_tpm, 1_250_000.0);
    assert_eq!(full.counted_per_request, 2_500.0);
    assert_eq!(full.verdict.level, Level::Tight);
}
