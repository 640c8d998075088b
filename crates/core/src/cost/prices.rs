//! The price table the cost page shows and edits, and the prices that apply
//! to one model on one deployment type. Every figure comes from the facts
//! catalog (`price_input.<model>`, `price_cached_input.<model>`,
//! `price_output.<model>`, `datazone_price_factor.any`,
//! `regional_price_factor.any`, `batch_price_factor.any`), so the user's
//! overrides flow through.

use crate::facts::Kind;
use crate::facts::{self, Catalog, Certainty, ModelKind, Scope, SourceId, MODELS};
use serde::{Deserialize, Serialize};

/// Prices the user typed in, replacing the catalog's for every model: USD
/// per 1M tokens at the list (Global pay-as-you-go) price, and the batch
/// factor. `None` = the catalog's figure. One shape for every page: /batch
/// takes batch prices and converts them ([`PriceOverride::at_batch_price`]),
/// /results takes list prices and the factor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PriceOverride {
    pub input: Option<f64>,
    pub cached_input: Option<f64>,
    pub output: Option<f64>,
    pub batch_factor: Option<f64>,
}

impl PriceOverride {
    /// The override for prices typed at the batch price (list price ×
    /// `factor`, the catalog's batch factor): the list price is the typed
    /// one over the factor, so the batch price comes out as typed. With a
    /// factor of 0 (every catalog price free) the typed prices stand at a
    /// factor of 1 and the untyped ones at 0.
    pub fn at_batch_price(input: Option<f64>, output: Option<f64>, factor: f64) -> PriceOverride {
        if factor > 0.0 && factor.is_finite() {
            PriceOverride { input: input.map(|p| p / factor), output: output.map(|p| p / factor), ..PriceOverride::default() }
        } else {
            PriceOverride {
                input: Some(input.unwrap_or(0.0)),
                output: Some(output.unwrap_or(0.0)),
                cached_input: Some(0.0),
                batch_factor: Some(1.0),
            }
        }
    }

    /// The first field that is negative, NaN or infinite, by name
    /// (`input`, `cached_input`, `output`, `batch_factor`).
    pub fn bad_field(&self) -> Option<&'static str> {
        [("input", self.input), ("cached_input", self.cached_input), ("output", self.output), ("batch_factor", self.batch_factor)]
            .into_iter()
            .find(|(_, v)| v.is_some_and(|v| !v.is_finite() || v < 0.0))
            .map(|(name, _)| name)
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

impl std::error::Error for PriceError {}

impl std::fmt::Display for PriceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PriceError::UnknownModel(m) => write!(f, "no catalog model is called {m}"),
            PriceError::NoPrice(m) => write!(f, "the catalog has no token price for {m}"),
        }
    }
}

/// The uplift a deployment type puts on the Global list price, and the
/// fact it comes from: none on Global, `datazone_price_factor.any` on Data
/// Zone, on Regional the region's `regional_price_factor.<region>` (an
/// unknown region, one without a figure, or none: `regional_price_factor.any`).
pub fn uplift_fact(deployment: Scope, region: Option<&str>) -> Option<(Kind, &'static str)> {
    let kind = deployment.price_factor_kind()?;
    let subject = match (deployment, region.and_then(facts::region)) {
        (Scope::Regional, Some(r)) if facts::builtin(kind, r.code).is_some() => r.code,
        _ => "any",
    };
    Some((kind, subject))
}

/// The prices of `model` (a catalog name, alias or dated version) on
/// `deployment` in `region` (an `armRegionName`; `None` = not chosen): the
/// Global list price times the deployment's uplift ([`uplift_fact`]), every
/// figure through `catalog`, so the user's overrides apply. The one place a
/// token price is derived: /cost, /quota, /traffic and the CLI all ask it.
pub fn effective_prices(model: &str, deployment: Scope, region: Option<&str>, catalog: &Catalog) -> Result<Prices, PriceError> {
    let m = facts::model_for_name(model).ok_or_else(|| PriceError::UnknownModel(model.to_string()))?;
    let input = catalog.get(Kind::PriceInput, m.name).ok_or_else(|| PriceError::NoPrice(m.name.to_string()))?;
    let cached_input = catalog.get(Kind::PriceCachedInput, m.name).unwrap_or(input);
    let output = match (catalog.get(Kind::PriceOutput, m.name), m.kind) {
        (Some(p), _) => p,
        (None, ModelKind::Embedding) => 0.0,
        (None, _) => return Err(PriceError::NoPrice(m.name.to_string())),
    };
    let uplift = uplift_fact(deployment, region).map_or(1.0, |(k, subject)| catalog.require(k, subject));
    Ok(Prices {
        input: input * uplift,
        cached_input: cached_input * uplift,
        output: output * uplift,
        batch_factor: catalog.require(Kind::BatchPriceFactor, "any"),
    })
}

