//! The models the catalog knows: structure (family, encoding, kind) here,
//! numbers (context window, output maximum) as facts.

use super::Kind;
use super::{fact, Certainty::*, Fact, SourceId::*, Topic::Models, Unit::Tokens};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Encoding {
    O200kBase,
    Cl100kBase,
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::O200kBase => "o200k_base",
            Encoding::Cl100kBase => "cl100k_base",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "o200k_base" => Some(Encoding::O200kBase),
            "cl100k_base" => Some(Encoding::Cl100kBase),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Family {
    Gpt4o,
    Gpt41,
    Gpt5,
    Gpt6,
    OSeries,
    Gpt4,
    Gpt35,
    Embedding,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ModelKind {
    Chat,
    /// Wants `max_completion_tokens`, not `max_tokens`.
    Reasoning,
    Embedding,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Model {
    pub name: &'static str,
    pub family: Family,
    pub kind: ModelKind,
    pub encoding: Encoding,
    /// Other spellings that name this model (Azure's `gpt-35-turbo`, …).
    pub aliases: &'static [&'static str],
}

const fn m(name: &'static str, family: Family, kind: ModelKind, encoding: Encoding) -> Model {
    Model { name, family, kind, encoding, aliases: &[] }
}

use Encoding::*;
use Family::*;
use ModelKind::{Chat, Reasoning};

pub const MODELS: &[Model] = &[
    m("gpt-6.1-sol", Gpt6, Reasoning, O200kBase),
    m("gpt-6-astra", Gpt6, Reasoning, O200kBase),
    m("gpt-6-sol", Gpt6, Reasoning, O200kBase),
    m("gpt-6-luna", Gpt6, Reasoning, O200kBase),
    m("gpt-5.6-sol", Gpt5, Reasoning, O200kBase),
    m("gpt-5.6-terra", Gpt5, Reasoning, O200kBase),
    m("gpt-5.6-luna", Gpt5, Reasoning, O200kBase),
    // Azure's name of OpenAI's `chat-latest` ("GPT-5.5 Instant"): a fixed,
    // nonzero reasoning level, so it takes what reasoning models take.
    Model { name: "gpt-chat-latest", family: Gpt5, kind: Reasoning, encoding: O200kBase, aliases: &["chat-latest"] },
    m("gpt-5.5", Gpt5, Reasoning, O200kBase),
    m("gpt-5.4", Gpt5, Reasoning, O200kBase),
    m("gpt-5.4-pro", Gpt5, Reasoning, O200kBase),
    m("gpt-5.4-mini", Gpt5, Reasoning, O200kBase),
    m("gpt-5.4-nano", Gpt5, Reasoning, O200kBase),
    m("gpt-5.3-codex", Gpt5, Reasoning, O200kBase),
    m("gpt-5.2", Gpt5, Reasoning, O200kBase),
    m("gpt-5.2-codex", Gpt5, Reasoning, O200kBase),
    m("gpt-5.1-codex", Gpt5, Reasoning, O200kBase),
    m("gpt-5", Gpt5, Reasoning, O200kBase),
    m("gpt-5.1", Gpt5, Reasoning, O200kBase),
    m("gpt-5-mini", Gpt5, Reasoning, O200kBase),
    m("gpt-5-nano", Gpt5, Reasoning, O200kBase),
    m("gpt-4.1", Gpt41, Chat, O200kBase),
    m("gpt-4.1-mini", Gpt41, Chat, O200kBase),
    m("gpt-4.1-nano", Gpt41, Chat, O200kBase),
    m("gpt-4o", Gpt4o, Chat, O200kBase),
    m("gpt-4o-mini", Gpt4o, Chat, O200kBase),
    m("o1", OSeries, Reasoning, O200kBase),
    m("o1-mini", OSeries, Reasoning, O200kBase),
    m("o3", OSeries, Reasoning, O200kBase),
    m("o3-mini", OSeries, Reasoning, O200kBase),
    m("o3-pro", OSeries, Reasoning, O200kBase),
    m("o4-mini", OSeries, Reasoning, O200kBase),
    m("gpt-4-turbo", Gpt4, Chat, Cl100kBase),
    m("gpt-4", Gpt4, Chat, Cl100kBase),
    Model { name: "gpt-35-turbo", family: Gpt35, kind: Chat, encoding: Cl100kBase, aliases: &["gpt-3.5-turbo"] },
    m("text-embedding-3-small", Family::Embedding, ModelKind::Embedding, Cl100kBase),
    m("text-embedding-3-large", Family::Embedding, ModelKind::Embedding, Cl100kBase),
    m("text-embedding-ada-002", Family::Embedding, ModelKind::Embedding, Cl100kBase),
];

/// The catalog model a model or deployment name refers to: the model whose
/// name (or alias) is the longest prefix of `name`, so that dated versions
/// (`gpt-4o-2024-08-06`) resolve to their model. `None` for names that are
/// not model names (a deployment name such as `batch-summarize`).
pub fn model_for_name(name: &str) -> Option<&'static Model> {
    let name = name.trim().to_ascii_lowercase();
    // A dated or versioned spelling: the model name, a dash, then a digit
    // (`-2024-08-06`, `-0125`) or `preview`.
    let matches = |candidate: &str| match name.strip_prefix(candidate) {
        Some("") => true,
        Some(rest) => rest.strip_prefix('-').is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()) || v.starts_with("preview")),
        None => false,
    };
    MODELS
        .iter()
        .flat_map(|m| std::iter::once(m.name).chain(m.aliases.iter().copied()).map(move |n| (m, n)))
        .filter(|(_, n)| matches(n))
        .max_by_key(|(_, n)| n.len())
        .map(|(m, _)| m)
}

