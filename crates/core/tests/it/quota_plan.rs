//! The planner against the seed note's worked examples and practice answers
//! (source note 004: quota, scaling and cost; its problems are excerpted in
//! `tests/fixtures/practice/note_004_problems.txt`).

use batchlane_core::facts::{Catalog, DeploymentType};
use batchlane_core::quota::{explain_en, explain_ko, plan, Binding, PlanInput, Step, Timing, Way};

/// What the planner asks for: `need` with the catalog's headroom target,
/// rounded up to the 1,000-TPM step.
fn with_margin(need: f64) -> f64 {
    let target = Catalog::builtin().require(batchlane_core::facts::Kind::HeadroomTarget, "any");
    (need * target / 1_000.0).ceil() * 1_000.0
}

/// The need behind the request (the larger of tokens and requests).
fn need(p: &batchlane_core::quota::Plan) -> f64 {
    p.steps
        .iter()
        .find_map(|s| match s {
            Step::TpmToRequest { for_tokens, for_requests, .. } => Some(for_tokens.max(*for_requests)),
            _ => None,
        })
        .unwrap()
}

fn input(tpm: f64, rpm: f64, prompt: f64, output: f64) -> PlanInput {
    PlanInput {
        allocated_tpm: tpm,
        peak_rpm: rpm,
        average_rpm: rpm,
        prompt_tokens: prompt,
        output_tokens: output,
        max_tokens: Some(output.max(1.0)),
        ..PlanInput::default()
    }
}

#[test]
fn practice_1_thirty_thousand_tpm_gives_180_rpm() {
    let p = plan(&input(30_000.0, 10.0, 100.0, 100.0), &Catalog::builtin()).unwrap();
    assert_eq!(p.limits.unwrap().rpm_allowed, 180.0);
    assert_eq!(p.steps[0], Step::RpmFromTpm { tpm: 30_000.0, ratio: 6.0, rpm: 180.0 });
    assert!(explain_en(&p)[0].contains("= 180 RPM"));
    assert!(explain_ko(&p)[0].contains("180 RPM이 함께 붙습니다"));
}

#[test]
fn practice_2_tpm_binds_and_needs_100k() {
    // 1,600 + 400 tokens × 50/min on 60,000 TPM.
    let p = plan(&input(60_000.0, 50.0, 1_600.0, 400.0), &Catalog::builtin()).unwrap();
    let l = p.limits.unwrap();
    assert_eq!(l.binding, Binding::Tpm);
    assert_eq!(l.tpm_needed, 100_000.0);
    assert_eq!((l.rpm_needed, l.rpm_allowed), (50.0, 360.0));
    assert_eq!(need(&p), 100_000.0);
    assert_eq!(p.tpm_to_request, with_margin(100_000.0));
    assert!(p.short);
}

#[test]
fn worked_case_tpm_binds_with_nine_times_the_rpm() {
    // 2,000 tokens × 40/min on 60,000 TPM: 80,000 TPM needed, RPM 360 is nine times 40.
    let p = plan(&input(60_000.0, 40.0, 1_600.0, 400.0), &Catalog::builtin()).unwrap();
    let l = p.limits.unwrap();
    assert_eq!((l.tpm_needed, l.binding), (80_000.0, Binding::Tpm));
    assert_eq!(l.rpm_headroom(), 9.0);
    assert_eq!(need(&p), 80_000.0);
    assert_eq!(p.tpm_to_request, with_margin(80_000.0));
}

