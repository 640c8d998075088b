//! The KEDA form and the open tab as query parameters: written back (replace,
//! no history entry) as the user types, read back when a link opens, so a
//! link restores the exact form. Only values that differ from the defaults
//! are written. The quota planner's keys (`maxReplicaCount`, `messageCount`,
//! `tpm`, `tokens`, …) keep their names and are read by `state::from_link`.

use super::state::{KedaUi, Tab};
use batchlane_core::facts::Catalog;
use batchlane_core::io::query::{field, Kind, Table};
use batchlane_core::snippets::{keda::ABSURD_COUNT, parse_kubernetes_minor, FallbackBehavior, JobStrategy, ScaleKind};

/// Reads a field's value as written in the link.
pub type Get = fn(&KedaUi) -> Option<String>;
/// Applies a link's value; `false` when it can't be used.
pub type Set = fn(&mut KedaUi, &str) -> bool;

/// Keys that `state::from_link` reads itself (the quota planner's link).
pub const IMPORT_KEYS: [&str; 6] = ["maxReplicaCount", "messageCount", "tpm", "tokens", "concurrency", "messagesPerMinute"];

/// Keys this module owns (besides `tab`), including older spellings.
const OWNED_EXTRA: [&str; 1] = ["tokensPerMessage"];

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

