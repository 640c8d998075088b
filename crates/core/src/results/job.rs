//! The batch job object (`batches.retrieve`): its status on the lifecycle,
//! `errors.data[]`, `request_counts`, time left to `expires_at`, and the date
//! the output file is deleted (`output_expires_after`, anchor `created_at`).
//! Explanations in both languages are in [`super::job_text`].

use super::job_status::{JobStatus, JobWarning, StatusInfo, Vendor};
use super::job_text::{explain_error_code, explain_status};
use super::Text;
use crate::facts::Kind;
use crate::facts::{jobs_expire_after_window, Catalog};
use serde_json::Value;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RequestCounts {
    pub total: u64,
    pub completed: u64,
    pub failed: u64,
}

/// One entry of `errors.data[]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct JobError {
    pub code: Option<String>,
    pub message: Option<String>,
    pub line: Option<u64>,
    pub param: Option<String>,
}

impl std::fmt::Display for JobError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let code = self.code.as_deref().unwrap_or("error");
        write!(f, "{code}: {}", self.message.as_deref().unwrap_or(""))?;
        if let Some(line) = self.line {
            write!(f, " (line {line})")?;
        }
        Ok(())
    }
}

impl std::error::Error for JobError {}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExpiresAfter {
    pub anchor: String,
    pub seconds: i64,
}

/// The fields of a batch object the page uses. Times are Unix seconds.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BatchJob {
    pub id: Option<String>,
    pub status: JobStatus,
    pub endpoint: Option<String>,
    pub input_file_id: Option<String>,
    pub output_file_id: Option<String>,
    pub error_file_id: Option<String>,
    pub created_at: Option<i64>,
    pub in_progress_at: Option<i64>,
    pub finalizing_at: Option<i64>,
    pub completed_at: Option<i64>,
    pub expires_at: Option<i64>,
    /// When a job that did not complete ended (or began to end).
    pub failed_at: Option<i64>,
    pub expired_at: Option<i64>,
    pub cancelling_at: Option<i64>,
    pub cancelled_at: Option<i64>,
    pub request_counts: Option<RequestCounts>,
    pub errors: Vec<JobError>,
    pub output_expires_after: Option<ExpiresAfter>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum JobParseError {
    NotJson {
        detail: String,
    },
    /// JSON, but not a batch object (no `status`, or `object` is not `batch`).
    NotABatch,
}

impl std::fmt::Display for JobParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JobParseError::NotJson { detail } => write!(f, "not JSON: {detail}"),
            JobParseError::NotABatch => write!(f, "not a batch object (it needs \"object\": \"batch\" and a status)"),
        }
    }
}

impl std::error::Error for JobParseError {}

fn s(v: &Value, k: &str) -> Option<String> {
    v.get(k).and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_string)
}

fn t(v: &Value, k: &str) -> Option<i64> {
    v.get(k).and_then(Value::as_i64)
}

