//! Attribution: group the requests by a key the user defines — a regex
//! capture on `custom_id` (e.g. `^(tenant-\d+)-`) or a field of the input
//! line's `body.metadata` — into a table of requests, outcomes, tokens and
//! cost, exportable as CSV.

use super::report::{ResultsReport, Summary};
use super::usage::{CostOptions, PriceCache, Usage};
use crate::facts::Catalog;
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupKey {
    /// The first capture group that matched (or the whole match if the
    /// pattern has no group) of a regex on `custom_id`.
    CustomIdRegex { pattern: String },
    /// A field of the input line's `body.metadata` (needs the input file).
    Metadata { field: String },
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GroupError {
    EmptyPattern,
    /// The regex does not compile; the message is the regex crate's.
    BadRegex {
        message: String,
    },
    EmptyField,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GroupRow {
    /// `None`: requests the key did not match (no capture, no such metadata field).
    pub key: Option<String>,
    /// Requests and outcome counts of the group.
    pub summary: Summary,
    pub usage: Usage,
    /// Cost of the priced tokens.
    pub cost_usd: f64,
    /// Some of the group's tokens could not be priced (unknown model): the cost is a lower bound.
    pub partly_unpriced: bool,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GroupTable {
    pub key: GroupKey,
    /// By key; the unmatched group last.
    pub rows: Vec<GroupRow>,
    /// Grouping by metadata without the input file: every request is unmatched.
    pub needs_input: bool,
}

enum Keyer {
    Regex(regex::Regex),
    Field(String),
}

impl Keyer {
    fn key(&self, row: &super::report::RequestRow) -> Option<String> {
        match self {
            Keyer::Regex(re) => {
                let caps = re.captures(&row.custom_id)?;
                let m = (1..caps.len()).find_map(|i| caps.get(i)).or_else(|| caps.get(0))?;
                Some(m.as_str().to_string())
            }
            Keyer::Field(f) => row.metadata.get(f).cloned(),
        }
    }
}

fn keyer(key: &GroupKey) -> Result<Keyer, GroupError> {
    match key {
        GroupKey::CustomIdRegex { pattern } if pattern.is_empty() => Err(GroupError::EmptyPattern),
        GroupKey::CustomIdRegex { pattern } => {
            regex::Regex::new(pattern).map(Keyer::Regex).map_err(|e| GroupError::BadRegex { message: e.to_string() })
        }
        GroupKey::Metadata { field } if field.trim().is_empty() => Err(GroupError::EmptyField),
        GroupKey::Metadata { field } => Ok(Keyer::Field(field.trim().to_string())),
    }
}

/// The key of each of the report's rows, in row order (`None`: not matched).
pub fn row_keys(report: &ResultsReport, key: &GroupKey) -> Result<Vec<Option<String>>, GroupError> {
    let keyer = keyer(key)?;
    Ok(report.rows.iter().map(|r| keyer.key(r)).collect())
}

/// Groups the report's requests by `key` and prices each group's tokens.
pub fn group_table(report: &ResultsReport, key: &GroupKey, catalog: &Catalog, opts: &CostOptions) -> Result<GroupTable, GroupError> {
    let keyer = keyer(key)?;
    let mut cache = PriceCache::default();
    let mut groups: BTreeMap<(bool, Option<String>), GroupRow> = BTreeMap::new();
    for row in &report.rows {
        let k = keyer.key(row);
        let g = groups.entry((k.is_none(), k.clone())).or_insert_with(|| GroupRow {
            key: k,
            summary: Summary::default(),
            usage: Usage::default(),
            cost_usd: 0.0,
            partly_unpriced: false,
        });
        g.summary.add(row.outcome);
        g.summary.unexpected += u64::from(row.unexpected);
        g.summary.duplicates += u64::from(row.result_lines.saturating_sub(1));
        g.usage.add(&row.usage);
        match cache.cost(catalog, row.model.as_deref(), &row.usage, opts) {
            Some(c) => g.cost_usd += c,
            None => g.partly_unpriced = true,
        }
    }
    let needs_input = matches!(key, GroupKey::Metadata { .. }) && !report.input.present;
    Ok(GroupTable { key: key.clone(), rows: groups.into_values().collect(), needs_input })
}

/// CSV with a header line, one line per group, `\n` line ends. The
/// unmatched group has an empty key. Key cells that a spreadsheet would
/// run as a formula (starting with = + - @) get a leading `'`.
pub fn group_csv(table: &GroupTable) -> String {
    let mut out = String::from(
        "group,requests,succeeded,truncated,content_filtered,rate_limited,server_error,client_error,\
batch_expired,batch_cancelled,request_timeout,missing,retryable,prompt_tokens,cached_tokens,\
completion_tokens,reasoning_tokens,cost_usd,cost_partly_unpriced\n",
    );
    for r in &table.rows {
        let s = &r.summary;
        let nums = [
            s.requests,
            s.succeeded,
            s.truncated,
            s.content_filtered,
            s.rate_limited,
            s.server_error,
            s.client_error,
            s.batch_expired,
            s.batch_cancelled,
            s.request_timeout,
            s.missing,
            s.retryable,
            r.usage.prompt,
            r.usage.cached,
            r.usage.completion,
            r.usage.reasoning,
        ];
        out.push_str(&csv_cell(r.key.as_deref().unwrap_or("")));
        for n in nums {
            out.push(',');
            out.push_str(&n.to_string());
        }
        out.push_str(&format!(",{:.6},{}\n", r.cost_usd, r.partly_unpriced));
    }
    out
}

fn csv_cell(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@']) { format!("'{text}") } else { text.to_string() };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_cells_are_quoted_and_defused() {
        assert_eq!(csv_cell("acme"), "acme");
        assert_eq!(csv_cell("a,b"), "\"a,b\"");
        assert_eq!(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell("=SUM(A1)"), "'=SUM(A1)");
    }

    #[test]
    fn bad_keys_are_refused() {
        assert_eq!(keyer(&GroupKey::CustomIdRegex { pattern: String::new() }).err(), Some(GroupError::EmptyPattern));
        assert!(matches!(keyer(&GroupKey::CustomIdRegex { pattern: "(".into() }).err(), Some(GroupError::BadRegex { .. })));
        assert_eq!(keyer(&GroupKey::Metadata { field: " ".into() }).err(), Some(GroupError::EmptyField));
    }
}
