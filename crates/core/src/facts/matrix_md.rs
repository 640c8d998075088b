//! The reader of Azure's lane availability matrices (markdown as published
//! in MicrosoftDocs/azure-ai-docs, vendored in `assets/vendor/model-matrix/`
//! with their commit and licence), for the generator in `lane_gen.rs` and
//! the importer of a newer matrix (`import/lane_matrix.rs`). Two shapes:
//!
//! - the batch deployments' model matrix (`deployments-batch.md`): sections
//!   `## Global Batch` and `## Data Zone Batch`, tabs `# [Americas](#tab/…)`,
//!   a table per tab with a row per model × version and a column per region
//!   (`✅` or `-`);
//! - a Priority processing matrix (`*-priority-processing.md`): one table
//!   with a row per region and a column per `model, version`.
//!
//! The parsers take files from the internet: at most
//! [`MAX_MATRIX_MD_LINES`] lines of at most [`MAX_MATRIX_MD_LINE_CHARS`]
//! characters and [`MAX_MATRIX_MD_ROWS`] table rows are read; every refusal
//! names the line and the field.

use super::lane_gen::MatrixKind;
use super::lanes::DataZone;
use super::tier_gen::{is_separator, iso_date};
use super::Scope;

/// Lines read; a longer file is refused.
pub const MAX_MATRIX_MD_LINES: usize = 10_000;
/// Longest line read, in characters (a table row of every Azure region is under it).
pub const MAX_MATRIX_MD_LINE_CHARS: usize = 4_000;
/// Table rows read, over every table of a file (a vendor matrix has about a hundred).
pub const MAX_MATRIX_MD_ROWS: usize = 2_000;
/// Columns of one table (Azure has fewer than a hundred regions).
pub const MAX_MATRIX_MD_COLUMNS: usize = 200;
/// Characters of a model, version or region name.
const MAX_NAME_CHARS: usize = 64;

/// Why a matrix file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatrixMdProblem {
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
    /// A `## ` heading the batch matrix does not have (only Global Batch and Data Zone Batch).
    Section(String),
    /// A table before its section (batch) or its tab.
    Outside,
    /// A Data Zone table under a tab that names no data zone (Americas: US, Europe: EU).
    NoZone(String),
    /// The header's first cells are not the expected ones.
    Header(String),
    /// No separator row (`| :--- | … |`) after the header.
    NoSeparator,
    /// A name (model, version, region) that is empty, too long, or not `[a-z0-9.-]`.
    Name(String),
    /// A header cell that is not `model, version`.
    Column(String),
    /// A row with another number of cells than its header.
    Columns {
        expected: usize,
        found: usize,
    },
    TooManyColumns {
        max: usize,
    },
    /// A cell that is neither `✅` nor `-` (nor empty).
    Mark(String),
    Duplicate {
        first_line: usize,
    },
    TooManyRows {
        max: usize,
    },
    /// More than the one table a Priority matrix has.
    SecondTable,
    /// No table row at all.
    NoRows,
}

/// A refusal: the line (1-based; 0 for the whole file), the field, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixMdError {
    pub line: usize,
    /// The field: `front matter`, `heading`, `header`, `model`, `version`,
    /// `region`, or `model × region` for a cell.
    pub field: String,
    pub problem: MatrixMdProblem,
}

impl std::error::Error for MatrixMdError {}

impl std::fmt::Display for MatrixMdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, {}: {:?}", self.line, self.field, self.problem)
    }
}

fn err(line: usize, field: impl Into<String>, problem: MatrixMdProblem) -> MatrixMdError {
    MatrixMdError { line, field: field.into(), problem }
}

fn cut(v: &str) -> String {
    v.chars().take(40).collect()
}

/// One model × version row: the regions marked ✅, in the table's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixModel {
    /// 1-based line of the row (batch) or of the header (Priority).
    pub line: usize,
    pub model: String,
    pub version: String,
    pub regions: Vec<String>,
}

