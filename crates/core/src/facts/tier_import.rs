//! Keeping the tier tables current without a release: a newer tier CSV
//! (columns `tier,model,deployment_type,rpm,rpm_window_seconds,tpm,source,
//! ms_date`: one row per tier × model × deployment type) is parsed and checked row by row,
//! compared with the catalog's current figures, and the changes become the
//! user's overrides (the page applies them on confirmation and can undo).
//!
//! Bounded by construction: at most [`MAX_ROWS`] rows and [`MAX_LINE_CHARS`]
//! characters a line are read (the rest is counted, not kept); every refused
//! row gets its line number and a reason.

use super::tiers::{builtin_row, rows, QuotaTier};
use super::Scope;
use super::{Catalog, Kind, OverrideError};
use std::collections::BTreeMap;

/// The header line, exactly as the reference writes it.
pub const HEADER: [&str; 8] = ["tier", "model", "deployment_type", "rpm", "rpm_window_seconds", "tpm", "source", "ms_date"];
/// Rows read; a longer file is refused past this (the reference has ~430).
pub const MAX_ROWS: usize = 5_000;
/// Longest line read, in characters.
pub const MAX_LINE_CHARS: usize = 1_000;
/// Windows the vendor enforces an RPM over (seconds).
const WINDOWS: [f64; 2] = [10.0, 60.0];

/// One accepted row.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ImportedRow {
    /// 1-based line in the file.
    pub line: usize,
    pub tier: QuotaTier,
    pub model: String,
    pub deployment: Scope,
    pub rpm: f64,
    pub window_seconds: f64,
    /// `None` where the file leaves it empty (request-limited models).
    pub tpm: Option<f64>,
    pub source: String,
    pub date: String,
}

/// Why a row was refused.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub enum RowProblem {
    TooLong {
        max: usize,
    },
    Columns {
        found: usize,
        expected: usize,
    },
    Tier(String),
    Deployment(String),
    EmptyModel,
    /// `column` is not a finite number of zero or more.
    Number {
        column: &'static str,
        value: String,
    },
    /// The window is neither 10 nor 60 seconds.
    Window(String),
    /// `ms_date` is not `YYYY-MM-DD`.
    Date(String),
    /// The same tier × model × deployment type again.
    Duplicate {
        first_line: usize,
    },
    /// Past [`MAX_ROWS`].
    TooManyRows {
        max: usize,
    },
}

/// A row refused: the column ("" for the row), why, and its line — the
/// one field-error shape.
pub type RowError = crate::io::FieldError<String, RowProblem>;

/// A refusal of the row at `line`.
fn row_error(line: usize, problem: RowProblem) -> RowError {
    let (column, value) = match &problem {
        RowProblem::Number { column, value } => (*column, value.as_str()),
        RowProblem::Tier(v) => ("tier", v.as_str()),
        RowProblem::EmptyModel => ("model", ""),
        RowProblem::Deployment(v) => ("deployment_type", v.as_str()),
        RowProblem::Window(v) => ("rpm_window_seconds", v.as_str()),
        RowProblem::Date(v) => ("ms_date", v.as_str()),
        _ => ("", ""),
    };
    let value = value.to_string();
    RowError::new(column, &value, problem).at("", line)
}

/// The reasons in both languages (the /facts page's words: they won over
/// the English-only `Display` this file had).
impl crate::io::Explain for RowProblem {
    fn reason(&self, _value: &str) -> crate::text::Text {
        use crate::text::Text;
        match self {
            RowProblem::TooLong { max } => Text::new(format!("longer than {max} characters."), format!("{max}자보다 깁니다.")),
            RowProblem::Columns { found, expected } => {
                Text::new(format!("{found} columns, expected {expected}."), format!("열이 {found}개입니다. {expected}개여야 합니다."))
            }
            RowProblem::Tier(v) => {
                Text::new(format!("unknown tier “{v}” (free or a tier number)."), format!("알 수 없는 계층 “{v}” (free 또는 계층 번호)."))
            }
            RowProblem::Deployment(v) => Text::new(
                format!("unknown deployment type “{v}” (GlobalStandard, DataZoneStandard or Standard)."),
                format!("알 수 없는 배포 유형 “{v}” (GlobalStandard, DataZoneStandard, Standard)."),
            ),
            RowProblem::EmptyModel => Text::new("no model name.", "모델 이름이 없습니다."),
            RowProblem::Number { column, value } => Text::new(
                format!("{column} “{value}” is not a number of zero or more."),
                format!("{column} 값이 음수가 아닌 숫자가 아닙니다: “{value}”"),
            ),
            RowProblem::Window(v) => Text::new(
                format!("window “{v}” is not one the vendor enforces (per minute or per ten seconds)."),
                format!("공급사가 적용하는 구간(분당 또는 십 초당)이 아닙니다: “{v}”"),
            ),
            RowProblem::Date(v) => {
                Text::new(format!("ms_date “{v}” is not YYYY-MM-DD."), format!("ms_date가 YYYY-MM-DD 형식이 아닙니다: “{v}”"))
            }
            RowProblem::Duplicate { first_line } => Text::new(
                format!("the same tier, model and deployment type as line {first_line}."),
                format!("{first_line}행과 계층·모델·배포 유형이 같습니다."),
            ),
            RowProblem::TooManyRows { max } => Text::new(
                format!("more rows than the {max} read; the rest are skipped."),
                format!("읽는 한도 {max}행을 넘었습니다. 나머지는 건너뜁니다."),
            ),
        }
    }

