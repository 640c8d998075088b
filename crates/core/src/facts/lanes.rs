//! The lanes a model is sold through on Azure, as the vendor's own tables
//! list them: Global and Data Zone Batch (the batch deployments' model
//! matrix), Flex processing (preview), Priority processing (its latency
//! targets and region matrices), with the figures that price them. Standard
//! and provisioned availability come from the quota-tier rows and the PTU
//! facts already in the catalog (`lanes::choose_lanes` reads them there).
//!
//! The batch and Priority region matrices are generated from the vendor's
//! markdown (`lane_table.rs`, by `lane_gen.rs` from
//! `assets/vendor/model-matrix/`); this file holds what reads them, the Flex
//! list and the figures. Every table names its [`LaneSource`]: a
//! [`SourceId`] (address and file@commit in `sources.rs`) and the page's
//! as-of date (the matrices' own `ms.date`).

use super::lane_table::{
    BATCH_MATRIX_DATE, DATAZONE_BATCH, GLOBAL_BATCH, PRIORITY_DATAZONE_US, PRIORITY_DATAZONE_US_DATE, PRIORITY_GLOBAL, PRIORITY_GLOBAL_DATE,
};
use super::{fact, Catalog, Certainty::*, Fact, Kind, SourceId, SourceId::*, Topic, Unit::*};

/// A way to buy inference, as the chooser compares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lane {
    Batch,
    Flex,
    Priority,
    Standard,
    Provisioned,
}

impl Lane {
    pub const ALL: [Lane; 5] = [Lane::Batch, Lane::Flex, Lane::Priority, Lane::Standard, Lane::Provisioned];

    /// `"batch"`, `"flex"`, … (the CLI's JSON, URLs, translation keys).
    pub const fn code(self) -> &'static str {
        match self {
            Lane::Batch => "batch",
            Lane::Flex => "flex",
            Lane::Priority => "priority",
            Lane::Standard => "standard",
            Lane::Provisioned => "provisioned",
        }
    }
}

/// Azure's two data zones: data processed anywhere within the United
/// States, or within any EU member nation (the batch matrix's wording).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum DataZone {
    Us,
    Eu,
}

impl DataZone {
    pub const fn code(self) -> &'static str {
        match self {
            DataZone::Us => "us",
            DataZone::Eu => "eu",
        }
    }
}

/// Where a lane table comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneSource {
    pub source: SourceId,
    /// The page's `ms.date`.
    pub as_of: &'static str,
}

/// The batch deployments' model matrix (`deployments-batch.md`).
pub const BATCH_MATRIX: LaneSource = LaneSource { source: AzureBatchModels, as_of: BATCH_MATRIX_DATE };
/// The Flex processing how-to (preview, 2026-09-24).
pub const FLEX_PAGE: LaneSource = LaneSource { source: AzureFlex, as_of: "2026-09-24" };
/// The Priority processing concept page: its latency-target include
/// (2026-09-24) and limitations include (2026-03-20).
pub const PRIORITY_PAGE: LaneSource = LaneSource { source: AzurePriority, as_of: "2026-09-24" };
/// The Priority processing region matrix for Global Standard.
pub const PRIORITY_GLOBAL_MATRIX: LaneSource = LaneSource { source: AzurePriorityGlobal, as_of: PRIORITY_GLOBAL_DATE };
/// The Priority processing region matrix for Data Zone Standard, US.
pub const PRIORITY_DATAZONE_MATRIX: LaneSource = LaneSource { source: AzurePriorityDatazone, as_of: PRIORITY_DATAZONE_US_DATE };

/// One model × version of a vendor's lane matrix and the regions it marks ✅
/// (`lane_table.rs`, generated from the vendored matrices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatrixRow {
    pub model: &'static str,
    pub version: &'static str,
    pub regions: &'static [&'static str],
}

/// Data Zone Batch in one zone: the regions of its tab, and its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneBatch {
    pub zone: DataZone,
    pub regions: &'static [&'static str],
    pub rows: &'static [MatrixRow],
}

