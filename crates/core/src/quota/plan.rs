//! The planner: from a [`PlanInput`] to every figure of the issue, each
//! with the arithmetic as structured [`Step`]s (rendered in words by
//! [`explain_en`](super::explain_en) / [`explain_ko`](super::explain_ko), or by the UI itself).

use super::input::PlanInput;
use super::validate::{Field, FieldError, Problem};
use super::ways::RankedWay;
use crate::facts::DeploymentType;

use super::sizing::{check_limits, rpm_for_tpm, Binding, LimitCheck};
use super::tier::{self, RatioSource};
use super::verdict::{Unit, Verdict};
use super::{ptu, ways};
use crate::facts::{Catalog, Kind, TierLimit};
use serde::{Deserialize, Serialize};

/// One piece of arithmetic, with its numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// tpm ÷ 1,000 × ratio = rpm.
    RpmFromTpm {
        tpm: f64,
        ratio: f64,
        rpm: f64,
    },
    /// prompt + output × n = tokens billed per request.
    BilledPerRequest {
        prompt: f64,
        output: f64,
        n: f64,
        tokens: f64,
    },
    /// prompt + max_tokens × n = the limiter's estimate per request;
    /// `unset`: max_tokens was not given and the model maximum is reserved.
    AdmissionPerRequest {
        prompt: f64,
        max_tokens: f64,
        unset: bool,
        n: f64,
        tokens: f64,
    },
    /// Per minute at the peak: requests × tokens, billed and admitted.
    TokensPerMinute {
        rpm: f64,
        billed_per_request: f64,
        billed_tpm: f64,
        admission_per_request: f64,
        admission_tpm: f64,
    },
    /// Quota the limiter holds beyond what is billed, and what that costs
    /// in requests per minute the allocation admits.
    QuotaLost {
        lost_tpm: f64,
        lost_share: f64,
        allocated_tpm: f64,
        rpm_admitted: f64,
        rpm_if_tight: f64,
    },
    TpmHeadroom {
        needed: f64,
        allowed: f64,
        headroom: f64,
    },
    RpmHeadroom {
        needed: f64,
        allowed: f64,
        headroom: f64,
    },
    Binds {
        binding: Binding,
    },
    /// Within `seconds`: the cap (rpm × seconds ÷ 60) against the peak
    /// sped up by the burst factor.
    ShortWindow {
        seconds: f64,
        cap_requests: f64,
        burst_requests: f64,
        cap_tokens: f64,
        burst_tokens: f64,
        burst: f64,
        ok: bool,
        minute_ok: bool,
    },
    /// The TPM that carries the burst in tokens and in requests, times the
    /// headroom to keep (`margin`), rounded up to the step.
    TpmToRequest {
        for_tokens: f64,
        for_requests: f64,
        margin: f64,
        step: f64,
        tpm: f64,
    },
    /// The vendor enforces the request limit per `seconds` (< 60): a burst
    /// limit. `per_window` requests per window = `per_minute` per minute.
    EnforcedWindow {
        seconds: f64,
        per_window: f64,
        per_minute: f64,
    },
    /// Provisioned: input-equivalent TPM needed at the peak against the PTUs'.
    PtuUtilization {
        ptus: f64,
        tpm_per_ptu: f64,
        capacity_tpm: f64,
        needed_tpm: f64,
        utilization: f64,
    },
}

/// A short-window check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WindowCheck {
    pub seconds: f64,
    pub cap_requests: f64,
    pub burst_requests: f64,
    pub cap_tokens: f64,
    pub burst_tokens: f64,
    pub ok: bool,
}

/// Everything the planner works out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// The catalog's name of the model.
    pub model: String,
    pub deployment: DeploymentType,
    pub rpm_per_1k_tpm: f64,
    /// Where the ratio comes from (typed, the tier tables, the model's fact).
    pub ratio_source: RatioSource,
    /// The window the vendor enforces the request limit over (60, or 10
    /// where the tables write "N / 10s").
    pub rpm_window_seconds: f64,
    /// The chosen quota tier's row (Standard types, a tier chosen).
    pub tier: Option<TierLimit>,
    /// What the next tier with a documented row would give.
    pub next_tier: Option<TierLimit>,
    /// The max_tokens the limiter counts (the model maximum when unset).
    pub max_tokens_counted: f64,
    pub max_tokens_unset: bool,
    pub billed_per_request: f64,
    pub admission_per_request: f64,
    pub billed_tpm: f64,
    pub admission_tpm: f64,
    /// admission_tpm − billed_tpm at the peak.
    pub quota_lost_tpm: f64,
    /// Standard types: TPM/RPM against the peak (the limiter's estimate).
    pub limits: Option<LimitCheck>,
    /// Provisioned types: PTU utilization at the peak (1 = full).
    pub ptu_utilization: Option<f64>,
    /// 1 s and 10 s checks (Standard types).
    pub windows: Vec<WindowCheck>,
    /// TPM to ask for (Standard): covers the burst, rounded to the step.
    pub tpm_to_request: f64,
    /// Whether the current allocation falls short anywhere.
    pub short: bool,
    /// Fits with the catalog's headroom target, tight, or short; with the
    /// TPM (Standard) or PTUs (Provisioned) to add.
    pub verdict: Verdict,
    /// The quota per minute in the units the limiter counts: the TPM
    /// (Standard) or the PTUs' input-equivalent TPM (Provisioned).
    pub capacity_tpm: f64,
    /// One request in those units: prompt + max_tokens × n (Standard), or
    /// the PTU-weighted tokens (Provisioned).
    pub counted_per_request: f64,
    /// The four ways to raise throughput, best first.
    pub ways: Vec<RankedWay>,
    pub steps: Vec<Step>,
}

