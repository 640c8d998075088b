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
/// against (its revision is the source's `path@commit`, its date the as-of;
/// 1 = checked, 0 = off), and the minimums the live service enforces where
/// the spec gives none (the service's own answers, recorded in public issues).
pub(super) const BODY: &[Fact] = &[
    fact(Kind::BodySchema, "openai", BatchFile, 1.0, Factor, OpenAiApiSpec, "2026-08-21", Documented),
    // Azure's v1 spec names no date and the stored copy gives no commit
    // date: the as-of is the day the whole file was read and extracted.
    fact(Kind::BodySchema, "azure", BatchFile, 1.0, Factor, AzureInferenceSpec, "2026-12-05", Documented),
    fact(Kind::BodyMinimum, "chat.max_tokens", BatchFile, 1.0, Tokens, ThirdParty, "2025-11", Unconfirmed),
    fact(Kind::BodyMinimum, "chat.max_completion_tokens", BatchFile, 1.0, Tokens, ThirdParty, "2025-11", Unconfirmed),
];

/// The parameters the rules look at (the fast path keeps them).
pub const REASONING_PARAMS: &[&str] =
    &["temperature", "top_p", "presence_penalty", "frequency_penalty", "max_tokens", "logprobs", "top_logprobs", "logit_bias"];

/// What a rule or a finding rests on: the vendor's spec or docs, a recorded
/// answer of the service (a public issue quoting its 400), or an inference
/// (unconfirmed, or another vendor's rule: at most a warning). The batch
/// check's findings carry it too (`batch::Evidence`, `batch/evidence.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Evidence {
    /// The vendor's spec or documentation says so.
    Documented,
    /// The service answered so, on record (a public issue quoting its 400,
    /// a recorded output or error file).
    Observed,
    /// Inferred, unconfirmed, or another vendor's rule: at most a warning.
    #[default]
    Inferred,
}

impl Evidence {
    pub fn as_str(self) -> &'static str {
        match self {
            Evidence::Documented => "documented",
            Evidence::Observed => "observed",
            Evidence::Inferred => "inferred",
        }
    }
}

/// One row of the model-family table: a fact (overridable on /facts), how
/// it is known, where, and what the sources say beside it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelRule {
    pub fact: Fact,
    pub evidence: Evidence,
    pub url: &'static str,
    pub note: &'static str,
    /// Azure's own docs or recorded answer, where there is one (without it,
    /// the rule is another vendor's for an Azure file: a warning).
    pub azure: Option<&'static str>,
}

/// A row with Azure's source.
const fn with_azure(mut r: ModelRule, url: &'static str) -> ModelRule {
    r.azure = Some(url);
    r
}

/// Six rows with Azure's source.
const fn azure6(mut g: [ModelRule; 6], url: &'static str) -> [ModelRule; 6] {
    let mut i = 0;
    while i < 6 {
        g[i].azure = Some(url);
        i += 1;
    }
    g
}

/// The reasoning effort values a model family may be sent, in the order
/// the service lists them ("Supported values are: 'none', 'low', …").
pub const EFFORT_VALUES: &[&str] = &["none", "minimal", "low", "medium", "high", "xhigh"];

use Evidence::{Documented as Doc, Inferred as Inf, Observed as Obs};

const fn rule(
    kind: Kind,
    subject: &'static str,
    value: f64,
    evidence: Evidence,
    url: &'static str,
    as_of: &'static str,
    note: &'static str,
) -> ModelRule {
    let (source, certainty) = match evidence {
        Evidence::Documented => (OpenAiReasoning, Documented),
        _ => (ThirdParty, Unconfirmed),
    };
    ModelRule { fact: fact(kind, subject, Models, value, Factor, source, as_of, certainty), evidence, url, note, azure: None }
}

/// Six rows, one per effort value (1 = taken), for family `$fam`.
macro_rules! efforts {
    ($fam:literal, [$none:expr, $minimal:expr, $low:expr, $medium:expr, $high:expr, $xhigh:expr], $ev:expr, $url:expr, $as_of:literal, $note:expr) => {
        [
            rule(Kind::ModelEffort, concat!($fam, ".none"), $none, $ev, $url, $as_of, $note),
            rule(Kind::ModelEffort, concat!($fam, ".minimal"), $minimal, $ev, $url, $as_of, $note),
            rule(Kind::ModelEffort, concat!($fam, ".low"), $low, $ev, $url, $as_of, $note),
            rule(Kind::ModelEffort, concat!($fam, ".medium"), $medium, $ev, $url, $as_of, $note),
            rule(Kind::ModelEffort, concat!($fam, ".high"), $high, $ev, $url, $as_of, $note),
            rule(Kind::ModelEffort, concat!($fam, ".xhigh"), $xhigh, $ev, $url, $as_of, $note),
        ]
    };
}

