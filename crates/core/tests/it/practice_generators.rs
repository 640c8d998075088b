//! Every generator over many seeds: one right option, four distinct options,
//! a key equal to the shared domain function's result, reproducible, and an
//! id that names the same problem.

use batchlane_core::cost::{chunk_trim_saving, output_cap_saving};
use batchlane_core::facts::{Catalog, Kind};
use batchlane_core::practice::{BindingShape, ChunkTrimShape, Family, OutputCapShape, Problem, TpmRpmShape, TrafficShape};
use batchlane_core::quota::{check_limits, rpm_for_tpm, tpm_needed, Binding};

const SEEDS: u64 = 500;

fn assert_well_formed(p: &Problem) {
    let id = p.id();
    assert!(p.correct < 4, "{id}: correct index {}", p.correct);
    for a in 0..4 {
        assert!(!p.options[a].ko.trim().is_empty() && !p.options[a].en.trim().is_empty(), "{id}: empty option");
        for b in a + 1..4 {
            assert_ne!(p.options[a].ko, p.options[b].ko, "{id}: options {a} and {b} repeat (ko)");
            assert_ne!(p.options[a].en, p.options[b].en, "{id}: options {a} and {b} repeat (en)");
        }
    }
    for text in [&p.stem, &p.explanation] {
        assert!(!text.ko.is_empty() && !text.en.is_empty(), "{id}: empty text");
        for s in [&text.ko, &text.en] {
            let bad_number = s.split(|c: char| c.is_whitespace() || c == '$').any(|w| w.starts_with("inf") && w.len() <= 4);
            assert!(!s.contains("NaN") && !bad_number && !s.contains("{}"), "{id}: {s}");
        }
    }
    // Neutral padding only appears when the catalog is broken.
    assert!(p.options.iter().all(|o| o.en != "None of the above"), "{id}: padded options {:?}", p.options);
    assert_eq!(p.key.is_some(), p.family.is_numeric(), "{id}: key presence");
    if let Some(k) = p.key {
        assert!(k.is_finite() && k > 0.0, "{id}: key {k}");
    }
}

#[test]
fn every_family_is_well_formed_reproducible_and_addressable() {
    let c = Catalog::builtin();
    for family in Family::ALL {
        let mut correct_positions = [0u32; 4];
        let mut stems = std::collections::BTreeSet::new();
        for seed in 0..SEEDS {
            let p = Problem::generate(family, seed, &c);
            assert_eq!(p.family, family);
            assert_well_formed(&p);
            assert_eq!(Problem::generate(family, seed, &c), p, "{} not reproducible", p.id());
            assert_eq!(Problem::from_id(&p.id(), &c).unwrap(), p);
            correct_positions[p.correct] += 1;
            stems.insert(p.stem.en.clone());
        }
        // The seed shuffles the options: the right one lands everywhere.
        assert!(correct_positions.iter().all(|n| *n > SEEDS as u32 / 10), "{family:?}: {correct_positions:?}");
        assert!(stems.len() >= 4, "{family:?}: only {} different stems", stems.len());
    }
}

fn right(p: &Problem) -> &str {
    &p.options[p.correct].en
}

#[test]
fn tpm_to_rpm_keys() {
    let c = Catalog::builtin();
    for seed in 0..SEEDS {
        let p = Problem::generate(Family::TpmToRpm, seed, &c);
        let s = TpmRpmShape::for_seed(seed, &c);
        assert_eq!(s.tpm % 1_000.0, 0.0);
        // The ratio of the model on the problem's deployment type: the tier tables' where they have the pair.
        let table = batchlane_core::facts::tier_ratio(&c, s.model, s.deployment, None);
        assert_eq!(s.ratio, table.unwrap_or_else(|| c.require(Kind::RpmPer1kTpm, s.model)));
        assert!(p.stem.en.contains(&format!(
            "{} {}",
            s.model,
            if s.deployment == batchlane_core::facts::Scope::Global { "Global Standard" } else { "Data Zone Standard" }
        )));
        assert_eq!(p.key, Some(rpm_for_tpm(s.tpm, s.ratio)));
        assert!(p.stem.en.contains(s.model));
        let rpm = p.key.unwrap();
        assert_eq!(right(&p).replace(',', ""), format!("{} RPM", rpm.round()), "{}", p.id());
        // The ×60-instead-of-×6 slip is among the options.
        let slip = format!("{} RPM", (rpm * 10.0).round());
        assert!(p.options.iter().any(|o| o.en.replace(',', "") == slip), "{}: {:?}", p.id(), p.options);
    }
}

