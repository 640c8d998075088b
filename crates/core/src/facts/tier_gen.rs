//! The generator of `tier_table.rs`: the vendor's quota-tier include files
//! (markdown as published in MicrosoftDocs/azure-ai-docs, vendored in
//! `assets/vendor/quota-tier/` with their commit and licence) become the
//! built-in tier rows. `examples/gen_tier_table.rs` writes the table;
//! `tests/it/tier_table.rs` fails when the committed table differs from what
//! this makes of the vendored files.
//!
//! The parser takes a file from the internet: at most [`MAX_TIER_MD_LINES`]
//! lines of at most [`MAX_TIER_MD_LINE_CHARS`] characters and
//! [`MAX_TIER_MD_ROWS`] table rows are read; every refusal names the line and
//! the field.

use super::tiers::QuotaTier;
use super::{Certainty, Scope};

/// Where the vendored files are, from the core crate's root.
pub const TIER_VENDOR_DIR: &str = "assets/vendor/quota-tier";
/// The generated table, from the core crate's root.
pub const TIER_TABLE: &str = "src/facts/tier_table.rs";
/// Lines read; a longer file is refused.
pub const MAX_TIER_MD_LINES: usize = 10_000;
/// Longest line read, in characters.
pub const MAX_TIER_MD_LINE_CHARS: usize = 1_000;
/// Table rows read (a vendor table has about a hundred).
pub const MAX_TIER_MD_ROWS: usize = 2_000;

/// One vendored tier file: which tier it states, and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TierVendorFile {
    pub tier: QuotaTier,
    /// The file's name in [`TIER_VENDOR_DIR`].
    pub file: &'static str,
    /// Its path in MicrosoftDocs/azure-ai-docs.
    pub path: &'static str,
    /// The commit it was taken at.
    pub commit: &'static str,
}

const DIR: &str = "articles/foundry/openai/includes/quota-tier/";

/// The newest version of each tier file that could be found (2026-12).
#[rustfmt::skip]
pub const TIER_VENDOR_FILES: [TierVendorFile; 7] = [
    TierVendorFile { tier: QuotaTier::Free, file: "free.md", path: concat!("articles/foundry/openai/includes/quota-tier/", "free.md"), commit: "0ff1f5e7e49eae6a48947e2c6db501ec04807cec" },
    TierVendorFile { tier: QuotaTier::T1, file: "tier-1.md", path: concat!("articles/foundry/openai/includes/quota-tier/", "tier-1.md"), commit: "08408ff5333eb618fe89716564cc73868e54f2ae" },
    TierVendorFile { tier: QuotaTier::T2, file: "tier-2.md", path: concat!("articles/foundry/openai/includes/quota-tier/", "tier-2.md"), commit: "467c504ddea5aa6899b2822acb64f139ec5800e0" },
    TierVendorFile { tier: QuotaTier::T3, file: "tier-3.md", path: concat!("articles/foundry/openai/includes/quota-tier/", "tier-3.md"), commit: "01850fbb85959cfdc0dd37e7e905db549e1469d3" },
    TierVendorFile { tier: QuotaTier::T4, file: "tier-4.md", path: concat!("articles/foundry/openai/includes/quota-tier/", "tier-4.md"), commit: "8799994f813fb788a1ddd8e42d6430b267804437" },
    TierVendorFile { tier: QuotaTier::T5, file: "tier-5.md", path: concat!("articles/foundry/openai/includes/quota-tier/", "tier-5.md"), commit: "8799994f813fb788a1ddd8e42d6430b267804437" },
    TierVendorFile { tier: QuotaTier::T6, file: "tier-6.md", path: concat!("articles/foundry/openai/includes/quota-tier/", "tier-6.md"), commit: "467c504ddea5aa6899b2822acb64f139ec5800e0" },
];

impl TierVendorFile {
    /// `path@commit` with the commit's first seven characters: the catalog's
    /// spelling of the source (`SourceId::source().path`).
    pub fn short_source(&self) -> String {
        format!("{}@{}", self.path, self.commit.get(..7).unwrap_or(self.commit))
    }

