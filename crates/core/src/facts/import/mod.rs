//! Refreshing the catalog from the vendors' own files, without a release
//! and never over the network: a quota-tier page (markdown as published),
//! a saved Azure Retail Prices API response (JSON, one or several pages),
//! a newer OpenAI or Azure OpenAPI spec (JSON), or a catalog file written
//! by `batchlane facts import`. Each file becomes figures ([`ImportedFact`]:
//! value, the file and what it is as the source, the file's own date as
//! the as-of), a [`Catalog`](super::Catalog) holds them as its overlay
//! (`Catalog::set_imported`), and [`diff_overlay`] says what they add,
//! change and remove against the built-in catalog, each with its file.
//!
//! The files come from the internet: at most [`MAX_IMPORT_BYTES`] a file,
//! [`MAX_JSON_LINE_BYTES`] a JSON line (a tier page: `MAX_TIER_MD_LINE_CHARS`
//! characters), [`MAX_IMPORT_ITEMS`] price items, [`MAX_IMPORT_FACTS`]
//! catalog facts, counted while they are read; every refusal names the
//! file, the line and the field ([`ImportProblem`]).
//!
//! A spec's body schemas are not recompiled at run time (the tables are
//! generated Rust, `batch/schema/gen`): a spec gives its revision fact
//! (`body_schema.{dialect}`, dated) and the models it names that the
//! catalog lacks.

mod catalog_file;
mod json;
mod lane_matrix;
mod retail;
mod spec;
mod tier_page;

pub use catalog_file::{catalog_file_json, read_catalog_file, FORMAT as CATALOG_FILE_FORMAT};

use super::{builtin_by_id, builtin_value, Certainty, Kind, OverrideError, Unit, MAX_COUNT_OVERRIDE};

/// Largest file read, in bytes (a vendor's full OpenAPI spec is about 2 MB;
/// a saved retail-prices page about 100 KB).
pub const MAX_IMPORT_BYTES: usize = 32 << 20;
/// Longest JSON line, in bytes (the API answers one line a page).
pub const MAX_JSON_LINE_BYTES: usize = 8 << 20;
/// Price items read from one file (a page holds 100; Azure OpenAI has a few thousand meters).
pub const MAX_IMPORT_ITEMS: usize = 100_000;
/// Facts read from one catalog file (the built-in catalog has a few thousand).
pub const MAX_IMPORT_FACTS: usize = 100_000;
/// Days after which a catalog's as-of date is old enough that newer vendor
/// figures may exist (the pages say so, quietly, and link to the import).
pub const CATALOG_STALE_DAYS: i64 = 90;
/// Longest text kept from a file (a name, a source), in characters.
pub(crate) const MAX_TEXT_CHARS: usize = 300;

/// A figure read from a vendor's file.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ImportedFact {
    /// `"{kind}.{subject}"`, as the built-in catalog names figures.
    pub id: String,
    pub value: f64,
    pub unit: Unit,
    /// The file's name and what it is (`tier-2.md (quota-tier page, tier 2)`).
    pub source: String,
    /// The file's own date for the figure (`YYYY-MM-DD`).
    pub as_of: String,
    pub certainty: Certainty,
}

impl ImportedFact {
    pub fn kind(&self) -> Option<Kind> {
        Kind::from_name(self.id.split_once('.')?.0)
    }

    pub fn subject(&self) -> &str {
        self.id.split_once('.').map_or("", |(_, s)| s)
    }

    /// Checked as an override is: a known kind and a subject, a finite
    /// number of zero or more, a count at most 2^53, the unit of the built-in
    /// figure if there is one, and short texts without control characters.
    pub(crate) fn check(&self) -> Result<(), OverrideError> {
        let unknown = || OverrideError::UnknownFact(self.id.chars().take(MAX_TEXT_CHARS).collect());
        let subject = self.subject();
        if self.kind().is_none() || subject.is_empty() || !plain_text(&self.id) {
            return Err(unknown());
        }
        if builtin_by_id(&self.id).is_some_and(|b| b.unit != self.unit) {
            return Err(unknown());
        }
        if !self.value.is_finite() {
            return Err(OverrideError::NotANumber);
        }
        if self.value < 0.0 {
            return Err(OverrideError::Negative);
        }
        if self.unit.is_count() && self.value > MAX_COUNT_OVERRIDE {
            return Err(OverrideError::TooLarge);
        }
        if !plain_text(&self.source) || !is_date(&self.as_of) {
            return Err(unknown());
        }
        Ok(())
    }
}

