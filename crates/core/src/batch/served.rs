//! The OpenAI Batch API serves only some models: a `body.model` the catalog
//! lists as not served gets the service's `model_not_found`.

use super::line::{LineRef, Parsed};
use super::{Code, Dialect, Findings, Severity};
use crate::facts::{openai_batch_model_fact, Catalog, Certainty};

/// Checks the line's model against the catalog's `openai_batch_model` list
/// (OpenAI dialect only; names not listed are not judged). Error when the
/// figure is documented or the user set it; a warning while unconfirmed.
pub(crate) fn model_rule(line: LineRef, p: &Parsed, dialect: Dialect, catalog: &Catalog, out: &mut Findings) {
    if dialect != Dialect::OpenAi {
        return;
    }
    let Some(fact) = p.model.as_deref().and_then(openai_batch_model_fact) else { return };
    if catalog.get(fact.kind, fact.subject).is_none_or(|v| v > 0.0) {
        return;
    }
    let confirmed = fact.certainty == Certainty::Documented || catalog.is_overridden(&fact.id());
    let severity = if confirmed { Severity::Error } else { Severity::Warning };
    let msg = format!(
        "The model {} is not supported by the Batch API (catalog: {} = 0, as of {}{}).",
        fact.subject,
        fact.id(),
        fact.as_of,
        if confirmed { "" } else { ", unconfirmed" }
    );
    out.push(line.diag(Code::ModelNotFound, severity, Some("body.model"), msg, p.model_at));
}
