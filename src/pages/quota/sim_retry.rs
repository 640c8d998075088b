//! The client's retry policy details: attempts, backoff base and cap, and
//! the share of 429s carrying a Retry-After header (typed in percent).

use super::field::NumField;
use super::sim_arrivals::{parse, sim_reason};
use super::state::QuotaState;
use batchlane_core::quota::{Problem, SimConfig, SimError, SimSetting};
use leptos::prelude::*;

/// Reads the retry details into `cfg`; unreadable values are reported
/// (ranges are the domain's `validate`, plus cap ≥ base).
pub fn read_retry(st: &QuotaState, cfg: &mut SimConfig, errors: &mut Vec<SimError>) {
    let mut err = |setting, problem| errors.push(SimError { setting, index: None, problem });
    match parse(&st.get("sma")).and_then(|x| {
        if x < 0.0 {
            Err(Problem::Negative)
        } else if x.fract() != 0.0 {
            Err(Problem::NotWhole)
        } else {
            Ok(x.min(f64::from(u32::MAX)) as u32)
        }
    }) {
        Ok(n) => cfg.retry.max_attempts = n,
        Err(p) => err(SimSetting::MaxAttempts, p),
    }
    let base = parse(&st.get("sib"));
    match &base {
        Ok(b) => cfg.retry.initial_backoff_s = *b,
        Err(p) => err(SimSetting::InitialBackoff, p.clone()),
    }
    match parse(&st.get("smb")) {
        Ok(c) => {
            cfg.retry.max_backoff_s = c;
            if let Ok(b) = base {
                if b > 0.0 && c > 0.0 && c < b {
                    err(SimSetting::MaxBackoff, Problem::TooSmall { min: b });
                }
            }
        }
        Err(p) => err(SimSetting::MaxBackoff, p),
    }
    match parse(&st.get("sra")) {
        Ok(x) if x < 0.0 => err(SimSetting::RetryAfterShare, Problem::Negative),
        Ok(x) if x > 100.0 => err(SimSetting::RetryAfterShare, Problem::TooLarge { max: 100.0 }),
        Ok(x) => cfg.retry_after_share = x / 100.0,
        Err(p) => err(SimSetting::RetryAfterShare, p),
    }
}

#[component]
pub fn RetryFields(errors: Signal<Vec<SimError>>) -> impl IntoView {
    let r = |s| sim_reason(errors, s, None);
    view! {
        <NumField key="sma" label="quota.sim.max_attempts" hint="quota.sim.max_attempts_hint" reason=r(SimSetting::MaxAttempts)/>
        <NumField key="sib" label="quota.sim.backoff_base" reason=r(SimSetting::InitialBackoff)/>
        <NumField key="smb" label="quota.sim.backoff_cap" reason=r(SimSetting::MaxBackoff)/>
        <NumField key="sra" label="quota.sim.ra_share" hint="quota.sim.ra_share_hint" reason=r(SimSetting::RetryAfterShare)/>
    }
}
