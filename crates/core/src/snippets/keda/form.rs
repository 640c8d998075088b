//! The KEDA form: what the user fills in to get a ScaledObject or ScaledJob
//! for the `azure-servicebus` trigger with workload identity, and its checks.
//! Rendering is in `render.rs`, quota sizing in `quota.rs`.

use crate::facts::Kind;
use serde::{Deserialize, Serialize};

use super::quota::QuotaFeed;
use super::versions::{keda_for_aks, parse_kubernetes_minor};
use crate::facts::Catalog;
use crate::snippets::code::{WorkerOptions, DEFAULT_MODEL_DEADLINE_SECONDS, DEFAULT_MODEL_TIMEOUT_SECONDS};
use crate::snippets::text::{check_count, FormError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScaleKind {
    /// Scales a Deployment (long-running workers).
    ScaledObject,
    /// Starts Jobs (one job per batch of messages).
    ScaledJob,
}

/// The Service Bus entity the trigger watches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entity {
    Queue { queue_name: String },
    Topic { topic_name: String, subscription_name: String },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobStrategy {
    Default,
    Custom,
    Accurate,
    /// From KEDA 2.15.
    Eager,
}

impl JobStrategy {
    pub fn as_str(self) -> &'static str {
        match self {
            JobStrategy::Default => "default",
            JobStrategy::Custom => "custom",
            JobStrategy::Accurate => "accurate",
            JobStrategy::Eager => "eager",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FallbackBehavior {
    Static,
    CurrentReplicas,
    CurrentReplicasIfHigher,
    CurrentReplicasIfLower,
}

impl FallbackBehavior {
    pub fn as_str(self) -> &'static str {
        match self {
            FallbackBehavior::Static => "static",
            FallbackBehavior::CurrentReplicas => "currentReplicas",
            FallbackBehavior::CurrentReplicasIfHigher => "currentReplicasIfHigher",
            FallbackBehavior::CurrentReplicasIfLower => "currentReplicasIfLower",
        }
    }
}

/// `spec.fallback` of a ScaledObject: replicas to hold when the scaler fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FallbackForm {
    pub failure_threshold: i64,
    pub replicas: i64,
    /// Emitted from KEDA 2.17 only.
    pub behavior: Option<FallbackBehavior>,
}

/// `spec.advanced.scalingModifiers` (KEDA 2.12+). The trigger is named
/// `servicebus`, so the formula can refer to it (e.g. `"servicebus"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScalingModifiersForm {
    pub formula: String,
    pub target: String,
}

/// The whole form. Build it with [`KedaForm::new`] (catalog defaults) and
/// change what the user changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KedaForm {
    pub kind: ScaleKind,
    /// Name of the ScaledObject / ScaledJob.
    pub name: String,
    /// Kubernetes namespace of the ScaledObject / ScaledJob.
    pub namespace: String,
    /// ScaledObject: the Deployment's name. ScaledJob: the job's container name.
    pub target_name: String,
    /// ScaledJob only: the container image of the job.
    pub job_image: String,
    /// ScaledJob only: the service account of the job's pods (workload identity).
    pub service_account_name: String,
    pub entity: Entity,
    /// Service Bus namespace, the short name (`contoso-sb`). An FQDN
    /// (`contoso-sb.servicebus.windows.net`) is shortened, with a note.
    pub servicebus_namespace: String,
    /// Target backlog per replica.
    pub message_count: i64,
    pub activation_message_count: Option<i64>,
    pub min_replicas: i64,
    /// `None`: from `quota` when given, else the catalog default.
    pub max_replicas: Option<i64>,
    /// ScaledObject only.
    pub idle_replicas: Option<i64>,
    pub polling_interval: i64,
    /// ScaledObject only.
    pub cooldown_period: i64,
    /// ScaledObject only, KEDA 2.14+.
    pub initial_cooldown_period: Option<i64>,
    /// ScaledObject only.
    pub fallback: Option<FallbackForm>,
    /// ScaledObject only, KEDA 2.12+.
    pub scaling_modifiers: Option<ScalingModifiersForm>,
    /// ScaledJob only.
    pub scaling_strategy: JobStrategy,
    /// ScaledJob only.
    pub successful_jobs_history_limit: i64,
    /// ScaledJob only.
    pub failed_jobs_history_limit: i64,
    /// Name of the TriggerAuthentication.
    pub trigger_auth_name: String,
    /// Namespace of the TriggerAuthentication; empty = the form's namespace.
    pub trigger_auth_namespace: String,
    /// Client ID of the user-assigned managed identity (empty: the default).
    pub identity_id: String,
    /// KEDA 2.14+; needs `identity_id`.
    pub identity_tenant_id: String,
    /// KEDA 2.14+; needs `identity_tenant_id`.
    pub identity_authority_host: String,
    /// AKS Kubernetes version, `"1.33"`: selects the add-on's KEDA.
    pub aks_kubernetes_version: String,
    /// The deployment's quota and the worker's shape, for `maxReplicaCount`.
    pub quota: Option<QuotaFeed>,
    /// How long the worker may need after SIGTERM to finish its in-flight
    /// messages ([`WorkerOptions::shutdown_seconds`]: the model deadline plus
    /// one call's timeout); the pod's `terminationGracePeriodSeconds` is set
    /// above it. Set by [`KedaForm::follow_worker`].
    #[serde(default = "default_worker_shutdown_seconds")]
    pub worker_shutdown_seconds: i64,
}

