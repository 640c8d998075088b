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

use super::lane_table::{BATCH_MATRIX_DATE, DATAZONE_BATCH, GLOBAL_BATCH, PRIORITY_DATAZONE_US_DATE, PRIORITY_GLOBAL_DATE};
use super::{fact, Certainty::*, Fact, Kind, SourceId, SourceId::*, Topic, Unit::*};

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

/// Whether Azure lists `model` (a catalog name) for Global Batch.
pub fn global_batch_model(model: &str) -> bool {
    rows_of(GLOBAL_BATCH, model).next().is_some()
}

/// Whether Azure marks `model` for Global Batch in `region` (lower case).
pub fn global_batch_in(model: &str, region: &str) -> bool {
    rows_of(GLOBAL_BATCH, model).any(|r| r.regions.contains(&region))
}

/// A zone's Data Zone Batch, if the matrix has it.
pub fn datazone_batch(zone: DataZone) -> Option<&'static ZoneBatch> {
    DATAZONE_BATCH.iter().find(|z| z.zone == zone)
}

/// Whether Azure lists `model` for Data Zone Batch in `zone` (any region).
pub fn datazone_batch_model(zone: DataZone, model: &str) -> bool {
    datazone_batch(zone).is_some_and(|z| rows_of(z.rows, model).next().is_some())
}

/// Whether Azure marks `model` for Data Zone Batch in `region` of `zone`.
pub fn datazone_batch_in(zone: DataZone, model: &str, region: &str) -> bool {
    datazone_batch(zone).is_some_and(|z| rows_of(z.rows, model).any(|r| r.regions.contains(&region)))
}

/// Whether Azure offers Flex processing for `model` (a catalog name).
pub fn flex_model(model: &str) -> bool {
    FLEX_MODELS.iter().any(|(m, _)| *m == model)
}

/// The regions of a Priority matrix where `model` is marked; `None`: the
/// matrix has no column for the model.
pub fn priority_regions(table: &'static [MatrixRow], model: &str) -> Option<&'static [&'static str]> {
    table.iter().find(|r| r.model == model).map(|r| r.regions)
}

#[cfg(test)]
mod tests {
    use super::super::lane_table::PRIORITY_GLOBAL;
    use super::*;

    #[test]
    fn zones_follow_the_matrix() {
        assert_eq!(data_zone_of("francecentral"), Some(DataZone::Eu));
        assert_eq!(data_zone_of("EastUS2"), Some(DataZone::Us));
        assert_eq!(data_zone_of("uksouth"), None);
        assert_eq!(data_zone_of("japaneast"), None);
        assert!(!datazone_batch_model(DataZone::Eu, "gpt-5.4") && !datazone_batch_in(DataZone::Eu, "gpt-5.4", "francecentral"));
        assert!(datazone_batch_model(DataZone::Us, "gpt-5.4") && datazone_batch_in(DataZone::Us, "gpt-5.4", "eastus2"));
        assert!(global_batch_in("gpt-5.4", "francecentral") && !global_batch_in("gpt-5.4", "italynorth"));
        assert!(!global_batch_model("gpt-5.5") && !global_batch_model("gpt-5.2") && global_batch_model("gpt-4o-mini"));
        assert!(flex_model("gpt-5.6-sol") && !flex_model("gpt-5.5"));
        assert_eq!(priority_regions(PRIORITY_GLOBAL, "gpt-5.4").map(<[_]>::len), Some(3));
        assert!(!priority_regions(PRIORITY_GLOBAL, "gpt-4.1").unwrap().contains(&"eastus2"));
    }

    #[test]
    fn tier_values_follow_the_pages() {
        assert_eq!(service_tier_value(" Priority ").map(|v| v.0), Some(TierMeaning::Priority));
        assert_eq!(service_tier_value("default").map(|v| v.0), Some(TierMeaning::Standard));
        assert_eq!(service_tier_value("flex").map(|v| (v.0, v.1.source)), Some((TierMeaning::Flex, SourceId::AzureFlex)));
        assert_eq!(service_tier_value("scale"), None);
    }
}
