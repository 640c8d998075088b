//! `check_file`, `check_lines`, `Report` and `Diagnostic`.

use crate::convert::{pretty, to_py};
use crate::errors::{guarded, OptionError, ReadError};
use crate::interrupt::interruptible;
use batchlane_core::batch::{self, check_options, resolve_spelling, CheckInput, CheckOptions, Checker, Surface};
use batchlane_core::facts::Catalog;
use batchlane_core::io::CHUNK;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};
use std::collections::HashMap;
use std::path::PathBuf;

/// A keyword's value as the table's rows read it: `True`/`False` as `1`/`0`,
/// numbers and text as written, `None` as the row's default.
fn option_text(v: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if v.is_none() {
        return Ok(None);
    }
    if let Ok(b) = v.cast::<pyo3::types::PyBool>() {
        return Ok(Some(if b.is_true() { "1" } else { "0" }.to_string()));
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Some(s.to_cow()?.into_owned()));
    }
    if v.is_instance_of::<pyo3::types::PyInt>() || v.is_instance_of::<pyo3::types::PyFloat>() {
        return Ok(Some(v.str()?.to_cow()?.into_owned()));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!("a check option takes str, int, float or bool, got {}", v.get_type().name()?)))
}

/// The check's options and catalog from the keyword arguments: every row
/// of the core's options table (`batch::CHECK_OPTIONS`, old keywords such
/// as `quota` included), read by the core's one mapping
/// (`batch::check_options`), as `batchlane check`'s flags are.
fn options(
    keywords: Option<&Bound<'_, PyDict>>,
    facts: Option<HashMap<String, f64>>,
    catalog: Option<&Bound<'_, PyAny>>,
    file_name: Option<String>,
) -> PyResult<(CheckOptions, Catalog)> {
    let mut input = CheckInput::default();
    if let Some(keywords) = keywords {
        for (k, v) in keywords.iter() {
            let k: String = k.extract()?;
            if resolve_spelling(Surface::Python, &k).is_none() {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!("got an unexpected keyword argument '{k}'")));
            }
            if let Some(v) = option_text(&v)? {
                input.set_spelled(Surface::Python, &k, Some(&v)).map_err(|e| OptionError::new_err(e.message(Surface::Python)))?;
            }
        }
    }
    let mut catalog = crate::catalog::load(catalog)?;
    let mut facts: Vec<_> = facts.unwrap_or_default().into_iter().collect();
    facts.sort_by(|a, b| a.0.cmp(&b.0));
    for (id, value) in facts {
        catalog.set_override(id.trim(), value).map_err(|e| OptionError::new_err(format!("fact {id}: {e}")))?;
    }
    let mut options = check_options(&input, &catalog).map_err(|e| OptionError::new_err(e.message(Surface::Python)))?;
    options.file_name = file_name;
    Ok((options, catalog))
}