fn default_worker_shutdown_seconds() -> i64 {
    DEFAULT_MODEL_DEADLINE_SECONDS + DEFAULT_MODEL_TIMEOUT_SECONDS
}

/// Added to the worker's shutdown time for `terminationGracePeriodSeconds`:
/// the worker's idle receive (30 s) may be under way when SIGTERM arrives.
pub const TERMINATION_MARGIN_SECONDS: i64 = 30;

/// Upper bound for any count typed into the form: far above any real
/// cluster, low enough to catch a slip of the keyboard.
pub const ABSURD_COUNT: i64 = 1_000_000;

fn d(catalog: &Catalog, kind: Kind) -> i64 {
    catalog.require(kind, "default").round() as i64
}

impl KedaForm {
    /// A queue-driven ScaledObject with the catalog's defaults.
    pub fn new(catalog: &Catalog) -> Self {
        Self {
            kind: ScaleKind::ScaledObject,
            name: "ingest-worker".into(),
            namespace: "workers".into(),
            target_name: "ingest-worker".into(),
            job_image: "myregistry.azurecr.io/ingest-worker:1.0.0".into(),
            service_account_name: "ingest-worker".into(),
            entity: Entity::Queue { queue_name: "doc-ingest".into() },
            servicebus_namespace: "contoso-sb".into(),
            message_count: d(catalog, Kind::KedaMessageCount),
            activation_message_count: None,
            min_replicas: d(catalog, Kind::KedaMinReplicas),
            max_replicas: None,
            idle_replicas: None,
            polling_interval: d(catalog, Kind::KedaPollingInterval),
            cooldown_period: d(catalog, Kind::KedaCooldownPeriod),
            initial_cooldown_period: None,
            fallback: None,
            scaling_modifiers: None,
            scaling_strategy: JobStrategy::Default,
            successful_jobs_history_limit: d(catalog, Kind::KedaJobsHistoryLimit),
            failed_jobs_history_limit: d(catalog, Kind::KedaJobsHistoryLimit),
            trigger_auth_name: "keda-workload-identity".into(),
            trigger_auth_namespace: String::new(),
            identity_id: String::new(),
            identity_tenant_id: String::new(),
            identity_authority_host: String::new(),
            aks_kubernetes_version: "1.33".into(),
            quota: None,
            worker_shutdown_seconds: default_worker_shutdown_seconds(),
        }
    }

    /// Takes the worker's shutdown time, so that Kubernetes waits for it
    /// after SIGTERM (`terminationGracePeriodSeconds`).
    pub fn follow_worker(&mut self, worker: &WorkerOptions) {
        self.worker_shutdown_seconds = worker.shutdown_seconds();
    }

    /// `terminationGracePeriodSeconds`: the worker's shutdown time plus
    /// [`TERMINATION_MARGIN_SECONDS`] (a receive under way when SIGTERM
    /// arrives, and the settlements).
    pub fn termination_grace_period_seconds(&self) -> i64 {
        self.worker_shutdown_seconds.saturating_add(TERMINATION_MARGIN_SECONDS)
    }

    /// The TriggerAuthentication's namespace (the form's when left empty).
    pub fn effective_trigger_auth_namespace(&self) -> &str {
        let t = self.trigger_auth_namespace.trim();
        if t.is_empty() {
            self.namespace.trim()
        } else {
            t
        }
    }