#[test]
fn binding_limit_keys_and_outcomes() {
    let c = Catalog::builtin();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..SEEDS {
        let p = Problem::generate(Family::BindingLimit, seed, &c);
        let s = BindingShape::for_seed(seed, &c);
        let check = check_limits(s.tpm_allowed, s.ratio, s.requests_per_minute, s.input_tokens + s.output_tokens);
        assert_eq!(p.key, Some(check.tpm_needed));
        assert_eq!(check, s.check());
        let expected = match check.binding {
            Binding::Tpm => "TPM is hit first",
            Binding::Rpm => "RPM is hit first",
            Binding::Neither => "Both have room to spare",
            Binding::Both => "Both TPM and RPM fall short",
        };
        assert_eq!(right(&p), expected, "{}", p.id());
        seen.insert(format!("{:?}", check.binding));
    }
    assert_eq!(seen.len(), 4, "not every outcome is generated: {seen:?}");
}

#[test]
fn tpm_needed_keys() {
    let c = Catalog::builtin();
    for seed in 0..SEEDS {
        let p = Problem::generate(Family::TpmNeeded, seed, &c);
        let s = TrafficShape::for_seed(seed, &c);
        let rpm = if s.per_second { s.arrivals * 60.0 } else { s.arrivals };
        let need = tpm_needed(rpm, s.input_tokens + s.output_tokens);
        assert_eq!(p.key, Some(need));
        assert_eq!(right(&p).replace(',', ""), format!("{need} TPM"));
        // Forgetting the output tokens is among the options.
        let input_only = format!("{} TPM", tpm_needed(rpm, s.input_tokens));
        assert!(p.options.iter().any(|o| o.en.replace(',', "") == input_only), "{}", p.id());
    }
}

#[test]
fn output_cap_keys() {
    let c = Catalog::builtin();
    for seed in 0..SEEDS {
        let p = Problem::generate(Family::OutputCap, seed, &c);
        let s = OutputCapShape::for_seed(seed, &c);
        assert_eq!(s.output_usd_per_million, c.require(Kind::PriceOutput, s.model));
        assert_eq!(s.input_usd_per_million, c.require(Kind::PriceInput, s.model));
        assert!(s.new_output_tokens > 0.0 && s.new_output_tokens < s.old_output_tokens);
        let key = output_cap_saving(s.requests, s.old_output_tokens, s.new_output_tokens, s.output_usd_per_million);
        assert_eq!(p.key, Some(key));
        assert!(right(&p).starts_with('$'), "{}", p.id());
    }
}

#[test]
fn chunk_trim_keys() {
    let c = Catalog::builtin();
    for seed in 0..SEEDS {
        let p = Problem::generate(Family::ChunkTrim, seed, &c);
        let s = ChunkTrimShape::for_seed(seed, &c);
        assert!(s.chunks_after >= 1.0 && s.chunks_after < s.chunks_before);
        let key = chunk_trim_saving(s.requests, s.chunks_before, s.chunks_after, s.tokens_per_chunk, s.input_usd_per_million);
        assert_eq!(p.key, Some(key));
        assert_eq!(s.input_usd_per_million, c.require(Kind::PriceInput, s.model));
    }
}

