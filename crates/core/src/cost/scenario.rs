//! What one workload costs: per request, day, month and year, split into
//! input, cached input and output, and into the standard and batch lanes.
//!
//! Per request (averaged over all requests):
//! - cached tokens = cacheable share × cached prefix tokens on a hit;
//! - uncached input = prompt tokens − cached tokens;
//! - output = min(average output, max_tokens);
//! - each part at its price × ((1 − batch share) + batch share × batch factor).
//!
//! Periods: a day is the requests of a day, a month `days_per_month` days
//! (by default the calendar's average, 365 ÷ 12), a year twelve months.

use super::prices::{token_prices, PriceOverride, Prices, DAYS_PER_MONTH};
use super::workload::{Field, FieldIssue, Problem, Severity, Workload};
use crate::facts::Catalog;
use serde::{Deserialize, Serialize};

/// The calendar (not vendor figures): a year and its months.
pub const DAYS_PER_YEAR: f64 = 365.0;
pub const MONTHS_PER_YEAR: f64 = 12.0;
/// The default month: the one month of every tool ([`DAYS_PER_MONTH`]:
/// 730 hours, the calendar's average), so that a year of months is a year
/// of days (not 12 × 30 = 360).
pub const DEFAULT_DAYS_PER_MONTH: f64 = DAYS_PER_MONTH;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CostConfig {
    /// Days in a month, 1 to 31.
    pub days_per_month: f64,
    /// The Azure region (`armRegionName`) whose Regional prices apply;
    /// `None` = not chosen (`regional_price_factor.any`).
    #[serde(default)]
    pub region: Option<String>,
}

impl Default for CostConfig {
    fn default() -> Self {
        CostConfig { days_per_month: DEFAULT_DAYS_PER_MONTH, region: None }
    }
}

impl CostConfig {
    pub fn validate(&self) -> Option<FieldIssue> {
        let d = self.days_per_month;
        let problem = if !d.is_finite() {
            Problem::NotANumber
        } else if d < 1.0 {
            Problem::Zero
        } else if d > 31.0 {
            Problem::Absurd { max: 31.0 }
        } else {
            return None;
        };
        Some(FieldIssue { field: Field::DaysPerMonth, problem, severity: Severity::Error })
    }

    /// The month length as the days box shows it: the default (365 ÷ 12)
    /// short, "30.42" (it showed "30.416666667"); any other value as it
    /// was typed; "" for a value that is not a number.
    pub fn days_field(days: f64) -> String {
        if !days.is_finite() {
            String::new()
        } else if days == DEFAULT_DAYS_PER_MONTH {
            crate::format::format_number(days, 2)
        } else {
            format!("{}", (days * 1e9).round() / 1e9)
        }
    }

    /// The days box's number back: the default as shown ("30.42") is the
    /// exact default, so the costs stay those of a calendar month.
    pub fn days_from_field(typed: f64) -> f64 {
        if typed.to_string() == Self::days_field(DEFAULT_DAYS_PER_MONTH) {
            DEFAULT_DAYS_PER_MONTH
        } else {
            typed
        }
    }
}

/// Dollars split by what they pay for; `total` is always the sum of the
/// three parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Split {
    pub input: f64,
    pub cached_input: f64,
    pub output: f64,
    pub total: f64,
}

impl Split {
    pub fn new(input: f64, cached_input: f64, output: f64) -> Self {
        Split { input, cached_input, output, total: input + cached_input + output }
    }

    pub fn scale(&self, by: f64) -> Self {
        Split::new(self.input * by, self.cached_input * by, self.output * by)
    }

    pub fn add(&self, other: &Split) -> Self {
        Split::new(self.input + other.input, self.cached_input + other.cached_input, self.output + other.output)
    }

    /// `self − other`: what `other` saves against `self`.
    pub fn minus(&self, other: &Split) -> Self {
        Split::new(self.input - other.input, self.cached_input - other.cached_input, self.output - other.output)
    }
}

/// Average tokens of one request.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RequestTokens {
    pub prompt: f64,
    pub cached: f64,
    pub uncached_input: f64,
    pub output: f64,
}

