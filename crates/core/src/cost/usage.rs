//! Reading usage lines for spend attribution: CSV with a header (comma,
//! semicolon or tab), or JSON Lines — flat objects, OpenAI `usage` objects,
//! or batch output lines (`response.body.usage`). Columns are matched by
//! common names in any order; every bad line becomes a [`Diagnostic`] with
//! its line number, never a panic.

use crate::io::{MAX_DIAGNOSTICS, MAX_LINE_BYTES};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One usage line. `tenant` and `feature` are empty when the line has none
/// (the UI shows them as unassigned).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UsageRecord {
    /// 1-based line number in the input (0 for records not from a file).
    pub line: usize,
    pub tenant: String,
    pub feature: String,
    pub model: String,
    pub prompt_tokens: f64,
    /// Of the prompt tokens, those served from the cache.
    pub cached_tokens: f64,
    pub completion_tokens: f64,
    /// Requests the line stands for (1 unless a `requests` column says).
    pub requests: f64,
    /// Sent through batch (priced at the batch factor).
    pub batch: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Column {
    Tenant,
    Feature,
    Model,
    PromptTokens,
    CachedTokens,
    CompletionTokens,
    Requests,
    Batch,
}

impl Column {
    const ALL: [Column; 8] = [
        Column::Tenant,
        Column::Feature,
        Column::Model,
        Column::PromptTokens,
        Column::CachedTokens,
        Column::CompletionTokens,
        Column::Requests,
        Column::Batch,
    ];

    /// Accepted names, lower case without `_`, `-`, `.` or spaces.
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Column::Tenant => {
                &["tenant", "tenantid", "tenantname", "customer", "customerid", "team", "org", "organization", "user", "userid"]
            }
            Column::Feature => &["feature", "featurename", "featureid", "usecase", "app", "application", "product", "scenario"],
            Column::Model => &["model", "modelname", "deployment", "deploymentname"],
            Column::PromptTokens => &["prompttokens", "inputtokens", "prompt", "input", "tokensin"],
            Column::CachedTokens => &[
                "cachedtokens",
                "cachedinputtokens",
                "cached",
                "cachedprompttokens",
                "prompttokensdetailscachedtokens",
                "inputtokensdetailscachedtokens",
            ],
            Column::CompletionTokens => &["completiontokens", "outputtokens", "completion", "output", "tokensout"],
            Column::Requests => &["requests", "requestcount", "count", "calls"],
            Column::Batch => &["batch", "isbatch"],
        }
    }

    /// The column a name stands for, with the rank of the alias matched
    /// (0 best): `prompt_tokens` beats `prompt` when a line has both.
    fn for_name(name: &str) -> Option<(Column, usize)> {
        let n: String = name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect();
        Column::ALL.into_iter().find_map(|c| c.aliases().iter().position(|a| *a == n).map(|rank| (c, rank)))
    }
}

/// For each column, the index of the best-ranked name among `names`.
fn best_matches<'a>(names: impl Iterator<Item = &'a str>) -> Vec<(Column, usize)> {
    let mut best: Vec<(Column, usize, usize)> = Vec::new();
    for (i, name) in names.enumerate() {
        let Some((c, rank)) = Column::for_name(name) else { continue };
        match best.iter_mut().find(|(b, _, _)| *b == c) {
            Some(slot) if rank < slot.1 => *slot = (c, rank, i),
            Some(_) => {}
            None => best.push((c, rank, i)),
        }
    }
    best.into_iter().map(|(c, _, i)| (c, i)).collect()
}