const AZURE_REASONING: &str = "https://github.com/MicrosoftDocs/azure-ai-docs/blob/main/articles/foundry/openai/how-to/reasoning.md";

const GPT5: [ModelRule; 6] = azure6(
    efforts!(
        "gpt-5",
        [0.0, 1.0, 1.0, 1.0, 1.0, 0.0],
        Obs,
        "https://github.com/kaitranntt/ccs/issues/344",
        "2026-01-16",
        "Recorded refusal of 'xhigh' on gpt-5-mini quotes the supported list; the same list for the gpt-5 family (Azure's reasoning page)."
    ),
    AZURE_REASONING,
);
const GPT5_MINI: [ModelRule; 6] = azure6(
    efforts!("gpt-5-mini", [0.0, 1.0, 1.0, 1.0, 1.0, 0.0], Obs, "https://github.com/kaitranntt/ccs/issues/344", "2026-01-16", "Unsupported value: 'reasoning_effort' does not support 'xhigh' with this model. Supported values are: 'minimal', 'low', 'medium', and 'high'."),
    AZURE_REASONING,
);
const GPT5_NANO: [ModelRule; 6] = azure6(
    efforts!(
        "gpt-5-nano",
        [0.0, 1.0, 1.0, 1.0, 1.0, 0.0],
        Obs,
        "https://github.com/kaitranntt/ccs/issues/344",
        "2026-01-16",
        "The gpt-5 family's list (recorded for gpt-5-mini; Azure's reasoning page gives one list for gpt-5, gpt-5-mini and gpt-5-nano)."
    ),
    AZURE_REASONING,
);
const GPT51: [ModelRule; 6] = efforts!("gpt-5.1", [1.0, 0.0, 1.0, 1.0, 1.0, 0.0], Obs, "https://github.com/openai/openai-agents-python/issues/2089", "2025-11-17", "Unsupported value: 'minimal' is not supported with the 'gpt-5.1' model. Supported values are: 'none', 'low', 'medium', and 'high'. (param reasoning.effort, code unsupported_value); the same on Chat Completions (nextai-translator/nextai-translator#1841).");
const GPT52: [ModelRule; 6] = {
    let mut g = efforts!("gpt-5.2", [1.0, 0.0, 1.0, 1.0, 1.0, 1.0], Doc, "https://platform.openai.com/docs/guides/latest-model#gpt-5-2-parameter-compatibility", "2025-12", "OpenAI documents none through xhigh for gpt-5.2; Azure's reasoning page says 'none' only for gpt-5.1 and 'xhigh' only for gpt-5.1-codex-max, but its own footnote lists gpt-5.2 with 'None': the vendors disagree, no refusal is recorded, OpenAI's list is used. 'minimal' is not in the documented list (refusal inferred).");
    // minimal: not in the documented list, no refusal recorded.
    g[1].evidence = Inf;
    g[1].fact.certainty = Unconfirmed;
    g
};
const GPT51_CHAT: [ModelRule; 6] = efforts!("gpt-5.1-chat", [0.0, 0.0, 0.0, 1.0, 0.0, 0.0], Obs, "https://github.com/Laisky/one-api/issues/266", "2025-11-14", "Unsupported value: 'high' is not supported with the 'gpt-5.1-chat-latest' model. Supported values are: 'medium'. (param reasoning.effort, code unsupported_value)");
const GPT52_CHAT: [ModelRule; 6] = efforts!("gpt-5.2-chat", [0.0, 0.0, 0.0, 1.0, 0.0, 0.0], Obs, "https://github.com/egoist/chatwise-releases/issues/1257", "2026-02-26", "Unsupported value: 'reasoning_effort' does not support 'high' with this model. Supported values are: 'medium'. (param reasoning_effort, code unsupported_value); the Responses form for gpt-5.2-chat-2025-12-11 in Laisky/one-api#285.");
const O1: [ModelRule; 6] = azure6(
    efforts!(
        "o1",
        [0.0, 0.0, 1.0, 1.0, 1.0, 0.0],
        Doc,
        AZURE_REASONING,
        "2026-02-24",
        "reasoning_effort can be set to low, medium, or high for all reasoning models except o1-mini; GPT-5 models add minimal."
    ),
    AZURE_REASONING,
);
const O3: [ModelRule; 6] = azure6(
    efforts!(
        "o3",
        [0.0, 0.0, 1.0, 1.0, 1.0, 0.0],
        Doc,
        AZURE_REASONING,
        "2026-02-24",
        "reasoning_effort can be set to low, medium, or high for all reasoning models except o1-mini; GPT-5 models add minimal."
    ),
    AZURE_REASONING,
);
const O3_MINI: [ModelRule; 6] = azure6(
    efforts!(
        "o3-mini",
        [0.0, 0.0, 1.0, 1.0, 1.0, 0.0],
        Doc,
        AZURE_REASONING,
        "2026-02-24",
        "reasoning_effort can be set to low, medium, or high for all reasoning models except o1-mini; GPT-5 models add minimal."
    ),
    AZURE_REASONING,
);
const O4_MINI: [ModelRule; 6] = azure6(
    efforts!(
        "o4-mini",
        [0.0, 0.0, 1.0, 1.0, 1.0, 0.0],
        Doc,
        AZURE_REASONING,
        "2026-02-24",
        "reasoning_effort can be set to low, medium, or high for all reasoning models except o1-mini; GPT-5 models add minimal."
    ),
    AZURE_REASONING,
);