/// Short, and no control characters.
pub(crate) fn plain_text(s: &str) -> bool {
    s.chars().nth(MAX_TEXT_CHARS).is_none() && !s.chars().any(char::is_control)
}

/// `YYYY-MM-DD` with a month 1–12 and a day 1–31.
pub(crate) fn is_date(v: &str) -> bool {
    ymd(v).is_some_and(|(_, _, d)| d > 0) && v.len() == 10
}

/// `YYYY-MM-DD` or `YYYY-MM` (day 0) → numbers.
fn ymd(v: &str) -> Option<(i64, i64, i64)> {
    let b = v.as_bytes();
    let digits = |r: std::ops::Range<usize>| -> Option<i64> {
        let s = v.get(r)?;
        s.bytes().all(|c| c.is_ascii_digit()).then(|| s.parse().ok())?
    };
    if !(b.len() == 7 || b.len() == 10) || b[4] != b'-' {
        return None;
    }
    let (y, m) = (digits(0..4)?, digits(5..7)?);
    let d = if b.len() == 10 {
        if b[7] != b'-' {
            return None;
        }
        let d = digits(8..10)?;
        (1..=31).contains(&d).then_some(d)?
    } else {
        0
    };
    (1..=12).contains(&m).then_some((y, m, d))
}

/// Days since 1970-01-01 (proleptic Gregorian).
fn days(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The UTC date of a Unix time, `YYYY-MM-DD`.
pub fn date_of_unix_seconds(secs: i64) -> String {
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// How many days `as_of` (`YYYY-MM-DD`, or `YYYY-MM`: its first day) lies
/// before `today` (`YYYY-MM-DD`); `None` if either is not a date.
pub fn catalog_age_days(as_of: &str, today: &str) -> Option<i64> {
    let (y, m, d) = ymd(as_of)?;
    let (ty, tm, td) = ymd(today).filter(|t| t.2 > 0)?;
    Some(days(ty, tm, td) - days(y, m, d.max(1)))
}

/// What a file was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FileKind {
    TierPage,
    RetailPrices,
    OpenApiSpec,
    CatalogFile,
    /// An Azure lane availability matrix: the batch deployments' model
    /// matrix or a Priority processing region matrix (markdown as published).
    LaneMatrix,
}

impl FileKind {
    /// What the file is, in the source of its figures.
    pub const fn describe(self) -> &'static str {
        match self {
            FileKind::TierPage => "quota-tier page",
            FileKind::RetailPrices => "Azure Retail Prices API response",
            FileKind::OpenApiSpec => "OpenAPI spec",
            FileKind::CatalogFile => "batchlane catalog file",
            FileKind::LaneMatrix => "Azure lane availability matrix",
        }
    }
}

/// Why a file (or one of its items) was refused: the field, why, and
/// where (the file, the line: 0 for the whole file) — the one field-error
/// shape. The reasons quote the vendor's English file and are English in
/// both languages.
pub type ImportProblem = crate::io::FieldError<String, crate::text::Text>;

/// A refusal in `file` at `line` (0: the whole file) of `field` ("" for
/// none), each part clipped to what a catalog keeps, control characters
/// replaced.
pub fn import_problem(file: &str, line: usize, field: &str, reason: impl Into<String>) -> ImportProblem {
    let clip = |s: &str| s.chars().take(MAX_TEXT_CHARS).map(|c| if c.is_control() { '\u{fffd}' } else { c }).collect::<String>();
    let reason = clip(&reason.into());
    ImportProblem::new(clip(field), "", crate::text::Text::new(reason.clone(), reason)).at(&clip(file), line)
}

