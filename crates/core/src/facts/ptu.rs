//! Provisioned throughput (PTU): sizes, throughput per PTU, output
//! weighting, prices.

use super::{fact, Certainty::*, Fact, SourceId::*, Topic::Provisioned, Unit::*};

const D: &str = "2026-03";

macro_rules! ptu {
    ($($model:literal => $gmin:expr, $gstep:expr, $rmin:expr, $rstep:expr, $tpm:expr;)*) => {
        &[$(
            fact("ptu_min_global", $model, Provisioned, $gmin, Count, AzureProvisioned, D, Documented),
            fact("ptu_step_global", $model, Provisioned, $gstep, Count, AzureProvisioned, D, Documented),
            fact("ptu_min_regional", $model, Provisioned, $rmin, Count, AzureProvisioned, D, Documented),
            fact("ptu_step_regional", $model, Provisioned, $rstep, Count, AzureProvisioned, D, Documented),
            fact("input_tpm_per_ptu", $model, Provisioned, $tpm, Tokens, AzureProvisioned, D, Documented),
        )*]
    };
}

/// Min / step for Global and Data Zone (same), for Regional; input TPM per PTU.
pub(super) const SIZES: &[Fact] = ptu! {
    "gpt-5" => 15.0, 5.0, 50.0, 50.0, 4_750.0;
    "gpt-5-mini" => 15.0, 5.0, 25.0, 25.0, 23_750.0;
    "gpt-4.1" => 15.0, 5.0, 50.0, 50.0, 3_000.0;
    "gpt-4.1-mini" => 15.0, 5.0, 25.0, 25.0, 14_900.0;
    "gpt-4.1-nano" => 15.0, 5.0, 25.0, 25.0, 59_400.0;
    "o3" => 15.0, 5.0, 50.0, 50.0, 3_000.0;
    "o4-mini" => 15.0, 5.0, 25.0, 25.0, 5_400.0;
    "o3-mini" => 15.0, 5.0, 25.0, 25.0, 2_500.0;
    "gpt-4o" => 15.0, 5.0, 50.0, 50.0, 2_500.0;
    "gpt-4o-mini" => 15.0, 5.0, 25.0, 25.0, 37_000.0;
};

pub(super) const OTHER: &[Fact] = &[
    // One output token weighs this many input tokens.
    fact("ptu_output_weight", "gpt-5", Provisioned, 8.0, Factor, AzureProvisioned, D, Documented),
    fact("ptu_output_weight", "gpt-5-mini", Provisioned, 8.0, Factor, AzureProvisioned, D, Documented),
    fact("ptu_output_weight", "gpt-4.1", Provisioned, 4.0, Factor, AzureProvisioned, D, Documented),
    fact("ptu_output_weight", "gpt-4.1-mini", Provisioned, 4.0, Factor, AzureProvisioned, D, Documented),
    fact("ptu_output_weight", "gpt-4.1-nano", Provisioned, 4.0, Factor, AzureProvisioned, D, Documented),
    fact("ptu_output_weight", "gpt-4o", Provisioned, 3.0, Factor, AzureProvisioned, D, Documented),
    fact("ptu_output_weight", "gpt-4o-mini", Provisioned, 3.0, Factor, AzureProvisioned, D, Documented),
    fact("ptu_output_weight", "o3", Provisioned, 4.0, Factor, AzureProvisioned, D, Unconfirmed),
    fact("ptu_output_weight", "o4-mini", Provisioned, 4.0, Factor, AzureProvisioned, D, Unconfirmed),
    fact("ptu_output_weight", "o3-mini", Provisioned, 4.0, Factor, AzureProvisioned, D, Unconfirmed),
    fact("ptu_max_per_deployment", "any", Provisioned, 100_000.0, Count, AzureProvisioned, D, Documented),
    fact("ptu_price_hourly", "global", Provisioned, 1.0, UsdPerHour, AzurePricing, "2025-08", Unconfirmed),
    fact("ptu_price_monthly_reserved", "global", Provisioned, 260.0, UsdPerMonth, AzurePricing, "2025-08", Unconfirmed),
    fact("ptu_price_yearly_reserved", "global", Provisioned, 221.0, UsdPerMonth, AzurePricing, "2025-08", Unconfirmed),
];