#[test]
fn worded_families_use_catalog_figures() {
    let mut c = Catalog::builtin();
    c.set_override("output_expires_min_seconds.azure", 7.0 * 86_400.0).unwrap();
    let mut found = false;
    for seed in 0..SEEDS {
        let p = Problem::generate(Family::BatchLifecycle, seed, &c);
        if p.options.iter().any(|o| o.en == "Between 7 and 30 days") {
            assert_eq!(right(&p), "Between 7 and 30 days");
            found = true;
        }
        assert_well_formed(&p);
    }
    assert!(found, "the expiry question never used the overridden figure");
    let default = Catalog::builtin();
    let expiry = (0..SEEDS)
        .map(|s| Problem::generate(Family::BatchLifecycle, s, &default))
        .find(|p| p.stem.en.contains("output-file expiry"))
        .expect("an expiry question");
    assert_eq!(right(&expiry), "Between 14 and 30 days");
}

/// Azure's batch page (articles/foundry/openai/how-to/batch.md @ b59d62b):
/// "We aim to process batch requests within 24 hours; we don't expire the jobs
/// that take longer." The quiz asked about an Azure job and answered "ends as
/// expired", OpenAI's behaviour.
#[test]
fn an_azure_job_past_the_window_runs_on_until_cancelled() {
    let c = Catalog::builtin();
    let window: Vec<Problem> =
        (0..SEEDS).map(|s| Problem::generate(Family::BatchLifecycle, s, &c)).filter(|p| p.stem.en.contains("hours ago")).collect();
    assert!(!window.is_empty(), "no completion-window question in {SEEDS} seeds");
    for p in &window {
        let id = p.id();
        assert!(p.stem.en.contains("Azure") && p.stem.ko.contains("Azure"), "{id}: the question names its vendor: {}", p.stem.en);
        let r = &p.options[p.correct];
        assert!(r.en.contains("keeps running") && !r.en.contains("ends as expired"), "{id}: {}", r.en);
        assert!(r.ko.contains("계속") && !r.ko.contains("expired 상태로 끝나"), "{id}: {}", r.ko);
        assert!(
            p.explanation.en.contains("OpenAI") && p.explanation.ko.contains("OpenAI"),
            "{id}: the explanation says where jobs do expire"
        );
        assert_well_formed(p);
    }
    // OpenAI's behaviour is among the wrong answers drawn.
    assert!(window.iter().any(|p| p.options.iter().enumerate().any(|(i, o)| i != p.correct && o.en.contains("ends as expired"))));
    // A user who overrides the behaviour gets the expiring answer.
    let mut expiring = Catalog::builtin();
    expiring.set_override("expires_after_window.azure", 1.0).unwrap();
    let p = (0..SEEDS).map(|s| Problem::generate(Family::BatchLifecycle, s, &expiring)).find(|p| p.stem.en.contains("hours ago")).unwrap();
    assert!(p.options[p.correct].en.contains("ends as expired"), "{}", p.options[p.correct].en);
}

#[test]
fn quota_increase_is_always_the_slow_remedy() {
    let c = Catalog::builtin();
    for seed in 0..SEEDS {
        let p = Problem::generate(Family::NotImmediate, seed, &c);
        assert_eq!(right(&p), "Request a quota increase");
    }
}

