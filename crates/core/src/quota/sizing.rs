//! The core arithmetic of quota sizing, shared by the planner and the
//! practice problems: RPM from TPM, what a traffic shape needs, which limit
//! binds first.

use serde::{Deserialize, Serialize};

/// The RPM that comes with `tpm` tokens per minute at `rpm_per_1k_tpm`
/// requests per minute per 1,000 TPM (60,000 TPM at 6 → 360 RPM).
pub fn rpm_for_tpm(tpm: f64, rpm_per_1k_tpm: f64) -> f64 {
    tpm / 1_000.0 * rpm_per_1k_tpm
}

/// Tokens per minute a traffic shape needs: requests per minute × tokens per
/// request (prompt + output).
pub fn tpm_needed(requests_per_minute: f64, tokens_per_request: f64) -> f64 {
    requests_per_minute * tokens_per_request
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Binding {
    /// Both limits have room.
    Neither,
    Tpm,
    Rpm,
    Both,
}

/// What a traffic shape needs against what a deployment has.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LimitCheck {
    pub tpm_needed: f64,
    pub rpm_needed: f64,
    pub tpm_allowed: f64,
    pub rpm_allowed: f64,
    pub binding: Binding,
}

impl LimitCheck {
    /// Allowed ÷ needed for TPM (above 1: room to spare; below 1: 429s).
    pub fn tpm_headroom(&self) -> f64 {
        self.tpm_allowed / self.tpm_needed
    }

    pub fn rpm_headroom(&self) -> f64 {
        self.rpm_allowed / self.rpm_needed
    }
}

/// Which limit a deployment of `tpm_allowed` hits first for
/// `requests_per_minute` requests of `tokens_per_request` tokens each.
pub fn check_limits(tpm_allowed: f64, rpm_per_1k_tpm: f64, requests_per_minute: f64, tokens_per_request: f64) -> LimitCheck {
    let tpm_needed = tpm_needed(requests_per_minute, tokens_per_request);
    let rpm_allowed = rpm_for_tpm(tpm_allowed, rpm_per_1k_tpm);
    let over_tpm = tpm_needed > tpm_allowed;
    let over_rpm = requests_per_minute > rpm_allowed;
    let binding = match (over_tpm, over_rpm) {
        (false, false) => Binding::Neither,
        (true, false) => Binding::Tpm,
        (false, true) => Binding::Rpm,
        (true, true) => Binding::Both,
    };
    LimitCheck { tpm_needed, rpm_needed: requests_per_minute, tpm_allowed, rpm_allowed, binding }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_ratio() {
        assert_eq!(rpm_for_tpm(60_000.0, 6.0), 360.0);
        assert_eq!(rpm_for_tpm(30_000.0, 6.0), 180.0);
    }

    #[test]
    fn seed_worked_cases() {
        // 2,000 tokens × 40/min on 60,000 TPM: TPM binds, RPM has nine times the room.
        let a = check_limits(60_000.0, 6.0, 40.0, 2_000.0);
        assert_eq!((a.tpm_needed, a.binding), (80_000.0, Binding::Tpm));
        assert_eq!(a.rpm_headroom(), 9.0);
        // 100 tokens × 500/min: tokens to spare, RPM 360 binds.
        let b = check_limits(60_000.0, 6.0, 500.0, 100.0);
        assert_eq!((b.tpm_needed, b.binding), (50_000.0, Binding::Rpm));
    }
}
