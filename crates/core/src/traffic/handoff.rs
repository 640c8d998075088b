//! Hand-offs to the other tools, with this data's numbers: /quota with the
//! p99 minute filled in (its KEDA hand-off then carries the sizing as
//! always), /cost with the measured month.

use super::analyze::{DeploymentReport, LimitSource};
use crate::cost::{cached_prefix_tokens, Comparison, Period, Workload, MINUTES_PER_MONTH};
use crate::facts::Catalog;
use crate::quota::PlanInput;

fn per_request(total: f64, requests: f64) -> f64 {
    if requests > 0.0 {
        (total / requests).round()
    } else {
        0.0
    }
}

/// The plan /quota opens with what the data measured: the p99 minute's
/// requests as the peak, the mean as the average, tokens per request, the
/// measured completion size as `max_tokens` (the exports do not carry the
/// requests' own `max_tokens`; left unset, /quota would reserve the model
/// maximum for every request, many times the TPM the traffic ran under),
/// the model, the deployment type, its limits and tier, the region.
pub fn plan_input(d: &DeploymentReport) -> PlanInput {
    let answered = (d.requests - d.requests_429).max(0.0);
    let defaults = PlanInput::default();
    let prompt = per_request(d.prompt_tokens, answered);
    let output = per_request(d.completion_tokens, answered);
    let typed = d.limits.as_ref().filter(|l| l.source == LimitSource::Typed);
    PlanInput {
        model: d.model.clone().unwrap_or(defaults.model),
        deployment: d.deployment_type,
        tier: match d.limits.as_ref().map(|l| &l.source) {
            Some(LimitSource::Tier(t)) => Some(*t),
            _ => None,
        },
        allocated_tpm: d.limits.as_ref().map_or(defaults.allocated_tpm, |l| l.tpm),
        rpm_per_1k_tpm: typed.filter(|l| !l.rpm_from_ratio && l.tpm > 0.0).map(|l| l.rpm / (l.tpm / 1_000.0)),
        peak_rpm: d.p99.rpm.round().max(1.0),
        average_rpm: (d.mean.rpm * 100.0).round() / 100.0,
        prompt_tokens: prompt,
        cached_prompt_tokens: per_request(d.cached_tokens, answered).min(prompt),
        output_tokens: output,
        max_tokens: (answered > 0.0).then_some(output),
        region: d.region.clone(),
        ..defaults
    }
}

/// `/quota?…` for a deployment.
pub fn quota_link(d: &DeploymentReport, _catalog: &Catalog) -> String {
    let q = crate::quota::share::link_query(&crate::quota::share::encode(&plan_input(d)));
    if q.is_empty() {
        "/quota".to_string()
    } else {
        format!("/quota?{q}")
    }
}

/// The workload /cost opens with: the window's requests scaled to the one
/// month of every tool (730 hours, the month /cost counts in), the
/// measured tokens per request (no retrieval chunks: the metrics do not
/// separate them). The measured cached tokens are carried as they are: the
/// whole prompt is the prefix, and the share of requests that hit is the
/// measured cached tokens over what a hit on that prefix caches (so /cost
/// caches what the data shows, not a guess from a short prefix).
pub fn workload(d: &DeploymentReport, catalog: &Catalog) -> Workload {
    let answered = (d.requests - d.requests_429).max(0.0);
    let per_month = answered * MINUTES_PER_MONTH / d.minutes.max(1) as f64;
    let prompt = per_request(d.prompt_tokens, answered);
    let cached = per_request(d.cached_tokens, answered).min(prompt);
    let on_hit = cached_prefix_tokens(prompt, catalog);
    let share = if cached > 0.0 && on_hit > 0.0 { (cached / on_hit).min(1.0) } else { 0.0 };
    Workload {
        requests: per_month.round(),
        per: Period::Month,
        model: d.model.clone().unwrap_or_else(|| Workload::default().model),
        deployment: d.deployment_type.scope(),
        system_tokens: if share > 0.0 { prompt } else { 0.0 },
        user_tokens: if share > 0.0 { 0.0 } else { prompt },
        chunks: 0.0,
        tokens_per_chunk: 0.0,
        output_tokens: per_request(d.completion_tokens, answered),
        max_tokens: None,
        cacheable_share: share,
        batch_share: 0.0,
        relevance_measured: false,
    }
}

/// `/cost?…` for a deployment.
pub fn cost_link(d: &DeploymentReport, catalog: &Catalog) -> String {
    let mut c = Comparison::new(workload(d, catalog));
    c.baseline.name = d.name.clone();
    c.config.region = d.region.clone();
    format!("/cost?{}", crate::io::query_string(&crate::cost::share::encode(&c)))
}
