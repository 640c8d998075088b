//! The price table the cost page shows and edits, and the prices that apply
//! to one model on one deployment type. Every figure comes from the facts
//! catalog (`price_input.<model>`, `price_cached_input.<model>`,
//! `price_output.<model>`, `datazone_price_factor.any`,
//! `regional_price_factor.any`, `batch_price_factor.any`), so the user's
//! overrides flow through.

use crate::facts::Kind;
use crate::facts::{self, Catalog, Certainty, ModelKind, SourceId, MODELS};
use serde::{Deserialize, Serialize};

/// Where a pay-as-you-go deployment processes data; decides the uplift on
/// the Global list price.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeploymentType {
    /// Global Standard: the list price.
    Global,
    /// Data Zone Standard: list price × `datazone_price_factor`.
    DataZone,
    /// Regional Standard: list price × `regional_price_factor`. No batch.
    Regional,
}

impl DeploymentType {
    pub const ALL: [DeploymentType; 3] = [DeploymentType::Global, DeploymentType::DataZone, DeploymentType::Regional];

    /// Stable code for URLs and storage.
    pub fn code(self) -> &'static str {
        match self {
            DeploymentType::Global => "global",
            DeploymentType::DataZone => "datazone",
            DeploymentType::Regional => "regional",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.code() == code)
    }

    /// Whether the vendor runs batch jobs on this deployment type (Global
    /// Batch and Data Zone Batch exist; Regional batch does not).
    pub fn has_batch(self) -> bool {
        !matches!(self, DeploymentType::Regional)
    }

    /// The catalog fact that scales the Global price, if any.
    fn factor_kind(self) -> Option<Kind> {
        match self {
            DeploymentType::Global => None,
            DeploymentType::DataZone => Some(Kind::DatazonePriceFactor),
            DeploymentType::Regional => Some(Kind::RegionalPriceFactor),
        }
    }
}

/// One price as the table shows it: value, provenance, whether the user
/// changed it. `fact_id` is what `Catalog::set_override` takes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PriceCell {
    pub fact_id: String,
    pub value: f64,
    pub catalog_value: f64,
    pub overridden: bool,
    pub source: SourceId,
    pub as_of: String,
    pub certainty: Certainty,
}

/// One model's prices in USD per 1M tokens (Global list); `None` where the
/// catalog has no such price (embeddings have no output price).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PriceRow {
    pub model: String,
    pub input: Option<PriceCell>,
    pub cached_input: Option<PriceCell>,
    pub output: Option<PriceCell>,
}

/// Every catalog model that has a price, then the three factors
/// (Data Zone uplift, Regional uplift, batch discount).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PriceTable {
    pub rows: Vec<PriceRow>,
    pub datazone_factor: PriceCell,
    pub regional_factor: PriceCell,
    pub batch_factor: PriceCell,
}

fn cell(catalog: &Catalog, kind: Kind, subject: &str) -> Option<PriceCell> {
    let fact = facts::builtin(kind, subject)?;
    let id = fact.id();
    Some(PriceCell {
        value: catalog.get(kind, subject).unwrap_or(fact.value),
        catalog_value: fact.value,
        overridden: catalog.is_overridden(&id),
        fact_id: id,
        source: fact.source,
        as_of: fact.as_of.to_string(),
        certainty: fact.certainty,
    })
}

/// The price table, in the catalog's model order.
pub fn price_table(catalog: &Catalog) -> PriceTable {
    let rows = MODELS
        .iter()
        .filter_map(|m| {
            let input = cell(catalog, Kind::PriceInput, m.name)?;
            Some(PriceRow {
                model: m.name.to_string(),
                input: Some(input),
                cached_input: cell(catalog, Kind::PriceCachedInput, m.name),
                output: cell(catalog, Kind::PriceOutput, m.name),
            })
        })
        .collect();
    let factor = |kind| cell(catalog, kind, "any").unwrap_or_else(|| panic!("catalog has no fact {kind}.any"));
    PriceTable {
        rows,
        datazone_factor: factor(Kind::DatazonePriceFactor),
        regional_factor: factor(Kind::RegionalPriceFactor),
        batch_factor: factor(Kind::BatchPriceFactor),
    }
}

/// Prices in USD per 1M tokens that apply to one model on one deployment
/// type, before any batch discount; `batch_factor` is the multiplier for
/// the share sent through batch.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prices {
    pub input: f64,
    /// The input price when the model has no cached-input price: caching
    /// then saves nothing.
    pub cached_input: f64,
    /// Zero for embedding models, which produce no output tokens.
    pub output: f64,
    pub batch_factor: f64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PriceError {
    /// No catalog model goes by this name.
    UnknownModel(String),
    /// The model is known but the catalog has no price for it.
    NoPrice(String),
}

