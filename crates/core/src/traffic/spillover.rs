//! PTU with spillover: for every allowed PTU count, what a month costs when
//! the minutes above the PTUs' capacity spill to the paired standard
//! deployment; the count that costs least.
//!
//! The model (stated on the page and in the output): per minute, demand
//! U = prompt − cached + w × completion tokens (w = the model's output
//! weight); N PTU serve N × k per minute (k = input TPM per PTU); the share
//! (U − N·k) ÷ U of the minute spills and is billed at the standard
//! deployment's token prices (cached tokens at the cached price, × the
//! spillover price factor); PTUs are billed by the hour for the whole
//! window, or by reservation. `monthly_usd` is the window's cost scaled to
//! the one month of every tool (`cost::HOURS_PER_MONTH`, 730 hours).

use super::analyze::cached_of;
use super::store::Deployment;
use super::time::Minute;
use crate::cost::{ptu_prices, token_prices, PriceOverride, PtuPricing, MINUTES_PER_MONTH};
use crate::facts::Scope;
use crate::facts::{Catalog, Kind};
use crate::quota::{ptu_min_step, round_ptus};
use serde::{Deserialize, Serialize};

/// At most this many points of the curve are returned (the three marked
/// ones always are); every allowed count is evaluated.
pub const MAX_CURVE_POINTS: usize = 400;
/// At most this many PTU counts are costed (a peak that needs more sizes
/// is costed at evenly spaced ones).
pub const MAX_EVALUATED: u64 = 200_000;

/// One PTU count, costed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    pub ptu: f64,
    pub monthly_usd: f64,
    pub ptu_usd: f64,
    pub spill_usd: f64,
    /// Share of the weighted demand that spills.
    pub spilled_share: f64,
}

/// Why a group cannot be costed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PtuGap {
    NoPtuFacts,
    NoPrices,
    NoTokens,
}

impl PtuGap {
    /// Why, in words (the CLI's text; the page says the same through its
    /// `traffic.ptu.skip.*` strings).
    pub fn text(&self) -> crate::text::Text {
        match self {
            PtuGap::NoPtuFacts => {
                crate::text::Text::new("the catalog has no PTU figures for this model", "카탈로그에 이 모델의 PTU 수치가 없습니다")
            }
            PtuGap::NoPrices => {
                crate::text::Text::new("the catalog has no token prices for this model", "카탈로그에 이 모델의 토큰 가격이 없습니다")
            }
            PtuGap::NoTokens => crate::text::Text::new("the data has no token counts", "데이터에 토큰 수가 없습니다"),
        }
    }
}

/// The minutes one deployment's figures cover: its first to its last.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Window {
    pub deployment: String,
    pub from: Minute,
    pub to: Minute,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PtuPlan {
    pub model: String,
    pub scope: Scope,
    /// The region whose prices were used (`None` = not chosen).
    #[serde(default)]
    pub region: Option<String>,
    pub deployments: Vec<String>,
    /// Minutes costed: those within at least one deployment's window (the
    /// minutes between windows are not averaged in).
    pub minutes: u64,
    /// The first and last minute costed.
    pub from: Minute,
    pub to: Minute,
    /// Each deployment's window, in the order of `deployments`.
    pub windows: Vec<Window>,
    pub pricing: PtuPricing,
    /// k: input TPM one PTU serves.
    pub input_tpm_per_ptu: f64,
    /// w: one output token weighs this many input tokens.
    pub output_weight: f64,
    pub min_ptu: f64,
    pub step_ptu: f64,
    /// One PTU for a month (730 hours) at the chosen pricing.
    pub ptu_month_usd: f64,
    /// The busiest minute's demand U.
    pub peak_demand: f64,
    /// Whether cached tokens were known (else all prompt tokens counted).
    pub cached_known: bool,
    pub payg: CurvePoint,
    /// Azure's calculator method: the peak minute, rounded up to the step.
    pub peak_sized: CurvePoint,
    pub best: CurvePoint,
    pub curve: Vec<CurvePoint>,
    /// Requests the data shows already spilled (`IsSpillover`), if known.
    pub already_spilled: Option<f64>,
}

/// A minute's demand and pay-as-you-go cost.
#[derive(Clone, Copy, Debug)]
struct MinuteLoad {
    demand: f64,
    payg_usd: f64,
}

