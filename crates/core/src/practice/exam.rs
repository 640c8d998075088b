//! An exam: one problem from each family, from one seed, scored at the end
//! with a review of every question.

use serde::{Deserialize, Serialize};

use super::family::Family;
use super::problem::{IdError, Problem};
use super::rng::Rng;
use crate::facts::Catalog;
use crate::text::Text;

/// Questions in an exam: one from each family.
pub const EXAM_LENGTH: usize = Family::ALL.len();

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Exam {
    pub seed: u64,
    pub problems: Vec<Problem>,
}

/// One question after the exam: what was chosen and what was right.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewItem {
    pub id: String,
    pub family: Family,
    pub stem: Text,
    /// The option chosen (0–3), `None` if skipped or out of range.
    pub chosen: Option<usize>,
    pub correct: usize,
    pub is_correct: bool,
    pub explanation: Text,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExamResult {
    pub correct: usize,
    pub total: usize,
    /// Share answered right, 0–1.
    pub score: f64,
    pub review: Vec<ReviewItem>,
}

impl Exam {
    /// One problem from each family, in an order drawn from the seed, each
    /// with its own seed derived from the exam's.
    pub fn new(seed: u64, catalog: &Catalog) -> Exam {
        let mut rng = Rng::salted(seed, "exam");
        let mut families: Vec<Family> = Family::ALL.to_vec();
        rng.shuffle(&mut families);
        let problems = families.into_iter().map(|f| Problem::generate(f, rng.next_u64() % 1_000_000, catalog)).collect();
        Exam { seed, problems }
    }

    /// The exam's id for a URL: "exam-12345".
    pub fn id(&self) -> String {
        format!("exam-{}", self.seed)
    }

    pub fn from_id(id: &str, catalog: &Catalog) -> Result<Exam, IdError> {
        let seed = id.trim().strip_prefix("exam-").ok_or_else(|| IdError::Malformed(id.to_string()))?;
        if seed.is_empty() || !seed.bytes().all(|b| b.is_ascii_digit()) {
            return Err(IdError::BadSeed(seed.to_string()));
        }
        let seed = seed.parse().map_err(|_| IdError::BadSeed(seed.to_string()))?;
        Ok(Exam::new(seed, catalog))
    }

    /// Scores `answers` (one per question, in order; missing ones count as
    /// skipped, extra ones are ignored).
    pub fn score(&self, answers: &[Option<usize>]) -> ExamResult {
        let review: Vec<ReviewItem> = self
            .problems
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let chosen = answers.get(i).copied().flatten().filter(|c| *c < 4);
                ReviewItem {
                    id: p.id(),
                    family: p.family,
                    stem: p.stem.clone(),
                    chosen,
                    correct: p.correct,
                    is_correct: chosen == Some(p.correct),
                    explanation: p.explanation.clone(),
                }
            })
            .collect();
        let correct = review.iter().filter(|r| r.is_correct).count();
        let total = review.len();
        let score = if total == 0 { 0.0 } else { correct as f64 / total as f64 };
        ExamResult { correct, total, score, review }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_across_families_and_reproducible() {
        let c = Catalog::builtin();
        let e = Exam::new(2024, &c);
        assert_eq!(e.problems.len(), EXAM_LENGTH);
        let mut fams: Vec<Family> = e.problems.iter().map(|p| p.family).collect();
        fams.sort();
        fams.dedup();
        assert!(fams.len() >= 5, "only {} families", fams.len());
        assert_eq!(Exam::new(2024, &c), e);
        assert_ne!(Exam::new(2025, &c), e);
        assert_eq!(Exam::from_id(&e.id(), &c).unwrap(), e);
        assert!(Exam::from_id("exam-", &c).is_err());
        assert!(Exam::from_id("quiz-1", &c).is_err());
    }

    #[test]
    fn one_question_from_each_family() {
        // The intro says "one from each family": the count is the family list's.
        let c = Catalog::builtin();
        for seed in [1, 2024, 99_999] {
            let e = Exam::new(seed, &c);
            let mut fams: Vec<Family> = e.problems.iter().map(|p| p.family).collect();
            fams.sort();
            let mut all = Family::ALL.to_vec();
            all.sort();
            assert_eq!(fams, all, "exam-{seed}");
        }
        assert_eq!(EXAM_LENGTH, Family::ALL.len());
    }

    #[test]
    fn scoring_and_review() {
        let c = Catalog::builtin();
        let e = Exam::new(7, &c);
        let all_right: Vec<Option<usize>> = e.problems.iter().map(|p| Some(p.correct)).collect();
        let r = e.score(&all_right);
        assert_eq!((r.correct, r.total, r.score), (EXAM_LENGTH, EXAM_LENGTH, 1.0));
        let mut answers = all_right.clone();
        answers[0] = Some((e.problems[0].correct + 1) % 4);
        answers[1] = None;
        answers[2] = Some(9);
        answers.truncate(EXAM_LENGTH - 2);
        let r = e.score(&answers);
        // One wrong, one skipped, one out of range, the last two missing.
        assert_eq!(r.correct, EXAM_LENGTH - 5);
        assert!((r.score - (EXAM_LENGTH - 5) as f64 / EXAM_LENGTH as f64).abs() < 1e-12);
        assert!(!r.review[0].is_correct && r.review[0].chosen.is_some());
        assert_eq!(r.review[2].chosen, None);
        assert_eq!(r.review[EXAM_LENGTH - 1].chosen, None);
        assert_eq!(r.review[3].id, e.problems[3].id());
    }
}
