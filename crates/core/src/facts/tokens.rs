//! Token-counting constants (OpenAI Cookbook estimates, not guarantees).

use super::{fact, Certainty::*, Fact, SourceId::*, Topic::TokenCounting as T, Unit::*};

const D: &str = "2025-11";

pub(super) const FACTS: &[Fact] = &[
    fact("tokens_per_message", "chat", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact("tokens_per_name", "chat", T, 1.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact("reply_priming_tokens", "chat", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact("tool_func_init", "gpt-4o", T, 7.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact("tool_prop_init", "gpt-4o", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact("tool_prop_key", "gpt-4o", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    // The cookbook's enum_init is −3; stored as the amount subtracted.
    fact("tool_enum_init_subtract", "gpt-4o", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact("tool_enum_item", "gpt-4o", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact("tool_func_end", "gpt-4o", T, 12.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact("image_low_detail_tokens", "gpt-4o", T, 85.0, Tokens, OpenAiCookbookTokens, D, Documented),
    fact("image_tile_tokens", "gpt-4o", T, 170.0, Tokens, OpenAiCookbookTokens, D, Documented),
    fact("image_base_tokens", "gpt-4o", T, 85.0, Tokens, OpenAiCookbookTokens, D, Documented),
];