/// Costs of every N from the sorted minutes, in O(log M) per N.
struct Evaluator {
    /// Demands, ascending.
    demand: Vec<f64>,
    /// Suffix sums from i to the end: pay-as-you-go dollars, and dollars per
    /// unit of demand, and demand.
    suffix_usd: Vec<f64>,
    suffix_usd_per_u: Vec<f64>,
    suffix_demand: Vec<f64>,
    total_demand: f64,
}

impl Evaluator {
    fn new(mut loads: Vec<MinuteLoad>) -> Self {
        loads.sort_unstable_by(|a, b| a.demand.total_cmp(&b.demand));
        let n = loads.len();
        let (mut su, mut spu, mut sd) = (vec![0.0; n + 1], vec![0.0; n + 1], vec![0.0; n + 1]);
        for i in (0..n).rev() {
            let l = loads[i];
            su[i] = su[i + 1] + l.payg_usd;
            spu[i] = spu[i + 1] + if l.demand > 0.0 { l.payg_usd / l.demand } else { 0.0 };
            sd[i] = sd[i + 1] + l.demand;
        }
        Evaluator {
            total_demand: sd[0],
            demand: loads.into_iter().map(|l| l.demand).collect(),
            suffix_usd: su,
            suffix_usd_per_u: spu,
            suffix_demand: sd,
        }
    }

    /// Spilled dollars and spilled demand with capacity `c` per minute.
    fn spill(&self, c: f64) -> (f64, f64) {
        let i = self.demand.partition_point(|u| *u <= c);
        let usd = self.suffix_usd[i] - c * self.suffix_usd_per_u[i];
        let demand = self.suffix_demand[i] - c * (self.demand.len() - i) as f64;
        (usd.max(0.0), demand.max(0.0))
    }
}

