//! The planner's verdict: fits with the margin the catalog asks for, fits
//! only tightly (at or near 100%), or falls short; with what to add. A plan
//! at exactly its limit is never "fits": random arrivals within a short
//! window bring 429s there (the simulator shows them).

use super::text::{num, Text};
use serde::{Deserialize, Serialize};

/// What a shortfall or margin is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unit {
    /// Tokens per minute of quota (Standard deployments).
    Tpm,
    /// Provisioned throughput units.
    Ptu,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    /// Every limit has at least the target headroom.
    Fits,
    /// Nothing is exceeded, but the headroom is under the target.
    Tight,
    /// A limit (or a short window) is exceeded, or nothing is allocated.
    Short,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub level: Level,
    pub unit: Unit,
    /// Allocated ÷ needed at the peak (the smaller of tokens and requests;
    /// 0 when nothing is allocated).
    pub headroom: f64,
    /// The catalog's `headroom_target`.
    pub target: f64,
    /// What the allocation should be to keep the target headroom.
    pub with_margin: f64,
    /// `with_margin − allocated`; positive unless the level is `Fits`.
    pub add: f64,
}

impl Verdict {
    /// Judges `allocated` against `with_margin` (already rounded to the
    /// vendor's step) given whether a limit is exceeded.
    pub fn judge(unit: Unit, allocated: f64, headroom: f64, target: f64, with_margin: f64, exceeded: bool) -> Verdict {
        let level = if exceeded || allocated <= 0.0 {
            Level::Short
        } else if headroom + 1e-9 < target || allocated + 1e-9 < with_margin {
            Level::Tight
        } else {
            Level::Fits
        };
        let add = if level == Level::Fits { 0.0 } else { (with_margin - allocated).max(0.0) };
        Verdict { level, unit, headroom, target, with_margin, add }
    }

    /// A stable code for the page's classes and tests.
    pub fn code(&self) -> &'static str {
        match self.level {
            Level::Fits => "fits",
            Level::Tight => "tight",
            Level::Short => "short",
        }
    }

    /// The verdict in words, with the margin to add.
    pub fn text(&self) -> Text {
        // The Korean object particle follows the unit's last sound (TPM: 엠 → 을/으로; PTU: 유 → 를/로).
        let (unit, obj, to_p) = match self.unit {
            Unit::Tpm => ("TPM", "을", "으로"),
            Unit::Ptu => ("PTU", "를", "로"),
        };
        let (h, t, add, to) = (num(self.headroom), num(self.target), num(self.add), num(self.with_margin));
        match self.level {
            Level::Fits => Text::new(
                format!("Fits with at least the {t}× headroom to keep over the peak ({h}×)."),
                format!("피크 대비 남겨 둘 여유 {t}배 이상으로 들어갑니다({h}배)."),
            ),
            Level::Tight => Text::new(
                format!("Warning: only {h}× headroom, under the {t}× to keep over the peak; bursts within a short window will bring 429s. Add {add} {unit} (to {to} {unit})."),
                format!("주의: 여유가 {h}배뿐이라 피크 대비 남겨 둘 {t}배에 못 미칩니다. 짧은 구간에 몰리면 429가 납니다. {add} {unit}{obj} 더해 {to} {unit}{to_p} 올리세요."),
            ),
            Level::Short => Text::new(
                format!("Falls short: 429s at the peak. Add {add} {unit} (to {to} {unit}, with the {t}× headroom)."),
                format!("모자랍니다. 피크에 429가 납니다. {add} {unit}{obj} 더해 {to} {unit}{to_p} 올리세요({t}배 여유 포함)."),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_at_the_limit_is_a_warning_with_a_margin() {
        let v = Verdict::judge(Unit::Tpm, 1_050_000.0, 1.0, 1.2, 1_260_000.0, false);
        assert_eq!((v.level, v.add), (Level::Tight, 210_000.0));
        assert!(v.text().en.contains("Add 210,000 TPM"), "{}", v.text().en);
        let fine = Verdict::judge(Unit::Tpm, 2_000_000.0, 1.9, 1.2, 1_260_000.0, false);
        assert_eq!((fine.level, fine.add), (Level::Fits, 0.0));
        let none = Verdict::judge(Unit::Ptu, 0.0, 0.0, 1.2, 600.0, false);
        assert_eq!((none.level, none.add), (Level::Short, 600.0));
    }
}
