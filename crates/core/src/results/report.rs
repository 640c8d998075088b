//! What the join produces: one row per custom_id, the summary counts, the
//! retry plan and the diagnostics.

use super::job::BatchJob;
use super::job_status::JobStatus;
use super::line::LineProblem;
use super::outcome::Outcome;
use super::retry::RetryPlan;
use super::usage::Usage;
use super::FileKind;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A line of one of the files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LineRef {
    pub file: FileKind,
    pub line: u64,
}

/// Everything known about one custom_id.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RequestRow {
    pub custom_id: String,
    pub outcome: Outcome,
    /// The service's code (`context_length_exceeded`, `batch_expired`, …).
    /// Shared: millions of rows repeat a handful of codes, messages and
    /// models, each held once (see [`super::join`]).
    pub code: Option<Arc<str>>,
    /// The service's message, cut to [`super::line::MESSAGE_KEEP_CHARS`].
    pub message: Option<Arc<str>>,
    /// In a result file but not in the input (only when the input was given).
    pub unexpected: bool,
    /// How many result lines carry this custom_id (more than 1: duplicates).
    pub result_lines: u32,
    /// The line of the result that decided the outcome.
    pub result_at: Option<LineRef>,
    pub input_line: Option<u64>,
    /// The response body's `model`; without one, the model the output
    /// reports for the input line's `body.model` (a deployment name: the
    /// one model every answered request of that name names), else the
    /// input line's `body.model` as written.
    pub model: Option<Arc<str>>,
    /// Summed over all of this custom_id's result lines (each was billed).
    pub usage: Usage,
    /// The input line's `body.metadata` (scalars as text).
    pub metadata: BTreeMap<String, String>,
}

/// Counts per outcome plus the cross-cutting counts the page shows.
///
/// Every request (distinct custom_id) is in exactly one outcome count, so
/// the ten outcome counts sum to `requests` (a custom_id with an output and
/// an error line is one request, counted by the result that won). The
/// classes built from them (retryable, the tiles) are methods, never
/// fields beside them: [`Summary::retryable`], [`Summary::tiles`]. The
/// other fields are cross-cutting: `unexpected` is a part of `requests`
/// (each also has its outcome); `duplicates`, `unreadable_lines` and
/// `usage_overflows` count lines, not requests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    /// Distinct custom_ids.
    pub requests: u64,
    pub succeeded: u64,
    pub truncated: u64,
    pub content_filtered: u64,
    pub rate_limited: u64,
    pub server_error: u64,
    pub client_error: u64,
    pub batch_expired: u64,
    pub batch_cancelled: u64,
    pub request_timeout: u64,
    pub missing: u64,
    /// custom_ids in a result file but not in the input (a part of
    /// `requests`: each is also counted in its outcome).
    pub unexpected: u64,
    /// Extra result lines for a custom_id already seen.
    pub duplicates: u64,
    /// Lines that could not be read (see the diagnostics).
    pub unreadable_lines: u64,
    /// Token sums that do not fit 64 bits (see the diagnostics): the
    /// usage figures are then lower bounds, never a success.
    pub usage_overflows: u64,
}

impl Summary {
    pub fn count(&self, o: Outcome) -> u64 {
        match o {
            Outcome::Succeeded => self.succeeded,
            Outcome::Truncated => self.truncated,
            Outcome::ContentFiltered => self.content_filtered,
            Outcome::RateLimited => self.rate_limited,
            Outcome::ServerError => self.server_error,
            Outcome::ClientError => self.client_error,
            Outcome::BatchExpired => self.batch_expired,
            Outcome::BatchCancelled => self.batch_cancelled,
            Outcome::RequestTimeout => self.request_timeout,
            Outcome::Missing => self.missing,
        }
    }

    pub(crate) fn add(&mut self, o: Outcome) {
        self.requests += 1;
        let slot = match o {
            Outcome::Succeeded => &mut self.succeeded,
            Outcome::Truncated => &mut self.truncated,
            Outcome::ContentFiltered => &mut self.content_filtered,
            Outcome::RateLimited => &mut self.rate_limited,
            Outcome::ServerError => &mut self.server_error,
            Outcome::ClientError => &mut self.client_error,
            Outcome::BatchExpired => &mut self.batch_expired,
            Outcome::BatchCancelled => &mut self.batch_cancelled,
            Outcome::RequestTimeout => &mut self.request_timeout,
            Outcome::Missing => &mut self.missing,
        };
        *slot += 1;
    }

    /// Every request succeeded outright: at least one request, none
    /// truncated, filtered, failed or missing, no unexpected custom_id and no
    /// unreadable line. (The CLI's exit code 0.)
    pub fn all_succeeded(&self) -> bool {
        self.requests > 0
            && self.succeeded == self.requests
            && self.unexpected == 0
            && self.unreadable_lines == 0
            && self.usage_overflows == 0
    }
}

/// The summary's tiles: the outcome classes the page shows side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TileClass {
    Succeeded,
    Truncated,
    ContentFiltered,
    /// Every outcome that goes into the retry file.
    Retryable,
    /// Never retried: the request itself is wrong (content_filtered, the
    /// other never-retried outcome, is a result and has its own tile).
    ClientError,
}