/// The minutes within at least one of `windows` (first, last), as sorted,
/// disjoint runs: (first minute, offset of its load).
fn runs(windows: &[(Minute, Minute)]) -> (Vec<(Minute, Minute, usize)>, usize) {
    let mut w: Vec<(Minute, Minute)> = windows.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    w.sort_unstable();
    let mut merged: Vec<(Minute, Minute)> = Vec::new();
    for (a, b) in w {
        match merged.last_mut() {
            Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    let mut out = Vec::with_capacity(merged.len());
    let mut offset = 0usize;
    for (a, b) in merged {
        out.push((a, b, offset));
        offset = offset.saturating_add(usize::try_from(b.saturating_sub(a)).unwrap_or(usize::MAX).saturating_add(1));
    }
    (out, offset)
}

/// Plans PTUs for the deployments of one model and scope, over the minutes
/// of their own windows: a minute outside every deployment's window (between
/// two far apart) is neither allocated nor averaged in. The windows are
/// the store's, whose deployment-minutes are bounded: so is the plan.
pub fn plan(
    model: &str,
    scope: Scope,
    region: Option<&str>,
    deployments: &[&Deployment],
    pricing: PtuPricing,
    catalog: &Catalog,
) -> Result<PtuPlan, PtuGap> {
    let k = catalog.get(Kind::InputTpmPerPtu, model).filter(|v| *v > 0.0).ok_or(PtuGap::NoPtuFacts)?;
    let w = catalog.get(Kind::PtuOutputWeight, model).ok_or(PtuGap::NoPtuFacts)?;
    let (min, step) = ptu_min_step(catalog, model, scope).ok_or(PtuGap::NoPtuFacts)?;
    // Spilled requests pay the standard deployment's token prices in the
    // region (the one pricing function), times the spillover factor where
    // the catalog has one.
    let (_, prices) = token_prices(model, scope, region, &PriceOverride::default(), catalog).map_err(|_| PtuGap::NoPrices)?;
    let spill_factor = catalog.get(Kind::SpilloverPriceFactor, "any").unwrap_or(1.0);
    let windows: Vec<Window> = deployments
        .iter()
        .filter_map(|d| Some(Window { deployment: d.name.clone(), from: d.cells.first()?, to: d.cells.last()? }))
        .collect();
    let (runs, span) = runs(&windows.iter().map(|w| (w.from, w.to)).collect::<Vec<_>>());
    let (first, last) = match (runs.first(), runs.last()) {
        (Some(f), Some(l)) => (f.0, l.1),
        _ => return Err(PtuGap::NoTokens),
    };
    // The minute's place among the runs' loads.
    let place = |m: Minute| -> Option<usize> {
        let i = runs.partition_point(|r| r.0 <= m).checked_sub(1)?;
        let (a, b, offset) = runs[i];
        (m <= b).then(|| offset + (m - a) as usize)
    };
    let mut loads = vec![MinuteLoad { demand: 0.0, payg_usd: 0.0 }; span];
    let mut cached_known = true;
    let mut already: Option<f64> = None;
    for d in deployments {
        cached_known &= d.has.cached || d.has.active;
        if d.has.spill {
            already = Some(already.unwrap_or(0.0) + d.cells.iter().map(|(_, c)| c.spilled).sum::<f64>());
        }
        for (m, c) in d.cells.iter() {
            let Some(slot) = place(m).and_then(|i| loads.get_mut(i)) else { continue };
            let cached = cached_of(c, d.has);
            let fresh = (c.prompt - cached).max(0.0);
            slot.demand += fresh + w * c.completion;
            slot.payg_usd += prices.usd(c.prompt, cached, c.completion) * spill_factor;
        }
    }
    let ev = Evaluator::new(loads);
    if ev.total_demand <= 0.0 {
        return Err(PtuGap::NoTokens);
    }
    let peak = ev.demand.last().copied().unwrap_or(0.0);
    let month = ptu_prices(scope, region, catalog).month(pricing);
    let scale = MINUTES_PER_MONTH / span.max(1) as f64;
    let point = |n: f64| {
        let (spill_usd, spill_demand) = ev.spill(n * k);
        let ptu_usd = n * month;
        CurvePoint {
            ptu: n,
            ptu_usd,
            spill_usd: spill_usd * scale,
            monthly_usd: ptu_usd + spill_usd * scale,
            spilled_share: spill_demand / ev.total_demand,
        }
    };
    let peak_n = round_ptus(peak / k, min, step);
    let payg = point(0.0);
    let peak_sized = point(peak_n);
    let mut best = payg;
    // Every allowed size from the minimum to the peak-sized count (at most
    // MAX_EVALUATED of them, evenly spaced, beyond that).
    let step = step.max(1.0);
    // An absurd figure (a `--fact` of 1e308) makes the count infinite: the
    // cast saturates, and so does the count.
    let sizes = (((peak_n - min) / step).floor().max(0.0) as u64).saturating_add(1);
    let stride = sizes.div_ceil(MAX_EVALUATED).max(1);
    let mut counts = vec![0.0];
    counts.extend((0..sizes).step_by(stride as usize).map(|i| min + i as f64 * step));
    if counts.last() != Some(&peak_n) {
        counts.push(peak_n);
    }
    let all: Vec<CurvePoint> = counts.iter().map(|n| point(*n)).collect();
    for p in &all {
        if p.monthly_usd < best.monthly_usd - 1e-9 {
            best = *p;
        }
    }
    let curve = thin(&all, &[payg.ptu, peak_sized.ptu, best.ptu]);
    Ok(PtuPlan {
        model: model.to_string(),
        scope,
        region: region.map(str::to_string),
        deployments: deployments.iter().map(|d| d.name.clone()).collect(),
        minutes: span as u64,
        from: first,
        to: last,
        windows,
        pricing,
        input_tpm_per_ptu: k,
        output_weight: w,
        min_ptu: min,
        step_ptu: step,
        ptu_month_usd: month,
        peak_demand: peak,
        cached_known,
        payg,
        peak_sized,
        best,
        curve,
        already_spilled: already,
    })
}

/// At most [`MAX_CURVE_POINTS`], evenly spaced, keeping `keep`.
fn thin(all: &[CurvePoint], keep: &[f64]) -> Vec<CurvePoint> {
    if all.len() <= MAX_CURVE_POINTS {
        return all.to_vec();
    }
    let every = all.len().div_ceil(MAX_CURVE_POINTS - keep.len());
    all.iter().enumerate().filter(|(i, p)| i % every == 0 || i + 1 == all.len() || keep.contains(&p.ptu)).map(|(_, p)| *p).collect()
}