/// One file, read.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Imported {
    pub file: String,
    pub kind: Option<FileKind>,
    pub facts: Vec<ImportedFact>,
    /// Built-in figures of what the file covers (a tier) that it no longer lists.
    pub removed: Vec<String>,
    /// Items read but not made figures (a meter the catalog has no figure
    /// for, a data-zone meter, a second meter for the same figure), each with why.
    pub skipped: Vec<ImportProblem>,
    /// Names the file uses that the catalog lacks (a spec's models).
    pub unknown_names: Vec<String>,
}

/// Reads one file: its kind is found from its content. `today`
/// (`YYYY-MM-DD`) dates what a file does not date itself (a spec).
pub fn import_file(name: &str, bytes: &[u8], today: &str) -> Result<Imported, ImportProblem> {
    let mut imp = read_any(name, bytes, today)?;
    // Every figure kept is one a catalog takes: a source clipped to the
    // length kept, and a figure it would refuse (a name too long, a
    // control character) reported instead.
    let facts = std::mem::take(&mut imp.facts);
    for mut f in facts {
        if f.source.chars().nth(MAX_TEXT_CHARS).is_some() {
            f.source = f.source.chars().take(MAX_TEXT_CHARS - 1).chain(['…']).collect();
        }
        match f.check() {
            Ok(()) => imp.facts.push(f),
            Err(e) => imp.skipped.push(import_problem(name, 0, &f.id, e.to_string())),
        }
    }
    Ok(imp)
}

fn read_any(name: &str, bytes: &[u8], today: &str) -> Result<Imported, ImportProblem> {
    if bytes.len() > MAX_IMPORT_BYTES {
        return Err(import_problem(name, 0, "", format!("the file is larger than {MAX_IMPORT_BYTES} bytes")));
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| import_problem(name, json::line_of(bytes, e.valid_up_to()), "", "not UTF-8 text"))?;
    let first = text.trim_start().as_bytes().first().copied();
    let head = &bytes[..bytes.len().min(64 * 1024)];
    let has = |hay: &[u8], needle: &str| memchr::memmem::find(hay, needle.as_bytes()).is_some();
    match first {
        Some(b'{') | Some(b'[') => {
            json::check_line_lengths(name, bytes, MAX_JSON_LINE_BYTES)?;
            if has(head, catalog_file::FORMAT) {
                read_catalog_file(name, bytes)
            } else if has(head, "\"openapi\"") || has(head, "\"swagger\"") {
                spec::read(name, text, today)
            } else if has(bytes, "\"Items\"") {
                retail::read(name, bytes)
            } else {
                Err(import_problem(name, 1, "", "JSON that is neither a retail-prices response, an OpenAPI spec nor a catalog file"))
            }
        }
        Some(_) => match lane_matrix::detect(text) {
            Some(kind) => lane_matrix::read(name, text, kind),
            None if text.lines().any(|l| l.trim_start().starts_with('|')) || text.contains("ms.date:") => tier_page::read(name, text),
            None => Err(import_problem(name, 1, "", NOT_A_VENDOR_FILE)),
        },
        _ => Err(import_problem(name, 1, "", NOT_A_VENDOR_FILE)),
    }
}

const NOT_A_VENDOR_FILE: &str =
    "not a quota-tier page, a lane availability matrix, a retail-prices response, an OpenAPI spec or a catalog file";

/// Reads every file; the first refused file refuses the import.
pub fn import_files(files: &[(&str, &[u8])], today: &str) -> Result<Vec<Imported>, ImportProblem> {
    files.iter().map(|(name, bytes)| import_file(name, bytes, today)).collect()
}

/// One figure of the diff, with the file it came from.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DiffEntry {
    pub id: String,
    /// The built-in value (`None`: the built-in catalog lacks it).
    pub old: Option<f64>,
    /// The file's value (`None`: the file no longer lists it).
    pub new: Option<f64>,
    pub file: String,
    pub as_of: String,
}

