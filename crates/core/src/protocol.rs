//! The messages between the page and the Web Worker: the only module that
//! defines them. One encoding everywhere: a [`Request`] or [`Response`] is
//! a JSON string ([`encode`] / [`decode`]); files travel beside it as
//! `Blob`s in the same `postMessage` (never copied into the string). Which
//! variants carry blobs is said on each.
//!
//! A request is answered by any number of [`Response::Progress`], then
//! exactly one final response ([`Response::is_final`]); only
//! [`Request::Prepare`] is answered by nothing.
//!
//! To add a kind of work: a `Request` variant, the `Response` it ends with,
//! an arm in the worker's dispatch, and a case in this module's tests.

use crate::batch::{CheckOptions, RangeStart, RepairOptions, RepairOutcome, Report, SplitOutcome};
use crate::cost::{ParsedUsage, UsageLimits};
use crate::facts::{Catalog, Encoding, ImportProblem, Imported, OverlayDiff};
use crate::lanes::{JobsError, Turnaround};
use crate::quota::{SimBudget, SimConfig, SimRun};
use crate::results::{FileKind, ResultsReport, RetryError, RetryPlan};
use crate::text::Text;
use crate::traffic::{ImportError, TrafficOptions, TrafficReport};
use serde::{Deserialize, Serialize};

/// What the page asks the worker for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// The whole batch check in one worker (`tokens`: count with tiktoken).
    /// Blob: the file. Ends with `Checked`.
    Check { options: CheckOptions, catalog: Catalog, tokens: bool },
    /// The check (structural, and tokens if `options.count_tokens`) of the
    /// lines whose first byte is in `[start, end)`, every range but the
    /// file's first assuming `at` (`batch::plan_ranges`). Blob: the file.
    /// Ends with `Part`.
    Range { options: CheckOptions, catalog: Catalog, start: u64, end: u64, at: RangeStart },
    /// Merges the ranges' parts into the report; where only a single pass
    /// is exact, checks the attached file in one pass instead (with
    /// progress). Blobs: the file, then each range's part as its `Part`
    /// came with it, in range order (the page passes them on unread).
    /// Ends with `Checked`.
    Merge { options: CheckOptions, catalog: Catalog },
    /// Gets the worker ready to count tokens in `encoding` (its rank table
    /// fetched and built) while the user has yet to pick a file, so that a
    /// check does not wait for it. Answered by nothing: a table that could
    /// not be had is fetched again by the check that needs it.
    Prepare { encoding: Encoding },
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
    /// The vendors' own files read into catalog figures
    /// (`facts::import_file`): one blob per entry of `files` (their names),
    /// each read whole up to `facts::MAX_IMPORT_BYTES`; `today` (the
    /// user's clock, `YYYY-MM-DD`) dates a spec that names no date. Ends with
    /// `FactsImported`, or `FactsRefused` naming the file, line and field.
    ImportFacts { files: Vec<String>, today: String },
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
    Checked {
        report: Box<Report>,
    },
    /// A range's part is the attached blob: its [`StructuralPart`](crate::batch::StructuralPart) as
    /// [`encode`]d JSON, which the page hands to `Merge` unread; `bytes` and
    /// `lines` are the part's, for the progress bar.
    Part {
        bytes: u64,
        lines: u64,
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
    /// Each file read, and their figures against the built-in catalog.
    FactsImported {
        imports: Vec<Imported>,
        diff: Box<OverlayDiff>,
    },
    /// A file refused: its file, line, field and why.
    FactsRefused {
        problem: ImportProblem,
    },
    Turnaround {
        turnaround: Box<Turnaround>,
    },
    TurnaroundFailed {
        error: JobsError,
    },
    /// The request could not be carried out (unreadable file, bad message,
    /// refused settings, a worker that crashed): why, typed, so that the
    /// page says it in its own language.
    Failed {
        failure: WorkerFailure,
    },
}

impl Response {
    /// The last message of a request.
    pub fn is_final(&self) -> bool {
        !matches!(self, Response::Ready | Response::Progress { .. })
    }
}

