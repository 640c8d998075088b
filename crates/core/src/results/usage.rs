//! Token usage of result lines (Chat Completions and Responses API shapes)
//! and its cost at the batch price from the catalog.
//!
//! Cost = (prompt − cached) × input price + cached × cached-input price
//!        + completion × output price, all × the batch price factor.
//! Reasoning tokens are part of the completion (output) tokens in both
//! shapes: they are shown, never charged twice.

use crate::cost::{self, token_prices, PriceOverride, Prices};
use crate::facts::{Catalog, Scope};
use serde_json::Value;

/// Token counts. `prompt` includes `cached`; `completion` includes `reasoning`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Usage {
    pub prompt: u64,
    pub cached: u64,
    pub completion: u64,
    pub reasoning: u64,
}

impl Usage {
    pub fn add(&mut self, other: &Usage) {
        self.prompt = self.prompt.saturating_add(other.prompt);
        self.cached = self.cached.saturating_add(other.cached);
        self.completion = self.completion.saturating_add(other.completion);
        self.reasoning = self.reasoning.saturating_add(other.reasoning);
    }

    /// The exact sum, or `None` when a count would not fit 64 bits.
    pub fn checked_add(&self, other: &Usage) -> Option<Usage> {
        Some(Usage {
            prompt: self.prompt.checked_add(other.prompt)?,
            cached: self.cached.checked_add(other.cached)?,
            completion: self.completion.checked_add(other.completion)?,
            reasoning: self.reasoning.checked_add(other.reasoning)?,
        })
    }

    /// Adds `other`; `false` (and every count saturated) when a sum overflowed.
    pub fn try_add(&mut self, other: &Usage) -> bool {
        match self.checked_add(other) {
            Some(sum) => {
                *self = sum;
                true
            }
            None => {
                self.add(other);
                false
            }
        }
    }

    pub fn total(&self) -> u64 {
        self.prompt.saturating_add(self.completion)
    }

    pub fn is_zero(&self) -> bool {
        *self == Usage::default()
    }

    /// Reads `usage` of a response body: chat (`prompt_tokens`,
    /// `completion_tokens`, `prompt_tokens_details.cached_tokens`,
    /// `completion_tokens_details.reasoning_tokens`) or Responses API
    /// (`input_tokens`, `output_tokens`, `input_tokens_details.cached_tokens`,
    /// `output_tokens_details.reasoning_tokens`). Embeddings have
    /// `prompt_tokens` only. Absent or malformed counts read as 0.
    pub fn from_body(body: &Value) -> Usage {
        let Some(u) = body.get("usage").filter(|u| u.is_object()) else {
            return Usage::default();
        };
        let n = |path: &[&str]| -> Option<u64> {
            let mut v = u;
            for key in path {
                v = v.get(*key)?;
            }
            v.as_u64()
        };
        let prompt = n(&["prompt_tokens"]).or_else(|| n(&["input_tokens"])).unwrap_or(0);
        let completion = n(&["completion_tokens"]).or_else(|| n(&["output_tokens"])).unwrap_or(0);
        let cached = n(&["prompt_tokens_details", "cached_tokens"])
            .or_else(|| n(&["input_tokens_details", "cached_tokens"]))
            .unwrap_or(0)
            .min(prompt);
        let reasoning = n(&["completion_tokens_details", "reasoning_tokens"])
            .or_else(|| n(&["output_tokens_details", "reasoning_tokens"]))
            .unwrap_or(0);
        Usage { prompt, cached, completion, reasoning }
    }
}

