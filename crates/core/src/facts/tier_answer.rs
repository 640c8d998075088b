//! `batchlane quota`'s answer: one row of the vendor's quota-tier tables
//! with the PTU figures of the model and where every figure comes from,
//! and its JSON. Shared by the CLI (`--format json`) and the Python
//! package (`batchlane_core.quota`): one builder, one shape.

use super::tiers::{self, FactSource, QuotaTier, TierLimit};
use super::Scope;
use super::{builtin, Catalog, Kind};
use serde_json::{json, Value};

/// A tier row, found.
#[derive(Clone, Debug, PartialEq)]
pub struct TierAnswer {
    pub deployment: Scope,
    pub limit: TierLimit,
    pub ptu_output_weight: Option<f64>,
    pub ptu_min: Option<f64>,
    pub ptu_increment: Option<f64>,
    /// Input tokens per minute one PTU processes (`input_tpm_per_ptu`).
    pub ptu_input_tpm_per_ptu: Option<f64>,
    /// OpenAI's batch queue limit of the model at the same tier number
    /// (`openai_batch_queue_tokens.{model}/{tier}`), where the model page states one.
    pub openai_batch_queue_tokens: Option<f64>,
    /// The prices in the chosen region, when one is given.
    pub region: Option<RegionPrices>,
    pub sources: Vec<FactSource>,
}

/// What a deployment of this type costs in a region: the uplift on the
/// Global token price and a PTU's hourly price (`crate::cost`'s one pricing
/// function decides which facts apply).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RegionPrices {
    pub region: &'static str,
    pub price_factor: f64,
    pub ptu_price_hourly: f64,
}

/// The spelling of `wanted` in the tier tables of the catalog in use
/// (built-in and imported): exact, else a case-insensitive match.
pub fn known_model(catalog: &Catalog, wanted: &str) -> Option<String> {
    let models = tiers::catalog_models(catalog);
    let wanted = wanted.trim();
    let found = models.iter().position(|m| m == wanted).or_else(|| models.iter().position(|m| m.eq_ignore_ascii_case(wanted)))?;
    models.into_iter().nth(found)
}

/// Why [`tier_answer`] has no row, with the closest known names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TierAnswerError {
    UnknownModel {
        model: String,
        closest: Vec<String>,
    },
    /// The model has no row for this deployment type (`deployment`, its
    /// tier code) and tier; `closest` as `deployment/tier`.
    NoRow {
        model: String,
        deployment: String,
        tier: String,
        closest: Vec<String>,
    },
    /// `region` is not an `armRegionName` the catalog prices.
    UnknownRegion {
        region: String,
        known: Vec<String>,
    },
}

impl std::fmt::Display for TierAnswerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TierAnswerError::UnknownModel { model, closest } => write!(f, "unknown model '{model}'; closest known: {}", closest.join(", ")),
            TierAnswerError::NoRow { model, deployment, tier, closest } => {
                write!(f, "{model} has no {deployment} row at tier {tier}; closest known (deployment/tier): {}", closest.join(", "))
            }
            TierAnswerError::UnknownRegion { region, known } => write!(f, "unknown region '{region}'; known: {}", known.join(", ")),
        }
    }
}

impl std::error::Error for TierAnswerError {}

/// The row of `model` (as the tables spell it, or case-insensitively) at
/// `deployment` and `tier`, or why there is none, naming the closest known
/// models or combinations.
pub fn tier_answer(catalog: &Catalog, model: &str, deployment: Scope, tier: QuotaTier) -> Result<TierAnswer, TierAnswerError> {
    tier_answer_in(catalog, model, deployment, tier, None)
}