/// Check a batch input file (JSONL) as the Batch API would, streamed from
/// disk in 1 MiB chunks (memory stays bounded; a big file is checked as
/// line-aligned ranges on `jobs` threads) with the GIL released.
///
/// The same checks, codes and messages as `batchlane check FILE`; the
/// keywords are the check's options table (`dialect`, `endpoint`, `model`,
/// `enqueued_limit`, `zone`, `encoding`, `price_in`, `price_out`,
/// `byo_storage`, `count_tokens`: the CLI's flags and the /batch link's
/// keys), with the CLI's defaults.
#[pyfunction]
#[pyo3(signature = (path, *, facts = None, catalog = None, jobs = None, **options))]
pub fn check_file(
    py: Python<'_>,
    path: PathBuf,
    facts: Option<HashMap<String, f64>>,
    catalog: Option<&Bound<'_, PyAny>>,
    jobs: Option<usize>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Report> {
    let (options, catalog) = self::options(options, facts, catalog, None)?;
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let file = path.to_string_lossy().into_owned();
    let shown = file.clone();
    // Ctrl-C raises KeyboardInterrupt, even on an endless file.
    let report = interruptible(py, move |go| {
        batch::check_file_until(&path, &options, &catalog, jobs, go)
            .map_err(|why| ReadError::new_err(format!("cannot read {shown}: {why}")))
    })?;
    Ok(Report { report, file: Some(file) })
}

/// A value used only on the thread that made it, handed to `py.detach`,
/// which runs its closure on the calling thread.
struct SameThread<T>(T);
// SAFETY: `Python::detach` runs the closure synchronously on the current
// thread; the checker inside never leaves it and holds no Python object.
#[allow(unsafe_code)]
unsafe impl<T> Send for SameThread<T> {}

/// Check lines not on disk yet: an iterable of `str` or `bytes`, one JSONL
/// line each (a missing final newline is added); a single `str` or `bytes`
/// is a `TypeError` (it would be checked a character at a time: pass
/// `text.splitlines()`). Fed to the checker in 1 MiB batches with the GIL
/// released; signals are checked between batches (Ctrl-C raises
/// `KeyboardInterrupt`, even over an endless iterator); `file_name` is the
/// name the file will be uploaded under (checked for `.jsonl` as
/// `check_file` does).
#[pyfunction]
#[pyo3(signature = (lines, *, facts = None, catalog = None, file_name = None, **options))]
pub fn check_lines(
    py: Python<'_>,
    lines: &Bound<'_, PyAny>,
    facts: Option<HashMap<String, f64>>,
    catalog: Option<&Bound<'_, PyAny>>,
    file_name: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Report> {
    if lines.is_instance_of::<PyString>() || lines.is_instance_of::<PyBytes>() || lines.is_instance_of::<PyByteArray>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "check_lines takes an iterable of lines, not one {} (it would be checked a character at a time): pass text.splitlines() or [text]",
            lines.get_type().name()?
        )));
    }
    let (options, catalog) = self::options(options, facts, catalog, file_name)?;
    let mut checker = SameThread(Checker::new(options, &catalog));
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK + (64 << 10));
    let feed = |py: Python<'_>, checker: &mut SameThread<Checker>, buf: &mut Vec<u8>| -> PyResult<()> {
        let work = SameThread((&mut checker.0, &buf[..]));
        py.detach(move || {
            let w = work;
            guarded(|| {
                w.0 .0.feed(w.0 .1);
                Ok(())
            })
        })?;
        buf.clear();
        // Between batches, with the GIL held: Ctrl-C's KeyboardInterrupt.
        py.check_signals()
    };
    for item in lines.try_iter()? {
        let item = item?;
        if let Ok(b) = item.cast::<PyBytes>() {
            buf.extend_from_slice(b.as_bytes());
        } else if let Ok(s) = item.cast::<PyString>() {
            buf.extend_from_slice(s.to_cow()?.as_bytes());
        } else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "check_lines takes str or bytes lines, got {}",
                item.get_type().name()?
            )));
        }
        if buf.last() != Some(&b'\n') {
            buf.push(b'\n');
        }
        if buf.len() >= CHUNK {
            feed(py, &mut checker, &mut buf)?;
        }
    }
    if !buf.is_empty() {
        feed(py, &mut checker, &mut buf)?;
    }
    let checker = checker;
    let report = py.detach(move || {
        let c = checker;
        guarded(|| Ok(SameThread(c.0.finish())))
    })?;
    Ok(Report { report: report.0, file: None })
}

/// One finding, as a row of `batchlane check --format json`'s diagnostics.
#[pyclass(frozen, get_all, eq, module = "batchlane_core")]
#[derive(Clone, PartialEq)]
pub struct Diagnostic {
    /// 1-based line number (0: the file as a whole).
    pub line: u64,
    /// 1-based column within the line, when known.
    pub column: Option<u64>,
    /// "error", "warning" or "info".
    pub severity: String,
    /// What fails: "batch" (the file is refused), "request" (this request
    /// fails in the error file) or "advice".
    pub stage: String,
    /// The service's error code (or batchlane's, for advice).
    pub code: String,
    /// The parameter at fault (`body.messages[0].role`, ...), when known.
    pub param: Option<String>,
    pub message: String,
    /// What the finding rests on: "documented" (the vendor's spec or docs),
    /// "observed" (a recorded answer of the service) or "inferred" (at
    /// most a warning).
    pub evidence: String,
    /// Where that is written or recorded (an address).
    pub source: Option<String>,
}