impl std::fmt::Display for PriceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PriceError::UnknownModel(m) => write!(f, "no catalog model is called {m}"),
            PriceError::NoPrice(m) => write!(f, "the catalog has no token price for {m}"),
        }
    }
}

/// The prices of `model` (a catalog name, alias or dated version) on
/// `deployment`: the Global list price times the deployment's uplift.
pub fn effective_prices(model: &str, deployment: DeploymentType, catalog: &Catalog) -> Result<Prices, PriceError> {
    let m = facts::model_for_name(model).ok_or_else(|| PriceError::UnknownModel(model.to_string()))?;
    let input = catalog.get(Kind::PriceInput, m.name).ok_or_else(|| PriceError::NoPrice(m.name.to_string()))?;
    let cached_input = catalog.get(Kind::PriceCachedInput, m.name).unwrap_or(input);
    let output = match (catalog.get(Kind::PriceOutput, m.name), m.kind) {
        (Some(p), _) => p,
        (None, ModelKind::Embedding) => 0.0,
        (None, _) => return Err(PriceError::NoPrice(m.name.to_string())),
    };
    let uplift = deployment.factor_kind().map_or(1.0, |k| catalog.require(k, "any"));
    Ok(Prices {
        input: input * uplift,
        cached_input: cached_input * uplift,
        output: output * uplift,
        batch_factor: catalog.require(Kind::BatchPriceFactor, "any"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_lists_every_priced_model_with_provenance() {
        let t = price_table(&Catalog::builtin());
        let gpt4o = t.rows.iter().find(|r| r.model == "gpt-4o").unwrap();
        assert_eq!(gpt4o.input.as_ref().unwrap().value, 2.5);
        assert_eq!(gpt4o.cached_input.as_ref().unwrap().value, 1.25);
        assert_eq!(gpt4o.output.as_ref().unwrap().value, 10.0);
        assert_eq!(gpt4o.output.as_ref().unwrap().fact_id, "price_output.gpt-4o");
        assert_eq!(gpt4o.input.as_ref().unwrap().source, SourceId::AzurePricing);
        let emb = t.rows.iter().find(|r| r.model == "text-embedding-3-small").unwrap();
        assert!(emb.output.is_none() && emb.cached_input.is_none());
        assert!(t.rows.iter().all(|r| r.model != "gpt-4"), "unpriced models are left out");
        assert_eq!(t.rows.len(), 13);
        assert_eq!(t.batch_factor.value, 0.5);
    }

    #[test]
    fn overrides_show_and_apply() {
        let mut c = Catalog::builtin();
        c.set_override("price_output.gpt-4o", 12.0).unwrap();
        c.set_override("datazone_price_factor.any", 1.2).unwrap();
        let row = price_table(&c).rows.into_iter().find(|r| r.model == "gpt-4o").unwrap();
        let out = row.output.unwrap();
        assert!(out.overridden && out.value == 12.0 && out.catalog_value == 10.0);
        let p = effective_prices("gpt-4o-2024-08-06", DeploymentType::DataZone, &c).unwrap();
        assert!((p.output - 14.4).abs() < 1e-12 && (p.input - 3.0).abs() < 1e-12);
    }

    #[test]
    fn deployment_uplift_and_errors() {
        let c = Catalog::builtin();
        let g = effective_prices("gpt-4.1", DeploymentType::Global, &c).unwrap();
        assert_eq!((g.input, g.cached_input, g.output, g.batch_factor), (2.0, 0.5, 8.0, 0.5));
        let r = effective_prices("gpt-4.1", DeploymentType::Regional, &c).unwrap();
        assert!((r.output - 8.8).abs() < 1e-12);
        let e = effective_prices("text-embedding-3-large", DeploymentType::Global, &c).unwrap();
        assert_eq!((e.input, e.cached_input, e.output), (0.13, 0.13, 0.0));
        assert_eq!(effective_prices("gpt-4", DeploymentType::Global, &c), Err(PriceError::NoPrice("gpt-4".into())));
        assert_eq!(effective_prices("my-deploy", DeploymentType::Global, &c), Err(PriceError::UnknownModel("my-deploy".into())));
        assert_eq!(DeploymentType::from_code("datazone"), Some(DeploymentType::DataZone));
    }
}