/// The facts a PTU's price on `scope` in `region` comes from: by the hour
/// (on Regional the region's `ptu_price_hourly_regional.<region>` where the
/// catalog has one, else `ptu_price_hourly.<scope>`), the 1-month and the
/// 1-year reservation per month (per scope; no regional figures). A scope
/// without a figure of its own takes Global's.
pub fn ptu_price_facts(scope: Scope, region: Option<&str>) -> [(Kind, &'static str); 3] {
    let own = |kind: Kind| {
        let subject = scope.url_code();
        (kind, if facts::builtin(kind, subject).is_some() { subject } else { "global" })
    };
    let hourly = match (scope, region.and_then(facts::region)) {
        (Scope::Regional, Some(r)) if facts::builtin(Kind::PtuPriceHourlyRegional, r.code).is_some() => {
            (Kind::PtuPriceHourlyRegional, r.code)
        }
        _ => own(Kind::PtuPriceHourly),
    };
    [hourly, own(Kind::PtuPriceMonthlyReserved), own(Kind::PtuPriceYearlyReserved)]
}

/// A PTU's price on `scope` in `region` ([`ptu_price_facts`]), through
/// `catalog` (the user's overrides apply).
pub fn ptu_prices(scope: Scope, region: Option<&str>, catalog: &Catalog) -> PtuPriceSet {
    let [hourly, monthly, yearly] = ptu_price_facts(scope, region).map(|(k, s)| catalog.require(k, s));
    PtuPriceSet { hourly, monthly_reserved: monthly, yearly_reserved: yearly }
}

/// A PTU's prices (USD): per hour, per month on a 1-month and on a 1-year
/// reservation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PtuPriceSet {
    pub hourly: f64,
    pub monthly_reserved: f64,
    pub yearly_reserved: f64,
}

#[cfg(test)]
mod tests {
    use super::PriceOverride;

    #[test]
    fn batch_prices_typed_come_out_as_typed() {
        let o = PriceOverride::at_batch_price(Some(1.25), None, 0.5);
        assert_eq!(o, PriceOverride { input: Some(2.5), ..PriceOverride::default() });
        assert_eq!(o.input.map(|p| p * 0.5), Some(1.25));
        let free = PriceOverride::at_batch_price(Some(3.0), None, 0.0);
        assert_eq!((free.input, free.output, free.batch_factor), (Some(3.0), Some(0.0), Some(1.0)));
        assert_eq!(PriceOverride { output: Some(f64::NAN), ..PriceOverride::default() }.bad_field(), Some("output"));
        assert_eq!(PriceOverride { batch_factor: Some(-1.0), ..PriceOverride::default() }.bad_field(), Some("batch_factor"));
        assert_eq!(o.bad_field(), None);
    }

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
        let priced = MODELS.iter().filter(|m| facts::builtin(Kind::PriceInput, m.name).is_some()).count();
        assert_eq!(t.rows.len(), priced);
        // The newer models are priced, each with its source (issue 38).
        let gpt54 = t.rows.iter().find(|r| r.model == "gpt-5.4").unwrap();
        assert_eq!(gpt54.input.as_ref().unwrap().source, SourceId::OpenAiModelPages);
        assert!(t.rows.iter().any(|r| r.model == "gpt-6-astra" && r.cached_input.as_ref().unwrap().certainty == Certainty::Unconfirmed));
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
        let p = effective_prices("gpt-4o-2024-08-06", Scope::DataZone, None, &c).unwrap();
        assert!((p.output - 14.4).abs() < 1e-12 && (p.input - 3.0).abs() < 1e-12);
    }

    #[test]
    fn deployment_uplift_and_errors() {
        let c = Catalog::builtin();
        let g = effective_prices("gpt-4.1", Scope::Global, None, &c).unwrap();
        assert_eq!((g.input, g.cached_input, g.output, g.batch_factor), (2.0, 0.5, 8.0, 0.5));
        let r = effective_prices("gpt-4.1", Scope::Regional, None, &c).unwrap();
        assert!((r.output - 8.8).abs() < 1e-12);
        let e = effective_prices("text-embedding-3-large", Scope::Global, None, &c).unwrap();
        assert_eq!((e.input, e.cached_input, e.output), (0.13, 0.13, 0.0));
        assert_eq!(effective_prices("gpt-4", Scope::Global, None, &c), Err(PriceError::NoPrice("gpt-4".into())));
        assert_eq!(effective_prices("my-deploy", Scope::Global, None, &c), Err(PriceError::UnknownModel("my-deploy".into())));
        assert_eq!(Scope::from_code("datazone"), Some(Scope::DataZone));
    }
}
