//! Where a layout's reader puts what it reads ([`Sink`]: points into the
//! store, notices once per file) and what the readers share around it: a
//! JSON error placed at its line and column, the notices for coarse points
//! and merged deployments, a byte order mark skipped.

use super::{FileSummary, ImportError, Notice};
use crate::text::Text;
use crate::traffic::store::{Measure, SeriesKey, Store, StoreError};
use crate::traffic::tiers::TierSplit;
use crate::traffic::time::Minute;
use std::io::Read;

/// A JSON reader's error with its line and column; a point the store
/// refused (kept in `stopped`) wins over the parser's own message.
pub(crate) fn json_error(file: &str, e: &serde_json::Error, stopped: Option<ImportError>, what: &str, what_ko: &str) -> ImportError {
    let mut err = stopped.unwrap_or_else(|| {
        if e.is_io() {
            return ImportError::new(file, Text::new(format!("cannot read the file: {e}"), format!("파일을 읽을 수 없습니다: {e}")));
        }
        ImportError::new(file, Text::new(format!("not {what}: {e}"), format!("{what_ko}: {e}")))
    });
    if err.line.is_none() && e.line() > 0 {
        err.line = Some(e.line() as u64);
        err.column = u32::try_from(e.column()).ok();
    }
    err
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

    /// The tier split of a series from its two dimensions' text (`None`:
    /// the series is not split by that dimension).
    pub fn tier_split(&mut self, request: Option<&str>, response: Option<&str>) -> TierSplit {
        TierSplit { request: request.map(|v| self.store.tier_names.value(v)), response: response.map(|v| self.store.tier_names.value(v)) }
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

/// Skips a UTF-8 byte order mark at the start of a stream.
pub(crate) struct Bom<'r> {
    inner: &'r mut dyn Read,
    /// The first bytes, once read (not a mark), still to hand over.
    head: Option<([u8; 3], usize, usize)>,
}

impl<'r> Bom<'r> {
    pub fn new(inner: &'r mut dyn Read) -> Self {
        Bom { inner, head: None }
    }
}

impl Read for Bom<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.head.is_none() {
            let mut h = [0u8; 3];
            let mut n = 0;
            while n < 3 {
                match self.inner.read(&mut h[n..]) {
                    Ok(0) => break,
                    Ok(k) => n += k,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
            let start = if n == 3 && h == *b"\xEF\xBB\xBF" { 3 } else { 0 };
            self.head = Some((h, start, n));
        }
        if let Some((h, at, n)) = &mut self.head {
            if *at < *n {
                let k = (*n - *at).min(buf.len());
                buf[..k].copy_from_slice(&h[*at..*at + k]);
                *at += k;
                return Ok(k);
            }
        }
        self.inner.read(buf)
    }
}
