//! The model behind an Azure deployment name. Deployment names are free
//! text, but most carry the model (`gpt-4o-batch`, `prod-gpt-4o-mini`,
//! `gpt4o`, `GPT-4.1-mini_eu`): the checker takes such a model as a guess,
//! which the summary shows and the user can change.

use crate::facts::{model_for_name, Model, MODELS};

/// How the catalog model of a check was found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ModelSource {
    /// The user picked it.
    Picked,
    /// `body.model` names it (a model name, or a dated version of one).
    FromFile,
    /// Guessed from a deployment name that contains a model's name.
    Guessed,
    /// Not known: no limit, price or output cap of a model applies.
    #[default]
    Unknown,
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

/// The catalog model of a `body.model` value: the model it names, else the
/// one guessed from the deployment name.
pub fn resolve_model(body_model: &str) -> (Option<&'static Model>, ModelSource) {
    match model_for_name(body_model) {
        Some(m) => (Some(m), ModelSource::FromFile),
        None => match infer_model(body_model) {
            Some(m) => (Some(m), ModelSource::Guessed),
            None => (None, ModelSource::Unknown),
        },
    }
}