/// Runs the planner. Refuses invalid input with every field's reason.
pub fn plan(input: &PlanInput, catalog: &Catalog) -> Result<Plan, Vec<FieldError>> {
    input.validate(catalog)?;
    let model = super::planner_model(catalog, &input.model).unwrap_or_default();
    let model = model.as_str();
    let (ratio, ratio_source) = tier::ratio(input, catalog, model);
    let rpm_window_seconds = tier::rpm_window_seconds(catalog, model, input.deployment.tier_scope(), input.tier);
    let (tier_row, next_tier) = tier::tier_and_next(catalog, model, input);
    let (max_counted, unset) = match input.max_tokens {
        Some(m) => (m, false),
        None => (catalog.get(Kind::MaxOutputTokens, model).unwrap_or_default(), true),
    };
    let n = f64::from(input.n);
    let billed = input.prompt_tokens + input.output_tokens * n;
    let admission = input.prompt_tokens + max_counted * n;
    let billed_tpm = input.peak_rpm * billed;
    let admission_tpm = input.peak_rpm * admission;
    let burst = input.burst_factor;
    let mut steps = vec![
        Step::BilledPerRequest { prompt: input.prompt_tokens, output: input.output_tokens, n, tokens: billed },
        Step::AdmissionPerRequest { prompt: input.prompt_tokens, max_tokens: max_counted, unset, n, tokens: admission },
        Step::TokensPerMinute {
            rpm: input.peak_rpm,
            billed_per_request: billed,
            billed_tpm,
            admission_per_request: admission,
            admission_tpm,
        },
    ];
    let mut limits = None;
    let mut ptu_utilization = None;
    let mut windows = Vec::new();
    let mut tpm_to_request = 0.0;
    let target = catalog.require(Kind::HeadroomTarget, "any");
    let short;
    let verdict;
    let capacity_tpm;
    let mut counted_per_request = admission;
    if input.deployment.is_provisioned() {
        let sizing = ptu::ptus_needed(&ptu::PtuInput { output_tokens: max_counted, ..ptu::PtuInput::from(input) }, catalog)
            .map_err(|_| vec![FieldError::new(Field::Deployment, "", Problem::NoPtuFactsForModel)])?;
        let capacity = input.allocated_ptu * sizing.input_tpm_per_ptu;
        // No PTUs against a peak that needs some: "infinitely" over, never 0%.
        let utilization = if capacity > 0.0 { sizing.weighted_tpm / capacity } else { f64::INFINITY };
        short = capacity <= 0.0 || sizing.weighted_tpm > capacity;
        let headroom = if sizing.weighted_tpm > 0.0 { capacity / sizing.weighted_tpm } else { f64::INFINITY };
        let with_margin = ptu::round_ptus(sizing.exact_ptus * target, sizing.min_ptus, sizing.step_ptus);
        verdict = Verdict::judge(Unit::Ptu, input.allocated_ptu, finite(headroom), target, with_margin, short);
        capacity_tpm = capacity;
        counted_per_request = sizing.weighted_tokens_per_request;
        steps.push(Step::PtuUtilization {
            ptus: input.allocated_ptu,
            tpm_per_ptu: sizing.input_tpm_per_ptu,
            capacity_tpm: capacity,
            needed_tpm: sizing.weighted_tpm,
            utilization: finite(utilization),
        });
        ptu_utilization = Some(finite(utilization));
    } else {
        let rpm = rpm_for_tpm(input.allocated_tpm, ratio);
        let check = check_limits(input.allocated_tpm, ratio, input.peak_rpm, admission);
        steps.insert(0, Step::RpmFromTpm { tpm: input.allocated_tpm, ratio, rpm });
        let rpm_admitted = input.allocated_tpm / admission;
        let rpm_if_tight = input.allocated_tpm / billed;
        steps.push(Step::QuotaLost {
            lost_tpm: admission_tpm - billed_tpm,
            lost_share: if admission > 0.0 { (admission - billed) / admission } else { 0.0 },
            allocated_tpm: input.allocated_tpm,
            rpm_admitted: finite(rpm_admitted),
            rpm_if_tight: finite(rpm_if_tight),
        });
        steps.push(Step::TpmHeadroom { needed: check.tpm_needed, allowed: check.tpm_allowed, headroom: finite(check.tpm_headroom()) });
        steps.push(Step::RpmHeadroom { needed: check.rpm_needed, allowed: check.rpm_allowed, headroom: finite(check.rpm_headroom()) });
        steps.push(Step::Binds { binding: check.binding });
        if rpm_window_seconds < 60.0 {
            steps.push(Step::EnforcedWindow { seconds: rpm_window_seconds, per_window: rpm * rpm_window_seconds / 60.0, per_minute: rpm });
        }
        let mut seconds_list = vec![catalog.require(Kind::ShortWindowSecondsMin, "any"), catalog.require(Kind::ShortWindowSeconds, "any")];
        if rpm_window_seconds < 60.0 && !seconds_list.contains(&rpm_window_seconds) {
            seconds_list.push(rpm_window_seconds);
        }
        for seconds in seconds_list {
            let w = window_check(seconds, input.allocated_tpm, rpm, input.peak_rpm, admission, burst);
            steps.push(Step::ShortWindow {
                seconds,
                cap_requests: w.cap_requests,
                burst_requests: w.burst_requests,
                cap_tokens: w.cap_tokens,
                burst_tokens: w.burst_tokens,
                burst,
                ok: w.ok,
                minute_ok: check.binding == Binding::Neither,
            });
            windows.push(w);
        }
        // Quota is granted in the model's units of capacity (o1's is 6,000 TPM).
        let step = catalog.get(Kind::TpmStep, model).unwrap_or_else(|| catalog.require(Kind::TpmStep, "any"));
        let for_tokens = admission_tpm * burst;
        let for_requests = if ratio > 0.0 { input.peak_rpm * burst / ratio * 1_000.0 } else { 0.0 };
        // The larger need with the headroom to keep, so that a plan at its
        // limit is told what to add (never "+0").
        tpm_to_request = round_up(for_tokens.max(for_requests) * target, step);
        steps.push(Step::TpmToRequest { for_tokens, for_requests, margin: target, step, tpm: tpm_to_request });
        short = check.binding != Binding::Neither || windows.iter().any(|w| !w.ok);
        let headroom = finite(check.tpm_headroom()).min(finite(check.rpm_headroom()));
        verdict = Verdict::judge(Unit::Tpm, input.allocated_tpm, headroom, target, tpm_to_request, short);
        capacity_tpm = input.allocated_tpm;
        limits = Some(check);
    }
    let ways = ways::rank(
        input,
        catalog,
        &ways::Need { model, admission_tpm, tpm_to_request, rpm_allowed: limits.as_ref().map_or(0.0, |l| l.rpm_allowed) },
    );
    Ok(Plan {
        model: model.to_string(),
        deployment: input.deployment,
        rpm_per_1k_tpm: ratio,
        ratio_source,
        rpm_window_seconds,
        tier: tier_row,
        next_tier,
        max_tokens_counted: max_counted,
        max_tokens_unset: unset,
        billed_per_request: billed,
        admission_per_request: admission,
        billed_tpm,
        admission_tpm,
        quota_lost_tpm: admission_tpm - billed_tpm,
        limits,
        ptu_utilization,
        windows,
        tpm_to_request,
        short,
        verdict,
        capacity_tpm,
        counted_per_request,
        ways,
        steps,
    })
}

fn finite(x: f64) -> f64 {
    if x.is_finite() {
        x
    } else {
        0.0
    }
}

/// `x` rounded up to a multiple of `step`.
pub fn round_up(x: f64, step: f64) -> f64 {
    if step > 0.0 {
        (x / step).ceil() * step
    } else {
        x
    }
}

/// Caps over `seconds` against the peak sped up by `burst`.
pub fn window_check(seconds: f64, tpm: f64, rpm: f64, peak_rpm: f64, tokens_per_request: f64, burst: f64) -> WindowCheck {
    let share = seconds / 60.0;
    let cap_requests = rpm * share;
    let cap_tokens = tpm * share;
    let burst_requests = peak_rpm * burst * share;
    let burst_tokens = burst_requests * tokens_per_request;
    let ok = burst_requests <= cap_requests + 1e-9 && burst_tokens <= cap_tokens + 1e-9;
    WindowCheck { seconds, cap_requests, burst_requests, cap_tokens, burst_tokens, ok }
}