/// One deployment type (and zone) of a matrix, its tables merged in order:
/// every region its columns (batch) or rows (Priority) name, and its models.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixGroup {
    pub scope: Scope,
    /// The data zone of a Data Zone table (its tab's, or the file's).
    pub zone: Option<DataZone>,
    pub regions: Vec<String>,
    pub models: Vec<MatrixModel>,
}

/// What a matrix file states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VendorMatrix {
    /// `ms.date` of the front matter as `YYYY-MM-DD`.
    pub date: String,
    pub groups: Vec<MatrixGroup>,
}

/// A cell without its `**` emphasis and surrounding blanks.
fn plain(cell: &str) -> String {
    cell.replace("**", "").trim().to_string()
}

/// A model, version or region name: 1 to 64 of `[a-z0-9.-]`.
fn name(line: usize, field: &str, v: &str) -> Result<String, MatrixMdError> {
    let ok = !v.is_empty()
        && v.chars().count() <= MAX_NAME_CHARS
        && v.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.');
    if ok {
        Ok(v.to_string())
    } else {
        Err(err(line, field, MatrixMdProblem::Name(cut(v))))
    }
}

/// `✅` → marked; `-` or empty → not.
fn mark(line: usize, field: impl FnOnce() -> String, v: &str) -> Result<bool, MatrixMdError> {
    match v {
        "✅" => Ok(true),
        "-" | "" => Ok(false),
        _ => Err(err(line, field(), MatrixMdProblem::Mark(cut(v)))),
    }
}

/// The lines of a file, bounded and checked: (1-based number, trimmed text).
fn lines(text: &str) -> impl Iterator<Item = Result<(usize, &str), MatrixMdError>> {
    text.split('\n').enumerate().map(|(i, raw)| {
        let n = i + 1;
        if n > MAX_MATRIX_MD_LINES {
            return Err(err(n, "file", MatrixMdProblem::TooManyLines { max: MAX_MATRIX_MD_LINES }));
        }
        if raw.chars().nth(MAX_MATRIX_MD_LINE_CHARS).is_some() {
            return Err(err(n, "line", MatrixMdProblem::TooLong { max: MAX_MATRIX_MD_LINE_CHARS }));
        }
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if line.chars().any(|c| c.is_control() && c != '\t') {
            return Err(err(n, "line", MatrixMdProblem::ControlCharacter));
        }
        Ok((n, line.trim()))
    })
}

/// A table line's cells (`| a | b |` → `["a", "b"]`), or `None` for another line.
fn cells(t: &str) -> Option<Vec<&str>> {
    let inner = t.strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').map(str::trim).collect())
}

/// A table being read: its header's names and whether the separator came.
struct Table {
    columns: Vec<String>,
    separated: bool,
}

/// What a file's reader does with its lines: a table's header (→ the
/// column names), a line outside a table, a row of the current table.
trait Reader {
    fn header(&mut self, n: usize, cells: &[&str]) -> Result<Vec<String>, MatrixMdError>;
    fn other(&mut self, n: usize, line: &str) -> Result<(), MatrixMdError>;
    fn row(&mut self, n: usize, columns: &[String], cells: &[&str]) -> Result<(), MatrixMdError>;
}

