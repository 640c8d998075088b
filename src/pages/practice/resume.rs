//! An exam in progress survives a reload: its seed, the question on screen,
//! the answers so far and the start time (so the clock runs on) are kept in
//! this tab's sessionStorage while it runs, and cleared when it is finished
//! or replaced. The exam itself is drawn again from its seed; a stored
//! record that does not fit it (another length, an answer out of range,
//! oversized) is dropped, never half-applied.

use super::exam::ExamState;
use crate::storage::Store;
use batchlane_core::facts::Catalog;
use batchlane_core::practice::Exam;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Where the exam in progress lives (sessionStorage: this tab only).
pub const KEY: &str = "batchlane.practice.exam";
/// Longest record read back (ten answers need a few dozen bytes).
const MAX_JSON_BYTES: usize = 4 * 1024;
/// Options per question (①–④).
const OPTIONS: usize = 4;

/// What is kept of an exam under way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub seed: u64,
    /// The question on screen (0-based).
    pub index: usize,
    pub answers: Vec<Option<usize>>,
    /// `Date.now()` at the start, in milliseconds.
    pub started: f64,
}

impl Progress {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The record in `json` when it fits an exam of `questions` questions.
    pub fn from_json(json: &str, questions: impl Fn(u64) -> usize) -> Option<Progress> {
        if json.len() > MAX_JSON_BYTES {
            return None;
        }
        let p: Progress = serde_json::from_str(json).ok()?;
        let n = questions(p.seed);
        let fits = p.answers.len() == n
            && p.index < n
            && p.answers.iter().all(|a| a.is_none_or(|i| i < OPTIONS))
            && p.started.is_finite()
            && p.started >= 0.0;
        fits.then_some(p)
    }
}

/// This tab's sessionStorage.
pub struct SessionStore;

impl SessionStore {
    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.session_storage().ok()?
    }

    fn remove(&self, key: &str) {
        if let Some(s) = Self::storage() {
            let _ = s.remove_item(key);
        }
    }
}

impl Store for SessionStore {
    fn load(&self, key: &str) -> Option<String> {
        Self::storage()?.get_item(key).ok()?
    }

    fn save(&self, key: &str, value: &str) {
        if let Some(s) = Self::storage() {
            let _ = s.set_item(key, value);
        }
    }
}

/// Puts the stored exam back into `ex`; `true` when there was one.
pub fn restore(ex: &ExamState, catalog: &Catalog) -> bool {
    let Some(json) = SessionStore.load(KEY) else { return false };
    let Some(p) = Progress::from_json(&json, |seed| Exam::new(seed, catalog).problems.len()) else {
        SessionStore.remove(KEY);
        return false;
    };
    let exam = Exam::new(p.seed, catalog);
    ex.seed.set(Some(p.seed));
    ex.answers.set(p.answers);
    ex.index.set(p.index);
    ex.started.set(p.started);
    ex.result.set(None);
    ex.exam.set(Some(exam));
    true
}

/// Keeps the store in step with `ex`: written while an exam runs, cleared
/// once it is finished or gone.
pub fn keep(ex: ExamState) {
    Effect::new(move |_| {
        let running = ex.exam.with(|e| e.as_ref().map(|e| e.seed)).filter(|_| ex.result.with(Option::is_none));
        match running {
            Some(seed) => {
                let p = Progress { seed, index: ex.index.get(), answers: ex.answers.get(), started: ex.started.get() };
                SessionStore.save(KEY, &p.to_json());
            }
            None => SessionStore.remove(KEY),
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_that_fits_the_exam_comes_back() {
        let p = Progress { seed: 42, index: 3, answers: vec![Some(0), None, Some(3), None], started: 1_700_000_000_000.0 };
        assert_eq!(Progress::from_json(&p.to_json(), |_| 4), Some(p));
    }

    #[test]
    fn a_record_that_does_not_fit_is_dropped() {
        let ten = |_| 10;
        for json in [
            r#"{"seed":1,"index":0,"answers":[null],"started":0}"#,
            r#"{"seed":1,"index":10,"answers":[null,null,null,null,null,null,null,null,null,null],"started":0}"#,
            r#"{"seed":1,"index":0,"answers":[4,null,null,null,null,null,null,null,null,null],"started":0}"#,
            r#"{"seed":1,"index":0,"answers":[null,null,null,null,null,null,null,null,null,null],"started":-1}"#,
            r#"{"seed":-1,"index":0,"answers":[],"started":0}"#,
            "not json",
        ] {
            assert_eq!(Progress::from_json(json, ten), None, "{json}");
        }
        let huge = format!(r#"{{"seed":1,"index":0,"answers":[{}null],"started":0}}"#, "null,".repeat(2_000));
        assert_eq!(Progress::from_json(&huge, |_| 2_001), None);
    }
}
