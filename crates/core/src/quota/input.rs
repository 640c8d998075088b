//! What the planner is given: the model, the deployment and the traffic.

use crate::facts::{DeploymentType, QuotaTier};
use serde::{Deserialize, Serialize};

/// Everything the planner needs. Token counts are per request; rates are
/// requests per minute.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlanInput {
    /// A catalog model name or a dated version of one (`gpt-4o-2024-08-06`).
    pub model: String,
    pub deployment: DeploymentType,
    /// The subscription's quota tier (1–6); `None` = "my own numbers": the
    /// TPM and ratio typed in, no tier row behind them.
    #[serde(default)]
    pub tier: Option<QuotaTier>,
    /// TPM given to the deployment (Standard types).
    pub allocated_tpm: f64,
    /// PTUs given to the deployment (Provisioned types; 0 = not yet sized).
    pub allocated_ptu: f64,
    /// RPM per 1,000 TPM; `None` takes the quota-tier tables' ratio for the
    /// model and deployment type, else the catalog's `rpm_per_1k_tpm.<model>`.
    pub rpm_per_1k_tpm: Option<f64>,
    /// Requests per minute at the busiest minute.
    pub peak_rpm: f64,
    /// Requests per minute on average (costs are priced on this).
    pub average_rpm: f64,
    pub prompt_tokens: f64,
    /// Of the prompt tokens, how many hit the prompt cache.
    pub cached_prompt_tokens: f64,
    /// Output tokens a request really produces (per choice).
    pub output_tokens: f64,
    /// `max_tokens` / `max_completion_tokens`; `None` = unset, and the
    /// limiter then reserves the model maximum (`max_output_tokens.<model>`).
    pub max_tokens: Option<f64>,
    /// Choices per request (`n`).
    pub n: u32,
    /// How much faster than the peak minute's average rate requests arrive
    /// within a short window (1 = evenly spread, 2 = twice as fast).
    pub burst_factor: f64,
    /// Share of the traffic that need not be answered at once and could
    /// move to Global Batch (0–1).
    pub batchable_share: f64,
    /// The Azure region (`armRegionName`) whose Regional prices apply;
    /// `None` = not chosen (`regional_price_factor.any`).
    #[serde(default)]
    pub region: Option<String>,
}

impl Default for PlanInput {
    /// The seed note's first worked case: 2,000 tokens × 40/min on a 60,000
    /// TPM gpt-4o Global Standard deployment.
    fn default() -> Self {
        PlanInput {
            model: "gpt-4o".to_string(),
            deployment: DeploymentType::GlobalStandard,
            tier: None,
            allocated_tpm: 60_000.0,
            allocated_ptu: 0.0,
            rpm_per_1k_tpm: None,
            peak_rpm: 40.0,
            average_rpm: 40.0,
            prompt_tokens: 1_600.0,
            cached_prompt_tokens: 0.0,
            output_tokens: 400.0,
            max_tokens: Some(400.0),
            n: 1,
            burst_factor: 1.0,
            batchable_share: 0.0,
            region: None,
        }
    }
}
