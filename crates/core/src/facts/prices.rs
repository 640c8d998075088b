//! Token prices (Global list prices, USD per 1M tokens) and the factors
//! that derive other prices from them.

use super::{fact, Certainty::*, Fact, SourceId::*, Topic::Prices, Unit::*};

const D: &str = "2025-11";

macro_rules! prices {
    ($($model:literal => $input:expr, $cached:expr, $output:expr;)*) => {
        &[$(
            fact("price_input", $model, Prices, $input, UsdPerMTokens, AzurePricing, D, Documented),
            fact("price_cached_input", $model, Prices, $cached, UsdPerMTokens, AzurePricing, D, Documented),
            fact("price_output", $model, Prices, $output, UsdPerMTokens, AzurePricing, D, Documented),
        )*]
    };
}

pub(super) const TOKEN_PRICES: &[Fact] = prices! {
    "gpt-4o" => 2.50, 1.25, 10.00;
    "gpt-4o-mini" => 0.15, 0.075, 0.60;
    "gpt-4.1" => 2.00, 0.50, 8.00;
    "gpt-4.1-mini" => 0.40, 0.10, 1.60;
    "gpt-4.1-nano" => 0.10, 0.025, 0.40;
    "o3-mini" => 1.10, 0.55, 4.40;
    "o4-mini" => 1.10, 0.275, 4.40;
    "o3" => 2.00, 0.50, 8.00;
    "gpt-5" => 1.25, 0.125, 10.00;
    "gpt-5-mini" => 0.25, 0.025, 2.00;
    "gpt-5-nano" => 0.05, 0.005, 0.40;
};

pub(super) const FACTORS: &[Fact] = &[
    fact("price_input", "text-embedding-3-small", Prices, 0.02, UsdPerMTokens, AzurePricing, D, Documented),
    fact("price_input", "text-embedding-3-large", Prices, 0.13, UsdPerMTokens, AzurePricing, D, Documented),
    fact("batch_price_factor", "any", Prices, 0.5, Factor, AzurePricing, D, Documented),
    fact("datazone_price_factor", "any", Prices, 1.1, Factor, AzurePricing, D, Unconfirmed),
    fact("regional_price_factor", "any", Prices, 1.1, Factor, AzurePricing, D, Unconfirmed),
    fact("cache_min_prefix_tokens", "any", Prices, 1_024.0, Tokens, OpenAiPromptCaching, D, Documented),
    fact("cache_step_tokens", "any", Prices, 128.0, Tokens, OpenAiPromptCaching, D, Documented),
];