/// Reads a pasted batch object.
pub fn parse_job(text: &str) -> Result<BatchJob, JobParseError> {
    let v: Value =
        serde_json::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| JobParseError::NotJson { detail: e.to_string() })?;
    let object_ok = v.get("object").is_none_or(|o| o.as_str() == Some("batch"));
    let status = v.get("status").and_then(Value::as_str).filter(|_| object_ok).ok_or(JobParseError::NotABatch)?;
    let n = |c: &Value, k: &str| c.get(k).and_then(Value::as_u64).unwrap_or(0);
    let request_counts = v.get("request_counts").filter(|c| c.is_object()).map(|c| RequestCounts {
        total: n(c, "total"),
        completed: n(c, "completed"),
        failed: n(c, "failed"),
    });
    let errors = v
        .get("errors")
        .and_then(|e| e.get("data"))
        .and_then(Value::as_array)
        .map(|d| {
            d.iter()
                .map(|e| JobError {
                    code: s(e, "code"),
                    message: s(e, "message"),
                    line: e.get("line").and_then(Value::as_u64),
                    param: s(e, "param"),
                })
                .collect()
        })
        .unwrap_or_default();
    let output_expires_after = v
        .get("output_expires_after")
        .and_then(|o| Some(ExpiresAfter { anchor: s(o, "anchor").unwrap_or_else(|| "created_at".into()), seconds: t(o, "seconds")? }));
    Ok(BatchJob {
        id: s(&v, "id"),
        status: JobStatus::parse(status),
        endpoint: s(&v, "endpoint"),
        input_file_id: s(&v, "input_file_id"),
        output_file_id: s(&v, "output_file_id"),
        error_file_id: s(&v, "error_file_id"),
        created_at: t(&v, "created_at"),
        in_progress_at: t(&v, "in_progress_at"),
        finalizing_at: t(&v, "finalizing_at"),
        completed_at: t(&v, "completed_at"),
        expires_at: t(&v, "expires_at"),
        failed_at: t(&v, "failed_at"),
        expired_at: t(&v, "expired_at"),
        cancelling_at: t(&v, "cancelling_at"),
        cancelled_at: t(&v, "cancelled_at"),
        request_counts,
        errors,
        output_expires_after,
    })
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ExplainedError {
    pub error: JobError,
    pub explanation: Text,
}

impl std::fmt::Display for ExplainedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.error, self.explanation.en)
    }
}

impl std::error::Error for ExplainedError {}