/// Roles and parameters each family refuses (1 = refused; 0 lifts the rule).
/// A parameter's subject is `family.param`, `reasoning.effort` for the
/// Responses form of the effort.
const REFUSALS: &[ModelRule] = &[
    // "Unsupported value: 'messages[0].role' does not support 'system' with this model." param messages[0].role, code unsupported_value.
    // The issue is about o1-mini deployed on Azure AI Foundry; the test in it ran against OpenAI.
    with_azure(
        rule(Kind::ModelRefusesRole, "o1-mini.system", 1.0, Obs, "https://github.com/microsoft/agent-framework/issues/1077", "2025-10-01", "o1-mini and o1-mini-2024-09-12 refuse a system message; o1, o3-mini, o3, o4-mini take it (same test)."),
        "https://github.com/microsoft/agent-framework/issues/1077",
    ),
    rule(Kind::ModelRefusesRole, "o1-mini.developer", 1.0, Obs, "https://github.com/lobehub/lobehub/issues/5704", "2025-02-03", "Unsupported value: 'messages[0].role' does not support 'developer' with this model. (o1-preview and o1-mini)"),
    rule(Kind::ModelRefusesRole, "o1-preview.system", 1.0, Obs, "https://github.com/janhq/jan/issues/4392", "2025-01-03", "Unsupported value: 'messages[0].role' does not support 'system' with `o1-mini` & `o1-preview`."),
    rule(Kind::ModelRefusesRole, "o1-preview.developer", 1.0, Obs, "https://github.com/run-llama/llama_index/issues/17395", "2024-12-31", "Unsupported value: 'messages[0].role' does not support 'developer' with this model. (model o1-preview; param messages[0].role, code unsupported_value)"),
    // "The following parameters are only supported when using GPT-5.2 with reasoning effort set to
    // none: temperature, top_p, logprobs. Requests to GPT-5.2 or GPT-5.1 with any other reasoning
    // effort setting, or to any older GPT-5 model ... will raise an error." Both default to none.
    rule(Kind::ModelSamplingAtNone, "gpt-5.1", 1.0, Doc, "https://platform.openai.com/docs/guides/latest-model#gpt-5-2-parameter-compatibility", "2025-12", "temperature, top_p and logprobs only at reasoning effort none, gpt-5.1's default."),
    rule(Kind::ModelSamplingAtNone, "gpt-5.2", 1.0, Doc, "https://platform.openai.com/docs/guides/latest-model#gpt-5-2-parameter-compatibility", "2025-12", "temperature, top_p and logprobs only at reasoning effort none, gpt-5.2's default."),
    // "Unsupported parameter: 'stop' is not supported with this model." param stop, code unsupported_parameter.
    rule(Kind::ModelRefusesParam, "o3.stop", 1.0, Obs, "https://github.com/crewAIInc/crewAI/issues/2738", "2025-05-01", "o3-mini takes stop (huggingface/smolagents#2366)."),
    rule(Kind::ModelRefusesParam, "o4-mini.stop", 1.0, Obs, "https://github.com/langgenius/dify/issues/18971", "2025-04-28", "Unsupported parameter: 'stop' is not supported with this model."),
    with_azure(rule(Kind::ModelRefusesParam, "o1-mini.reasoning_effort", 1.0, Doc, AZURE_REASONING, "2026-02-24", "reasoning_effort can be set for all reasoning models except o1-mini (the refusal's text is the service's usual form, not recorded)."), AZURE_REASONING),
    // Azure gpt-5-chat refuses reasoning_effort (the report names the refusal; its words are not quoted).
    with_azure(rule(Kind::ModelRefusesParam, "gpt-5-chat.reasoning_effort", 1.0, Obs, "https://github.com/logancyang/obsidian-copilot/issues/1712", "2025-08-13", "Azure gpt-5-chat refuses the reasoning_effort field (the Chat form of the gpt-5-chat refusal below; the report does not quote the service's words)."), "https://github.com/logancyang/obsidian-copilot/issues/1712"),
    // Azure's gpt-5.1 refuses 'none', which OpenAI's takes: "Invalid value: 'none'. Supported values are: 'low', 'medium', and 'high'." (code invalid_value).
    with_azure(rule(Kind::ModelEffort, "azure.gpt-5.1.none", 0.0, Obs, "https://github.com/BerriAI/litellm/issues/16704", "2025-11-16", "Azure's answer for a gpt-5.1 deployment; OpenAI's gpt-5.1 takes 'none'. Azure lists low, medium and high."), "https://github.com/BerriAI/litellm/issues/16704"),
    with_azure(rule(Kind::ModelEffort, "azure.gpt-5.1.minimal", 0.0, Obs, "https://github.com/BerriAI/litellm/issues/16704", "2025-11-16", "Azure's list for gpt-5.1: low, medium and high."), "https://github.com/BerriAI/litellm/issues/16704"),
    with_azure(rule(Kind::ModelEffort, "azure.gpt-5.1.low", 1.0, Obs, "https://github.com/BerriAI/litellm/issues/16704", "2025-11-16", "Azure's list for gpt-5.1: low, medium and high."), "https://github.com/BerriAI/litellm/issues/16704"),
    with_azure(rule(Kind::ModelEffort, "azure.gpt-5.1.medium", 1.0, Obs, "https://github.com/BerriAI/litellm/issues/16704", "2025-11-16", "Azure's list for gpt-5.1: low, medium and high."), "https://github.com/BerriAI/litellm/issues/16704"),
    with_azure(rule(Kind::ModelEffort, "azure.gpt-5.1.high", 1.0, Obs, "https://github.com/BerriAI/litellm/issues/16704", "2025-11-16", "Azure's list for gpt-5.1: low, medium and high."), "https://github.com/BerriAI/litellm/issues/16704"),
    with_azure(rule(Kind::ModelEffort, "azure.gpt-5.1.xhigh", 0.0, Obs, "https://github.com/BerriAI/litellm/issues/16704", "2025-11-16", "Azure's list for gpt-5.1: low, medium and high."), "https://github.com/BerriAI/litellm/issues/16704"),
    rule(Kind::ModelRefusesParam, "gpt-5-chat.reasoning.effort", 1.0, Obs, "https://github.com/Laisky/one-api/issues/120", "2025-08-14", "Unsupported parameter: 'reasoning.effort' is not supported with this model. (gpt-5-chat-latest; param reasoning.effort, code unsupported_parameter)"),
    // Non-reasoning models: Chat Completions answers "Unrecognized request
    // argument supplied: reasoning_effort" (param null, code null),
    // Responses "Unsupported parameter: 'reasoning.effort' is not supported with this model."
    rule(Kind::ModelRefusesParam, "gpt-4o.reasoning_effort", 1.0, Obs, "https://github.com/AAswordman/Operit/issues/1048", "2026-08-28", "OpenAI's endpoint, gpt-4o: Unrecognized request argument supplied: reasoning_effort (param null, code null)."),
    rule(Kind::ModelRefusesParam, "gpt-4o.reasoning.effort", 1.0, Obs, "https://github.com/RageAgainstThePixel/OpenAI-DotNet/issues/500", "2025-10-24", "Unsupported parameter: 'reasoning.effort' is not supported with this model. (param reasoning.effort, code unsupported_parameter)"),
    rule(Kind::ModelRefusesParam, "gpt-4o-mini.reasoning_effort", 1.0, Obs, "https://github.com/davidmigloz/langchain_dart/issues/712", "2025-06-04", "gpt-4o-mini on api.openai.com: Unrecognized request argument supplied: reasoning_effort (param null, code null)."),
    rule(Kind::ModelRefusesParam, "gpt-4o-mini.reasoning.effort", 1.0, Inf, "https://github.com/RageAgainstThePixel/OpenAI-DotNet/issues/500", "2025-10-24", "Recorded for gpt-4o; gpt-4o-mini is the same kind of model (inferred)."),
    rule(Kind::ModelRefusesParam, "gpt-4.1.reasoning_effort", 1.0, Inf, "https://github.com/formulahendry/wechat-acp/issues/16", "2026-03-30", "Recorded through GitHub Copilot's API, not OpenAI's: inferred for the service."),
    rule(Kind::ModelRefusesParam, "gpt-4.1.reasoning.effort", 1.0, Obs, "https://github.com/BoundaryML/baml/pull/2708", "2025-11-08", "Unsupported parameter: 'reasoning.effort' is not supported with this model. (gpt-4.1; param reasoning.effort, code unsupported_parameter)"),
    rule(Kind::ModelRefusesParam, "gpt-4.1-mini.reasoning_effort", 1.0, Inf, "https://github.com/davidmigloz/langchain_dart/issues/712", "2025-06-04", "Recorded for gpt-4o-mini; gpt-4.1-mini is not a reasoning model (inferred)."),
    rule(Kind::ModelRefusesParam, "gpt-4.1-mini.reasoning.effort", 1.0, Inf, "https://github.com/BoundaryML/baml/pull/2708", "2025-11-08", "Recorded for gpt-4.1 (inferred for gpt-4.1-mini)."),
    rule(Kind::ModelRefusesParam, "gpt-4.1-nano.reasoning_effort", 1.0, Inf, "https://github.com/davidmigloz/langchain_dart/issues/712", "2025-06-04", "Recorded for gpt-4o-mini; gpt-4.1-nano is not a reasoning model (inferred)."),
    rule(Kind::ModelRefusesParam, "gpt-4.1-nano.reasoning.effort", 1.0, Inf, "https://github.com/BoundaryML/baml/pull/2708", "2025-11-08", "Recorded for gpt-4.1 (inferred for gpt-4.1-nano)."),
];