#[pymethods]
impl Diagnostic {
    /// The diagnostic as a dict (keys as in the CLI's JSON; column and
    /// param only when set).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("line", self.line)?;
        if let Some(c) = self.column {
            d.set_item("column", c)?;
        }
        d.set_item("severity", &self.severity)?;
        d.set_item("stage", &self.stage)?;
        d.set_item("code", &self.code)?;
        if let Some(p) = &self.param {
            d.set_item("param", p)?;
        }
        d.set_item("message", &self.message)?;
        d.set_item("evidence", &self.evidence)?;
        if let Some(s) = &self.source {
            d.set_item("source", s)?;
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("Diagnostic(line={}, severity={:?}, code={:?}, message={:?})", self.line, self.severity, self.code, self.message)
    }
}

/// The report of one check: what `batchlane check --format json` prints.
#[pyclass(frozen, module = "batchlane_core")]
pub struct Report {
    report: batch::Report,
    /// The path given to `check_file` (named in `to_json`, as the CLI does).
    file: Option<String>,
}

impl Report {
    fn json(&self) -> serde_json::Value {
        match &self.file {
            Some(f) => self.report.to_file_json(f),
            None => self.report.to_cli_json(),
        }
    }
}

#[pymethods]
impl Report {
    /// True when the batch would run clean: no errors, and every line could
    /// be checked (the CLI's exit code 0).
    #[getter]
    fn ok(&self) -> bool {
        self.report.verdict().passes()
    }

    /// "ready", "batch_fails", "requests_fail" or "not_confirmed".
    #[getter]
    fn verdict(&self) -> &'static str {
        self.report.verdict().as_str()
    }

    /// The dialect checked against: "azure" or "openai".
    #[getter]
    fn dialect(&self) -> &'static str {
        self.report.dialect.name()
    }

    /// The findings kept (at most 1,000 per code), sorted by line.
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.report
            .diagnostics
            .iter()
            .map(|d| Diagnostic {
                line: d.line,
                column: d.column,
                severity: d.severity.as_str().to_string(),
                stage: d.stage().as_str().to_string(),
                code: d.code.as_str().to_string(),
                param: d.param.as_deref().map(str::to_string),
                message: d.message.as_str().to_string(),
                evidence: d.evidence.as_str().to_string(),
                source: d.source.as_deref().map(str::to_string),
            })
            .collect()
    }

    /// Whether some diagnostics were counted but not kept.
    #[getter]
    fn truncated(&self) -> bool {
        self.report.truncated
    }

    /// The CLI JSON's summary (requests, bytes, errors, warnings, model,
    /// endpoint, prompt_tokens, enqueued_tokens, verdict, batch_errors,
    /// failing_requests) plus lines, output_tokens, catalog_model and the
    /// cost estimate (`cost_usd_max`: batch price, outputs at their caps;
    /// None without tokens or a known price) and `quota` (limit,
    /// enqueued_tokens, exceeded; None without one).
    #[getter]
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut v = self.report.to_cli_json()["summary"].take();
        let s = &self.report.summary;
        if let serde_json::Value::Object(o) = &mut v {
            o.insert("lines".into(), s.lines.into());
            o.insert("output_tokens".into(), s.output_tokens.into());
            o.insert("catalog_model".into(), s.catalog_model.clone().into());
            o.insert("cost_usd_max".into(), self.report.cost.as_ref().map(|c| c.total_usd_max).into());
            o.insert("quota".into(), serde_json::to_value(&self.report.quota).unwrap_or_default());
        }
        to_py(py, &v)
    }

    /// `batchlane check FILE --format json`'s output, byte for byte (its
    /// final newline too); `file` is named only for `check_file`.
    fn to_json(&self) -> String {
        pretty(&self.json()) + "\n"
    }

    /// `to_json()` as Python objects.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.json())
    }

    /// The report as Markdown (values from the file escaped).
    fn to_markdown(&self) -> String {
        self.report.to_markdown()
    }

    fn __repr__(&self) -> String {
        let s = &self.report.summary;
        format!(
            "Report(ok={}, verdict={:?}, requests={}, errors={}, warnings={})",
            if self.ok() { "True" } else { "False" },
            self.verdict(),
            s.requests,
            s.errors,
            s.warnings
        )
    }
}
