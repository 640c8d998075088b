//! A practice problem: a stem, four options, the index of the right one, a
//! worked explanation, in Korean and English; and a stable id for URLs.

use serde::{Deserialize, Serialize};

use super::family::Family;

use crate::text::Text;

/// The study note's problems are numbered 1 to this.
pub const NOTE_PROBLEMS: u8 = 6;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Problem {
    pub family: Family,
    /// The generator's seed; for the note's problems, the problem's number.
    pub seed: u64,
    /// `Some(n)` for the study note's problem n (1–6), `None` when generated.
    pub note: Option<u8>,
    /// Code the stem refers to ("the Python snippet above"), shown before
    /// it; its comments in the reader's language.
    pub code: Option<Text>,
    pub stem: Text,
    pub options: [Text; 4],
    /// Index (0–3) of the right option.
    pub correct: usize,
    /// The worked answer: why the right option is right, and the usual mistakes.
    pub explanation: Text,
    /// The numeric answer where there is one (RPM, TPM, dollars).
    pub key: Option<f64>,
}

impl Problem {
    /// The id for a shareable URL: "tpm-rpm-12345", or "note-3" for the note's problems.
    pub fn id(&self) -> String {
        self.reference().id()
    }

    pub fn reference(&self) -> ProblemRef {
        match self.note {
            Some(n) => ProblemRef::Note(n),
            None => ProblemRef::Generated { family: self.family, seed: self.seed },
        }
    }

    /// Whether `choice` (0–3) is the right option; out of range is wrong.
    pub fn is_correct(&self, choice: usize) -> bool {
        choice == self.correct
    }
}

/// What a problem id names, without building the problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProblemRef {
    Note(u8),
    Generated { family: Family, seed: u64 },
}

/// Why a problem id could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum IdError {
    /// Not of the form "family-seed" or "note-n".
    Malformed(String),
    UnknownFamily(String),
    /// The seed is not a whole number that fits in 64 bits.
    BadSeed(String),
    /// The note has problems 1 to 6 only.
    UnknownNoteProblem(String),
}

impl std::error::Error for IdError {}

impl std::fmt::Display for IdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IdError::Malformed(id) => write!(f, "\"{id}\" is not a problem id (expected e.g. tpm-rpm-12345)"),
            IdError::UnknownFamily(s) => write!(f, "no problem family is called \"{s}\""),
            IdError::BadSeed(s) => write!(f, "\"{s}\" is not a valid seed (a whole number)"),
            IdError::UnknownNoteProblem(s) => write!(f, "the note has problems 1 to 6, not \"{s}\""),
        }
    }
}

impl ProblemRef {
    pub fn id(&self) -> String {
        match self {
            ProblemRef::Note(n) => format!("note-{n}"),
            ProblemRef::Generated { family, seed } => format!("{}-{seed}", family.slug()),
        }
    }

    pub fn parse(id: &str) -> Result<ProblemRef, IdError> {
        let id = id.trim();
        let (head, tail) = id.rsplit_once('-').ok_or_else(|| IdError::Malformed(id.to_string()))?;
        if head.is_empty() || tail.is_empty() {
            return Err(IdError::Malformed(id.to_string()));
        }
        if !tail.bytes().all(|b| b.is_ascii_digit()) {
            return Err(IdError::BadSeed(tail.to_string()));
        }
        if head == "note" {
            return match tail.parse::<u8>() {
                Ok(n) if (1..=NOTE_PROBLEMS).contains(&n) => Ok(ProblemRef::Note(n)),
                _ => Err(IdError::UnknownNoteProblem(tail.to_string())),
            };
        }
        let family = Family::from_slug(head).ok_or_else(|| IdError::UnknownFamily(head.to_string()))?;
        let seed = tail.parse::<u64>().map_err(|_| IdError::BadSeed(tail.to_string()))?;
        Ok(ProblemRef::Generated { family, seed })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_parse() {
        assert_eq!(ProblemRef::parse("tpm-rpm-12345"), Ok(ProblemRef::Generated { family: Family::TpmToRpm, seed: 12345 }));
        assert_eq!(ProblemRef::parse("note-3"), Ok(ProblemRef::Note(3)));
        assert_eq!(ProblemRef::parse("note-7"), Err(IdError::UnknownNoteProblem("7".into())));
        assert_eq!(ProblemRef::parse("tpmrpm"), Err(IdError::Malformed("tpmrpm".into())));
        assert_eq!(ProblemRef::parse("tpm-rpm-"), Err(IdError::Malformed("tpm-rpm-".into())));
        assert_eq!(ProblemRef::parse("tpm-rpm-x1"), Err(IdError::BadSeed("x1".into())));
        assert_eq!(ProblemRef::parse("tpm-rpm--1"), Err(IdError::UnknownFamily("tpm-rpm-".into())));
        assert_eq!(ProblemRef::parse("foo-12"), Err(IdError::UnknownFamily("foo".into())));
        assert_eq!(ProblemRef::parse("symptom-99999999999999999999"), Err(IdError::BadSeed("99999999999999999999".into())));
    }
}
