//! Per-minute traffic per deployment, merged from any number of files.
//!
//! A deployment's minutes are dense, from its first to its last minute (the
//! analysis walks that span anyway; a gap is a minute without data).
//! Memory is bounded by construction: at most [`MAX_DEPLOYMENTS`]
//! deployments and [`MAX_CELLS`] deployment-minutes (spans) in all; a file
//! that would pass either is refused with a message, never truncated
//! silently.

use super::cell::apply;
pub use super::cell::{Cell, Has, Mean, Measure};
use super::tiers::{TierNames, Tiers};
use super::time::{format_minute, Minute};
use crate::text::Text;
use foldhash::{HashMap, HashSet};
use std::collections::{BTreeMap, VecDeque};

/// At most this many deployments across all files.
pub const MAX_DEPLOYMENTS: usize = 1_000;
/// At most this many deployment-minutes (two months of 30 deployments).
pub const MAX_CELLS: usize = 3_000_000;
/// A point's value above this is refused as not a measurement.
pub const MAX_VALUE: f64 = 1e15;
/// At most this many model versions are kept per deployment (the first
/// seen); the others are counted (see [`Deployment::more_versions`]).
pub const MAX_VERSIONS: usize = 16;
/// Distinct versions beyond [`MAX_VERSIONS`] are counted exactly up to
/// this many (8 bytes each), then "at least".
const MAX_COUNTED_VERSIONS: usize = 1 << 16;

/// One deployment's series.
#[derive(Clone, Debug, Default)]
pub struct Deployment {
    pub name: String,
    /// The `ModelName` the data gives, if any.
    pub model: Option<String>,
    /// `ModelVersion` → (first minute, last minute) seen: the first
    /// [`MAX_VERSIONS`] versions seen.
    pub versions: BTreeMap<String, (Minute, Minute)>,
    /// Hashes of the distinct versions beyond [`MAX_VERSIONS`] (at most
    /// `MAX_COUNTED_VERSIONS`).
    more_versions: HashSet<u64>,
    /// More versions than `MAX_COUNTED_VERSIONS` were beyond the cap.
    more_versions_uncounted: bool,
    pub cells: Minutes,
    pub has: Has,
    /// Where the name came from when the data had no deployment dimension
    /// (Log Analytics `AzureMetrics` keeps none): all deployments of the
    /// resource are merged.
    pub merged_resource: bool,
    /// Requests split by service tier (asked and answered), per minute.
    pub tiers: Tiers,
}

impl Deployment {
    /// Distinct versions seen beyond the [`MAX_VERSIONS`] kept, and
    /// whether that count is exact (false: at least that many).
    pub fn more_versions(&self) -> (u64, bool) {
        (self.more_versions.len() as u64, !self.more_versions_uncounted)
    }
}

/// A deployment's minutes, dense from the first to the last.
#[derive(Clone, Debug, Default)]
pub struct Minutes {
    base: Minute,
    cells: VecDeque<Cell>,
    present: usize,
}

impl Minutes {
    pub fn is_empty(&self) -> bool {
        self.present == 0
    }

    /// Minutes with data.
    pub fn data_minutes(&self) -> usize {
        self.present
    }

    /// Minutes from the first to the last, both included.
    pub fn span(&self) -> usize {
        self.cells.len()
    }

    pub fn first(&self) -> Option<Minute> {
        (!self.cells.is_empty()).then_some(self.base)
    }

    pub fn last(&self) -> Option<Minute> {
        (!self.cells.is_empty()).then(|| self.base + self.cells.len() as i64 - 1)
    }

    /// The minute's cell; `None` outside the span or in a gap.
    pub fn get(&self, m: Minute) -> Option<&Cell> {
        let i = usize::try_from(m.checked_sub(self.base)?).ok()?;
        self.cells.get(i).filter(|c| c.present)
    }

    /// Every minute with data, in time order.
    pub fn iter(&self) -> impl Iterator<Item = (Minute, &Cell)> {
        self.cells.iter().enumerate().filter(|(_, c)| c.present).map(move |(i, c)| (self.base + i as i64, c))
    }

    /// The cell of minute `m`, growing the span; `budget` is how many more
    /// minutes may be added. Returns the cell and the minutes added.
    fn slot(&mut self, m: Minute, budget: usize) -> Result<(&mut Cell, usize), StoreError> {
        if self.cells.is_empty() {
            if budget == 0 {
                return Err(StoreError::TooManyMinutes { deployment: String::new(), from: m, to: m });
            }
            self.base = m;
            self.cells.push_back(Cell::default());
            return Ok((self.mark(0), 1));
        }
        let last = self.base + self.cells.len() as i64 - 1;
        let grow = if m < self.base { self.base - m } else { (m - last).max(0) };
        if grow as u64 > budget as u64 {
            return Err(StoreError::TooManyMinutes { deployment: String::new(), from: self.base.min(m), to: last.max(m) });
        }
        let grow = grow as usize;
        if m < self.base {
            for _ in 0..grow {
                self.cells.push_front(Cell::default());
            }
            self.base = m;
        } else if grow > 0 {
            self.cells.resize(self.cells.len() + grow, Cell::default());
        }
        Ok((self.mark((m - self.base) as usize), grow))
    }

