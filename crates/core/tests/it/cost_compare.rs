//! End to end: a baseline against what-if scenarios, with the study note's
//! worked examples.

use batchlane_core::cost::{
    attribute, chunk_trim_saving, evaluate, CompareError, Comparison, CostConfig, Knob, Period, Slot, Workload, MAX_SCENARIOS,
};
use batchlane_core::facts::Catalog;
use batchlane_core::facts::Scope;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The note's assumed prices: $3 input, $12 output per 1M tokens.
fn problem_5_catalog(input_price: f64) -> Catalog {
    let mut c = Catalog::builtin();
    c.set_override("price_input.gpt-4o", input_price).unwrap();
    c.set_override("price_output.gpt-4o", 12.0).unwrap();
    c
}

fn problem_5_baseline() -> Workload {
    Workload {
        requests: 1_000_000.0,
        per: Period::Month,
        system_tokens: 1_000.0,
        user_tokens: 0.0,
        chunks: 0.0,
        output_tokens: 500.0,
        ..Workload::default()
    }
}

#[test]
fn practice_problem_5_capping_output_saves_2400_dollars() {
    for input_price in [3.0, 0.0, 100.0] {
        let catalog = problem_5_catalog(input_price);
        let mut cmp = Comparison::new(problem_5_baseline());
        let i = cmp.duplicate(Slot::Baseline, "max_tokens 300".into()).unwrap();
        cmp.scenarios[i].workload.max_tokens = Some(300.0);
        let r = evaluate(&cmp, &catalog).unwrap();
        let s = &r.scenarios[0];
        assert!(close(s.saving_per_month, 2_400.0), "input price {input_price}: {}", s.saving_per_month);
        let cap = s.knobs.iter().find(|k| k.knob == Knob::OutputCap).unwrap();
        assert!(close(cap.per_month.total, 2_400.0) && close(cap.per_month.output, 2_400.0));
        assert_eq!(cap.per_month.input, 0.0, "input price plays no part");
        assert!(s.knobs.iter().filter(|k| k.knob != Knob::OutputCap).all(|k| !k.changed && k.per_month.total == 0.0));
        assert!(!s.quality_unverified);
    }
}

#[test]
fn eight_to_four_chunks_roughly_halves_the_prompt_and_flags_quality() {
    let catalog = Catalog::builtin();
    let base = Workload { system_tokens: 150.0, user_tokens: 50.0, chunks: 8.0, tokens_per_chunk: 500.0, ..Workload::default() };
    let mut cmp = Comparison::new(base.clone());
    cmp.duplicate(Slot::Baseline, "k = 4".into()).unwrap();
    cmp.scenarios[0].workload.chunks = 4.0;
    cmp.duplicate(Slot::Scenario(0), "k = 4, measured".into()).unwrap();
    cmp.scenarios[1].workload.relevance_measured = true;
    let r = evaluate(&cmp, &catalog).unwrap();
    let (before, after) = (r.baseline.tokens.prompt, r.scenarios[0].cost.tokens.prompt);
    assert_eq!((before, after), (4_200.0, 2_200.0));
    assert!((after / before - 0.5).abs() < 0.05);
    // Saving: 10,000 requests a day × 365/12 days (the calendar's average
    // month) × 4 × 500 tokens at $2.50.
    let expected = chunk_trim_saving(10_000.0 * 365.0 / 12.0, 8.0, 4.0, 500.0, 2.5);
    assert!(close(r.scenarios[0].saving_per_month, expected), "{}", r.scenarios[0].saving_per_month);
    let chunks = &r.scenarios[0].knobs[2];
    assert_eq!(chunks.knob, Knob::RetrievalChunks);
    assert!(chunks.changed && close(chunks.per_month.input, expected));
    assert!(r.scenarios[0].quality_unverified);
    assert!(!r.scenarios[1].quality_unverified);
}

fn everything_changed() -> Workload {
    Workload {
        requests: 9_000_000.0,
        per: Period::Month,
        model: "gpt-4.1".into(),
        deployment: Scope::DataZone,
        system_tokens: 2_500.0,
        user_tokens: 150.0,
        chunks: 5.0,
        tokens_per_chunk: 400.0,
        output_tokens: 700.0,
        max_tokens: Some(450.0),
        cacheable_share: 0.8,
        batch_share: 0.4,
        relevance_measured: true,
    }
}

