//! The model behind an Azure deployment name. Deployment names are free
//! text, but most carry the model (`gpt-4o-batch`, `prod-gpt-4o-mini`,
//! `gpt4o`, `GPT-4.1-mini_eu`): the checker takes such a model as a guess,
//! which the summary shows and the user can change.

use crate::facts::{model_for_name, Model, MODELS};

/// How the model behind a deployment is known: the one answer of the batch
/// check and the traffic report (`resolve_model`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ModelSource {
    /// The user picked or typed it.
    #[serde(alias = "Typed")]
    Picked,
    /// The data names it: a batch line's `body.model` is a model name (or a
    /// dated version of one), or a metrics export's `ModelName`.
    #[serde(alias = "FromFile", alias = "Data")]
    Named,
    /// Guessed from a deployment name that contains a model's name.
    #[serde(alias = "Name")]
    Guessed,
    /// Not known: no limit, price or output cap of a model applies.
    #[default]
    Unknown,
}

/// What a tool knows of a deployment's model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModelClues<'a> {
    /// What the user picked or typed for it.
    pub picked: Option<&'a str>,
    /// A model name the data states (a metrics export's `ModelName`).
    pub named: Option<&'a str>,
    /// The deployment's name (on Azure, a batch line's `body.model`), a
    /// model name itself or one that contains one.
    pub deployment: Option<&'a str>,
}

impl<'a> ModelClues<'a> {
    /// Only a deployment name (or a line's `body.model`) to go by.
    pub fn deployment(name: &'a str) -> Self {
        ModelClues { deployment: Some(name), ..ModelClues::default() }
    }
}

/// The model behind a deployment, and how that is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResolvedModel<'a> {
    /// The catalog's model, when the catalog knows it.
    pub model: Option<&'static Model>,
    /// Its name: the catalog's spelling when known, else as picked or named.
    pub name: Option<&'a str>,
    pub source: ModelSource,
}

fn is_separator(c: u8) -> bool {
    matches!(c, b'-' | b'_' | b'.' | b' ' | b'/' | b':')
}

/// The length of `name` in `text` from byte `at`, where separators in either
/// may be left out (`gpt4o` ~ `gpt-4o`, `gpt41` ~ `gpt-4.1`); `None` if it
/// does not match there.
fn loose_match(text: &[u8], at: usize, name: &[u8]) -> Option<usize> {
    let (mut i, mut j) = (at, 0);
    while j < name.len() {
        if i < text.len() && text[i] == name[j] {
            i += 1;
            j += 1;
        } else if is_separator(name[j]) {
            j += 1;
        } else if i < text.len() && is_separator(text[i]) && i > at {
            i += 1;
        } else {
            return None;
        }
    }
    Some(i - at)
}

/// The model a deployment name most likely runs: the longest catalog model
/// name (or alias) found in it at a word start, not followed by a digit or a
/// version dot (`gpt-4` is not guessed from `gpt-45`). Embedding models are
/// left out (the batch page checks chat and responses files).
pub fn infer_model(deployment: &str) -> Option<&'static Model> {
    let text = deployment.trim().to_ascii_lowercase();
    let text = text.as_bytes();
    let mut best: Option<(&'static Model, usize)> = None;
    for at in 0..text.len() {
        if at > 0 && !is_separator(text[at - 1]) {
            continue;
        }
        for m in MODELS.iter().filter(|m| m.kind != crate::facts::ModelKind::Embedding) {
            for name in std::iter::once(m.name).chain(m.aliases.iter().copied()) {
                let Some(len) = loose_match(text, at, name.as_bytes()) else { continue };
                let next = text.get(at + len).copied();
                let after_dot = text.get(at + len + 1).copied();
                let continues_version =
                    next.is_some_and(|c| c.is_ascii_digit()) || (next == Some(b'.') && after_dot.is_some_and(|c| c.is_ascii_digit()));
                if continues_version {
                    continue;
                }
                if best.is_none_or(|(_, l)| name.len() > l) {
                    best = Some((m, name.len()));
                }
            }
        }
    }
    best.map(|(m, _)| m)
}

/// The model behind a deployment: the one the user picked, else the one
/// the data names, else the deployment name's own (a model name, or a
/// dated version of one), else the one guessed from the deployment name.
/// A picked or named model the catalog does not know keeps its spelling.
pub fn resolve_model(clues: ModelClues<'_>) -> ResolvedModel<'_> {
    fn stated(name: &str, source: ModelSource) -> ResolvedModel<'_> {
        let model = model_for_name(name);
        ResolvedModel { model, name: Some(model.map_or(name, |m| m.name)), source }
    }
    if let Some(p) = clues.picked {
        return stated(p, ModelSource::Picked);
    }
    if let Some(n) = clues.named {
        return stated(n, ModelSource::Named);
    }
    let unknown = ResolvedModel { model: None, name: None, source: ModelSource::Unknown };
    let Some(d) = clues.deployment else { return unknown };
    if let Some(m) = model_for_name(d) {
        return ResolvedModel { model: Some(m), name: Some(m.name), source: ModelSource::Named };
    }
    match infer_model(d) {
        Some(m) => ResolvedModel { model: Some(m), name: Some(m.name), source: ModelSource::Guessed },
        None => unknown,
    }
}