/// The data zone of an Azure region: the regions of the batch matrix's
/// Data Zone tabs, plus the Azure regions in other EU member states or
/// the US that the matrix does not list (their zone follows the country).
/// `None`: outside both zones (the UK, Norway, Switzerland, Asia-Pacific, …).
pub fn data_zone_of(region: &str) -> Option<DataZone> {
    const MORE_US: &[&str] = &["westus2", "westcentralus", "eastus2euap"];
    const MORE_EU: &[&str] = &["northeurope", "italynorth", "spaincentral", "austriaeast", "belgiumcentral", "denmarkeast"];
    let region = region.trim().to_ascii_lowercase();
    if let Some(z) = DATAZONE_BATCH.iter().find(|z| z.regions.contains(&region.as_str())) {
        return Some(z.zone);
    }
    if MORE_US.contains(&region.as_str()) {
        Some(DataZone::Us)
    } else if MORE_EU.contains(&region.as_str()) {
        Some(DataZone::Eu)
    } else {
        None
    }
}

/// Flex processing: (model, version). Global Standard deployments only, in
/// every region where Global Standard is available; `service_tier: "flex"`
/// on Responses or Chat Completions; an unsupported model gets HTTP 400
/// `invalid_request_error` with no fallback.
pub const FLEX_MODELS: &[(&str, &str)] = &[("gpt-5.6-sol", "2026-07-09")];

/// The HTTP status Flex processing answers for a model without Flex.
pub const FLEX_UNSUPPORTED_STATUS: u16 = 400;

/// The words of the Flex page on a model without Flex (the documented 400).
pub const FLEX_UNSUPPORTED_400: &str =
    "An unsupported model returns an HTTP 400 `invalid_request_error` and doesn't fall back to Standard processing.";

/// What a value of Azure Monitor's `ServiceTierRequest` / `ServiceTierResponse`
/// dimensions (on `AzureOpenAIRequests`) means, by the pages that name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TierMeaning {
    Priority,
    Standard,
    Flex,
    /// `auto`: "the request uses the service tier configured in the
    /// deployment" — which one, the export does not say.
    Deployment,
}

impl TierMeaning {
    pub const fn code(self) -> &'static str {
        match self {
            TierMeaning::Priority => "priority",
            TierMeaning::Standard => "standard",
            TierMeaning::Flex => "flex",
            TierMeaning::Deployment => "auto",
        }
    }
}

/// The dimension values and what they mean, with the page that says so
/// (matched without regard to case):
/// - `priority`, `default`, `auto`: the Priority page's request-level
///   `service_tier` ("`auto`, `default`, and `priority`"; "Requests processed
///   by the standard service tier include `service_tier = default` in the
///   response, while requests processed by priority processing tier include
///   `service_tier = priority`"), and its metrics steps: "split by the
///   service tier (standard or priority) … by **ServiceTierRequest** and
///   **ServiceTierResponse**" — hence `standard` too;
/// - `flex`: the Flex page's monitoring steps ("Add a filter where
///   **ServiceTierRequest** equals `flex`") and its `x-ms-service-tier`
///   values (`flex`, `priority`, `default`).
pub const SERVICE_TIER_VALUES: &[(&str, TierMeaning, LaneSource)] = &[
    ("priority", TierMeaning::Priority, PRIORITY_PAGE),
    ("default", TierMeaning::Standard, PRIORITY_PAGE),
    ("standard", TierMeaning::Standard, PRIORITY_PAGE),
    ("auto", TierMeaning::Deployment, PRIORITY_PAGE),
    ("flex", TierMeaning::Flex, FLEX_PAGE),
];

/// What a `ServiceTierRequest` / `ServiceTierResponse` value means, and
/// the page that says so; `None`: a value no page names.
pub fn service_tier_value(value: &str) -> Option<(TierMeaning, LaneSource)> {
    let v = value.trim();
    SERVICE_TIER_VALUES.iter().find(|(name, _, _)| name.eq_ignore_ascii_case(v)).map(|(_, m, s)| (*m, *s))
}

const FX: &str = "2026-09-24";
const PR: &str = "2026-09-24";
const PL: &str = "2026-03-20";
/// OpenAI's Priority processing page (the revision that lists GPT-5.4).
const OP: &str = "2026-03";