    /// Every problem that stops rendering. Webhook and cluster rules that
    /// still render (name length, min > max, …) are lint findings instead.
    pub fn validate(&self) -> Vec<FormError> {
        let mut e = Vec::new();
        dns_name(&mut e, "name", &self.name, 253);
        dns_name(&mut e, "namespace", &self.namespace, 63);
        dns_name(&mut e, "target_name", &self.target_name, 253);
        dns_name(&mut e, "trigger_auth_name", &self.trigger_auth_name, 253);
        if !self.trigger_auth_namespace.trim().is_empty() {
            dns_name(&mut e, "trigger_auth_namespace", &self.trigger_auth_namespace, 63);
        }
        if self.kind == ScaleKind::ScaledJob {
            dns_name(&mut e, "service_account_name", &self.service_account_name, 253);
            if self.job_image.trim().is_empty() || self.job_image.chars().any(char::is_whitespace) {
                e.push(crate::snippets::form_error(
                    "job_image",
                    "Give the job's container image, without spaces.",
                    "잡의 컨테이너 이미지를 공백 없이 입력하세요.",
                ));
            }
        }
        match &self.entity {
            Entity::Queue { queue_name } => entity_name(&mut e, "queue_name", queue_name),
            Entity::Topic { topic_name, subscription_name } => {
                entity_name(&mut e, "topic_name", topic_name);
                entity_name(&mut e, "subscription_name", subscription_name);
            }
        }
        if short_namespace(&self.servicebus_namespace).is_none() {
            e.push(crate::snippets::form_error(
                "servicebus_namespace",
                "Service Bus namespace: letters, digits and hyphens, starting with a letter and not ending with a hyphen (the short name, e.g. contoso-sb).",
                "Service Bus 네임스페이스는 문자로 시작하고 하이픈으로 끝나지 않는 영문자·숫자·하이픈이어야 합니다 (짧은 이름, 예: contoso-sb).",
            ));
        }
        check_count(&mut e, "message_count", self.message_count, ABSURD_COUNT);
        if self.message_count == 0 {
            e.push(crate::snippets::form_error(
                "message_count",
                "messageCount must be at least 1 (it divides the backlog).",
                "messageCount는 1 이상이어야 합니다 (백로그를 나누는 값입니다).",
            ));
        }
        let opt = |e: &mut Vec<FormError>, f: &str, v: Option<i64>| {
            if let Some(v) = v {
                check_count(e, f, v, ABSURD_COUNT)
            }
        };
        opt(&mut e, "activation_message_count", self.activation_message_count);
        check_count(&mut e, "min_replicas", self.min_replicas, ABSURD_COUNT);
        opt(&mut e, "max_replicas", self.max_replicas);
        opt(&mut e, "idle_replicas", self.idle_replicas);
        check_count(&mut e, "polling_interval", self.polling_interval, ABSURD_COUNT);
        if self.polling_interval == 0 {
            e.push(crate::snippets::form_error(
                "polling_interval",
                "pollingInterval must be at least 1 second.",
                "pollingInterval은 1초 이상이어야 합니다.",
            ));
        }
        check_count(&mut e, "cooldown_period", self.cooldown_period, ABSURD_COUNT);
        opt(&mut e, "initial_cooldown_period", self.initial_cooldown_period);
        check_count(&mut e, "successful_jobs_history_limit", self.successful_jobs_history_limit, ABSURD_COUNT);
        check_count(&mut e, "failed_jobs_history_limit", self.failed_jobs_history_limit, ABSURD_COUNT);
        check_count(&mut e, "worker_shutdown_seconds", self.worker_shutdown_seconds, ABSURD_COUNT);
        if let Some(f) = &self.fallback {
            check_count(&mut e, "fallback.failure_threshold", f.failure_threshold, ABSURD_COUNT);
            check_count(&mut e, "fallback.replicas", f.replicas, ABSURD_COUNT);
        }
        if let Some(m) = &self.scaling_modifiers {
            if m.formula.trim().is_empty() || m.target.trim().is_empty() {
                e.push(crate::snippets::form_error(
                    "scaling_modifiers",
                    "scalingModifiers needs a formula and a target.",
                    "scalingModifiers에는 formula와 target이 모두 필요합니다.",
                ));
            }
        }
        for (field, v) in [("identity_id", &self.identity_id), ("identity_tenant_id", &self.identity_tenant_id)] {
            if !v.trim().is_empty() && !is_guid(v.trim()) {
                e.push(crate::snippets::form_error(
                    field,
                    format!("{field} must be a GUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)."),
                    format!("{} GUID 형식이어야 합니다 (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).", crate::text::josa::attach(field, "는")),
                ));
            }
        }
        let host = self.identity_authority_host.trim();
        if !host.is_empty() && !host.starts_with("https://") {
            e.push(crate::snippets::form_error(
                "identity_authority_host",
                "identityAuthorityHost must be an https:// address.",
                "identityAuthorityHost는 https:// 주소여야 합니다.",
            ));
        }
        match parse_kubernetes_minor(&self.aks_kubernetes_version) {
            None => e.push(crate::snippets::form_error(
                "aks_kubernetes_version",
                "Give the AKS Kubernetes version as 1.<minor>, e.g. 1.33.",
                "AKS Kubernetes 버전을 1.<minor> 형식으로 입력하세요 (예: 1.33).",
            )),
            Some(m) if keda_for_aks(m).is_none() => e.push(crate::snippets::form_error(
                "aks_kubernetes_version",
                format!("Kubernetes 1.{m} is older than any AKS version whose KEDA add-on release we know."),
                format!(
                    "{} KEDA 추가 기능 버전을 아는 가장 오래된 AKS 버전보다 오래되었습니다.",
                    crate::text::josa::attach(&format!("Kubernetes 1.{m}"), "은")
                ),
            )),
            Some(_) => {}
        }
        if let Some(q) = &self.quota {
            e.extend(q.validate());
        }
        e
    }
}