    /// Whether `path` lies in the vendor's quota-tier folder.
    pub fn in_vendor_dir(&self) -> bool {
        self.path.starts_with(DIR)
    }
}

/// One row of a vendor tier table.
#[derive(Clone, Debug, PartialEq)]
pub struct VendorTierRow {
    /// 1-based line in the file.
    pub line: usize,
    /// As written (footnote marks included).
    pub model: String,
    pub deployment: Scope,
    pub rpm: f64,
    /// 60, or the seconds of "N / 10s".
    pub window_seconds: f64,
    /// `None` where the table shows "-".
    pub tpm: Option<f64>,
    /// Unconfirmed where the table writes "(TBD)" or gives 0.
    pub certainty: Certainty,
}

/// What a vendor tier file states.
#[derive(Clone, Debug, PartialEq)]
pub struct VendorTierFile {
    /// `ms.date` of the front matter as `YYYY-MM-DD`.
    pub date: String,
    pub rows: Vec<VendorTierRow>,
}

/// Why a file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TierMdProblem {
    TooManyLines {
        max: usize,
    },
    TooLong {
        max: usize,
    },
    /// A control character other than a tab.
    ControlCharacter,
    /// No `ms.date: MM/DD/YYYY` in the front matter.
    NoDate,
    Date(String),
    /// A table row without the four cells model, deployment type, RPM, TPM.
    Columns {
        found: usize,
    },
    EmptyModel,
    Deployment(String),
    /// `column` is not a whole number of zero or more (with "," groups).
    Number {
        column: &'static str,
        value: String,
    },
    /// "N / Xs" with a window other than 1–60 seconds.
    Window(String),
    Duplicate {
        first_line: usize,
    },
    TooManyRows {
        max: usize,
    },
    /// No table row at all.
    NoRows,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierMdError {
    /// 1-based; 0 for the whole file.
    pub line: usize,
    pub problem: TierMdProblem,
}

impl std::error::Error for TierMdError {}

impl std::fmt::Display for TierMdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {:?}", self.line, self.problem)
    }
}

fn err(line: usize, problem: TierMdProblem) -> TierMdError {
    TierMdError { line, problem }
}

/// `MM/DD/YYYY` → `YYYY-MM-DD` (also the lane matrices' `ms.date`).
pub(super) fn iso_date(v: &str) -> Option<String> {
    let mut parts = v.trim().split('/');
    let (m, d, y) = (parts.next()?, parts.next()?, parts.next()?);
    let ok = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if parts.next().is_some() || !ok(m, 2) || !ok(d, 2) || !ok(y, 4) {
        return None;
    }
    let (mm, dd): (u8, u8) = (m.parse().ok()?, d.parse().ok()?);
    ((1..=12).contains(&mm) && (1..=31).contains(&dd)).then(|| format!("{y}-{m}-{d}"))
}

/// A whole number as the tables write it ("1,000", "300"), at most 2^53.
fn whole(column: &'static str, v: &str) -> Result<f64, TierMdProblem> {
    let bad = || TierMdProblem::Number { column, value: v.chars().take(40).collect() };
    let digits: String = v.trim().chars().filter(|c| *c != ',').collect();
    if digits.is_empty() || digits.len() > 16 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u64 = digits.parse().map_err(|_| bad())?;
    if n > 1 << 53 {
        return Err(bad());
    }
    Ok(n as f64)
}

/// A markdown table's separator row (`| :--- | ---: |`).
pub(super) fn is_separator(cells: &[&str]) -> bool {
    cells.iter().all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':')))
}

fn deployment(v: &str) -> Option<Scope> {
    match v {
        "GlobalStandard" => Some(Scope::Global),
        "DataZoneStandard" => Some(Scope::DataZone),
        "Standard" => Some(Scope::Regional),
        _ => None,
    }
}

