//! Provisioned throughput: how many PTUs a traffic shape needs, what they
//! cost by the hour or reserved, and where they beat pay-as-you-go.

use super::input::PlanInput;

use crate::cost::{ptu_prices, token_prices, PriceError, PriceOverride, PtuPrices, MINUTES_PER_MONTH};
use crate::facts::Catalog;
use crate::facts::Kind;
use crate::facts::Scope;
use serde::{Deserialize, Serialize};

/// The traffic a PTU deployment must carry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PtuInput {
    pub model: String,
    pub scope: Scope,
    pub peak_rpm: f64,
    pub average_rpm: f64,
    pub prompt_tokens: f64,
    pub cached_prompt_tokens: f64,
    pub output_tokens: f64,
    pub n: u32,
    /// The Azure region whose Regional prices apply (`None` = not chosen).
    #[serde(default)]
    pub region: Option<String>,
}

impl From<&PlanInput> for PtuInput {
    fn from(p: &PlanInput) -> Self {
        PtuInput {
            model: p.model.clone(),
            scope: p.deployment.scope(),
            peak_rpm: p.peak_rpm,
            average_rpm: p.average_rpm,
            prompt_tokens: p.prompt_tokens,
            cached_prompt_tokens: p.cached_prompt_tokens,
            output_tokens: p.output_tokens,
            n: p.n,
            region: p.region.clone(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PtuError {
    UnknownModel(String),
    /// The catalog has no PTU figures (`input_tpm_per_ptu`, …) for the model.
    NoPtuFacts(String),
    /// No token prices for the model.
    NoPrices(String),
}

impl std::fmt::Display for PtuError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PtuError::UnknownModel(m) => write!(f, "no catalog model is called {m}"),
            PtuError::NoPtuFacts(m) => write!(f, "the catalog has no PTU figures for {m}"),
            PtuError::NoPrices(m) => write!(f, "the catalog has no token prices for {m}"),
        }
    }
}

impl std::error::Error for PtuError {}

/// How many PTUs, worked out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PtuSizing {
    pub model: String,
    pub input_tpm_per_ptu: f64,
    /// One output token weighs this many input tokens.
    pub output_weight: f64,
    /// (prompt − cached) + output × n × weight.
    pub weighted_tokens_per_request: f64,
    /// Peak requests/min × weighted tokens per request.
    pub weighted_tpm: f64,
    /// weighted_tpm ÷ input_tpm_per_ptu, before rounding.
    pub exact_ptus: f64,
    pub min_ptus: f64,
    pub step_ptus: f64,
    /// Rounded up to the step, at least the minimum.
    pub ptus: f64,
    /// Input-equivalent TPM the rounded PTUs carry.
    pub capacity_tpm: f64,
    /// Deployments needed when the PTUs exceed the per-deployment maximum.
    pub deployments: f64,
}

fn model_name(catalog: &Catalog, name: &str) -> Result<String, PtuError> {
    super::planner_model(catalog, name).ok_or_else(|| PtuError::UnknownModel(name.to_string()))
}

/// PTU minimum and step for a scope (Data Zone shares Global's).
pub fn ptu_min_step(catalog: &Catalog, model: &str, scope: Scope) -> Option<(f64, f64)> {
    let (min, step) = match scope {
        Scope::Global | Scope::DataZone => (Kind::PtuMinGlobal, Kind::PtuStepGlobal),
        Scope::Regional => (Kind::PtuMinRegional, Kind::PtuStepRegional),
    };
    Some((catalog.get(min, model)?, catalog.get(step, model)?))
}

/// Rounds `exact` up to the step, at least the minimum.
pub fn round_ptus(exact: f64, min: f64, step: f64) -> f64 {
    let stepped = if step > 0.0 { (exact / step).ceil() * step } else { exact.ceil() };
    stepped.max(min)
}

/// PTUs for the peak of `input`.
pub fn ptus_needed(input: &PtuInput, catalog: &Catalog) -> Result<PtuSizing, PtuError> {
    size_for_peak(input, catalog, input.peak_rpm)
}

