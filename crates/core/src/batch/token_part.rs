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
pub(crate) fn context_window(catalog: &Catalog, model: Option<&Model>, r: LineRef, tokens: u64, endpoint: Endpoint) -> Option<Diagnostic> {
    let model = model?;
    let window = catalog.get(Kind::ContextWindow, model.name)?;
    (tokens as f64 > window).then(|| {
        let msg = format!(
            "This request's prompt is about {tokens} tokens, more than {}'s context window of {window} tokens (unconfirmed figure).",
            model.name
        );
        r.diag(Code::ContextWindowExceeded, Severity::Warning, Some(endpoint.prompt_param()), msg, None)
    })
}
