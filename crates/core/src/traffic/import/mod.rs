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

mod analytics;
mod csv;
mod plain;
mod rest;

use super::store::{Measure, SeriesKey, Store, StoreError};
use super::time::Minute;
use crate::text::Text;

/// The largest file read (a month of per-minute data for 20 deployments
/// and ten metrics is about 200 MB of REST JSON).
pub const MAX_FILE_BYTES: usize = 1 << 30;
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

/// Reads one file into `store`, calling `progress(bytes_done)` as it goes.
pub fn load(
    name: &str,
    bytes: &[u8],
    store: &mut Store,
    notices: &mut Vec<Notice>,
    progress: &mut dyn FnMut(u64),
) -> Result<FileSummary, ImportError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ImportError::new(
            name,
            Text::new(
                format!("the file has {} bytes; at most {MAX_FILE_BYTES} are read: export a shorter period", bytes.len()),
                format!("파일이 {}바이트입니다. 최대 {MAX_FILE_BYTES}바이트까지 읽습니다. 더 짧은 기간을 내보내세요", bytes.len()),
            ),
        ));
    }
    let layout = detect(name, bytes)?;
    let mut summary = FileSummary { name: name.to_string(), layout, points: 0, skipped: 0 };
    let mut sink = Sink { store, notices, file: name, summary: &mut summary };
    match layout {
        Layout::MetricsList => rest::read(name, bytes, &mut sink, progress)?,
        Layout::AzureMetricsCsv => analytics::read_csv(name, bytes, &mut sink, progress)?,
        Layout::AzureMetricsJson => analytics::read_json(name, bytes, &mut sink, progress)?,
        Layout::PlainCsv => plain::read(name, bytes, &mut sink, progress)?,
    }
    progress(bytes.len() as u64);
    Ok(summary)
}

/// Where the readers put points.
pub(crate) struct Sink<'a> {
    pub store: &'a mut Store,
    pub notices: &'a mut Vec<Notice>,
    pub file: &'a str,
    pub summary: &'a mut FileSummary,
}

impl Sink<'_> {
    pub fn add(&mut self, key: &SeriesKey, start: Minute, interval: u32, measure: Measure, value: f64) -> Result<(), StoreError> {
        self.summary.points = self.summary.points.saturating_add(1);
        self.store.add(key, start, interval, measure, value)
    }

    /// Resolves a series' deployment once (see [`Store::series`]).
    pub fn series(&mut self, key: &SeriesKey) -> Result<usize, StoreError> {
        self.store.series(key)
    }

    pub fn add_at(
        &mut self,
        series: usize,
        version: Option<&str>,
        start: Minute,
        interval: u32,
        measure: Measure,
        value: f64,
    ) -> Result<(), StoreError> {
        self.summary.points = self.summary.points.saturating_add(1);
        self.store.add_at(series, version, start, interval, measure, value)
    }

    pub fn note_version(&mut self, series: usize, version: &str, from: Minute, to: Minute) {
        if let Some(d) = self.store.deployments.get_mut(series) {
            crate::traffic::store::note_version(d, version, from, to);
        }
    }

    pub fn notice(&mut self, code: &str, text: Text) {
        if !self.notices.iter().any(|n| n.code == code && n.file == self.file) {
            self.notices.push(Notice { code: code.to_string(), file: self.file.to_string(), text });
        }
    }

    pub fn store_error(&self, e: StoreError) -> ImportError {
        ImportError::new(self.file, e.text())
    }
}

/// The Azure Monitor metric names this tool reads (REST names; the Log
/// Analytics `MetricName` is the same), and which aggregation it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Metric {
    Requests,
    PromptTokens,
    GeneratedTokens,
    ActiveTokens,
    Utilization,
    TimeToResponse,
    Ttft,
    Tbt,
    Ttlt,
    TokensPerSecond,
}

/// Which aggregation of a point a metric is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Agg {
    Total,
    Average,
    Maximum,
}