/// When OpenAI's model pages were read for the figures Azure's tables do
/// not give (not in the team's reference, hence unconfirmed: checks warn).
const OA: &str = "2025-11";
/// Azure's model tables (`AzureModels`: the models include at 00bb554).
const AZ: &str = "2026-06-11";
/// The revision that added GPT-5.6, GPT-6, GPT-6.1 and gpt-chat-latest
/// 2026-08-06 (`AzureModelsLatest`).
const AZ9: &str = "2026-09-21";

macro_rules! window {
    ($source:expr, $as_of:expr, $certainty:expr; $($model:literal => $ctx:expr, $out:expr;)*) => {
        &[$(
            fact(Kind::ContextWindow, $model, Models, $ctx, Tokens, $source, $as_of, $certainty),
            fact(Kind::MaxOutputTokens, $model, Models, $out, Tokens, $source, $as_of, $certainty),
        )*]
    };
}

/// Context windows and output maxima stated by Azure's model tables
/// ("Context Window" and "Max Output Tokens"). The 400,000-token window of
/// the GPT-5 models replaces the OpenAI figure of 2025-11 (unconfirmed then).
pub(super) const AZURE: &[Fact] = window! { AzureModels, AZ, Documented;
    "gpt-5.5" => 1_050_000.0, 128_000.0;
    "gpt-5.4" => 1_050_000.0, 128_000.0;
    "gpt-5.4-pro" => 1_050_000.0, 128_000.0;
    "gpt-5.4-mini" => 400_000.0, 128_000.0;
    "gpt-5.4-nano" => 400_000.0, 128_000.0;
    "gpt-5.3-codex" => 400_000.0, 128_000.0;
    "gpt-5.2" => 400_000.0, 128_000.0;
    "gpt-5.2-codex" => 400_000.0, 128_000.0;
    "gpt-5.1" => 400_000.0, 128_000.0;
    "gpt-5.1-codex" => 400_000.0, 128_000.0;
    "gpt-5" => 400_000.0, 128_000.0;
    "gpt-5-mini" => 400_000.0, 128_000.0;
    "gpt-5-nano" => 400_000.0, 128_000.0;
    // The model's own window; Azure's deployments take less (below).
    "gpt-4.1" => 1_047_576.0, 32_768.0;
    "gpt-4.1-mini" => 1_047_576.0, 32_768.0;
    "gpt-4.1-nano" => 1_047_576.0, 32_768.0;
};

