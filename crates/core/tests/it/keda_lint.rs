//! Each lint rule has a case that triggers it, and a clean form triggers none.

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{
    lint, ClusterFacts, Finding, KedaForm, LintInput, QuotaFeed, Rule, ScaleKind, Severity, KEDA_OPERATOR_SUBJECT,
};

fn base() -> LintInput {
    let mut form = KedaForm::new(&Catalog::builtin());
    form.max_replicas = Some(10);
    LintInput { form, cluster: ClusterFacts::default() }
}

fn run(input: &LintInput) -> Vec<Finding> {
    lint(input, &Catalog::builtin())
}

fn rules(input: &LintInput) -> Vec<Rule> {
    run(input).into_iter().map(|f| f.rule).collect()
}

fn only(input: &LintInput, rule: Rule) -> Finding {
    let found = run(input);
    assert_eq!(found.iter().map(|f| f.rule).collect::<Vec<_>>(), vec![rule], "{found:#?}");
    assert!(!found[0].fix.en.is_empty() && !found[0].fix.ko.is_empty());
    assert!(!found[0].message.ko.is_empty());
    found.into_iter().next().unwrap()
}

#[test]
fn clean_form_has_no_findings() {
    let mut i = base();
    i.cluster.workload_identity_before_addon = Some(true);
    i.cluster.federated_credential_subject = Some(KEDA_OPERATOR_SUBJECT.into());
    assert_eq!(rules(&i), vec![]);
}

#[test]
fn hpa_on_same_workload() {
    let mut i = base();
    i.cluster.hpa_on_workload = true;
    assert_eq!(only(&i, Rule::HpaOnSameWorkload).severity, Severity::Error);
}

#[test]
fn second_metrics_server() {
    let mut i = base();
    i.cluster.other_keda_install = true;
    only(&i, Rule::SecondMetricsServer);
}

#[test]
fn workload_identity_after_addon() {
    let mut i = base();
    i.cluster.workload_identity_before_addon = Some(false);
    let f = only(&i, Rule::WorkloadIdentityAfterAddon);
    assert!(f.fix.en.contains("kubectl rollout restart deployment keda-operator -n kube-system"));
}

#[test]
fn federated_subject() {
    let mut i = base();
    i.cluster.federated_credential_subject = Some("system:serviceaccount:workers:ingest-worker".into());
    let f = only(&i, Rule::FederatedSubject);
    assert!(f.fix.en.contains("system:serviceaccount:kube-system:keda-operator"));
}

#[test]
fn concurrent_receives_over_5000() {
    let mut i = base();
    i.form.max_replicas = Some(100);
    i.cluster.receivers_per_replica = 50; // 5,000: at the limit, fine
    assert_eq!(rules(&i), vec![]);
    i.cluster.receivers_per_replica = 51;
    let f = only(&i, Rule::ConcurrentReceives);
    assert!(f.message.en.contains("5,100 concurrent receive requests, over the 5,000"), "{}", f.message.en);
}

#[test]
fn amqp_connections_over_5000() {
    let mut i = base();
    i.form.max_replicas = Some(100);
    i.cluster.connections_per_replica = 40;
    i.cluster.other_connections = 1_001;
    let f = only(&i, Rule::AmqpConnections);
    assert!(f.message.en.contains("5,001 AMQP connections"), "{}", f.message.en);
}

#[test]
fn name_over_54_characters() {
    let mut i = base();
    i.form.name = "a".repeat(54);
    assert_eq!(rules(&i), vec![]);
    i.form.name = "a".repeat(55);
    only(&i, Rule::NameTooLong);
}

#[test]
fn min_above_max() {
    let mut i = base();
    i.form.min_replicas = 11;
    only(&i, Rule::MinAboveMax);
}

#[test]
fn idle_replica_other_than_zero() {
    let mut i = base();
    i.form.min_replicas = 2;
    i.form.idle_replicas = Some(1);
    only(&i, Rule::IdleReplicaNotZero);
}

#[test]
fn idle_zero_needs_min_above_zero() {
    let mut i = base();
    i.form.idle_replicas = Some(0);
    only(&i, Rule::IdleNotBelowMin);
    i.form.min_replicas = 1;
    assert_eq!(rules(&i), vec![]);
}

#[test]
fn trigger_auth_in_other_namespace() {
    let mut i = base();
    i.form.trigger_auth_namespace = "keda".into();
    only(&i, Rule::TriggerAuthOtherNamespace);
}

#[test]
fn namespace_given_as_fqdn() {
    let mut i = base();
    i.form.servicebus_namespace = "contoso-sb.servicebus.windows.net".into();
    assert_eq!(only(&i, Rule::NamespaceFqdn).severity, Severity::Warning);
}

#[test]
fn max_above_what_quota_feeds() {
    let mut i = base();
    i.form.max_replicas = Some(20);
    i.form.quota =
        Some(QuotaFeed { tpm: 100_000.0, concurrency_per_replica: 4.0, tokens_per_message: 2_500.0, messages_per_minute_per_slot: 2.0 });
    let f = only(&i, Rule::MaxAboveQuota);
    assert!(f.message.en.contains("these replicas only add 429s"));
    assert!(f.fix.en.contains("Set maxReplicaCount to 5"));
    i.form.max_replicas = Some(5);
    assert_eq!(rules(&i), vec![]);
}

#[test]
fn tenant_without_identity() {
    let mut i = base();
    i.form.identity_tenant_id = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee".into();
    only(&i, Rule::TenantWithoutIdentity);
}

#[test]
fn scaled_job_skips_scaled_object_only_rules() {
    let mut i = base();
    i.form.kind = ScaleKind::ScaledJob;
    i.form.name = "a".repeat(60);
    i.cluster.hpa_on_workload = true;
    assert_eq!(rules(&i), vec![]);
}

#[test]
fn rule_ids_are_stable_and_unique() {
    use std::collections::HashSet;
    let all = [
        Rule::HpaOnSameWorkload,
        Rule::SecondMetricsServer,
        Rule::WorkloadIdentityAfterAddon,
        Rule::FederatedSubject,
        Rule::ConcurrentReceives,
        Rule::AmqpConnections,
        Rule::NameTooLong,
        Rule::MinAboveMax,
        Rule::IdleReplicaNotZero,
        Rule::IdleNotBelowMin,
        Rule::TriggerAuthOtherNamespace,
        Rule::NamespaceFqdn,
        Rule::MaxAboveQuota,
        Rule::TenantWithoutIdentity,
    ];
    let ids: HashSet<&str> = all.iter().map(|r| r.id()).collect();
    assert_eq!(ids.len(), all.len());
    assert_eq!(Rule::MaxAboveQuota.id(), "keda/max-above-quota");
}

#[test]
fn errors_come_first() {
    let mut i = base();
    i.form.servicebus_namespace = "contoso-sb.servicebus.windows.net".into();
    i.cluster.other_keda_install = true;
    let sev: Vec<Severity> = run(&i).into_iter().map(|f| f.severity).collect();
    assert_eq!(sev, vec![Severity::Error, Severity::Warning]);
}