const fn concat_rules<const N: usize>(parts: &[&[ModelRule]]) -> [ModelRule; N] {
    let mut out = [REFUSALS[0]; N];
    let (mut i, mut n) = (0, 0);
    while i < parts.len() {
        let mut j = 0;
        while j < parts[i].len() {
            out[n] = parts[i][j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(n == N, "the model rule table's length");
    out
}

const RULE_COUNT: usize = REFUSALS.len() + 6 * 11;

/// The model-family table: each row's fact, evidence, source and note.
pub const MODEL_RULES: &[ModelRule] = &concat_rules::<RULE_COUNT>(&[
    REFUSALS,
    &GPT5,
    &GPT5_MINI,
    &GPT5_NANO,
    &GPT51,
    &GPT52,
    &GPT51_CHAT,
    &GPT52_CHAT,
    &O1,
    &O3,
    &O3_MINI,
    &O4_MINI,
]);

const fn facts_of<const N: usize>(rules: &[ModelRule]) -> [Fact; N] {
    let mut out = [rules[0].fact; N];
    let mut i = 0;
    while i < N {
        out[i] = rules[i].fact;
        i += 1;
    }
    out
}

/// The table's facts, for the catalog.
pub(super) const RULE_FACTS: &[Fact] = &facts_of::<RULE_COUNT>(MODEL_RULES);

/// Its row for a fact (kind and subject), if any.
pub fn model_rule(kind: Kind, subject: &str) -> Option<&'static ModelRule> {
    MODEL_RULES.iter().find(|r| r.fact.kind == kind && r.fact.subject == subject)
}

/// The family a model name belongs to, for the rules: the longest family of
/// the table that the name is, or is a dated or versioned spelling of
/// (`o3-2025-04-16`, `gpt-5.1-2025-11-13`, `gpt-5.2-chat-latest`); `o1` is
/// not `o1-mini`, `gpt-5` is not `gpt-5.1`.
pub fn rule_family(model: &str) -> Option<&'static str> {
    let name = model.trim().to_ascii_lowercase();
    let family = |subject: &'static str| -> &'static str {
        // Families never hold the param part's dot after a digit run ("gpt-5.1.none" → "gpt-5.1").
        EFFORT_VALUES
            .iter()
            .chain(["system", "developer", "stop", "reasoning_effort", "reasoning.effort"].iter())
            .find_map(|tail| subject.strip_suffix(tail).and_then(|f| f.strip_suffix('.')))
            .unwrap_or(subject)
    };
    MODEL_RULES
        .iter()
        .map(|r| family(r.fact.subject))
        .filter(|f| match name.strip_prefix(f) {
            Some("") => true,
            Some(rest) => rest
                .strip_prefix('-')
                .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()) || v == "latest" || v.starts_with("preview")),
            None => false,
        })
        .max_by_key(|f| f.len())
}
