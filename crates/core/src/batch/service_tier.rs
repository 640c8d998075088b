//! `body.service_tier` against the lanes the model is sold through on Azure
//! (`facts::lanes`): `"flex"` on a model Flex processing does not list is
//! the service's documented HTTP 400 (`invalid_request_error`, no fallback;
//! the Flex page); `"priority"` on a model no Priority matrix or latency
//! target lists is warned (the page documents no refusal). An error needs
//! the model known for sure (picked, or named in the file); a model guessed
//! from a deployment name makes it a warning. OpenAI's Flex and Priority
//! model lists are not in the catalog: OpenAI files are not judged.

use super::line::LineRef;
use super::{Code, Dialect, Findings, ModelSource, Severity};
use crate::facts::{
    flex_model, priority_regions, Catalog, Evidence, Kind, Model, PriorityMatrix, SourceId, FLEX_UNSUPPORTED_400, FLEX_UNSUPPORTED_STATUS,
};
use serde_json::Value;

fn source(id: SourceId) -> String {
    let s = id.source();
    if s.path.is_empty() {
        s.url.to_string()
    } else {
        format!("{} ({})", s.url, s.path)
    }
}

pub(crate) fn check(
    r: LineRef,
    body: &Value,
    model: Option<&'static Model>,
    model_source: ModelSource,
    dialect: Dialect,
    catalog: &Catalog,
    out: &mut Findings,
) {
    if dialect != Dialect::Azure {
        return;
    }
    let (Some(tier), Some(m)) = (body.get("service_tier").and_then(Value::as_str), model) else { return };
    let sure = matches!(model_source, ModelSource::Picked | ModelSource::Named);
    match tier {
        "flex" if !flex_model(m.name) => {
            let msg = format!(
                "service_tier \"flex\": Flex processing does not list {} (the service answers HTTP {FLEX_UNSUPPORTED_STATUS} invalid_request_error: \"{FLEX_UNSUPPORTED_400}\"){}. Use service_tier \"default\", or a model Flex lists.",
                m.name,
                if sure { "" } else { "; the model was guessed from the deployment name" }
            );
            let d = r
                .diag(Code::InvalidRequest, if sure { Severity::Error } else { Severity::Warning }, Some("body.service_tier"), msg, None)
                .with_basis(if sure { Evidence::Documented } else { Evidence::Inferred }, source(SourceId::AzureFlex));
            out.push(d);
        }
        "priority" => {
            let listed = priority_regions(catalog, PriorityMatrix::Global, m.name).is_some()
                || priority_regions(catalog, PriorityMatrix::DatazoneUs, m.name).is_some()
                || catalog.get(Kind::PriorityLatencyTps, m.name).is_some();
            if !listed {
                let msg = format!(
                    "service_tier \"priority\": Priority processing does not list {} (its region matrices and latency targets); the request may be refused or served at Standard.",
                    m.name
                );
                let d = r
                    .diag(Code::InvalidRequest, Severity::Warning, Some("body.service_tier"), msg, None)
                    .with_basis(Evidence::Inferred, source(SourceId::AzurePriority));
                out.push(d);
            }
        }
        _ => {}
    }
}