/// The models first listed in the revision of 2026-09-21. gpt-chat-latest
/// is its version 2026-08-06; the versions before it (2026-05-05 to
/// 2026-06-24) had 128,000 = 111,616 input + 16,384 output: superseded.
pub(super) const AZURE_LATEST: &[Fact] = window! { AzureModelsLatest, AZ9, Documented;
    "gpt-6.1-sol" => 1_050_000.0, 128_000.0;
    "gpt-6-astra" => 1_050_000.0, 128_000.0;
    "gpt-6-sol" => 1_050_000.0, 128_000.0;
    "gpt-6-luna" => 1_050_000.0, 128_000.0;
    "gpt-5.6-sol" => 1_050_000.0, 128_000.0;
    "gpt-5.6-terra" => 1_050_000.0, 128_000.0;
    "gpt-5.6-luna" => 1_050_000.0, 128_000.0;
    "gpt-chat-latest" => 400_000.0, 128_000.0;
};

/// Windows and output maxima from OpenAI's model pages (2025-11), for the
/// models Azure's tables give no window for in this form (the o-series and
/// GPT-4o give "max request" input/output pairs; the older ones are retired
/// there). OpenAI's own pages document them: the checks that use them refuse
/// (issue 37: a documented 128K window was only a warning).
pub(super) const FACTS: &[Fact] = window! { OpenAiModels, OA, Documented;
    "gpt-4o" => 128_000.0, 16_384.0;
    "gpt-4o-mini" => 128_000.0, 16_384.0;
    "o1" => 200_000.0, 100_000.0;
    "o1-mini" => 128_000.0, 65_536.0;
    "o3" => 200_000.0, 100_000.0;
    "o3-mini" => 200_000.0, 100_000.0;
    "o3-pro" => 200_000.0, 100_000.0;
    "o4-mini" => 200_000.0, 100_000.0;
    "gpt-4-turbo" => 128_000.0, 4_096.0;
    // OpenAI's gpt-4 (0613). Azure's `gpt-4` is turbo-2024-04-09 with
    // 128,000 tokens: `context_window_azure_*` below.
    "gpt-4" => 8_192.0, 8_192.0;
    "gpt-35-turbo" => 16_385.0, 4_096.0;
    "text-embedding-3-small" => 8_191.0, 0.0;
    "text-embedding-3-large" => 8_191.0, 0.0;
    "text-embedding-ada-002" => 8_191.0, 0.0;
};

macro_rules! input_cap {
    ($($model:literal => $cap:expr, $source:expr, $as_of:expr;)*) => {
        &[$(fact(Kind::MaxInputTokens, $model, Models, $cap, Tokens, $source, $as_of, Documented),)*]
    };
}

/// The input share of the window where Azure's tables split it ("400,000 —
/// Input: 272,000, Output: 128,000"): a prompt above it is refused even
/// when prompt + output fit the window. For GPT-5.5 the page adds that the
/// Responses API's combined prompt-and-generation budget is about this
/// figure too.
pub(super) const INPUT_CAPS: &[Fact] = input_cap! {
    "gpt-5.5" => 922_000.0, AzureModels, AZ;
    "gpt-5.4" => 922_000.0, AzureModels, AZ;
    "gpt-5.4-pro" => 922_000.0, AzureModels, AZ;
    "gpt-5.4-mini" => 272_000.0, AzureModels, AZ;
    "gpt-5.4-nano" => 272_000.0, AzureModels, AZ;
    "gpt-5.3-codex" => 272_000.0, AzureModels, AZ;
    "gpt-5.2" => 272_000.0, AzureModels, AZ;
    "gpt-5.2-codex" => 272_000.0, AzureModels, AZ;
    "gpt-5.1" => 272_000.0, AzureModels, AZ;
    "gpt-5.1-codex" => 272_000.0, AzureModels, AZ;
    "gpt-5" => 272_000.0, AzureModels, AZ;
    "gpt-5-mini" => 272_000.0, AzureModels, AZ;
    "gpt-5-nano" => 272_000.0, AzureModels, AZ;
    "gpt-6.1-sol" => 922_000.0, AzureModelsLatest, AZ9;
    "gpt-6-astra" => 922_000.0, AzureModelsLatest, AZ9;
    "gpt-6-sol" => 922_000.0, AzureModelsLatest, AZ9;
    "gpt-6-luna" => 922_000.0, AzureModelsLatest, AZ9;
    "gpt-5.6-sol" => 922_000.0, AzureModelsLatest, AZ9;
    "gpt-5.6-terra" => 922_000.0, AzureModelsLatest, AZ9;
    "gpt-5.6-luna" => 922_000.0, AzureModelsLatest, AZ9;
    "gpt-chat-latest" => 272_000.0, AzureModelsLatest, AZ9;
};

