//! A workload as the cost page describes it, its validation, and the
//! prompt-caching rule.
//!
//! Model of what is cacheable: the system tokens are the prefix shared by
//! every request (instructions, few-shot examples, tool definitions); the
//! user's text and the retrieved chunks change from request to request and
//! are never cached. A cache hit covers the system prefix rounded down to
//! the cache step above the minimum (`cache_min_prefix_tokens`, then
//! `cache_step_tokens`), and nothing when the prefix is below the minimum.

use super::prices::{token_prices, PriceError, PriceOverride};
use crate::facts::Kind;
use crate::facts::Scope;
use crate::facts::{self, Catalog, Certainty};
use serde::{Deserialize, Serialize};

/// What `requests` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Period {
    Day,
    Month,
}

/// One workload. Token figures are averages per request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Workload {
    pub requests: f64,
    pub per: Period,
    /// A catalog model name (aliases and dated versions resolve).
    pub model: String,
    pub deployment: Scope,
    pub system_tokens: f64,
    pub user_tokens: f64,
    /// Retrieved chunks per request (k): a whole number.
    pub chunks: f64,
    pub tokens_per_chunk: f64,
    /// Output tokens the model writes on average when not capped.
    pub output_tokens: f64,
    /// The cap; with it the average output is taken as
    /// min(output_tokens, max_tokens) — an upper bound on real usage.
    pub max_tokens: Option<f64>,
    /// Share (0–1) of requests whose system prefix is served from the cache.
    pub cacheable_share: f64,
    /// Share (0–1) of requests sent through batch.
    pub batch_share: f64,
    /// Whether retrieval relevance was measured before trimming chunks.
    pub relevance_measured: bool,
}

impl Default for Workload {
    fn default() -> Self {
        Workload {
            requests: 10_000.0,
            per: Period::Day,
            model: "gpt-4o".to_string(),
            deployment: Scope::Global,
            system_tokens: 1_200.0,
            user_tokens: 200.0,
            chunks: 8.0,
            tokens_per_chunk: 500.0,
            output_tokens: 500.0,
            max_tokens: None,
            cacheable_share: 0.0,
            batch_share: 0.0,
            relevance_measured: false,
        }
    }
}

/// The fields of [`Workload`], for errors the UI puts next to an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Field {
    Requests,
    Model,
    Deployment,
    SystemTokens,
    UserTokens,
    Chunks,
    TokensPerChunk,
    OutputTokens,
    MaxTokens,
    CacheableShare,
    BatchShare,
    /// Not a workload field: the comparison's days per month.
    DaysPerMonth,
}

