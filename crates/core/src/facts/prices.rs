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

macro_rules! priced {
    ($source:expr, $as_of:expr, $certainty:expr; $($model:literal => $input:expr, $cached:expr, $output:expr;)*) => {
        &[$(
            fact(Kind::PriceInput, $model, Prices, $input, UsdPerMTokens, $source, $as_of, $certainty),
            fact(Kind::PriceCachedInput, $model, Prices, $cached, UsdPerMTokens, $source, $as_of, $certainty),
            fact(Kind::PriceOutput, $model, Prices, $output, UsdPerMTokens, $source, $as_of, $certainty),
        )*]
    };
}

/// Standard (short-context) prices read on OpenAI's own model pages. The
/// gpt-5.4 page's stored copy names no date; it predates GPT-5.5 (it
/// compares with GPT-5.2). Prompts above 272K input tokens cost 2× input and
/// 1.5× output there (standard, batch and flex): not modelled.
pub(super) const TOKEN_PRICES_OPENAI_PAGES: &[Fact] = priced! { OpenAiModelPages, "2026-03", Documented;
    "gpt-5.4" => 2.50, 0.25, 15.00;
};

/// Input and output prices on OpenAI's models overview (the revision that
/// names GPT-6 Astra the flagship, 2026-09, after the 2026-07-30 cuts of
/// GPT-5.6); their cached-input prices are not on that page (below).
pub(super) const TOKEN_PRICES_OPENAI_OVERVIEW: &[Fact] = &[
    fact(Kind::PriceInput, "gpt-6-astra", Prices, 10.00, UsdPerMTokens, OpenAiModelPages, "2026-09", Documented),
    fact(Kind::PriceOutput, "gpt-6-astra", Prices, 50.00, UsdPerMTokens, OpenAiModelPages, "2026-09", Documented),
    fact(Kind::PriceInput, "gpt-5.6-sol", Prices, 4.00, UsdPerMTokens, OpenAiModelPages, "2026-09", Documented),
    fact(Kind::PriceOutput, "gpt-5.6-sol", Prices, 20.00, UsdPerMTokens, OpenAiModelPages, "2026-09", Documented),
    fact(Kind::PriceInput, "gpt-5.6-terra", Prices, 2.00, UsdPerMTokens, OpenAiModelPages, "2026-09", Documented),
    fact(Kind::PriceOutput, "gpt-5.6-terra", Prices, 12.00, UsdPerMTokens, OpenAiModelPages, "2026-09", Documented),
    fact(Kind::PriceInput, "gpt-5.6-luna", Prices, 0.20, UsdPerMTokens, OpenAiModelPages, "2026-09", Documented),
    fact(Kind::PriceOutput, "gpt-5.6-luna", Prices, 1.20, UsdPerMTokens, OpenAiModelPages, "2026-09", Documented),
    // Cached input at a tenth of input, as third parties report the pricing page.
    fact(Kind::PriceCachedInput, "gpt-6-astra", Prices, 1.00, UsdPerMTokens, OpenAiPriceReports, "2026-09", Unconfirmed),
    fact(Kind::PriceCachedInput, "gpt-5.6-sol", Prices, 0.40, UsdPerMTokens, OpenAiPriceReports, "2026-09", Unconfirmed),
    fact(Kind::PriceCachedInput, "gpt-5.6-terra", Prices, 0.20, UsdPerMTokens, OpenAiPriceReports, "2026-09", Unconfirmed),
    fact(Kind::PriceCachedInput, "gpt-5.6-luna", Prices, 0.02, UsdPerMTokens, OpenAiPriceReports, "2026-09", Unconfirmed),
];

/// Prices of OpenAI's pricing page as third parties report it (dated
/// reports that agree with each other); the vendor's page itself was not
/// read, hence unconfirmed. Azure's Global Standard price of these models
/// is not in the catalog's sources either: these stand in for it.
pub(super) const TOKEN_PRICES_REPORTED: &[Fact] = priced! { OpenAiPriceReports, "2026-06", Unconfirmed;
    "gpt-5.5" => 5.00, 0.50, 30.00;
    "gpt-5.4-mini" => 0.75, 0.075, 4.50;
    "gpt-5.4-nano" => 0.20, 0.02, 1.25;
    "gpt-5.3-codex" => 1.75, 0.175, 14.00;
    "gpt-5.2" => 1.75, 0.175, 14.00;
};

/// GPT-6 Sol and Luna (2026-09-22), reported the same way.
pub(super) const TOKEN_PRICES_REPORTED_GPT6: &[Fact] = priced! { OpenAiPriceReports, "2026-09", Unconfirmed;
    "gpt-6-sol" => 2.00, 0.20, 10.00;
    "gpt-6-luna" => 0.10, 0.01, 0.50;
};

/// gpt-5.4-pro: input and output only (the reports give no cached price).
pub(super) const TOKEN_PRICES_REPORTED_PRO: &[Fact] = &[
    fact(Kind::PriceInput, "gpt-5.4-pro", Prices, 30.00, UsdPerMTokens, OpenAiPriceReports, "2026-06", Unconfirmed),
    fact(Kind::PriceOutput, "gpt-5.4-pro", Prices, 180.00, UsdPerMTokens, OpenAiPriceReports, "2026-06", Unconfirmed),
];

pub(super) const FACTORS: &[Fact] = &[
    fact(Kind::PriceInput, "text-embedding-3-small", Prices, 0.02, UsdPerMTokens, AzurePricing, D, Documented),
    fact(Kind::PriceInput, "text-embedding-3-large", Prices, 0.13, UsdPerMTokens, AzurePricing, D, Documented),
    fact(Kind::BatchPriceFactor, "any", Prices, 0.5, Factor, AzurePricing, D, Documented),
    fact(Kind::DatazonePriceFactor, "any", Prices, 1.1, Factor, AzurePricing, D, Unconfirmed),
    fact(Kind::RegionalPriceFactor, "any", Prices, 1.1, Factor, AzurePricing, D, Unconfirmed),
    fact(Kind::CacheMinPrefixTokens, "any", Prices, 1_024.0, Tokens, OpenAiPromptCaching, D, Documented),
    fact(Kind::CacheStepTokens, "any", Prices, 128.0, Tokens, OpenAiPromptCaching, D, Documented),
];
