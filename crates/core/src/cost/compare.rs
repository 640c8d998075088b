//! A baseline against up to four what-if scenarios, and what each knob is
//! worth.
//!
//! Attribution: starting from the baseline, the knobs are switched to the
//! scenario's values one at a time in [`Knob::ORDER`]; each knob's saving is
//! the cost before its switch minus the cost after. The savings therefore
//! add up to the baseline's cost minus the scenario's. Earlier knobs are
//! measured at the baseline's volume (volume is switched last), and a knob's
//! worth depends on the order (caching is worth less once output is capped).

use super::prices::{token_prices, PriceOverride};
use super::scenario::{cost, cost_unchecked, Cost, CostConfig, Split};
use super::workload::{FieldIssue, Workload};
use crate::facts::Catalog;
use serde::{Deserialize, Serialize};

pub const MAX_SCENARIOS: usize = 4;

/// A group of workload fields switched together (the UI translates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Knob {
    /// `model` and `deployment`.
    ModelDeployment,
    /// `output_tokens` and `max_tokens`.
    OutputCap,
    /// `chunks` and `tokens_per_chunk`.
    RetrievalChunks,
    /// `system_tokens` and `user_tokens`.
    PromptTokens,
    /// `cacheable_share`.
    Caching,
    /// `batch_share`.
    Batch,
    /// `requests` and `per`.
    Volume,
}

impl Knob {
    /// The fixed order of attribution.
    pub const ORDER: [Knob; 7] =
        [Knob::ModelDeployment, Knob::OutputCap, Knob::RetrievalChunks, Knob::PromptTokens, Knob::Caching, Knob::Batch, Knob::Volume];

    /// Stable code for translation keys (`cost.knob.{code}`).
    pub fn code(self) -> &'static str {
        match self {
            Knob::ModelDeployment => "model_deployment",
            Knob::OutputCap => "output_cap",
            Knob::RetrievalChunks => "retrieval_chunks",
            Knob::PromptTokens => "prompt_tokens",
            Knob::Caching => "caching",
            Knob::Batch => "batch",
            Knob::Volume => "volume",
        }
    }

    /// `to` with this knob's fields taken from `from`.
    fn apply(self, to: &mut Workload, from: &Workload) {
        match self {
            Knob::ModelDeployment => {
                to.model = from.model.clone();
                to.deployment = from.deployment;
            }
            Knob::OutputCap => {
                to.output_tokens = from.output_tokens;
                to.max_tokens = from.max_tokens;
            }
            Knob::RetrievalChunks => {
                to.chunks = from.chunks;
                to.tokens_per_chunk = from.tokens_per_chunk;
            }
            Knob::PromptTokens => {
                to.system_tokens = from.system_tokens;
                to.user_tokens = from.user_tokens;
            }
            Knob::Caching => to.cacheable_share = from.cacheable_share,
            Knob::Batch => to.batch_share = from.batch_share,
            Knob::Volume => {
                to.requests = from.requests;
                to.per = from.per;
            }
        }
    }
}

/// What one knob saves against the baseline (positive: cheaper).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KnobSaving {
    pub knob: Knob,
    /// Whether the scenario changes this knob at all.
    pub changed: bool,
    pub per_request: Split,
    pub per_day: Split,
    pub per_month: Split,
    pub per_year: Split,
}

/// The saving of each knob of `scenario` against `baseline`, in
/// [`Knob::ORDER`]. Both must be valid (see [`Workload::validate`]).
pub fn attribute(
    baseline: &Workload,
    scenario: &Workload,
    catalog: &Catalog,
    config: &CostConfig,
) -> Result<Vec<KnobSaving>, Vec<FieldIssue>> {
    cost(baseline, catalog, config)?;
    cost(scenario, catalog, config)?;
    let mut current = baseline.clone();
    let mut before = step_cost(&current, catalog, config);
    let mut out = Vec::with_capacity(Knob::ORDER.len());
    for knob in Knob::ORDER {
        let mut next = current.clone();
        knob.apply(&mut next, scenario);
        let changed = next != current;
        let after = if changed { step_cost(&next, catalog, config) } else { before.clone() };
        out.push(KnobSaving {
            knob,
            changed,
            per_request: before.per_request.minus(&after.per_request),
            per_day: before.per_day.minus(&after.per_day),
            per_month: before.per_month.minus(&after.per_month),
            per_year: before.per_year.minus(&after.per_year),
        });
        current = next;
        before = after;
    }
    Ok(out)
}

/// Cost of an intermediate workload (mixes of two valid workloads may break
/// a rule, e.g. batch on a Regional deployment; they are priced anyway).
fn step_cost(w: &Workload, catalog: &Catalog, config: &CostConfig) -> Cost {
    let (_, prices) = token_prices(&w.model, w.deployment, config.region.as_deref(), &PriceOverride::default(), catalog)
        .expect("both workloads' models were validated");
    cost_unchecked(w, &prices, catalog, config)
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub name: String,
    pub workload: Workload,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    pub baseline: Scenario,
    /// At most [`MAX_SCENARIOS`].
    pub scenarios: Vec<Scenario>,
    pub config: CostConfig,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    Baseline,
    /// Index into `Comparison::scenarios`.
    Scenario(usize),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CompareError {
    TooManyScenarios,
    NoSuchScenario(usize),
}

impl std::fmt::Display for CompareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompareError::TooManyScenarios => write!(f, "at most {MAX_SCENARIOS} scenarios"),
            CompareError::NoSuchScenario(i) => write!(f, "no scenario {i}"),
        }
    }
}