/// Why a field is wrong (the UI translates).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Problem {
    NotANumber,
    Negative,
    /// A share must lie between 0 and 1.
    ShareOutOfRange,
    /// Above a sanity bound (not a vendor limit): probably a typo.
    Absurd {
        max: f64,
    },
    NotWhole,
    /// `max_tokens` of zero would allow no answer at all.
    Zero,
    Price(PriceError),
    /// Prompt plus output exceed the model's context window.
    ExceedsContextWindow {
        tokens: f64,
        window: f64,
    },
    /// The prompt alone exceeds the model's input cap (gpt-5: 272,000 of
    /// its 400,000-token window).
    ExceedsInputCap {
        tokens: f64,
        cap: f64,
    },
    /// The cap exceeds the model's output maximum.
    ExceedsOutputMaximum {
        tokens: f64,
        maximum: f64,
    },
    /// Batch is offered on Global and Data Zone deployments only.
    NoBatchOnDeployment,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Severity {
    Error,
    /// Based on an unconfirmed figure: shown, does not block the estimate.
    Warning,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FieldIssue {
    pub field: Field,
    pub problem: Problem,
    pub severity: Severity,
}

/// Sanity bounds on user input (ours, not the vendor's): a value above
/// these is a typo, not a workload.
pub const MAX_REQUESTS: f64 = 1e12;
pub const MAX_TOKENS_PER_FIELD: f64 = 10_000_000.0;
pub const MAX_CHUNKS: f64 = 1_000.0;

fn check_number(field: Field, value: f64, max: f64, out: &mut Vec<FieldIssue>) -> bool {
    let problem = if !value.is_finite() {
        Problem::NotANumber
    } else if value < 0.0 {
        Problem::Negative
    } else if value > max {
        Problem::Absurd { max }
    } else {
        return true;
    };
    out.push(FieldIssue { field, problem, severity: Severity::Error });
    false
}

fn check_share(field: Field, value: f64, out: &mut Vec<FieldIssue>) {
    let problem = if !value.is_finite() {
        Problem::NotANumber
    } else if !(0.0..=1.0).contains(&value) {
        Problem::ShareOutOfRange
    } else {
        return;
    };
    out.push(FieldIssue { field, problem, severity: Severity::Error });
}

impl Workload {
    /// Every problem with the workload. Errors block the estimate; warnings
    /// rest on unconfirmed catalog figures and are shown beside the result.
    pub fn validate(&self, catalog: &Catalog) -> Vec<FieldIssue> {
        use Field::*;
        let mut out = Vec::new();
        check_number(Requests, self.requests, MAX_REQUESTS, &mut out);
        let mut tokens_ok = true;
        for (field, v) in [
            (SystemTokens, self.system_tokens),
            (UserTokens, self.user_tokens),
            (TokensPerChunk, self.tokens_per_chunk),
            (OutputTokens, self.output_tokens),
        ] {
            tokens_ok &= check_number(field, v, MAX_TOKENS_PER_FIELD, &mut out);
        }
        if check_number(Chunks, self.chunks, MAX_CHUNKS, &mut out) {
            if self.chunks.fract() != 0.0 {
                out.push(FieldIssue { field: Chunks, problem: Problem::NotWhole, severity: Severity::Error });
                tokens_ok = false;
            }
        } else {
            tokens_ok = false;
        }
        if let Some(cap) = self.max_tokens {
            if !check_number(MaxTokens, cap, MAX_TOKENS_PER_FIELD, &mut out) {
                tokens_ok = false;
            } else if cap == 0.0 {
                out.push(FieldIssue { field: MaxTokens, problem: Problem::Zero, severity: Severity::Error });
            }
        }
        check_share(CacheableShare, self.cacheable_share, &mut out);
        check_share(BatchShare, self.batch_share, &mut out);
        if self.batch_share > 0.0 && !self.deployment.has_batch() {
            out.push(FieldIssue { field: BatchShare, problem: Problem::NoBatchOnDeployment, severity: Severity::Error });
        }
        if let Err(e) = token_prices(&self.model, self.deployment, None, &PriceOverride::default(), catalog) {
            out.push(FieldIssue { field: Model, problem: Problem::Price(e), severity: Severity::Error });
        } else if tokens_ok {
            self.check_model_limits(catalog, &mut out);
        }
        out
    }

    /// True when [`Workload::validate`] finds no error.
    pub fn is_valid(&self, catalog: &Catalog) -> bool {
        self.validate(catalog).iter().all(|i| i.severity == Severity::Warning)
    }

    fn check_model_limits(&self, catalog: &Catalog, out: &mut Vec<FieldIssue>) {
        let Some(m) = facts::model_for_name(&self.model) else { return };
        let severity = |kind: Kind| match facts::builtin(kind, m.name).map(|f| f.certainty) {
            Some(Certainty::Documented) => Severity::Error,
            _ => Severity::Warning,
        };
        // The page prices Standard deployments: what Azure's Standard
        // deployments take where that is less than the model's window.
        let window = match catalog.get(Kind::ContextWindowAzureStandard, m.name) {
            Some(w) => Some((w, Kind::ContextWindowAzureStandard)),
            None => catalog.get(Kind::ContextWindow, m.name).map(|w| (w, Kind::ContextWindow)),
        };
        let mut within_window = true;
        if let Some((window, kind)) = window {
            let tokens = self.prompt_tokens() + self.max_tokens.unwrap_or(self.output_tokens);
            if tokens > window {
                within_window = false;
                let problem = Problem::ExceedsContextWindow { tokens, window };
                out.push(FieldIssue { field: Field::Model, problem, severity: severity(kind) });
            }
        }
        if let Some(cap) = catalog.get(Kind::MaxInputTokens, m.name).filter(|_| within_window) {
            let tokens = self.prompt_tokens();
            if tokens > cap {
                let problem = Problem::ExceedsInputCap { tokens, cap };
                out.push(FieldIssue { field: Field::Model, problem, severity: severity(Kind::MaxInputTokens) });
            }
        }
        if let (Some(maximum), Some(cap)) = (catalog.get(Kind::MaxOutputTokens, m.name), self.max_tokens) {
            if maximum > 0.0 && cap > maximum {
                let problem = Problem::ExceedsOutputMaximum { tokens: cap, maximum };
                out.push(FieldIssue { field: Field::MaxTokens, problem, severity: severity(Kind::MaxOutputTokens) });
            }
        }
    }

    /// Prompt tokens per request: system + user + k × tokens per chunk.
    pub fn prompt_tokens(&self) -> f64 {
        super::knobs::rag_prompt_tokens(self.system_tokens + self.user_tokens, self.chunks, self.tokens_per_chunk)
    }

    /// Output tokens per request after the cap.
    pub fn billed_output_tokens(&self) -> f64 {
        match self.max_tokens {
            Some(cap) => self.output_tokens.min(cap),
            None => self.output_tokens,
        }
    }

    /// Cached tokens of one request whose prefix hits the cache.
    pub fn cached_tokens_on_hit(&self, catalog: &Catalog) -> f64 {
        cached_prefix_tokens(self.system_tokens, catalog)
    }

    /// Average cached tokens per request: the hit share × tokens on a hit.
    pub fn cached_tokens(&self, catalog: &Catalog) -> f64 {
        self.cacheable_share * self.cached_tokens_on_hit(catalog)
    }

    /// Requests per day, given the days in a month.
    pub fn requests_per_day(&self, days_per_month: f64) -> f64 {
        match self.per {
            Period::Day => self.requests,
            Period::Month => self.requests / days_per_month,
        }
    }
}

/// Tokens of an identical prefix of `prefix_tokens` that the cache serves:
/// zero below `cache_min_prefix_tokens`, else the minimum plus whole
/// `cache_step_tokens` steps.
pub fn cached_prefix_tokens(prefix_tokens: f64, catalog: &Catalog) -> f64 {
    let min = catalog.require(Kind::CacheMinPrefixTokens, "any");
    let step = catalog.require(Kind::CacheStepTokens, "any");
    if !prefix_tokens.is_finite() || prefix_tokens <= 0.0 || prefix_tokens < min {
        return 0.0;
    }
    if step <= 0.0 {
        return prefix_tokens;
    }
    min + ((prefix_tokens - min) / step).floor() * step
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issues(w: &Workload) -> Vec<(Field, Problem)> {
        w.validate(&Catalog::builtin()).into_iter().map(|i| (i.field, i.problem)).collect()
    }

    #[test]
    fn caching_rule_rounds_down_to_128_steps_above_1024() {
        let c = Catalog::builtin();
        assert_eq!(cached_prefix_tokens(1_023.0, &c), 0.0);
        assert_eq!(cached_prefix_tokens(1_024.0, &c), 1_024.0);
        assert_eq!(cached_prefix_tokens(1_151.0, &c), 1_024.0);
        assert_eq!(cached_prefix_tokens(1_152.0, &c), 1_152.0);
        assert_eq!(cached_prefix_tokens(2_000.0, &c), 1_920.0);
        let w = Workload { system_tokens: 2_000.0, cacheable_share: 0.5, ..Workload::default() };
        assert_eq!(w.cached_tokens(&c), 960.0);
    }

    #[test]
    fn default_workload_is_valid() {
        assert_eq!(issues(&Workload::default()), vec![]);
    }

    #[test]
    fn bad_numbers_get_reasons() {
        let w = Workload {
            requests: -1.0,
            user_tokens: f64::NAN,
            chunks: 2.5,
            cacheable_share: 1.5,
            batch_share: -0.1,
            max_tokens: Some(0.0),
            tokens_per_chunk: 1e9,
            ..Workload::default()
        };
        let got = issues(&w);
        assert!(got.contains(&(Field::Requests, Problem::Negative)));
        assert!(got.contains(&(Field::UserTokens, Problem::NotANumber)));
        assert!(got.contains(&(Field::Chunks, Problem::NotWhole)));
        assert!(got.contains(&(Field::CacheableShare, Problem::ShareOutOfRange)));
        assert!(got.contains(&(Field::BatchShare, Problem::ShareOutOfRange)));
        assert!(got.contains(&(Field::MaxTokens, Problem::Zero)));
        assert!(got.contains(&(Field::TokensPerChunk, Problem::Absurd { max: MAX_TOKENS_PER_FIELD })));
    }

    #[test]
    fn model_and_deployment_checks() {
        let w = Workload { model: "gpt-4".into(), ..Workload::default() };
        assert_eq!(
            issues(&w),
            vec![(Field::Model, Problem::Price(PriceError::NoPrice { model: "gpt-4".into(), kind: "price_input".into() }))]
        );
        let w = Workload { deployment: Scope::Regional, batch_share: 0.3, ..Workload::default() };
        assert_eq!(issues(&w), vec![(Field::BatchShare, Problem::NoBatchOnDeployment)]);
        // A context window OpenAI's model page documents: an error.
        let w = Workload { chunks: 300.0, ..Workload::default() };
        let v = w.validate(&Catalog::builtin());
        assert!(matches!(v[0].problem, Problem::ExceedsContextWindow { window, .. } if window == 128_000.0));
        assert_eq!(v[0].severity, Severity::Error);
        assert!(!w.is_valid(&Catalog::builtin()));
    }

    /// Azure's Standard deployments of gpt-4.1 take 300,000 tokens, not the
    /// model's 1,047,576; gpt-5 takes 272,000 input tokens of its 400,000.
    /// Both documented: errors (issue 38).
    #[test]
    fn the_standard_deployments_limit_and_the_input_cap() {
        let c = Catalog::builtin();
        let standard = c.require(Kind::ContextWindowAzureStandard, "gpt-4.1");
        let w = Workload { model: "gpt-4.1".into(), chunks: 400.0, tokens_per_chunk: 1_000.0, ..Workload::default() };
        assert!(w.prompt_tokens() > standard && w.prompt_tokens() < c.require(Kind::ContextWindow, "gpt-4.1"));
        let v = w.validate(&c);
        assert!(matches!(v[0].problem, Problem::ExceedsContextWindow { window, .. } if window == standard), "{v:?}");
        assert_eq!(v[0].severity, Severity::Error);
        let cap = c.require(Kind::MaxInputTokens, "gpt-5");
        let w =
            Workload { model: "gpt-5".into(), chunks: 300.0, tokens_per_chunk: 1_000.0, max_tokens: Some(1_000.0), ..Workload::default() };
        assert!(w.prompt_tokens() > cap && w.prompt_tokens() + 1_000.0 < c.require(Kind::ContextWindow, "gpt-5"));
        let v = w.validate(&c);
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(matches!(v[0].problem, Problem::ExceedsInputCap { cap: got, .. } if got == cap), "{v:?}");
        assert_eq!(v[0].severity, Severity::Error);
    }
}