    fn quotes_value(&self) -> bool {
        true
    }
}

/// Why the whole file was refused.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum FileProblem {
    Empty,
    /// The first line is not [`HEADER`].
    Header(String),
}

/// What a file held: the rows that passed and a reason for every other.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct ParsedTiers {
    pub rows: Vec<ImportedRow>,
    pub errors: Vec<RowError>,
    /// Lines past the row cap, counted only (one error says so).
    pub skipped: usize,
}

/// Splits one CSV line: commas, fields optionally in double quotes (`""`
/// is a quote). `None` for an unterminated quote.
fn split(line: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cur.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cur.push(c),
            (false, '"') if cur.is_empty() => quoted = true,
            (false, ',') => out.push(std::mem::take(&mut cur)),
            (false, c) => cur.push(c),
        }
    }
    if quoted {
        return None;
    }
    out.push(cur);
    Some(out)
}

fn number(column: &'static str, v: &str) -> Result<f64, RowProblem> {
    let x: f64 = v.trim().replace('_', "").parse().map_err(|_| RowProblem::Number { column, value: v.to_string() })?;
    if x.is_finite() && x >= 0.0 {
        Ok(x)
    } else {
        Err(RowProblem::Number { column, value: v.to_string() })
    }
}

fn is_date(v: &str) -> bool {
    let b = v.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
        && (1..=12).contains(&v[5..7].parse::<u8>().unwrap_or(0))
        && (1..=31).contains(&v[8..10].parse::<u8>().unwrap_or(0))
}

fn row(line: usize, cells: &[String]) -> Result<ImportedRow, RowProblem> {
    if cells.len() != HEADER.len() {
        return Err(RowProblem::Columns { found: cells.len(), expected: HEADER.len() });
    }
    let cell = |i: usize| cells[i].trim();
    let tier = QuotaTier::from_code(cell(0)).ok_or_else(|| RowProblem::Tier(cell(0).to_string()))?;
    let model = cell(1);
    if model.is_empty() {
        return Err(RowProblem::EmptyModel);
    }
    let deployment = Scope::from_code(cell(2)).ok_or_else(|| RowProblem::Deployment(cell(2).to_string()))?;
    let rpm = number("rpm", cell(3))?;
    let window_seconds = number("rpm_window_seconds", cell(4))?;
    if !WINDOWS.contains(&window_seconds) {
        return Err(RowProblem::Window(cell(4).to_string()));
    }
    let tpm = if cell(5).is_empty() { None } else { Some(number("tpm", cell(5))?) };
    if !is_date(cell(7)) {
        return Err(RowProblem::Date(cell(7).to_string()));
    }
    Ok(ImportedRow {
        line,
        tier,
        model: model.to_string(),
        deployment,
        rpm,
        window_seconds,
        tpm,
        source: cell(6).to_string(),
        date: cell(7).to_string(),
    })
}