fn size_for_peak(input: &PtuInput, catalog: &Catalog, peak_rpm: f64) -> Result<PtuSizing, PtuError> {
    let model = model_name(catalog, &input.model)?;
    let model = model.as_str();
    let missing = || PtuError::NoPtuFacts(model.to_string());
    let per_ptu = catalog.get(Kind::InputTpmPerPtu, model).filter(|v| *v > 0.0).ok_or_else(missing)?;
    let weight = catalog.get(Kind::PtuOutputWeight, model).ok_or_else(missing)?;
    let (min, step) = ptu_min_step(catalog, model, input.scope).ok_or_else(missing)?;
    let max_per_deployment = catalog.require(Kind::PtuMaxPerDeployment, "any");
    let weighted = (input.prompt_tokens - input.cached_prompt_tokens).max(0.0) + input.output_tokens * f64::from(input.n) * weight;
    let weighted_tpm = peak_rpm * weighted;
    let exact = weighted_tpm / per_ptu;
    let ptus = round_ptus(exact, min, step);
    let deployments = if max_per_deployment > 0.0 { (ptus / max_per_deployment).ceil().max(1.0) } else { 1.0 };
    Ok(PtuSizing {
        model: model.to_string(),
        input_tpm_per_ptu: per_ptu,
        output_weight: weight,
        weighted_tokens_per_request: weighted,
        weighted_tpm,
        exact_ptus: exact,
        min_ptus: min,
        step_ptus: step,
        ptus,
        capacity_tpm: ptus * per_ptu,
        deployments,
    })
}

/// Pay-as-you-go dollars for one request of `input`'s shape, in its region.
pub fn payg_cost_per_request(input: &PtuInput, catalog: &Catalog) -> Result<f64, PtuError> {
    let (_, prices) =
        token_prices(&input.model, input.scope, input.region.as_deref(), &PriceOverride::default(), catalog).map_err(|e| match e {
            PriceError::UnknownModel(m) => PtuError::UnknownModel(m),
            PriceError::NoPrice { model, .. } | PriceError::BadOverride(model) => PtuError::NoPrices(model),
        })?;
    Ok(prices.usd(input.prompt_tokens, input.cached_prompt_tokens, input.output_tokens * f64::from(input.n)))
}

/// PTU against pay-as-you-go for the same traffic, per month.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PtuComparison {
    pub sizing: PtuSizing,
    pub prices: PtuPrices,
    /// Average requests/min × minutes in a month.
    pub requests_per_month: f64,
    pub payg_per_request: f64,
    pub payg_monthly: f64,
    /// By the hour, 1-month reservation, 1-year reservation.
    pub ptu_monthly: [f64; 3],
    /// Average weighted TPM ÷ the PTUs' capacity.
    pub utilization: f64,
    /// Utilization at which each PTU option costs what pay-as-you-go does
    /// (above 1: pay-as-you-go always cheaper).
    pub break_even_utilization: [f64; 3],
}

pub fn compare(input: &PtuInput, catalog: &Catalog) -> Result<PtuComparison, PtuError> {
    let sizing = ptus_needed(input, catalog)?;
    let prices = ptu_prices(input.scope, input.region.as_deref(), catalog);
    let per_request = payg_cost_per_request(input, catalog)?;
    let requests_per_month = input.average_rpm * MINUTES_PER_MONTH;
    let ptu_monthly = prices.monthly(sizing.ptus);
    let avg_weighted_tpm = input.average_rpm * sizing.weighted_tokens_per_request;
    let utilization = avg_weighted_tpm / sizing.capacity_tpm;
    // Pay-as-you-go cost of the traffic that fills the PTUs every minute.
    let full_requests = if sizing.weighted_tokens_per_request > 0.0 {
        sizing.capacity_tpm / sizing.weighted_tokens_per_request * MINUTES_PER_MONTH
    } else {
        0.0
    };
    let payg_full = full_requests * per_request;
    let break_even = ptu_monthly.map(|c| if payg_full > 0.0 { c / payg_full } else { f64::INFINITY });
    Ok(PtuComparison {
        sizing,
        prices,
        requests_per_month,
        payg_per_request: per_request,
        payg_monthly: requests_per_month * per_request,
        ptu_monthly,
        utilization,
        break_even_utilization: break_even,
    })
}

/// One point of the cost chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CostPoint {
    pub requests_per_month: f64,
    pub payg: f64,
    pub ptus: f64,
    /// By the hour, 1-month reservation, 1-year reservation.
    pub ptu: [f64; 3],
}

