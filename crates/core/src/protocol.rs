//! The messages between the page and the Web Worker: the only module that
//! defines them. One encoding everywhere: a [`Request`] or [`Response`] is
//! a JSON string ([`encode`] / [`decode`]); files travel beside it as
//! `Blob`s in the same `postMessage` (never copied into the string). Which
//! variants carry blobs is said on each.
//!
//! A request is answered by any number of [`Response::Progress`] (and, for
//! a structural pass, one [`Response::Fed`]), then exactly one final
//! response ([`Response::is_final`]).
//!
//! To add a kind of work: a `Request` variant, the `Response` it ends with,
//! an arm in the worker's dispatch, and a case in this module's tests.

use crate::batch::{
    CheckOptions, Progress as CheckProgress, RangeStart, RepairOptions, RepairOutcome, Report, SplitOutcome, StructuralPart, TokenPart,
};
use crate::cost::{ParsedUsage, UsageLimits};
use crate::facts::Catalog;
use crate::lanes::{JobsError, Turnaround};
use crate::quota::{SimBudget, SimConfig, SimRun};
use crate::results::{FileKind, ResultsReport, RetryError, RetryPlan};
use crate::traffic::{ImportError, TrafficOptions, TrafficReport};
use serde::{Deserialize, Serialize};

/// What the page asks the worker for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// The whole batch check in one worker (`tokens`: count with tiktoken).
    /// Blob: the file. Ends with `Checked`.
    Check { options: CheckOptions, catalog: Catalog, tokens: bool },
    /// The structural pass of a parallel check. Blob: the file. Answers
    /// `Fed` once the file is read, then waits in this worker for `Finish`.
    Structural { options: CheckOptions, catalog: Catalog },
    /// Ends the structural pass (same worker) with the token passes'
    /// figures. Ends with `Checked`.
    Finish { parts: Vec<TokenPart> },
    /// A token pass over the lines whose first byte is in `[start, end)`.
    /// Blob: the file. Ends with `Tokens`.
    Tokens { options: CheckOptions, catalog: Catalog, start: u64, end: u64, model_hint: Option<String> },
    /// The check (structural, and tokens if `options.count_tokens`) of the
    /// lines whose first byte is in `[start, end)`, every range but the
    /// file's first assuming `at` (`batch::plan_ranges`). Blob: the file.
    /// Ends with `Part`.
    Range { options: CheckOptions, catalog: Catalog, start: u64, end: u64, at: RangeStart },
    /// Merges the ranges' parts into the report; where only a single pass
    /// is exact, checks the attached file in one pass instead (with
    /// progress). Blob: the file. Ends with `Checked`.
    Merge { options: CheckOptions, catalog: Catalog, parts: Vec<StructuralPart> },
    /// The repaired file. Blob: the file. Ends with `Repaired` + one blob.
    Repair { options: RepairOptions },
    /// The file split under the limits. Blob: the file. Ends with `Split`
    /// + one blob per part.
    Split { options: CheckOptions, catalog: Catalog },
    /// Join result files. One blob per entry of `files`, in order. Ends
    /// with `Joined`.
    Join { files: Vec<FileKind> },
    /// Cut the retry file out of the input. Blob: the input file. Ends with
    /// `RetryFile` + one blob, or `RetryFailed`.
    RetryFile { plan: RetryPlan },
    /// The 429 simulator. Ends with `Simulated` (settings are validated
    /// first: invalid ones end with `Failed`).
    Simulate { config: SimConfig, budget: SimBudget },
    /// Usage lines for cost attribution. Blob: the file. Ends with `Usage`.
    Usage { limits: UsageLimits },
    /// The traffic analysis of metric exports: one blob per entry of
    /// `files` (their names, for errors and the file list), each read
    /// whole. Ends with `Traffic`, or `TrafficFailed` naming the file,
    /// line and field.
    Traffic { files: Vec<String>, options: TrafficOptions, catalog: Catalog },
    /// Batch lists (`GET /batches` pages or batch objects) for the lane
    /// chooser: one blob per entry of `files`, each read whole within
    /// `lanes::MAX_JOB_FILE_BYTES`. Ends with `Turnaround`, or
    /// `TurnaroundFailed` naming the file, line and field.
    Turnaround { files: Vec<String>, region: Option<String> },
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// The worker has started and takes requests (sent once, unprompted).
    Ready,
    /// Work done of `total` (bytes of the attached files, or the
    /// simulator's ticks) and lines read so far.
    Progress {
        done: u64,
        total: u64,
        lines: u64,
    },
    /// The structural pass has read the whole file (not final).
    Fed {
        progress: CheckProgress,
    },
    Checked {
        report: Box<Report>,
    },
    Tokens {
        part: Box<TokenPart>,
    },
    Part {
        part: Box<StructuralPart>,
    },
    /// The repaired file is the attached blob.
    Repaired {
        outcome: RepairOutcome,
    },
    /// One attached blob per part.
    Split {
        outcome: SplitOutcome,
    },
    Joined {
        report: Box<ResultsReport>,
    },
    /// The retry file is the attached blob.
    RetryFile {
        lines: u64,
        bytes: u64,
    },
    RetryFailed {
        error: RetryError,
    },
    Simulated {
        run: Box<SimRun>,
    },
    Usage {
        parsed: Box<ParsedUsage>,
    },
    Traffic {
        report: Box<TrafficReport>,
    },
    /// A file could not be read: where, and why.
    TrafficFailed {
        error: ImportError,
    },
    Turnaround {
        turnaround: Box<Turnaround>,
    },
    TurnaroundFailed {
        error: JobsError,
    },
    /// The request could not be carried out (unreadable file, bad message,
    /// refused settings, a worker that crashed).
    Failed {
        message: String,
    },
}

impl Response {
    /// The last message of a request.
    pub fn is_final(&self) -> bool {
        !matches!(self, Response::Ready | Response::Progress { .. } | Response::Fed { .. })
    }
}

/// A message as the string posted.
pub fn encode<T: Serialize>(msg: &T) -> Result<String, String> {
    serde_json::to_string(msg).map_err(|e| format!("cannot encode a worker message: {e}"))
}

/// A posted string back as a message.
pub fn decode<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("cannot read a worker message: {e}"))
}
