//! The four ways to raise throughput, with numbers for this case, ranked by
//! what can be done now. A quota increase needs approval: never "right now".

use super::input::PlanInput;

use super::ptu::{self, PtuInput};
use crate::cost::{ptu_prices, MINUTES_PER_MONTH};
use crate::facts::Catalog;
use crate::facts::Kind;
use crate::facts::Scope;
use serde::{Deserialize, Serialize};

/// How soon a way takes effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Timing {
    /// In our own hands today.
    Now,
    /// Needs provisioned quota and free capacity in the region.
    NeedsCapacity,
    /// Needs a request and Microsoft's approval.
    NeedsApproval,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Way {
    /// Spread the traffic over `deployments` deployments of `tpm_each`
    /// (other regions have their own quota), each taking `share_each`;
    /// route 429-aware when their capacities differ.
    MoreDeployments { deployments: f64, extra: f64, tpm_each: f64, share_each: f64, default_quota_tpm: Option<f64> },
    /// Move non-interactive work to Global Batch: `share_needed` of the
    /// traffic must go for the rest to fit; `batchable_share` (the user's)
    /// frees `freed_tpm` / `freed_rpm` at the peak and saves
    /// `monthly_saving` at the batch discount.
    MoveToBatch {
        share_needed: f64,
        batchable_share: f64,
        freed_tpm: f64,
        freed_rpm: f64,
        batch_price_factor: f64,
        monthly_saving: Option<f64>,
    },
    /// Provisioned throughput for the peak; `None` figures when the catalog
    /// has no PTU data for the model.
    Provisioned { ptus: Option<f64>, exact_ptus: Option<f64>, monthly_cost_yearly_reserved: Option<f64> },
    /// Ask for `to_tpm` instead of `from_tpm`.
    QuotaIncrease { from_tpm: f64, to_tpm: f64, increase: f64 },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankedWay {
    /// 1 = do this first.
    pub rank: u32,
    pub timing: Timing,
    /// Whether this way alone carries the traffic.
    pub covers: bool,
    pub way: Way,
}

/// What the planner worked out that the ways need.
pub(super) struct Need<'a> {
    pub model: &'a str,
    pub admission_tpm: f64,
    pub tpm_to_request: f64,
    pub rpm_allowed: f64,
}

fn scope_key(scope: Scope) -> Kind {
    match scope {
        Scope::Global => Kind::DefaultTpmGlobal,
        Scope::DataZone => Kind::DefaultTpmDatazone,
        Scope::Regional => Kind::DefaultTpmRegional,
    }
}

/// The four ways for a Standard deployment (none for Provisioned ones:
/// their remedy is more PTUs, which the PTU page sizes).
pub(super) fn rank(input: &PlanInput, catalog: &Catalog, need: &Need) -> Vec<RankedWay> {
    if input.deployment.is_provisioned() {
        return Vec::new();
    }
    let burst = input.burst_factor;
    let deployments = if input.allocated_tpm > 0.0 { (need.tpm_to_request / input.allocated_tpm).ceil().max(1.0) } else { 1.0 };
    // The quota of the tier picked (its table row), else the catalog's default.
    let default_quota_tpm =
        super::tier::default_tpm(catalog, need.model, input).or_else(|| catalog.get(scope_key(input.deployment.scope()), need.model));
    let more = RankedWay {
        rank: 0,
        timing: Timing::Now,
        covers: true,
        way: Way::MoreDeployments {
            deployments,
            extra: deployments - 1.0,
            tpm_each: input.allocated_tpm,
            share_each: 1.0 / deployments,
            default_quota_tpm,
        },
    };

    let tokens_share = if need.admission_tpm > 0.0 { 1.0 - input.allocated_tpm / (need.admission_tpm * burst) } else { 0.0 };
    let requests_share = if input.peak_rpm > 0.0 { 1.0 - need.rpm_allowed / (input.peak_rpm * burst) } else { 0.0 };
    let share_needed = tokens_share.max(requests_share).max(0.0);
    let factor = catalog.require(Kind::BatchPriceFactor, "any");
    let ptu_input = PtuInput::from(input);
    let monthly_saving = ptu::payg_cost_per_request(&ptu_input, catalog)
        .ok()
        .map(|per| input.batchable_share * input.average_rpm * MINUTES_PER_MONTH * per * (1.0 - factor));
    let batch = RankedWay {
        rank: 0,
        timing: Timing::Now,
        covers: input.batchable_share > 0.0 && input.batchable_share + 1e-9 >= share_needed,
        way: Way::MoveToBatch {
            share_needed,
            batchable_share: input.batchable_share,
            freed_tpm: input.batchable_share * need.admission_tpm,
            freed_rpm: input.batchable_share * input.peak_rpm,
            batch_price_factor: factor,
            monthly_saving,
        },
    };

    let sizing = ptu::ptus_needed(&ptu_input, catalog).ok();
    let prices = ptu_prices(ptu_input.scope, ptu_input.region.as_deref(), catalog);
    let provisioned = RankedWay {
        rank: 0,
        timing: Timing::NeedsCapacity,
        covers: sizing.is_some(),
        way: Way::Provisioned {
            ptus: sizing.as_ref().map(|s| s.ptus),
            exact_ptus: sizing.as_ref().map(|s| s.exact_ptus),
            monthly_cost_yearly_reserved: sizing.as_ref().map(|s| prices.monthly(s.ptus)[2]),
        },
    };

    let quota = RankedWay {
        rank: 0,
        timing: Timing::NeedsApproval,
        covers: true,
        way: Way::QuotaIncrease {
            from_tpm: input.allocated_tpm,
            to_tpm: need.tpm_to_request.max(input.allocated_tpm),
            increase: (need.tpm_to_request - input.allocated_tpm).max(0.0),
        },
    };

    let mut ways = vec![more, batch, provisioned, quota];
    ways.sort_by_key(|w| (w.timing, !w.covers));
    for (i, w) in ways.iter_mut().enumerate() {
        w.rank = i as u32 + 1;
    }
    ways
}
