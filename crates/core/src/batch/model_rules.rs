//! What a reasoning model refuses in a request body, from the catalog's
//! facts (`facts/model_rules.rs`), in the service's words: a parameter
//! taken only at its default, a parameter not taken at all.

use super::line::{LineRef, Parsed};
use super::schema::figure;
use super::{Code, Findings, ModelSource, Severity};
use crate::facts::{builtin, model_rule, Catalog, Certainty, Evidence, Kind, Model, EFFORT_VALUES};
use serde_json::Value;

/// An error when the fact is documented (or the user set it) and the model
/// is known for sure; a warning while either is a guess.
fn severity(catalog: &Catalog, kind: Kind, param: &str, source: ModelSource) -> Severity {
    let documented =
        builtin(kind, param).is_some_and(|f| f.certainty == Certainty::Documented) || catalog.is_overridden(&format!("{kind}.{param}"));
    if documented && matches!(source, ModelSource::Picked | ModelSource::Named) {
        Severity::Error
    } else {
        Severity::Warning
    }
}

/// The sampling parameters a family takes at reasoning effort none
/// (`model_sampling_at_none` facts).
const SAMPLING_AT_NONE: &[&str] = &["temperature", "top_p", "logprobs", "top_logprobs"];

/// Whether the family takes the sampling parameters on this body: it does
/// at effort none, its default.
pub(crate) fn sampling_taken(body: &Value, family: &str, endpoint: super::Endpoint, catalog: &Catalog) -> bool {
    if !catalog.get(Kind::ModelSamplingAtNone, family).is_some_and(|v| v > 0.0) {
        return false;
    }
    let effort = if endpoint == super::Endpoint::ChatCompletions {
        body.get("reasoning_effort")
    } else {
        body.get("reasoning").and_then(|r| r.get("effort"))
    };
    effort.is_none_or(|e| e.is_null() || e == "none")
}