#[test]
fn worked_case_rpm_binds_for_small_requests() {
    // 100 tokens × 500/min: 50,000 TPM fits in 60,000 but RPM 360 binds.
    let p = plan(&input(60_000.0, 500.0, 60.0, 40.0), &Catalog::builtin()).unwrap();
    let l = p.limits.unwrap();
    assert_eq!((l.tpm_needed, l.rpm_allowed, l.binding), (50_000.0, 360.0, Binding::Rpm));
    // 500 RPM ÷ 6 per 1,000 TPM = 83,333.3 TPM, with the margin, to the step.
    assert!((need(&p) - 500.0 / 6.0 * 1_000.0).abs() < 1e-6);
    assert_eq!(p.tpm_to_request, with_margin(500.0 / 6.0 * 1_000.0));
    assert!(explain_ko(&p).iter().any(|s| s.contains("RPM 한도에 먼저 도달합니다")));
}

#[test]
fn unset_max_tokens_reserves_the_model_maximum() {
    let mut i = input(60_000.0, 3.0, 1_600.0, 400.0);
    i.max_tokens = None;
    let p = plan(&i, &Catalog::builtin()).unwrap();
    // gpt-4o reserves 16,384: 1,600 + 16,384 = 17,984 per request.
    assert!(p.max_tokens_unset);
    assert_eq!(p.admission_per_request, 17_984.0);
    assert_eq!(p.billed_tpm, 6_000.0);
    assert_eq!(p.admission_tpm, 53_952.0);
    assert_eq!(p.quota_lost_tpm, 47_952.0);
    assert!(explain_en(&p).iter().any(|s| s.contains("model maximum of 16,384")));
}

#[test]
fn short_window_catches_bursts_the_minute_hides() {
    // 300 RPM fits in 360 over the minute; at a 1.5× burst, 10 s brings 75 > 60.
    let mut i = input(60_000.0, 300.0, 100.0, 50.0);
    i.burst_factor = 1.5;
    let p = plan(&i, &Catalog::builtin()).unwrap();
    assert_eq!(p.limits.unwrap().binding, Binding::Neither);
    let ten = p.windows.iter().find(|w| w.seconds == 10.0).unwrap();
    assert_eq!((ten.cap_requests, ten.burst_requests, ten.ok), (60.0, 75.0, false));
    let one = p.windows.iter().find(|w| w.seconds == 1.0).unwrap();
    assert_eq!((one.cap_requests, one.burst_requests), (6.0, 7.5));
    assert!(p.short);
    // 450 burst RPM ÷ 6 × 1,000 = 75,000 TPM, with the margin.
    assert_eq!(need(&p), 75_000.0);
    assert_eq!(p.tpm_to_request, with_margin(75_000.0));
}

