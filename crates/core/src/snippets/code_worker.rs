//! The Python worker: drains the queue (or subscription) KEDA scales on,
//! downloads the claim-checked document, calls the model honouring
//! Retry-After, and settles each message the way an LLM queue needs.

use crate::facts::Kind;
use serde::{Deserialize, Serialize};

use super::code_common::{fill, is_https_url, py_str};
use super::keda::{short_namespace, Entity};
use super::text::{check_count, FormError};
use crate::facts::Catalog;

const TEMPLATE: &str = include_str!("code_worker.py.tmpl");

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
    pub max_concurrency: i64,
    pub max_delivery_count: i64,
    pub lock_renewal_seconds: i64,
    pub max_model_attempts: i64,
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
            max_concurrency: 4,
            max_delivery_count: catalog.require(Kind::SbMaxDeliveryCount, "default").round() as i64,
            lock_renewal_seconds: 600,
            max_model_attempts: 6,
        }
    }

    pub fn validate(&self) -> Vec<FormError> {
        let mut e = Vec::new();
        if short_namespace(&self.servicebus_namespace).is_none() {
            e.push(FormError::new(
                "servicebus_namespace",
                "Give the Service Bus namespace (e.g. contoso-sb).",
                "Service Bus 네임스페이스를 입력하세요 (예: contoso-sb).",
            ));
        }
        for (f, v) in [("openai_endpoint", &self.openai_endpoint), ("results_account_url", &self.results_account_url)] {
            if !is_https_url(v) {
                e.push(FormError::new(
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
                e.push(FormError::new(f, format!("{f} is required."), format!("{} 필수입니다.", crate::text::josa::attach(f, "는"))));
            }
        }
        let entity_names: Vec<&String> = match &self.entity {
            Entity::Queue { queue_name } => vec![queue_name],
            Entity::Topic { topic_name, subscription_name } => vec![topic_name, subscription_name],
        };
        if entity_names.iter().any(|n| n.trim().is_empty()) {
            e.push(FormError::new(
                "entity",
                "Name the queue, or the topic and subscription.",
                "큐 이름, 또는 토픽과 구독 이름을 입력하세요.",
            ));
        }
        for (f, v) in [
            ("max_concurrency", self.max_concurrency),
            ("max_delivery_count", self.max_delivery_count),
            ("lock_renewal_seconds", self.lock_renewal_seconds),
            ("max_model_attempts", self.max_model_attempts),
        ] {
            check_count(&mut e, f, v, 100_000);
            if v == 0 {
                e.push(FormError::new(
                    f,
                    format!("{f} must be at least 1."),
                    format!("{} 1 이상이어야 합니다.", crate::text::josa::attach(f, "는")),
                ));
            }
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
            ("MAX_CONCURRENCY", o.max_concurrency.to_string()),
            ("MAX_DELIVERY_COUNT", o.max_delivery_count.to_string()),
            ("LOCK_RENEWAL_SECONDS", o.lock_renewal_seconds.to_string()),
            ("MAX_MODEL_ATTEMPTS", o.max_model_attempts.to_string()),
            ("OPEN_RECEIVER", open),
        ],
    ))
}
