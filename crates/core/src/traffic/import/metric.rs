//! Azure Monitor's vocabulary as the readers meet it: the metric names
//! read and the aggregation each is taken from, a status code, a flag and
//! an ARM resource id's name in a cell.

use crate::traffic::store::Measure;
use crate::traffic::tiers::TierSplit;

/// The Azure Monitor metric names this tool reads (REST names; the Log
/// Analytics `MetricName` is the same), and which aggregation it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Metric {
    Requests,
    PromptTokens,
    GeneratedTokens,
    ActiveTokens,
    Utilization,
    TimeToResponse,
    Ttft,
    Tbt,
    Ttlt,
    TokensPerSecond,
}

/// Which aggregation of a point a metric is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Agg {
    Total,
    Average,
    Maximum,
}

impl Metric {
    pub fn from_name(name: &str) -> Option<Metric> {
        Some(match name.trim() {
            "AzureOpenAIRequests" => Metric::Requests,
            "ProcessedPromptTokens" => Metric::PromptTokens,
            "GeneratedTokens" => Metric::GeneratedTokens,
            "ActiveTokens" => Metric::ActiveTokens,
            "AzureOpenAIProvisionedManagedUtilizationV2" => Metric::Utilization,
            "AzureOpenAITimeToResponse" => Metric::TimeToResponse,
            "AzureOpenAINormalizedTTFTInMS" => Metric::Ttft,
            "AzureOpenAINormalizedTBTInMS" => Metric::Tbt,
            "AzureOpenAITTLTInMS" => Metric::Ttlt,
            "AzureOpenAITokenPerSecond" => Metric::TokensPerSecond,
            _ => return None,
        })
    }

    /// Aggregations to try, best first.
    pub fn aggregations(self) -> &'static [Agg] {
        match self {
            Metric::Requests | Metric::PromptTokens | Metric::GeneratedTokens | Metric::ActiveTokens => &[Agg::Total],
            Metric::Utilization => &[Agg::Maximum, Agg::Average],
            _ => &[Agg::Average, Agg::Maximum],
        }
    }

    pub fn measure(self, status: Option<u16>, spilled: Option<bool>, tier: TierSplit) -> Measure {
        match self {
            Metric::Requests => Measure::Requests { status, spilled, tier },
            Metric::PromptTokens => Measure::PromptTokens,
            Metric::GeneratedTokens => Measure::CompletionTokens,
            Metric::ActiveTokens => Measure::ActiveTokens,
            Metric::Utilization => Measure::UtilizationPercent,
            Metric::TimeToResponse => Measure::TimeToResponseMs,
            Metric::Ttft => Measure::TtftMs,
            Metric::Tbt => Measure::TbtMs,
            Metric::Ttlt => Measure::TtltMs,
            Metric::TokensPerSecond => Measure::TokensPerSecond,
        }
    }
}

/// `"429"` → 429; anything else (`"Other"`, empty) → `None`.
pub(crate) fn status_code(v: &str) -> Option<u16> {
    v.trim().parse().ok()
}

/// `"true"` / `"false"` in any case, `"1"` / `"0"`.
pub(crate) fn flag(v: &str) -> Option<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Some(true),
        "false" | "0" | "no" => Some(false),
        _ => None,
    }
}

/// The last segment of an ARM resource id (`…/accounts/my-aoai` → `my-aoai`).
/// A metric's id (`…/accounts/my-aoai/providers/Microsoft.Insights/metrics/X`)
/// gives the account too.
pub(crate) fn resource_name(id: &str) -> &str {
    let parts: Vec<&str> = id.trim_end_matches('/').split('/').collect();
    if let Some(i) = parts.iter().position(|p| p.eq_ignore_ascii_case("accounts")) {
        if let Some(name) = parts.get(i + 1).filter(|n| !n.is_empty()) {
            return name;
        }
    }
    parts.last().copied().unwrap_or(id)
}
