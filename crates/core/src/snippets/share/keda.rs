//! The KEDA form's fields in the link: (query key, read, apply). Each
//! reader refuses what a hostile link could bring (a negative or absurd
//! count, text over [`MAX_TEXT_CHARS`] or with control characters).

use super::MAX_TEXT_CHARS;
use crate::snippets::keda::ABSURD_COUNT;
use crate::snippets::share_ui::KedaUi;
use crate::snippets::{parse_kubernetes_minor, FallbackBehavior, JobStrategy, ScaleKind};

/// Reads a KEDA field's value as written in the link.
pub type Get = fn(&KedaUi) -> Option<String>;
/// Applies a link's value to the KEDA form; `false` when it can't be used.
pub type Set = fn(&mut KedaUi, &str) -> bool;

fn int(v: &str) -> Option<i64> {
    let n: i64 = v.parse().ok()?;
    (0..=ABSURD_COUNT).contains(&n).then_some(n)
}

fn opt_int(v: &str) -> Option<Option<i64>> {
    if v.is_empty() {
        Some(None)
    } else {
        int(v).map(Some)
    }
}

fn text(v: &str) -> Option<String> {
    (v.chars().count() <= MAX_TEXT_CHARS && !v.chars().any(char::is_control)).then(|| v.to_string())
}

fn flag(v: &str) -> Option<bool> {
    match v {
        "1" | "true" => Some(true),
        "0" | "false" => Some(false),
        _ => None,
    }
}

fn opt(v: Option<i64>) -> Option<String> {
    Some(v.map(|n| n.to_string()).unwrap_or_default())
}

fn real(x: f64) -> Option<String> {
    x.is_finite().then(|| format!("{x}"))
}

fn behavior(v: &str) -> Option<FallbackBehavior> {
    [
        FallbackBehavior::Static,
        FallbackBehavior::CurrentReplicas,
        FallbackBehavior::CurrentReplicasIfHigher,
        FallbackBehavior::CurrentReplicasIfLower,
    ]
    .into_iter()
    .find(|b| b.as_str() == v)
}

fn strategy(v: &str) -> Option<JobStrategy> {
    [JobStrategy::Default, JobStrategy::Custom, JobStrategy::Accurate, JobStrategy::Eager].into_iter().find(|s| s.as_str() == v)
}

fn positive(v: &str) -> Option<f64> {
    let x: f64 = v.parse().ok()?;
    (x.is_finite() && x > 0.0).then_some(x)
}

macro_rules! apply {
    ($parse:expr, $u:ident, $x:ident => $body:expr) => {
        |$u: &mut KedaUi, v: &str| match $parse(v) {
            Some($x) => {
                $body;
                true
            }
            None => false,
        }
    };
}