/// Why a request failed in (or on the way to) the worker. The browser's
/// own words, where it gave some, are kept as `detail`; the sentence
/// around them is [`WorkerFailure::text`], in both languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkerFailure {
    /// The request came without the file it works on.
    NoFile,
    /// The request named `named` files and `attached` came with it.
    FileCount { named: u64, attached: u64 },
    /// The browser could not read an attached file.
    Unreadable { detail: String },
    /// A file the worker makes (repaired, split, retry) could not be built.
    CannotBuild { detail: String },
    /// The answer that carries a file came without it.
    NothingBack,
    /// A message between page and worker could not be written or read.
    BadMessage { detail: String },
    /// The simulator refused `count` of its settings (the form says which).
    SettingsRefused { count: u64 },
    /// No worker could be started.
    CannotStart { detail: String },
    /// The worker stopped (a panic, out of memory); the page replaces it.
    Crashed { detail: Option<String> },
}

impl WorkerFailure {
    /// A worker that died, as opposed to a request it refused.
    pub fn is_crash(&self) -> bool {
        matches!(self, WorkerFailure::Crashed { .. })
    }

    /// The failure in both languages.
    pub fn text(&self) -> Text {
        match self {
            WorkerFailure::NoFile => Text::new("No file came with the request.", "요청에 파일이 없습니다."),
            WorkerFailure::FileCount { named, attached } => Text::new(
                format!("{named} files were named but {attached} came with the request."),
                format!("파일 {named}개를 지정했지만 요청에는 {attached}개만 왔습니다."),
            ),
            WorkerFailure::Unreadable { detail } => Text::new(
                format!("The browser could not read the file ({detail})."),
                format!("브라우저가 파일을 읽지 못했습니다 ({detail})."),
            ),
            WorkerFailure::CannotBuild { detail } => Text::new(
                format!("The browser could not build the file to save ({detail})."),
                format!("브라우저가 저장할 파일을 만들지 못했습니다 ({detail})."),
            ),
            WorkerFailure::NothingBack => Text::new("The worker sent no file back.", "워커가 파일을 돌려주지 않았습니다."),
            WorkerFailure::BadMessage { detail } => Text::new(
                format!("A message between the page and its worker could not be read ({detail})."),
                format!("페이지와 워커 사이의 메시지를 읽지 못했습니다 ({detail})."),
            ),
            WorkerFailure::SettingsRefused { count } => Text::new(
                format!("{count} settings were refused; the form marks them."),
                format!("설정 {count}개가 거부되었습니다. 양식에 표시됩니다."),
            ),
            WorkerFailure::CannotStart { detail } => Text::new(
                format!("The browser could not start a worker ({detail})."),
                format!("브라우저가 워커를 시작하지 못했습니다 ({detail})."),
            ),
            WorkerFailure::Crashed { detail: Some(detail) } => Text::new(
                format!("The worker stopped ({detail}); the file may be too large for this browser's memory."),
                format!("워커가 멈췄습니다 ({detail}). 파일이 이 브라우저의 메모리에 비해 너무 클 수 있습니다."),
            ),
            WorkerFailure::Crashed { detail: None } => Text::new(
                "The worker stopped; the file may be too large for this browser's memory.",
                "워커가 멈췄습니다. 파일이 이 브라우저의 메모리에 비해 너무 클 수 있습니다.",
            ),
        }
    }
}

impl std::fmt::Display for WorkerFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text().en)
    }
}

impl std::error::Error for WorkerFailure {}

/// A message as the string posted.
pub fn encode<T: Serialize>(msg: &T) -> Result<String, WorkerFailure> {
    serde_json::to_string(msg).map_err(|e| WorkerFailure::BadMessage { detail: e.to_string() })
}

/// A posted string back as a message.
pub fn decode<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, WorkerFailure> {
    serde_json::from_str(text).map_err(|e| WorkerFailure::BadMessage { detail: e.to_string() })
}
