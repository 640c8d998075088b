//! The Python worker: drains the queue (or subscription) KEDA scales on,
//! downloads the claim-checked document, calls the model honouring
//! Retry-After within a deadline, and settles each message the way an LLM
//! queue needs. Long-running for a ScaledObject, run-once for a ScaledJob.

use crate::facts::Kind;
use serde::{Deserialize, Serialize};

use super::common::{fill, is_https_url, py_str};
use crate::facts::Catalog;
use crate::snippets::keda::{short_namespace, Entity, KedaForm, ScaleKind};
use crate::snippets::text::{check_count, FormError};

const TEMPLATE: &str = include_str!("worker.py.tmpl");

/// How the worker runs: KEDA's ScaledObject keeps replicas running, a
/// ScaledJob starts one Job per batch of messages, which must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkerMode {
    /// Receive and settle until the pod is stopped (ScaledObject).
    LongRunning,
    /// Receive up to `run_once_max_messages`, settle them, exit 0 (ScaledJob).
    RunOnce,
}

impl WorkerMode {
    /// The mode KEDA's scale kind needs.
    pub fn for_kind(kind: ScaleKind) -> Self {
        match kind {
            ScaleKind::ScaledObject => WorkerMode::LongRunning,
            ScaleKind::ScaledJob => WorkerMode::RunOnce,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkerOptions {
    /// Short name or FQDN.
    pub servicebus_namespace: String,
    pub entity: Entity,
    /// `https://<resource>.openai.azure.com`
    pub openai_endpoint: String,
    pub api_version: String,
    /// The alias messages carry, and the deployment it resolves to.
    pub model_alias: String,
    pub deployment: String,
    /// `https://<account>.blob.core.windows.net`
    pub results_account_url: String,
    pub results_container: String,
    pub mode: WorkerMode,
    /// Run-once mode: the messages one Job takes. Set from the ScaledJob's
    /// `messageCount` by [`WorkerOptions::follow_keda`]: KEDA starts
    /// ceil(backlog ÷ messageCount) Jobs, so each must take messageCount.
    pub run_once_max_messages: i64,
    pub max_concurrency: i64,
    pub max_delivery_count: i64,
    /// One model call (the client's timeout).
    pub model_timeout_seconds: i64,
    /// Every attempt and wait of one message together. Locks are renewed for
    /// this plus one call's timeout, so the deadline ends before the lock does.
    pub model_deadline_seconds: i64,
    pub max_model_attempts: i64,
    /// A claim-checked document larger than this (its blob properties' size)
    /// is dead-lettered as DocumentTooLarge without being read.
    #[serde(default = "default_max_document_bytes")]
    pub max_document_bytes: i64,
}

/// 20 MiB: a document the model could take at all (Azure OpenAI's request
/// limits for image and file input are of this order); larger ones would be
/// read whole into memory only to be refused (413).
pub const DEFAULT_MAX_DOCUMENT_BYTES: i64 = 20 * 1024 * 1024;

/// One model call's default timeout, and the default deadline of all attempts.
pub const DEFAULT_MODEL_TIMEOUT_SECONDS: i64 = 120;
pub const DEFAULT_MODEL_DEADLINE_SECONDS: i64 = 480;

fn default_max_document_bytes() -> i64 {
    DEFAULT_MAX_DOCUMENT_BYTES
}

impl WorkerOptions {
    pub fn new(catalog: &Catalog) -> Self {
        Self {
            servicebus_namespace: "contoso-sb".into(),
            entity: Entity::Queue { queue_name: "doc-ingest".into() },
            openai_endpoint: "https://contoso-aoai.openai.azure.com".into(),
            api_version: "2024-10-21".into(),
            model_alias: "summarize".into(),
            deployment: "gpt-4o-mini".into(),
            results_account_url: "https://contosoresults.blob.core.windows.net".into(),
            results_container: "results".into(),
            mode: WorkerMode::LongRunning,
            run_once_max_messages: 1,
            max_concurrency: 4,
            max_delivery_count: catalog.require(Kind::SbMaxDeliveryCount, "default").round() as i64,
            model_timeout_seconds: DEFAULT_MODEL_TIMEOUT_SECONDS,
            model_deadline_seconds: DEFAULT_MODEL_DEADLINE_SECONDS,
            max_model_attempts: 6,
            max_document_bytes: DEFAULT_MAX_DOCUMENT_BYTES,
        }
    }

    /// Takes from the KEDA form what the worker must agree with: the
    /// namespace, the entity, the mode (ScaledJob: run-once) and, for a
    /// ScaledJob, the messages per Job, which is the trigger's `messageCount`
    /// (one value, rendered into both the YAML and the worker).
    pub fn follow_keda(&mut self, form: &KedaForm) {
        self.servicebus_namespace = form.servicebus_namespace.clone();
        self.entity = form.entity.clone();
        self.mode = WorkerMode::for_kind(form.kind);
        if self.mode == WorkerMode::RunOnce {
            self.run_once_max_messages = form.message_count;
        }
    }

    /// The longest the worker may need, after SIGTERM, to finish the
    /// messages in flight: the model deadline plus one call's timeout (for the
    /// download and the result's write). It is also how long locks are
    /// renewed and how long a claim lives. The pod's
    /// `terminationGracePeriodSeconds` must exceed it (see
    /// [`KedaForm::worker_shutdown_seconds`]).
    pub fn shutdown_seconds(&self) -> i64 {
        self.model_deadline_seconds.saturating_add(self.model_timeout_seconds)
    }

    pub fn validate(&self) -> Vec<FormError> {
        let mut e = Vec::new();
        if short_namespace(&self.servicebus_namespace).is_none() {
            e.push(crate::snippets::form_error(
                "servicebus_namespace",
                "Give the Service Bus namespace (e.g. contoso-sb).",
                "Service Bus 네임스페이스를 입력하세요 (예: contoso-sb).",
            ));
        }
        for (f, v) in [("openai_endpoint", &self.openai_endpoint), ("results_account_url", &self.results_account_url)] {
            if !is_https_url(v) {
                e.push(crate::snippets::form_error(
                    f,
                    format!("{f} must be an https:// address."),
                    format!("{} https:// 주소여야 합니다.", crate::text::josa::attach(f, "는")),
                ));
            }
        }
        for (f, v) in [
            ("api_version", &self.api_version),
            ("model_alias", &self.model_alias),
            ("deployment", &self.deployment),
            ("results_container", &self.results_container),
        ] {
            if v.trim().is_empty() {
                e.push(crate::snippets::form_error(
                    f,
                    format!("{f} is required."),
                    format!("{} 필수입니다.", crate::text::josa::attach(f, "는")),
                ));
            }
        }
        let entity_names: Vec<&String> = match &self.entity {
            Entity::Queue { queue_name } => vec![queue_name],
            Entity::Topic { topic_name, subscription_name } => vec![topic_name, subscription_name],
        };
        if entity_names.iter().any(|n| n.trim().is_empty()) {
            e.push(crate::snippets::form_error(
                "entity",
                "Name the queue, or the topic and subscription.",
                "큐 이름, 또는 토픽과 구독 이름을 입력하세요.",
            ));
        }
        for (f, v) in [
            ("max_concurrency", self.max_concurrency),
            ("max_delivery_count", self.max_delivery_count),
            ("run_once_max_messages", self.run_once_max_messages),
            ("model_timeout_seconds", self.model_timeout_seconds),
            ("model_deadline_seconds", self.model_deadline_seconds),
            ("max_model_attempts", self.max_model_attempts),
            ("max_document_bytes", self.max_document_bytes),
        ] {
            check_count(&mut e, f, v, if f == "max_document_bytes" { 1 << 40 } else { 100_000 });
            if v == 0 {
                e.push(crate::snippets::form_error(
                    f,
                    format!("{f} must be at least 1."),
                    format!("{} 1 이상이어야 합니다.", crate::text::josa::attach(f, "는")),
                ));
            }
        }
        if self.model_timeout_seconds > self.model_deadline_seconds {
            e.push(crate::snippets::form_error(
                "model_timeout_seconds",
                "One model call's timeout can't exceed the deadline for all attempts.",
                "모델 호출 1회의 timeout은 전체 시도 deadline보다 길 수 없습니다.",
            ));
        }
        e
    }
}

/// The worker's Python source.
pub fn worker_python(o: &WorkerOptions) -> Result<String, Vec<FormError>> {
    let e = o.validate();
    if !e.is_empty() {
        return Err(e);
    }
    let fqdn = format!("{}.servicebus.windows.net", short_namespace(&o.servicebus_namespace).unwrap_or_default());
    let (constants, open) = match &o.entity {
        Entity::Queue { queue_name } => (
            format!("QUEUE_NAME = {}", py_str(queue_name.trim())),
            "    return sb.get_queue_receiver(queue_name=QUEUE_NAME, auto_lock_renewer=renewer, prefetch_count=0)".to_string(),
        ),
        Entity::Topic { topic_name, subscription_name } => (
            format!("TOPIC_NAME = {}\nSUBSCRIPTION_NAME = {}", py_str(topic_name.trim()), py_str(subscription_name.trim())),
            "    return sb.get_subscription_receiver(\n        topic_name=TOPIC_NAME, subscription_name=SUBSCRIPTION_NAME, auto_lock_renewer=renewer, prefetch_count=0\n    )".to_string(),
        ),
    };
    let (run_once, mode_line) = match o.mode {
        WorkerMode::LongRunning => ("False", "long-running (KEDA ScaledObject): receives and settles until the pod stops."),
        WorkerMode::RunOnce => ("True", "run-once (KEDA ScaledJob): receives up to RUN_ONCE_MAX_MESSAGES, settles them, exits 0."),
    };
    Ok(fill(
        TEMPLATE,
        &[
            ("SB_FQDN", py_str(&fqdn)),
            ("ENTITY_CONSTANTS", constants),
            ("OPENAI_ENDPOINT", py_str(o.openai_endpoint.trim())),
            ("API_VERSION", py_str(o.api_version.trim())),
            ("MODEL_ALIAS", py_str(o.model_alias.trim())),
            ("DEPLOYMENT", py_str(o.deployment.trim())),
            ("RESULTS_ACCOUNT_URL", py_str(o.results_account_url.trim())),
            ("RESULTS_CONTAINER", py_str(o.results_container.trim())),
            ("MODE_LINE", mode_line.to_string()),
            ("RUN_ONCE", run_once.to_string()),
            ("RUN_ONCE_MAX", o.run_once_max_messages.to_string()),
            ("MAX_CONCURRENCY", o.max_concurrency.to_string()),
            ("MAX_DELIVERY_COUNT", o.max_delivery_count.to_string()),
            ("MODEL_TIMEOUT", o.model_timeout_seconds.to_string()),
            ("MODEL_DEADLINE", o.model_deadline_seconds.to_string()),
            ("MAX_MODEL_ATTEMPTS", o.max_model_attempts.to_string()),
            ("MAX_DOCUMENT_BYTES", o.max_document_bytes.to_string()),
            ("OPEN_RECEIVER", open),
        ],
    ))
}
