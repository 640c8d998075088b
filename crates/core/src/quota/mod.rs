//! Quota planner: TPM/RPM sizing, binding limit, PTU vs pay-as-you-go, 429 simulator.

mod explain;
mod input;
mod models;
mod plan;
mod ptu;
mod replicas;
// The page's link codec: `table`, `encode`, `decode`, named alike in each tool's `share`.
pub mod share;
mod sim;
mod sizing;
mod text;
mod tier;
mod validate;
mod verdict;
mod ways;

pub use explain::{explain, explain_en, explain_ko, step_text, way_text};
pub use input::PlanInput;
pub use models::{planner_model, planner_models};
pub use plan::{plan, Plan, Step, WindowCheck};
pub use ptu::{compare, cost_series, payg_cost_per_request, CostPoint, PtuComparison, PtuError, PtuInput, PtuSizing};
pub(crate) use ptu::{ptu_min_step, ptus_needed, round_ptus};
pub use replicas::{cap_by_rpm, replicas_quota_can_feed, ReplicaFeed, MAX_REPLICA_CONCURRENCY};
pub use sim::{
    simulate, simulate_within, Arrivals, DeploymentLimits, DeploymentStats, RateStep, RequestShape, RetryKind, RetryPolicy, Routing,
    SeriesPoint, SimBudget, SimConfig, SimError, SimProgress, SimResult, SimRun, SimSetting, SimStop, Window, MAX_DEPLOYMENTS,
};
pub use sizing::{check_limits, rpm_for_tpm, tpm_needed, Binding, LimitCheck};
pub use text::{count_en, count_ko, num, pct};
pub use tier::{default_tpm, RatioSource};
pub use validate::{check_number, problem_text, Field, FieldError, Problem, MAX_N, MAX_RPM, MAX_TPM};
pub use verdict::{Level, Unit, Verdict};
pub use ways::{RankedWay, Timing, Way};