/// The figures that price and bound the lanes (overridable on /facts).
pub(super) const FACTS: &[Fact] = &[
    // "Flex input and output tokens receive a 50% discount compared with the
    // corresponding Standard token rates."
    fact(Kind::FlexPriceFactor, "any", Topic::Prices, 0.5, Factor, AzureFlex, FX, Documented),
    // Latency targets: "99% > N Tokens per Second", p50 per 5 minutes.
    fact(Kind::PriorityLatencyTps, "gpt-6-sol", Topic::Models, 80.0, Count, AzurePriority, PR, Documented),
    fact(Kind::PriorityLatencyTps, "gpt-5.6-terra", Topic::Models, 70.0, Count, AzurePriority, PR, Documented),
    fact(Kind::PriorityLatencyTps, "gpt-5.6-sol", Topic::Models, 80.0, Count, AzurePriority, PR, Documented),
    fact(Kind::PriorityLatencyTps, "gpt-5.5", Topic::Models, 50.0, Count, AzurePriority, PR, Documented),
    fact(Kind::PriorityLatencyTps, "gpt-5.4-mini", Topic::Models, 100.0, Count, AzurePriority, PR, Documented),
    fact(Kind::PriorityLatencyTps, "gpt-5.4", Topic::Models, 50.0, Count, AzurePriority, PR, Documented),
    fact(Kind::PriorityLatencyTps, "gpt-5.2", Topic::Models, 50.0, Count, AzurePriority, PR, Documented),
    fact(Kind::PriorityLatencyTps, "gpt-5.1", Topic::Models, 50.0, Count, AzurePriority, PR, Documented),
    fact(Kind::PriorityLatencyTps, "gpt-4.1", Topic::Models, 80.0, Count, AzurePriority, PR, Documented),
    // Long context: "requests estimated to exceed 128k prompt tokens are
    // downgraded to standard processing" (footnote 1: gpt-5.4, gpt-4.1).
    fact(Kind::PriorityLongContextTokens, "gpt-5.4", Topic::Models, 128_000.0, Tokens, AzurePriority, PR, Documented),
    fact(Kind::PriorityLongContextTokens, "gpt-4.1", Topic::Models, 128_000.0, Tokens, AzurePriority, PR, Documented),
    // Ramp rate limit: "increasing traffic by more than 50% tokens per
    // minute in less than 15 minutes".
    fact(Kind::PriorityRampShare, "any", Topic::RateLimits, 0.5, Factor, AzurePriority, PL, Documented),
    fact(Kind::PriorityRampWindowSeconds, "any", Topic::RateLimits, 900.0, Seconds, AzurePriority, PL, Documented),
    // Priority price ÷ Standard price on OpenAI's Priority processing page
    // (input, cached input and output alike); Azure points to its pricing
    // page, not read: another vendor's price, unconfirmed for Azure.
    fact(Kind::PriorityPriceFactor, "gpt-5.4-mini", Topic::Prices, 2.0, Factor, OpenAiPriority, OP, Unconfirmed),
    fact(Kind::PriorityPriceFactor, "gpt-5.4", Topic::Prices, 2.0, Factor, OpenAiPriority, OP, Unconfirmed),
    fact(Kind::PriorityPriceFactor, "gpt-5.2", Topic::Prices, 2.0, Factor, OpenAiPriority, OP, Unconfirmed),
    fact(Kind::PriorityPriceFactor, "gpt-5.1", Topic::Prices, 2.0, Factor, OpenAiPriority, OP, Unconfirmed),
    fact(Kind::PriorityPriceFactor, "gpt-4.1", Topic::Prices, 1.75, Factor, OpenAiPriority, OP, Unconfirmed),
];

/// The rows of a matrix for `model` (a catalog name), every version.
fn rows_of<'a>(rows: &'a [MatrixRow], model: &'a str) -> impl Iterator<Item = &'a MatrixRow> + 'a {
    rows.iter().filter(move |r| r.model == model)
}

/// A Priority processing region matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PriorityMatrix {
    /// On Global Standard deployments.
    Global,
    /// On Data Zone Standard deployments (the US zone).
    DatazoneUs,
}

