//! One generator per family. Each turns a seed and the catalog into a
//! problem; numbers vary with the seed within realistic ranges, vendor
//! figures come from the catalog, wrong options come from typical mistakes.

mod batch_lifecycle;
mod binding_limit;
mod chunk_trim;
mod control_plane;
mod lane_choice;
mod not_immediate;
mod output_cap;
mod queue_design;
mod retry_after;
mod symptom;
mod tpm_needed;
mod tpm_rpm;

pub use binding_limit::BindingShape;
pub use chunk_trim::ChunkTrimShape;
pub use output_cap::OutputCapShape;
pub use tpm_needed::TrafficShape;
pub use tpm_rpm::TpmRpmShape;

use super::family::Family;
use super::options::assemble;
use super::problem::Problem;
use super::rng::Rng;
use crate::facts::{Catalog, Kind, Scope};
use crate::text::Text;

/// The problem of `family` for `seed`.
pub fn generate(family: Family, seed: u64, catalog: &Catalog) -> Problem {
    let mut rng = Rng::salted(seed, family.slug());
    let draft = match family {
        Family::TpmToRpm => tpm_rpm::draft(&mut rng, catalog),
        Family::BindingLimit => binding_limit::draft(&mut rng, catalog),
        Family::TpmNeeded => tpm_needed::draft(&mut rng, catalog),
        Family::OutputCap => output_cap::draft(&mut rng, catalog),
        Family::ChunkTrim => chunk_trim::draft(&mut rng, catalog),
        Family::NotImmediate => not_immediate::draft(&mut rng, catalog),
        Family::RetryAfter => retry_after::draft(&mut rng, catalog),
        Family::Symptom => symptom::draft(&mut rng, catalog),
        Family::BatchLifecycle => batch_lifecycle::draft(&mut rng, catalog),
        Family::QueueDesign => queue_design::draft(&mut rng, catalog),
        Family::ControlPlane => control_plane::draft(&mut rng, catalog),
        Family::LaneChoice => lane_choice::draft(&mut rng, catalog),
    };
    let (options, correct) = assemble(&mut rng, draft.right, draft.wrong);
    Problem { family, seed, note: None, code: None, stem: draft.stem, options, correct, explanation: draft.explanation, key: draft.key }
}

/// What a generator produces before the options are shuffled.
pub(crate) struct Draft {
    pub stem: Text,
    pub right: Text,
    /// Wrong options, most telling first; the first three distinct are used.
    pub wrong: Vec<Text>,
    pub explanation: Text,
    pub key: Option<f64>,
}

/// A catalog figure, or NaN when the user's catalog lacks it (the options
/// then fall back to neutral ones rather than panic).
pub(crate) fn figure(catalog: &Catalog, kind: Kind, subject: &str) -> f64 {
    catalog.get(kind, subject).unwrap_or(f64::NAN)
}

/// The TPM step (1,000) as a whole number of at least 1.
pub(crate) fn tpm_step(catalog: &Catalog) -> u64 {
    let s = figure(catalog, Kind::TpmStep, "any");
    if s.is_finite() && s >= 1.0 {
        s as u64
    } else {
        1
    }
}

/// A wrong-option pool drawn in a seeded order, so that which three
/// distractors appear varies with the seed.
pub(crate) fn shuffled(rng: &mut Rng, mut pool: Vec<Text>) -> Vec<Text> {
    rng.shuffle(&mut pool);
    pool
}

/// The deployment types the ratio problems quote (both have tier rows).
pub(crate) const DEPLOYMENTS: [Scope; 2] = [Scope::Global, Scope::DataZone];

/// The deployment type's name as the vendor writes it (a proper noun in both languages).
pub(crate) fn deployment_name(d: Scope) -> &'static str {
    match d {
        Scope::Global => "Global Standard",
        Scope::DataZone => "Data Zone Standard",
        Scope::Regional => "Standard",
    }
}

/// RPM per 1,000 TPM for a model on a deployment type: the quota-tier
/// tables' (the planner's own source), else the model's catalog figure,
/// else NaN.
pub(crate) fn deployment_ratio(catalog: &Catalog, model: &str, deployment: Scope) -> f64 {
    crate::facts::tier_ratio(catalog, model, deployment, None).unwrap_or_else(|| figure(catalog, Kind::RpmPer1kTpm, model))
}

/// Chat models whose ratio and prices the generators quote.
pub(crate) const MODELS: [&str; 4] = ["gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-4.1-mini"];

/// A worded problem: one right answer and a pool of wrong ones, of which
/// the seed picks three.
pub(crate) struct Scenario {
    pub stem: Text,
    pub right: Text,
    pub wrong: Vec<Text>,
    pub explanation: Text,
}

impl Scenario {
    pub fn into_draft(self, rng: &mut Rng) -> Draft {
        Draft { stem: self.stem, right: self.right, wrong: shuffled(rng, self.wrong), explanation: self.explanation, key: None }
    }
}
