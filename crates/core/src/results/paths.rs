//! Results files on disk, and `batchlane results --format json`'s object:
//! the CLI and the Python package (`batchlane_core.join_results`) join, cut the
//! retry lines and build the JSON through here (one builder, one shape).

use super::RetryError;
use super::{CostReport, GroupTable, JobAnalysis, ResultsJoiner, ResultsReport, RetryExtractor, Tile};
use crate::io::{read_file_chunks, Go, ReadError};
use std::path::Path;

/// Joins the output and error files to the input (each optional), read in
/// chunks; an error names the file that cannot be read.
pub fn join_files(output: Option<&Path>, errors: Option<&Path>, input: Option<&Path>) -> Result<ResultsReport, ReadError> {
    join_files_until(output, errors, input, &|| true)
}

/// [`join_files`], asking `go` before each chunk whether to go on (an
/// endless file stops with [`crate::io::STOPPED`] once it says no).
pub fn join_files_until(
    output: Option<&Path>,
    errors: Option<&Path>,
    input: Option<&Path>,
    go: Go<'_>,
) -> Result<ResultsReport, ReadError> {
    let mut joiner = ResultsJoiner::new();
    if let Some(p) = output {
        joiner.feed_output(&[]);
        read_file_chunks(p, go, |c| joiner.feed_output(c))?;
    }
    if let Some(p) = errors {
        joiner.feed_errors(&[]);
        read_file_chunks(p, go, |c| joiner.feed_errors(c))?;
    }
    if let Some(p) = input {
        joiner.feed_input(&[]);
        read_file_chunks(p, go, |c| joiner.feed_input(c))?;
    }
    Ok(joiner.finish())
}

/// The retry file's bytes: the original lines of `input` (the file that
/// was joined) of the retryable requests, cut out in a second pass.
/// Why the retry file could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RetryFileError {
    Read(ReadError),
    /// The input is not the file the results were joined with.
    Input(RetryError),
}

impl std::fmt::Display for RetryFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RetryFileError::Read(e) => write!(f, "{e}"),
            RetryFileError::Input(e) => write!(f, "cannot build the retry file: {e}"),
        }
    }
}

impl std::error::Error for RetryFileError {}

impl From<ReadError> for RetryFileError {
    fn from(e: ReadError) -> Self {
        RetryFileError::Read(e)
    }
}

pub fn retry_file_bytes(report: &ResultsReport, input: &Path) -> Result<Vec<u8>, RetryFileError> {
    retry_file_bytes_until(report, input, &|| true)
}

/// [`retry_file_bytes`], asking `go` before each chunk whether to go on.
pub fn retry_file_bytes_until(report: &ResultsReport, input: &Path, go: Go<'_>) -> Result<Vec<u8>, RetryFileError> {
    let mut x = RetryExtractor::new(&report.retry);
    let mut bytes = Vec::new();
    read_file_chunks(input, go, |c| bytes.extend(x.feed(c)))?;
    x.finish().map_err(RetryFileError::Input)?;
    Ok(bytes)
}

/// `batchlane results --format json`: `{cost, groups, job, report,
/// retry_file, tiles}` (`retry_file`: the path written and its line count).
/// It borrows the report and is serialized straight to the writer: built
/// as a `serde_json::Value` first, 2 M requests took 5.5 GB (every row a
/// map of owned strings) where the report itself holds 1.3 GB.
#[derive(serde::Serialize)]
pub struct ResultsJson<'a> {
    cost: &'a CostReport,
    groups: Option<&'a GroupTable>,
    job: Option<&'a JobAnalysis>,
    report: &'a ResultsReport,
    retry_file: Option<RetryFileJson<'a>>,
    tiles: Vec<Tile>,
}

#[derive(serde::Serialize)]
struct RetryFileJson<'a> {
    lines: usize,
    path: &'a str,
}

/// The object [`ResultsJson`] serializes to; see there.
pub fn results_json<'a>(
    report: &'a ResultsReport,
    cost: &'a CostReport,
    job: Option<&'a JobAnalysis>,
    groups: Option<&'a GroupTable>,
    retry_file: Option<(&'a str, usize)>,
) -> ResultsJson<'a> {
    ResultsJson {
        cost,
        groups,
        job,
        report,
        retry_file: retry_file.map(|(path, lines)| RetryFileJson { lines, path }),
        tiles: report.summary.tiles(),
    }
}