    fn mark(&mut self, i: usize) -> &mut Cell {
        let c = &mut self.cells[i];
        if !c.present {
            c.present = true;
            self.present += 1;
        }
        c
    }
}

/// Where a point belongs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeriesKey {
    pub deployment: String,
    pub model: Option<String>,
    pub version: Option<String>,
    pub merged_resource: bool,
}

/// Why a point could not be stored.
#[derive(Clone, Debug, PartialEq)]
pub enum StoreError {
    TooManyDeployments,
    /// The deployment's minutes would run from `from` to `to`, past the
    /// bound on deployment-minutes.
    TooManyMinutes {
        deployment: String,
        from: Minute,
        to: Minute,
    },
    BadValue(f64),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text().en)
    }
}

impl std::error::Error for StoreError {}

impl StoreError {
    pub fn text(&self) -> Text {
        match self {
            StoreError::TooManyDeployments => Text::new(
                format!("more than {MAX_DEPLOYMENTS} deployments: export fewer at a time"),
                format!("배포가 {MAX_DEPLOYMENTS}개를 넘습니다. 한 번에 더 적게 내보내세요"),
            ),
            StoreError::TooManyMinutes { deployment, from, to } => {
                let (from, to) = (format_minute(*from), format_minute(*to));
                Text::new(
                    format!("deployment {deployment:?} would span {from} to {to}: more than {MAX_CELLS} deployment-minutes in all; load a shorter period or fewer deployments"),
                    format!("배포 {deployment:?}의 기간이 {from}부터 {to}까지가 되어 배포별 분 수가 모두 합쳐 {MAX_CELLS}개를 넘습니다. 기간을 줄이거나 배포를 줄여 불러오세요"),
                )
            }
            StoreError::BadValue(v) => Text::new(
                format!("the value {v} is not a measurement (negative, not a number, or above 10^15)"),
                format!("측정값이 아닙니다(음수, 숫자가 아님, 또는 10^15 초과): {v}"),
            ),
        }
    }
}

/// Every deployment's minutes, as loaded so far.
#[derive(Clone, Debug, Default)]
pub struct Store {
    pub deployments: Vec<Deployment>,
    index: HashMap<String, usize>,
    cells: usize,
    /// The coarsest interval seen, minutes.
    pub coarsest_interval: u32,
    /// Service-tier values no page names, as read (bounded).
    pub tier_names: TierNames,
}

impl Store {
    pub fn new() -> Self {
        Store::default()
    }

    pub fn cells(&self) -> usize {
        self.cells
    }

    fn deployment(&mut self, key: &SeriesKey) -> Result<usize, StoreError> {
        if let Some(&i) = self.index.get(&key.deployment) {
            return Ok(i);
        }
        if self.deployments.len() >= MAX_DEPLOYMENTS {
            return Err(StoreError::TooManyDeployments);
        }
        self.deployments.push(Deployment { name: key.deployment.clone(), merged_resource: key.merged_resource, ..Deployment::default() });
        self.index.insert(key.deployment.clone(), self.deployments.len() - 1);
        Ok(self.deployments.len() - 1)
    }

    /// The index of a series' deployment (created on first use): resolve
    /// once per series, then [`Store::add_at`] each point.
    pub fn series(&mut self, key: &SeriesKey) -> Result<usize, StoreError> {
        let i = self.deployment(key)?;
        let d = &mut self.deployments[i];
        if d.model.is_none() {
            d.model = key.model.clone().filter(|m| !m.is_empty());
        }
        Ok(i)
    }

    /// Adds one point covering `interval` minutes from `start`.
    pub fn add(&mut self, key: &SeriesKey, start: Minute, interval: u32, measure: Measure, value: f64) -> Result<(), StoreError> {
        if !value.is_finite() || !(0.0..=MAX_VALUE).contains(&value) {
            return Err(StoreError::BadValue(value));
        }
        let i = self.series(key)?;
        self.add_at(i, key.version.as_deref(), start, interval, measure, value)
    }

    /// Adds one point to the deployment `series` returned.
    pub fn add_at(
        &mut self,
        i: usize,
        version: Option<&str>,
        start: Minute,
        interval: u32,
        measure: Measure,
        value: f64,
    ) -> Result<(), StoreError> {
        if !value.is_finite() || !(0.0..=MAX_VALUE).contains(&value) {
            return Err(StoreError::BadValue(value));
        }
        let interval = interval.max(1);
        self.coarsest_interval = self.coarsest_interval.max(interval);
        let Some(d) = self.deployments.get_mut(i) else { return Ok(()) };
        let end = start.saturating_add(i64::from(interval) - 1);
        if let Some(v) = version {
            note_version(d, v, start, end);
        }
        let share = if measure.is_count() { value / f64::from(interval) } else { value };
        for m in start..=end {
            let budget = MAX_CELLS.saturating_sub(self.cells);
            let (cell, added) = d.cells.slot(m, budget).map_err(|e| match e {
                StoreError::TooManyMinutes { from, to, .. } => StoreError::TooManyMinutes { deployment: d.name.clone(), from, to },
                e => e,
            })?;
            apply(cell, &mut d.has, measure, share);
            self.cells += added;
            if let Measure::Requests { status, tier, .. } = measure {
                if tier.is_split() {
                    d.tiers.add(m, tier, status, share);
                }
            }
        }
        Ok(())
    }
}

