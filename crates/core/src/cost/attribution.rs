//! Spend per tenant and per feature from usage records, as table rows
//! sorted by cost, with totals and a CSV export.

use super::prices::{token_prices, PriceError, PriceOverride, Prices};
use super::scenario::Split;
use super::usage::{Diagnostic, Diagnostics, LineProblem, UsageRecord};
use crate::cost::knobs::token_cost;
use crate::facts::Catalog;
use crate::facts::Scope;
use crate::io::{CsvError, CsvOptions, CsvWriter};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How usage lines are priced: they do not say which deployment type
/// served them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttributionConfig {
    pub deployment: Scope,
    /// The Azure region whose Regional prices apply (`None` = not chosen).
    #[serde(default)]
    pub region: Option<String>,
}

impl Default for AttributionConfig {
    fn default() -> Self {
        AttributionConfig { deployment: Scope::Global, region: None }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Grouping {
    Tenant,
    Feature,
}

/// One tenant's (or feature's) usage and spend. `key` is empty for lines
/// that named none (the UI shows "unassigned").
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SpendRow {
    pub key: String,
    pub requests: f64,
    pub prompt_tokens: f64,
    pub cached_tokens: f64,
    pub completion_tokens: f64,
    /// USD: uncached input, cached input, output.
    pub cost: Split,
    /// This row's part of the total cost, 0–1 (0 when the total is 0).
    pub share: f64,
}

impl SpendRow {
    fn add(&mut self, r: &UsageRecord, cost: &Split) {
        self.requests += r.requests;
        self.prompt_tokens += r.prompt_tokens;
        self.cached_tokens += r.cached_tokens;
        self.completion_tokens += r.completion_tokens;
        self.cost = self.cost.add(cost);
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpendTable {
    pub grouping: Grouping,
    /// Most expensive first; ties by key.
    pub rows: Vec<SpendRow>,
    /// The sum of the rows (key empty, share 1 unless nothing was spent).
    pub total: SpendRow,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spend {
    pub by_tenant: SpendTable,
    pub by_feature: SpendTable,
    /// Lines left out because their model has no price or their cost
    /// overflowed; at most [`crate::io::MAX_DIAGNOSTICS`], the rest counted.
    pub diagnostics: Vec<Diagnostic>,
    pub diagnostics_dropped: u64,
}

impl SpendRow {
    /// Every figure of the row is a finite number.
    fn is_finite(&self) -> bool {
        [self.requests, self.prompt_tokens, self.cached_tokens, self.completion_tokens, self.cost.total].iter().all(|v| v.is_finite())
    }
}

/// The cost of one record at `prices` (batch lines at the batch factor).
pub fn record_cost(r: &UsageRecord, prices: &Prices) -> Split {
    let factor = if r.batch { prices.batch_factor } else { 1.0 };
    Split::new(
        token_cost(r.prompt_tokens - r.cached_tokens, prices.input),
        token_cost(r.cached_tokens, prices.cached_input),
        token_cost(r.completion_tokens, prices.output),
    )
    .scale(factor)
}

/// Spend per tenant and per feature.
pub fn spend(records: &[UsageRecord], catalog: &Catalog, config: &AttributionConfig) -> Spend {
    let mut prices: BTreeMap<&str, Result<Prices, PriceError>> = BTreeMap::new();
    let mut tenants: BTreeMap<&str, SpendRow> = BTreeMap::new();
    let mut features: BTreeMap<&str, SpendRow> = BTreeMap::new();
    let mut diagnostics = Diagnostics::default();
    // Every group's sums are at most the grand total's (all figures are
    // non-negative): a record that would make the grand total non-finite
    // is left out with a diagnostic, so no row can hold `inf`.
    let mut grand = SpendRow::default();
    for r in records {
        let p = prices.entry(r.model.as_str()).or_insert_with(|| {
            token_prices(&r.model, config.deployment, config.region.as_deref(), &PriceOverride::default(), catalog).map(|(_, p)| p)
        });
        let p = match p {
            Ok(p) => p,
            Err(e) => {
                let problem = match e {
                    PriceError::UnknownModel(m) => LineProblem::UnknownModel(m.clone()),
                    PriceError::NoPrice { model, .. } | PriceError::BadOverride(model) => LineProblem::NoPrice(model.clone()),
                };
                diagnostics.push(Diagnostic { line: r.line, problem });
                continue;
            }
        };
        let cost = record_cost(r, p);
        let mut next = grand.clone();
        next.add(r, &cost);
        if !next.is_finite() {
            diagnostics.push(Diagnostic { line: r.line, problem: LineProblem::CostOverflow });
            continue;
        }
        grand = next;
        tenants.entry(&r.tenant).or_default().add(r, &cost);
        features.entry(&r.feature).or_default().add(r, &cost);
    }
    Spend {
        by_tenant: table(Grouping::Tenant, tenants),
        by_feature: table(Grouping::Feature, features),
        diagnostics: diagnostics.kept,
        diagnostics_dropped: diagnostics.dropped,
    }
}

fn table(grouping: Grouping, groups: BTreeMap<&str, SpendRow>) -> SpendTable {
    let mut total = SpendRow::default();
    let mut rows: Vec<SpendRow> = groups
        .into_iter()
        .map(|(key, mut row)| {
            row.key = key.to_string();
            total.requests += row.requests;
            total.prompt_tokens += row.prompt_tokens;
            total.cached_tokens += row.cached_tokens;
            total.completion_tokens += row.completion_tokens;
            total.cost = total.cost.add(&row.cost);
            row
        })
        .collect();
    for row in &mut rows {
        row.share = if total.cost.total > 0.0 { row.cost.total / total.cost.total } else { 0.0 };
    }
    total.share = if total.cost.total > 0.0 { 1.0 } else { 0.0 };
    rows.sort_by(|a, b| b.cost.total.total_cmp(&a.cost.total).then_with(|| a.key.cmp(&b.key)));
    SpendTable { grouping, rows, total }
}

/// The table as CSV (header, rows, then a `total` row), through the one
/// writer, `io/csv.rs`: keys are quoted and formula-guarded; a
/// figure that is not finite is an error, never `inf` in a cell.
pub fn spend_csv(table: &SpendTable) -> Result<String, CsvError> {
    let key = match table.grouping {
        Grouping::Tenant => "tenant",
        Grouping::Feature => "feature",
    };
    let mut w = CsvWriter::new(
        CsvOptions::default(),
        &[
            key,
            "requests",
            "prompt_tokens",
            "cached_tokens",
            "completion_tokens",
            "input_usd",
            "cached_input_usd",
            "output_usd",
            "total_usd",
        ],
    );
    for (name, r) in table.rows.iter().map(|r| (r.key.as_str(), r)).chain(std::iter::once(("total", &table.total))) {
        w.text(name);
        for n in [r.requests, r.prompt_tokens, r.cached_tokens, r.completion_tokens] {
            w.num(n, None)?;
        }
        for usd in [r.cost.input, r.cost.cached_input, r.cost.output, r.cost.total] {
            w.num(usd, Some(6))?;
        }
        w.end_row();
    }
    Ok(w.finish())
}