#[test]
fn ways_put_quota_increase_last_and_size_each_way() {
    let mut i = input(60_000.0, 50.0, 1_600.0, 400.0);
    i.batchable_share = 0.5;
    let p = plan(&i, &Catalog::builtin()).unwrap();
    assert_eq!(p.ways.len(), 4);
    let last = p.ways.last().unwrap();
    assert_eq!(last.timing, Timing::NeedsApproval);
    let to = with_margin(100_000.0);
    assert_eq!(last.way, Way::QuotaIncrease { from_tpm: 60_000.0, to_tpm: to, increase: to - 60_000.0 });
    assert!(p.ways.iter().take(2).all(|w| w.timing == Timing::Now));
    for w in &p.ways {
        match &w.way {
            Way::MoreDeployments { deployments, extra, .. } => assert_eq!((*deployments, *extra), (2.0, 1.0)),
            Way::MoveToBatch { share_needed, freed_tpm, .. } => {
                assert!((share_needed - 0.4).abs() < 1e-12);
                assert_eq!(*freed_tpm, 50_000.0);
                assert!(w.covers);
            }
            // (1,600 + 400 × 4) × 50 ÷ 2,500 = 64 → 65 PTU.
            Way::Provisioned { ptus, .. } => assert_eq!(*ptus, Some(65.0)),
            Way::QuotaIncrease { .. } => {}
        }
    }
    assert_eq!(p.ways.iter().map(|w| w.rank).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
    let ko = explain_ko(&p);
    assert!(ko.last().unwrap().starts_with("4순위 (승인 필요 — 지금 당장은 안 됨)"), "{ko:?}");
}

#[test]
fn provisioned_plans_report_utilization() {
    let mut i = input(0.0, 50.0, 1_600.0, 400.0);
    i.deployment = DeploymentType::GlobalProvisioned;
    i.allocated_ptu = 50.0;
    let p = plan(&i, &Catalog::builtin()).unwrap();
    // 160,000 weighted TPM on 50 × 2,500 = 125,000: 128%.
    assert!((p.ptu_utilization.unwrap() - 1.28).abs() < 1e-12);
    assert!(p.short && p.limits.is_none());
}

#[test]
fn invalid_input_is_refused_not_planned() {
    let i = PlanInput { peak_rpm: f64::NAN, ..PlanInput::default() };
    assert!(plan(&i, &Catalog::builtin()).is_err());
}

#[test]
fn ratio_override_and_catalog_override_both_apply() {
    let mut i = input(60_000.0, 10.0, 100.0, 100.0);
    i.rpm_per_1k_tpm = Some(1.0);
    assert_eq!(plan(&i, &Catalog::builtin()).unwrap().limits.unwrap().rpm_allowed, 60.0);
    let mut c = Catalog::builtin();
    c.set_override("rpm_per_1k_tpm.gpt-4o", 2.0).unwrap();
    i.rpm_per_1k_tpm = None;
    assert_eq!(plan(&i, &c).unwrap().limits.unwrap().rpm_allowed, 120.0);
}

#[test]
fn a_share_link_restores_the_same_plan() {
    use batchlane_core::quota::share::{decode, encode};
    let i = PlanInput {
        peak_rpm: 500.0,
        average_rpm: 200.0,
        prompt_tokens: 60.0,
        output_tokens: 40.0,
        max_tokens: None,
        burst_factor: 2.0,
        ..PlanInput::default()
    };
    let c = Catalog::builtin();
    let restored = decode(&encode(&i)).unwrap();
    assert_eq!(plan(&restored, &c), plan(&i, &c));
}

#[test]
fn tiers_give_the_ratio_and_window_of_the_deployment_type() {
    use batchlane_core::facts::QuotaTier;
    use batchlane_core::quota::RatioSource;
    let c = Catalog::builtin();
    // o4-mini Data Zone tier 1: 300 / 10 s on 300,000 TPM = 6 RPM per 1,000 TPM, a burst limit.
    let i = PlanInput {
        model: "o4-mini".into(),
        deployment: DeploymentType::DataZoneStandard,
        tier: Some(QuotaTier::T1),
        rpm_per_1k_tpm: None,
        ..input(300_000.0, 1_500.0, 100.0, 50.0)
    };
    let p = plan(&i, &c).unwrap();
    assert_eq!((p.rpm_per_1k_tpm, p.ratio_source, p.rpm_window_seconds), (6.0, RatioSource::TierTable, 10.0));
    assert_eq!(p.limits.unwrap().rpm_allowed, 1_800.0);
    assert!(p.steps.contains(&Step::EnforcedWindow { seconds: 10.0, per_window: 300.0, per_minute: 1_800.0 }));
    assert!(explain_en(&p).iter().any(|s| s.contains("per 10 s: 300 requests in any 10 s (1,800 per minute). It is a burst limit")));
    // The minute fits (1,500 ≤ 1,800) but a 1.5× burst brings 375 requests into 10 s: over 300.
    let bursty = plan(&PlanInput { burst_factor: 1.5, ..i.clone() }, &c).unwrap();
    assert_eq!(bursty.limits.unwrap().binding, Binding::Neither);
    assert!(bursty.short && bursty.windows.iter().any(|w| w.seconds == 10.0 && !w.ok));
    // What the next tier gives.
    let next = p.next_tier.unwrap();
    assert_eq!((next.tier, next.rpm, next.window_seconds, next.tpm), (QuotaTier::T2, 670.0, 10.0, Some(670_000.0)));
    // On Global the same model gets 1 per 1,000 TPM, enforced per minute.
    let g = plan(&PlanInput { deployment: DeploymentType::GlobalStandard, ..i }, &c).unwrap();
    assert_eq!((g.rpm_per_1k_tpm, g.rpm_window_seconds), (1.0, 60.0));
    assert!(!g.steps.iter().any(|s| matches!(s, Step::EnforcedWindow { .. })));
}

#[test]
fn gpt_4o_mini_gets_ten_rpm_per_thousand_tpm() {
    let i = PlanInput { model: "gpt-4o-mini".into(), ..input(60_000.0, 10.0, 100.0, 100.0) };
    let p = plan(&i, &Catalog::builtin()).unwrap();
    assert_eq!(p.limits.unwrap().rpm_allowed, 600.0);
}

/// The "more deployments" way quotes the quota of the tier picked, not the
/// catalog's default (it said 1,000,000 TPM per region beside a tier of 3,000,000).
#[test]
fn more_deployments_quotes_the_tier_quota() {
    use batchlane_core::facts::QuotaTier;
    let catalog = Catalog::builtin();
    let mut checked = 0;
    for tier in QuotaTier::PAID {
        let mut i = input(60_000.0, 50.0, 1_600.0, 400.0);
        i.model = "gpt-4.1".into();
        i.deployment = DeploymentType::GlobalStandard;
        i.tier = Some(tier);
        let Some(tier_tpm) = batchlane_core::quota::default_tpm(&catalog, "gpt-4.1", &i) else { continue };
        let p = plan(&i, &catalog).unwrap();
        let quoted = p.ways.iter().find_map(|w| match w.way {
            Way::MoreDeployments { default_quota_tpm, .. } => default_quota_tpm,
            _ => None,
        });
        assert_eq!(quoted, Some(tier_tpm), "{tier:?}");
        checked += 1;
    }
    // Some tier's quota differs from the catalog default the tip quoted before.
    let default = catalog.get(batchlane_core::facts::Kind::DefaultTpmGlobal, "gpt-4.1").unwrap();
    assert!(checked > 0);
    assert!(QuotaTier::PAID.into_iter().any(|t| {
        let mut i = input(60_000.0, 50.0, 1_600.0, 400.0);
        i.model = "gpt-4.1".into();
        i.tier = Some(t);
        batchlane_core::quota::default_tpm(&catalog, "gpt-4.1", &i).is_some_and(|x| x != default)
    }));
}

/// Counts of requests and tokens are whole: "33.33건" and "71,666.67개"
/// were shown for the share of a 10-second window (RPM × 10 ÷ 60).
#[test]
fn counts_in_the_worked_text_are_whole() {
    let fraction = regex_lite::Regex::new(r"\d\.\d+ ?(건|개|requests|tokens\b|per minute)").unwrap();
    let c = Catalog::builtin();
    let mut seen_window = false;
    for tpm in [430_000.0, 200_000.0, 61_000.0, 1_000_000.0] {
        for rpm in [200.0, 37.0, 500.0, 1_234.0] {
            for burst in [1.0, 1.5, 2.7] {
                let mut i = input(tpm, rpm, 1_000.0, 300.0);
                i.burst_factor = burst;
                let p = plan(&i, &c).unwrap();
                seen_window |= p.steps.iter().any(|s| matches!(s, Step::ShortWindow { .. }));
                for s in explain_en(&p).into_iter().chain(explain_ko(&p)) {
                    assert!(!fraction.is_match(&s), "a fractional count: {s}");
                }
            }
        }
    }
    assert!(seen_window, "the short window is explained");
}

/// Quota comes in units of capacity, and a unit is not 1,000 TPM for every
/// model (issue 38): o1's is 6,000 TPM, o3-mini's 10,000. The TPM to
/// request is a whole number of the model's units.
#[test]
fn the_tpm_to_request_is_a_whole_number_of_the_models_units() {
    use batchlane_core::facts::Kind;
    let c = Catalog::builtin();
    for (model, unit) in [("o1", 6_000.0), ("o3-mini", 10_000.0), ("o1-mini", 10_000.0), ("o3-pro", 10_000.0), ("gpt-4o", 1_000.0)] {
        assert_eq!(c.get(Kind::TpmStep, model).unwrap_or(c.require(Kind::TpmStep, "any")), unit, "{model}");
        let i = PlanInput { model: model.into(), ..input(60_000.0, 50.0, 1_600.0, 400.0) };
        let p = plan(&i, &c).unwrap();
        let step = p.steps.iter().find_map(|s| match s {
            Step::TpmToRequest { step, .. } => Some(*step),
            _ => None,
        });
        assert_eq!(step, Some(unit), "{model}");
        assert!(p.tpm_to_request > 0.0 && (p.tpm_to_request / unit).fract() == 0.0, "{model}: {}", p.tpm_to_request);
        assert!(p.tpm_to_request >= need(&p), "{model}");
    }
}

/// The prompt a plan takes is bounded by what the deployment type takes
/// (Azure: gpt-4.1 300,000 on Standard, 128,000 on provisioned) and by the
/// model's input cap (gpt-5: 272,000 of its 400,000), not only the window.
#[test]
fn the_prompt_is_bounded_by_the_deployment_types_limit_and_the_input_cap() {
    use batchlane_core::facts::Kind;
    use batchlane_core::quota::{Field, Problem};
    let c = Catalog::builtin();
    let refused = |model: &str, deployment: DeploymentType, prompt: f64| {
        let i = PlanInput { model: model.into(), deployment, allocated_ptu: 100.0, ..input(1_000_000.0, 1.0, prompt, 10.0) };
        match plan(&i, &c) {
            Ok(_) => None,
            Err(e) => e.into_iter().find(|e| e.field == Field::PromptTokens).map(|e| e.problem),
        }
    };
    let provisioned = c.require(Kind::ContextWindowAzureProvisioned, "gpt-4.1");
    let standard = c.require(Kind::ContextWindowAzureStandard, "gpt-4.1");
    assert!(provisioned < 200_000.0 && 200_000.0 < standard);
    assert_eq!(refused("gpt-4.1", DeploymentType::GlobalProvisioned, 200_000.0), Some(Problem::TooLarge { max: provisioned }));
    assert_eq!(refused("gpt-4.1", DeploymentType::GlobalStandard, 200_000.0), None);
    assert_eq!(refused("gpt-4.1", DeploymentType::GlobalStandard, 400_000.0), Some(Problem::TooLarge { max: standard }));
    let cap = c.require(Kind::MaxInputTokens, "gpt-5");
    assert!(cap < 300_000.0 && 300_000.0 < c.require(Kind::ContextWindow, "gpt-5"));
    assert_eq!(refused("gpt-5", DeploymentType::GlobalStandard, 300_000.0), Some(Problem::TooLarge { max: cap }));
    assert_eq!(refused("gpt-5", DeploymentType::GlobalStandard, 200_000.0), None);
}

/// The deployment type has one spelling on every surface (`global`,
/// `datazone-ptu`, … as the CLI writes it); /quota links saved with the
/// old short codes (`d=gs`, `d=dzp`) open the same plan.
#[test]
fn old_quota_links_with_short_deployment_codes_still_open() {
    use batchlane_core::facts::DeploymentType;
    use batchlane_core::quota::share::{decode, encode};
    for t in DeploymentType::ALL {
        let old = decode(&[("d".to_string(), t.old_link_code().to_string())]).unwrap();
        let new = decode(&[("d".to_string(), t.code().to_string())]).unwrap();
        assert_eq!((old.deployment, new.deployment), (t, t));
        let written = encode(&new);
        assert!(written.iter().all(|(k, v)| k != "d" || v == t.code()), "{written:?}");
    }
}