/// The files against the built-in catalog.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct OverlayDiff {
    pub added: Vec<DiffEntry>,
    pub changed: Vec<DiffEntry>,
    /// Built-in figures a file covers (a tier page: its tier's rows, each
    /// kind) and no longer lists: kept, the catalog stops answering them.
    pub removed: Vec<DiffEntry>,
    pub unchanged: usize,
    /// Built-in figures outside what the files cover: not in them, and
    /// unchanged by keeping them.
    #[serde(default)]
    pub outside: usize,
    /// The overlay: one figure per id (where two files give one, the later
    /// as-of wins; on the same date, the later file).
    pub facts: Vec<ImportedFact>,
}

/// Merges the files' figures and compares them with the built-in catalog.
pub fn diff_overlay(imports: &[Imported]) -> OverlayDiff {
    let mut by_id: std::collections::BTreeMap<&str, (&ImportedFact, &str)> = std::collections::BTreeMap::new();
    for imp in imports {
        for f in &imp.facts {
            match by_id.get(f.id.as_str()) {
                Some((old, _)) if old.as_of > f.as_of => {}
                _ => {
                    by_id.insert(&f.id, (f, &imp.file));
                }
            }
        }
    }
    let mut out = OverlayDiff::default();
    // Lane matrix cells the files repeat: figures of the lane tables, not of `all_facts`.
    let mut unchanged_cells = 0usize;
    for (id, (f, file)) in &by_id {
        let entry = |old| DiffEntry { id: id.to_string(), old, new: Some(f.value), file: file.to_string(), as_of: f.as_of.clone() };
        match builtin_value(id) {
            None => out.added.push(entry(None)),
            Some((b, _)) if b != f.value => out.changed.push(entry(Some(b))),
            Some(_) => {
                out.unchanged += 1;
                unchanged_cells += usize::from(builtin_by_id(id).is_none());
            }
        }
        out.facts.push((*f).clone());
    }
    for imp in imports {
        for id in &imp.removed {
            if by_id.contains_key(id.as_str()) {
                continue;
            }
            if out.removed.iter().any(|e| e.id == *id) {
                continue;
            }
            if let Some((value, as_of)) = builtin_value(id) {
                out.removed.push(DiffEntry {
                    id: id.clone(),
                    old: Some(value),
                    new: None,
                    file: imp.file.clone(),
                    as_of: as_of.to_string(),
                });
            }
        }
    }
    // `outside`: the catalog's own figures (`all_facts`) the files leave alone.
    let facts_in = |v: &[DiffEntry]| v.iter().filter(|e| builtin_by_id(&e.id).is_some()).count();
    let covered = facts_in(&out.changed) + (out.unchanged - unchanged_cells) + facts_in(&out.removed);
    out.outside = super::all_facts().count().saturating_sub(covered);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_in_days() {
        assert_eq!(catalog_age_days("2026-08-20", "2026-08-20"), Some(0));
        assert_eq!(catalog_age_days("2026-08-20", "2026-11-18"), Some(90));
        assert_eq!(catalog_age_days("2025-11", "2026-03-01"), Some(120));
        assert_eq!(catalog_age_days("2024-02-28", "2024-03-01"), Some(2));
        assert_eq!(catalog_age_days("2026-13-01", "2026-11-18"), None);
        assert_eq!(catalog_age_days("2026-08-20", "2026-11"), None);
        assert_eq!(catalog_age_days("20ü6-08-20", "2026-11-18"), None);
        assert_eq!(date_of_unix_seconds(0), "1970-01-01");
        assert_eq!(date_of_unix_seconds(1_795_000_000), "2026-11-18");
        assert_eq!(date_of_unix_seconds(951_782_400), "2000-02-29");
        for d in ["2024-02-29", "2026-12-31", "2100-03-01"] {
            let secs = catalog_age_days("1970-01-01", d).unwrap() * 86_400;
            assert_eq!(date_of_unix_seconds(secs), d);
        }
    }
}