impl Metric {
    pub fn from_name(name: &str) -> Option<Metric> {
        Some(match name.trim() {
            "AzureOpenAIRequests" => Metric::Requests,
            "ProcessedPromptTokens" => Metric::PromptTokens,
            "GeneratedTokens" => Metric::GeneratedTokens,
            "ActiveTokens" => Metric::ActiveTokens,
            "AzureOpenAIProvisionedManagedUtilizationV2" => Metric::Utilization,
            "AzureOpenAITimeToResponse" => Metric::TimeToResponse,
            "AzureOpenAINormalizedTTFTInMS" => Metric::Ttft,
            "AzureOpenAINormalizedTBTInMS" => Metric::Tbt,
            "AzureOpenAITTLTInMS" => Metric::Ttlt,
            "AzureOpenAITokenPerSecond" => Metric::TokensPerSecond,
            _ => return None,
        })
    }

    /// Aggregations to try, best first.
    pub fn aggregations(self) -> &'static [Agg] {
        match self {
            Metric::Requests | Metric::PromptTokens | Metric::GeneratedTokens | Metric::ActiveTokens => &[Agg::Total],
            Metric::Utilization => &[Agg::Maximum, Agg::Average],
            _ => &[Agg::Average, Agg::Maximum],
        }
    }

    pub fn measure(self, status: Option<u16>, spilled: Option<bool>) -> Measure {
        match self {
            Metric::Requests => Measure::Requests { status, spilled },
            Metric::PromptTokens => Measure::PromptTokens,
            Metric::GeneratedTokens => Measure::CompletionTokens,
            Metric::ActiveTokens => Measure::ActiveTokens,
            Metric::Utilization => Measure::UtilizationPercent,
            Metric::TimeToResponse => Measure::TimeToResponseMs,
            Metric::Ttft => Measure::TtftMs,
            Metric::Tbt => Measure::TbtMs,
            Metric::Ttlt => Measure::TtltMs,
            Metric::TokensPerSecond => Measure::TokensPerSecond,
        }
    }
}

/// `"429"` → 429; anything else (`"Other"`, empty) → `None`.
pub(crate) fn status_code(v: &str) -> Option<u16> {
    v.trim().parse().ok()
}

/// `"true"` / `"false"` in any case, `"1"` / `"0"`.
pub(crate) fn flag(v: &str) -> Option<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Some(true),
        "false" | "0" | "no" => Some(false),
        _ => None,
    }
}

/// The last segment of an ARM resource id (`…/accounts/my-aoai` → `my-aoai`).
/// A metric's id (`…/accounts/my-aoai/providers/Microsoft.Insights/metrics/X`)
/// gives the account too.
pub(crate) fn resource_name(id: &str) -> &str {
    let parts: Vec<&str> = id.trim_end_matches('/').split('/').collect();
    if let Some(i) = parts.iter().position(|p| p.eq_ignore_ascii_case("accounts")) {
        if let Some(name) = parts.get(i + 1).filter(|n| !n.is_empty()) {
            return name;
        }
    }
    parts.last().copied().unwrap_or(id)
}

pub(crate) fn coarse_notice(sink: &mut Sink<'_>, interval: u32) {
    if interval > 1 {
        sink.notice(
            "coarse_interval",
            Text::new(
                format!("points cover {interval} minutes each: their counts are spread evenly over the minutes, so per-minute peaks are understated; export with a one-minute interval (PT1M)"),
                format!("점 하나가 {interval}분을 덮습니다. 개수를 분마다 고르게 나누므로 분당 최고치가 실제보다 낮게 보입니다. 1분 간격(PT1M)으로 내보내세요"),
            ),
        );
    }
}

pub(crate) fn merged_notice(sink: &mut Sink<'_>) {
    sink.notice(
        "no_deployment_dimension",
        Text::new(
            "the rows carry no ModelDeploymentName: every deployment of the resource is read as one (Log Analytics AzureMetrics keeps no dimensions); for per-deployment figures export with az monitor metrics list",
            "행에 ModelDeploymentName이 없어 리소스의 모든 배포를 하나로 읽습니다(Log Analytics AzureMetrics에는 차원이 없습니다). 배포별 수치가 필요하면 az monitor metrics list로 내보내세요",
        ),
    );
}
