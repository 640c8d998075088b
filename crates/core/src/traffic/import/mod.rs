//! Reading metric exports: the three documented layouts, told apart by
//! their first bytes and header, into one [`Store`].
//!
//! - `rest`: the Azure Monitor REST `Metrics - List` response, which
//!   `az monitor metrics list --output json` prints;
//! - `analytics`: Log Analytics `AzureMetrics` rows, exported as CSV
//!   (the portal's "Export to CSV") or JSON (`az monitor log-analytics
//!   query`'s array, or the query API's `tables`);
//! - `plain`: a CSV with batchlane's documented header, for gateways,
//!   APIM's `llm-emit-token-metric` and the user's own logs.
//!
//! An error names the file, the line (and column for JSON) and the field.
//!
//! Every layout is read as a stream ([`Importer::read`] takes any
//! `io::Read`): CSV line by line with a line-length limit, JSON through
//! serde visitors that check the shape and hand each point to the store as
//! it is read, so memory follows what is kept, never the file. The bytes
//! read are counted against one budget per file and one for the run
//! ([`ReadLimits`]), whatever size a file claims (a pipe, `/dev/zero`).

mod analytics;
mod analytics_json;
mod csv;
mod metric;
mod plain;
mod rest;
mod sink;

use super::store::Store;
use crate::text::Text;
use std::io::Read;

pub(crate) use metric::{flag, resource_name, status_code, Agg, Metric};
pub(crate) use sink::{coarse_notice, json_error, merged_notice, Bom, Sink};

/// The most bytes read from one file (a month of per-minute data for 20
/// deployments and ten metrics is about 200 MB of REST JSON).
pub const MAX_FILE_BYTES: usize = 1 << 30;
/// The most bytes read in one run, all files together.
pub const MAX_RUN_BYTES: u64 = 2 << 30;
/// The bytes the layout is told from.
const HEAD_BYTES: usize = 64 * 1024;
/// Progress is said every this many bytes.
const PROGRESS_BYTES: u64 = 1 << 20;
/// A CSV line longer than this is refused (a row is a few hundred bytes).
pub const MAX_CSV_LINE_BYTES: usize = 64 * 1024;

/// The layout a file is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Layout {
    /// `Metrics - List` (REST, `az monitor metrics list -o json`).
    MetricsList,
    /// Log Analytics `AzureMetrics` as CSV.
    AzureMetricsCsv,
    /// Log Analytics `AzureMetrics` as JSON.
    AzureMetricsJson,
    /// batchlane's plain CSV.
    PlainCsv,
}

impl Layout {
    pub fn code(self) -> &'static str {
        match self {
            Layout::MetricsList => "metrics-list",
            Layout::AzureMetricsCsv => "azuremetrics-csv",
            Layout::AzureMetricsJson => "azuremetrics-json",
            Layout::PlainCsv => "plain-csv",
        }
    }
}

/// A file that could not be read, and where.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ImportError {
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<u64>,
    /// 1-based column (JSON), when known.
    pub column: Option<u32>,
    /// The field or column at fault, when there is one.
    pub field: Option<String>,
    pub text: Text,
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ", line {line}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ", {field}")?;
        }
        write!(f, ": {}", self.text.en)
    }
}

impl std::error::Error for ImportError {}

impl ImportError {
    pub(crate) fn new(file: &str, text: Text) -> Self {
        ImportError { file: file.to_string(), line: None, column: None, field: None, text }
    }

    pub(crate) fn at(mut self, line: u64) -> Self {
        self.line = Some(line);
        self
    }

    pub(crate) fn field(mut self, field: &str) -> Self {
        self.field = Some(field.to_string());
        self
    }

    /// `file:line:column: field: message`, in English, for the CLI.
    pub fn display(&self) -> String {
        let mut s = self.file.clone();
        if let Some(l) = self.line {
            s.push_str(&format!(":{l}"));
            if let Some(c) = self.column {
                s.push_str(&format!(":{c}"));
            }
        }
        s.push_str(": ");
        if let Some(f) = &self.field {
            s.push_str(&format!("{f}: "));
        }
        s.push_str(&self.text.en);
        s
    }
}

