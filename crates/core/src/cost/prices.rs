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

/// Hours in the month every monthly figure of every tool uses: 730
/// (365 days × 24 hours ÷ 12), the month of Azure's pricing calculator
/// (<https://azure.microsoft.com/pricing/calculator/>: an hourly price's
/// monthly estimate counts 730 hours; Azure's PTU billing page,
/// `articles/foundry/openai/how-to/provisioned-throughput-onboarding.md`,
/// bills provisioned deployments by the hour). /quota, /traffic, /cost,
/// /results and the CLI all read this one constant.
pub const HOURS_PER_MONTH: f64 = 730.0;
/// [`HOURS_PER_MONTH`] in minutes.
pub const MINUTES_PER_MONTH: f64 = HOURS_PER_MONTH * 60.0;
/// [`HOURS_PER_MONTH`] in days (30.416…).
pub const DAYS_PER_MONTH: f64 = HOURS_PER_MONTH / 24.0;

/// Prices in USD per 1M tokens that apply to one model on one deployment
/// type, before any batch discount; `batch_factor` is the multiplier for
/// the share sent through batch. The one price shape of every tool (/cost,
/// /quota, /traffic, /results, the batch check's estimate).
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

/// Millions of tokens in one price unit (prices are USD per 1M tokens).
const TOKENS_PER_PRICE_UNIT: f64 = 1_000_000.0;

impl Prices {
    /// Dollars for `prompt` tokens of which `cached` hit the cache (at most
    /// `prompt`) and `output` tokens, at the standard (not batch) price.
    pub fn usd(&self, prompt: f64, cached: f64, output: f64) -> f64 {
        let cached = cached.clamp(0.0, prompt.max(0.0));
        let fresh = (prompt - cached).max(0.0);
        (fresh * self.input + cached * self.cached_input + output * self.output) / TOKENS_PER_PRICE_UNIT
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PriceError {
    /// No catalog model goes by this name.
    UnknownModel(String),
    /// The model is known but the catalog has no price of this kind
    /// (`price_input`, `price_output`) for it.
    NoPrice { model: String, kind: String },
    /// An override is negative, NaN or infinite (`input`, `cached_input`,
    /// `output`, `batch_factor`).
    BadOverride(String),
}

impl std::error::Error for PriceError {}

impl std::fmt::Display for PriceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PriceError::UnknownModel(m) => write!(f, "no catalog model is called {m}"),
            PriceError::NoPrice { model, kind } => write!(f, "the catalog has no {kind} for {model}"),
            PriceError::BadOverride(field) => write!(f, "the {field} price must be a number of 0 or more"),
        }
    }
}

/// The uplift a deployment type puts on the Global list price, and the
/// fact it comes from: none on Global, `datazone_price_factor.any` on Data
/// Zone, on Regional the region's `regional_price_factor.<region>` (an
/// unknown region, one without a figure, or none: `regional_price_factor.any`).
/// [`token_prices`] applies it; pages and the CLI name it as the source.
pub fn uplift_fact(scope: Scope, region: Option<&str>) -> Option<(Kind, &'static str)> {
    let kind = scope.price_factor_kind()?;
    let subject = match (scope, region.and_then(facts::region)) {
        (Scope::Regional, Some(r)) if facts::builtin(kind, r.code).is_some() => r.code,
        _ => "any",
    };
    Some((kind, subject))
}

/// The one answer to "what do tokens of this model cost on this deployment
/// type in this region": `model` (a catalog name, alias or dated version)
/// resolved to its catalog name; each price the override's, else the
/// catalog's Global list price; times the scope's uplift in `region` (an
/// `armRegionName`; `None` = not chosen; [`uplift_fact`]); a model with no
/// cached-input price pays the input price for cached tokens; an embedding
/// model's output costs 0; the batch factor the override's, else the
/// catalog's. /cost, /quota, /traffic, /results, the batch check and the
/// CLI and Python package all price through here.
pub fn token_prices(
    model: &str,
    scope: Scope,
    region: Option<&str>,
    overrides: &PriceOverride,
    catalog: &Catalog,
) -> Result<(&'static str, Prices), PriceError> {
    if let Some(field) = overrides.bad_field() {
        return Err(PriceError::BadOverride(field.to_string()));
    }
    let m = facts::model_for_name(model).ok_or_else(|| PriceError::UnknownModel(model.to_string()))?;
    let no = |kind: Kind| PriceError::NoPrice { model: m.name.to_string(), kind: kind.to_string() };
    let input = overrides.input.or_else(|| catalog.get(Kind::PriceInput, m.name)).ok_or_else(|| no(Kind::PriceInput))?;
    let cached_input = overrides.cached_input.or_else(|| catalog.get(Kind::PriceCachedInput, m.name)).unwrap_or(input);
    let output = match (overrides.output.or_else(|| catalog.get(Kind::PriceOutput, m.name)), m.kind) {
        (Some(p), _) => p,
        (None, ModelKind::Embedding) => 0.0,
        (None, _) => return Err(no(Kind::PriceOutput)),
    };
    let uplift = uplift_fact(scope, region).map_or(1.0, |(k, subject)| catalog.require(k, subject));
    let batch_factor = overrides.batch_factor.unwrap_or_else(|| catalog.require(Kind::BatchPriceFactor, "any"));
    Ok((m.name, Prices { input: input * uplift, cached_input: cached_input * uplift, output: output * uplift, batch_factor }))
}

