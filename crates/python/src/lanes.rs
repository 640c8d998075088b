//! `lanes`: every lane a model is sold through, as `batchlane lanes --format json`.

use crate::convert::to_py;
use crate::errors::{guarded, NotFoundError, OptionError, ReadError};
use batchlane_core::batch::Dialect;
use batchlane_core::lanes::{choose_lanes, JobReader, LaneError, LaneInput};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use std::path::PathBuf;

/// `jobs`: a path or a list of paths.
fn job_paths(arg: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    let bad = || OptionError::new_err("jobs takes a path or a list of paths");
    if arg.is_instance_of::<PyList>() || arg.is_instance_of::<PyTuple>() {
        return arg.extract::<Vec<PathBuf>>().map_err(|_| bad());
    }
    Ok(vec![arg.extract::<PathBuf>().map_err(|_| bad())?])
}

/// The lanes of `model`: the dict `batchlane lanes --model M --format json`
/// prints (`model`, `lanes`: lane, deployment_type, available, why, source,
/// meets_deadline, usd_per_day; `cheapest`). Each argument is the CLI's
/// option of the same name: `region` (`--region`), `data_zone`
/// (`--data-zone`), `deadline_hours`, `tokens_per_day`, `jobs` (a path or
/// a list of paths to batch-list JSON, `--jobs`: the deadline test uses
/// their p90 turnaround), `catalog` (`--catalog`), `prompt_share`,
/// `latency_tps`, `dialect`.
#[pyfunction]
#[pyo3(signature = (
    model, region = None, data_zone = false, deadline_hours = None, tokens_per_day = None, jobs = None, catalog = None,
    *, prompt_share = 0.5, latency_tps = None, dialect = "azure"
))]
#[allow(clippy::too_many_arguments)]
pub fn lanes<'py>(
    py: Python<'py>,
    model: &str,
    region: Option<String>,
    data_zone: bool,
    deadline_hours: Option<f64>,
    tokens_per_day: Option<&Bound<'py, PyAny>>,
    jobs: Option<&Bound<'py, PyAny>>,
    catalog: Option<&Bound<'py, PyAny>>,
    prompt_share: f64,
    latency_tps: Option<f64>,
    dialect: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let catalog = crate::catalog::load(catalog)?;
    let dialect =
        Dialect::from_name(dialect).ok_or_else(|| OptionError::new_err(format!("unknown dialect '{dialect}' (azure or openai)")))?;
    let mut input = LaneInput::new(model, dialect);
    input.region = region;
    input.data_zone = data_zone;
    input.deadline_hours = deadline_hours;
    input.tokens_per_day = match tokens_per_day.filter(|t| !t.is_none()) {
        Some(t) => Some(t.extract::<u64>().map_err(|_| OptionError::new_err("tokens_per_day takes a whole number of 0 or more"))?),
        None => None,
    };
    input.prompt_share = prompt_share;
    input.latency_tps = latency_tps;
    let files = match jobs.filter(|j| !j.is_none()) {
        Some(j) => job_paths(j)?,
        None => Vec::new(),
    };
    let json = py.detach(move || {
        guarded(|| {
            if !files.is_empty() {
                let mut reader = JobReader::new(input.region.as_deref());
                for f in &files {
                    reader.add_path(f).map_err(|e| ReadError::new_err(e.to_string()))?;
                }
                input.use_turnaround(&reader.finish());
            }
            match choose_lanes(&input, &catalog) {
                Ok(report) => Ok(report.to_json()),
                Err(e @ LaneError::UnknownModel { .. }) => Err(NotFoundError::new_err(e.to_string())),
                Err(e @ LaneError::BadInput(_)) => Err(OptionError::new_err(e.to_string())),
            }
        })
    })?;
    to_py(py, &json)
}