/// One tile: its outcomes and how many requests they hold. The tiles
/// partition the requests: each outcome is in exactly one tile, so the
/// counts sum to [`Summary::requests`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Tile {
    pub class: TileClass,
    pub count: u64,
    pub outcomes: &'static [Outcome],
    /// Parts of `count` worth naming (e.g. missing, batch_expired in
    /// retryable): sub-counts, never tiles of their own.
    pub of_which: Vec<(Outcome, u64)>,
}

const RETRYABLE: [Outcome; 6] =
    [Outcome::RateLimited, Outcome::ServerError, Outcome::BatchExpired, Outcome::BatchCancelled, Outcome::RequestTimeout, Outcome::Missing];

impl Summary {
    /// Requests whose outcome goes into the retry file: the sum of the
    /// retryable outcome counts (a class of them, not a count beside them).
    pub fn retryable(&self) -> u64 {
        Outcome::ALL.iter().filter(|o| o.is_retryable()).map(|&o| self.count(o)).sum()
    }

    /// The tiles, in the page's order; see [`Tile`].
    pub fn tiles(&self) -> Vec<Tile> {
        let tile = |class, outcomes: &'static [Outcome]| {
            let count = outcomes.iter().map(|&o| self.count(o)).sum();
            let of_which = if outcomes.len() > 1 {
                outcomes.iter().map(|&o| (o, self.count(o))).filter(|&(_, n)| n > 0).collect()
            } else {
                Vec::new()
            };
            Tile { class, count, outcomes, of_which }
        };
        vec![
            tile(TileClass::Succeeded, &[Outcome::Succeeded]),
            tile(TileClass::Truncated, &[Outcome::Truncated]),
            tile(TileClass::ContentFiltered, &[Outcome::ContentFiltered]),
            tile(TileClass::Retryable, &RETRYABLE),
            tile(TileClass::ClientError, &[Outcome::ClientError]),
        ]
    }
}

impl ResultsReport {
    /// What the job object says about the requests the files do not
    /// answer. When the job `expired`, a request of the input with no
    /// output or error line is one the window cut off: `missing` becomes
    /// `batch_expired` (code `batch_expired`); when it was `cancelled`, one
    /// the cancel stopped: `batch_cancelled` (as the job panel says: "the
    /// rest ended as batch_cancelled"). Rows, counts and the retry plan
    /// alike (both are retried). Any other status changes nothing.
    pub fn apply_job(&mut self, job: &BatchJob) {
        let outcome = match job.status {
            JobStatus::Expired => Outcome::BatchExpired,
            JobStatus::Cancelled => Outcome::BatchCancelled,
            _ => return,
        };
        if self.summary.missing == 0 {
            return;
        }
        let code: Arc<str> = Arc::from(outcome.code());
        for row in self.rows.iter_mut().filter(|r| r.outcome == Outcome::Missing) {
            row.outcome = outcome;
            row.code = Some(code.clone());
        }
        for e in self.retry.entries.iter_mut().filter(|e| e.outcome == Outcome::Missing) {
            e.outcome = outcome;
        }
        let missing = std::mem::take(&mut self.summary.missing);
        match outcome {
            Outcome::BatchCancelled => self.summary.batch_cancelled += missing,
            _ => self.summary.batch_expired += missing,
        }
    }
}

/// Something wrong with a line or a file, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Diagnostic {
    pub file: FileKind,
    /// 1-based line number; 0 for the whole file.
    pub line: u64,
    pub problem: Problem,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Problem {
    /// The line matches no known shape.
    Unreadable(LineProblem),
    /// A second result line for a custom_id; `first` is the line kept or seen first.
    DuplicateResult { custom_id: String, first: LineRef },
    /// A custom_id used twice in the input; the first line is kept.
    DuplicateInput { custom_id: String, first_line: u64 },
    /// The file starts with a UTF-8 BOM (the retry file never has it).
    ByteOrderMark,
    /// Adding this line's token counts overflowed a 64-bit sum (`custom_id`'s
    /// own, or the total when the line is 0): the figures shown are capped.
    UsageOverflow { custom_id: Option<String> },
}

/// How much of each file was read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileStats {
    pub present: bool,
    pub bytes: u64,
    pub lines: u64,
    pub blank_lines: u64,
    pub unreadable_lines: u64,
}

/// Tokens per model name as the lines give it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ModelUsage {
    /// `None`: lines with no model name (failures without a body).
    pub model: Option<String>,
    pub requests: u64,
    pub usage: Usage,
}

/// A request that is not retried, with its reason.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NotRetried {
    pub custom_id: String,
    pub outcome: Outcome,
    pub code: Option<Arc<str>>,
    pub message: Option<Arc<str>>,
}

/// A file that looks like a different one than the slot it was given in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Misplaced {
    pub given_as: FileKind,
    pub looks_like: FileKind,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ResultsReport {
    pub summary: Summary,
    /// Input order first (by input line), then custom_ids found only in result files, by name.
    pub rows: Vec<RequestRow>,
    pub total_usage: Usage,
    pub usage_by_model: Vec<ModelUsage>,
    pub retry: RetryPlan,
    /// content_filtered and client_error requests, never put in the retry file.
    pub not_retried: Vec<NotRetried>,
    pub output: FileStats,
    pub errors: FileStats,
    pub input: FileStats,
    pub misplaced: Vec<Misplaced>,
    /// At most [`MAX_DIAGNOSTICS`](crate::io::MAX_DIAGNOSTICS); the rest are counted in `diagnostics_dropped`.
    pub diagnostics: Vec<Diagnostic>,
    pub diagnostics_dropped: u64,
}
