//! What a finding rests on, and the team's one rule for severity.
//!
//! An **error** says "the service refuses this". It needs evidence: the
//! vendor's spec or docs ([`Evidence::Documented`]) or a recorded answer of
//! the service, such as a public issue quoting the 400
//! ([`Evidence::Observed`]). Anything inferred, unconfirmed or another
//! vendor's rule ([`Evidence::Inferred`]) is at most a warning:
//! [`super::Diagnostic::settle`] says such an error as a warning, so the rule
//! holds by construction.
//!
//! A rule that knows its own source (a body schema and its spec, a model
//! rule and its fact, a cross-field rule and its recorded refusal) sets it
//! with [`super::Diagnostic::with_basis`]; every other finding gets its
//! code's basis here when the report is finished ([`fill`]). A rule whose
//! basis differs by dialect gives the severity that dialect's evidence
//! allows (`crates/core/tests/it/batch_evidence.rs` holds every code of both
//! dialects to it).

use super::{Code, Diagnostic, Dialect, Severity};
use crate::facts::SourceId;
use std::borrow::Cow;

pub use crate::facts::Evidence;

impl Evidence {
    /// The evidence a finding of `code` has unless its rule says more.
    pub fn of(code: Code, severity: Severity) -> Evidence {
        basis(code, None, severity).0
    }
}

/// A recorded answer of Chat Completions refusing an argument it does not
/// know ("Unrecognized request argument supplied").
const UNRECOGNIZED_ARGUMENT: &str = "https://github.com/coroot/coroot/issues/698";

/// The API reference's request validation: what the schema findings rest on
/// when their rule names no spec.
const API_REFERENCE: &str = "https://platform.openai.com/docs/api-reference";

/// Where the 64-character custom_id limit comes from: another vendor's batch API.
const ANOTHER_VENDORS_ID_LIMIT: &str = "https://docs.anthropic.com/en/api/creating-message-batches";

fn url(id: SourceId) -> &'static str {
    id.source().url
}

/// The evidence and source of a finding of `code` (in `dialect`, when
/// known), unless its rule says more.
pub fn basis(code: Code, dialect: Option<Dialect>, severity: Severity) -> (Evidence, &'static str) {
    use Code::*;
    use Evidence::*;
    let batch_doc = match dialect {
        Some(Dialect::OpenAi) => url(SourceId::OpenAiBatch),
        _ => url(SourceId::AzureBatch),
    };
    match code {
        // The batch services' own validation codes, in their docs.
        EmptyFile
        | TooManyTasks
        | FileTooLarge
        | InvalidJsonLine
        | MissingRequiredParameter
        | InvalidRequest
        | DuplicateCustomId
        | UrlMismatch
        | InvalidUrl
        | ModelMismatch
        | ModelNotFound
        | TokenLimitExceeded
        | InvalidUtf8 => (Documented, batch_doc),
        // Azure documents that a BOM fails the file; OpenAI is silent.
        Utf8Bom => match dialect {
            Some(Dialect::OpenAi) => (Inferred, url(SourceId::OpenAiBatch)),
            Some(Dialect::Azure) => (Documented, url(SourceId::AzureBatch)),
            None => (if severity == Severity::Error { Documented } else { Inferred }, url(SourceId::AzureBatch)),
        },
        // OpenAI documents the code; Azure's docs are silent (at most a warning).
        StreamingUnsupported => match dialect {
            Some(Dialect::Azure) => (Inferred, url(SourceId::AzureBatch)),
            Some(Dialect::OpenAi) => (Documented, url(SourceId::OpenAiBatch)),
            None => (if severity == Severity::Error { Documented } else { Inferred }, url(SourceId::OpenAiBatch)),
        },
        // The request body against the API's schema (the rule names its spec).
        InvalidType
        | InvalidValue
        | IntegerBelowMinValue
        | IntegerAboveMaxValue
        | DecimalBelowMinValue
        | DecimalAboveMaxValue
        | EmptyArray
        | ArrayBelowMinLength
        | ArrayAboveMaxLength
        | StringBelowMinLength
        | StringAboveMaxLength
        | UnsupportedValue
        | UnsupportedParameter
        | InvalidRequestError
        | InvalidFunctionParameters
        | InvalidJsonSchema => (if severity == Severity::Error { Documented } else { Inferred }, API_REFERENCE),
        UnknownParameter => (Observed, UNRECOGNIZED_ARGUMENT),
        ContextLengthExceeded => (if severity == Severity::Error { Documented } else { Inferred }, url(SourceId::OpenAiModels)),
        // The check could not confirm a documented limit: never a pass.
        TokenSumOverflow | QuotaUnconfirmed => (Documented, url(SourceId::AzureQuotas)),
        // Another vendor's limit (Anthropic's Message Batches: 1–64
        // characters); neither OpenAI nor Azure documents one.
        CustomIdTooLong => (Inferred, ANOTHER_VENDORS_ID_LIMIT),
        // This tool's advice.
        BlankLine | CrlfLineEndings | BaseModelName | MaxTokensUnset | DuplicateJsonKey | LineTooLong | MaxTokensTooLarge
        | EmptyCustomId | FileNameNotJsonl => (Inferred, batch_doc),
    }
}

/// Gives every finding without a source its code's basis in `dialect` (the
/// report's last step; its severity was settled when it was made).
pub(crate) fn fill(d: &mut Diagnostic, dialect: Dialect) {
    if d.source.is_none() {
        let (evidence, source) = basis(d.code, Some(dialect), d.severity);
        d.evidence = evidence;
        d.source = Some(Cow::Borrowed(source));
    }
}