/// Reads the front matter's date and hands every other line to `reader`,
/// a table's rows after its header and separator, with the header's names.
fn walk(text: &str, reader: &mut impl Reader) -> Result<String, MatrixMdError> {
    let mut date = None;
    let mut front = 0u8; // 0 before, 1 inside, 2 after the front matter
    let mut table: Option<Table> = None;
    let mut rows = 0usize;
    for item in lines(text) {
        let (n, t) = item?;
        if front < 2 && t == "---" {
            front += 1;
            continue;
        }
        if front == 1 {
            if let Some(v) = t.strip_prefix("ms.date:") {
                date = Some(iso_date(v).ok_or_else(|| err(n, "front matter: ms.date", MatrixMdProblem::Date(cut(v.trim()))))?);
            }
            continue;
        }
        let Some(cs) = cells(t) else {
            table = None;
            reader.other(n, t)?;
            continue;
        };
        if cs.len() > MAX_MATRIX_MD_COLUMNS {
            return Err(err(n, "header", MatrixMdProblem::TooManyColumns { max: MAX_MATRIX_MD_COLUMNS }));
        }
        match &mut table {
            None => table = Some(Table { columns: reader.header(n, &cs)?, separated: false }),
            Some(tb) if !tb.separated => {
                if !is_separator(&cs) {
                    return Err(err(n, "separator", MatrixMdProblem::NoSeparator));
                }
                tb.separated = true;
            }
            Some(tb) => {
                if rows == MAX_MATRIX_MD_ROWS {
                    return Err(err(n, "row", MatrixMdProblem::TooManyRows { max: MAX_MATRIX_MD_ROWS }));
                }
                rows += 1;
                if cs.len() != tb.columns.len() {
                    return Err(err(n, "row", MatrixMdProblem::Columns { expected: tb.columns.len(), found: cs.len() }));
                }
                reader.row(n, &tb.columns, &cs)?;
            }
        }
    }
    let date = date.ok_or_else(|| err(0, "front matter: ms.date", MatrixMdProblem::NoDate))?;
    if rows == 0 {
        return Err(err(0, "table", MatrixMdProblem::NoRows));
    }
    Ok(date)
}

/// The batch matrix's reader: the section and tab it is in, the groups so far.
#[derive(Default)]
struct BatchReader {
    scope: Option<Scope>,
    tab: Option<String>,
    groups: Vec<MatrixGroup>,
    /// The group the current table fills.
    current: usize,
    /// (group, region, header line): a region is in one table of its group.
    seen_regions: Vec<(usize, String, usize)>,
    /// (model, version, line) of the current table's rows.
    seen_rows: Vec<(String, String, usize)>,
}

impl Reader for BatchReader {
    fn header(&mut self, n: usize, cs: &[&str]) -> Result<Vec<String>, MatrixMdError> {
        let names: Vec<String> = cs.iter().map(|c| plain(c)).collect();
        if names.len() < 3 || names[0] != "Model" || names[1] != "Version" {
            return Err(err(n, "header", MatrixMdProblem::Header(cut(&names.join(" | ")))));
        }
        let Some(scope) = self.scope else { return Err(err(n, "heading", MatrixMdProblem::Outside)) };
        let Some(tab) = self.tab.as_deref() else { return Err(err(n, "tab", MatrixMdProblem::Outside)) };
        let zone = match (scope, tab) {
            (Scope::DataZone, "az-americas") => Some(DataZone::Us),
            (Scope::DataZone, "az-europe") => Some(DataZone::Eu),
            (Scope::DataZone, other) => return Err(err(n, "tab", MatrixMdProblem::NoZone(cut(other)))),
            _ => None,
        };
        self.current = match self.groups.iter().position(|g| g.scope == scope && g.zone == zone) {
            Some(i) => i,
            None => {
                self.groups.push(MatrixGroup { scope, zone, regions: Vec::new(), models: Vec::new() });
                self.groups.len() - 1
            }
        };
        self.seen_rows.clear();
        let mut columns = vec![String::new(), String::new()];
        for (i, r) in names[2..].iter().enumerate() {
            let field = format!("region (column {})", i + 3);
            let r = name(n, &field, r)?;
            if let Some((_, _, first)) = self.seen_regions.iter().find(|(g, x, _)| *g == self.current && *x == r) {
                return Err(err(n, field, MatrixMdProblem::Duplicate { first_line: *first }));
            }
            self.seen_regions.push((self.current, r.clone(), n));
            self.groups[self.current].regions.push(r.clone());
            columns.push(r);
        }
        Ok(columns)
    }

    fn other(&mut self, n: usize, t: &str) -> Result<(), MatrixMdError> {
        if let Some(h) = t.strip_prefix("## ") {
            self.scope = Some(match h.trim() {
                "Global Batch" => Scope::Global,
                "Data Zone Batch" => Scope::DataZone,
                other => return Err(err(n, "heading", MatrixMdProblem::Section(cut(other)))),
            });
            self.tab = None;
        } else if let Some(rest) = t.strip_prefix("# [") {
            self.tab = rest.split_once("](#tab/").and_then(|(_, id)| id.strip_suffix(')')).map(str::to_string);
        }
        Ok(())
    }

