//! `json_schema`: the line formats' JSON Schemas, as `batchlane schema` writes them.

use crate::convert::to_py;
use crate::errors::{guarded, OptionError};
use batchlane_core::batch::schema::{json_schema_value, SchemaKind};
use batchlane_core::batch::{Dialect, Endpoint};
use pyo3::prelude::*;

/// The JSON Schema (draft 2020-12) of a batch line format: `kind` "input"
/// (a batch input line with its endpoint's body schema), "output", "error"
/// or "batch" (the batch object); `endpoint` (a url) narrows an input line
/// to one endpoint. The dict `batchlane schema --dialect D --kind K
/// [--endpoint URL]` prints, written from the tables the checker uses.
#[pyfunction]
#[pyo3(signature = (dialect = "azure", kind = "input", endpoint = None))]
pub fn json_schema<'py>(py: Python<'py>, dialect: &str, kind: &str, endpoint: Option<String>) -> PyResult<Bound<'py, PyAny>> {
    let d = Dialect::from_name(dialect).ok_or_else(|| OptionError::new_err(format!("unknown dialect '{dialect}' (azure or openai)")))?;
    let k = SchemaKind::from_name(kind)
        .ok_or_else(|| OptionError::new_err(format!("unknown kind '{kind}' (input, output, error or batch)")))?;
    let e = match endpoint {
        None => None,
        Some(url) => Some(Endpoint::from_url(&url).ok_or_else(|| OptionError::new_err(format!("unknown endpoint '{url}'")))?),
    };
    let v = guarded(|| {
        json_schema_value(d, k, e).ok_or_else(|| OptionError::new_err(format!("the {dialect} batch service does not take that endpoint")))
    })?;
    to_py(py, &v)
}
