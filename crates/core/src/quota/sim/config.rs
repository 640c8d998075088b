//! What the 429 simulator is told: arrivals, request sizes, deployments,
//! enforcement window, routing and the client's retry policy.

use crate::facts::{Catalog, Kind};
use crate::quota::input::PlanInput;
use crate::quota::sizing::rpm_for_tpm;
use crate::quota::validate::{check_number, refused_or_ok, Field, Problem, MAX_RPM, MAX_TPM};
use serde::{Deserialize, Serialize};

/// From `at_s` seconds on, requests arrive at `rpm` per minute (Poisson).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RateStep {
    pub at_s: f64,
    pub rpm: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Arrivals {
    Poisson {
        rpm: f64,
    },
    /// Steps drawn by the user; no arrivals before the first step.
    Schedule {
        steps: Vec<RateStep>,
    },
}

impl Arrivals {
    /// The rate at `t` seconds (steps taken in time order).
    pub fn rpm_at(&self, t: f64) -> f64 {
        match self {
            Arrivals::Poisson { rpm } => *rpm,
            Arrivals::Schedule { steps } => {
                steps.iter().filter(|s| s.at_s <= t).max_by(|a, b| a.at_s.total_cmp(&b.at_s)).map_or(0.0, |s| s.rpm)
            }
        }
    }
}

/// Request sizes; `size_jitter` spreads prompt and output uniformly over
/// ±that share (0 = every request the same).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RequestShape {
    pub prompt_tokens: f64,
    pub output_tokens: f64,
    /// The max_tokens the limiter counts (already resolved when unset).
    pub max_tokens: f64,
    pub n: u32,
    pub size_jitter: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeploymentLimits {
    pub tpm: f64,
    pub rpm: f64,
}

/// The window over which each deployment's limits are enforced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Window {
    OneSecond,
    TenSeconds,
    Minute,
}

impl Window {
    /// The simulator's window for an enforcement window of `seconds`: the
    /// nearest that is not longer (1 s, 10 s, else a minute).
    pub fn at_most(seconds: f64) -> Window {
        if seconds <= 1.0 {
            Window::OneSecond
        } else if seconds < 60.0 {
            Window::TenSeconds
        } else {
            Window::Minute
        }
    }