/// Things about a workload's estimate worth a visible note (UI translates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Note {
    /// `max_tokens` is below the average output: answers get cut off, and
    /// the estimate (output = the cap) is an upper bound.
    CapBelowAverageOutput,
    /// A cacheable share is set but the system prefix is below the caching
    /// minimum, so nothing is cached.
    PrefixTooShortToCache,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cost {
    pub tokens: RequestTokens,
    pub prices: Prices,
    pub requests_per_day: f64,
    pub per_request: Split,
    /// Per request, the part paid at the standard price and the batch part;
    /// they add up to `per_request`.
    pub per_request_standard: Split,
    pub per_request_batch: Split,
    pub per_day: Split,
    pub per_month: Split,
    pub per_year: Split,
    pub notes: Vec<Note>,
    /// Warnings from validation (unconfirmed limits).
    pub warnings: Vec<FieldIssue>,
}

/// The cost of a workload, or every error that prevents it.
pub fn cost(workload: &Workload, catalog: &Catalog, config: &CostConfig) -> Result<Cost, Vec<FieldIssue>> {
    let mut issues = workload.validate(catalog);
    issues.extend(config.validate());
    if issues.iter().any(|i| i.severity == Severity::Error) {
        return Err(issues);
    }
    let (_, prices) = token_prices(&workload.model, workload.deployment, config.region.as_deref(), &PriceOverride::default(), catalog)
        .expect("validate checked the model's prices");
    let mut c = cost_unchecked(workload, &prices, catalog, config);
    c.warnings = issues;
    Ok(c)
}

/// The arithmetic, for workloads already validated (and for the
/// intermediate steps of knob attribution).
pub(crate) fn cost_unchecked(w: &Workload, prices: &Prices, catalog: &Catalog, config: &CostConfig) -> Cost {
    use super::knobs::token_cost;
    let prompt = w.prompt_tokens();
    let cached = w.cached_tokens(catalog).min(prompt);
    let output = w.billed_output_tokens();
    let tokens = RequestTokens { prompt, cached, uncached_input: prompt - cached, output };
    let full = Split::new(
        token_cost(tokens.uncached_input, prices.input),
        token_cost(cached, prices.cached_input),
        token_cost(output, prices.output),
    );
    let per_request_standard = full.scale(1.0 - w.batch_share);
    let per_request_batch = full.scale(w.batch_share * prices.batch_factor);
    let per_request = per_request_standard.add(&per_request_batch);
    let requests_per_day = w.requests_per_day(config.days_per_month);
    let per_day = per_request.scale(requests_per_day);
    let per_month = per_day.scale(config.days_per_month);
    let per_year = per_month.scale(MONTHS_PER_YEAR);
    let mut notes = Vec::new();
    if w.max_tokens.is_some_and(|cap| cap < w.output_tokens) {
        notes.push(Note::CapBelowAverageOutput);
    }
    if w.cacheable_share > 0.0 && w.cached_tokens_on_hit(catalog) == 0.0 {
        notes.push(Note::PrefixTooShortToCache);
    }
    Cost {
        tokens,
        prices: *prices,
        requests_per_day,
        per_request,
        per_request_standard,
        per_request_batch,
        per_day,
        per_month,
        per_year,
        notes,
        warnings: Vec::new(),
    }
}

#[cfg(test)]
mod days_field_tests {
    use super::*;

    #[test]
    fn the_default_month_is_shown_short_and_computed_exactly() {
        let shown = CostConfig::days_field(DEFAULT_DAYS_PER_MONTH);
        assert_eq!(shown, "30.42");
        assert_eq!(CostConfig::days_from_field(shown.parse().unwrap()), DEFAULT_DAYS_PER_MONTH);
        assert_eq!(CostConfig::days_field(30.0), "30");
        assert_eq!(CostConfig::days_from_field(30.0), 30.0);
        assert_eq!(CostConfig::days_field(30.5), "30.5");
        assert_eq!(CostConfig::days_from_field(30.41), 30.41);
        assert_eq!(CostConfig::days_field(f64::NAN), "");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::workload::Period;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
    }

    fn assert_parts(s: &Split) {
        assert_eq!(s.total, s.input + s.cached_input + s.output, "{s:?}");
    }