#[test]
fn an_overridden_ratio_changes_the_answer() {
    let mut c = Catalog::builtin();
    let models = ["gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-4.1-mini"];
    // Ratio 5 everywhere: the model figures and every tier row of the models.
    let set_ratio = |c: &mut Catalog, ratio: f64| {
        for m in models {
            c.set_override(&format!("rpm_per_1k_tpm.{m}"), ratio).unwrap();
        }
        for r in batchlane_core::facts::tier_rows().iter().filter(|r| models.contains(&r.model)) {
            let rpm = ratio * r.tpm.unwrap() / 1_000.0 * r.window_seconds / 60.0;
            c.set_override(&format!("tier_rpm.{}", r.subject), rpm).unwrap();
        }
    };
    set_ratio(&mut c, 5.0);
    for seed in 0..20 {
        let p = Problem::generate(Family::TpmToRpm, seed, &c);
        let s = TpmRpmShape::for_seed(seed, &c);
        assert!((p.key.unwrap() - s.tpm / 1_000.0 * 5.0).abs() < 1e-9, "seed {seed}");
    }
    // Even a zero ratio yields four distinct options, not a panic.
    set_ratio(&mut c, 0.0);
    for seed in 0..50 {
        for f in [Family::TpmToRpm, Family::BindingLimit] {
            let p = Problem::generate(f, seed, &c);
            assert!(p.correct < 4);
            for a in 0..4 {
                for b in a + 1..4 {
                    assert_ne!(p.options[a], p.options[b]);
                }
            }
        }
    }
}

/// Issue 17 item 10: Azure's quota is per subscription, region, model and
/// deployment type, so a second deployment in the same region draws on the
/// same pool (what /quota says: another region has its own quota). No
/// practice answer may count it as a remedy that works today.
#[test]
fn a_same_region_deployment_is_never_an_immediate_remedy() {
    let c = Catalog::builtin();
    let mut saw_region = false;
    for seed in 0..SEEDS {
        let p = Problem::generate(Family::NotImmediate, seed, &c);
        for (i, o) in p.options.iter().enumerate() {
            if i == p.correct {
                continue;
            }
            assert!(!o.en.contains("same region") && !o.ko.contains("같은 리전"), "{}: {}", p.id(), o.en);
            saw_region |= o.en.contains("different region");
        }
        if p.options.iter().any(|o| o.en.contains("different region")) {
            assert!(p.explanation.en.contains("same region shares"), "{}: {}", p.id(), p.explanation.en);
        }
    }
    assert!(saw_region);
}

/// Issue 13: the generators read the planner's per-deployment-type ratio
/// (the quota-tier tables for the model × deployment type), never a flat one.
#[test]
fn tpm_rpm_problems_use_the_planners_ratio() {
    use batchlane_core::facts::{DeploymentType, Scope};
    use batchlane_core::quota::{plan, PlanInput};
    let c = Catalog::builtin();
    for seed in 0..SEEDS {
        let s = TpmRpmShape::for_seed(seed, &c);
        let deployment = match s.deployment {
            Scope::Global => DeploymentType::GlobalStandard,
            Scope::DataZone => DeploymentType::DataZoneStandard,
            Scope::Regional => DeploymentType::RegionalStandard,
        };
        let input = PlanInput { model: s.model.into(), deployment, allocated_tpm: s.tpm, ..PlanInput::default() };
        let p = plan(&input, &c).unwrap();
        assert_eq!(s.ratio, p.rpm_per_1k_tpm, "seed {seed}: {} {:?}", s.model, s.deployment);
        assert_eq!(s.answer(), p.limits.unwrap().rpm_allowed, "seed {seed}");
    }
}

#[test]
fn control_plane_problems_take_their_figures_from_the_catalog() {
    let mut c = Catalog::builtin();
    c.set_override("fail_fast_first_backoff_seconds.azure", 9.0).unwrap();
    c.set_override("output_expires_min_seconds.azure", 3.0 * 86_400.0).unwrap();
    let (mut backoff, mut expiry) = (false, false);
    for seed in 0..SEEDS {
        let p = Problem::generate(Family::ControlPlane, seed, &c);
        if p.stem.en.contains("token_limit_exceeded") {
            assert!(right(&p).contains("from 9 s"), "{}", right(&p));
            backoff = true;
        }
        if p.stem.en.contains("expire after") {
            assert!(p.stem.en.contains("after 3–30 days"), "{}", p.stem.en);
            assert!(right(&p).contains("copy output and error files"), "{}", right(&p));
            expiry = true;
        }
    }
    assert!(backoff && expiry, "both scenarios drawn within {SEEDS} seeds");
}