    pub fn seconds(self) -> f64 {
        match self {
            Window::OneSecond => 1.0,
            Window::TenSeconds => 10.0,
            Window::Minute => 60.0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Routing {
    /// Each attempt to the next deployment in turn.
    RoundRobin,
    /// Skips a deployment that answered 429 until its Retry-After passes.
    RetryAfterAware,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RetryKind {
    /// Retry at the next tick, whatever the server said.
    Immediate,
    /// Wait initial × 2^(attempt − 1), capped; ignore Retry-After.
    Backoff,
    /// The seed's code: wait the Retry-After when the 429 carries one,
    /// else the backoff delay; the delay doubles after every 429.
    RetryAfterThenBackoff,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RetryPolicy {
    pub kind: RetryKind,
    /// Attempts in all, the first included.
    pub max_attempts: u32,
    pub initial_backoff_s: f64,
    pub max_backoff_s: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimConfig {
    pub seed: u64,
    pub duration_s: f64,
    /// Resolution of the simulation.
    pub tick_ms: f64,
    pub arrivals: Arrivals,
    pub request: RequestShape,
    pub deployments: Vec<DeploymentLimits>,
    pub window: Window,
    pub routing: Routing,
    pub retry: RetryPolicy,
    /// Share of 429s that carry a Retry-After header (0–1).
    pub retry_after_share: f64,
    /// Time the model takes once admitted, added to every latency.
    pub service_ms: f64,
    /// Most points in the time series (for the chart).
    pub max_points: usize,
}

/// Sanity bounds of a run, so the browser stays responsive.
pub const MAX_SIM_SECONDS: f64 = 7.0 * 24.0 * 3_600.0;
pub const MAX_TICKS: f64 = 10_000_000.0;
pub const MAX_SIM_REQUESTS: f64 = 20_000_000.0;
pub const MAX_DEPLOYMENTS: usize = 64;
pub const MAX_ATTEMPTS: u32 = 100;
pub const MAX_BACKOFF_S: f64 = 3_600.0;
/// Steps a run in the browser may take before it stops (see `SimBudget`):
/// a few seconds of work, where the largest valid settings need minutes.
pub const MAX_SIM_STEPS: u64 = 300_000_000;

/// A refused simulator setting; `index` names the deployment or step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimError {
    pub setting: SimSetting,
    pub index: Option<usize>,
    pub problem: Problem,
}

impl std::fmt::Display for SimError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.setting)?;
        if let Some(i) = self.index {
            write!(f, " {}", i + 1)?;
        }
        write!(f, ": {}", crate::quota::problem_text(&self.problem).en)
    }
}

impl std::error::Error for SimError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SimSetting {
    Duration,
    Tick,
    ArrivalRate,
    StepTime,
    Request(Field),
    SizeJitter,
    Deployments,
    DeploymentTpm,
    DeploymentRpm,
    MaxAttempts,
    InitialBackoff,
    MaxBackoff,
    RetryAfterShare,
    ServiceTime,
    MaxPoints,
}

impl SimConfig {
    /// A run for a plan: `deployments` copies of its deployment (the
    /// planner's TPM and per-deployment-type RPM), Poisson arrivals at its
    /// peak, the planner's window (the tier tables' request window, or the
    /// catalog's short enforcement window when that is shorter), 429-aware
    /// routing and the seed's retry code (5 attempts, backoff from 1 s
    /// doubling to 60 s).
    pub fn from_plan(input: &PlanInput, catalog: &Catalog, deployments: usize) -> Self {
        let model = crate::quota::planner_model(catalog, &input.model).unwrap_or_default();
        let model = model.as_str();
        // The same per-deployment-type ratio as the planner's (tier tables first).
        let (ratio, _) = crate::quota::tier::ratio(input, catalog, model);
        let max_tokens = input.max_tokens.or_else(|| catalog.get(Kind::MaxOutputTokens, model)).unwrap_or_default();
        let limits = DeploymentLimits { tpm: input.allocated_tpm, rpm: rpm_for_tpm(input.allocated_tpm, ratio) };
        let rpm_window = crate::quota::tier::rpm_window_seconds(catalog, model, input.deployment.tier_scope(), input.tier);
        let window = Window::at_most(rpm_window.min(catalog.get(Kind::ShortWindowSeconds, "any").unwrap_or(rpm_window)));
        SimConfig {
            seed: 1,
            duration_s: 600.0,
            tick_ms: 100.0,
            arrivals: Arrivals::Poisson { rpm: input.peak_rpm },
            request: RequestShape {
                prompt_tokens: input.prompt_tokens,
                output_tokens: input.output_tokens,
                max_tokens,
                n: input.n,
                size_jitter: 0.0,
            },
            deployments: vec![limits; deployments.max(1)],
            window,
            routing: Routing::RetryAfterAware,
            retry: RetryPolicy { kind: RetryKind::RetryAfterThenBackoff, max_attempts: 5, initial_backoff_s: 1.0, max_backoff_s: 60.0 },
            retry_after_share: 1.0,
            service_ms: 0.0,
            max_points: 600,
        }
    }

    /// A worked example: ten minutes of Poisson arrivals at 300 RPM, seed 42,
    /// on one deployment of 60,000 TPM and 360 RPM, 10 s windows,
    /// round-robin routing and the seed's retry code (5 attempts, honouring
    /// Retry-After, else backoff from 1 s doubling to 60 s), every 429
    /// carrying Retry-After. Vary it with struct update syntax:
    ///
    /// ```
    /// use batchlane_core::quota::{simulate, Arrivals, SimConfig};
    ///
    /// let busy = SimConfig { arrivals: Arrivals::Poisson { rpm: 600.0 }, ..SimConfig::example() };
    /// assert!(simulate(&busy).unwrap().rejections_429 > 0);
    /// ```
    pub fn example() -> Self {
        SimConfig {
            seed: 42,
            duration_s: 600.0,
            tick_ms: 100.0,
            arrivals: Arrivals::Poisson { rpm: 300.0 },
            request: RequestShape { prompt_tokens: 100.0, output_tokens: 50.0, max_tokens: 50.0, n: 1, size_jitter: 0.0 },
            deployments: vec![DeploymentLimits { tpm: 60_000.0, rpm: 360.0 }],
            window: Window::TenSeconds,
            routing: Routing::RoundRobin,
            retry: RetryPolicy { kind: RetryKind::RetryAfterThenBackoff, max_attempts: 5, initial_backoff_s: 1.0, max_backoff_s: 60.0 },
            retry_after_share: 1.0,
            service_ms: 0.0,
            max_points: 600,
        }
    }

    /// Requests per minute the deployments admit in all: for each, the lower
    /// of its RPM and its TPM ÷ the limiter's estimate per request (prompt +
    /// max_tokens × n).
    pub fn capacity_rpm(&self) -> f64 {
        let r = &self.request;
        let estimate = r.prompt_tokens + r.max_tokens * f64::from(r.n);
        self.deployments.iter().map(|d| if estimate > 0.0 { d.rpm.min(d.tpm / estimate) } else { d.rpm }).sum()
    }

    /// Every refused setting with its reason.
    pub fn validate(&self) -> Result<(), Vec<SimError>> {
        let mut e = Vec::new();
        let mut num = |s: SimSetting, i: Option<usize>, x: f64, positive: bool, max: f64| {
            let mut fe = Vec::new();
            let ok = check_number(Field::PeakRpm, x, positive, max, &mut fe);
            e.extend(fe.into_iter().map(|f| SimError { setting: s, index: i, problem: f.problem }));
            ok
        };
        let dur_ok = num(SimSetting::Duration, None, self.duration_s, true, MAX_SIM_SECONDS);
        let tick_ok = num(SimSetting::Tick, None, self.tick_ms, true, 10_000.0);
        let mut expected = 0.0;
        match &self.arrivals {
            Arrivals::Poisson { rpm } => {
                num(SimSetting::ArrivalRate, None, *rpm, false, MAX_RPM);
                expected = rpm * self.duration_s / 60.0;
            }
            Arrivals::Schedule { steps } => {
                for (i, s) in steps.iter().enumerate() {
                    num(SimSetting::StepTime, Some(i), s.at_s, false, MAX_SIM_SECONDS);
                    num(SimSetting::ArrivalRate, Some(i), s.rpm, false, MAX_RPM);
                    expected += s.rpm.max(0.0) * self.duration_s / 60.0;
                }
            }
        }
        let r = &self.request;
        num(SimSetting::Request(Field::PromptTokens), None, r.prompt_tokens, false, 1e8);
        num(SimSetting::Request(Field::OutputTokens), None, r.output_tokens, false, 1e8);
        num(SimSetting::Request(Field::MaxTokens), None, r.max_tokens, false, 1e8);
        num(SimSetting::SizeJitter, None, r.size_jitter, false, 0.99);
        num(SimSetting::InitialBackoff, None, self.retry.initial_backoff_s, true, MAX_BACKOFF_S);
        num(SimSetting::MaxBackoff, None, self.retry.max_backoff_s, true, MAX_BACKOFF_S);
        num(SimSetting::RetryAfterShare, None, self.retry_after_share, false, 1.0);
        num(SimSetting::ServiceTime, None, self.service_ms, false, 3_600_000.0);
        for (i, d) in self.deployments.iter().enumerate() {
            num(SimSetting::DeploymentTpm, Some(i), d.tpm, true, MAX_TPM);
            num(SimSetting::DeploymentRpm, Some(i), d.rpm, true, MAX_RPM);
        }
        let mut push = |s: SimSetting, p: Problem| e.push(SimError { setting: s, index: None, problem: p });
        if r.n == 0 {
            push(SimSetting::Request(Field::N), Problem::Zero);
        }
        if self.deployments.is_empty() {
            push(SimSetting::Deployments, Problem::Empty);
        } else if self.deployments.len() > MAX_DEPLOYMENTS {
            push(SimSetting::Deployments, Problem::TooLarge { max: MAX_DEPLOYMENTS as f64 });
        }
        if self.retry.max_attempts == 0 {
            push(SimSetting::MaxAttempts, Problem::Zero);
        } else if self.retry.max_attempts > MAX_ATTEMPTS {
            push(SimSetting::MaxAttempts, Problem::TooLarge { max: f64::from(MAX_ATTEMPTS) });
        }
        if self.max_points < 10 {
            push(SimSetting::MaxPoints, Problem::TooSmall { min: 10.0 });
        } else if self.max_points > 10_000 {
            push(SimSetting::MaxPoints, Problem::TooLarge { max: 10_000.0 });
        }
        if dur_ok && tick_ok && self.duration_s * 1_000.0 / self.tick_ms > MAX_TICKS {
            push(SimSetting::Tick, Problem::TooSmall { min: self.duration_s * 1_000.0 / MAX_TICKS });
        }
        if expected > MAX_SIM_REQUESTS {
            push(SimSetting::ArrivalRate, Problem::TooLarge { max: MAX_SIM_REQUESTS * 60.0 / self.duration_s.max(1.0) });
        }
        refused_or_ok(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plans_run_reads_the_planners_figures() {
        use crate::facts::{DeploymentType, QuotaTier};
        use crate::quota::plan::plan;
        let mut c = Catalog::builtin();
        // o4-mini on Data Zone: 6 RPM per 1,000 TPM, enforced per 10 s.
        let i = PlanInput {
            model: "o4-mini".into(),
            deployment: DeploymentType::DataZoneStandard,
            tier: Some(QuotaTier::T1),
            ..PlanInput::default()
        };
        let p = plan(&i, &c).unwrap();
        let cfg = SimConfig::from_plan(&i, &c, 1);
        assert_eq!(cfg.deployments[0].rpm, p.limits.unwrap().rpm_allowed);
        assert_eq!(cfg.window.seconds(), p.rpm_window_seconds);
        // gpt-4.1 on Global: a 60 s request window; the catalog's short
        // enforcement window decides, and an override reaches the run.
        let g = PlanInput { model: "gpt-4.1".into(), ..PlanInput::default() };
        assert_eq!(SimConfig::from_plan(&g, &c, 1).window, Window::TenSeconds);
        c.set_override("short_window_seconds.any", 60.0).unwrap();
        assert_eq!(SimConfig::from_plan(&g, &c, 1).window, Window::Minute);
    }

    #[test]
    fn capacity_is_the_lower_of_rpm_and_tpm_per_request() {
        // 60,000 TPM at 2,000 tokens a request admits 30/min (RPM 360 does not bind).
        let mut c = SimConfig::from_plan(&PlanInput::default(), &Catalog::default(), 2);
        c.deployments = vec![DeploymentLimits { tpm: 60_000.0, rpm: 360.0 }, DeploymentLimits { tpm: 60_000.0, rpm: 10.0 }];
        assert_eq!(c.capacity_rpm(), 40.0);
    }
}