/// Something the user should know about the data (not an error).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Notice {
    /// A stable code (`coarse_interval`, `no_status`, …).
    pub code: String,
    pub file: String,
    pub text: Text,
}

/// What one file gave.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FileSummary {
    pub name: String,
    pub layout: Layout,
    /// Points (REST) or rows (CSV, JSON rows) read.
    pub points: u64,
    /// Rows of metrics this tool does not use (counted, not an error).
    pub skipped: u64,
}

/// Tells the layout from the first bytes; `None` with the reason.
pub fn detect(name: &str, bytes: &[u8]) -> Result<Layout, ImportError> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = body.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(body.len());
    let head = &body[start..body.len().min(start + 64 * 1024)];
    match head.first() {
        None => Err(ImportError::new(name, Text::new("the file is empty", "파일이 비어 있습니다"))),
        Some(b'[') => Ok(Layout::AzureMetricsJson),
        Some(b'{') => {
            if memchr::memmem::find(head, b"\"tables\"").is_some() {
                Ok(Layout::AzureMetricsJson)
            } else {
                Ok(Layout::MetricsList)
            }
        }
        Some(_) => {
            let line = head.split(|b| *b == b'\n').next().unwrap_or_default();
            let header = String::from_utf8_lossy(line).to_ascii_lowercase();
            if header.contains("metricname") {
                Ok(Layout::AzureMetricsCsv)
            } else if header.contains("timestamp") && header.contains("deployment") {
                Ok(Layout::PlainCsv)
            } else {
                Err(ImportError::new(
                    name,
                    Text::new(
                        "not a metrics export: expected Azure Monitor Metrics - List JSON, Log Analytics AzureMetrics (CSV or JSON with a MetricName column), or a CSV whose header has timestamp and deployment",
                        "지표 내보내기 파일이 아닙니다. Azure Monitor Metrics - List JSON, Log Analytics AzureMetrics(MetricName 열이 있는 CSV 또는 JSON), 또는 머리글에 `timestamp` 열과 `deployment` 열이 있는 CSV여야 합니다",
                    ),
                )
                .at(1))
            }
        }
    }
}

/// How many bytes are read: per file, and for the whole run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadLimits {
    pub file: u64,
    pub run: u64,
}

impl Default for ReadLimits {
    fn default() -> Self {
        ReadLimits { file: MAX_FILE_BYTES as u64, run: MAX_RUN_BYTES }
    }
}

/// One run's reading: every file into one store, under one byte budget.
#[derive(Default)]
pub struct Importer {
    store: Store,
    notices: Vec<Notice>,
    files: Vec<FileSummary>,
    limits: ReadLimits,
    /// Bytes read in the run so far.
    read: u64,
}

/// Which budget a read went past.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Over {
    File,
    Run,
}

/// A reader that counts its bytes against the file's and the run's budget
/// (asking for at most one byte past either, to see it is passed), and says
/// the progress.
struct Counted<'r, 'p> {
    inner: &'r mut dyn Read,
    file: u64,
    run_before: u64,
    limits: ReadLimits,
    over: Option<Over>,
    progress: &'p mut dyn FnMut(u64),
    said: u64,
}

impl Read for Counted<'_, '_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.over.is_some() {
            return Err(std::io::Error::other("the byte budget is spent"));
        }
        let run = self.run_before.saturating_add(self.file);
        let room = self.limits.file.saturating_sub(self.file).min(self.limits.run.saturating_sub(run));
        let want = buf.len().min(usize::try_from(room.saturating_add(1)).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..want])?;
        self.file = self.file.saturating_add(n as u64);
        if self.file > self.limits.file {
            self.over = Some(Over::File);
        } else if self.run_before.saturating_add(self.file) > self.limits.run {
            self.over = Some(Over::Run);
        }
        if self.over.is_some() {
            return Err(std::io::Error::other("the byte budget is spent"));
        }
        if self.file >= self.said.saturating_add(PROGRESS_BYTES) {
            self.said = self.file;
            (self.progress)(self.run_before.saturating_add(self.file));
        }
        Ok(n)
    }
}

