//! Per-family statistics and streaks. Plain data: the UI keeps it in
//! localStorage as JSON and calls `record` after each answer.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::family::Family;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FamilyStats {
    pub attempts: u32,
    pub correct: u32,
}

impl FamilyStats {
    /// Share answered right, 0–1; `None` before the first attempt.
    pub fn accuracy(&self) -> Option<f64> {
        (self.attempts > 0).then(|| f64::from(self.correct) / f64::from(self.attempts))
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    pub families: BTreeMap<Family, FamilyStats>,
    /// Right answers in a row, up to now.
    pub current_streak: u32,
    pub best_streak: u32,
}

impl Stats {
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts one answer.
    pub fn record(&mut self, family: Family, correct: bool) {
        let s = self.families.entry(family).or_default();
        s.attempts = s.attempts.saturating_add(1);
        if correct {
            s.correct = s.correct.saturating_add(1);
            self.current_streak = self.current_streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.current_streak);
        } else {
            self.current_streak = 0;
        }
    }

    pub fn family(&self, family: Family) -> FamilyStats {
        self.families.get(&family).copied().unwrap_or_default()
    }

    pub fn accuracy(&self, family: Family) -> Option<f64> {
        self.family(family).accuracy()
    }

    /// Totals over all families.
    pub fn total(&self) -> FamilyStats {
        self.families.values().fold(FamilyStats::default(), |a, s| FamilyStats {
            attempts: a.attempts.saturating_add(s.attempts),
            correct: a.correct.saturating_add(s.correct),
        })
    }

    /// The attempted family with the lowest accuracy (ties: the first in
    /// [`Family::ALL`]), to suggest what to practise next.
    pub fn weakest(&self) -> Option<Family> {
        Family::ALL
            .into_iter()
            .filter_map(|f| self.accuracy(f).map(|a| (f, a)))
            .fold(None, |best: Option<(Family, f64)>, (f, a)| match best {
                Some((_, b)) if b <= a => best,
                _ => Some((f, a)),
            })
            .map(|(f, _)| f)
    }

    pub fn reset(&mut self) {
        *self = Stats::default();
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }

    /// Reads stored stats; the error says why (the UI then starts afresh).
    pub fn from_json(json: &str) -> Result<Stats, serde_json::Error> {
        serde_json::from_str(json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_accuracy_streaks_reset() {
        let mut s = Stats::new();
        assert_eq!(s.accuracy(Family::TpmToRpm), None);
        s.record(Family::TpmToRpm, true);
        s.record(Family::TpmToRpm, true);
        s.record(Family::Symptom, false);
        s.record(Family::Symptom, true);
        s.record(Family::TpmToRpm, true);
        assert_eq!(s.family(Family::TpmToRpm), FamilyStats { attempts: 3, correct: 3 });
        assert_eq!(s.accuracy(Family::Symptom), Some(0.5));
        assert_eq!((s.current_streak, s.best_streak), (2, 2));
        s.record(Family::Symptom, false);
        assert_eq!((s.current_streak, s.best_streak), (0, 2));
        assert_eq!(s.total(), FamilyStats { attempts: 6, correct: 4 });
        assert_eq!(s.weakest(), Some(Family::Symptom));
        s.reset();
        assert_eq!(s, Stats::default());
        assert_eq!(s.weakest(), None);
    }

    #[test]
    fn json_round_trip_and_bad_input() {
        let mut s = Stats::new();
        s.record(Family::QueueDesign, true);
        let json = s.to_json();
        assert!(json.contains("\"queue-design\""), "{json}");
        assert_eq!(Stats::from_json(&json).unwrap(), s);
        assert_eq!(Stats::from_json("{}").unwrap(), Stats::default());
        assert!(Stats::from_json("not json").is_err());
        assert!(Stats::from_json(r#"{"families":{"nope":{"attempts":1,"correct":1}}}"#).is_err());
    }
}
