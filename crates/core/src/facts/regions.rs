//! Azure regions and what a Regional (Standard) deployment costs in each:
//! the token-price uplift over the Global list price and the Regional PTU's
//! hourly price. Both come from the Azure Retail Prices meters of the
//! region (`armRegionName`): e.g. a US region's `gpt 4.1 Inp regnl` meter
//! is 1.10 × the Global `gpt 4.1 Inp glbl` one, Sweden Central's 1.21 ×.
//! Read from stored copies of the meters, not confirmed region by region
//! at the vendor: unconfirmed. A region without a figure of its own, or no
//! region chosen, takes `regional_price_factor.any` / `ptu_price_hourly.regional`.

use super::Kind;
use super::{fact, Certainty::*, Fact, SourceId::*, Topic::Prices, Unit::*};

/// When the meters were read.
const M: &str = "2026-07";

/// An Azure region a user can pick: its `armRegionName` (the code in links
/// and on the command line) and its display name (a proper noun).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub code: &'static str,
    pub name: &'static str,
}

const fn r(code: &'static str, name: &'static str) -> Region {
    Region { code, name }
}

/// Every region the catalog prices, in display order.
pub const REGIONS: &[Region] = &[
    r("eastus", "East US"),
    r("eastus2", "East US 2"),
    r("northcentralus", "North Central US"),
    r("southcentralus", "South Central US"),
    r("westus", "West US"),
    r("westus3", "West US 3"),
    r("usgovarizona", "US Gov Arizona"),
    r("usgovvirginia", "US Gov Virginia"),
    r("canadaeast", "Canada East"),
    r("brazilsouth", "Brazil South"),
    r("swedencentral", "Sweden Central"),
    r("switzerlandnorth", "Switzerland North"),
    r("uksouth", "UK South"),
    r("francecentral", "France Central"),
    r("germanywestcentral", "Germany West Central"),
    r("westeurope", "West Europe"),
    r("northeurope", "North Europe"),
    r("japaneast", "Japan East"),
    r("koreacentral", "Korea Central"),
    r("southeastasia", "Southeast Asia"),
];

/// The region with this code (`armRegionName`, case-insensitive).
pub fn region(code: &str) -> Option<&'static Region> {
    let code = code.trim();
    REGIONS.iter().find(|r| r.code.eq_ignore_ascii_case(code))
}

/// A region code the catalog does not price.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRegion {
    /// The code as given (trimmed).
    pub code: String,
}

impl std::fmt::Display for UnknownRegion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let known: Vec<&str> = REGIONS.iter().map(|r| r.code).collect();
        write!(f, "unknown region '{}'; known: {}", self.code, known.join(", "))
    }
}

impl std::error::Error for UnknownRegion {}

/// [`region`], or why not: the message names the known codes (the CLI's
/// `--region` and `batchlane quota`'s answer both say it this way).
pub fn parse_region(code: &str) -> Result<&'static Region, UnknownRegion> {
    region(code).ok_or_else(|| UnknownRegion { code: code.trim().to_string() })
}

macro_rules! factors {
    ($kind:expr, $unit:expr; $($value:expr => [$($code:literal),*];)*) => {
        &[$($(fact($kind, $code, Prices, $value, $unit, AzureRetailPrices, M, Unconfirmed),)*)*]
    };
}

/// The Regional uplift on token prices, per region.
pub(super) const PRICE_FACTORS: &[Fact] = factors! { Kind::RegionalPriceFactor, Factor;
    1.10 => ["eastus", "eastus2", "northcentralus", "southcentralus", "westus", "westus3"];
    1.21 => ["swedencentral", "switzerlandnorth", "canadaeast", "francecentral", "japaneast", "uksouth"];
    1.32 => ["westeurope", "northeurope", "southeastasia"];
    1.375 => ["usgovarizona", "usgovvirginia"];
};

/// A Regional PTU's hourly price, per region (US dollars per PTU-hour).
pub(super) const PTU_HOURLY: &[Fact] = factors! { Kind::PtuPriceHourlyRegional, UsdPerHour;
    2.00 => ["eastus", "eastus2", "northcentralus", "southcentralus", "westus", "westus3"];
    2.20 => ["canadaeast", "francecentral", "germanywestcentral", "japaneast", "koreacentral"];
    2.40 => ["brazilsouth", "southeastasia", "westeurope", "northeurope"];
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_names_a_known_region() {
        for f in PRICE_FACTORS.iter().chain(PTU_HOURLY) {
            assert!(region(f.subject).is_some(), "{}", f.id());
        }
        assert_eq!(region(" SwedenCentral ").map(|r| r.name), Some("Sweden Central"));
        assert_eq!(region("mars"), None);
    }
}