/// Longest text a link may carry for one field.
pub const MAX_TEXT_CHARS: usize = 300;

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
pub fn fields() -> Vec<(&'static str, Get, Set)> {
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

/// The query pairs for this state: the link's other parameters (`deployment`,
/// `endpoint`, `dialect`, …) kept, the KEDA fields that differ from the
/// defaults, and the tab.
pub fn pairs(current: &[(String, String)], ui: &KedaUi, tab: Tab, catalog: &Catalog) -> Vec<(String, String)> {
    let fields = fields();
    let owned = |k: &str| k == "tab" || OWNED_EXTRA.contains(&k) || fields.iter().any(|(f, _, _)| *f == k);
    let mut out: Vec<(String, String)> = current.iter().filter(|(k, _)| !owned(k)).cloned().collect();
    out.push(("tab".into(), tab.id().into()));
    let default = KedaUi::new(catalog);
    for (key, get, _) in &fields {
        if let Some(v) = get(ui) {
            if get(&default).as_ref() != Some(&v) {
                out.push((key.to_string(), v));
            }
        }
    }
    out
}

/// What a link's value may be, per key (checked before anything is applied;
/// the field's own reader then decides whether the page can use it).
fn kind_of(key: &str) -> Kind {
    let count = || Kind::whole(0.0, ABSURD_COUNT as f64);
    match key {
        "messageCount" | "min" | "polling" | "cooldown" | "okHistory" | "failedHistory" | "fallbackThreshold" | "fallbackReplicas" => {
            count()
        }
        "activation" | "maxReplicaCount" | "idle" | "initialCooldown" => count().or_unset(""),
        "fallback" | "modifiers" | "quota" => Kind::Bool,
        "tpm" | "tokens" | "tokensPerMessage" | "concurrency" | "messagesPerMinute" => Kind::number(0.0, f64::MAX),
        "kind" => Kind::Enum(vec!["so", "sj"]),
        "entity" => Kind::Enum(vec!["queue", "topic"]),
        "dialect" => Kind::Enum(vec!["azure", "openai"]),
        "tab" => Kind::Enum(Tab::ALL.iter().map(|t| t.id()).collect()),
        "strategy" => {
            Kind::Enum([JobStrategy::Default, JobStrategy::Custom, JobStrategy::Accurate, JobStrategy::Eager].map(|s| s.as_str()).to_vec())
        }
        "fallbackBehavior" => Kind::Enum(vec![
            "",
            FallbackBehavior::Static.as_str(),
            FallbackBehavior::CurrentReplicas.as_str(),
            FallbackBehavior::CurrentReplicasIfHigher.as_str(),
            FallbackBehavior::CurrentReplicasIfLower.as_str(),
        ]),
        _ => Kind::Text { max_chars: MAX_TEXT_CHARS },
    }
}

/// The page's link: every KEDA field, the tab, and the keys other pages
/// hand over (`deployment`, `endpoint`, `dialect`, `tokensPerMessage`).
/// Defaults are the form's (the page keeps them in the URL only).
pub fn table(catalog: &Catalog) -> Table {
    let default = KedaUi::new(catalog);
    let mut out: Vec<_> = fields().into_iter().map(|(key, get, _)| field(key, kind_of(key), get(&default).unwrap_or_default())).collect();
    for key in ["tab", "dialect", "deployment", "endpoint"].into_iter().chain(OWNED_EXTRA) {
        out.push(field(key, kind_of(key), ""));
    }
    out.extend(super::control_state::table_fields(catalog));
    Table::new(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use batchlane_core::io::query::{parse_query, query_string, Reason};

    #[test]
    fn the_keda_form_round_trips_through_its_link() {
        let catalog = Catalog::builtin();
        let mut ui = KedaUi::new(&catalog);
        (ui.use_topic, ui.topic, ui.form.name, ui.form.max_replicas) = (true, "R&D #1 인보이스".into(), "invoice-worker".into(), Some(12));
        (ui.quota_on, ui.quota.tpm, ui.fallback_on) = (true, 120_000.0, true);
        let pairs = pairs(&[], &ui, Tab::Keda, &catalog);
        let t = table(&catalog);
        let d = t.decode(&parse_query(&query_string(&pairs)).pairs);
        assert!(d.rejected.is_empty(), "{:?}", d.rejected);
        let mut back = KedaUi::new(&catalog);
        for (key, _, set) in fields() {
            if let Some(v) = d.get(key) {
                assert!(set(&mut back, v), "{key}={v}");
            }
        }
        assert_eq!(back, ui);
        assert_eq!(d.get("tab"), Some("keda"));
    }

    #[test]
    fn nonsense_in_a_link_is_refused_with_a_reason() {
        let t = table(&Catalog::builtin());
        let long = "x".repeat(MAX_TEXT_CHARS + 1);
        let d = t.decode(&parse_query(&format!("maxReplicaCount=-1&kind=deployment&name={long}&queue=a%0Ab&tpm=inf&tab=nope")).pairs);
        let got: Vec<(&str, &Reason)> = d.rejected.iter().map(|r| (r.key.as_str(), &r.reason)).collect();
        assert_eq!(
            got,
            vec![
                ("maxReplicaCount", &Reason::TooSmall { min: 0.0 }),
                ("kind", &Reason::NotOneOf { allowed: vec!["so".into(), "sj".into()] }),
                ("name", &Reason::TooLong { max: MAX_TEXT_CHARS }),
                ("queue", &Reason::ControlCharacter),
                ("tpm", &Reason::NotANumber),
                ("tab", &Reason::NotOneOf { allowed: Tab::ALL.iter().map(|t| t.id().to_string()).collect() }),
            ]
        );
    }

    #[test]
    fn the_quota_planners_link_fills_every_field_it_knows() {
        use batchlane_core::quota::share::{cap_by_rpm, keda_handoff, replicas_quota_can_feed};
        use leptos::prelude::GetUntracked;
        let catalog = Catalog::builtin();
        // 90,000 TPM ÷ (1,500 tokens × 6 messages/min) = 10 replicas; 12 RPM ÷ 6 = 2 binds first.
        let feed = cap_by_rpm(replicas_quota_can_feed(90_000.0, 1_500.0, 6.0, 3).unwrap(), Some(12.0), 6.0);
        let hand = keda_handoff(&feed);
        let d = table(&catalog).decode(&hand);
        assert!(d.rejected.is_empty(), "{:?}", d.rejected);
        let snip = super::super::state::from_link(&hand, Vec::new(), &catalog);
        let (applied, ignored) = snip.imported.get_untracked();
        assert!(ignored.is_empty(), "{ignored:?}");
        let keys: Vec<&str> = hand.iter().map(|(k, _)| k.as_str()).collect();
        for key in ["maxReplicaCount", "messageCount", "tpm", "tokens", "concurrency", "messagesPerMinute"] {
            assert!(keys.contains(&key), "the handoff lacks {key}");
            assert!(applied.iter().any(|(k, _)| k == key), "{key} was not applied: {applied:?}");
        }
        let k = snip.keda.get_untracked();
        assert_eq!((k.form.max_replicas, k.form.message_count), (Some(2), 3));
        assert!(k.quota_on);
        assert_eq!(
            (k.quota.tpm, k.quota.tokens_per_message, k.quota.concurrency_per_replica, k.quota.messages_per_minute_per_slot),
            (90_000.0, 1_500.0, 3.0, 2.0)
        );
        assert_eq!(snip.tab.get_untracked(), Tab::Keda);
    }
}