impl PriorityMatrix {
    /// The built-in rows and the matrix's source.
    pub fn builtin(self) -> (&'static [MatrixRow], LaneSource) {
        match self {
            PriorityMatrix::Global => (PRIORITY_GLOBAL, PRIORITY_GLOBAL_MATRIX),
            PriorityMatrix::DatazoneUs => (PRIORITY_DATAZONE_US, PRIORITY_DATAZONE_MATRIX),
        }
    }

    pub(crate) fn lane_table(self) -> LaneTable {
        match self {
            PriorityMatrix::Global => LaneTable { kind: Kind::LanePriorityGlobal, zone: None },
            PriorityMatrix::DatazoneUs => LaneTable { kind: Kind::LanePriorityDatazone, zone: Some(DataZone::Us) },
        }
    }
}

/// One lane matrix as the catalog keeps its cells: the kind of its
/// figures and the data zone its subjects start with. A cell is the figure
/// `{kind}.{zone/}{model}/{version}/{region}`, 1 where the vendor marks ✅:
/// the built-in tables give them, an imported matrix file replaces them
/// (`facts::import`), and every look-up below answers from the catalog in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LaneTable {
    pub kind: Kind,
    pub zone: Option<DataZone>,
}

impl LaneTable {
    pub(crate) const GLOBAL_BATCH: LaneTable = LaneTable { kind: Kind::LaneBatchGlobal, zone: None };

    pub(crate) const fn datazone_batch(zone: DataZone) -> LaneTable {
        LaneTable { kind: Kind::LaneBatchDatazone, zone: Some(zone) }
    }

    /// Every built-in table.
    pub(crate) fn all() -> [LaneTable; 5] {
        [
            LaneTable::GLOBAL_BATCH,
            LaneTable::datazone_batch(DataZone::Us),
            LaneTable::datazone_batch(DataZone::Eu),
            PriorityMatrix::Global.lane_table(),
            PriorityMatrix::DatazoneUs.lane_table(),
        ]
    }

    /// The built-in rows and their matrix's date.
    pub(crate) fn builtin(self) -> (&'static [MatrixRow], &'static str) {
        match (self.kind, self.zone) {
            (Kind::LaneBatchGlobal, _) => (GLOBAL_BATCH, BATCH_MATRIX_DATE),
            (Kind::LaneBatchDatazone, Some(z)) => (datazone_batch(z).map_or(&[][..], |t| t.rows), BATCH_MATRIX_DATE),
            (Kind::LanePriorityGlobal, _) => (PRIORITY_GLOBAL, PRIORITY_GLOBAL_DATE),
            (Kind::LanePriorityDatazone, Some(DataZone::Us)) => (PRIORITY_DATAZONE_US, PRIORITY_DATAZONE_US_DATE),
            _ => (&[], ""),
        }
    }

    /// The subject of a cell.
    pub(crate) fn subject(self, model: &str, version: &str, region: &str) -> String {
        match self.zone {
            Some(z) => format!("{}/{model}/{version}/{region}", z.code()),
            None => format!("{model}/{version}/{region}"),
        }
    }

    /// `{kind}.{zone/}`: what every cell's id of the table starts with.
    fn prefix(self) -> String {
        match self.zone {
            Some(z) => format!("{}.{}/", self.kind, z.code()),
            None => format!("{}.", self.kind),
        }
    }

    /// Whether the catalog holds an imported cell of the table or removed a built-in one.
    fn touched(self, catalog: &Catalog) -> bool {
        // Checkers ask per line: nothing is formatted when nothing is imported.
        if catalog.imported_facts().is_empty() && catalog.removed_facts().is_empty() {
            return false;
        }
        let p = self.prefix();
        catalog.imported_facts().range::<str, _>(from(&p)).next().is_some_and(|(k, _)| k.starts_with(&p))
            || catalog.removed_facts().range::<str, _>(from(&p)).next().is_some_and(|k| k.starts_with(&p))
    }