/// Cost against monthly volume, `points` points from zero to twice the
/// larger of this traffic and what the minimum PTUs carry. Volume keeps the
/// input's peak-to-average ratio.
pub fn cost_series(input: &PtuInput, catalog: &Catalog, points: usize) -> Result<Vec<CostPoint>, PtuError> {
    let base = ptus_needed(input, catalog)?;
    let per_request = payg_cost_per_request(input, catalog)?;
    let prices = ptu_prices(input.scope, input.region.as_deref(), catalog);
    let peak_ratio = if input.average_rpm > 0.0 { input.peak_rpm / input.average_rpm } else { 1.0 };
    let min_volume = if base.weighted_tokens_per_request > 0.0 {
        base.min_ptus * base.input_tpm_per_ptu / base.weighted_tokens_per_request / peak_ratio * MINUTES_PER_MONTH
    } else {
        0.0
    };
    let top = 2.0 * (input.average_rpm * MINUTES_PER_MONTH).max(min_volume);
    let points = points.clamp(2, 2_000);
    let mut out = Vec::with_capacity(points);
    for i in 0..points {
        let volume = top * i as f64 / (points - 1) as f64;
        let peak = volume / MINUTES_PER_MONTH * peak_ratio;
        let sized = size_for_peak(input, catalog, peak)?;
        out.push(CostPoint { requests_per_month: volume, payg: volume * per_request, ptus: sized.ptus, ptu: prices.monthly(sized.ptus) });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> PtuInput {
        PtuInput {
            model: "gpt-4o".into(),
            scope: Scope::Global,
            peak_rpm: 50.0,
            average_rpm: 25.0,
            prompt_tokens: 1_600.0,
            cached_prompt_tokens: 0.0,
            output_tokens: 400.0,
            n: 1,
            region: None,
        }
    }

    #[test]
    fn sizing_weights_output_and_rounds_to_step() {
        let c = Catalog::builtin();
        let s = ptus_needed(&input(), &c).unwrap();
        // Output weight 4 (sizing page, 2026-05-22):
        // (1,600 + 400 × 4) × 50 = 160,000 input-equivalent TPM ÷ 2,500 = 64 → 65 PTU.
        assert_eq!(s.weighted_tpm, 160_000.0);
        assert_eq!(s.exact_ptus, 64.0);
        assert_eq!(s.ptus, 65.0);
        let regional = PtuInput { scope: Scope::Regional, ..input() };
        assert_eq!(ptus_needed(&regional, &c).unwrap().ptus, 100.0);
        let small = PtuInput { peak_rpm: 1.0, ..input() };
        assert_eq!(ptus_needed(&small, &c).unwrap().ptus, 15.0);
        // Cached tokens are deducted in full: 1,000 of 1,600 cached.
        let cached = PtuInput { cached_prompt_tokens: 1_000.0, ..input() };
        assert_eq!(ptus_needed(&cached, &c).unwrap().weighted_tpm, 110_000.0);
    }

    #[test]
    fn costs_and_break_even() {
        let c = Catalog::builtin();
        let cmp = compare(&input(), &c).unwrap();
        assert_eq!(cmp.ptu_monthly, [65.0 * 730.0, 65.0 * 260.0, 65.0 * 221.0]);
        // 1,600 × $2.50 + 400 × $10 per 1M = $0.008 per request.
        assert!((cmp.payg_per_request - 0.008).abs() < 1e-12);
        assert!((cmp.payg_monthly - 25.0 * 43_800.0 * 0.008).abs() < 1e-6);
        // Full: 162,500 ÷ 3,200 requests/min × 43,800 min × $0.008.
        let full = 162_500.0 / 3_200.0 * 43_800.0 * 0.008;
        assert!((cmp.break_even_utilization[2] - 65.0 * 221.0 / full).abs() < 1e-9);
        assert!(cmp.break_even_utilization[0] > cmp.break_even_utilization[1]);
        let dz = compare(&PtuInput { scope: Scope::DataZone, ..input() }, &c).unwrap();
        assert!((dz.payg_per_request - 0.008 * 1.1).abs() < 1e-12);
        // Data Zone PTUs at Data Zone's own prices, over the one 730-hour month.
        let hourly = c.get(Kind::PtuPriceHourly, "datazone").unwrap();
        assert!((dz.ptu_monthly[0] - dz.sizing.ptus * hourly * 730.0).abs() < 1e-9, "{:?}", dz.ptu_monthly);
    }

    #[test]
    fn series_is_monotonic_and_starts_at_zero() {
        let pts = cost_series(&input(), &Catalog::builtin(), 40).unwrap();
        assert_eq!(pts.len(), 40);
        assert_eq!(pts[0].payg, 0.0);
        assert_eq!(pts[0].ptus, 15.0);
        assert!(pts.windows(2).all(|w| w[1].payg >= w[0].payg && w[1].ptus >= w[0].ptus));
    }

    #[test]
    fn models_without_ptu_figures_say_so() {
        let i = PtuInput { model: "gpt-35-turbo".into(), ..input() };
        assert_eq!(ptus_needed(&i, &Catalog::builtin()), Err(PtuError::NoPtuFacts("gpt-35-turbo".into())));
    }
}