/// The short Service Bus namespace name from a short name or an FQDN
/// (`sb://x.servicebus.windows.net/` too); `None` when it isn't a valid name.
pub fn short_namespace(input: &str) -> Option<String> {
    let t = input.trim();
    let t = t.strip_prefix("sb://").or_else(|| t.strip_prefix("https://")).unwrap_or(t);
    let t = t.trim_end_matches('/');
    let short = t.split('.').next()?;
    let ok = short.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && !short.ends_with('-')
        && short.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    ok.then(|| short.to_string())
}

/// `true` when the namespace was typed as an FQDN or URL rather than the short name.
pub fn namespace_is_fqdn(input: &str) -> bool {
    let t = input.trim();
    t.contains('.') || t.contains("://")
}

fn dns_name(e: &mut Vec<FormError>, field: &str, v: &str, max: usize) {
    let ok = !v.is_empty()
        && v.len() <= max
        && v.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
        && v.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && v.chars().last().is_some_and(|c| c.is_ascii_alphanumeric());
    if !ok {
        e.push(crate::snippets::form_error(
            field,
            format!("{field}: a Kubernetes name of at most {max} lowercase letters, digits, '-' or '.', starting and ending with a letter or digit."),
            format!("{field}: 소문자·숫자·'-'·'.'로 이루어지고 문자나 숫자로 시작하고 끝나는 {max}자 이하의 Kubernetes 이름이어야 합니다."),
        ));
    }
}

fn entity_name(e: &mut Vec<FormError>, field: &str, v: &str) {
    if v.trim().is_empty() || v.chars().any(|c| c.is_whitespace() || c.is_control()) {
        e.push(crate::snippets::form_error(
            field,
            format!("{field} must be a Service Bus entity name without spaces."),
            format!("{} 공백 없는 Service Bus 엔티티 이름이어야 합니다.", crate::text::josa::attach(field, "는")),
        ));
    }
}

fn is_guid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.len() == 5 && parts.iter().zip([8, 4, 4, 4, 12]).all(|(p, n)| p.len() == n && p.chars().all(|c| c.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_come_from_the_catalog_and_validate() {
        let c = Catalog::builtin();
        let f = KedaForm::new(&c);
        assert_eq!(f.message_count, 5);
        assert_eq!(f.polling_interval, 30);
        assert_eq!(f.cooldown_period, 300);
        assert_eq!(f.successful_jobs_history_limit, 100);
        assert_eq!(f.validate(), vec![]);
    }

    #[test]
    fn bad_inputs_are_reported_by_field() {
        let mut f = KedaForm::new(&Catalog::builtin());
        f.message_count = -3;
        f.namespace = "Workers".into();
        f.identity_id = "not-a-guid".into();
        f.aks_kubernetes_version = "1.29".into();
        let fields: Vec<String> = f.validate().into_iter().map(|e| e.field).collect();
        assert_eq!(fields, ["namespace", "message_count", "identity_id", "aks_kubernetes_version"]);
    }

    #[test]
    fn fqdn_is_shortened() {
        assert_eq!(short_namespace("contoso-sb.servicebus.windows.net").as_deref(), Some("contoso-sb"));
        assert_eq!(short_namespace("sb://contoso-sb.servicebus.windows.net/").as_deref(), Some("contoso-sb"));
        assert_eq!(short_namespace("contoso-sb").as_deref(), Some("contoso-sb"));
        assert!(short_namespace("-bad").is_none());
        assert!(namespace_is_fqdn("contoso-sb.servicebus.windows.net"));
        assert!(!namespace_is_fqdn("contoso-sb"));
    }
}
