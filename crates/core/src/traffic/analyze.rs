//! Per deployment: tokens and requests per minute against its limits, the
//! percentiles, and for every minute with 429s which limit bound.

use super::options::TrafficOptions;
use super::store::{Cell, Deployment};
use super::time::{format_minute, Minute};
pub use crate::batch::ModelSource;
use crate::batch::{resolve_model, ModelClues};
use crate::facts::{model_for_name, Catalog, Kind};
use crate::facts::{tier_limit, tier_ratio, QuotaTier};
use crate::facts::{DeploymentType, Scope};
use serde::{Deserialize, Serialize};

/// At most this many throttled minutes are listed per deployment (all are
/// counted).
pub const MAX_LISTED_MINUTES: usize = 2_000;
/// Points of a deployment's chart (the busiest minute of each bucket).
pub const CHART_POINTS: usize = 720;

/// Tokens and requests per minute.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    pub tpm: f64,
    pub rpm: f64,
}

/// Which limit bound in a minute with 429s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Binds {
    Tpm,
    Rpm,
    /// Neither reached its per-minute figure: the sub-minute window bound.
    Burst,
    /// Neither reached its per-minute figure and every 429 of the minute
    /// asked for Flex (the export's `ServiceTierRequest` split): Flex
    /// capacity was not available (Flex has no guaranteed capacity: the
    /// Azure Flex page, `SourceId::AzureFlex`).
    FlexCapacity,
    /// A provisioned deployment at or above 100% utilization.
    Utilization,
    /// No limit is known for the deployment: which bound cannot be said.
    Unknown,
}

