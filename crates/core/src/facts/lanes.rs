//! The lanes a model is sold through on Azure, as the vendor's own tables
//! list them: Global and Data Zone Batch (the batch deployments' model
//! matrix), Flex processing (preview), Priority processing (its latency
//! targets and region matrices), with the figures that price them. Standard
//! and provisioned availability come from the quota-tier rows and the PTU
//! facts already in the catalog (`lanes::choose_lanes` reads them there).
//!
//! Every table names its [`LaneSource`]: a [`SourceId`] (address and
//! file@commit in `sources.rs`) and the page's as-of date.

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

/// The batch deployments' model matrix (`deployments-batch.md`, 2026-08-28).
pub const BATCH_MATRIX: LaneSource = LaneSource { source: AzureBatchModels, as_of: "2026-08-28" };
/// The Flex processing how-to (preview, 2026-09-24).
pub const FLEX_PAGE: LaneSource = LaneSource { source: AzureFlex, as_of: "2026-09-24" };
/// The Priority processing concept page: its latency-target include
/// (2026-09-24) and limitations include (2026-03-20).
pub const PRIORITY_PAGE: LaneSource = LaneSource { source: AzurePriority, as_of: "2026-09-24" };
/// The Priority processing region matrix for Global Standard (2026-03-24).
pub const PRIORITY_GLOBAL_MATRIX: LaneSource = LaneSource { source: AzurePriorityGlobal, as_of: "2026-03-24" };
/// The Priority processing region matrix for Data Zone Standard, US (2026-04-21).
pub const PRIORITY_DATAZONE_MATRIX: LaneSource = LaneSource { source: AzurePriorityDatazone, as_of: "2026-04-21" };

/// Global Batch: every listed model in every listed region (the matrix's
/// Americas, Europe, Asia Pacific and Middle East & Africa tabs). gpt-5.2,
/// gpt-5.5 and gpt-5.6 are not listed.
pub const GLOBAL_BATCH_MODELS: &[&str] = &[
    "gpt-4.1",
    "gpt-4.1-mini",
    "gpt-4.1-nano",
    "gpt-4o",
    "gpt-4o-mini",
    "gpt-5",
    "gpt-5.1",
    "gpt-5.4",
    "gpt-5.4-mini",
    "o3",
    "o3-mini",
    "o4-mini",
];

pub const GLOBAL_BATCH_REGIONS: &[&str] = &[
    "brazilsouth",
    "canadaeast",
    "centralus",
    "eastus",
    "eastus2",
    "northcentralus",
    "southcentralus",
    "westus",
    "westus3",
    "francecentral",
    "germanywestcentral",
    "norwayeast",
    "polandcentral",
    "swedencentral",
    "switzerlandnorth",
    "uksouth",
    "westeurope",
    "australiaeast",
    "japaneast",
    "koreacentral",
    "southindia",
    "southafricanorth",
];

/// Data Zone Batch per zone: (zone, its regions in the matrix, its models).
/// None in Asia-Pacific or Middle East & Africa.
pub const DATAZONE_BATCH: &[(DataZone, &[&str], &[&str])] = &[
    (
        DataZone::Us,
        &["centralus", "eastus", "eastus2", "northcentralus", "southcentralus", "westus", "westus3"],
        &[
            "gpt-4.1",
            "gpt-4.1-mini",
            "gpt-4.1-nano",
            "gpt-4o",
            "gpt-4o-mini",
            "gpt-5",
            "gpt-5.1",
            "gpt-5.4",
            "gpt-5.4-mini",
            "o3",
            "o3-mini",
            "o4-mini",
        ],
    ),
    (
        DataZone::Eu,
        &["francecentral", "germanywestcentral", "polandcentral", "swedencentral", "westeurope"],
        &["gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o", "gpt-4o-mini", "o3", "o4-mini"],
    ),
];