    #[test]
    fn every_total_is_the_sum_of_its_parts() {
        let c = Catalog::builtin();
        let w = Workload { system_tokens: 2_000.0, cacheable_share: 0.6, batch_share: 0.3, max_tokens: Some(400.0), ..Workload::default() };
        let r = cost(&w, &c, &CostConfig::default()).unwrap();
        for s in [&r.per_request, &r.per_request_standard, &r.per_request_batch, &r.per_day, &r.per_month, &r.per_year] {
            assert_parts(s);
        }
        let lanes = r.per_request_standard.add(&r.per_request_batch);
        assert!(close(lanes.total, r.per_request.total));
        assert!(close(r.per_day.total, r.per_request.total * 10_000.0));
        assert!(close(r.per_year.total, r.per_month.total * 12.0));
        assert!(close(r.per_month.total, r.per_day.total * 365.0 / 12.0));
    }

    #[test]
    fn a_default_year_is_365_days_not_360() {
        let c = Catalog::builtin();
        let r = cost(&Workload::default(), &c, &CostConfig::default()).unwrap();
        assert!(close(r.per_year.total, r.per_day.total * 365.0), "{} vs {}", r.per_year.total, r.per_day.total * 365.0);
    }

    #[test]
    fn worked_request_on_gpt_4o() {
        // 1,200 system + 200 user + 8 × 500 = 5,400 prompt tokens; half the
        // requests hit the cache for 1,152 tokens → 576 cached on average.
        let c = Catalog::builtin();
        let w = Workload { cacheable_share: 0.5, ..Workload::default() };
        let r = cost(&w, &c, &CostConfig::default()).unwrap();
        assert_eq!(r.tokens, RequestTokens { prompt: 5_400.0, cached: 576.0, uncached_input: 4_824.0, output: 500.0 });
        assert!(close(r.per_request.input, 4_824.0 * 2.5 / 1e6));
        assert!(close(r.per_request.cached_input, 576.0 * 1.25 / 1e6));
        assert!(close(r.per_request.output, 500.0 * 10.0 / 1e6));
    }

    #[test]
    fn batch_share_is_priced_at_the_batch_factor() {
        let c = Catalog::builtin();
        let all_online = cost(&Workload::default(), &c, &CostConfig::default()).unwrap();
        let half = Workload { batch_share: 0.5, ..Workload::default() };
        let r = cost(&half, &c, &CostConfig::default()).unwrap();
        assert!(close(r.per_request.total, all_online.per_request.total * 0.75));
        assert!(close(r.per_request_batch.total, all_online.per_request.total * 0.25));
    }

    #[test]
    fn per_month_requests_and_days() {
        let c = Catalog::builtin();
        let w = Workload { requests: 310_000.0, per: Period::Month, ..Workload::default() };
        let r = cost(&w, &c, &CostConfig { days_per_month: 31.0, region: None }).unwrap();
        assert!(close(r.requests_per_day, 10_000.0));
        assert!(close(r.per_month.total, r.per_request.total * 310_000.0));
        let bad = cost(&w, &c, &CostConfig { days_per_month: 0.0, region: None }).unwrap_err();
        assert_eq!(bad[0].field, Field::DaysPerMonth);
    }

    #[test]
    fn notes_for_cut_answers_and_short_prefixes() {
        let c = Catalog::builtin();
        let w = Workload { max_tokens: Some(300.0), system_tokens: 900.0, cacheable_share: 1.0, ..Workload::default() };
        let r = cost(&w, &c, &CostConfig::default()).unwrap();
        assert_eq!(r.notes, vec![Note::CapBelowAverageOutput, Note::PrefixTooShortToCache]);
        assert_eq!(r.tokens.cached, 0.0);
        assert_eq!(r.tokens.output, 300.0);
    }

    #[test]
    fn invalid_workloads_return_every_error() {
        let w = Workload { requests: f64::NAN, batch_share: 2.0, ..Workload::default() };
        let e = cost(&w, &Catalog::builtin(), &CostConfig::default()).unwrap_err();
        assert_eq!(e.len(), 2);
    }
}
