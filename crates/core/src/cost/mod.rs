//! Cost what-if: prices, workload, baseline and scenarios, knob attribution,
//! usage attribution, share links.
//!
//! - `prices`: the price table; the one answer to what tokens of a model cost
//!   on a deployment type in a region (`token_prices`) and what a PTU costs
//!   on a scope in a region (`ptu_prices`; a month of it, `PtuPrices::month`,
//!   over the one month, `HOURS_PER_MONTH`);
//! - `workload`: a workload, its validation, the prompt-caching rule;
//! - `scenario`: what a workload costs, split by part, lane and period;
//! - `compare`: a baseline against up to four scenarios, saving per knob;
//! - `usage` and `attribution`: usage lines in, spend per tenant and feature out;
//! - `from_results`: usage records from a joined batch (the /results page);
//! - [`share`]: the comparison as URL query pairs;
//! - `knobs`: single-knob arithmetic shared with the practice problems.

mod attribution;
mod compare;
mod from_results;
mod knobs;
mod prices;
mod scenario;
// The page's link codec: `table`, `encode`, `decode`, named alike in each tool's `share`.
pub mod share;
mod usage;
mod workload;

pub use attribution::{spend, spend_csv, AttributionConfig, Grouping, Spend, SpendRow, SpendTable};
pub use compare::{
    attribute, evaluate, saving_share_text, CompareError, Comparison, ComparisonResult, Knob, KnobSaving, Scenario, ScenarioResult, Slot,
    SlotIssues, MAX_SCENARIOS,
};
pub use from_results::records_from_results;
pub use knobs::{chunk_trim_saving, output_cap_saving};
pub(crate) use knobs::{rag_prompt_tokens, token_cost};
pub use prices::{
    price_table, ptu_price_facts, ptu_prices, token_prices, uplift_fact, PriceCell, PriceError, PriceOverride, PriceRow, PriceTable,
    Prices, PtuPrices, PtuPricing, DAYS_PER_MONTH, HOURS_PER_MONTH, MINUTES_PER_MONTH,
};
pub use scenario::{Cost, CostConfig, Note, RequestTokens, Split, DAYS_PER_YEAR, DEFAULT_DAYS_PER_MONTH, MONTHS_PER_YEAR};
pub use usage::{
    parse_usage, parse_usage_within, Column, Diagnostic, LineProblem, ParsedUsage, UsageFormat, UsageLimits, UsageParser, UsageRecord,
};
pub(crate) use workload::cached_prefix_tokens;
pub use workload::{Field, FieldIssue, Period, Problem, Severity, Workload};
