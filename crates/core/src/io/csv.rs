//! The one CSV writer: RFC 4180 quoting (a cell with a comma, quote, CR or
//! LF is quoted, quotes doubled), a formula guard for text cells (a cell
//! starting with `=`, `+`, `-`, `@`, TAB or CR gets a leading `'` so that a
//! spreadsheet shows it instead of running it), `\n` line ends and an
//! optional UTF-8 byte order mark (Excel reads UTF-8 only with it). Numbers
//! are written as numbers, never guarded; a non-finite number is an error,
//! never `inf` or `NaN` in a cell.

/// The UTF-8 byte order mark (bytes EF BB BF).
pub const BOM: char = '\u{feff}';

/// `csv` as a spreadsheet reads it: starting with exactly one UTF-8 byte
/// order mark (Excel, Korean Excel in particular, reads a CSV without one in
/// the local code page and shows mojibake). Every CSV download goes through
/// this (`src/components/download.rs`, `download_csv`).
pub fn with_bom(csv: &str) -> String {
    let body = csv.strip_prefix(BOM).unwrap_or(csv);
    let mut out = String::with_capacity(body.len().saturating_add(BOM.len_utf8()));
    out.push(BOM);
    out.push_str(body);
    out
}

/// How the file starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CsvOptions {
    /// Start with a UTF-8 byte order mark.
    pub bom: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CsvError {
    /// A number cell is infinite or NaN (a sum that overflowed).
    NonFinite {
        /// 1-based data row (the header is row 0).
        row: usize,
        column: String,
    },
    /// A sum in this data row overflowed: its figures are capped.
    Overflow { row: usize },
}

impl std::fmt::Display for CsvError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CsvError::NonFinite { row, column } => write!(f, "row {row}, column {column}: not a finite number"),
            CsvError::Overflow { row } => write!(f, "row {row}: the table is too large"),
        }
    }
}

impl std::error::Error for CsvError {}

/// Builds a CSV text row by row: `header`, then cells and `end_row` per row.
#[derive(Clone, Debug)]
pub struct CsvWriter {
    out: String,
    header: Vec<String>,
    row: usize,
    column: usize,
}

/// Characters a spreadsheet may read as the start of a formula.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// One text cell, guarded and quoted as needed.
pub fn text_cell(text: &str) -> String {
    let guarded = if text.starts_with(FORMULA_STARTS) { format!("'{text}") } else { text.to_string() };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

impl CsvWriter {
    /// A writer whose first line is `header` (names are text cells).
    pub fn new(options: CsvOptions, header: &[&str]) -> Self {
        let mut w = CsvWriter { out: String::new(), header: header.iter().map(|h| h.to_string()).collect(), row: 0, column: 0 };
        if options.bom {
            w.out.push(BOM);
        }
        for h in header {
            w.text(h);
        }
        w.end_row();
        w
    }

    fn sep(&mut self) {
        if self.column > 0 {
            self.out.push(',');
        }
        self.column += 1;
    }

    /// A text cell (guarded and quoted).
    pub fn text(&mut self, text: &str) -> &mut Self {
        self.sep();
        self.out.push_str(&text_cell(text));
        self
    }

    /// An integer cell.
    pub fn int(&mut self, n: u64) -> &mut Self {
        self.sep();
        self.out.push_str(&n.to_string());
        self
    }

    /// A boolean cell (`true` / `false`).
    pub fn bool(&mut self, b: bool) -> &mut Self {
        self.sep();
        self.out.push_str(if b { "true" } else { "false" });
        self
    }

    /// A number with `decimals` places; `None` for `decimals` keeps the
    /// shortest exact form. Refuses infinity and NaN.
    pub fn num(&mut self, n: f64, decimals: Option<usize>) -> Result<&mut Self, CsvError> {
        if !n.is_finite() {
            let column = self.header.get(self.column).cloned().unwrap_or_default();
            return Err(CsvError::NonFinite { row: self.row, column });
        }
        self.sep();
        match decimals {
            Some(d) => self.out.push_str(&format!("{n:.d$}")),
            None => self.out.push_str(&n.to_string()),
        }
        Ok(self)
    }

    pub fn end_row(&mut self) -> &mut Self {
        self.out.push('\n');
        self.row += 1;
        self.column = 0;
        self
    }

    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_and_defused() {
        assert_eq!(text_cell("acme"), "acme");
        assert_eq!(text_cell("a,b"), "\"a,b\"");
        assert_eq!(text_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(text_cell("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(text_cell("@x"), "'@x");
        assert_eq!(text_cell("\t=1"), "'\t=1");
        assert_eq!(text_cell("\r=1"), "\"'\r=1\"");
        assert_eq!(text_cell("한국"), "한국");
    }

    #[test]
    fn a_download_starts_with_one_bom() {
        assert_eq!(with_bom("a,한\n").as_bytes(), b"\xEF\xBB\xBFa,\xED\x95\x9C\n");
        assert_eq!(with_bom("\u{feff}a\n").as_bytes(), b"\xEF\xBB\xBFa\n");
        assert_eq!(with_bom("").as_bytes(), b"\xEF\xBB\xBF");
    }

    #[test]
    fn rows_numbers_and_the_bom() {
        let mut w = CsvWriter::new(CsvOptions { bom: true }, &["key", "n", "usd", "flag"]);
        w.text("-1").int(3).num(-0.5, Some(2)).unwrap().bool(true).end_row();
        assert_eq!(w.finish(), "\u{feff}key,n,usd,flag\n'-1,3,-0.50,true\n");
        let mut w = CsvWriter::new(CsvOptions::default(), &["key", "usd"]);
        w.text("a");
        assert_eq!(w.num(f64::INFINITY, Some(6)).err(), Some(CsvError::NonFinite { row: 1, column: "usd".into() }));
        assert!(w.num(f64::NAN, None).is_err());
    }
}