/// The user's price choices. Each `Some` replaces the catalog figure for
/// every model (a batch runs one model); `model` prices every request as
/// that model instead of the body's `model`; `deployment` is the batch
/// deployment's scope (Global Batch by default; Data Zone Batch pays
/// Data Zone's uplift).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CostOptions {
    pub model: Option<String>,
    pub price_override: PriceOverride,
    #[serde(default)]
    pub deployment: Scope,
    /// The Azure region (`armRegionName`) whose Regional prices apply;
    /// `None` = not chosen.
    #[serde(default)]
    pub region: Option<String>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum PriceError {
    /// No model name on the lines and none chosen.
    NoModel,
    /// The name is not a model the catalog knows (e.g. a deployment name): choose a model.
    UnknownModel(String),
    /// The catalog has no price of this kind (`price_input`, …) for the model.
    NoPrice { model: String, kind: String },
    /// An override is negative, NaN or infinite.
    BadOverride { field: String },
    /// The cost does not fit a finite number (huge prices × tokens): never
    /// shown as `inf` nor left out silently.
    CostOverflow,
}

impl std::fmt::Display for PriceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PriceError::NoModel => write!(f, "no model name on the lines and none chosen"),
            PriceError::UnknownModel(m) => write!(f, "{m} is not a model the catalog knows (a deployment name?): choose a model"),
            PriceError::NoPrice { model, kind } => write!(f, "the catalog has no {kind} for {model}"),
            PriceError::BadOverride { field } => write!(f, "{field}: the price must be a finite number of zero or more"),
            PriceError::CostOverflow => write!(f, "the cost does not fit a finite number"),
        }
    }
}

impl std::error::Error for PriceError {}

/// The batch prices for a model name (`gpt-4o-2024-08-06` resolves to
/// `gpt-4o`): [`cost::token_prices`], the one price look-up of every tool.
pub fn batch_prices(catalog: &Catalog, model_name: Option<&str>, opts: &CostOptions) -> Result<(String, Prices), PriceError> {
    if let Some(field) = opts.price_override.bad_field() {
        return Err(PriceError::BadOverride { field: field.to_string() });
    }
    let name = opts.model.as_deref().or(model_name).ok_or(PriceError::NoModel)?;
    match token_prices(name, opts.deployment, opts.region.as_deref(), &opts.price_override, catalog) {
        Ok((model, prices)) => Ok((model.to_string(), prices)),
        Err(cost::PriceError::UnknownModel(m)) => Err(PriceError::UnknownModel(m)),
        Err(cost::PriceError::NoPrice { model, kind }) => Err(PriceError::NoPrice { model, kind }),
        Err(cost::PriceError::BadOverride(field)) => Err(PriceError::BadOverride { field }),
    }
}

/// Cost in USD of `usage` at `prices`, × the batch factor.
pub fn cost_usd(usage: &Usage, prices: &Prices) -> f64 {
    prices.usd(usage.prompt as f64, usage.cached as f64, usage.completion as f64) * prices.batch_factor
}

/// Cost of the tokens of one model name as the lines give it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ModelCost {
    /// The name on the lines (`None`: lines without a model, e.g. failures with no body).
    pub model: Option<String>,
    /// The catalog model it was priced as.
    pub priced_as: Option<String>,
    pub prices: Option<Prices>,
    pub requests: u64,
    pub usage: Usage,
    /// `None` when it could not be priced (see `error`).
    pub cost_usd: Option<f64>,
    pub error: Option<PriceError>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CostReport {
    pub models: Vec<ModelCost>,
    /// Sum over the models that could be priced.
    pub total_usd: f64,
    /// Tokens that could not be priced (choose a model or set prices).
    pub unpriced_usage: Usage,
}

/// Prices per model name, looked up once per name.
#[derive(Clone, Debug, Default)]
pub struct PriceCache {
    map: std::collections::HashMap<Option<String>, Result<(String, Prices), PriceError>>,
}

impl PriceCache {
    pub fn prices(&mut self, catalog: &Catalog, model: Option<&str>, opts: &CostOptions) -> &Result<(String, Prices), PriceError> {
        self.map.entry(model.map(str::to_string)).or_insert_with(|| batch_prices(catalog, model, opts))
    }

