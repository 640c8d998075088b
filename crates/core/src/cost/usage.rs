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
    /// The first [`UsageLimits::max_diagnostics`] problems, in line order.
    pub diagnostics: Vec<Diagnostic>,
    /// Problems found beyond those kept.
    #[serde(default)]
    pub more_diagnostics: u64,
    /// Set when the line budget ran out: the last line read. The records
    /// cover the lines up to it only.
    #[serde(default)]
    pub stopped_at_line: Option<usize>,
}

impl ParsedUsage {
    /// Records that came from elsewhere (the results page), nothing skipped.
    pub fn from_records(records: Vec<UsageRecord>) -> Self {
        ParsedUsage { format: UsageFormat::JsonLines, records, diagnostics: Vec::new(), more_diagnostics: 0, stopped_at_line: None }
    }

    /// Lines skipped in all (kept and counted diagnostics).
    pub fn skipped(&self) -> u64 {
        (self.diagnostics.len() as u64).saturating_add(self.more_diagnostics)
    }
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

/// Bounds of one parse: time (lines read) and memory (problems kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UsageLimits {
    /// Lines read before the parse stops ([`ParsedUsage::stopped_at_line`]).
    pub max_lines: usize,
    /// Problems kept; the rest are only counted.
    pub max_diagnostics: usize,
}

/// Lines a usage file may have before the parse stops: a few seconds of work.
pub const MAX_USAGE_LINES: usize = 2_000_000;
/// Problems kept per parse.
pub const MAX_USAGE_DIAGNOSTICS: usize = MAX_DIAGNOSTICS;

impl Default for UsageLimits {
    fn default() -> Self {
        UsageLimits { max_lines: MAX_USAGE_LINES, max_diagnostics: MAX_USAGE_DIAGNOSTICS }
    }
}

/// Parses usage text within the default [`UsageLimits`]; JSON Lines when
/// the first non-blank line starts with `{`, CSV otherwise.
pub fn parse_usage(text: &str) -> ParsedUsage {
    parse_usage_within(text, UsageLimits::default())
}

/// Parses usage text within `limits`.
pub fn parse_usage_within(text: &str, limits: UsageLimits) -> ParsedUsage {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut parser = UsageParser::new(limits);
    for (i, line) in text.lines().enumerate() {
        if !parser.push_line(i + 1, line) {
            break;
        }
    }
    parser.finish()
}

/// How a [`UsageParser`] reads the lines after the first.
#[derive(Clone, Debug)]
enum Mode {
    /// No non-blank line yet.
    Start,
    Json,
    Csv {
        delimiter: char,
        width: usize,
        columns: Vec<(Column, usize)>,
    },
    /// The header was refused: the rest is ignored.
    Refused,
}

/// Parses usage one line at a time (a worker reading a file in chunks):
/// `push_line` in order until it returns false, then `finish`.
#[derive(Clone, Debug)]
pub struct UsageParser {
    limits: UsageLimits,
    mode: Mode,
    out: ParsedUsage,
    lines: usize,
}

impl UsageParser {
    pub fn new(limits: UsageLimits) -> Self {
        UsageParser {
            limits,
            mode: Mode::Start,
            out: ParsedUsage {
                format: UsageFormat::Empty,
                records: Vec::new(),
                diagnostics: Vec::new(),
                more_diagnostics: 0,
                stopped_at_line: None,
            },
            lines: 0,
        }
    }

    /// Whether the line budget is spent (further lines are ignored).
    pub fn stopped(&self) -> bool {
        self.out.stopped_at_line.is_some()
    }

    /// Lines read so far.
    pub fn lines_read(&self) -> usize {
        self.lines
    }

    fn problem(&mut self, line: usize, problem: LineProblem) {
        if self.out.diagnostics.len() < self.limits.max_diagnostics {
            self.out.diagnostics.push(Diagnostic { line, problem });
        } else {
            self.out.more_diagnostics = self.out.more_diagnostics.saturating_add(1);
        }
    }

    fn push(&mut self, no: usize, r: Result<UsageRecord, LineProblem>) {
        match r {
            Ok(rec) => self.out.records.push(rec),
            Err(problem) => self.problem(no, problem),
        }
    }

    /// Reads line `no` (1-based, without its terminator). False once the
    /// line budget is spent: the caller stops feeding.
    pub fn push_line(&mut self, no: usize, line: &str) -> bool {
        if self.out.stopped_at_line.is_some() {
            return false;
        }
        if self.lines >= self.limits.max_lines {
            self.out.stopped_at_line = Some(no.saturating_sub(1));
            return false;
        }
        self.lines += 1;
        if line.len() > MAX_LINE_BYTES {
            self.problem(no, LineProblem::TooLong { bytes: line.len() as u64, limit: MAX_LINE_BYTES as u64 });
            return true;
        }
        if line.trim().is_empty() {
            return true;
        }
        match &self.mode {
            Mode::Refused => {}
            Mode::Json => {
                let r = json_record(no, line);
                self.push(no, r);
            }
            Mode::Csv { delimiter, width, columns } => {
                let (delimiter, width) = (*delimiter, *width);
                let r = split_csv(line, delimiter).and_then(|fields| {
                    if fields.len() != width {
                        return Err(LineProblem::FieldCount { expected: width, found: fields.len() });
                    }
                    record(no, columns.iter().map(|(c, i)| (*c, Value::String(fields[*i].clone()))).collect())
                });
                self.push(no, r);
            }
            Mode::Start => self.first_line(no, line),
        }
        true
    }

    fn first_line(&mut self, no: usize, first: &str) {
        if first.trim_start().starts_with('{') {
            self.out.format = UsageFormat::JsonLines;
            self.mode = Mode::Json;
            let r = json_record(no, first);
            return self.push(no, r);
        }
        self.out.format = UsageFormat::Csv;
        self.mode = Mode::Refused;
        let delimiter = [',', ';', '\t'].into_iter().max_by_key(|d| first.matches(*d).count()).unwrap_or(',');
        let header = match split_csv(first, delimiter) {
            Ok(h) => h,
            Err(p) => return self.problem(no, p),
        };
        let columns = best_matches(header.iter().map(String::as_str));
        let mut ok = true;
        for required in [Column::Model, Column::PromptTokens, Column::CompletionTokens] {
            if !columns.iter().any(|(c, _)| *c == required) {
                self.problem(no, LineProblem::MissingColumn(required));
                ok = false;
            }
        }
        if ok {
            self.mode = Mode::Csv { delimiter, width: header.len(), columns };
        }
    }

    pub fn finish(self) -> ParsedUsage {
        self.out
    }
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
