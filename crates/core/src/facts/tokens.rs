//! Token-counting constants (OpenAI Cookbook estimates, not guarantees).

use super::Kind;
use super::{fact, Certainty::*, Fact, SourceId::*, Topic::TokenCounting as T, Unit::*};

const D: &str = "2025-11";
/// When the vision guide's figures were read.
const V: &str = "2025-11";

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
    // The tile formula of OpenAI's vision guide ("calculating costs"): fit in
    // a square of `fit` px, scale the short side down to `short` px, count
    // `tile`-px tiles; base + tiles × per tile (low detail: a flat figure).
    fact(Kind::ImageFitSidePx, "tile", T, 2048.0, Count, OpenAiVision, V, Documented),
    fact(Kind::ImageShortSidePx, "tile", T, 768.0, Count, OpenAiVision, V, Documented),
    fact(Kind::ImageTileSidePx, "tile", T, 512.0, Count, OpenAiVision, V, Documented),
    fact(Kind::ImageLowDetailTokens, "gpt-4.1", T, 85.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageTileTokens, "gpt-4.1", T, 170.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageBaseTokens, "gpt-4.1", T, 85.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageLowDetailTokens, "gpt-4o-mini", T, 2833.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageTileTokens, "gpt-4o-mini", T, 5667.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageBaseTokens, "gpt-4o-mini", T, 2833.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageLowDetailTokens, "o1", T, 75.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageTileTokens, "o1", T, 150.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageBaseTokens, "o1", T, 75.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageLowDetailTokens, "o3", T, 75.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageTileTokens, "o3", T, 150.0, Tokens, OpenAiVision, V, Documented),
    fact(Kind::ImageBaseTokens, "o3", T, 75.0, Tokens, OpenAiVision, V, Documented),
];