/// Every value an explanation calls a wrong answer is one of the four
/// options shown (an explanation named a slip that was not among them).
#[test]
fn every_wrong_answer_an_explanation_names_is_a_choice() {
    use regex_lite::Regex;
    // (family, how the English and the Korean explanation name a wrong value, the option it must be)
    let named: &[(Family, &str, &str, &str)] = &[
        (Family::TpmToRpm, r"→ ([\d,.]+) RPM", r"→ ([\d,.]+) RPM", " RPM"),
        (Family::TpmNeeded, r"only the input \(([\d,.]+) TPM\)", r"입력만 세어 ([\d,.]+) TPM", " TPM"),
        (Family::OutputCap, r"gives the wrong \$([\d,.]+)", r"([\d,.]+)달러라는 오답", ""),
        (Family::ChunkTrim, r"gives the wrong \$([\d,.]+)", r"([\d,.]+)달러라는 오답", ""),
    ];
    let c = Catalog::builtin();
    for (family, en, ko, unit) in named {
        let (en, ko) = (Regex::new(en).unwrap(), Regex::new(ko).unwrap());
        let mut named_any = 0;
        for seed in 0..2_000 {
            let p = Problem::generate(*family, seed, &c);
            let id = p.id();
            let en_values: Vec<String> = en.captures_iter(&p.explanation.en).map(|m| m[1].trim_end_matches('.').to_string()).collect();
            let ko_values: Vec<String> = ko.captures_iter(&p.explanation.ko).map(|m| m[1].trim_end_matches('.').to_string()).collect();
            assert_eq!(en_values, ko_values, "{id}: the languages name different wrong values");
            for v in en_values {
                named_any += 1;
                let shown = p.options.iter().any(|o| {
                    if unit.is_empty() {
                        o.en == format!("${v}") && o.ko == format!("{v}달러")
                    } else {
                        o.en == format!("{v}{unit}")
                    }
                });
                assert!(
                    shown,
                    "{id}: the explanation calls {v}{unit} wrong, but the choices are {:?}\n{}",
                    p.options.iter().map(|o| &o.en).collect::<Vec<_>>(),
                    p.explanation.en
                );
            }
        }
        assert!(named_any > 0, "{family:?}: no wrong value found in the explanations");
    }
}

/// Choosing a lane: each scenario's right option is the lane the chooser
/// (`lanes::choose_lanes`) marks cheapest, its figures follow the catalog
/// (the batch and Flex discounts), and every scenario is drawn.
#[test]
fn lane_choice_agrees_with_the_chooser_and_the_catalog() {
    let mut c = Catalog::builtin();
    c.set_override("flex_price_factor.any", 0.4).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..SEEDS {
        let p = Problem::generate(Family::LaneChoice, seed, &c);
        let r = right(&p);
        let stem = &p.stem.en;
        let scenario = if stem.contains("gpt-4o-mini") {
            assert!(r.starts_with("Global Batch"), "{r}");
            "batch"
        } else if stem.contains("gpt-5.5") {
            assert!(r.starts_with("Global Standard") && r.contains("does not list gpt-5.5"), "{r}");
            "no-batch"
        } else if stem.contains("gpt-5.6-sol") {
            assert!(r.starts_with("Flex processing"), "{r}");
            assert!(p.explanation.en.contains("60% off"), "the Flex discount follows the catalog: {}", p.explanation.en);
            "flex"
        } else {
            assert!(stem.contains("gpt-5.4") && r.starts_with("Data Zone Standard"), "{stem} → {r}");
            "eu"
        };
        seen.insert(scenario);
        assert_eq!(p.options.len(), 4);
        assert!(!p.explanation.ko.is_empty());
    }
    assert_eq!(seen.len(), 4, "every scenario drawn within {SEEDS} seeds: {seen:?}");
}
