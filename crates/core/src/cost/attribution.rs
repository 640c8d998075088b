//! Spend per tenant and per feature from usage records, as table rows
//! sorted by cost, with totals and a CSV export.

use super::prices::{effective_prices, DeploymentType, PriceError, Prices};
use super::scenario::Split;
use super::usage::{Diagnostic, LineProblem, UsageRecord};
use crate::cost::knobs::token_cost;
use crate::facts::Catalog;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How usage lines are priced: they do not say which deployment type
/// served them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttributionConfig {
    pub deployment: DeploymentType,
}

impl Default for AttributionConfig {
    fn default() -> Self {
        AttributionConfig { deployment: DeploymentType::Global }
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
    /// Lines left out because their model has no price.
    pub diagnostics: Vec<Diagnostic>,
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
    let mut diagnostics = Vec::new();
    for r in records {
        let p = prices.entry(r.model.as_str()).or_insert_with(|| effective_prices(&r.model, config.deployment, catalog));
        let p = match p {
            Ok(p) => p,
            Err(e) => {
                let problem = match e {
                    PriceError::UnknownModel(m) => LineProblem::UnknownModel(m.clone()),
                    PriceError::NoPrice(m) => LineProblem::NoPrice(m.clone()),
                };
                diagnostics.push(Diagnostic { line: r.line, problem });
                continue;
            }
        };
        let cost = record_cost(r, p);
        tenants.entry(&r.tenant).or_default().add(r, &cost);
        features.entry(&r.feature).or_default().add(r, &cost);
    }
    Spend { by_tenant: table(Grouping::Tenant, tenants), by_feature: table(Grouping::Feature, features), diagnostics }
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

/// The table as CSV (header, rows, then a `total` row). Keys that a
/// spreadsheet would run as a formula are prefixed with `'`.
pub fn spend_csv(table: &SpendTable) -> String {
    let key = match table.grouping {
        Grouping::Tenant => "tenant",
        Grouping::Feature => "feature",
    };
    let mut out = format!("{key},requests,prompt_tokens,cached_tokens,completion_tokens,input_usd,cached_input_usd,output_usd,total_usd\n");
    let line = |out: &mut String, name: &str, r: &SpendRow| {
        out.push_str(&format!(
            "{},{},{},{},{},{:.6},{:.6},{:.6},{:.6}\n",
            csv_field(name),
            r.requests,
            r.prompt_tokens,
            r.cached_tokens,
            r.completion_tokens,
            r.cost.input,
            r.cost.cached_input,
            r.cost.output,
            r.cost.total
        ));
    };
    for r in &table.rows {
        line(&mut out, &r.key, r);
    }
    line(&mut out, "total", &table.total);
    out
}

fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}
