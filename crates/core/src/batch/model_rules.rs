//! What a reasoning model refuses in a request body, from the catalog's
//! facts (`facts/model_rules.rs`), in the service's words: a parameter
//! taken only at its default, a parameter not taken at all.

use super::line::{LineRef, Parsed};
use super::schema::figure;
use super::{Code, Findings, ModelSource, Severity};
use crate::facts::{builtin, Catalog, Certainty, Kind, Model};
use serde_json::Value;

/// An error when the fact is documented (or the user set it) and the model
/// is known for sure; a warning while either is a guess.
fn severity(catalog: &Catalog, kind: Kind, param: &str, source: ModelSource) -> Severity {
    let documented =
        builtin(kind, param).is_some_and(|f| f.certainty == Certainty::Documented) || catalog.is_overridden(&format!("{kind}.{param}"));
    if documented && matches!(source, ModelSource::Picked | ModelSource::FromFile) {
        Severity::Error
    } else {
        Severity::Warning
    }
}

/// The rules for a request to reasoning model `m`.
pub(crate) fn reasoning(r: LineRef, body: &Value, m: &Model, source: ModelSource, catalog: &Catalog, p: &Parsed, out: &mut Findings) {
    let Some(b) = body.as_object() else { return };
    let guessed =
        if source == ModelSource::Guessed { format!(" ({} is guessed from the deployment name.)", m.name) } else { String::new() };
    for (key, v) in b {
        if v.is_null() {
            continue;
        }
        let at = if key == "max_tokens" { p.max_tokens_at } else { None };
        if let Some(default) = catalog.get(Kind::ReasoningDefaultOnly, key) {
            let Some(x) = v.as_f64() else { continue };
            if x != default {
                let msg = format!(
                    "Unsupported value: '{key}' does not support {v} with this model. Only the default ({}) value is supported.{guessed}",
                    figure(default)
                );
                let sev = severity(catalog, Kind::ReasoningDefaultOnly, key, source);
                out.push(r.diag(Code::UnsupportedValue, sev, Some(&format!("body.{key}")), msg, at));
            }
        } else if catalog.get(Kind::ReasoningUnsupportedParam, key).is_some_and(|refused| refused > 0.0) {
            // `logprobs: false` asks for nothing.
            if v == &Value::Bool(false) {
                continue;
            }
            let hint = if key == "max_tokens" { " Use 'max_completion_tokens' instead." } else { "" };
            let msg = format!("Unsupported parameter: '{key}' is not supported with this model.{hint}{guessed}");
            let sev = severity(catalog, Kind::ReasoningUnsupportedParam, key, source);
            out.push(r.diag(Code::UnsupportedParameter, sev, Some(&format!("body.{key}")), msg, at));
        }
    }
}

/// The minimums the live service enforces where the spec gives none
/// (`body_minimum` facts, `ENDPOINT.PARAM`): the service's words and code.
pub(crate) fn body_minimums(r: LineRef, body: &Value, endpoint: super::Endpoint, catalog: &Catalog, out: &mut Findings) {
    let Some(prefix) = super::schema::root_name(endpoint) else { return };
    let Some(b) = body.as_object() else { return };
    for f in crate::facts::all_facts().filter(|f| f.kind == Kind::BodyMinimum) {
        let Some(key) = f.subject.strip_prefix(prefix).and_then(|k| k.strip_prefix('.')) else { continue };
        let Some(min) = catalog.get(Kind::BodyMinimum, f.subject) else { continue };
        // Only integers: another type is the schema's finding.
        let Some(v) = b.get(key).filter(|v| v.is_i64() || v.is_u64()) else { continue };
        if v.as_f64().is_some_and(|x| x < min) {
            let confirmed = f.certainty == Certainty::Documented || catalog.is_overridden(&f.id());
            let sev = if confirmed { Severity::Error } else { Severity::Warning };
            let mut msg =
                format!("Invalid '{key}': integer below minimum value. Expected a value >= {}, but got {v} instead.", figure(min));
            if !confirmed {
                msg.push_str(" (The service's recorded answer; its docs give no minimum.)");
            }
            out.push(r.diag(Code::IntegerBelowMinValue, sev, Some(&format!("body.{key}")), msg, None));
        }
    }
}
