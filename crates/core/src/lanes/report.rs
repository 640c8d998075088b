//! What `choose_lanes` is asked (`LaneInput`) and what it answers
//! (`LaneReport` of `LaneRow`s, or a `LaneError`), with the renderings the
//! surfaces share: the CLI's JSON, a row's source text, a region's zone code.

use super::lanes_text as t;
use super::turnaround::TurnaroundStats;
use crate::batch::Dialect;
use crate::facts::{data_zone_of, DataZone, Lane, Scope, SourceId};
use crate::text::Text;
use serde::{Deserialize, Serialize};

/// What the user asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LaneInput {
    pub model: String,
    pub dialect: Dialect,
    /// An Azure region (`francecentral`), any case.
    pub region: Option<String>,
    /// The data must stay in a data zone (US or EU).
    pub data_zone: bool,
    pub tokens_per_day: Option<u64>,
    /// The share of the tokens that are prompt (input), 0 to 1.
    pub prompt_share: f64,
    /// The work must be done within this many hours.
    pub deadline_hours: Option<f64>,
    /// Tokens per second a request must be served at.
    pub latency_tps: Option<f64>,
    /// The team's own batch turnaround for this model, if known.
    pub turnaround: Option<TurnaroundStats>,
}

impl LaneInput {
    pub fn new(model: &str, dialect: Dialect) -> Self {
        LaneInput {
            model: model.to_string(),
            dialect,
            region: None,
            data_zone: false,
            tokens_per_day: None,
            prompt_share: 0.5,
            deadline_hours: None,
            latency_tps: None,
            turnaround: None,
        }
    }
}

impl LaneInput {
    /// Uses the team's own turnaround for the input's model (any spelling of
    /// it), when the jobs read name it: the deadline test then holds Batch
    /// to their p90 instead of the batch target.
    pub fn use_turnaround(&mut self, jobs: &super::turnaround::Turnaround) {
        self.turnaround = jobs.for_model(&self.model).map(|g| g.stats.clone());
    }
}

/// One lane on one deployment type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LaneRow {
    pub lane: Lane,
    pub deployment_type: Scope,
    pub available: bool,
    pub why: Text,
    pub source: Option<SourceId>,
    pub as_of: String,
    /// The kept imported file the row's lane table was read from (its name,
    /// what it is and its `ms.date`); `None`: the built-in table (`source`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imported_source: Option<String>,
    /// `None`: no deadline or latency need was given, or the lane has no target to hold it to.
    pub meets_deadline: Option<bool>,
    pub usd_per_day: Option<f64>,
    /// USD per 1M tokens of the user's prompt/output mix; `None` for PTUs (paid by the hour).
    pub usd_per_mtok: Option<f64>,
    pub risks: Vec<Text>,
    /// PTUs the volume needs (provisioned rows).
    pub ptus: Option<f64>,
}

/// Every row, and the cheapest that is available and does not fail the need.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LaneReport {
    pub model: String,
    pub dialect: Dialect,
    pub rows: Vec<LaneRow>,
    /// Index into `rows`.
    pub cheapest: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LaneError {
    UnknownModel { model: String, closest: Vec<String> },
    BadInput(String),
}

impl std::fmt::Display for LaneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LaneError::UnknownModel { model, closest } => {
                write!(f, "{}; closest known: {}", t::unknown_model(model).en, closest.join(", "))
            }
            LaneError::BadInput(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for LaneError {}

impl LaneReport {
    /// The CLI's JSON: `{"model", "lanes": [{"lane", "deployment_type",
    /// "available", "why", "source", "meets_deadline", "usd_per_day"}], "cheapest"}`.
    pub fn to_json(&self) -> serde_json::Value {
        let lanes: Vec<serde_json::Value> = self
            .rows
            .iter()
            .map(|r| {
                serde_json::json!({
                    "lane": r.lane.code(),
                    "deployment_type": r.deployment_type.url_code(),
                    "available": r.available,
                    "why": r.why.en,
                    "source": source_text(r),
                    "meets_deadline": r.meets_deadline,
                    "usd_per_day": r.usd_per_day,
                })
            })
            .collect();
        serde_json::json!({
            "model": self.model,
            "lanes": lanes,
            "cheapest": self.cheapest.map(|i| self.rows[i].lane.code()),
        })
    }
}

/// `url (path@commit, as-of)`, or `null` when the row has no source.
pub fn source_text(r: &LaneRow) -> Option<String> {
    if let Some(imported) = &r.imported_source {
        return Some(imported.clone());
    }
    let s = r.source?.source();
    let mut out = s.url.to_string();
    match (s.path.is_empty(), r.as_of.is_empty()) {
        (false, false) => out += &format!(" ({}, {})", s.path, r.as_of),
        (false, true) => out += &format!(" ({})", s.path),
        (true, false) => out += &format!(" ({})", r.as_of),
        (true, true) => {}
    }
    Some(out)
}

/// The catalog's data zone a region is in, for the page (`"us"`, `"eu"`).
pub fn zone_code(region: &str) -> Option<&'static str> {
    data_zone_of(region).map(DataZone::code)
}