macro_rules! per_deployment {
    ($source:expr, $as_of:expr; $($model:literal => $standard:expr, $provisioned:expr, $batch:expr;)*) => {
        &[$(
            fact(Kind::ContextWindowAzureStandard, $model, Models, $standard, Tokens, $source, $as_of, Documented),
            fact(Kind::ContextWindowAzureProvisioned, $model, Models, $provisioned, Tokens, $source, $as_of, Documented),
            fact(Kind::ContextWindowAzureBatch, $model, Models, $batch, Tokens, $source, $as_of, Documented),
        )*]
    };
}

/// What Azure's deployments take, by deployment type, where it is less than
/// the model's window: GPT-4.1 "300,000 (standard deployments), 128,000
/// (provisioned managed and batch deployments)" (a provisioned request over
/// it returns HTTP 400); Azure's `gpt-4` (turbo-2024-04-09) 128,000 on every
/// type. The batch check reads the batch figure for Azure files.
pub(super) const AZURE_DEPLOYMENT_WINDOWS: &[Fact] = per_deployment! { AzureModels, AZ;
    "gpt-4.1" => 300_000.0, 128_000.0, 128_000.0;
    "gpt-4.1-mini" => 300_000.0, 128_000.0, 128_000.0;
    "gpt-4.1-nano" => 300_000.0, 128_000.0, 128_000.0;
    "gpt-4" => 128_000.0, 128_000.0, 128_000.0;
};

/// Provisioned deployments of gpt-5.4 "don't support long context (requests
/// estimated at larger than 128k prompt tokens)" (the PTU sizing page).
pub(super) const PROVISIONED_LONG_CONTEXT: &[Fact] =
    &[fact(Kind::ContextWindowAzureProvisioned, "gpt-5.4", Models, 128_000.0, Tokens, PtuSizing, "2026-05-22", Documented)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dated_versions_resolve_to_their_model() {
        assert_eq!(model_for_name("gpt-4o-2024-08-06").unwrap().name, "gpt-4o");
        assert_eq!(model_for_name("gpt-4o-mini").unwrap().name, "gpt-4o-mini");
        assert_eq!(model_for_name("GPT-4.1-mini-2025-04-14").unwrap().name, "gpt-4.1-mini");
        assert_eq!(model_for_name("gpt-3.5-turbo-0125").unwrap().name, "gpt-35-turbo");
        assert_eq!(model_for_name("o3-mini").unwrap().name, "o3-mini");
    }

    #[test]
    fn newer_models_resolve_to_themselves_not_to_a_shorter_name() {
        assert_eq!(model_for_name("gpt-5.4-mini-2026-03-17").unwrap().name, "gpt-5.4-mini");
        assert_eq!(model_for_name("gpt-5.4").unwrap().name, "gpt-5.4");
        assert_eq!(model_for_name("gpt-6.1-sol").unwrap().name, "gpt-6.1-sol");
        assert_eq!(model_for_name("chat-latest").unwrap().name, "gpt-chat-latest");
        assert_eq!(model_for_name("gpt-6"), None);
    }

    #[test]
    fn deployment_names_are_not_models() {
        assert_eq!(model_for_name("batch-summarize"), None);
        assert_eq!(model_for_name("gpt-4o-batch"), None);
        assert_eq!(model_for_name(""), None);
    }

    #[test]
    fn every_model_has_its_window() {
        for m in MODELS {
            assert!(super::super::builtin(Kind::ContextWindow, m.name).is_some(), "{}", m.name);
            assert!(super::super::builtin(Kind::MaxOutputTokens, m.name).is_some(), "{}", m.name);
        }
    }

    /// An input cap splits a window: cap + output maximum = window.
    #[test]
    fn input_caps_split_their_window() {
        for f in INPUT_CAPS {
            let window = super::super::builtin(Kind::ContextWindow, f.subject).unwrap().value;
            let out = super::super::builtin(Kind::MaxOutputTokens, f.subject).unwrap().value;
            assert_eq!(f.value + out, window, "{}", f.subject);
        }
    }
}
