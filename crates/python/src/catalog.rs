//! The `catalog=` argument of the functions that read figures: a path (or
//! a list of paths) to a catalog file `batchlane facts import ... -o FILE`
//! wrote, or to a vendor file it reads (a quota-tier page, a lane
//! availability matrix, a retail-prices response, an OpenAPI spec); the files' figures replace the built-in
//! ones, as `--catalog` does for the CLI. Each file is read through the
//! importer's byte budget, never whole past it.

use crate::errors::{OptionError, ReadError};
use batchlane_core::facts::{date_of_unix_seconds, diff_overlay, import_file, Catalog, MAX_IMPORT_BYTES};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use std::io::Read;
use std::path::PathBuf;

fn paths(arg: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if arg.is_instance_of::<PyList>() || arg.is_instance_of::<PyTuple>() {
        return arg.extract::<Vec<PathBuf>>().map_err(|_| OptionError::new_err("catalog takes a path or a list of paths"));
    }
    Ok(vec![arg.extract::<PathBuf>().map_err(|_| OptionError::new_err("catalog takes a path or a list of paths"))?])
}

fn read(path: &PathBuf) -> PyResult<Vec<u8>> {
    let name = path.display();
    let f = std::fs::File::open(path).map_err(|e| ReadError::new_err(format!("cannot read {name}: {e}")))?;
    let mut buf = Vec::new();
    f.take(u64::try_from(MAX_IMPORT_BYTES).unwrap_or(u64::MAX).saturating_add(1))
        .read_to_end(&mut buf)
        .map_err(|e| ReadError::new_err(format!("cannot read {name}: {e}")))?;
    Ok(buf)
}

/// The built-in catalog, with the figures of the `catalog` files over it.
pub fn load(catalog: Option<&Bound<'_, PyAny>>) -> PyResult<Catalog> {
    let mut out = Catalog::builtin();
    let Some(arg) = catalog.filter(|a| !a.is_none()) else { return Ok(out) };
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let today = date_of_unix_seconds(i64::try_from(secs).unwrap_or(i64::MAX));
    let mut imports = Vec::new();
    for p in paths(arg)? {
        let bytes = read(&p)?;
        imports.push(import_file(&p.display().to_string(), &bytes, &today).map_err(|e| ReadError::new_err(e.to_string()))?);
    }
    // The files' figures, and the built-in figures they remove, as /facts keeps them.
    out.keep_overlay(&diff_overlay(&imports)).map_err(|e| OptionError::new_err(e.to_string()))?;
    Ok(out)
}