impl Binds {
    pub fn code(self) -> &'static str {
        match self {
            Binds::Tpm => "tpm",
            Binds::Rpm => "rpm",
            Binds::Burst => "burst",
            Binds::FlexCapacity => "flex_capacity",
            Binds::Utilization => "utilization",
            Binds::Unknown => "unknown",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Throttled {
    pub at: Minute,
    pub requests_429: f64,
    pub binds: Binds,
    pub tokens: f64,
    /// Requests that were let through (all − 429).
    pub admitted: f64,
}

/// Where a deployment's limits come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LimitSource {
    Typed,
    /// The tier's table for the model and deployment type.
    Tier(QuotaTier),
    /// The catalog's default quota for the model and deployment type (the
    /// tier tables have no row for the pair), RPM from its ratio.
    Default,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    pub tpm: f64,
    /// Requests per minute (per-minute equivalent of the window's figure).
    pub rpm: f64,
    /// The RPM's enforcement window, seconds (10 for some tiers' limits).
    pub window_seconds: f64,
    pub source: LimitSource,
    /// Whether the RPM came from the catalog's ratio, not typed.
    pub rpm_from_ratio: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VersionSpan {
    pub version: String,
    pub from: Minute,
    pub to: Minute,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ChartPoint {
    pub at: Minute,
    pub tpm: f64,
    pub rpm: f64,
    pub throttled: f64,
}

/// Latency figures, p50 / p95 over the minutes that have them (ms).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Latency {
    pub ttft_ms: Option<[f64; 2]>,
    pub tbt_ms: Option<[f64; 2]>,
    pub ttlt_ms: Option<[f64; 2]>,
    pub time_to_response_ms: Option<[f64; 2]>,
    /// Completion tokens per request, p50 / p95 over minutes.
    pub output_per_request: Option<[f64; 2]>,
    /// Minutes at or above 100% PTU utilization.
    pub saturated_minutes: u64,
    pub utilization_p95: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeploymentReport {
    pub name: String,
    pub model: Option<String>,
    pub model_source: ModelSource,
    pub deployment_type: DeploymentType,
    pub first: Minute,
    pub last: Minute,
    /// Minutes from the first to the last, both included.
    pub minutes: u64,
    /// Minutes with any data point.
    pub data_minutes: u64,
    pub peak: Rate,
    pub p50: Rate,
    pub p95: Rate,
    pub p99: Rate,
    pub mean: Rate,
    pub limits: Option<Limits>,
    pub requests: f64,
    pub requests_429: f64,
    pub spilled: f64,
    pub prompt_tokens: f64,
    pub cached_tokens: f64,
    pub completion_tokens: f64,
    /// Throttled minutes in all, and per binding limit.
    pub throttled_count: u64,
    pub binds_tpm: u64,
    pub binds_rpm: u64,
    pub binds_burst: u64,
    /// Minutes whose 429s all asked for Flex, no limit reached.
    #[serde(default)]
    pub binds_flex: u64,
    pub binds_utilization: u64,
    pub binds_unknown: u64,
    /// The first [`MAX_LISTED_MINUTES`], in time order.
    pub throttled_minutes: Vec<Throttled>,
    /// The first [`MAX_VERSIONS`](super::store::MAX_VERSIONS) versions
    /// seen, in time order.
    pub model_versions: Vec<VersionSpan>,
    /// Distinct versions seen beyond those (exact, or at least).
    pub more_versions: u64,
    pub more_versions_exact: bool,
    pub latency: Latency,
    pub chart: Vec<ChartPoint>,
    pub has: super::store::Has,
    pub merged_resource: bool,
    /// The region whose Regional prices apply (the options'; the hand-offs
    /// carry it so /quota and /cost price in the same region).
    #[serde(default)]
    pub region: Option<String>,
    /// Requests by service tier: Priority→Standard downgrades and Flex
    /// 429s per minute (`None`: the data has no tier split).
    #[serde(default)]
    pub tiers: Option<super::tiers::TierReport>,
}

impl DeploymentReport {
    pub fn is_provisioned(&self) -> bool {
        self.deployment_type.is_provisioned()
    }
}

/// The `p`-th percentile (0–100) of `sorted` by nearest rank.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_unstable_by(f64::total_cmp);
    v
}

fn p50_p95(v: Vec<f64>) -> Option<[f64; 2]> {
    (!v.is_empty()).then(|| {
        let s = sorted(v);
        [percentile(&s, 50.0), percentile(&s, 95.0)]
    })
}

/// The model a deployment runs, and how that is known (the batch check's
/// answer: `batch::resolve_model`).
pub fn model_of(d: &Deployment, options: &TrafficOptions) -> (Option<String>, ModelSource) {
    let r = resolve_model(ModelClues { picked: options.model_of(&d.name), named: d.model.as_deref(), deployment: Some(&d.name) });
    (r.name.map(str::to_string), r.source)
}

/// The deployment's type: typed, else provisioned when its data has
/// provisioned-only metrics, else Global Standard.
pub fn type_of(d: &Deployment, options: &TrafficOptions) -> DeploymentType {
    options.type_of(&d.name).unwrap_or(if d.has.utilization || d.has.active {
        DeploymentType::GlobalProvisioned
    } else {
        DeploymentType::GlobalStandard
    })
}

/// The limits a deployment is held to: typed, else the tier's table.
pub fn limits_of(catalog: &Catalog, name: &str, model: Option<&str>, t: DeploymentType, options: &TrafficOptions) -> Option<Limits> {
    let tier_dep = t.tier_scope();
    let row = match (model, tier_dep) {
        (Some(m), Some(td)) => tier_limit(catalog, m, td, options.tier).filter(|l| l.tpm.is_some_and(|t| t > 0.0) && l.rpm > 0.0),
        _ => None,
    };
    if let Some(typed) = options.limit_of(name) {
        let ratio = || {
            let m = model?;
            tier_dep
                .and_then(|td| tier_ratio(catalog, m, td, Some(options.tier)))
                .or_else(|| catalog.get(Kind::RpmPer1kTpm, model_for_name(m).map_or(m, |c| c.name)))
        };
        let (rpm, from_ratio) = match typed.rpm {
            Some(r) => (r, false),
            None => (typed.tpm / 1_000.0 * ratio()?, true),
        };
        let window_seconds = row.as_ref().map_or(60.0, |r| r.window_seconds);
        return Some(Limits { tpm: typed.tpm, rpm, window_seconds, source: LimitSource::Typed, rpm_from_ratio: from_ratio });
    }
    if t.is_provisioned() {
        return None;
    }
    let Some(row) = row else {
        let m = model_for_name(model?)?.name;
        let kind = match t.scope() {
            Scope::Global => Kind::DefaultTpmGlobal,
            Scope::DataZone => Kind::DefaultTpmDatazone,
            Scope::Regional => Kind::DefaultTpmRegional,
        };
        let tpm = catalog.get(kind, m).filter(|v| *v > 0.0)?;
        let ratio = catalog.get(Kind::RpmPer1kTpm, m).filter(|v| *v > 0.0)?;
        return Some(Limits { tpm, rpm: tpm / 1_000.0 * ratio, window_seconds: 60.0, source: LimitSource::Default, rpm_from_ratio: true });
    };
    Some(Limits {
        tpm: row.tpm?,
        rpm: row.requests_per_minute()?,
        window_seconds: row.window_seconds,
        source: LimitSource::Tier(options.tier),
        rpm_from_ratio: false,
    })
}

/// Which limit bound a throttled minute.
pub fn classify(cell: &Cell, limits: Option<&Limits>, provisioned: bool, reached_share: f64) -> Binds {
    if provisioned {
        return match cell.utilization {
            Some(u) if u >= 100.0 => Binds::Utilization,
            Some(_) => Binds::Burst,
            None => Binds::Unknown,
        };
    }
    let Some(l) = limits else { return Binds::Unknown };
    let tokens = cell.prompt + cell.completion;
    let admitted = (cell.requests - cell.throttled).max(0.0);
    let tpm_share = if l.tpm > 0.0 { tokens / l.tpm } else { 0.0 };
    let rpm_share = if l.rpm > 0.0 { admitted / l.rpm } else { 0.0 };
    if tpm_share < reached_share && rpm_share < reached_share {
        Binds::Burst
    } else if tpm_share >= rpm_share {
        Binds::Tpm
    } else {
        Binds::Rpm
    }
}

/// A burst minute whose 429s all asked for Flex (the tier split of the
/// minute counts as many Flex 429s as the minute has 429s) is Flex
/// capacity; every other label stays (a limit that bound is named, Flex
/// or not: Flex shares the deployment's quota).
pub fn flex_capacity(binds: Binds, requests_429: f64, tier: Option<&super::tiers::TierCell>) -> Binds {
    match (binds, tier) {
        (Binds::Burst, Some(t)) if requests_429 > 0.0 && t.flex_429 >= requests_429 * (1.0 - 1e-9) => Binds::FlexCapacity,
        _ => binds,
    }
}

/// One deployment, analysed.
pub fn analyze_deployment(d: &Deployment, options: &TrafficOptions, catalog: &Catalog) -> Option<DeploymentReport> {
    if d.cells.is_empty() {
        return None;
    }
    let first = d.cells.first()?;
    let last = d.cells.last()?;
    let (model, model_source) = model_of(d, options);
    let deployment_type = type_of(d, options);
    let limits = limits_of(catalog, &d.name, model.as_deref(), deployment_type, options);
    let reached = catalog.require(Kind::BindingReachedShare, "any");
    let span = (last - first + 1) as usize;
    let empty = Cell::default();
    let mut tpm = Vec::with_capacity(span);
    let mut rpm = Vec::with_capacity(span);
    let mut r = DeploymentReport {
        region: options.region.clone(),
        name: d.name.clone(),
        model,
        model_source,
        deployment_type,
        first,
        last,
        minutes: span as u64,
        data_minutes: d.cells.data_minutes() as u64,
        peak: Rate::default(),
        p50: Rate::default(),
        p95: Rate::default(),
        p99: Rate::default(),
        mean: Rate::default(),
        limits,
        requests: 0.0,
        requests_429: 0.0,
        spilled: 0.0,
        prompt_tokens: 0.0,
        cached_tokens: 0.0,
        completion_tokens: 0.0,
        throttled_count: 0,
        binds_tpm: 0,
        binds_rpm: 0,
        binds_burst: 0,
        binds_flex: 0,
        binds_utilization: 0,
        binds_unknown: 0,
        throttled_minutes: Vec::new(),
        model_versions: d.versions.iter().map(|(v, (from, to))| VersionSpan { version: v.clone(), from: *from, to: *to }).collect(),
        more_versions: d.more_versions().0,
        more_versions_exact: d.more_versions().1,
        latency: Latency::default(),
        chart: Vec::new(),
        has: d.has,
        merged_resource: d.merged_resource,
        tiers: None,
    };
    r.model_versions.sort_by_key(|v| (v.from, v.to));
    let (mut ttft, mut tbt, mut ttlt, mut ttr, mut out, mut util) = (vec![], vec![], vec![], vec![], vec![], vec![]);
    let bucket = span.div_ceil(CHART_POINTS).max(1);
    for m in first..=last {
        let c = d.cells.get(m).unwrap_or(&empty);
        let tokens = c.prompt + c.completion;
        tpm.push(tokens);
        rpm.push(c.requests);
        r.requests += c.requests;
        r.requests_429 += c.throttled;
        r.spilled += c.spilled;
        r.prompt_tokens += c.prompt;
        r.completion_tokens += c.completion;
        r.cached_tokens += cached_of(c, d.has);
        let i = (m - first) as usize;
        if i.is_multiple_of(bucket) {
            r.chart.push(ChartPoint { at: m, ..ChartPoint::default() });
        }
        if let Some(p) = r.chart.last_mut() {
            p.tpm = p.tpm.max(tokens);
            p.rpm = p.rpm.max(c.requests);
            p.throttled += c.throttled;
        }
        if c.throttled > 0.0 {
            let binds = classify(c, r.limits.as_ref(), deployment_type.is_provisioned(), reached);
            let binds = flex_capacity(binds, c.throttled, d.tiers.minutes.get(&m));
            r.throttled_count += 1;
            *match binds {
                Binds::Tpm => &mut r.binds_tpm,
                Binds::Rpm => &mut r.binds_rpm,
                Binds::Burst => &mut r.binds_burst,
                Binds::FlexCapacity => &mut r.binds_flex,
                Binds::Utilization => &mut r.binds_utilization,
                Binds::Unknown => &mut r.binds_unknown,
            } += 1;
            if r.throttled_minutes.len() < MAX_LISTED_MINUTES {
                r.throttled_minutes.push(Throttled {
                    at: m,
                    requests_429: c.throttled,
                    binds,
                    tokens,
                    admitted: (c.requests - c.throttled).max(0.0),
                });
            }
        }
        let push = |v: &mut Vec<f64>, x: Option<f64>| v.extend(x);
        push(&mut ttft, c.ttft_ms.get());
        push(&mut tbt, c.tbt_ms.get());
        push(&mut ttlt, c.ttlt_ms.get());
        push(&mut ttr, c.time_to_response_ms.get());
        let answered = c.requests - c.throttled;
        push(&mut out, (d.has.completion && answered > 0.0).then(|| c.completion / answered));
        push(&mut util, c.utilization);
    }
    r.latency = Latency {
        ttft_ms: p50_p95(ttft),
        tbt_ms: p50_p95(tbt),
        ttlt_ms: p50_p95(ttlt),
        time_to_response_ms: p50_p95(ttr),
        output_per_request: p50_p95(out),
        saturated_minutes: util.iter().filter(|u| **u >= 100.0).count() as u64,
        utilization_p95: (!util.is_empty()).then(|| percentile(&sorted(util), 95.0)),
    };
    let (tpm, rpm) = (sorted(tpm), sorted(rpm));
    let at = |p: f64| Rate { tpm: percentile(&tpm, p), rpm: percentile(&rpm, p) };
    r.p50 = at(50.0);
    r.p95 = at(95.0);
    r.p99 = at(99.0);
    r.peak = at(100.0);
    r.mean = Rate { tpm: (r.prompt_tokens + r.completion_tokens) / span as f64, rpm: r.requests / span as f64 };
    Some(r)
}

/// Cached prompt tokens of a minute: given, or derived from `ActiveTokens`
/// (total minus cached), else none known.
pub fn cached_of(c: &Cell, has: super::store::Has) -> f64 {
    if has.cached {
        c.cached.min(c.prompt)
    } else if has.active && c.active > 0.0 {
        (c.prompt + c.completion - c.active).clamp(0.0, c.prompt)
    } else {
        0.0
    }
}

/// `2026-11-01T00:05Z` for output.
pub fn at(m: Minute) -> String {
    format_minute(m)
}
