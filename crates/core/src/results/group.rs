//! Attribution: group the requests by a key the user defines — a regex
//! capture on `custom_id` (e.g. `^(tenant-\d+)-`) or a field of the input
//! line's `body.metadata` — into a table of requests, outcomes, tokens and
//! cost, exportable as CSV.

use super::report::{ResultsReport, Summary};
use super::usage::{CostOptions, PriceCache, Usage};
use crate::facts::Catalog;
use crate::io::{CsvError, CsvOptions, CsvWriter};
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
    /// The regex does not compile; the message is regex-lite's (ASCII classes: `\d` is 0-9).
    BadRegex {
        message: String,
    },
    EmptyField,
}

impl std::fmt::Display for GroupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GroupError::EmptyPattern => write!(f, "the pattern is empty"),
            GroupError::BadRegex { message } => write!(f, "not a regular expression: {message}"),
            GroupError::EmptyField => write!(f, "the field name is empty"),
        }
    }
}

impl std::error::Error for GroupError {}

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
    /// A token or cost sum of the group overflowed: its figures are capped
    /// (shown as an error, never exported).
    pub overflow: bool,
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
    Regex(regex_lite::Regex),
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
            regex_lite::Regex::new(pattern).map(Keyer::Regex).map_err(|e| GroupError::BadRegex { message: e.to_string() })
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
            overflow: false,
        });
        g.summary.add(row.outcome);
        g.summary.unexpected += u64::from(row.unexpected);
        g.summary.duplicates += u64::from(row.result_lines.saturating_sub(1));
        if !g.usage.try_add(&row.usage) {
            g.overflow = true;
        }
        match cache.cost(catalog, row.model.as_deref(), &row.usage, opts) {
            Some(c) if (g.cost_usd + c).is_finite() => g.cost_usd += c,
            Some(_) => g.overflow = true,
            None => g.partly_unpriced = true,
        }
    }
    let needs_input = matches!(key, GroupKey::Metadata { .. }) && !report.input.present;
    Ok(GroupTable { key: key.clone(), rows: groups.into_values().collect(), needs_input })
}

/// CSV with a header line, one line per group, `\n` line ends (the one
/// writer, `io/csv.rs`: quoting and the formula guard). The
/// unmatched group has an empty key. A group whose sums overflowed is an
/// error, never a capped figure in a cell.
pub fn group_csv(table: &GroupTable) -> Result<String, CsvError> {
    let mut w = CsvWriter::new(
        CsvOptions::default(),
        &[
            "group",
            "requests",
            "succeeded",
            "truncated",
            "content_filtered",
            "rate_limited",
            "server_error",
            "client_error",
            "batch_expired",
            "batch_cancelled",
            "request_timeout",
            "missing",
            "retryable",
            "prompt_tokens",
            "cached_tokens",
            "completion_tokens",
            "reasoning_tokens",
            "cost_usd",
            "cost_partly_unpriced",
        ],
    );
    for (i, r) in table.rows.iter().enumerate() {
        if r.overflow {
            return Err(CsvError::Overflow { row: i + 1 });
        }
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
            s.retryable(),
            r.usage.prompt,
            r.usage.cached,
            r.usage.completion,
            r.usage.reasoning,
        ];
        w.text(r.key.as_deref().unwrap_or(""));
        for n in nums {
            w.int(n);
        }
        w.num(r.cost_usd, Some(6))?.bool(r.partly_unpriced).end_row();
    }
    Ok(w.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(key: &str, overflow: bool, cost_usd: f64) -> GroupTable {
        let row = GroupRow {
            key: Some(key.into()),
            summary: Summary::default(),
            usage: Usage::default(),
            cost_usd,
            partly_unpriced: false,
            overflow,
        };
        GroupTable { key: GroupKey::Metadata { field: "t".into() }, rows: vec![row], needs_input: false }
    }

    #[test]
    fn csv_keys_are_guarded_including_tab_and_cr() {
        // Fails before the fix: a leading TAB or CR went out unguarded.
        let csv = group_csv(&table("\t=cmd|' /C calc'!A0", false, 0.0)).unwrap();
        assert!(csv.lines().nth(1).unwrap().starts_with("'\t=cmd"), "{csv}");
        let csv = group_csv(&table("\r=1+1", false, 0.0)).unwrap();
        assert!(csv.split('\n').nth(1).unwrap().starts_with("\"'\r=1+1\""), "{csv}");
    }

    #[test]
    fn overflowed_or_infinite_money_is_an_error_in_the_csv() {
        assert_eq!(group_csv(&table("a", false, f64::INFINITY)), Err(CsvError::NonFinite { row: 1, column: "cost_usd".into() }));
        assert_eq!(group_csv(&table("a", true, 1.0)), Err(CsvError::Overflow { row: 1 }));
    }

    #[test]
    fn bad_keys_are_refused() {
        assert_eq!(keyer(&GroupKey::CustomIdRegex { pattern: String::new() }).err(), Some(GroupError::EmptyPattern));
        assert!(matches!(keyer(&GroupKey::CustomIdRegex { pattern: "(".into() }).err(), Some(GroupError::BadRegex { .. })));
        assert_eq!(keyer(&GroupKey::Metadata { field: " ".into() }).err(), Some(GroupError::EmptyField));
    }
}