    fn row(&mut self, n: usize, columns: &[String], cs: &[&str]) -> Result<(), MatrixMdError> {
        let model = name(n, "model", cs[0])?;
        let version = name(n, "version", cs[1])?;
        if let Some((_, _, first)) = self.seen_rows.iter().find(|(m, v, _)| *m == model && *v == version) {
            return Err(err(n, "model", MatrixMdProblem::Duplicate { first_line: *first }));
        }
        self.seen_rows.push((model.clone(), version.clone(), n));
        let mut marked = Vec::new();
        for (region, cell) in columns[2..].iter().zip(&cs[2..]) {
            if mark(n, || format!("{model} × {region}"), cell)? {
                marked.push(region.clone());
            }
        }
        let g = &mut self.groups[self.current];
        match g.models.iter_mut().find(|m| m.model == model && m.version == version) {
            // The same model × version in another tab: its regions join the first row's.
            Some(m) => m.regions.extend(marked),
            None => g.models.push(MatrixModel { line: n, model, version, regions: marked }),
        }
        Ok(())
    }
}

/// Reads the batch deployments' model matrix: per deployment type (and
/// zone) the regions of its tables and each model × version's ✅ regions.
pub fn parse_batch_matrix(text: &str) -> Result<VendorMatrix, MatrixMdError> {
    let mut reader = BatchReader::default();
    let date = walk(text, &mut reader)?;
    Ok(VendorMatrix { date, groups: reader.groups })
}

/// A Priority matrix's reader: one table, a column per model.
struct PriorityReader {
    group: MatrixGroup,
    tables: usize,
    /// The header line, and each region's line.
    region_lines: Vec<usize>,
}

impl Reader for PriorityReader {
    fn header(&mut self, n: usize, cs: &[&str]) -> Result<Vec<String>, MatrixMdError> {
        self.tables += 1;
        if self.tables > 1 {
            return Err(err(n, "table", MatrixMdProblem::SecondTable));
        }
        if cs.len() < 2 || plain(cs[0]) != "Region" {
            return Err(err(n, "header", MatrixMdProblem::Header(cut(cs.first().copied().unwrap_or("")))));
        }
        let mut columns = vec![String::new()];
        for (i, c) in cs[1..].iter().enumerate() {
            let field = format!("header (column {})", i + 2);
            let c = plain(c);
            let Some((m, v)) = c.split_once(',') else { return Err(err(n, field, MatrixMdProblem::Column(cut(&c)))) };
            let (m, v) = (name(n, &field, m.trim())?, name(n, &field, v.trim())?);
            if self.group.models.iter().any(|x| x.model == m && x.version == v) {
                return Err(err(n, field, MatrixMdProblem::Duplicate { first_line: n }));
            }
            columns.push(m.clone());
            self.group.models.push(MatrixModel { line: n, model: m, version: v, regions: Vec::new() });
        }
        Ok(columns)
    }

    fn other(&mut self, _: usize, _: &str) -> Result<(), MatrixMdError> {
        Ok(())
    }

    fn row(&mut self, n: usize, columns: &[String], cs: &[&str]) -> Result<(), MatrixMdError> {
        let region = name(n, "region", cs[0])?;
        if let Some(i) = self.group.regions.iter().position(|r| *r == region) {
            return Err(err(n, "region", MatrixMdProblem::Duplicate { first_line: self.region_lines[i] }));
        }
        for ((model, cell), m) in columns[1..].iter().zip(&cs[1..]).zip(self.group.models.iter_mut()) {
            if mark(n, || format!("{model} × {region}"), cell)? {
                m.regions.push(region.clone());
            }
        }
        self.group.regions.push(region);
        self.region_lines.push(n);
        Ok(())
    }
}

