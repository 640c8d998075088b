//! Labels for domain enums and number formats, in the chosen language.

use crate::i18n::{t, Lang};
use batchlane_core::format::format_count;
use batchlane_core::results::{FileGain, FileKind, Outcome};

pub fn outcome_label(lang: Lang, o: Outcome) -> &'static str {
    t(
        lang,
        match o {
            Outcome::Succeeded => "results.outcome.succeeded",
            Outcome::Truncated => "results.outcome.truncated",
            Outcome::ContentFiltered => "results.outcome.content_filtered",
            Outcome::RateLimited => "results.outcome.rate_limited",
            Outcome::ServerError => "results.outcome.server_error",
            Outcome::ClientError => "results.outcome.client_error",
            Outcome::BatchExpired => "results.outcome.batch_expired",
            Outcome::BatchCancelled => "results.outcome.batch_cancelled",
            Outcome::RequestTimeout => "results.outcome.request_timeout",
            Outcome::Missing => "results.outcome.missing",
        },
    )
}

/// The badge colour of an outcome: ok, a result that is not the answer
/// asked for (warn), retryable (warn), never retried (error).
pub fn outcome_class(o: Outcome) -> &'static str {
    match o {
        Outcome::Succeeded => "badge badge--ok",
        Outcome::ClientError => "badge badge--error",
        Outcome::ContentFiltered | Outcome::Truncated => "badge badge--warn",
        _ => "badge badge--retry",
    }
}

pub fn file_label(lang: Lang, f: FileKind) -> &'static str {
    t(
        lang,
        match f {
            FileKind::Output => "results.file.output",
            FileKind::Errors => "results.file.errors",
            FileKind::Input => "results.file.input",
            FileKind::Job => "results.file.job",
        },
    )
}

pub fn gain_label(lang: Lang, g: FileGain) -> &'static str {
    t(
        lang,
        match g {
            FileGain::Answers => "results.gain.answers",
            FileGain::Failures => "results.gain.failures",
            FileGain::MissingRequests => "results.gain.missing",
            FileGain::UnexpectedRequests => "results.gain.unexpected",
            FileGain::RetryFile => "results.gain.retry",
            FileGain::MetadataGrouping => "results.gain.metadata",
            FileGain::JobStatus => "results.gain.job_status",
            FileGain::Deadlines => "results.gain.deadlines",
        },
    )
}

pub fn count(n: u64) -> String {
    format_count(n as f64)
}
