//! The page's state: every input as the text the user typed, keyed by its
//! query key (the plan's keys from `share::KEYS`, plus the simulator's and
//! the KEDA hand-off's). The URL and localStorage mirror it.

use batchlane_core::facts::Catalog;
use batchlane_core::quota::plan::{plan, Field, FieldError, Plan, PlanInput, Problem};
use batchlane_core::quota::problem_text;
use batchlane_core::quota::share;
use batchlane_core::quota::text::Text;
use leptos::prelude::*;

pub const STORAGE_KEY: &str = "batchlane.quota";

/// Simulator and hand-off keys with their defaults (the plan's come from
/// `share::encode`).
pub const EXTRA: &[(&str, &str)] = &[
    ("sn", "1"),                   // deployments
    ("sdt", ""),                   // their TPM, comma-separated ("" = the plan's TPM)
    ("sw", "10"),                  // window, seconds
    ("sr", "aware"),               // routing: rr | aware
    ("sp", "ra"),                  // retry: imm | exp | ra
    ("sma", "5"),                  // retry: attempts in all, the first included
    ("sib", "1"),                  // retry: backoff base, seconds
    ("smb", "60"),                 // retry: backoff cap, seconds
    ("sra", "100"),                // share of 429s with Retry-After, percent
    ("sa", "poisson"),             // arrivals: poisson (at the plan's peak) | steps
    ("ss", "0:20;120:120;240:20"), // steps: from second:requests/min, ";"-separated
    ("sdur", "600"),               // duration, seconds
    ("sseed", "1"),                // seed
    ("kr", "6"),                   // messages per minute one replica handles
    ("kc", "1"),                   // messages a replica works on at once
];

#[derive(Clone, Copy)]
pub struct QuotaState {
    pub pairs: RwSignal<Vec<(String, String)>>,
}

/// The default pairs: the seed's plan and the simulator's defaults.
pub fn default_pairs() -> Vec<(String, String)> {
    let mut v = share::encode(&PlanInput::default());
    v.extend(EXTRA.iter().map(|(k, d)| (k.to_string(), d.to_string())));
    v
}

/// The defaults overwritten by the known keys of `given`.
pub fn merge(given: &[(String, String)]) -> Vec<(String, String)> {
    let mut v = default_pairs();
    for (k, val) in given {
        if let Some(slot) = v.iter_mut().find(|(key, _)| key == k) {
            slot.1 = val.clone();
        }
    }
    v
}

impl QuotaState {
    pub fn get(&self, key: &str) -> String {
        self.pairs.with(|p| p.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_default())
    }

    pub fn get_untracked(&self, key: &str) -> String {
        self.pairs.with_untracked(|p| p.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_default())
    }

    pub fn set(&self, key: &str, value: String) {
        self.pairs.update(|p| {
            if let Some(slot) = p.iter_mut().find(|(k, _)| k == key) {
                slot.1 = value;
            } else {
                p.push((key.to_string(), value));
            }
        });
    }

    /// A number of the extra settings, or its default when unreadable.
    pub fn number(&self, key: &str) -> Option<f64> {
        clean(&self.get(key)).parse::<f64>().ok().filter(|x| x.is_finite())
    }
}

/// A typed number without thousands separators.
pub fn clean(v: &str) -> String {
    v.trim().replace([',', '_', ' '], "")
}

/// The plan's inputs read from the pairs: the input (unreadable values keep
/// the default) and every field's problem.
pub fn read_input(pairs: &[(String, String)], catalog: &Catalog) -> (PlanInput, Vec<FieldError>) {
    let mut good = Vec::new();
    let mut errors = Vec::new();
    for (k, v) in pairs {
        if !share::KEYS.iter().any(|(key, _)| key == k) {
            continue;
        }
        let pair = (k.clone(), if k == "m" { v.clone() } else { clean(v) });
        match share::decode(std::slice::from_ref(&pair)) {
            Ok(_) => good.push(pair),
            Err(e) => errors.extend(e.into_iter().map(|e| FieldError::new(e.field, e.problem))),
        }
    }
    let input = share::decode(&good).unwrap_or_default();
    if let Err(e) = input.validate(catalog) {
        for fe in e {
            if !errors.iter().any(|x| x.field == fe.field) {
                errors.push(fe);
            }
        }
    }
    // A Standard plan ignores PTUs, a Provisioned one TPM.
    let skip = if input.deployment.is_provisioned() { Field::AllocatedTpm } else { Field::AllocatedPtu };
    errors.retain(|e| e.field != skip);
    (input, errors)
}

/// What the page renders from: the input, its problems, and the plan when
/// there are none.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub input: PlanInput,
    pub errors: Vec<FieldError>,
    pub plan: Option<Plan>,
}

pub fn check(pairs: &[(String, String)], catalog: &Catalog) -> Checked {
    let (input, mut errors) = read_input(pairs, catalog);
    let plan = if errors.is_empty() {
        match plan(&input, catalog) {
            Ok(p) => Some(p),
            Err(e) => {
                errors = e;
                None
            }
        }
    } else {
        None
    };
    Checked { input, errors, plan }
}

/// The reason for `field`, if it has a problem.
pub fn reason_for(errors: &[FieldError], field: Field) -> Option<Text> {
    errors.iter().find(|e| e.field == field).map(FieldError::reason)
}

/// A simulator setting's problem as text.
pub fn problem(p: &Problem) -> Text {
    problem_text(p)
}

/// Query string of the pairs.
pub fn query_string(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{}={}", js_sys::encode_uri_component(k), js_sys::encode_uri_component(v)))
        .collect::<Vec<_>>()
        .join("&")
}
