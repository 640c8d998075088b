//! The OpenAI Batch API serves only some models: a `body.model` the catalog
//! lists as not served gets the service's `model_not_found`. Azure deploys
//! only some models as Global Batch or Data Zone Batch (its batch model
//! matrix): a file whose deployment runs another model is warned.

use super::line::{LineRef, Parsed};
use super::{Code, Diagnostic, Dialect, Findings, Severity};
use crate::facts::{
    all_facts, batch_source, datazone_batch_model, global_batch_model, openai_batch_model_fact, Catalog, Certainty, DataZone, Kind, Model,
    Scope,
};

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

/// Azure: whether the model behind the deployment (named with `--model` or
/// guessed from the deployment name) is one Azure deploys as Global Batch
/// or Data Zone Batch (`azure_global_batch_model`,
/// `azure_datazone_batch_model`). A warning when neither says so: the model
/// may be guessed wrongly, and the matrix may lag the service. When the
/// catalog holds a kept imported batch matrix, the matrix's cells answer
/// instead (an override of those two figures still counts).
pub(crate) fn azure_batch_model(line: LineRef, model: &Model, catalog: &Catalog, at: Option<usize>) -> Option<Diagnostic> {
    let offered = |kind: Kind| catalog.get(kind, model.name).is_some_and(|v| v > 0.0);
    let overridden = |kind: Kind| catalog.is_overridden(&format!("{kind}.{}", model.name)) && offered(kind);
    let imported = batch_source(catalog, Scope::Global, None).or_else(|| batch_source(catalog, Scope::DataZone, None)).map(|(s, _)| s);
    let listed = match &imported {
        Some(_) => {
            global_batch_model(catalog, model.name)
                || [DataZone::Us, DataZone::Eu].into_iter().any(|z| datazone_batch_model(catalog, z, model.name))
                || overridden(Kind::AzureGlobalBatchModel)
                || overridden(Kind::AzureDatazoneBatchModel)
        }
        None => offered(Kind::AzureGlobalBatchModel) || offered(Kind::AzureDatazoneBatchModel),
    };
    if listed {
        return None;
    }
    let matrix = match imported {
        Some(file) => file,
        None => {
            format!("its batch model matrix, as of {}", all_facts().find(|f| f.kind == Kind::AzureGlobalBatchModel).map_or("", |f| f.as_of))
        }
    };
    let msg = format!(
        "{} is not among the models Azure deploys as Global Batch or Data Zone Batch ({matrix}): a batch deployment of it may not exist. Fine if the deployment runs another model.",
        model.name
    );
    Some(line.diag(Code::ModelNotFound, Severity::Warning, Some("body.model"), msg, at))
}
