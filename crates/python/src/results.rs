//! `join_results` and `ResultsReport`.

use crate::convert::{serde_to_py, to_py};
use crate::errors::{guarded, Error, ReadError};
use crate::interrupt::interruptible;
use batchlane_core::results::{cost_report, join_files_until, results_json, retry_file_bytes, CostOptions, CostReport};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// Join a batch's output file and error file (either may be None, not
/// both) to its input file (optional) on custom_id, each streamed from
/// disk with the GIL released, and classify every request as `batchlane
/// results` does: succeeded, truncated, content_filtered, rate_limited,
/// server_error, client_error, batch_expired, batch_cancelled,
/// request_timeout or missing. `model` prices every request as that model.
/// Ctrl-C raises `KeyboardInterrupt`, even on an endless file.
#[pyfunction]
#[pyo3(signature = (output, errors = None, input = None, *, model = None, catalog = None))]
pub fn join_results(
    py: Python<'_>,
    output: Option<PathBuf>,
    errors: Option<PathBuf>,
    input: Option<PathBuf>,
    model: Option<String>,
    catalog: Option<&Bound<'_, PyAny>>,
) -> PyResult<ResultsReport> {
    let catalog = crate::catalog::load(catalog)?;
    if output.is_none() && errors.is_none() {
        return Err(crate::errors::OptionError::new_err("give output or errors (or both)"));
    }
    let paths = (output, errors, input.clone());
    let (report, cost) = interruptible(py, move |go| {
        let (output, errors, input) = paths;
        let report =
            join_files_until(output.as_deref(), errors.as_deref(), input.as_deref(), go).map_err(|e| ReadError::new_err(e.to_string()))?;
        let cost = cost_report(&report, &catalog, &CostOptions { model, ..Default::default() });
        Ok((report, cost))
    })?;
    Ok(ResultsReport { report, cost, input })
}

/// What happened to every request of a batch.
#[pyclass(frozen, module = "batchlane_core")]
pub struct ResultsReport {
    report: batchlane_core::results::ResultsReport,
    cost: CostReport,
    input: Option<PathBuf>,
}

#[pymethods]
impl ResultsReport {
    /// True when every request succeeded (truncated and content_filtered
    /// count as not: the CLI's exit code 0).
    #[getter]
    fn ok(&self) -> bool {
        self.report.summary.all_succeeded()
    }

    /// Counts per outcome and the cross-cutting counts (requests,
    /// succeeded, ..., unexpected, duplicates, unreadable_lines), plus
    /// `retryable` and `cost_usd` (the priced usage).
    #[getter]
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let s = serde_to_py(py, &self.report.summary)?;
        let d = s.cast::<PyDict>()?;
        d.set_item("retryable", self.report.summary.retryable())?;
        d.set_item("cost_usd", self.cost.total_usd)?;
        Ok(s)
    }

    /// `{custom_id: outcome}` for every request, in input order first.
    #[getter]
    fn outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for r in &self.report.rows {
            d.set_item(&r.custom_id, r.outcome.code())?;
        }
        Ok(d)
    }

    /// One dict per request (custom_id, outcome, code, message, unexpected,
    /// result_lines, input_line, model, usage, metadata, ...), as in the
    /// CLI's JSON `report.rows`.
    #[getter]
    fn requests<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serde_to_py(py, &self.report.rows)
    }

    /// The original input lines (without their newline) of the retryable
    /// requests (rate_limited, server_error, batch_expired,
    /// batch_cancelled, request_timeout, missing), in input order: the
    /// file `batchlane results --retry-file` writes is these lines, each
    /// ending with "\n". Needs `input` given to `join_results`.
    fn retry_lines(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        let Some(input) = &self.input else {
            return Err(Error::new_err("retry_lines needs the input file: join_results(output, errors, input=...)"));
        };
        let bytes = py.detach(|| guarded(|| retry_file_bytes(&self.report, input).map_err(|e| ReadError::new_err(e.to_string()))))?;
        let text = String::from_utf8(bytes).map_err(|_| Error::new_err("the retry lines are not UTF-8"))?;
        Ok(text.lines().map(str::to_string).collect())
    }

    /// `batchlane results ... --format json`'s output, byte for byte (its
    /// final newline too).
    fn to_json(&self) -> String {
        serde_json::to_string_pretty(&results_json(&self.report, &self.cost, None, None, None)).unwrap_or_default() + "\n"
    }

    /// `to_json()` as Python objects.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(results_json(&self.report, &self.cost, None, None, None))
            .map_err(|e| crate::errors::InternalError::new_err(e.to_string()))?;
        to_py(py, &value)
    }

    fn __repr__(&self) -> String {
        let s = &self.report.summary;
        format!("ResultsReport(ok={}, requests={}, retryable={})", if self.ok() { "True" } else { "False" }, s.requests, s.retryable())
    }
}