/// One table row's cells → a row.
fn row(line: usize, cells: &[&str]) -> Result<VendorTierRow, TierMdProblem> {
    let [model, dep, rpm, tpm] = cells else {
        return Err(TierMdProblem::Columns { found: cells.len() });
    };
    if model.is_empty() {
        return Err(TierMdProblem::EmptyModel);
    }
    let deployment = deployment(dep).ok_or_else(|| TierMdProblem::Deployment(dep.chars().take(40).collect()))?;
    let (rpm_text, tbd) = match rpm.strip_suffix("(TBD)") {
        Some(r) => (r.trim_end(), true),
        None => (*rpm, false),
    };
    let (rpm, window_seconds) = match rpm_text.split_once('/') {
        None => (whole("rpm", rpm_text)?, 60.0),
        Some((n, w)) => {
            let secs = w.trim().strip_suffix('s').ok_or_else(|| TierMdProblem::Window(w.trim().chars().take(40).collect()))?;
            let secs = whole("rpm window", secs)?;
            if !(1.0..=60.0).contains(&secs) {
                return Err(TierMdProblem::Window(w.trim().chars().take(40).collect()));
            }
            (whole("rpm", n)?, secs)
        }
    };
    let tpm = if *tpm == "-" { None } else { Some(whole("tpm", tpm)?) };
    let certainty = if tbd || rpm == 0.0 || tpm == Some(0.0) { Certainty::Unconfirmed } else { Certainty::Documented };
    Ok(VendorTierRow { line, model: model.to_string(), deployment, rpm, window_seconds, tpm, certainty })
}

/// Reads a vendor quota-tier file: the front matter's `ms.date` and every
/// row of its table (the header and the separator row are skipped).
pub fn parse_tier_markdown(text: &str) -> Result<VendorTierFile, TierMdError> {
    let mut date = None;
    let mut front = 0u8; // 0 before, 1 inside, 2 after the front matter
    let mut rows: Vec<VendorTierRow> = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let n = i + 1;
        if n > MAX_TIER_MD_LINES {
            return Err(err(n, TierMdProblem::TooManyLines { max: MAX_TIER_MD_LINES }));
        }
        if raw.chars().nth(MAX_TIER_MD_LINE_CHARS).is_some() {
            return Err(err(n, TierMdProblem::TooLong { max: MAX_TIER_MD_LINE_CHARS }));
        }
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if line.chars().any(|c| c.is_control() && c != '\t') {
            return Err(err(n, TierMdProblem::ControlCharacter));
        }
        let t = line.trim();
        if t == "---" && front < 2 {
            front += 1;
            continue;
        }
        if front == 1 {
            if let Some(v) = t.strip_prefix("ms.date:") {
                date = Some(iso_date(v).ok_or_else(|| err(n, TierMdProblem::Date(v.trim().chars().take(40).collect())))?);
            }
            continue;
        }
        let Some(inner) = t.strip_prefix('|') else { continue };
        let inner = inner.strip_suffix('|').unwrap_or(inner);
        let cells: Vec<&str> = inner.split('|').map(str::trim).collect();
        if is_separator(&cells) || cells.first() == Some(&"Model Name") {
            continue;
        }
        if rows.len() == MAX_TIER_MD_ROWS {
            return Err(err(n, TierMdProblem::TooManyRows { max: MAX_TIER_MD_ROWS }));
        }
        let r = row(n, &cells).map_err(|p| err(n, p))?;
        if let Some(first) = rows.iter().find(|x| x.model == r.model && x.deployment == r.deployment) {
            return Err(err(n, TierMdProblem::Duplicate { first_line: first.line }));
        }
        rows.push(r);
    }
    let date = date.ok_or_else(|| err(0, TierMdProblem::NoDate))?;
    if rows.is_empty() {
        return Err(err(0, TierMdProblem::NoRows));
    }
    Ok(VendorTierFile { date, rows })
}

