//! Token-counting constants (OpenAI Cookbook estimates, not guarantees).

use super::Kind;
use super::{fact, Certainty::*, Fact, SourceId::*, Topic::TokenCounting as T, Unit::*};

const D: &str = "2025-11";

pub(super) const FACTS: &[Fact] = &[
    fact(Kind::TokensPerMessage, "chat", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact(Kind::TokensPerName, "chat", T, 1.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact(Kind::ReplyPrimingTokens, "chat", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact(Kind::ToolFuncInit, "gpt-4o", T, 7.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact(Kind::ToolPropInit, "gpt-4o", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact(Kind::ToolPropKey, "gpt-4o", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    // The cookbook's enum_init is −3; stored as the amount subtracted.
    fact(Kind::ToolEnumInitSubtract, "gpt-4o", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact(Kind::ToolEnumItem, "gpt-4o", T, 3.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact(Kind::ToolFuncEnd, "gpt-4o", T, 12.0, Tokens, OpenAiCookbookTokens, D, Unconfirmed),
    fact(Kind::ImageLowDetailTokens, "gpt-4o", T, 85.0, Tokens, OpenAiCookbookTokens, D, Documented),
    fact(Kind::ImageTileTokens, "gpt-4o", T, 170.0, Tokens, OpenAiCookbookTokens, D, Documented),
    fact(Kind::ImageBaseTokens, "gpt-4o", T, 85.0, Tokens, OpenAiCookbookTokens, D, Documented),
];