/// The rules for a request to reasoning model `m`; `sampling` is whether
/// its family takes the sampling parameters here ([`sampling_taken`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn reasoning(
    r: LineRef,
    body: &Value,
    m: &Model,
    source: ModelSource,
    catalog: &Catalog,
    p: &Parsed,
    sampling: bool,
    out: &mut Findings,
) {
    let Some(b) = body.as_object() else { return };
    let guessed =
        if source == ModelSource::Guessed { format!(" ({} is guessed from the deployment name.)", m.name) } else { String::new() };
    for (key, v) in b {
        if v.is_null() || (sampling && SAMPLING_AT_NONE.contains(&key.as_str())) {
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
/// (`body_minimum` facts, `ENDPOINT.PARAM`), each with the catalog's value
/// (`None`: removed): looked up once per check, not per line.
pub(crate) fn body_minimum_values(catalog: &Catalog) -> Vec<(&'static crate::facts::Fact, Option<f64>)> {
    crate::facts::all_facts().filter(|f| f.kind == Kind::BodyMinimum).map(|f| (f, catalog.get(Kind::BodyMinimum, f.subject))).collect()
}

/// The minimums of [`body_minimum_values`] a body's integers fall below:
/// the service's words and code.
pub(crate) fn body_minimums(
    r: LineRef,
    body: &Value,
    endpoint: super::Endpoint,
    minimums: &[(&'static crate::facts::Fact, Option<f64>)],
    catalog: &Catalog,
    out: &mut Findings,
) {
    let Some(prefix) = super::schema::root_name(endpoint) else { return };
    let Some(b) = body.as_object() else { return };
    for &(f, min) in minimums {
        let Some(key) = f.subject.strip_prefix(prefix).and_then(|k| k.strip_prefix('.')) else { continue };
        let Some(min) = min else { continue };
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

/// A model-table rule's row: what a finding rests on and where.
type Basis = Option<(Evidence, &'static str)>;

/// The severity of a model-table rule, the note its message ends with, and
/// what it rests on: an error when the row is documented or recorded (or
/// the user set it: their override is their record) and the model is known
/// for sure. On an Azure file, a row without Azure's own source is another
/// vendor's rule: a warning, and the message says so.
fn table_severity(
    catalog: &Catalog,
    kind: Kind,
    subject: &str,
    source: ModelSource,
    dialect: super::Dialect,
) -> (Severity, &'static str, Basis) {
    let row = model_rule(kind, subject);
    let overridden = catalog.is_overridden(&format!("{kind}.{subject}"));
    let openai_only = dialect == super::Dialect::Azure && row.is_some_and(|r| r.azure.is_none()) && !overridden;
    let known = (row.is_some_and(|r| r.evidence != Evidence::Inferred) || overridden) && !openai_only;
    let sev = if known && matches!(source, ModelSource::Picked | ModelSource::Named) { Severity::Error } else { Severity::Warning };
    let evidence =
        |r: &crate::facts::ModelRule| if overridden && r.evidence == Evidence::Inferred { Evidence::Observed } else { r.evidence };
    let basis = match row {
        Some(r) if dialect == super::Dialect::Azure && r.azure.is_some() => Some((evidence(r), r.azure.unwrap_or(r.url))),
        Some(r) => Some((evidence(r), r.url)),
        None => None,
    };
    let note = if openai_only { " (OpenAI's answer; not recorded for Azure.)" } else { "" };
    (sev, note, basis)
}

/// A model-table finding with what its row rests on.
fn with_row(d: super::Diagnostic, basis: Basis) -> super::Diagnostic {
    match basis {
        Some((evidence, url)) => d.with_basis(evidence, url),
        None => d,
    }
}

/// "'none', 'low', 'medium', and 'high'", as the service lists values.
fn listed(values: &[&str]) -> String {
    let q: Vec<String> = values.iter().map(|v| format!("'{v}'")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        2 => format!("{} and {}", q[0], q[1]),
        n => format!("{}, and {}", q[..n - 1].join(", "), q[n - 1]),
    }
}

/// What the model family table (`facts::MODEL_RULES`) refuses in a body:
/// message roles, parameters, reasoning effort values, in the service's
/// words. `family` is the table's family of the file's model, `sent` the
/// model as the body names it, `source` how the family was found.
#[allow(clippy::too_many_arguments)]
pub(crate) fn family_rules(
    r: LineRef,
    body: &Value,
    endpoint: super::Endpoint,
    family: &str,
    sent: &str,
    source: ModelSource,
    dialect: super::Dialect,
    catalog: &Catalog,
    out: &mut Findings,
) {
    let Some(b) = body.as_object() else { return };
    // Worded only for a finding (a line without one formats nothing).
    let guessed =
        || if source == ModelSource::Guessed { format!(" ({family} is guessed from the deployment name.)") } else { String::new() };
    let refused = |kind: Kind, item: &str| catalog.get(kind, &format!("{family}.{item}")).is_some_and(|v| v > 0.0);
    let chat = endpoint == super::Endpoint::ChatCompletions;
    // Roles (Chat Completions).
    if chat {
        if let Some(Value::Array(msgs)) = b.get("messages") {
            for (i, m) in msgs.iter().enumerate() {
                let Some(role) = m.get("role").and_then(Value::as_str) else { continue };
                if !matches!(role, "system" | "developer") || !refused(Kind::ModelRefusesRole, role) {
                    continue;
                }
                let (sev, note, basis) = table_severity(catalog, Kind::ModelRefusesRole, &format!("{family}.{role}"), source, dialect);
                let msg = format!("Unsupported value: 'messages[{i}].role' does not support '{role}' with this model.{note}{}", guessed());
                out.push(with_row(r.diag(Code::UnsupportedValue, sev, Some(&format!("body.messages[{i}].role")), msg, None), basis));
            }
        }
    }
    // `stop` (Chat Completions).
    if chat && b.get("stop").is_some_and(|v| !v.is_null()) && refused(Kind::ModelRefusesParam, "stop") {
        let (sev, note, basis) = table_severity(catalog, Kind::ModelRefusesParam, &format!("{family}.stop"), source, dialect);
        let msg = format!("Unsupported parameter: 'stop' is not supported with this model.{note}{}", guessed());
        out.push(with_row(r.diag(Code::UnsupportedParameter, sev, Some("body.stop"), msg, None), basis));
    }
    // The reasoning effort: `reasoning_effort` (Chat) or `reasoning.effort` (Responses).
    let (effort, item, param) = if chat {
        (b.get("reasoning_effort"), "reasoning_effort", "body.reasoning_effort")
    } else {
        (b.get("reasoning").and_then(|x| x.get("effort")), "reasoning.effort", "body.reasoning.effort")
    };
    let Some(effort) = effort.filter(|v| !v.is_null()) else { return };
    if refused(Kind::ModelRefusesParam, item) {
        let (sev, note, basis) = table_severity(catalog, Kind::ModelRefusesParam, &format!("{family}.{item}"), source, dialect);
        // A model that is not a reasoning model does not know the Chat argument at all.
        let chat_model = crate::facts::model_for_name(family).is_some_and(|m| m.kind == crate::facts::ModelKind::Chat);
        let (code, msg) = if chat && chat_model {
            (Code::UnknownParameter, format!("Unrecognized request argument supplied: {item}{note}{}", guessed()))
        } else {
            (Code::UnsupportedParameter, format!("Unsupported parameter: '{item}' is not supported with this model.{note}{}", guessed()))
        };
        out.push(with_row(r.diag(code, sev, Some(param), msg, None), basis));
        return;
    }
    let Some(v) = effort.as_str().filter(|v| EFFORT_VALUES.contains(v)) else { return };
    // Azure's own answer where it differs from OpenAI's (`azure.FAMILY.VALUE`
    // rows: Azure's gpt-5.1 refuses 'none', which OpenAI's takes).
    let on_azure = |x: &str| {
        let key = format!("azure.{family}.{x}");
        (dialect == super::Dialect::Azure && catalog.get(Kind::ModelEffort, &key).is_some()).then_some(key)
    };
    let subject = |x: &str| on_azure(x).unwrap_or_else(|| format!("{family}.{x}"));
    if catalog.get(Kind::ModelEffort, &subject(v)) != Some(0.0) {
        return;
    }
    let taken: Vec<&str> =
        EFFORT_VALUES.iter().copied().filter(|x| catalog.get(Kind::ModelEffort, &subject(x)).is_some_and(|t| t > 0.0)).collect();
    let (sev, note, basis) = table_severity(catalog, Kind::ModelEffort, &subject(v), source, dialect);
    if on_azure(v).is_some() {
        let msg = format!("Invalid value: '{v}'. Supported values are: {}.{note}{}", listed(&taken), guessed());
        out.push(with_row(r.diag(Code::InvalidValue, sev, Some(param), msg, None), basis));
        return;
    }
    let msg = if chat {
        format!(
            "Unsupported value: 'reasoning_effort' does not support '{v}' with this model. Supported values are: {}.{note}{}",
            listed(&taken),
            guessed()
        )
    } else {
        format!(
            "Unsupported value: '{v}' is not supported with the '{}' model. Supported values are: {}.{note}{}",
            super::quote(sent),
            listed(&taken),
            guessed()
        )
    };
    out.push(with_row(r.diag(Code::UnsupportedValue, sev, Some(param), msg, None), basis));
}

/// Whether the family's table refuses a message role (such files take the
/// slow path: the fast one does not keep the messages).
pub(crate) fn family_refuses_roles(family: &str, catalog: &Catalog) -> bool {
    ["system", "developer"].iter().any(|role| catalog.get(Kind::ModelRefusesRole, &format!("{family}.{role}")).is_some_and(|v| v > 0.0))
}
