//! `batchlane_core._batchlane`: batchlane's core for Python, built by maturin
//! as the abi3 wheel `batchlane-core` (import name `batchlane_core`). Glue only: arguments in, a core call with the
//! GIL released, the core's values out. Every answer (checks, token counts,
//! results joins, quota rows, lanes) and every JSON shape comes from
//! `batchlane-core`, the same functions `batchlane` (the CLI) calls.

mod catalog;
mod check;
mod convert;
mod errors;
mod interrupt;
mod lanes;
mod quota;
mod results;
mod schema;
mod tokens;

use pyo3::prelude::*;

/// Rust allocations of this module (the checker's lines, the range
/// threads) go to mimalloc, as in the CLI; Python's own are untouched.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[pymodule]
fn _batchlane(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("Error", py.get_type::<errors::Error>())?;
    m.add("ReadError", py.get_type::<errors::ReadError>())?;
    m.add("OptionError", py.get_type::<errors::OptionError>())?;
    m.add("NotFoundError", py.get_type::<errors::NotFoundError>())?;
    m.add("InternalError", py.get_type::<errors::InternalError>())?;
    m.add_class::<check::Report>()?;
    m.add_class::<check::Diagnostic>()?;
    m.add_class::<results::ResultsReport>()?;
    m.add_function(wrap_pyfunction!(check::check_file, m)?)?;
    m.add_function(wrap_pyfunction!(check::check_lines, m)?)?;
    m.add_function(wrap_pyfunction!(tokens::count_tokens, m)?)?;
    m.add_function(wrap_pyfunction!(results::join_results, m)?)?;
    m.add_function(wrap_pyfunction!(quota::quota, m)?)?;
    m.add_function(wrap_pyfunction!(lanes::lanes, m)?)?;
    m.add_function(wrap_pyfunction!(schema::json_schema, m)?)?;
    Ok(())
}