/// How PTUs are paid for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PtuPricing {
    #[default]
    Hourly,
    /// A 1-month reservation.
    Monthly,
    /// A 1-year reservation, per month.
    Yearly,
}

impl PtuPricing {
    pub const ALL: [PtuPricing; 3] = [PtuPricing::Hourly, PtuPricing::Monthly, PtuPricing::Yearly];

    pub fn code(self) -> &'static str {
        match self {
            PtuPricing::Hourly => "hourly",
            PtuPricing::Monthly => "monthly",
            PtuPricing::Yearly => "yearly",
        }
    }

    pub fn from_code(code: &str) -> Option<PtuPricing> {
        Self::ALL.into_iter().find(|p| p.code().eq_ignore_ascii_case(code.trim()))
    }

    /// Which of [`ptu_price_facts`]' three facts prices one PTU this way.
    pub fn index(self) -> usize {
        match self {
            PtuPricing::Hourly => 0,
            PtuPricing::Monthly => 1,
            PtuPricing::Yearly => 2,
        }
    }
}

/// The facts a PTU's price on `scope` in `region` comes from, in
/// [`PtuPricing::ALL`]'s order: by the hour (on Regional the region's
/// `ptu_price_hourly_regional.<region>` where the catalog has one, else
/// `ptu_price_hourly.<scope>`), the 1-month and the 1-year reservation per
/// month (per scope; no regional figures). A scope without a figure of its
/// own takes Global's. [`ptu_prices`] reads them; pages and the CLI name
/// them as the source.
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

/// One PTU's prices on one scope in one region (unconfirmed catalog
/// figures, editable as overrides), from [`ptu_prices`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PtuPrices {
    pub hourly: f64,
    pub monthly_reserved: f64,
    /// Per month, on a one-year reservation.
    pub yearly_reserved: f64,
}

impl PtuPrices {
    /// One PTU for one month ([`HOURS_PER_MONTH`]) paid `pricing`'s way:
    /// the one answer to "what does a PTU cost a month".
    pub fn month(&self, pricing: PtuPricing) -> f64 {
        match pricing {
            PtuPricing::Hourly => self.hourly * HOURS_PER_MONTH,
            PtuPricing::Monthly => self.monthly_reserved,
            PtuPricing::Yearly => self.yearly_reserved,
        }
    }

    /// Monthly cost of `ptus` by the hour, 1-month and 1-year reservation.
    pub fn monthly(&self, ptus: f64) -> [f64; 3] {
        PtuPricing::ALL.map(|p| ptus * self.month(p))
    }
}

/// The one answer to "what does a PTU cost on this scope in this region"
/// ([`ptu_price_facts`], through `catalog`, so the user's overrides apply);
/// [`PtuPrices::month`] turns it into a month. /quota, /traffic and the
/// CLI all ask it.
pub fn ptu_prices(scope: Scope, region: Option<&str>, catalog: &Catalog) -> PtuPrices {
    let [hourly, monthly_reserved, yearly_reserved] = ptu_price_facts(scope, region).map(|(k, s)| catalog.require(k, s));
    PtuPrices { hourly, monthly_reserved, yearly_reserved }
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
        let p = token_prices("gpt-4o-2024-08-06", Scope::DataZone, None, &PriceOverride::default(), &c).unwrap().1;
        assert!((p.output - 14.4).abs() < 1e-12 && (p.input - 3.0).abs() < 1e-12);
    }

    #[test]
    fn deployment_uplift_and_errors() {
        let c = Catalog::builtin();
        let p = |m: &str, s: Scope| token_prices(m, s, None, &PriceOverride::default(), &c).map(|(_, p)| p);
        let g = p("gpt-4.1", Scope::Global).unwrap();
        assert_eq!((g.input, g.cached_input, g.output, g.batch_factor), (2.0, 0.5, 8.0, 0.5));
        let r = p("gpt-4.1", Scope::Regional).unwrap();
        assert!((r.output - 8.8).abs() < 1e-12);
        let e = p("text-embedding-3-large", Scope::Global).unwrap();
        assert_eq!((e.input, e.cached_input, e.output), (0.13, 0.13, 0.0));
        assert_eq!(p("gpt-4", Scope::Global), Err(PriceError::NoPrice { model: "gpt-4".into(), kind: "price_input".into() }));
        assert_eq!(p("my-deploy", Scope::Global), Err(PriceError::UnknownModel("my-deploy".into())));
        assert_eq!(Scope::from_code("datazone"), Some(Scope::DataZone));
    }
}
