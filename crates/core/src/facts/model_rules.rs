//! What reasoning models refuse in a request body: parameters they take
//! only at their default, and parameters they do not take at all. The
//! batch check reads these (an override on /facts changes the rule: a
//! value of 0 for an unsupported parameter lifts it).

use super::Kind;
use super::{fact, Certainty::*, Fact, SourceId::*, Topic::BatchFile, Topic::Models, Unit::Factor, Unit::Tokens};

/// Subjects are body parameters; a default-only fact's value is the one value accepted.
pub(super) const FACTS: &[Fact] = &[
    fact(Kind::ReasoningDefaultOnly, "temperature", Models, 1.0, Factor, OpenAiReasoning, "2026-08", Documented),
    fact(Kind::ReasoningDefaultOnly, "top_p", Models, 1.0, Factor, OpenAiReasoning, "2026-08", Documented),
    fact(Kind::ReasoningDefaultOnly, "presence_penalty", Models, 0.0, Factor, OpenAiReasoning, "2026-08", Documented),
    fact(Kind::ReasoningDefaultOnly, "frequency_penalty", Models, 0.0, Factor, OpenAiReasoning, "2026-08", Documented),
    // 1 = refused. max_tokens: "Use 'max_completion_tokens' instead."
    fact(Kind::ReasoningUnsupportedParam, "max_tokens", Models, 1.0, Factor, OpenAiReasoning, "2026-08", Documented),
    fact(Kind::ReasoningUnsupportedParam, "logprobs", Models, 1.0, Factor, OpenAiReasoning, "2026-08", Unconfirmed),
    fact(Kind::ReasoningUnsupportedParam, "top_logprobs", Models, 1.0, Factor, OpenAiReasoning, "2026-08", Unconfirmed),
    fact(Kind::ReasoningUnsupportedParam, "logit_bias", Models, 1.0, Factor, OpenAiReasoning, "2026-08", Unconfirmed),
];

/// The request-body checks: the vendor spec each dialect's bodies are checked
/// against (its revision is the source's `path@commit`, its date the as-of —
/// for Azure's v1 spec the day its stored copy was read, its commit date not
/// being in that copy;
/// 1 = checked, 0 = off), and the minimums the live service enforces where
/// the spec gives none (the service's own answers, recorded in public issues).
pub(super) const BODY: &[Fact] = &[
    fact(Kind::BodySchema, "openai", BatchFile, 1.0, Factor, OpenAiApiSpec, "2026-08-21", Documented),
    fact(Kind::BodySchema, "azure", BatchFile, 1.0, Factor, AzureInferenceSpec, "2026-12-05", Documented),
    fact(Kind::BodyMinimum, "chat.max_tokens", BatchFile, 1.0, Tokens, ThirdParty, "2025-11", Unconfirmed),
    fact(Kind::BodyMinimum, "chat.max_completion_tokens", BatchFile, 1.0, Tokens, ThirdParty, "2025-11", Unconfirmed),
];

/// The parameters the rules look at (the fast path keeps them).
pub const REASONING_PARAMS: &[&str] =
    &["temperature", "top_p", "presence_penalty", "frequency_penalty", "max_tokens", "logprobs", "top_logprobs", "logit_bias"];