impl Importer {
    pub fn new() -> Self {
        Importer::default()
    }

    /// An importer with other budgets (tests; a caller that wants less).
    pub fn with_limits(limits: ReadLimits) -> Self {
        Importer { limits, ..Importer::default() }
    }

    /// Bytes read in the run so far.
    pub fn bytes_read(&self) -> u64 {
        self.read
    }

    /// Reads one file into the run's store, calling `progress(bytes read
    /// in the run)` as it goes. The first error stops the file (and should
    /// stop the run: the store may hold part of the file).
    pub fn read(&mut self, name: &str, input: &mut dyn Read, progress: &mut dyn FnMut(u64)) -> Result<(), ImportError> {
        let limits = self.limits;
        let mut counted = Counted { inner: input, file: 0, run_before: self.read, limits, over: None, progress, said: 0 };
        let result = read_file(name, &mut counted, &mut self.store, &mut self.notices);
        let (read, over) = (counted.file, counted.over);
        (counted.progress)(self.read.saturating_add(read));
        self.read = self.read.saturating_add(read);
        match over {
            Some(Over::File) => Err(ImportError::new(
                name,
                Text::new(
                    format!(
                        "the file has more than {} bytes; at most {} are read from a file: export a shorter period",
                        limits.file, limits.file
                    ),
                    format!(
                        "파일이 {}바이트를 넘습니다. 한 파일에서 최대 {}바이트까지 읽습니다. 더 짧은 기간을 내보내세요",
                        limits.file, limits.file
                    ),
                ),
            )),
            Some(Over::Run) => Err(ImportError::new(
                name,
                Text::new(
                    format!(
                        "the files together have more than {} bytes; at most {} are read in one run: load fewer or shorter exports",
                        limits.run, limits.run
                    ),
                    format!(
                        "파일을 모두 합쳐 {}바이트를 넘습니다. 한 번에 최대 {}바이트까지 읽습니다. 더 적거나 짧은 내보내기를 불러오세요",
                        limits.run, limits.run
                    ),
                ),
            )),
            None => {
                self.files.push(result?);
                Ok(())
            }
        }
    }

    /// The store, the files' summaries and the notices.
    pub fn finish(self) -> (Store, Vec<FileSummary>, Vec<Notice>) {
        (self.store, self.files, self.notices)
    }
}

fn io_error(name: &str, e: &std::io::Error) -> ImportError {
    ImportError::new(name, Text::new(format!("cannot read the file: {e}"), format!("파일을 읽을 수 없습니다: {e}")))
}

/// Tells the layout from the head, then reads the whole file as a stream.
fn read_file(name: &str, input: &mut Counted<'_, '_>, store: &mut Store, notices: &mut Vec<Notice>) -> Result<FileSummary, ImportError> {
    let mut head = Vec::with_capacity(HEAD_BYTES);
    input.by_ref().take(HEAD_BYTES as u64).read_to_end(&mut head).map_err(|e| io_error(name, &e))?;
    let layout = detect(name, &head)?;
    let mut summary = FileSummary { name: name.to_string(), layout, points: 0, skipped: 0 };
    let mut sink = Sink { store, notices, file: name, summary: &mut summary };
    let mut body = std::io::Cursor::new(head).chain(input);
    match layout {
        Layout::MetricsList => rest::read(name, &mut body, &mut sink)?,
        Layout::AzureMetricsCsv => analytics::read_csv(name, &mut body, &mut sink)?,
        Layout::AzureMetricsJson => analytics_json::read_json(name, &mut body, &mut sink)?,
        Layout::PlainCsv => plain::read(name, &mut body, &mut sink)?,
    }
    Ok(summary)
}
