//! The page's state: every input as the text the user typed, keyed by its
//! query key (the fields of `share::table()`: the plan's, the simulator's
//! and the KEDA hand-off's). `crate::state` keeps the URL and localStorage
//! following it.

use batchlane_core::facts::Catalog;
use batchlane_core::io::LinkCodec;
use batchlane_core::quota::{plan, problem_text, share, Field, FieldError, Plan, PlanInput, Problem};
use batchlane_core::text::Text;
use leptos::prelude::*;

pub const STORAGE_KEY: &str = "batchlane.quota";

#[derive(Clone, Copy)]
pub struct QuotaState {
    pub pairs: RwSignal<Vec<(String, String)>>,
}

/// The default pairs: the seed's plan and the simulator's defaults.
pub fn default_pairs() -> Vec<(String, String)> {
    share::PlanLink.table().defaults()
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
        batchlane_core::io::parse_number(&self.get(key))
    }
}

/// A typed number without thousands separators.
pub fn clean(v: &str) -> String {
    batchlane_core::io::clean_number(v)
}

/// The plan's inputs read from the pairs: the input (unreadable values keep
/// the default) and every field's problem.
pub fn read_input(pairs: &[(String, String)], catalog: &Catalog) -> (PlanInput, Vec<FieldError>) {
    let mut good = Vec::new();
    let mut errors = Vec::new();
    for (k, v) in pairs {
        if !share::PLAN.iter().any(|l| l.key == k) {
            continue;
        }
        let pair = (k.clone(), if k == "m" { v.clone() } else { clean(v) });
        match share::decode(std::slice::from_ref(&pair)) {
            Ok(_) => good.push(pair),
            Err(e) => errors.extend(e),
        }
    }
    let input = share::PlanLink.open(&good).state;
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