/// `1_000_000.0`: a whole number as the table's Rust writes it.
fn rust_number(v: f64) -> String {
    let digits = format!("{v:.0}");
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 2);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push('_');
        }
        out.push(c);
    }
    out.push_str(".0");
    out
}

fn tier_variant(t: QuotaTier) -> &'static str {
    match t {
        QuotaTier::Free => "Free",
        QuotaTier::T1 => "T1",
        QuotaTier::T2 => "T2",
        QuotaTier::T3 => "T3",
        QuotaTier::T4 => "T4",
        QuotaTier::T5 => "T5",
        QuotaTier::T6 => "T6",
    }
}

fn deployment_name(s: Scope) -> &'static str {
    match s {
        Scope::Global => "Global",
        Scope::DataZone => "DataZone",
        Scope::Regional => "Standard",
    }
}

const HEADER: &str = "\
//! Generated by `cargo run -p batchlane-core --example gen_tier_table` from
//! the vendor's quota-tier tables in `assets/vendor/quota-tier/` (each file's
//! source, commit and licence in its README): one row per tier × model ×
//! deployment type, as the tables state them, in the files' order. Do not
//! edit: `tests/it/tier_table.rs` fails when this file differs from what the
//! generator makes of the vendored files.

// The tables' Standard is Regional Standard.
use super::tiers::{row, QuotaTier::*, TierRow};
use super::Scope::{DataZone, Global, Regional as Standard};
use super::{Certainty::*, SourceId::*};