    /// The regions where the catalog in use marks `model` (any version);
    /// `None`: the table does not list the model.
    pub(crate) fn regions(self, catalog: &Catalog, model: &str) -> Option<Vec<String>> {
        let (rows, _) = self.builtin();
        if !self.touched(catalog) {
            let mut listed = false;
            let mut out: Vec<String> = Vec::new();
            for r in rows_of(rows, model) {
                listed = true;
                for reg in r.regions {
                    if !out.iter().any(|x| x == reg) {
                        out.push(reg.to_string());
                    }
                }
            }
            return listed.then_some(out);
        }
        let mut out: Vec<String> = Vec::new();
        let mut push = |reg: &str| {
            if !out.iter().any(|x| x == reg) {
                out.push(reg.to_string());
            }
        };
        for r in rows_of(rows, model) {
            for reg in r.regions {
                let id = format!("{}.{}", self.kind, self.subject(model, r.version, reg));
                let on = match catalog.imported(&id) {
                    Some(f) => f.value > 0.0,
                    None => !catalog.is_removed(&id),
                };
                if on {
                    push(reg);
                }
            }
        }
        let p = format!("{}{model}/", self.prefix());
        for (id, f) in catalog.imported_facts().range::<str, _>(from(&p)).take_while(|(k, _)| k.starts_with(&p)) {
            // `{version}/{region}` after the prefix.
            if let Some((_, reg)) = id[p.len()..].split_once('/') {
                if f.value > 0.0 {
                    push(reg);
                }
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// The imported file the catalog answers this table from (its source
    /// text and date), when one is kept.
    pub(crate) fn imported_source(self, catalog: &Catalog) -> Option<(String, String)> {
        if catalog.imported_facts().is_empty() {
            return None;
        }
        let p = self.prefix();
        let f = catalog.imported_facts().range::<str, _>(from(&p)).next().filter(|(k, _)| k.starts_with(&p))?.1;
        Some((f.source.clone(), f.as_of.clone()))
    }
}

/// The keys from `p` on, for a range over a map of `String`s.
fn from(p: &str) -> (std::ops::Bound<&str>, std::ops::Bound<&str>) {
    (std::ops::Bound::Included(p), std::ops::Bound::Unbounded)
}

/// The built-in lane cell with this id (`lane_batch_global.gpt-4o/2024-08-06/eastus`):
/// its matrix's date; `None`: not a cell the built-in tables mark.
pub(crate) fn builtin_cell(id: &str) -> Option<&'static str> {
    let (kind, subject) = id.split_once('.')?;
    let kind = Kind::from_name(kind)?;
    let table = LaneTable::all()
        .into_iter()
        .find(|t| t.kind == kind && t.zone.is_none_or(|z| subject.strip_prefix(z.code()).is_some_and(|s| s.starts_with('/'))))?;
    let rest = match table.zone {
        Some(z) => &subject[z.code().len() + 1..],
        None => subject,
    };
    let (region_less, region) = rest.rsplit_once('/')?;
    let (model, version) = region_less.rsplit_once('/')?;
    let (rows, date) = table.builtin();
    rows.iter().any(|r| r.model == model && r.version == version && r.regions.contains(&region)).then_some(date)
}

/// Whether the catalog in use lists `model` (a catalog name) for Global Batch.
pub fn global_batch_model(catalog: &Catalog, model: &str) -> bool {
    LaneTable::GLOBAL_BATCH.regions(catalog, model).is_some()
}

/// Whether the catalog in use marks `model` for Global Batch in `region` (lower case).
pub fn global_batch_in(catalog: &Catalog, model: &str, region: &str) -> bool {
    LaneTable::GLOBAL_BATCH.regions(catalog, model).is_some_and(|r| r.iter().any(|x| x == region))
}

/// A zone's built-in Data Zone Batch, if the matrix has it.
pub fn datazone_batch(zone: DataZone) -> Option<&'static ZoneBatch> {
    DATAZONE_BATCH.iter().find(|z| z.zone == zone)
}

/// Whether the catalog in use lists `model` for Data Zone Batch in `zone` (any region).
pub fn datazone_batch_model(catalog: &Catalog, zone: DataZone, model: &str) -> bool {
    LaneTable::datazone_batch(zone).regions(catalog, model).is_some()
}

/// Whether the catalog in use marks `model` for Data Zone Batch in `region` of `zone`.
pub fn datazone_batch_in(catalog: &Catalog, zone: DataZone, model: &str, region: &str) -> bool {
    LaneTable::datazone_batch(zone).regions(catalog, model).is_some_and(|r| r.iter().any(|x| x == region))
}

/// Whether Azure offers Flex processing for `model` (a catalog name).
pub fn flex_model(model: &str) -> bool {
    FLEX_MODELS.iter().any(|(m, _)| *m == model)
}

/// The regions of a Priority matrix where the catalog in use marks
/// `model`; `None`: the matrix has no column for the model (an imported
/// matrix: no region marked).
pub fn priority_regions(catalog: &Catalog, matrix: PriorityMatrix, model: &str) -> Option<Vec<String>> {
    matrix.lane_table().regions(catalog, model)
}

/// Where the catalog in use takes a lane table from: the kept imported
/// file (its source text and `ms.date`) or, without one, `None` (the
/// built-in table's [`LaneSource`]).
pub fn batch_source(catalog: &Catalog, scope: super::Scope, zone: Option<DataZone>) -> Option<(String, String)> {
    let table = match (scope, zone) {
        (super::Scope::DataZone, Some(z)) => LaneTable::datazone_batch(z),
        (super::Scope::DataZone, None) => {
            return LaneTable::datazone_batch(DataZone::Us)
                .imported_source(catalog)
                .or_else(|| LaneTable::datazone_batch(DataZone::Eu).imported_source(catalog))
        }
        _ => LaneTable::GLOBAL_BATCH,
    };
    table.imported_source(catalog)
}

/// Like [`batch_source`] for a Priority matrix.
pub fn priority_source(catalog: &Catalog, matrix: PriorityMatrix) -> Option<(String, String)> {
    matrix.lane_table().imported_source(catalog)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_follow_the_matrix() {
        assert_eq!(data_zone_of("francecentral"), Some(DataZone::Eu));
        assert_eq!(data_zone_of("EastUS2"), Some(DataZone::Us));
        assert_eq!(data_zone_of("uksouth"), None);
        assert_eq!(data_zone_of("japaneast"), None);
        let c = &Catalog::builtin();
        assert!(!datazone_batch_model(c, DataZone::Eu, "gpt-5.4") && !datazone_batch_in(c, DataZone::Eu, "gpt-5.4", "francecentral"));
        assert!(datazone_batch_model(c, DataZone::Us, "gpt-5.4") && datazone_batch_in(c, DataZone::Us, "gpt-5.4", "eastus2"));
        assert!(global_batch_in(c, "gpt-5.4", "francecentral") && !global_batch_in(c, "gpt-5.4", "italynorth"));
        assert!(!global_batch_model(c, "gpt-5.5") && !global_batch_model(c, "gpt-5.2") && global_batch_model(c, "gpt-4o-mini"));
        assert!(flex_model("gpt-5.6-sol") && !flex_model("gpt-5.5"));
        assert_eq!(priority_regions(c, PriorityMatrix::Global, "gpt-5.4").map(|r| r.len()), Some(3));
        assert!(!priority_regions(c, PriorityMatrix::Global, "gpt-4.1").unwrap().iter().any(|r| r == "eastus2"));
        assert_eq!(builtin_cell("lane_batch_datazone.eu/o3/2025-04-16/westeurope"), Some(BATCH_MATRIX_DATE));
        assert_eq!(builtin_cell("lane_batch_datazone.eu/gpt-5.4/2026-03-05/westeurope"), None);
        assert_eq!(builtin_cell("lane_priority_global.gpt-5.4/2026-03-05/swedencentral"), Some(PRIORITY_GLOBAL_DATE));
    }

    #[test]
    fn tier_values_follow_the_pages() {
        assert_eq!(service_tier_value(" Priority ").map(|v| v.0), Some(TierMeaning::Priority));
        assert_eq!(service_tier_value("default").map(|v| v.0), Some(TierMeaning::Standard));
        assert_eq!(service_tier_value("flex").map(|v| (v.0, v.1.source)), Some((TierMeaning::Flex, SourceId::AzureFlex)));
        assert_eq!(service_tier_value("scale"), None);
    }
}
