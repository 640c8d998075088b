//! The per-line token rule: a prompt (and the output it asks for) against
//! the model's context window and input cap.

use super::line::LineRef;
use super::Dialect;
use super::{Code, Diagnostic, Endpoint, Severity};
use crate::facts::{Catalog, Certainty, Kind, Model};

/// Whether a limit is firm for this dialect: documented by the vendor of
/// the file's service (an Azure figure is another vendor's rule for
/// OpenAI) or set by the user. Firm: an error; else a warning.
fn firm(catalog: &Catalog, kind: Kind, model: &str, dialect: Dialect) -> bool {
    let fact = crate::facts::builtin(kind, model);
    let documented = fact.is_some_and(|f| f.certainty == Certainty::Documented && (dialect == Dialect::Azure || !f.source.is_azure()));
    documented || catalog.is_overridden(&format!("{kind}.{model}"))
}

/// A request over the model's limits: its prompt (`tokens`) plus the
/// output it asks for beyond the context window (on Azure, the window its
/// batch deployments take where that is less: gpt-4.1's 128,000), or its
/// prompt alone beyond the model's input cap (gpt-5's 272,000 of 400,000).
pub(crate) fn context_window(
    catalog: &Catalog,
    model: Option<&Model>,
    dialect: Dialect,
    r: LineRef,
    tokens: u64,
    requested: Option<u64>,
    endpoint: Endpoint,
) -> Option<Diagnostic> {
    let model = model?;
    let own = catalog.get(Kind::ContextWindow, model.name);
    let azure_batch = if dialect == Dialect::Azure { catalog.get(Kind::ContextWindowAzureBatch, model.name) } else { None };
    let (kind, window) = match (azure_batch, own) {
        (Some(batch), _) => (Kind::ContextWindowAzureBatch, batch),
        (None, Some(own)) => (Kind::ContextWindow, own),
        (None, None) => return None,
    };
    let output = requested.unwrap_or(0);
    let total = tokens.saturating_add(output);
    if total as f64 > window {
        // The service's words (its error code context_length_exceeded);
        // an error once the limit is documented or set by the user.
        let confirmed = firm(catalog, kind, model.name, dialect);
        let severity = if confirmed { Severity::Error } else { Severity::Warning };
        let mut msg = format!(
            "This model's maximum context length is {window} tokens. However, you requested {total} tokens ({tokens} in the messages, {output} in the completion). Please reduce the length of the messages or completion."
        );
        if kind == Kind::ContextWindowAzureBatch {
            let own = own.map_or_else(String::new, |w| format!(", fewer than the model's {w}-token window"));
            msg.push_str(&format!(" (Azure's batch deployments of {} take at most {window} tokens{own}.)", model.name));
        }
        if !confirmed {
            msg.push_str(&format!(" ({}'s {} is an unconfirmed catalog figure.)", model.name, limit_name(kind)));
        }
        return Some(r.diag(Code::ContextLengthExceeded, severity, Some(endpoint.prompt_param()), msg, None));
    }
    let cap = catalog.get(Kind::MaxInputTokens, model.name)?;
    (tokens as f64 > cap).then(|| {
        let confirmed = firm(catalog, Kind::MaxInputTokens, model.name, dialect);
        let severity = if confirmed { Severity::Error } else { Severity::Warning };
        let mut msg = format!(
            "The prompt is {tokens} tokens, over the {cap} input tokens {} takes (its window of {window} tokens leaves the rest for output): the request is refused even though prompt and output fit the window. Please reduce the length of the messages.",
            model.name
        );
        if !confirmed {
            let whose = crate::facts::builtin(Kind::MaxInputTokens, model.name).filter(|f| f.source.is_azure());
            if whose.is_some() && dialect == Dialect::OpenAi {
                msg.push_str(" (Azure documents this input limit; whether OpenAI's Batch API applies it is unconfirmed.)");
            } else {
                msg.push_str(&format!(" ({}'s input limit is an unconfirmed catalog figure.)", model.name));
            }
        }
        r.diag(Code::ContextLengthExceeded, severity, Some(endpoint.prompt_param()), msg, None)
    })
}

fn limit_name(kind: Kind) -> &'static str {
    match kind {
        Kind::ContextWindowAzureBatch => "batch context limit",
        _ => "context window",
    }
}
