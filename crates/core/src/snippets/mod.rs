//! Snippets: KEDA ScaledObject/ScaledJob YAML, lint, Service Bus message
//! checks, worker and submission code, path advisor. Every generator is pure:
//! plain data in, text (and structured notes in both languages) out.

mod advisor;
mod audit;
mod code;
mod control;
mod highlight;
mod job_queue;
mod keda;
mod lint;
mod servicebus;
// The page's link codec: `table`, `encode`, `decode`, named alike in each tool's `share`.
pub mod share;
mod share_ui;
mod text;
// The YAML emitter: small functions (`map`, `quote`, `emit`) that read only as `yaml::…`.
pub mod yaml;

pub use advisor::{advise, Advice, AdvisorInput, Cancellation, Generator, PathKind, Waiting};
pub use audit::{audit_rules, AuditOptions, AuditRules};
pub use code::{
    apim_policy_xml, check_expiry, flex_fallback_python, py_str, sh_quote, submit_curl, submit_python, worker_python, ApimOptions,
    CounterKey, Dialect, FlexApi, FlexOptions, SubmitOptions, WorkerMode, WorkerOptions, AZURE_BATCH_API_VERSION,
};
pub use control::{control_python, control_requirements, parse_routes, AlertHook, ControlOptions, Route};
pub use highlight::{highlight, Lang, Span, TokenClass};
pub use job_queue::{parse_jobs, plan_by_deployment, plan_queue, quota_models, PlannedJob, QueuePlan, Slot};
pub use keda::{
    add_on_releases, effective_max_replicas, keda_for_aks, max_replicas_from_quota, parse_kubernetes_minor, render, short_namespace,
    AksKeda, AksKedaMatch, Entity, FallbackBehavior, FallbackForm, JobStrategy, KedaChange, KedaFeature, KedaForm, KedaVersion, Note,
    NoteCode, QuotaFeed, QuotaSizing, Rendered, ScaleKind, ScalingModifiersForm, AKS_KEDA_TABLE,
};
pub use lint::{keda_of, lint, lint_for, ClusterFacts, Finding, LintInput, Rule, Severity, KEDA_OPERATOR_SUBJECT};
pub use servicebus::{check_message, claim_check_message, ClaimCheckInput, MessageCheck, MessageInput, Property, SbCode, SbFinding, Tier};
pub use text::{form_error, FormError, Text};
