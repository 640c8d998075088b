//! Token prices (Global list prices, USD per 1M tokens) and the factors
//! that derive other prices from them.

use super::Kind;
use super::{fact, Certainty::*, Fact, SourceId::*, Topic::Prices, Unit::*};

const D: &str = "2025-11";

macro_rules! prices {
    ($($model:literal => $input:expr, $cached:expr, $output:expr;)*) => {
        &[$(
            fact(Kind::PriceInput, $model, Prices, $input, UsdPerMTokens, AzurePricing, D, Documented),
            fact(Kind::PriceCachedInput, $model, Prices, $cached, UsdPerMTokens, AzurePricing, D, Documented),
            fact(Kind::PriceOutput, $model, Prices, $output, UsdPerMTokens, AzurePricing, D, Documented),
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
    fact(Kind::PriceInput, "text-embedding-3-small", Prices, 0.02, UsdPerMTokens, AzurePricing, D, Documented),
    fact(Kind::PriceInput, "text-embedding-3-large", Prices, 0.13, UsdPerMTokens, AzurePricing, D, Documented),
    fact(Kind::BatchPriceFactor, "any", Prices, 0.5, Factor, AzurePricing, D, Documented),
    fact(Kind::DatazonePriceFactor, "any", Prices, 1.1, Factor, AzurePricing, D, Unconfirmed),
    fact(Kind::RegionalPriceFactor, "any", Prices, 1.1, Factor, AzurePricing, D, Unconfirmed),
    fact(Kind::CacheMinPrefixTokens, "any", Prices, 1_024.0, Tokens, OpenAiPromptCaching, D, Documented),
    fact(Kind::CacheStepTokens, "any", Prices, 128.0, Tokens, OpenAiPromptCaching, D, Documented),
];
