//! Provisioned throughput (PTU): sizes, throughput per PTU, output
//! weighting, prices.

use super::Kind;
use super::{fact, Certainty::*, Fact, SourceId::*, Topic::Provisioned, Unit::*};

const D: &str = "2026-03";

macro_rules! ptu {
    ($source:expr, $as_of:expr; $($model:literal => $gmin:expr, $gstep:expr, $rmin:expr, $rstep:expr, $tpm:expr;)*) => {
        &[$(
            fact(Kind::PtuMinGlobal, $model, Provisioned, $gmin, Count, $source, $as_of, Documented),
            fact(Kind::PtuStepGlobal, $model, Provisioned, $gstep, Count, $source, $as_of, Documented),
            fact(Kind::PtuMinRegional, $model, Provisioned, $rmin, Count, $source, $as_of, Documented),
            fact(Kind::PtuStepRegional, $model, Provisioned, $rstep, Count, $source, $as_of, Documented),
            fact(Kind::InputTpmPerPtu, $model, Provisioned, $tpm, Tokens, $source, $as_of, Documented),
        )*]
    };
}

/// Min / step for Global and Data Zone (same), for Regional; input TPM per
/// PTU. The sizing page of 2026-05-22 (`PtuSizing`) gives the same figures
/// for these models.
pub(super) const SIZES: &[Fact] = ptu! { AzureProvisioned, D;
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

const W: &str = "2026-05-22";

/// The models the sizing page's tables add ("Latest" and "Previous Azure
/// OpenAI models"). o1's Regional minimum (25) and increment (50) differ,
/// as the page states them.
pub(super) const SIZES_SIZING_PAGE: &[Fact] = ptu! { PtuSizing, W;
    "gpt-5.5" => 15.0, 5.0, 50.0, 50.0, 1_200.0;
    "gpt-5.4" => 15.0, 5.0, 50.0, 50.0, 2_400.0;
    "gpt-5.3-codex" => 15.0, 5.0, 50.0, 50.0, 3_400.0;
    "gpt-5.2" => 15.0, 5.0, 50.0, 50.0, 3_400.0;
    "gpt-5.2-codex" => 15.0, 5.0, 50.0, 50.0, 3_400.0;
    "gpt-5.1" => 15.0, 5.0, 50.0, 50.0, 4_750.0;
    "gpt-5.1-codex" => 15.0, 5.0, 50.0, 50.0, 4_750.0;
    "o1" => 15.0, 5.0, 25.0, 50.0, 230.0;
};

macro_rules! global_only {
    ($($model:literal => $min:expr, $step:expr, $tpm:expr;)*) => {
        &[$(
            fact(Kind::PtuMinGlobal, $model, Provisioned, $min, Count, PtuSizing, W, Documented),
            fact(Kind::PtuStepGlobal, $model, Provisioned, $step, Count, PtuSizing, W, Documented),
            fact(Kind::InputTpmPerPtu, $model, Provisioned, $tpm, Tokens, PtuSizing, W, Documented),
        )*]
    };
}

/// Foundry Models sold by Azure on the same page: Global and Data Zone
/// only (Regional "NA", so no Regional figure).
pub(super) const SIZES_OTHER_MODELS: &[Fact] = global_only! {
    "Llama-3.3-70B-Instruct" => 100.0, 100.0, 8_450.0;
    "DeepSeek-R1" => 100.0, 100.0, 4_000.0;
    "DeepSeek-V3-0324" => 100.0, 100.0, 4_000.0;
};

macro_rules! weights {
    ($($model:literal => $w:expr;)*) => {
        &[$(fact(Kind::PtuOutputWeight, $model, Provisioned, $w, Factor, PtuSizing, W, Documented),)*]
    };
}

/// One output token weighs this many input tokens ("output-to-input ratio"
/// of the sizing page; cached input tokens are fully deducted).
pub(super) const OUTPUT_WEIGHTS: &[Fact] = weights! {
    "gpt-5.5" => 6.0;
    "gpt-5.4" => 6.0;
    "gpt-5.3-codex" => 8.0;
    "gpt-5.2" => 8.0;
    "gpt-5.2-codex" => 8.0;
    "gpt-5.1" => 8.0;
    "gpt-5.1-codex" => 8.0;
    "gpt-5" => 8.0;
    "gpt-5-mini" => 8.0;
    "gpt-4.1" => 4.0;
    "gpt-4.1-mini" => 4.0;
    "gpt-4.1-nano" => 4.0;
    "o3" => 4.0;
    "o4-mini" => 4.0;
    "gpt-4o" => 4.0;
    "gpt-4o-mini" => 4.0;
    "o3-mini" => 4.0;
    "o1" => 4.0;
    "DeepSeek-R1" => 4.0;
    "DeepSeek-V3-0324" => 4.0;
    "Llama-3.3-70B-Instruct" => 4.0;
};

pub(super) const OTHER: &[Fact] = &[
    fact(Kind::PtuMaxPerDeployment, "any", Provisioned, 100_000.0, Count, AzureProvisioned, D, Documented),
    fact(Kind::PtuPriceHourly, "global", Provisioned, 1.0, UsdPerHour, AzurePricing, "2025-08", Unconfirmed),
    fact(Kind::PtuPriceMonthlyReserved, "global", Provisioned, 260.0, UsdPerMonth, AzurePricing, "2025-08", Unconfirmed),
    fact(Kind::PtuPriceYearlyReserved, "global", Provisioned, 221.0, UsdPerMonth, AzurePricing, "2025-08", Unconfirmed),
    // Data Zone and Regional: the community calculator's table, citing the
    // pricing page (Learn publishes the billing model, not the amounts).
    fact(Kind::PtuPriceHourly, "datazone", Provisioned, 1.10, UsdPerHour, PtuCalculator, "2026-02", Unconfirmed),
    fact(Kind::PtuPriceHourly, "regional", Provisioned, 2.00, UsdPerHour, PtuCalculator, "2026-02", Unconfirmed),
    fact(Kind::PtuPriceMonthlyReserved, "datazone", Provisioned, 286.0, UsdPerMonth, PtuCalculator, "2026-02", Unconfirmed),
    fact(Kind::PtuPriceMonthlyReserved, "regional", Provisioned, 286.0, UsdPerMonth, PtuCalculator, "2026-02", Unconfirmed),
    fact(Kind::PtuPriceYearlyReserved, "datazone", Provisioned, 243.0, UsdPerMonth, PtuCalculator, "2026-02", Unconfirmed),
    fact(Kind::PtuPriceYearlyReserved, "regional", Provisioned, 243.0, UsdPerMonth, PtuCalculator, "2026-02", Unconfirmed),
    // Spilled requests are billed at the standard deployment's token prices
    // (× 1); the mechanism (same resource, same data-processing level) is
    // documented on the spillover page.
    fact(Kind::SpilloverPriceFactor, "any", Provisioned, 1.0, Factor, AzureSpillover, "2026-01-30", Documented),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A model with an output weight has its throughput too: the weight
    /// alone sizes nothing (issue 38).
    #[test]
    fn every_weighted_model_has_its_input_tpm_per_ptu() {
        for w in OUTPUT_WEIGHTS {
            let tpm = super::super::builtin(Kind::InputTpmPerPtu, w.subject);
            assert!(tpm.is_some_and(|f| f.value > 0.0), "{}", w.subject);
            assert!(super::super::builtin(Kind::PtuMinGlobal, w.subject).is_some(), "{}", w.subject);
        }
    }
}