/// Every KEDA form field: (query key, read, apply).
pub fn keda_fields() -> Vec<(&'static str, Get, Set)> {
    vec![
        (
            "kind",
            |u| Some(if u.form.kind == ScaleKind::ScaledJob { "sj" } else { "so" }.into()),
            apply!(|v: &str| match v {
            "so" => Some(ScaleKind::ScaledObject),
            "sj" => Some(ScaleKind::ScaledJob),
            _ => None,
        }, u, k => u.form.kind = k),
        ),
        (
            "aks",
            |u| Some(u.form.aks_kubernetes_version.clone()),
            apply!(|v: &str| parse_kubernetes_minor(v).map(|_| v.to_string()), u, x => u.form.aks_kubernetes_version = x),
        ),
        ("name", |u| Some(u.form.name.clone()), apply!(text, u, x => u.form.name = x)),
        ("namespace", |u| Some(u.form.namespace.clone()), apply!(text, u, x => u.form.namespace = x)),
        ("target", |u| Some(u.form.target_name.clone()), apply!(text, u, x => u.form.target_name = x)),
        ("image", |u| Some(u.form.job_image.clone()), apply!(text, u, x => u.form.job_image = x)),
        ("serviceAccount", |u| Some(u.form.service_account_name.clone()), apply!(text, u, x => u.form.service_account_name = x)),
        ("sbNamespace", |u| Some(u.form.servicebus_namespace.clone()), apply!(text, u, x => u.form.servicebus_namespace = x)),
        (
            "entity",
            |u| Some(if u.use_topic { "topic" } else { "queue" }.into()),
            apply!(|v: &str| match v {
            "queue" => Some(false),
            "topic" => Some(true),
            _ => None,
        }, u, x => u.use_topic = x),
        ),
        ("queue", |u| Some(u.queue.clone()), apply!(text, u, x => u.queue = x)),
        ("topic", |u| Some(u.topic.clone()), apply!(text, u, x => u.topic = x)),
        ("subscription", |u| Some(u.subscription.clone()), apply!(text, u, x => u.subscription = x)),
        ("messageCount", |u| Some(u.form.message_count.to_string()), apply!(int, u, x => u.form.message_count = x)),
        ("activation", |u| opt(u.form.activation_message_count), apply!(opt_int, u, x => u.form.activation_message_count = x)),
        ("min", |u| Some(u.form.min_replicas.to_string()), apply!(int, u, x => u.form.min_replicas = x)),
        ("maxReplicaCount", |u| opt(u.form.max_replicas), apply!(opt_int, u, x => u.form.max_replicas = x)),
        ("polling", |u| Some(u.form.polling_interval.to_string()), apply!(int, u, x => u.form.polling_interval = x)),
        ("idle", |u| opt(u.form.idle_replicas), apply!(opt_int, u, x => u.form.idle_replicas = x)),
        ("cooldown", |u| Some(u.form.cooldown_period.to_string()), apply!(int, u, x => u.form.cooldown_period = x)),
        ("initialCooldown", |u| opt(u.form.initial_cooldown_period), apply!(opt_int, u, x => u.form.initial_cooldown_period = x)),
        ("strategy", |u| Some(u.form.scaling_strategy.as_str().into()), apply!(strategy, u, x => u.form.scaling_strategy = x)),
        (
            "okHistory",
            |u| Some(u.form.successful_jobs_history_limit.to_string()),
            apply!(int, u, x => u.form.successful_jobs_history_limit = x),
        ),
        (
            "failedHistory",
            |u| Some(u.form.failed_jobs_history_limit.to_string()),
            apply!(int, u, x => u.form.failed_jobs_history_limit = x),
        ),
        ("fallback", |u| Some(if u.fallback_on { "1" } else { "0" }.into()), apply!(flag, u, x => u.fallback_on = x)),
        ("fallbackThreshold", |u| Some(u.fallback.failure_threshold.to_string()), apply!(int, u, x => u.fallback.failure_threshold = x)),
        ("fallbackReplicas", |u| Some(u.fallback.replicas.to_string()), apply!(int, u, x => u.fallback.replicas = x)),
        (
            "fallbackBehavior",
            |u| Some(u.fallback.behavior.map(|b| b.as_str()).unwrap_or_default().into()),
            apply!(|v: &str| if v.is_empty() { Some(None) } else { behavior(v).map(Some) }, u, x => u.fallback.behavior = x),
        ),
        ("modifiers", |u| Some(if u.modifiers_on { "1" } else { "0" }.into()), apply!(flag, u, x => u.modifiers_on = x)),
        ("formula", |u| Some(u.modifiers.formula.clone()), apply!(text, u, x => u.modifiers.formula = x)),
        ("modifierTarget", |u| Some(u.modifiers.target.clone()), apply!(text, u, x => u.modifiers.target = x)),
        ("auth", |u| Some(u.form.trigger_auth_name.clone()), apply!(text, u, x => u.form.trigger_auth_name = x)),
        ("authNamespace", |u| Some(u.form.trigger_auth_namespace.clone()), apply!(text, u, x => u.form.trigger_auth_namespace = x)),
        ("identityId", |u| Some(u.form.identity_id.clone()), apply!(text, u, x => u.form.identity_id = x)),
        ("identityTenantId", |u| Some(u.form.identity_tenant_id.clone()), apply!(text, u, x => u.form.identity_tenant_id = x)),
        ("authorityHost", |u| Some(u.form.identity_authority_host.clone()), apply!(text, u, x => u.form.identity_authority_host = x)),
        ("quota", |u| Some(if u.quota_on { "1" } else { "0" }.into()), apply!(flag, u, x => u.quota_on = x)),
        // The feed is written only while the quota sizing is on (reading any of it turns it on).
        ("tpm", |u| if u.quota_on { real(u.quota.tpm) } else { None }, apply!(positive, u, x => u.quota.tpm = x)),
        (
            "tokens",
            |u| if u.quota_on { real(u.quota.tokens_per_message) } else { None },
            apply!(positive, u, x => u.quota.tokens_per_message = x),
        ),
        (
            "concurrency",
            |u| if u.quota_on { real(u.quota.concurrency_per_replica) } else { None },
            apply!(positive, u, x => u.quota.concurrency_per_replica = x),
        ),
        (
            "messagesPerMinute",
            |u| if u.quota_on { real(u.quota.messages_per_minute_per_slot) } else { None },
            apply!(positive, u, x => u.quota.messages_per_minute_per_slot = x),
        ),
    ]
}