/// Reads a Priority processing matrix (a row per region, a column per
/// `model, version`) as one group of `scope` (and `zone`).
pub fn parse_priority_matrix(text: &str, scope: Scope, zone: Option<DataZone>) -> Result<VendorMatrix, MatrixMdError> {
    let group = MatrixGroup { scope, zone, regions: Vec::new(), models: Vec::new() };
    let mut reader = PriorityReader { group, tables: 0, region_lines: Vec::new() };
    let date = walk(text, &mut reader)?;
    Ok(VendorMatrix { date, groups: vec![reader.group] })
}

/// Reads a vendored file as its kind says.
pub fn parse_lane_matrix(kind: MatrixKind, text: &str) -> Result<VendorMatrix, MatrixMdError> {
    match kind {
        MatrixKind::Batch => parse_batch_matrix(text),
        MatrixKind::PriorityGlobal => parse_priority_matrix(text, Scope::Global, None),
        MatrixKind::PriorityDatazone => parse_priority_matrix(text, Scope::DataZone, Some(DataZone::Us)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(rows: &str) -> String {
        format!(
            "---\nms.date: 08/28/2026\n---\n\n## Data Zone Batch\n\n# [Europe](#tab/az-europe)\n\n\
             | **Model** | **Version** | **francecentral** | **westeurope** |\n| :--- | :--- | :---: | :---: |\n{rows}\n"
        )
    }

    #[test]
    fn a_batch_table_gives_each_model_its_marked_regions() {
        let m = parse_batch_matrix(&batch("| gpt-4o | 2024-08-06 | ✅ | - |\n| o3 | 2025-04-16 | ✅ | ✅ |")).unwrap();
        assert_eq!(m.date, "2026-08-28");
        let g = &m.groups[0];
        assert_eq!((g.scope, g.zone), (Scope::DataZone, Some(DataZone::Eu)));
        assert_eq!(g.regions, ["francecentral", "westeurope"]);
        assert_eq!((g.models[0].line, g.models[0].regions.clone()), (11, vec!["francecentral".to_string()]));
        assert_eq!(g.models[1].regions.len(), 2);
    }

    #[test]
    fn refusals_name_the_line_and_the_field() {
        let e = |rows: &str| parse_batch_matrix(&batch(rows)).unwrap_err();
        assert_eq!(e("| gpt-4o | 2024-08-06 | ✅ | yes |"), err(11, "gpt-4o × westeurope", MatrixMdProblem::Mark("yes".into())));
        assert_eq!(e("| gpt-4o | 2024-08-06 | ✅ |"), err(11, "row", MatrixMdProblem::Columns { expected: 4, found: 3 }));
        assert_eq!(e("| GPT 4o | 2024-08-06 | ✅ | ✅ |"), err(11, "model", MatrixMdProblem::Name("GPT 4o".into())));
        assert_eq!(e("| gpt-4o |  | ✅ | ✅ |"), err(11, "version", MatrixMdProblem::Name(String::new())));
        assert_eq!(e("| o3 | 1 | ✅ | ✅ |\n| o3 | 1 | ✅ | - |"), err(12, "model", MatrixMdProblem::Duplicate { first_line: 11 }));
        assert_eq!(e("| o3 | 1 | ✅\u{7} | ✅ |"), err(11, "line", MatrixMdProblem::ControlCharacter));
        let long = format!("| {} | 1 | ✅ | ✅ |", "m".repeat(MAX_MATRIX_MD_LINE_CHARS));
        assert_eq!(e(&long), err(11, "line", MatrixMdProblem::TooLong { max: MAX_MATRIX_MD_LINE_CHARS }));
        let asia = "---\nms.date: 08/28/2026\n---\n## Data Zone Batch\n# [Asia](#tab/az-apac)\n| Model | Version | japaneast |\n|--|--|--|\n| o3 | 1 | ✅ |\n";
        assert_eq!(parse_batch_matrix(asia).unwrap_err(), err(6, "tab", MatrixMdProblem::NoZone("az-apac".into())));
        let section = "---\nms.date: 08/28/2026\n---\n## Regional Batch\n";
        assert_eq!(parse_batch_matrix(section).unwrap_err(), err(4, "heading", MatrixMdProblem::Section("Regional Batch".into())));
        let outside = "---\nms.date: 08/28/2026\n---\n| Model | Version | eastus |\n|--|--|--|\n| o3 | 1 | ✅ |\n";
        assert_eq!(parse_batch_matrix(outside).unwrap_err(), err(4, "heading", MatrixMdProblem::Outside));
        let no_sep = batch("").replace("| :--- | :--- | :---: | :---: |", "| o3 | 1 | ✅ | ✅ |");
        assert_eq!(parse_batch_matrix(&no_sep).unwrap_err(), err(10, "separator", MatrixMdProblem::NoSeparator));
        assert_eq!(parse_batch_matrix("## Global Batch\n").unwrap_err(), err(0, "front matter: ms.date", MatrixMdProblem::NoDate));
        assert_eq!(parse_batch_matrix(&batch("")).unwrap_err(), err(0, "table", MatrixMdProblem::NoRows));
    }

    #[test]
    fn a_priority_table_is_read_by_column() {
        let text = "---\nms.date: 04/21/2026\n---\n| **Region** | **gpt-5.4-mini**, **2026-03-17** | **gpt-4.1, 2025-04-14** |\n\
                    |:--|:--:|:--:|\n| centralus | ✅ | ✅ |\n| eastus | - | ✅ |\n";
        let m = parse_priority_matrix(text, Scope::DataZone, Some(DataZone::Us)).unwrap();
        let g = &m.groups[0];
        assert_eq!(g.regions, ["centralus", "eastus"]);
        assert_eq!((g.models[0].model.as_str(), g.models[0].version.as_str()), ("gpt-5.4-mini", "2026-03-17"));
        assert_eq!(g.models[0].regions, ["centralus"]);
        assert_eq!(g.models[1].regions, ["centralus", "eastus"]);
        let bad = text.replace("**gpt-4.1, 2025-04-14**", "gpt-4.1");
        assert_eq!(
            parse_priority_matrix(&bad, Scope::Global, None).unwrap_err(),
            err(4, "header (column 3)", MatrixMdProblem::Column("gpt-4.1".into()))
        );
        let second = format!("{text}\n| Region | gpt-5, 1 |\n|--|--|\n| eastus | ✅ |\n");
        assert_eq!(parse_priority_matrix(&second, Scope::Global, None).unwrap_err(), err(9, "table", MatrixMdProblem::SecondTable));
    }

    #[test]
    fn a_table_of_a_million_rows_is_refused_early() {
        let mut rows = String::new();
        for i in 0..1_000_000 {
            rows.push_str(&format!("| m{i} | 1 | ✅ | ✅ |\n"));
        }
        let e = parse_batch_matrix(&batch(&rows)).unwrap_err();
        assert_eq!(e, err(11 + MAX_MATRIX_MD_ROWS, "row", MatrixMdProblem::TooManyRows { max: MAX_MATRIX_MD_ROWS }));
    }

    #[test]
    fn too_many_lines_or_columns_are_refused() {
        let lines = format!("---\nms.date: 08/28/2026\n---\n{}", "text\n".repeat(MAX_MATRIX_MD_LINES));
        assert_eq!(
            parse_batch_matrix(&lines).unwrap_err(),
            err(MAX_MATRIX_MD_LINES + 1, "file", MatrixMdProblem::TooManyLines { max: MAX_MATRIX_MD_LINES })
        );
        let wide = format!("| Model | Version |{}\n", " r |".repeat(MAX_MATRIX_MD_COLUMNS));
        let e = parse_batch_matrix(&format!("---\nms.date: 08/28/2026\n---\n## Global Batch\n# [A](#tab/a)\n{wide}")).unwrap_err();
        assert_eq!(e, err(6, "header", MatrixMdProblem::TooManyColumns { max: MAX_MATRIX_MD_COLUMNS }));
    }
}
