//! `batchlane_core.Error` and its subclasses; a panic in the core becomes an
//! `InternalError`, never a crash of the interpreter.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::PyErr;

create_exception!(batchlane_core, Error, PyException, "Every error batchlane raises.");
create_exception!(batchlane_core, ReadError, Error, "A file cannot be read (missing, a directory, an I/O error).");
create_exception!(batchlane_core, OptionError, Error, "An argument is not one batchlane takes (a dialect, an encoding, a fact id, ...).");
create_exception!(batchlane_core, NotFoundError, Error, "No such row: an unknown model, or no quota row for that deployment and tier.");
create_exception!(
    batchlane_core,
    InternalError,
    Error,
    "A bug in batchlane (please report it): the call was stopped, the interpreter was not."
);

/// Runs `f`, turning a panic into an [`InternalError`].
pub fn guarded<T>(f: impl FnOnce() -> Result<T, PyErr>) -> Result<T, PyErr> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|_| Err(InternalError::new_err("internal error in batchlane (please report it)")))
}
