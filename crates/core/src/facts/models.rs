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

const AS_OF: &str = "2025-11";

macro_rules! window {
    ($($model:literal => $ctx:expr, $out:expr;)*) => {
        &[$(
            fact(Kind::ContextWindow, $model, Models, $ctx, Tokens, OpenAiModels, AS_OF, Unconfirmed),
            fact(Kind::MaxOutputTokens, $model, Models, $out, Tokens, OpenAiModels, AS_OF, Unconfirmed),
        )*]
    };
}

/// Context windows and output maxima from the vendor's model pages (not in
/// the team's reference, hence unconfirmed: the checks that use them warn).
pub(super) const FACTS: &[Fact] = window! {
    "gpt-5" => 400_000.0, 128_000.0;
    "gpt-5.1" => 400_000.0, 128_000.0;
    "gpt-5-mini" => 400_000.0, 128_000.0;
    "gpt-5-nano" => 400_000.0, 128_000.0;
    "gpt-4.1" => 1_047_576.0, 32_768.0;
    "gpt-4.1-mini" => 1_047_576.0, 32_768.0;
    "gpt-4.1-nano" => 1_047_576.0, 32_768.0;
    "gpt-4o" => 128_000.0, 16_384.0;
    "gpt-4o-mini" => 128_000.0, 16_384.0;
    "o1" => 200_000.0, 100_000.0;
    "o1-mini" => 128_000.0, 65_536.0;
    "o3" => 200_000.0, 100_000.0;
    "o3-mini" => 200_000.0, 100_000.0;
    "o3-pro" => 200_000.0, 100_000.0;
    "o4-mini" => 200_000.0, 100_000.0;
    "gpt-4-turbo" => 128_000.0, 4_096.0;
    "gpt-4" => 8_192.0, 8_192.0;
    "gpt-35-turbo" => 16_385.0, 4_096.0;
    "text-embedding-3-small" => 8_191.0, 0.0;
    "text-embedding-3-large" => 8_191.0, 0.0;
    "text-embedding-ada-002" => 8_191.0, 0.0;
};

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
}
