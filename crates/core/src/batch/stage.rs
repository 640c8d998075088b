//! When a finding bites: the service refuses the whole file (the batch
//! fails), or only that request fails in the error file while the rest
//! runs; and whether the vendors document it.

use super::{Code, Diagnostic, Severity};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The file is refused at validation (or the batch at submission): nothing runs.
    Batch,
    /// This request fails with a 4xx in the error file; the rest of the batch runs.
    Request,
    /// A warning: nothing fails because of it.
    Advice,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Batch => "batch",
            Stage::Request => "request",
            Stage::Advice => "advice",
        }
    }
}

/// The body arguments whose absence or shape fails the file at validation
/// (OpenAI's recorded answers: "Model parameter is required.", "Messages
/// parameter is required."); other body findings fail only their request.
const VALIDATED_BODY_ARGS: &[&str] = &["model", "messages", "input"];

/// When a finding of `code` at `param` bites, and whether the vendors say so
/// (`false`: the docs are silent; the stage is what their recorded answers suggest).
pub fn stage_of(code: Code, param: Option<&str>, severity: Severity) -> (Stage, bool) {
    use Code::*;
    if severity == Severity::Warning {
        return (Stage::Advice, true);
    }
    match code {
        c if c.is_request_validation() => (Stage::Request, false),
        // A required field below the body the validator does not look at.
        MissingRequiredParameter | InvalidRequest => {
            let below = param.and_then(|p| p.strip_prefix("body.")).map(|p| p.split(['.', '[']).next().unwrap_or(""));
            match below {
                Some(arg) if !VALIDATED_BODY_ARGS.contains(&arg) => (Stage::Request, false),
                _ => (Stage::Batch, true),
            }
        }
        EmptyFile | TooManyTasks | FileTooLarge | InvalidUtf8 | InvalidJsonLine | DuplicateCustomId | UrlMismatch | InvalidUrl
        | ModelMismatch | ModelNotFound | TokenLimitExceeded => (Stage::Batch, true),
        StreamingUnsupported | Utf8Bom => (Stage::Batch, true),
        // This tool's own errors stop the file too: the check could not confirm it.
        _ => (Stage::Batch, false),
    }
}

impl Diagnostic {
    /// When this finding bites (see [`stage_of`]).
    pub fn stage(&self) -> Stage {
        stage_of(self.code, self.param.as_deref(), self.severity).0
    }

    /// Whether the vendors document when it bites.
    pub fn stage_documented(&self) -> bool {
        stage_of(self.code, self.param.as_deref(), self.severity).1
    }
}

/// What the file as a whole would do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "verdict")]
pub enum Verdict {
    /// No errors.
    Ready,
    /// The service refuses the file (or the batch): nothing runs.
    BatchFails,
    /// The batch runs; this many requests fail in the error file.
    RequestsFail { requests: u64 },
    /// No error found, but this many lines could not be checked (too long):
    /// never a pass.
    NotConfirmed { lines: u64 },
}

impl Verdict {
    /// The one "passes" rule (the page's OK, the CLI's exit code 0 and its
    /// "ok" count, Python's `Report.ok`): no error, and every line checked.
    pub fn passes(self) -> bool {
        matches!(self, Verdict::Ready)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Ready => "ready",
            Verdict::BatchFails => "batch_fails",
            Verdict::RequestsFail { .. } => "requests_fail",
            Verdict::NotConfirmed { .. } => "not_confirmed",
        }
    }
}
