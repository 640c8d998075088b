//! Snippets: KEDA ScaledObject/ScaledJob YAML, lint, Service Bus message
//! checks, worker and submission code, path advisor. Every generator is pure:
//! plain data in, text (and structured notes in both languages) out.

pub mod advisor;
pub mod audit;
pub mod code_apim;
pub mod code_common;
pub mod code_submit;
pub mod code_worker;
pub mod control;
pub mod highlight;
pub mod job_queue;
pub mod keda;
pub mod keda_quota;
pub mod keda_render;
pub mod keda_versions;
pub mod lint;
pub mod servicebus;
pub mod share;
mod share_ui;
pub mod text;
pub mod yaml;

pub use advisor::{advise, Advice, AdvisorInput, Cancellation, Generator, PathKind, Waiting};
pub use audit::{audit_rules, AuditOptions, AuditRules};
pub use code_apim::{apim_policy_xml, ApimOptions, CounterKey};
pub use code_submit::{check_expiry, submit_curl, submit_python, Dialect, SubmitOptions};
pub use code_worker::{worker_python, WorkerMode, WorkerOptions};
pub use control::{control_python, control_requirements, parse_routes, AlertHook, ControlOptions, Route};
pub use highlight::{highlight, Lang, Span, TokenClass};
pub use job_queue::{parse_jobs, plan_by_deployment, plan_queue, quota_models, PlannedJob, QueuePlan, Slot};
pub use keda::{Entity, FallbackBehavior, FallbackForm, JobStrategy, KedaForm, ScaleKind, ScalingModifiersForm};
pub use keda_quota::{max_replicas_from_quota, QuotaFeed, QuotaSizing};
pub use keda_render::{effective_max_replicas, render, Note, NoteCode, Rendered};
pub use keda_versions::{
    add_on_releases, keda_for_aks, parse_kubernetes_minor, AksKeda, AksKedaMatch, KedaChange, KedaFeature, KedaVersion, AKS_KEDA_TABLE,
};
pub use lint::{keda_of, lint, lint_for, ClusterFacts, Finding, LintInput, Rule, Severity};
pub use servicebus::{check_message, claim_check_message, ClaimCheckInput, MessageCheck, MessageInput, Property, SbCode, SbFinding, Tier};
pub use text::{FormError, Text};