/// For the progress bar.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    pub counts: RequestCounts,
    /// (completed + failed) / total, in 0..=1; 0 when total is 0.
    pub done_fraction: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeletionBasis {
    /// From the job's `output_expires_after`.
    Job,
    /// Not set on the job: the vendor's default file expiry.
    VendorDefault,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OutputDeletion {
    pub deletes_at: i64,
    /// Negative when already past.
    pub seconds_left: i64,
    pub basis: DeletionBasis,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JobAnalysis {
    pub status: StatusInfo,
    pub progress: Option<Progress>,
    pub errors: Vec<ExplainedError>,
    /// Seconds until `expires_at` (or created_at + the completion window), for jobs still running.
    pub expires_in_seconds: Option<i64>,
    pub output_deletion: Option<OutputDeletion>,
    pub warnings: Vec<JobWarning>,
}

/// [`analyze_job`] told by the joined results when there are any: an
/// expired job's unfinished requests are those the results put in the
/// retry file as batch_expired (or still missing, before
/// [`super::ResultsReport::apply_job`]), not the job object's counts, which
/// may count them as failed (and so say 0). The page, the CLI and the
/// Python package call this.
pub fn analyze_job_with(
    job: &BatchJob,
    results: Option<&super::ResultsReport>,
    now: i64,
    vendor: Vendor,
    catalog: &Catalog,
) -> JobAnalysis {
    let mut a = analyze_job(job, now, vendor, catalog);
    if let Some(r) = results.filter(|_| job.status == JobStatus::Expired) {
        let from_results = r.summary.batch_expired.saturating_add(r.summary.missing);
        for w in a.warnings.iter_mut() {
            if let JobWarning::JobExpired { unfinished } = w {
                *unfinished = from_results;
            }
        }
    }
    a
}

/// Explains a job at time `now` (Unix seconds).
pub fn analyze_job(job: &BatchJob, now: i64, vendor: Vendor, catalog: &Catalog) -> JobAnalysis {
    let mut warnings = Vec::new();
    let out_of_range = |field: &str, w: &mut Vec<JobWarning>| w.push(JobWarning::NumberOutOfRange { field: field.to_string() });
    let done = job.request_counts.map(|c| c.completed.checked_add(c.failed));
    if done.is_some_and(|d| d.is_none()) {
        out_of_range("request_counts", &mut warnings);
    }
    let progress = job
        .request_counts
        .zip(done.flatten())
        .map(|(c, done)| Progress { counts: c, done_fraction: if c.total == 0 { 0.0 } else { (done as f64 / c.total as f64).min(1.0) } });
    let expires_at = match job.expires_at {
        Some(e) => Some(e),
        None => {
            let window = catalog.get(Kind::CompletionWindowSeconds, "any").map(|w| w as i64);
            let at = job.created_at.zip(window).map(|(c, w)| c.checked_add(w));
            if at.is_some_and(|a| a.is_none()) {
                out_of_range("created_at", &mut warnings);
            }
            at.flatten()
        }
    };
    let expires_in = expires_at.map(|e| e.checked_sub(now));
    if !job.status.is_terminal() && expires_in.is_some_and(|s| s.is_none()) {
        out_of_range("expires_at", &mut warnings);
    }
    let expires_in_seconds = if job.status.is_terminal() { None } else { expires_in.flatten() };
    if expires_in_seconds.is_some_and(|s| s < 0) {
        warnings.push(if jobs_expire_after_window(catalog, vendor.subject()) {
            JobWarning::PastExpiry
        } else {
            JobWarning::PastWindowRunsOn
        });
    }
    if job.status == JobStatus::Completed && job.output_file_id.is_none() {
        warnings.push(JobWarning::CompletedWithoutOutput);
    }
    if job.status == JobStatus::Expired {
        let unfinished = job.request_counts.zip(done.flatten()).map_or(0, |(c, done)| c.total.saturating_sub(done));
        warnings.push(JobWarning::JobExpired { unfinished });
    }
    let output_deletion =
        if job.output_file_id.is_some() || job.error_file_id.is_some() { deletion(job, now, vendor, catalog, &mut warnings) } else { None };
    if let Some(d) = output_deletion {
        warnings.push(if d.seconds_left > 0 {
            JobWarning::CopyOutputBeforeDeletion { deletes_at: d.deletes_at }
        } else {
            JobWarning::OutputAlreadyDeleted { deleted_at: d.deletes_at }
        });
    }
    JobAnalysis {
        status: explain_status(&job.status, vendor, catalog),
        progress,
        errors: job
            .errors
            .iter()
            .map(|e| ExplainedError { error: e.clone(), explanation: explain_error_code(e.code.as_deref()) })
            .collect(),
        expires_in_seconds,
        output_deletion,
        warnings,
    }
}

fn deletion(job: &BatchJob, now: i64, vendor: Vendor, catalog: &Catalog, warnings: &mut Vec<JobWarning>) -> Option<OutputDeletion> {
    let created = job.created_at?;
    let (seconds, basis) = match &job.output_expires_after {
        Some(e) => {
            if e.anchor != "created_at" {
                warnings.push(JobWarning::UnknownAnchor { anchor: e.anchor.clone() });
            }
            let min = catalog.get(Kind::OutputExpiresMinSeconds, vendor.subject());
            let max = catalog.get(Kind::OutputExpiresMaxSeconds, vendor.subject());
            if let (Some(min), Some(max)) = (min, max) {
                if (e.seconds as f64) < min || (e.seconds as f64) > max {
                    warnings.push(JobWarning::ExpiryOutOfRange { seconds: e.seconds, min: min as i64, max: max as i64 });
                }
            }
            (e.seconds, DeletionBasis::Job)
        }
        None => match catalog.get(Kind::FileDefaultExpirySeconds, vendor.subject()) {
            Some(d) => (d as i64, DeletionBasis::VendorDefault),
            None => {
                warnings.push(JobWarning::DeletionDateUnknown);
                return None;
            }
        },
    };
    let (Some(deletes_at), Some(seconds_left)) =
        (created.checked_add(seconds), created.checked_add(seconds).and_then(|d| d.checked_sub(now)))
    else {
        warnings.push(JobWarning::NumberOutOfRange { field: "output_expires_after".into() });
        return None;
    };
    Some(OutputDeletion { deletes_at, seconds_left, basis })
}
