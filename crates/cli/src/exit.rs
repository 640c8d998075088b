//! The exit codes, named once: every subcommand returns an [`Exit`], `run`
//! turns it into the process's number, and `check --help` and the README
//! list [`EXIT_CODES`].

/// How a command ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Nothing wrong: no errors, every request succeeded, the files written.
    Ok,
    /// Errors found: a file the service would refuse (the batch would
    /// fail), requests that did not succeed, options that are invalid.
    Errors,
    /// A file cannot be read (or written), or the usage is wrong.
    Unusable,
    /// `check` only: the batch would run, but some requests would fail.
    RequestsFail,
}

impl Exit {
    /// The process's exit code.
    pub const fn code(self) -> i32 {
        match self {
            Exit::Ok => 0,
            Exit::Errors => 1,
            Exit::Unusable => 2,
            Exit::RequestsFail => 3,
        }
    }
}

/// Every exit code with what it means (as `check` uses them; each
/// subcommand's `--help` says what its own mean).
pub const EXIT_CODES: [(Exit, &str); 4] = [
    (Exit::Ok, "no errors"),
    (Exit::Errors, "errors found: the service would refuse the batch"),
    (Exit::Unusable, "a file cannot be read, or bad usage"),
    (Exit::RequestsFail, "the batch would run, but some requests would fail (in the error file)"),
];
