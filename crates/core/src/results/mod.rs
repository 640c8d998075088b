//! Batch results: join output and error files to the input, classify every
//! request, attribute usage and cost, build the retry file, explain the job.
//!
//! Use: a [`ResultsJoiner`] fed with chunks of each file, `finish()` →
//! [`ResultsReport`] (with a job object, [`ResultsReport::apply_job`]: the
//! unanswered requests of an expired job are `batch_expired`); then [`cost_report`], [`group_table`] / [`group_csv`],
//! [`RetryExtractor`] (second pass over the input) and, for a pasted job
//! object, [`parse_job`] + [`analyze_job`].

mod cost;
mod detect;
mod files;
mod group;
mod job;
mod job_status;
mod job_text;
mod join;
mod line;
mod outcome;
mod paths;
mod report;
mod retry;
mod usage;

pub use cost::cost_report;
pub use detect::detect_kind;
pub use files::{what_more_files_add, FileAdvice, FileGain, FilesPresent};
pub use group::{group_csv, group_table, row_keys, GroupError, GroupKey, GroupRow, GroupTable};
pub use job::{
    analyze_job, analyze_job_with, parse_job, BatchJob, DeletionBasis, ExpiresAfter, ExplainedError, JobAnalysis, JobError, JobParseError,
    OutputDeletion, Progress, RequestCounts,
};
pub use job_status::{JobStatus, JobWarning, StatusInfo, Vendor};
pub use job_text::{explain_error_code, explain_status, format_utc, warning_text};
pub use join::ResultsJoiner;
pub use line::{parse_input_line, parse_result_line, BodyShape, InputLine, LineProblem, ResultLine, StatusProblem};
pub use outcome::{classify, Classified, Outcome};
pub use paths::{join_files, join_files_until, results_json, retry_file_bytes, retry_file_bytes_until, ResultsJson, RetryFileError};
pub use report::{
    Diagnostic, FileStats, LineRef, Misplaced, ModelUsage, NotRetried, Problem, RequestRow, ResultsReport, Summary, Tile, TileClass,
};
pub use retry::{build_retry_file, RetryEntry, RetryError, RetryExtractor, RetryPlan};
pub use usage::{batch_prices, cost_usd, CostOptions, CostReport, ModelCost, PriceError, Usage};

/// The four files the results page takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileKind {
    Output,
    Errors,
    Input,
    /// The batch job object from `batches.retrieve`.
    Job,
}

pub use crate::text::Text;
