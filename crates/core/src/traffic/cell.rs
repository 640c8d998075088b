//! One minute of one deployment: what the imported points say about it
//! ([`Cell`], with [`Has`] for which measures any point carried) and how
//! a point of a [`Measure`] lands in it (counts add, gauges keep their
//! maximum or their mean).

use super::tiers::TierSplit;

/// An average over the points that fell into one minute.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Mean {
    pub sum: f64,
    pub n: u32,
}

impl Mean {
    pub(super) fn add(&mut self, v: f64) {
        self.sum += v;
        self.n = self.n.saturating_add(1);
    }

    pub fn get(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum / f64::from(self.n))
    }
}

/// One deployment's minute. Counts are sums; the latency and utilization
/// figures are means (or the maximum) of the points in the minute.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cell {
    /// Whether any point fell into this minute (else a gap).
    pub present: bool,
    /// Requests of every status, including the throttled ones.
    pub requests: f64,
    /// Requests answered 429.
    pub throttled: f64,
    /// Requests served by a spillover deployment (`IsSpillover` = true).
    pub spilled: f64,
    pub prompt: f64,
    pub cached: f64,
    pub completion: f64,
    /// `ActiveTokens`: total minus cached (provisioned deployments).
    pub active: f64,
    /// `AzureOpenAIProvisionedManagedUtilizationV2`, percent, the maximum.
    pub utilization: Option<f64>,
    pub time_to_response_ms: Mean,
    pub ttft_ms: Mean,
    pub tbt_ms: Mean,
    pub ttlt_ms: Mean,
    pub tokens_per_second: Mean,
}

/// Which measurements a deployment's data has, so that a missing one is
/// never read as zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Has {
    pub requests: bool,
    /// Requests were split by `StatusCode`: 429s are visible.
    pub status: bool,
    pub spill: bool,
    pub prompt: bool,
    pub cached: bool,
    pub completion: bool,
    pub active: bool,
    pub utilization: bool,
    pub latency: bool,
}

/// What a metric point measures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measure {
    /// Requests with this status (`None`: not split by status) and
    /// spillover flag (`None`: not split).
    Requests {
        status: Option<u16>,
        spilled: Option<bool>,
        /// The `ServiceTierRequest` / `ServiceTierResponse` split, if any.
        tier: TierSplit,
    },
    PromptTokens,
    CachedTokens,
    CompletionTokens,
    ActiveTokens,
    UtilizationPercent,
    TimeToResponseMs,
    TtftMs,
    TbtMs,
    TtltMs,
    TokensPerSecond,
}

impl Measure {
    /// Counts are spread over the minutes of a coarse interval; gauges hold
    /// for each of them.
    pub(super) fn is_count(self) -> bool {
        matches!(
            self,
            Measure::Requests { .. } | Measure::PromptTokens | Measure::CachedTokens | Measure::CompletionTokens | Measure::ActiveTokens
        )
    }
}

pub(super) fn apply(c: &mut Cell, has: &mut Has, measure: Measure, v: f64) {
    match measure {
        Measure::Requests { status, spilled, .. } => {
            has.requests = true;
            c.requests += v;
            if let Some(s) = status {
                has.status = true;
                if s == 429 {
                    c.throttled += v;
                }
            }
            if let Some(s) = spilled {
                has.spill = true;
                if s {
                    c.spilled += v;
                }
            }
        }
        Measure::PromptTokens => {
            has.prompt = true;
            c.prompt += v;
        }
        Measure::CachedTokens => {
            has.cached = true;
            c.cached += v;
        }
        Measure::CompletionTokens => {
            has.completion = true;
            c.completion += v;
        }
        Measure::ActiveTokens => {
            has.active = true;
            c.active += v;
        }
        Measure::UtilizationPercent => {
            has.utilization = true;
            c.utilization = Some(c.utilization.map_or(v, |u| u.max(v)));
        }
        Measure::TimeToResponseMs => {
            has.latency = true;
            c.time_to_response_ms.add(v);
        }
        Measure::TtftMs => {
            has.latency = true;
            c.ttft_ms.add(v);
        }
        Measure::TbtMs => {
            has.latency = true;
            c.tbt_ms.add(v);
        }
        Measure::TtltMs => {
            has.latency = true;
            c.ttlt_ms.add(v);
        }
        Measure::TokensPerSecond => {
            has.latency = true;
            c.tokens_per_second.add(v);
        }
    }
}