#[rustfmt::skip]
pub(super) const ROWS: &[TierRow] = &[
";

/// The Rust of `tier_table.rs` from each tier's vendor file (`files`, in the
/// order given).
pub fn generate_tier_table(files: &[(QuotaTier, &str)]) -> Result<String, (QuotaTier, TierMdError)> {
    let mut out = String::from(HEADER);
    for &(tier, text) in files {
        let parsed = parse_tier_markdown(text).map_err(|e| (tier, e))?;
        let source = match tier.number() {
            Some(n) => format!("QuotaTier{n}"),
            None => "QuotaTierFree".to_string(),
        };
        for r in &parsed.rows {
            let subject = format!("{}/{}/{}", r.model, r.deployment.tier_code(), tier.code());
            let tpm = r.tpm.map_or_else(|| "None".to_string(), |t| format!("Some({})", rust_number(t)));
            let certainty = match r.certainty {
                Certainty::Documented => "Documented",
                Certainty::Unconfirmed => "Unconfirmed",
            };
            out.push_str(&format!(
                "    row({}, {:?}, {}, {:?}, {}, {}, {}, {}, {:?}, {}),\n",
                tier_variant(tier),
                r.model,
                deployment_name(r.deployment),
                subject,
                rust_number(r.rpm),
                rust_number(r.window_seconds),
                tpm,
                source,
                parsed.date,
                certainty
            ));
        }
    }
    out.push_str("];\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "---\ntitle: Quota tier 2\nms.date: 08/20/2026\n---\n\n### Tier 2\n\n\
        | Model Name | Deployment Type | Requests Per Minute (RPM) | Tokens Per Minute (TPM) |\n\
        |:--|--:|--:|--:|\n\
        | gpt-4o | DataZoneStandard | 1000 / 10s | 1,000,000 |\n\
        | gpt-image-2 | DataZoneStandard | 3   (TBD) | - |\n\
        | gpt-5.5 | GlobalStandard | 0 | 0 |\n\
        | gpt-4.1-mini | Standard | 12,000 | 12,000,000 |\n";

    #[test]
    fn rows_windows_tbd_and_dates() {
        let f = parse_tier_markdown(SMALL).unwrap();
        assert_eq!(f.date, "2026-08-20");
        assert_eq!(f.rows.len(), 4);
        let r = &f.rows[0];
        assert_eq!(
            (r.line, r.model.as_str(), r.deployment, r.rpm, r.window_seconds, r.tpm),
            (10, "gpt-4o", Scope::DataZone, 1_000.0, 10.0, Some(1e6))
        );
        assert_eq!((f.rows[1].rpm, f.rows[1].tpm, f.rows[1].certainty), (3.0, None, Certainty::Unconfirmed));
        assert_eq!(f.rows[2].certainty, Certainty::Unconfirmed);
        assert_eq!((f.rows[3].deployment, f.rows[3].certainty), (Scope::Regional, Certainty::Documented));
    }

    #[test]
    fn refusals_name_the_line_and_the_field() {
        let with = |row: &str| format!("---\nms.date: 08/20/2026\n---\n| Model Name | b | c | d |\n|--|--|--|--|\n{row}\n");
        let e = |row: &str| parse_tier_markdown(&with(row)).unwrap_err();
        assert_eq!(e("| m | Global | 1 | 1 |"), err(6, TierMdProblem::Deployment("Global".into())));
        assert_eq!(e("| m | GlobalStandard | 1e400 | 1 |").problem, TierMdProblem::Number { column: "rpm", value: "1e400".into() });
        assert_eq!(e("| m | GlobalStandard | 99999999999999999999 | 1 |").line, 6);
        assert_eq!(e("| m | GlobalStandard | -5 | 1 |").line, 6);
        assert_eq!(e("| m | GlobalStandard | 5 / 90s | 1 |").problem, TierMdProblem::Window("90s".into()));
        assert_eq!(e("| m | GlobalStandard | 5 |").problem, TierMdProblem::Columns { found: 3 });
        assert_eq!(e("|  | GlobalStandard | 5 | 5 |").problem, TierMdProblem::EmptyModel);
        assert_eq!(e("| m | GlobalStandard | 5\u{7} | 5 |").problem, TierMdProblem::ControlCharacter);
        assert_eq!(e("| m | GlobalStandard | 5 | 5 |\n| m | GlobalStandard | 6 | 6 |").problem, TierMdProblem::Duplicate { first_line: 6 });
        let long = format!("| {} | GlobalStandard | 5 | 5 |", "m".repeat(MAX_TIER_MD_LINE_CHARS));
        assert_eq!(e(&long).problem, TierMdProblem::TooLong { max: MAX_TIER_MD_LINE_CHARS });
        assert_eq!(parse_tier_markdown("| m | GlobalStandard | 5 | 5 |\n").unwrap_err(), err(0, TierMdProblem::NoDate));
        assert_eq!(parse_tier_markdown("---\nms.date: 13/40/2026\n---\n").unwrap_err().problem, TierMdProblem::Date("13/40/2026".into()));
        assert_eq!(parse_tier_markdown("---\nms.date: 08/20/2026\n---\n").unwrap_err(), err(0, TierMdProblem::NoRows));
    }

    #[test]
    fn a_table_of_a_million_rows_is_refused_early() {
        let mut text = String::from("---\nms.date: 08/20/2026\n---\n");
        for i in 0..1_000_000 {
            text.push_str(&format!("| m{i} | GlobalStandard | 1 | 1 |\n"));
        }
        let e = parse_tier_markdown(&text).unwrap_err();
        assert_eq!(e, err(4 + MAX_TIER_MD_ROWS, TierMdProblem::TooManyRows { max: MAX_TIER_MD_ROWS }));
    }

    #[test]
    fn numbers_are_written_as_the_table_writes_them() {
        assert_eq!(rust_number(200.0), "200.0");
        assert_eq!(rust_number(1_000.0), "1_000.0");
        assert_eq!(rust_number(225_000_000.0), "225_000_000.0");
        assert_eq!(rust_number(0.0), "0.0");
    }

    #[test]
    fn every_vendor_file_is_in_the_vendor_folder_once() {
        let mut tiers: Vec<_> = TIER_VENDOR_FILES.iter().map(|f| f.tier).collect();
        tiers.dedup();
        assert_eq!(tiers, QuotaTier::ALL);
        for f in TIER_VENDOR_FILES {
            assert!(f.in_vendor_dir() && f.path.ends_with(f.file) && f.commit.len() == 40, "{f:?}");
        }
    }
}