/// Parses a tier CSV (a leading byte order mark and CRLF line ends are fine).
pub fn parse_tier_csv(text: &str) -> Result<ParsedTiers, FileProblem> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    let (_, header) = lines.by_ref().find(|(_, l)| !l.trim().is_empty()).ok_or(FileProblem::Empty)?;
    let names: Vec<String> = split(header).unwrap_or_default().iter().map(|h| h.trim().to_ascii_lowercase()).collect();
    if names != HEADER {
        return Err(FileProblem::Header(header.chars().take(200).collect()));
    }
    let mut out = ParsedTiers::default();
    let mut seen: BTreeMap<(QuotaTier, String, Scope), usize> = BTreeMap::new();
    let mut taken = 0usize;
    for (line, text) in lines {
        if text.trim().is_empty() {
            continue;
        }
        if taken >= MAX_ROWS {
            if out.skipped == 0 {
                out.errors.push(row_error(line, RowProblem::TooManyRows { max: MAX_ROWS }));
            }
            out.skipped = out.skipped.saturating_add(1);
            continue;
        }
        taken += 1;
        let parsed = if text.chars().nth(MAX_LINE_CHARS).is_some() {
            Err(RowProblem::TooLong { max: MAX_LINE_CHARS })
        } else {
            split(text).ok_or(RowProblem::Columns { found: 0, expected: HEADER.len() }).and_then(|cells| row(line, &cells))
        };
        match parsed {
            Ok(r) => match seen.get(&(r.tier, r.model.clone(), r.deployment)) {
                Some(&first_line) => out.errors.push(row_error(line, RowProblem::Duplicate { first_line })),
                None => {
                    seen.insert((r.tier, r.model.clone(), r.deployment), line);
                    out.rows.push(r);
                }
            },
            Err(problem) => out.errors.push(row_error(line, problem)),
        }
    }
    Ok(out)
}

/// One figure that the file changes: `old` (the catalog's current value,
/// overrides included) → `new`.
#[derive(Clone, Debug, PartialEq)]
pub struct FigureChange {
    /// The fact id (`tier_rpm.gpt-4.1/global/1`).
    pub id: String,
    pub subject: String,
    pub kind: Kind,
    pub old: f64,
    pub new: f64,
}

/// A row of the built-in tables (tier, model, deployment type).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RowKey {
    pub tier: QuotaTier,
    pub model: String,
    pub deployment: Scope,
}

/// The file against the catalog.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TierDiff {
    /// Figures that differ: applied as overrides on confirmation.
    pub changed: Vec<FigureChange>,
    /// Rows the built-in tables lack: shown; the catalog cannot hold them
    /// until a release adds them.
    pub added: Vec<ImportedRow>,
    /// Built-in rows of the tiers the file covers that it does not list:
    /// shown; the built-in figures stay.
    pub removed: Vec<RowKey>,
    /// Rows whose every figure matches.
    pub unchanged: usize,
}

impl TierDiff {
    /// The overrides the change set makes, on top of `catalog`'s.
    pub fn apply(&self, catalog: &Catalog) -> Result<Catalog, OverrideError> {
        let mut next = catalog.clone();
        for c in &self.changed {
            next.set_override(&c.id, c.new)?;
        }
        Ok(next)
    }
}

/// Compares the accepted rows with `catalog`'s current figures.
pub fn diff(parsed: &ParsedTiers, catalog: &Catalog) -> TierDiff {
    let mut out = TierDiff::default();
    for r in &parsed.rows {
        let Some(b) = builtin_row(&r.model, r.deployment, r.tier) else {
            out.added.push(r.clone());
            continue;
        };
        let mut any = false;
        // A TPM the file leaves empty keeps the built-in one (a fact cannot be removed).
        let figures = [(Kind::TierRpm, Some(r.rpm)), (Kind::TierRpmWindowSeconds, Some(r.window_seconds)), (Kind::TierTpm, r.tpm)];
        for (kind, new) in figures {
            let (Some(new), Some(old)) = (new, catalog.get(kind, b.subject)) else { continue };
            if new != old {
                any = true;
                out.changed.push(FigureChange { id: format!("{kind}.{}", b.subject), subject: b.subject.to_string(), kind, old, new });
            }
        }
        if !any {
            out.unchanged += 1;
        }
    }
    let tiers: Vec<QuotaTier> = parsed.rows.iter().map(|r| r.tier).collect();
    for b in rows().iter().filter(|b| tiers.contains(&b.tier)) {
        let listed = parsed.rows.iter().any(|r| r.tier == b.tier && r.deployment == b.deployment && r.model == b.model);
        if !listed {
            out.removed.push(RowKey { tier: b.tier, model: b.model.to_string(), deployment: b.deployment });
        }
    }
    out
}