#[test]
fn knob_savings_add_up_to_the_total_difference() {
    let catalog = Catalog::builtin();
    let config = CostConfig::default();
    let base = Workload { system_tokens: 1_300.0, cacheable_share: 0.3, ..Workload::default() };
    let scenario = everything_changed();
    let knobs = attribute(&base, &scenario, &catalog, &config).unwrap();
    assert_eq!(knobs.iter().map(|k| k.knob).collect::<Vec<_>>(), Knob::ORDER.to_vec());
    assert!(knobs.iter().all(|k| k.changed));
    let mut cmp = Comparison::new(base);
    cmp.scenarios.push(batchlane_core::cost::Scenario { name: "all".into(), workload: scenario });
    let r = evaluate(&cmp, &catalog).unwrap();
    let s = &r.scenarios[0];
    let sum = |f: &dyn Fn(&batchlane_core::cost::KnobSaving) -> f64| knobs.iter().map(f).sum::<f64>();
    assert!(close(sum(&|k| k.per_month.total), s.saving_per_month));
    assert!(close(sum(&|k| k.per_year.total), s.saving_per_year));
    assert!(close(sum(&|k| k.per_month.output), r.baseline.per_month.output - s.cost.per_month.output));
    assert!(close(sum(&|k| k.per_month.cached_input), r.baseline.per_month.cached_input - s.cost.per_month.cached_input));
    // Volume is switched last, so per-request savings need no volume knob.
    assert!(close(sum(&|k| k.per_request.total), s.saving_per_request));
    assert_eq!(knobs[6].per_request.total, 0.0);
    for k in &knobs {
        assert_eq!(k.per_month.total, k.per_month.input + k.per_month.cached_input + k.per_month.output);
    }
}

#[test]
fn attribution_sums_hold_for_many_mixes() {
    // Each scenario takes a different subset of the changed knobs.
    let catalog = Catalog::builtin();
    let config = CostConfig { days_per_month: 31.0, region: None };
    let base = Workload { batch_share: 0.1, ..Workload::default() };
    let target = everything_changed();
    for mask in 0u32..(1 << 7) {
        let mut s = base.clone();
        for (bit, knob) in Knob::ORDER.iter().enumerate() {
            if mask & (1 << bit) != 0 {
                s = apply(*knob, s, &target);
            }
        }
        let knobs = attribute(&base, &s, &catalog, &config).unwrap();
        let total: f64 = knobs.iter().map(|k| k.per_month.total).sum();
        let mut cmp = Comparison::new(base.clone());
        cmp.config = config.clone();
        cmp.scenarios.push(batchlane_core::cost::Scenario { name: String::new(), workload: s });
        let r = evaluate(&cmp, &catalog).unwrap();
        assert!(close(total, r.scenarios[0].saving_per_month), "mask {mask:b}");
        for k in &knobs {
            assert_eq!(k.changed, mask & (1 << Knob::ORDER.iter().position(|o| *o == k.knob).unwrap()) != 0, "mask {mask:b}");
        }
    }
}

fn apply(knob: Knob, mut w: Workload, from: &Workload) -> Workload {
    match knob {
        Knob::ModelDeployment => (w.model, w.deployment) = (from.model.clone(), from.deployment),
        Knob::OutputCap => (w.output_tokens, w.max_tokens) = (from.output_tokens, from.max_tokens),
        Knob::RetrievalChunks => (w.chunks, w.tokens_per_chunk) = (from.chunks, from.tokens_per_chunk),
        Knob::PromptTokens => (w.system_tokens, w.user_tokens) = (from.system_tokens, from.user_tokens),
        Knob::Caching => w.cacheable_share = from.cacheable_share,
        Knob::Batch => w.batch_share = from.batch_share,
        Knob::Volume => (w.requests, w.per) = (from.requests, from.per),
    }
    w
}

#[test]
fn scenarios_are_limited_and_errors_name_their_slot() {
    let mut cmp = Comparison::new(Workload::default());
    for _ in 0..MAX_SCENARIOS {
        cmp.duplicate(Slot::Baseline, String::new()).unwrap();
    }
    assert_eq!(cmp.duplicate(Slot::Baseline, String::new()), Err(CompareError::TooManyScenarios));
    assert_eq!(cmp.remove(9), Err(CompareError::NoSuchScenario(9)));
    cmp.scenarios[2].workload.output_tokens = -5.0;
    let errors = evaluate(&cmp, &Catalog::builtin()).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].slot, Slot::Scenario(2));
}