    /// Cost of `usage` for `model`; `Some(0.0)` for no tokens even when unpriced.
    pub fn cost(&mut self, catalog: &Catalog, model: Option<&str>, usage: &Usage, opts: &CostOptions) -> Option<f64> {
        if usage.is_zero() {
            return Some(0.0);
        }
        self.prices(catalog, model, opts).as_ref().ok().map(|(_, p)| cost_usd(usage, p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn chat_usage_reads_details() {
        let body = json!({"usage": {"prompt_tokens": 2000, "completion_tokens": 300, "total_tokens": 2300,
            "prompt_tokens_details": {"cached_tokens": 1024}, "completion_tokens_details": {"reasoning_tokens": 64}}});
        assert_eq!(Usage::from_body(&body), Usage { prompt: 2000, cached: 1024, completion: 300, reasoning: 64 });
    }

    #[test]
    fn responses_usage_reads_details() {
        let body = json!({"usage": {"input_tokens": 500, "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": 900, "output_tokens_details": {"reasoning_tokens": 700}, "total_tokens": 1400}});
        assert_eq!(Usage::from_body(&body), Usage { prompt: 500, cached: 0, completion: 900, reasoning: 700 });
    }

    #[test]
    fn missing_or_bad_usage_is_zero() {
        assert!(Usage::from_body(&json!({})).is_zero());
        assert!(Usage::from_body(&json!({"usage": "x"})).is_zero());
        assert_eq!(Usage::from_body(&json!({"usage": {"prompt_tokens": -3, "completion_tokens": 5}})).completion, 5);
    }

    #[test]
    fn usage_sums_are_exact_or_flagged() {
        let max = Usage { prompt: u64::MAX, ..Default::default() };
        assert_eq!(max.checked_add(&Usage { prompt: 1, ..Default::default() }), None);
        let mut u = max;
        assert!(!u.try_add(&max));
        assert_eq!(u.prompt, u64::MAX);
        let mut v = Usage { completion: 2, ..Default::default() };
        assert!(v.try_add(&Usage { completion: 3, ..Default::default() }));
        assert_eq!(v.completion, 5);
    }

    #[test]
    fn gpt4o_cost_at_half_price() {
        // 1M prompt of which 200k cached, 100k completion, gpt-4o 2.50/1.25/10.00, batch 0.5:
        // (800k×2.50 + 200k×1.25 + 100k×10)/1M × 0.5 = (2.0 + 0.25 + 1.0) × 0.5 = 1.625
        let (m, p) = batch_prices(&Catalog::builtin(), Some("gpt-4o-2024-08-06"), &CostOptions::default()).unwrap();
        assert_eq!(m, "gpt-4o");
        let u = Usage { prompt: 1_000_000, cached: 200_000, completion: 100_000, reasoning: 0 };
        assert!((cost_usd(&u, &p) - 1.625).abs() < 1e-12);
    }

    #[test]
    fn overrides_and_chosen_model_apply() {
        let opts = CostOptions {
            model: Some("gpt-4o-mini".into()),
            price_override: PriceOverride { batch_factor: Some(1.0), ..Default::default() },
            ..Default::default()
        };
        let (m, p) = batch_prices(&Catalog::builtin(), Some("batch-deployment"), &opts).unwrap();
        assert_eq!((m.as_str(), p.input, p.batch_factor), ("gpt-4o-mini", 0.15, 1.0));
        let bad = CostOptions { price_override: PriceOverride { output: Some(f64::NAN), ..Default::default() }, ..Default::default() };
        assert_eq!(batch_prices(&Catalog::builtin(), Some("gpt-4o"), &bad), Err(PriceError::BadOverride { field: "output".into() }));
        assert_eq!(
            batch_prices(&Catalog::builtin(), Some("my-deploy"), &CostOptions::default()),
            Err(PriceError::UnknownModel("my-deploy".into()))
        );
        assert_eq!(batch_prices(&Catalog::builtin(), None, &CostOptions::default()), Err(PriceError::NoModel));
    }
}