/// [`tier_answer`], with the prices of `region` (an `armRegionName`; an
/// unknown one is refused, naming the known ones).
pub fn tier_answer_in(
    catalog: &Catalog,
    model: &str,
    deployment: Scope,
    tier: QuotaTier,
    region: Option<&str>,
) -> Result<TierAnswer, TierAnswerError> {
    let region = match region {
        None => None,
        Some(code) => Some(super::region(code).ok_or_else(|| TierAnswerError::UnknownRegion {
            region: code.to_string(),
            known: super::REGIONS.iter().map(|r| r.code.to_string()).collect(),
        })?),
    };
    let Some(known) = known_model(catalog, model) else {
        let models = tiers::catalog_models(catalog);
        let near = tiers::closest(model, models.iter().map(String::as_str), 3);
        return Err(TierAnswerError::UnknownModel { model: model.to_string(), closest: near.iter().map(|s| s.to_string()).collect() });
    };
    let known = known.as_str();
    let Some(limit) = tiers::limit(catalog, known, deployment, tier) else {
        let combos: Vec<String> = tiers::catalog_rows(catalog)
            .iter()
            .filter(|r| r.model == known)
            .map(|r| format!("{}/{}", r.deployment.tier_code(), r.tier.code()))
            .collect();
        let wanted = format!("{}/{}", deployment.tier_code(), tier.code());
        let near = tiers::closest(&wanted, combos.iter().map(String::as_str), 4);
        return Err(TierAnswerError::NoRow {
            model: known.to_string(),
            deployment: deployment.tier_code().to_string(),
            tier: tier.code().to_string(),
            closest: near.iter().map(|s| s.to_string()).collect(),
        });
    };
    let mut sources = limit.sources.clone();
    let mut ptu = |kind: Kind| {
        let value = catalog.get(kind, known)?;
        // An imported figure names its file; a built-in one its source.
        let source = match catalog.imported(&format!("{kind}.{known}")) {
            Some(i) => FactSource { fact: i.id.clone(), source: i.source.clone(), as_of: i.as_of.clone() },
            None => FactSource::of(builtin(kind, known)?),
        };
        sources.push(source);
        Some(value)
    };
    let ptu_output_weight = ptu(Kind::PtuOutputWeight);
    let (min, step) = match deployment {
        Scope::Global | Scope::DataZone => (Kind::PtuMinGlobal, Kind::PtuStepGlobal),
        Scope::Regional => (Kind::PtuMinRegional, Kind::PtuStepRegional),
    };
    let ptu_min = ptu(min);
    let ptu_increment = ptu(step);
    let ptu_input_tpm_per_ptu = ptu(Kind::InputTpmPerPtu);
    let openai_batch_queue_tokens = tier.number().and_then(|n| {
        let subject = super::openai_queue_subject(known, n);
        let fact = builtin(Kind::OpenaiBatchQueueTokens, &subject)?;
        sources.push(FactSource::of(fact));
        catalog.get(Kind::OpenaiBatchQueueTokens, &subject)
    });
    let region = region.map(|r| {
        let (kind, subject) = crate::cost::uplift_fact(deployment, Some(r.code)).unwrap_or((Kind::RegionalPriceFactor, ""));
        let price_factor = if subject.is_empty() { 1.0 } else { catalog.require(kind, subject) };
        if let Some(f) = builtin(kind, subject) {
            sources.push(FactSource::of(f));
        }
        let ptu_price_hourly = crate::cost::ptu_prices(deployment, Some(r.code), catalog).hourly;
        let [(kind, subject), ..] = crate::cost::ptu_price_facts(deployment, Some(r.code));
        if let Some(f) = builtin(kind, subject) {
            sources.push(FactSource::of(f));
        }
        RegionPrices { region: r.code, price_factor, ptu_price_hourly }
    });
    Ok(TierAnswer {
        deployment,
        limit,
        ptu_output_weight,
        ptu_min,
        ptu_increment,
        ptu_input_tpm_per_ptu,
        openai_batch_queue_tokens,
        region,
        sources,
    })
}

/// A JSON number: an integer when the value is whole, else a float.
fn number(x: f64) -> Value {
    if x.is_finite() && x.fract() == 0.0 && x.abs() < 9.0e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// The JSON answer, fields in the documented order.
#[derive(serde::Serialize)]
struct QuotaJson<'a> {
    model: &'a str,
    deployment: &'static str,
    tier: Value,
    tpm: Option<Value>,
    rpm: Value,
    rpm_window_seconds: Value,
    rpm_per_1000_tpm: Option<Value>,
    ptu_output_weight: Option<Value>,
    ptu_min: Option<Value>,
    ptu_increment: Option<Value>,
    ptu_input_tpm_per_ptu: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    openai_batch_queue_tokens: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<&'a RegionPrices>,
    sources: &'a [FactSource],
}

impl TierAnswer {
    /// `batchlane quota --format json`: `{model, deployment, tier, tpm,
    /// rpm, rpm_window_seconds, rpm_per_1000_tpm, ptu_output_weight,
    /// ptu_min, ptu_increment, ptu_input_tpm_per_ptu,
    /// [openai_batch_queue_tokens], [region{region, price_factor,
    /// ptu_price_hourly}], sources[{fact, source, as_of}]}` on one line
    /// (the bracketed ones only where the model has them / a region was given).
    pub fn to_json(&self) -> String {
        let l = &self.limit;
        let body = QuotaJson {
            model: &l.model,
            deployment: self.deployment.tier_code(),
            tier: l.tier.number().map_or_else(|| json!(l.tier.code()), |n| json!(n)),
            tpm: l.tpm.map(number),
            rpm: number(l.rpm),
            rpm_window_seconds: number(l.window_seconds),
            rpm_per_1000_tpm: l.rpm_per_1000_tpm().map(number),
            ptu_output_weight: self.ptu_output_weight.map(number),
            ptu_min: self.ptu_min.map(number),
            ptu_increment: self.ptu_increment.map(number),
            ptu_input_tpm_per_ptu: self.ptu_input_tpm_per_ptu.map(number),
            openai_batch_queue_tokens: self.openai_batch_queue_tokens.map(number),
            region: self.region.as_ref(),
            sources: &self.sources,
        };
        serde_json::to_string(&body).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_model_names_the_closest() {
        let e = tier_answer(&Catalog::builtin(), "gpt-4oo", Scope::Global, QuotaTier::from_code("1").unwrap()).unwrap_err();
        assert!(e.to_string().starts_with("unknown model 'gpt-4oo'; closest known: "), "{e}");
    }
}
