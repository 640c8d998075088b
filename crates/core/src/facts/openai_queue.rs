//! OpenAI's batch queue limit per usage tier and model: the input tokens
//! an organization may have queued in batches of one model at a time
//! ("Batch queue limit" in each model page's rate-limit table, Standard
//! context). Subject `"{model}/{tier}"`, tier 1 to 5. Only the models whose
//! pages were read are here; another model has no figure (and the check
//! says nothing about its queue).

use super::Kind;
use super::{fact, Certainty::*, Fact, SourceId::*, Topic::EnqueuedQuota, Unit::Tokens};

/// The model pages read in the dated copy of 2026-09-24 (gpt-6-astra,
/// gpt-4o, gpt-4o-mini) and in undated copies of the same month (the
/// others list GPT-5.6 and GPT-6, released 2026-07 to 2026-09).
const D: &str = "2026-09-24";
const S: &str = "2026-09";

/// The usage tiers OpenAI's pages list (Free has no batch).
pub const OPENAI_TIERS: [u8; 5] = [1, 2, 3, 4, 5];

macro_rules! queue {
    ($($model:literal, $as_of:expr => $t1:expr, $t2:expr, $t3:expr, $t4:expr, $t5:expr;)*) => {
        &[$(
            fact(Kind::OpenaiBatchQueueTokens, concat!($model, "/1"), EnqueuedQuota, $t1, Tokens, OpenAiModelPages, $as_of, Documented),
            fact(Kind::OpenaiBatchQueueTokens, concat!($model, "/2"), EnqueuedQuota, $t2, Tokens, OpenAiModelPages, $as_of, Documented),
            fact(Kind::OpenaiBatchQueueTokens, concat!($model, "/3"), EnqueuedQuota, $t3, Tokens, OpenAiModelPages, $as_of, Documented),
            fact(Kind::OpenaiBatchQueueTokens, concat!($model, "/4"), EnqueuedQuota, $t4, Tokens, OpenAiModelPages, $as_of, Documented),
            fact(Kind::OpenaiBatchQueueTokens, concat!($model, "/5"), EnqueuedQuota, $t5, Tokens, OpenAiModelPages, $as_of, Documented),
        )*]
    };
}

pub(super) const FACTS: &[Fact] = queue! {
    "gpt-6-astra", D => 1_500_000.0, 3_000_000.0, 100_000_000.0, 200_000_000.0, 15_000_000_000.0;
    "gpt-4o", D => 90_000.0, 1_350_000.0, 50_000_000.0, 200_000_000.0, 5_000_000_000.0;
    "gpt-4o-mini", D => 2_000_000.0, 20_000_000.0, 40_000_000.0, 1_000_000_000.0, 15_000_000_000.0;
    "gpt-6-luna", S => 5_000_000.0, 20_000_000.0, 40_000_000.0, 1_000_000_000.0, 15_000_000_000.0;
    "gpt-5.6-luna", S => 5_000_000.0, 20_000_000.0, 40_000_000.0, 1_000_000_000.0, 15_000_000_000.0;
    "gpt-5.4-nano", S => 2_000_000.0, 20_000_000.0, 40_000_000.0, 1_000_000_000.0, 15_000_000_000.0;
    "gpt-4.1-mini", S => 2_000_000.0, 20_000_000.0, 40_000_000.0, 1_000_000_000.0, 15_000_000_000.0;
};

/// The subject of `model`'s queue limit at `tier` (1 to 5).
pub fn openai_queue_subject(model: &str, tier: u8) -> String {
    format!("{model}/{tier}")
}
