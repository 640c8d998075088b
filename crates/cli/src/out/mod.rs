//! Where `batchlane check` writes: one sink per `--format`, fed one file at
//! a time in input order, then the totals.

pub mod github;
pub mod json;
pub mod sarif;
pub mod text;

use crate::exit::Exit;
use batchlane_core::batch::Report;
use std::io::Result;

/// Counts over every file of one run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Totals {
    pub ok: u64,
    pub failed: u64,
    /// Of the failed files, those whose batch would run (only some requests fail).
    pub requests_fail: u64,
    pub unreadable: u64,
    pub errors: u64,
    pub warnings: u64,
}

impl Totals {
    pub fn files(&self) -> u64 {
        self.ok.saturating_add(self.failed).saturating_add(self.unreadable)
    }

    pub fn add(&mut self, r: &Report) {
        // A line that could not be checked is never a pass.
        if !r.verdict().passes() {
            self.failed = self.failed.saturating_add(1);
            if matches!(r.verdict(), batchlane_core::batch::Verdict::RequestsFail { .. }) {
                self.requests_fail = self.requests_fail.saturating_add(1);
            }
        } else {
            self.ok = self.ok.saturating_add(1);
        }
        self.errors = self.errors.saturating_add(r.summary.errors);
        self.warnings = self.warnings.saturating_add(r.summary.warnings);
    }

    /// The closing count, e.g. "checked 3 files: 2 ok, 1 failed, 0 unreadable:
    /// 4 errors, 0 warnings", as the text and GitHub formats print it.
    pub fn summary(&self) -> String {
        format!(
            "checked {} files: {} ok, {} failed, {} unreadable: {} errors, {} warnings",
            self.files(),
            self.ok,
            self.failed,
            self.unreadable,
            self.errors,
            self.warnings
        )
    }

    /// The worst of all: a file that could not be read, then one whose
    /// batch would fail, then one whose requests would.
    pub fn exit_code(&self) -> Exit {
        if self.unreadable > 0 {
            Exit::Unusable
        } else if self.failed > self.requests_fail {
            Exit::Errors
        } else if self.failed > 0 {
            // Every failed file's batch would run: only some requests fail.
            Exit::RequestsFail
        } else {
            Exit::Ok
        }
    }
}

pub trait Sink {
    fn report(&mut self, file: &str, r: &Report) -> Result<()>;
    fn unreadable(&mut self, file: &str, why: &str) -> Result<()>;
    fn end(&mut self, totals: &Totals) -> Result<()>;
}