/// Why a line was skipped (the UI translates).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LineProblem {
    /// The header names no column for a required field.
    MissingColumn(Column),
    /// The line has no value for a required field.
    MissingValue(Column),
    NotANumber {
        column: Column,
        value: String,
    },
    Negative(Column),
    NotABool {
        value: String,
    },
    CachedExceedsPrompt,
    FieldCount {
        expected: usize,
        found: usize,
    },
    UnclosedQuote,
    BadJson(String),
    NotAnObject,
    /// Pricing: no catalog model by this name, or no price for it.
    UnknownModel(String),
    NoPrice(String),
    /// Longer than the reader's limit: skipped unread.
    TooLong {
        bytes: u64,
        limit: u64,
    },
    /// A count beyond 2^53, where f64 stops counting one by one.
    TooLarge(Column),
    /// The line's cost, or a total with it, is not a finite number: left out.
    CostOverflow,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub line: usize,
    pub problem: LineProblem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UsageFormat {
    Csv,
    JsonLines,
    /// No non-blank line.
    Empty,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParsedUsage {
    pub format: UsageFormat,
    pub records: Vec<UsageRecord>,
    /// At most [`MAX_DIAGNOSTICS`]; the rest are counted in `diagnostics_dropped`.
    pub diagnostics: Vec<Diagnostic>,
    pub diagnostics_dropped: u64,
}

/// Diagnostics up to [`MAX_DIAGNOSTICS`], the rest counted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Diagnostics {
    pub kept: Vec<Diagnostic>,
    pub dropped: u64,
}

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        if self.kept.len() < MAX_DIAGNOSTICS {
            self.kept.push(d);
        } else {
            self.dropped = self.dropped.saturating_add(1);
        }
    }
}

/// Counts beyond this are not exact in f64 (2^53).
const EXACT_F64_INTEGER: f64 = 9_007_199_254_740_992.0;

/// Parses usage text; JSON Lines when the first non-blank line starts with
/// `{`, CSV otherwise.
pub fn parse_usage(text: &str) -> ParsedUsage {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut diags = Diagnostics::default();
    let mut records = Vec::new();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l)).filter(|(_, l)| !l.trim().is_empty());
    let finish =
        |format, records, diags: Diagnostics| ParsedUsage { format, records, diagnostics: diags.kept, diagnostics_dropped: diags.dropped };
    let too_long =
        |l: &str| (l.len() > MAX_LINE_BYTES).then_some(LineProblem::TooLong { bytes: l.len() as u64, limit: MAX_LINE_BYTES as u64 });
    let Some((first_no, first)) = lines.next() else {
        return finish(UsageFormat::Empty, records, diags);
    };
    let push = |no: usize, r: Result<UsageRecord, LineProblem>, records: &mut Vec<UsageRecord>, diags: &mut Diagnostics| match r {
        Ok(rec) => records.push(rec),
        Err(problem) => diags.push(Diagnostic { line: no, problem }),
    };
    if first.trim_start().starts_with('{') {
        for (no, line) in std::iter::once((first_no, first)).chain(lines) {
            let r = match too_long(line) {
                Some(p) => Err(p),
                None => json_record(no, line),
            };
            push(no, r, &mut records, &mut diags);
        }
        return finish(UsageFormat::JsonLines, records, diags);
    }
    if let Some(p) = too_long(first) {
        diags.push(Diagnostic { line: first_no, problem: p });
        return finish(UsageFormat::Csv, records, diags);
    }
    let delimiter = [',', ';', '\t'].into_iter().max_by_key(|d| first.matches(*d).count()).unwrap_or(',');
    let header = match split_csv(first, delimiter) {
        Ok(h) => h,
        Err(p) => {
            diags.push(Diagnostic { line: first_no, problem: p });
            return finish(UsageFormat::Csv, records, diags);
        }
    };
    let columns = best_matches(header.iter().map(String::as_str));
    for required in [Column::Model, Column::PromptTokens, Column::CompletionTokens] {
        if !columns.iter().any(|(c, _)| *c == required) {
            diags.push(Diagnostic { line: first_no, problem: LineProblem::MissingColumn(required) });
        }
    }
    if !diags.kept.is_empty() {
        return finish(UsageFormat::Csv, records, diags);
    }
    for (no, line) in lines {
        let r = match too_long(line) {
            Some(p) => Err(p),
            None => split_csv(line, delimiter).and_then(|fields| {
                if fields.len() != header.len() {
                    return Err(LineProblem::FieldCount { expected: header.len(), found: fields.len() });
                }
                record(no, columns.iter().map(|(c, i)| (*c, Value::String(fields[*i].clone()))).collect())
            }),
        };
        push(no, r, &mut records, &mut diags);
    }
    finish(UsageFormat::Csv, records, diags)
}