/// The data zone of an Azure region: the regions of the batch matrix's
/// Data Zone tabs, plus the Azure regions in other EU member states or
/// the US that the matrix does not list (their zone follows the country).
/// `None`: outside both zones (the UK, Norway, Switzerland, Asia-Pacific, …).
pub fn data_zone_of(region: &str) -> Option<DataZone> {
    const MORE_US: &[&str] = &["westus2", "westcentralus", "eastus2euap"];
    const MORE_EU: &[&str] = &["northeurope", "italynorth", "spaincentral", "austriaeast", "belgiumcentral", "denmarkeast"];
    let region = region.trim().to_ascii_lowercase();
    if let Some((zone, _, _)) = DATAZONE_BATCH.iter().find(|(_, regions, _)| regions.contains(&region.as_str())) {
        return Some(*zone);
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

/// Priority processing on Global Standard: (model, regions marked ✅).
pub const PRIORITY_GLOBAL: &[(&str, &[&str])] = &[
    ("gpt-5.4", &["polandcentral", "southcentralus", "swedencentral"]),
    ("gpt-5.2", PRIORITY_GLOBAL_ALL),
    ("gpt-5.1", PRIORITY_GLOBAL_ALL),
    ("gpt-4.1", PRIORITY_GLOBAL_ALL),
];

/// The regions of the Global Standard Priority matrix where gpt-5.2,
/// gpt-5.1 and gpt-4.1 are marked (every row but eastus2).
const PRIORITY_GLOBAL_ALL: &[&str] = &[
    "australiaeast",
    "brazilsouth",
    "canadacentral",
    "canadaeast",
    "centralus",
    "eastus",
    "francecentral",
    "germanywestcentral",
    "italynorth",
    "japaneast",
    "koreacentral",
    "northcentralus",
    "norwayeast",
    "polandcentral",
    "southafricanorth",
    "southcentralus",
    "southeastasia",
    "southindia",
    "spaincentral",
    "swedencentral",
    "switzerlandnorth",
    "switzerlandwest",
    "uaenorth",
    "uksouth",
    "westeurope",
    "westus",
    "westus3",
];

/// Priority processing on Data Zone Standard (the US zone only: "the service
/// currently doesn't support regional standard deployments and EU datazone
/// standard deployments").
pub const PRIORITY_DATAZONE_US: &[(&str, &[&str])] = &[
    ("gpt-5.4-mini", &["centralus", "southcentralus"]),
    ("gpt-5.4", PRIORITY_DZ_ALL),
    ("gpt-5.2", PRIORITY_DZ_ALL),
    ("gpt-5.1", PRIORITY_DZ_ALL),
    ("gpt-4.1", PRIORITY_DZ_ALL),
];

const PRIORITY_DZ_ALL: &[&str] = &["centralus", "eastus", "northcentralus", "southcentralus", "westus", "westus3"];

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

/// Whether Azure lists `model` (a catalog name) for Global Batch.
pub fn global_batch_model(model: &str) -> bool {
    GLOBAL_BATCH_MODELS.contains(&model)
}

/// The models of a zone's Data Zone Batch.
pub fn datazone_batch_models(zone: DataZone) -> &'static [&'static str] {
    DATAZONE_BATCH.iter().find(|(z, _, _)| *z == zone).map_or(&[], |(_, _, m)| m)
}

/// Whether Azure offers Flex processing for `model` (a catalog name).
pub fn flex_model(model: &str) -> bool {
    FLEX_MODELS.iter().any(|(m, _)| *m == model)
}

/// The regions of a Priority matrix where `model` is marked; `None`: the
/// matrix has no column for the model.
pub fn priority_regions(table: &'static [(&'static str, &'static [&'static str])], model: &str) -> Option<&'static [&'static str]> {
    table.iter().find(|(m, _)| *m == model).map(|(_, r)| *r)
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
        assert!(!datazone_batch_models(DataZone::Eu).contains(&"gpt-5.4"));
        assert!(datazone_batch_models(DataZone::Us).contains(&"gpt-5.4"));
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
