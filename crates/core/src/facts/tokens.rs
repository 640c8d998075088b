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

/// The newer vision guide (developers.openai.com, the revision that lists
/// GPT-5.6 and GPT-6): undated, read 2026-09.
const P: &str = "2026-09";

/// The tile figures that guide gives GPT-5.1 and GPT-5 (70 base, 140 per tile).
pub(super) const TILES_GPT5: &[Fact] = &[
    fact(Kind::ImageLowDetailTokens, "gpt-5.1", T, 70.0, Tokens, OpenAiVisionPatches, P, Documented),
    fact(Kind::ImageTileTokens, "gpt-5.1", T, 140.0, Tokens, OpenAiVisionPatches, P, Documented),
    fact(Kind::ImageBaseTokens, "gpt-5.1", T, 70.0, Tokens, OpenAiVisionPatches, P, Documented),
    fact(Kind::ImageLowDetailTokens, "gpt-5", T, 70.0, Tokens, OpenAiVisionPatches, P, Documented),
    fact(Kind::ImageTileTokens, "gpt-5", T, 140.0, Tokens, OpenAiVisionPatches, P, Documented),
    fact(Kind::ImageBaseTokens, "gpt-5", T, 70.0, Tokens, OpenAiVisionPatches, P, Documented),
];

/// The patch rule's side, in pixels (32 × 32 patches).
pub(super) const PATCH: &[Fact] = &[fact(Kind::ImagePatchMaxSidePx, "patch", T, 32.0, Count, OpenAiVisionPatches, P, Documented)];

// The models that count images as 32-px patches × a multiplier (the vision
// guide's "patch-based image tokenization"): the multiplier
// (`image_patch_multiplier.{model}`) and, per detail level, the longest side
// the image is first fitted in (`image_patch_max_side_px.{model}/{detail}`,
// 0 = none) and the patch budget (`image_patch_budget.{model}/{detail}`,
// 0 = none). A model with a multiplier takes the patch rule; every other
// model the tile rule. A detail level without figures takes `high`'s.
macro_rules! patch_model {
    ($source:expr, $as_of:expr; $($model:literal, $mult:expr $(, $detail:literal => $side:expr, $budget:expr)*;)*) => {
        &[$(
            fact(Kind::ImagePatchMultiplier, $model, T, $mult, Factor, $source, $as_of, Documented),
            $(
                fact(Kind::ImagePatchMaxSidePx, concat!($model, "/", $detail), T, $side, Count, $source, $as_of, Documented),
                fact(Kind::ImagePatchBudget, concat!($model, "/", $detail), T, $budget, Count, $source, $as_of, Documented),
            )*
        )*]
    };
}

/// The models of the guide's sizing table, every detail level.
pub(super) const PATCH_MODELS: &[Fact] = patch_model! { OpenAiVisionPatches, P;
    "gpt-5.6-sol", 1.2, "low" => 512.0, 0.0, "high" => 2048.0, 2500.0, "original" => 65535.0, 0.0, "auto" => 65535.0, 0.0;
    "gpt-5.6-terra", 1.2, "low" => 512.0, 0.0, "high" => 2048.0, 2500.0, "original" => 65535.0, 0.0, "auto" => 65535.0, 0.0;
    "gpt-5.6-luna", 1.2, "low" => 512.0, 0.0, "high" => 2048.0, 2500.0, "original" => 65535.0, 0.0, "auto" => 65535.0, 0.0;
    "gpt-5.5", 1.2, "low" => 512.0, 0.0, "high" => 2048.0, 2500.0, "original" => 6000.0, 10000.0, "auto" => 6000.0, 10000.0;
    "gpt-5.4", 1.2, "low" => 2048.0, 6144.0, "high" => 2048.0, 2500.0, "original" => 6000.0, 10000.0, "auto" => 2048.0, 2500.0;
    "gpt-5.4-mini", 1.2, "low" => 2048.0, 6144.0, "high" => 2048.0, 2500.0, "original" => 6000.0, 10000.0, "auto" => 2048.0, 2500.0;
    "gpt-5.4-nano", 1.2, "low" => 2048.0, 6144.0, "high" => 2048.0, 2500.0, "original" => 6000.0, 10000.0, "auto" => 2048.0, 2500.0;
    "gpt-5.2", 1.2, "high" => 2048.0, 6144.0;
    "gpt-4.1-mini", 1.62, "high" => 2048.0, 6144.0;
};

/// The deprecated models the guide lists beside the table: their
/// multipliers (newer revision); their budget is the earlier revision's
/// 1,536 patches, with no side limit.
pub(super) const PATCH_DEPRECATED: &[Fact] = &[
    fact(Kind::ImagePatchMultiplier, "gpt-5-mini", T, 1.2, Factor, OpenAiVisionPatches, P, Documented),
    fact(Kind::ImagePatchMultiplier, "gpt-5-nano", T, 1.5, Factor, OpenAiVisionPatches, P, Documented),
    fact(Kind::ImagePatchMultiplier, "gpt-4.1-nano", T, 2.46, Factor, OpenAiVisionPatches, P, Documented),
    fact(Kind::ImagePatchMultiplier, "o4-mini", T, 1.72, Factor, OpenAiVisionPatches, P, Documented),
    fact(Kind::ImagePatchMaxSidePx, "gpt-5-mini/high", T, 0.0, Count, OpenAiVision, V, Documented),
    fact(Kind::ImagePatchBudget, "gpt-5-mini/high", T, 1536.0, Count, OpenAiVision, V, Documented),
    fact(Kind::ImagePatchMaxSidePx, "gpt-5-nano/high", T, 0.0, Count, OpenAiVision, V, Documented),
    fact(Kind::ImagePatchBudget, "gpt-5-nano/high", T, 1536.0, Count, OpenAiVision, V, Documented),
    fact(Kind::ImagePatchMaxSidePx, "gpt-4.1-nano/high", T, 0.0, Count, OpenAiVision, V, Documented),
    fact(Kind::ImagePatchBudget, "gpt-4.1-nano/high", T, 1536.0, Count, OpenAiVision, V, Documented),
    fact(Kind::ImagePatchMaxSidePx, "o4-mini/high", T, 0.0, Count, OpenAiVision, V, Documented),
    fact(Kind::ImagePatchBudget, "o4-mini/high", T, 1536.0, Count, OpenAiVision, V, Documented),
];