/// Splits one CSV line (RFC 4180 quoting, no line breaks inside fields).
fn split_csv(line: &str, delimiter: char) -> Result<Vec<String>, LineProblem> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            (false, c) if c == delimiter => fields.push(std::mem::take(&mut field).trim().to_string()),
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err(LineProblem::UnclosedQuote);
    }
    fields.push(field.trim().to_string());
    Ok(fields)
}

fn json_record(no: usize, line: &str) -> Result<UsageRecord, LineProblem> {
    let value: Value = serde_json::from_str(line).map_err(|e| LineProblem::BadJson(e.to_string()))?;
    let Value::Object(_) = value else { return Err(LineProblem::NotAnObject) };
    let mut flat = Vec::new();
    flatten(&value, &mut Vec::new(), &mut flat);
    // Batch output and API responses nest usage under these.
    let names: Vec<String> = flat
        .iter()
        .map(|(path, _)| {
            let start = path.iter().take_while(|p| matches!(p.as_str(), "response" | "body" | "usage")).count();
            path[start..].join("")
        })
        .collect();
    let found = best_matches(names.iter().map(String::as_str)).into_iter().map(|(c, i)| (c, flat[i].1.clone()));
    record(no, found.collect())
}

fn flatten(value: &Value, path: &mut Vec<String>, out: &mut Vec<(Vec<String>, Value)>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                path.push(k.to_ascii_lowercase());
                flatten(v, path, out);
                path.pop();
            }
        }
        // Arrays (choices, output items) hold no usage figures.
        Value::Null | Value::Array(_) => {}
        v => out.push((path.clone(), v.clone())),
    }
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.trim().to_string(),
        other => other.to_string(),
    }
}

fn number(column: Column, v: &Value) -> Result<f64, LineProblem> {
    let n = match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    };
    match n {
        Some(n) if n.is_finite() && n > EXACT_F64_INTEGER => Err(LineProblem::TooLarge(column)),
        Some(n) if n.is_finite() && n >= 0.0 => Ok(n),
        Some(n) if n < 0.0 => Err(LineProblem::Negative(column)),
        _ => Err(LineProblem::NotANumber { column, value: text(v) }),
    }
}

fn boolean(v: &Value) -> Result<bool, LineProblem> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => match text(other).to_ascii_lowercase().as_str() {
            "true" | "yes" | "1" | "y" => Ok(true),
            "false" | "no" | "0" | "n" | "" => Ok(false),
            s => Err(LineProblem::NotABool { value: s.to_string() }),
        },
    }
}

fn record(line: usize, values: Vec<(Column, Value)>) -> Result<UsageRecord, LineProblem> {
    let get = |c: Column| values.iter().find(|(k, _)| *k == c).map(|(_, v)| v).filter(|v| !text(v).is_empty());
    let required = |c: Column| get(c).ok_or(LineProblem::MissingValue(c));
    let optional = |c: Column, default: f64| get(c).map_or(Ok(default), |v| number(c, v));
    let model = text(required(Column::Model)?);
    let prompt_tokens = number(Column::PromptTokens, required(Column::PromptTokens)?)?;
    let completion_tokens = number(Column::CompletionTokens, required(Column::CompletionTokens)?)?;
    let cached_tokens = optional(Column::CachedTokens, 0.0)?;
    if cached_tokens > prompt_tokens {
        return Err(LineProblem::CachedExceedsPrompt);
    }
    Ok(UsageRecord {
        line,
        tenant: get(Column::Tenant).map(text).unwrap_or_default(),
        feature: get(Column::Feature).map(text).unwrap_or_default(),
        model,
        prompt_tokens,
        cached_tokens,
        completion_tokens,
        requests: optional(Column::Requests, 1.0)?,
        batch: get(Column::Batch).map_or(Ok(false), boolean)?,
    })
}
