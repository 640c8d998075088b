//! Your own traffic: Azure Monitor exports (and a plain CSV) read into
//! per-minute series per deployment; the limit that bound in every minute
//! with 429s; the PTU count with spillover that costs least; the triage the
//! study note teaches. The /traffic page (in the worker) and `batchlane
//! traffic` call [`run`].

mod analyze;
mod cell;
mod handoff;
mod import;
mod options;
mod report;
mod spillover;
mod spillover_snippet;
mod store;
mod tiers;
mod time;
mod triage;

pub use analyze::{
    classify, percentile, Binds, ChartPoint, DeploymentReport, Latency, LimitSource, Limits, ModelSource, Rate, Throttled, VersionSpan,
    CHART_POINTS, MAX_LISTED_MINUTES,
};
pub use handoff::{cost_link, plan_input, quota_link, workload};
pub use import::{detect, FileSummary, ImportError, Importer, Layout, Notice, ReadLimits, MAX_FILE_BYTES, MAX_RUN_BYTES};
pub use options::{parse_limit, LimitError, LimitProblem, TrafficOptions, TypedLimit};
pub use report::{analyze as analyze_store, load_all, run, PtuSkipped, TrafficReport};
pub use spillover::{plan as plan_ptu, CurvePoint, PtuGap, PtuPlan, Window};
pub use spillover_snippet::{provisioned_sku, standard_type, SpilloverTarget, SPILLOVER_API_VERSION};
pub use store::{Cell, Deployment, Has, Mean, Measure, Minutes, SeriesKey, Store, StoreError, MAX_CELLS, MAX_DEPLOYMENTS, MAX_VERSIONS};
pub use tiers::{
    tier_export_command, tier_report, TierCell, TierGap, TierMinute, TierNames, TierPair, TierPeak, TierReport, TierSplit, TierValue,
    Tiers, MAX_TIER_NAMES, MAX_TIER_NAME_CHARS, TIER_FILTER,
};
pub use time::{format_minute, Minute};
pub use triage::{triage, Finding, Symptom};
