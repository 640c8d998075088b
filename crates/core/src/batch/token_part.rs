//! The token figures of one range of a file, as a token pass sends them to
//! the structural pass (see `parallel.rs`), and the per-line token rule that
//! both passes apply.

use super::line::LineRef;
use super::tally::Tally;
use super::{Code, Diagnostic, Endpoint, Severity};
use crate::facts::{Catalog, Encoding, Kind, Model};

/// The token figures of one range of a file.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TokenPart {
    /// Byte offset of the range's first line in the file.
    pub start: u64,
    /// Bytes in the range.
    pub bytes: u64,
    /// Lines in the range.
    pub lines: u64,
    /// Whether a token counter was made (false: no tokenizer, or no request).
    pub counted: bool,
    pub encoding: Option<(Encoding, bool)>,
    /// Prompt tokens, histogram, cache hits and the per-line token findings
    /// (context window), numbered from 1 within the range.
    pub tally: Tally,
}

/// A request whose prompt (`tokens`) exceeds the model's context window.
pub(crate) fn context_window(
    catalog: &Catalog,
    model: Option<&Model>,
    r: LineRef,
    tokens: u64,
    requested: Option<u64>,
    endpoint: Endpoint,
) -> Option<Diagnostic> {
    let model = model?;
    let window = catalog.get(Kind::ContextWindow, model.name)?;
    let output = requested.unwrap_or(0);
    let total = tokens.saturating_add(output);
    (total as f64 > window).then(|| {
        // The service's words (its error code context_length_exceeded);
        // an error once the window is documented or set by the user.
        let id = format!("{}.{}", Kind::ContextWindow, model.name);
        let confirmed = crate::facts::builtin(Kind::ContextWindow, model.name)
            .is_some_and(|f| f.certainty == crate::facts::Certainty::Documented)
            || catalog.is_overridden(&id);
        let severity = if confirmed { Severity::Error } else { Severity::Warning };
        let mut msg = format!(
            "This model's maximum context length is {window} tokens. However, you requested {total} tokens ({tokens} in the messages, {output} in the completion). Please reduce the length of the messages or completion."
        );
        if !confirmed {
            msg.push_str(&format!(" ({}'s context window is an unconfirmed catalog figure.)", model.name));
        }
        r.diag(Code::ContextLengthExceeded, severity, Some(endpoint.prompt_param()), msg, None)
    })
}