/// Records that `version` served from `start` to `end` (a series of
/// points may say it once for its first and last minute).
pub fn note_version(d: &mut Deployment, version: &str, start: Minute, end: Minute) {
    if version.is_empty() {
        return;
    }
    let kept = d.versions.len();
    match d.versions.get_mut(version) {
        Some(span) => {
            span.0 = span.0.min(start);
            span.1 = span.1.max(end);
        }
        None if kept < MAX_VERSIONS => {
            d.versions.insert(version.to_string(), (start, end));
        }
        None => {
            let hash = std::hash::BuildHasher::hash_one(&std::hash::BuildHasherDefault::<std::hash::DefaultHasher>::default(), version);
            if d.more_versions.len() < MAX_COUNTED_VERSIONS {
                d.more_versions.insert(hash);
            } else if !d.more_versions.contains(&hash) {
                d.more_versions_uncounted = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::traffic::tiers::TierSplit;

    fn key(d: &str) -> SeriesKey {
        SeriesKey { deployment: d.into(), ..SeriesKey::default() }
    }

    #[test]
    fn merges_points_and_spreads_coarse_counts() {
        let mut s = Store::new();
        let k = key("a");
        s.add(&k, 10, 1, Measure::Requests { status: Some(200), spilled: None, tier: TierSplit::default() }, 6.0).unwrap();
        s.add(&k, 10, 1, Measure::Requests { status: Some(429), spilled: None, tier: TierSplit::default() }, 2.0).unwrap();
        s.add(&k, 20, 5, Measure::PromptTokens, 500.0).unwrap();
        s.add(&k, 20, 5, Measure::UtilizationPercent, 80.0).unwrap();
        let d = &s.deployments[0];
        let cell = |m| d.cells.get(m).unwrap();
        assert_eq!(cell(10).requests, 8.0);
        assert_eq!(cell(10).throttled, 2.0);
        assert_eq!((20..25).map(|m| cell(m).prompt).sum::<f64>(), 500.0);
        assert_eq!(cell(24).utilization, Some(80.0));
        // Minutes 10 to 24: 15 in the span, 6 with data, 11 to 19 a gap.
        assert_eq!((s.cells(), d.cells.data_minutes()), (15, 6));
        assert!(d.cells.get(15).is_none());
        // A point before the first minute grows the span backwards.
        s.add(&k, 5, 1, Measure::PromptTokens, 1.0).unwrap();
        let d = &s.deployments[0];
        assert_eq!((d.cells.first(), d.cells.last(), s.cells()), (Some(5), Some(24), 20));
        assert_eq!(s.coarsest_interval, 5);
        assert!(d.has.status && !d.has.spill);
    }

    #[test]
    fn bounds_hold() {
        let mut s = Store::new();
        for bad in [f64::NAN, f64::INFINITY, -1.0, 2e15] {
            assert!(matches!(s.add(&key("a"), 0, 1, Measure::PromptTokens, bad), Err(StoreError::BadValue(_))));
        }
        assert_eq!(s.cells(), 0);
        for i in 0..MAX_DEPLOYMENTS {
            s.add(&key(&i.to_string()), 0, 1, Measure::PromptTokens, 1.0).unwrap();
        }
        assert_eq!(s.add(&key("one more"), 0, 1, Measure::PromptTokens, 1.0), Err(StoreError::TooManyDeployments));
        let mut s = Store::new();
        let r = (0..).try_for_each(|m| s.add(&key("a"), m * 1440, 1440, Measure::PromptTokens, 1.0));
        assert!(matches!(r, Err(StoreError::TooManyMinutes { .. })), "{r:?}");
        assert_eq!(s.cells(), MAX_CELLS);
        // Two points a century apart: the span is refused, not allocated.
        let mut s = Store::new();
        s.add(&key("a"), 0, 1, Measure::PromptTokens, 1.0).unwrap();
        let e = s.add(&key("a"), 52_560_000, 1, Measure::PromptTokens, 1.0).unwrap_err();
        assert_eq!(e, StoreError::TooManyMinutes { deployment: "a".into(), from: 0, to: 52_560_000 });
        let said = e.text().en;
        assert!(said.contains("1970-01-01T00:00Z to 2069-12-07T00:00Z"), "{said}");
        assert_eq!(s.cells(), 1);
    }
}
