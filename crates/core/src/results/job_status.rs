//! The job's status, vendor and warnings: the types both the analysis
//! (`job.rs`) and its explanations (`job_text.rs`) use.

use crate::text::Text;

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JobStatus {
    Validating,
    Failed,
    InProgress,
    Finalizing,
    Completed,
    Expired,
    Cancelling,
    Cancelled,
    /// A status this version does not know, as written.
    Unknown(String),
}

impl JobStatus {
    pub fn parse(s: &str) -> Self {
        match s {
            "validating" => JobStatus::Validating,
            "failed" => JobStatus::Failed,
            "in_progress" => JobStatus::InProgress,
            "finalizing" => JobStatus::Finalizing,
            "completed" => JobStatus::Completed,
            "expired" => JobStatus::Expired,
            "cancelling" => JobStatus::Cancelling,
            "cancelled" => JobStatus::Cancelled,
            other => JobStatus::Unknown(other.to_string()),
        }
    }

    /// The job will not change any more.
    pub fn is_terminal(&self) -> bool {
        matches!(self, JobStatus::Failed | JobStatus::Completed | JobStatus::Expired | JobStatus::Cancelled)
    }

    /// Position on the main line validating(0) → in_progress(1) → finalizing(2) → completed(3).
    pub fn step(&self) -> Option<u8> {
        match self {
            JobStatus::Validating => Some(0),
            JobStatus::InProgress => Some(1),
            JobStatus::Finalizing => Some(2),
            JobStatus::Completed => Some(3),
            _ => None,
        }
    }
}

/// Which service the job ran on: the output-expiry range differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vendor {
    Azure,
    OpenAi,
}

impl Vendor {
    pub(crate) fn subject(self) -> &'static str {
        match self {
            Vendor::Azure => "azure",
            Vendor::OpenAi => "openai",
        }
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StatusInfo {
    pub status: JobStatus,
    /// See [`JobStatus::step`].
    pub step: Option<u8>,
    pub terminal: bool,
    pub meaning: Text,
    pub what_to_do: Text,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JobWarning {
    /// `completed` with `output_file_id: null`: every request failed.
    CompletedWithoutOutput,
    /// Copy the results to storage you own before this date.
    CopyOutputBeforeDeletion {
        deletes_at: i64,
    },
    OutputAlreadyDeleted {
        deleted_at: i64,
    },
    /// `output_expires_after.seconds` outside the vendor's range.
    ExpiryOutOfRange {
        seconds: i64,
        min: i64,
        max: i64,
    },
    /// The anchor is not `created_at`, the only documented one.
    UnknownAnchor {
        anchor: String,
    },
    /// No `output_expires_after` and no documented default: the date cannot be computed.
    DeletionDateUnknown,
    /// The 24-hour window ran out: unfinished requests ended as batch_expired (finished ones are billed).
    JobExpired {
        unfinished: u64,
    },
    /// Still running and past `expires_at`, at a vendor that ends such a job
    /// as expired (OpenAI).
    PastExpiry,
    /// Still running and past `expires_at`, at a vendor that does not expire
    /// it (Azure): it runs on until done or cancelled.
    PastWindowRunsOn,
    /// A count or time on the job does not fit 64-bit arithmetic (e.g.
    /// `completed` + `failed`): the figure that needs it is not shown.
    NumberOutOfRange {
        field: String,
    },
}