impl std::error::Error for CompareError {}

impl Comparison {
    pub fn new(baseline: Workload) -> Self {
        Comparison { baseline: Scenario { name: String::new(), workload: baseline }, scenarios: Vec::new(), config: CostConfig::default() }
    }

    /// Appends a copy of `slot` (baseline or scenario) named `name`, for the
    /// user to change one knob; returns its index.
    pub fn duplicate(&mut self, slot: Slot, name: String) -> Result<usize, CompareError> {
        if self.scenarios.len() >= MAX_SCENARIOS {
            return Err(CompareError::TooManyScenarios);
        }
        let workload = match slot {
            Slot::Baseline => self.baseline.workload.clone(),
            Slot::Scenario(i) => self.scenarios.get(i).ok_or(CompareError::NoSuchScenario(i))?.workload.clone(),
        };
        self.scenarios.push(Scenario { name, workload });
        Ok(self.scenarios.len() - 1)
    }

    pub fn remove(&mut self, index: usize) -> Result<Scenario, CompareError> {
        if index >= self.scenarios.len() {
            return Err(CompareError::NoSuchScenario(index));
        }
        Ok(self.scenarios.remove(index))
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScenarioResult {
    pub name: String,
    pub cost: Cost,
    /// Baseline cost minus this scenario's (positive: cheaper).
    pub saving_per_request: f64,
    pub saving_per_month: f64,
    pub saving_per_year: f64,
    pub knobs: Vec<KnobSaving>,
    /// Retrieval chunks differ from the baseline and relevance was not
    /// measured: the quality of the answers is unverified.
    pub quality_unverified: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ComparisonResult {
    pub baseline: Cost,
    pub scenarios: Vec<ScenarioResult>,
}

/// Errors of one workload of the comparison.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SlotIssues {
    pub slot: Slot,
    pub issues: Vec<FieldIssue>,
}

/// Costs the whole comparison, or returns the errors of every workload
/// that has any. Only the first [`MAX_SCENARIOS`] scenarios are costed
/// ([`Comparison::duplicate`] and the share decoder never make more).
pub fn evaluate(comparison: &Comparison, catalog: &Catalog) -> Result<ComparisonResult, Vec<SlotIssues>> {
    let config = &comparison.config;
    let mut errors = Vec::new();
    let base = cost(&comparison.baseline.workload, catalog, config)
        .map_err(|issues| errors.push(SlotIssues { slot: Slot::Baseline, issues }))
        .ok();
    let mut scenarios = Vec::new();
    for (i, s) in comparison.scenarios.iter().enumerate().take(MAX_SCENARIOS) {
        match cost(&s.workload, catalog, config) {
            Err(issues) => errors.push(SlotIssues { slot: Slot::Scenario(i), issues }),
            Ok(c) => scenarios.push((s, c)),
        }
    }
    let Some(base) = base.filter(|_| errors.is_empty()) else { return Err(errors) };
    let b = &comparison.baseline.workload;
    let scenarios = scenarios
        .into_iter()
        .map(|(s, c)| {
            let knobs = attribute(b, &s.workload, catalog, config).expect("both workloads are valid");
            let w = &s.workload;
            let chunks_changed = w.chunks != b.chunks || w.tokens_per_chunk != b.tokens_per_chunk;
            ScenarioResult {
                name: s.name.clone(),
                saving_per_request: base.per_request.total - c.per_request.total,
                saving_per_month: base.per_month.total - c.per_month.total,
                saving_per_year: base.per_year.total - c.per_year.total,
                cost: c,
                knobs,
                quality_unverified: chunks_changed && !w.relevance_measured,
            }
        })
        .collect();
    Ok(ComparisonResult { baseline: base, scenarios })
}

/// A saving's share of the baseline, always with two decimals ("27.00%",
/// "33.33%", "18.75%": one decimal showed 18.75% as "18.7%"), so that the
/// scenarios side by side read at one precision.
/// "–" when not finite (a zero baseline).
pub fn saving_share_text(share: f64) -> String {
    if !share.is_finite() {
        return "–".to_string();
    }
    format!("{:.2}%", share * 100.0)
}

#[cfg(test)]
mod share_text_tests {
    use super::saving_share_text;

    #[test]
    fn one_precision_for_every_scenario() {
        assert_eq!(saving_share_text(0.27), "27.00%");
        assert_eq!(saving_share_text(1.0 / 3.0), "33.33%");
        // 18.75% was shown as "18.7%".
        assert_eq!(saving_share_text(0.1875), "18.75%");
        assert_eq!(saving_share_text(f64::INFINITY), "–");
    }
}
