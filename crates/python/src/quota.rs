//! `quota`: one row of the quota-tier tables, as `batchlane quota --format json`.

use crate::convert::to_py;
use crate::errors::{guarded, NotFoundError, OptionError};
use batchlane_core::facts::{tier_answer_in, QuotaTier, Scope};
use pyo3::prelude::*;

/// The quota row of `model` at `deployment` ("global", "datazone",
/// "regional" or "standard") and `tier` (1 to 6, or "free"): the dict `batchlane quota
/// --model M --deployment D --tier T --format json` prints (tpm, rpm,
/// rpm_window_seconds, rpm_per_1000_tpm, PTU figures, sources); with
/// `region` (an `armRegionName`, e.g. "westeurope") also the deployment
/// type's price uplift and a PTU's hourly price there, as `--region`.
/// `catalog` (a path, or a list of paths) answers with a catalog file's figures, as `--catalog` does.
#[pyfunction]
#[pyo3(signature = (model, deployment, tier, *, region = None, catalog = None))]
pub fn quota<'py>(
    py: Python<'py>,
    model: &str,
    deployment: &str,
    tier: &Bound<'py, PyAny>,
    region: Option<&str>,
    catalog: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let catalog = crate::catalog::load(catalog)?;
    let d = Scope::from_code(deployment)
        .ok_or_else(|| OptionError::new_err(format!("unknown deployment '{deployment}' (global, datazone, regional or standard)")))?;
    let tier_code = match tier.extract::<i64>() {
        Ok(n) => n.to_string(),
        Err(_) => tier.extract::<String>().map_err(|_| OptionError::new_err("tier is 1 to 6 (an int or a str), or 'free'"))?,
    };
    let t =
        QuotaTier::from_code(&tier_code).ok_or_else(|| OptionError::new_err(format!("unknown tier '{tier_code}' (1 to 6, or free)")))?;
    if let Some(r) = region {
        batchlane_core::facts::parse_region(r).map_err(|e| OptionError::new_err(e.to_string()))?;
    }
    let json =
        guarded(|| tier_answer_in(&catalog, model, d, t, region).map(|a| a.to_json()).map_err(|e| NotFoundError::new_err(e.to_string())))?;
    let value: serde_json::Value = serde_json::from_str(&json).map_err(|e| crate::errors::InternalError::new_err(e.to_string()))?;
    to_py(py, &value)
}
