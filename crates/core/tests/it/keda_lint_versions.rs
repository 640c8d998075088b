//! The lint words the admission rules by KEDA release: rejected by the
//! webhook (2.20+), applied but never reconciled (before), works but
//! discouraged (never enforced). Checked against kedacore/keda: the
//! ScaledObject webhook's verifyReplicaCount returns its error only from
//! v2.20.0 (#5954), verifyName arrives in v2.20.0 (#6998), controllers/keda
//! refuses to reconcile bad replica bounds on every release.

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{keda_of, lint, lint_for, ClusterFacts, Finding, KedaForm, KedaVersion, LintInput, Rule, Severity};

fn base() -> LintInput {
    let mut form = KedaForm::new(&Catalog::builtin());
    form.max_replicas = Some(10);
    LintInput { form, cluster: ClusterFacts::default() }
}

fn at(input: &LintInput, minor: u32) -> Vec<Finding> {
    lint_for(input, KedaVersion::new(2, minor), &Catalog::builtin())
}

fn one(input: &LintInput, minor: u32, rule: Rule) -> Finding {
    let found = at(input, minor);
    assert_eq!(found.iter().map(|f| f.rule).collect::<Vec<_>>(), vec![rule], "2.{minor}: {found:#?}");
    found.into_iter().next().unwrap()
}

#[test]
fn min_above_max_is_rejected_from_2_20_and_silently_unreconciled_before() {
    let mut i = base();
    i.form.min_replicas = 12;
    let old = one(&i, 19, Rule::MinAboveMax);
    assert_eq!(old.severity, Severity::Error, "it never scales");
    assert!(old.message.en.contains("KEDA 2.19 accepts it (kubectl apply succeeds)"), "{}", old.message.en);
    assert!(old.message.en.contains("never reconciles it") && old.message.en.contains("from KEDA 2.20"), "{}", old.message.en);
    assert!(!old.message.en.contains("rejects it:"), "{}", old.message.en);
    assert!(old.message.ko.contains("KEDA 2.19") && old.message.ko.contains("reconcile"), "{}", old.message.ko);
    let new = one(&i, 20, Rule::MinAboveMax);
    assert_eq!(new.severity, Severity::Error);
    assert!(new.message.en.contains("KEDA 2.20's webhook rejects it: kubectl apply fails"), "{}", new.message.en);
    assert!(!new.message.en.contains("never reconciles"), "{}", new.message.en);
}

#[test]
fn idle_not_below_min_is_worded_by_release() {
    let mut i = base();
    i.form.idle_replicas = Some(0);
    i.form.min_replicas = 0;
    let old = one(&i, 11, Rule::IdleNotBelowMin);
    assert!(old.message.en.contains("KEDA 2.11 accepts it (kubectl apply succeeds)"), "{}", old.message.en);
    let new = one(&i, 20, Rule::IdleNotBelowMin);
    assert!(new.message.en.contains("KEDA 2.20's webhook rejects it"), "{}", new.message.en);
}

#[test]
fn a_long_name_is_rejected_from_2_20_and_truncated_before() {
    let mut i = base();
    i.form.name = "a".repeat(60);
    let old = one(&i, 19, Rule::NameTooLong);
    assert_eq!(old.severity, Severity::Warning, "it works before 2.20");
    assert!(old.message.en.contains("KEDA 2.19 applies it and cuts its label values to 63 characters"), "{}", old.message.en);
    assert!(old.message.en.contains("from KEDA 2.20 the webhook rejects names over 54"), "{}", old.message.en);
    let new = one(&i, 20, Rule::NameTooLong);
    assert_eq!(new.severity, Severity::Error);
    assert!(new.message.en.contains("KEDA 2.20's webhook rejects more than 54"), "{}", new.message.en);
    i.form.name = "a".repeat(54);
    assert!(at(&i, 20).is_empty(), "54 fits");
}

#[test]
fn tenant_without_identity_works_but_is_discouraged_on_every_release() {
    let mut i = base();
    i.form.identity_tenant_id = "72f988bf-86f1-41af-91ab-2d7cd011db47".into();
    for minor in [14, 16, 17, 19, 20] {
        let f = one(&i, minor, Rule::TenantWithoutIdentity);
        assert_eq!(f.severity, Severity::Warning, "2.{minor}");
        assert!(
            f.message.en.contains(&format!("KEDA 2.{minor} doesn't check this (no release does) and it works, but it is discouraged")),
            "{}",
            f.message.en
        );
    }
    assert!(at(&i, 11).is_empty(), "before 2.14 the field isn't written at all");
}

#[test]
fn authority_host_without_tenant_is_rejected_where_the_field_exists() {
    let mut i = base();
    i.form.identity_authority_host = "https://login.microsoftonline.us/".into();
    let f = one(&i, 14, Rule::TenantWithoutIdentity);
    assert_eq!(f.severity, Severity::Error);
    assert!(f.message.en.contains("KEDA 2.14's TriggerAuthentication webhook rejects it"), "{}", f.message.en);
    assert!(at(&i, 11).is_empty(), "left out of the YAML before 2.14");
}

#[test]
fn lint_uses_the_release_of_the_forms_aks_version() {
    let mut i = base();
    i.form.min_replicas = 12;
    i.form.aks_kubernetes_version = "1.30".into();
    assert_eq!(keda_of(&i.form), KedaVersion::new(2, 11));
    let found = lint(&i, &Catalog::builtin());
    assert!(found[0].message.en.contains("KEDA 2.11 accepts it"), "{}", found[0].message.en);
    i.form.aks_kubernetes_version = "1.36".into();
    let found = lint(&i, &Catalog::builtin());
    assert!(found[0].message.en.contains("KEDA 2.19 accepts it"), "{}", found[0].message.en);
}

#[test]
fn the_other_rules_say_the_same_on_every_release() {
    // Rules no admission change touches: same finding, same words, from 2.11 to 2.20.
    let mut cases: Vec<(LintInput, Rule)> = Vec::new();
    let mut i = base();
    i.cluster.hpa_on_workload = true;
    cases.push((i, Rule::HpaOnSameWorkload));
    let mut i = base();
    i.cluster.other_keda_install = true;
    cases.push((i, Rule::SecondMetricsServer));
    let mut i = base();
    i.cluster.workload_identity_before_addon = Some(false);
    cases.push((i, Rule::WorkloadIdentityAfterAddon));
    let mut i = base();
    i.cluster.federated_credential_subject = Some("system:serviceaccount:workers:w".into());
    cases.push((i, Rule::FederatedSubject));
    let mut i = base();
    i.form.idle_replicas = Some(2);
    cases.push((i, Rule::IdleReplicaNotZero));
    let mut i = base();
    i.form.trigger_auth_namespace = "elsewhere".into();
    cases.push((i, Rule::TriggerAuthOtherNamespace));
    let mut i = base();
    i.form.servicebus_namespace = "contoso-sb.servicebus.windows.net".into();
    cases.push((i, Rule::NamespaceFqdn));
    for (input, rule) in &cases {
        let first = one(input, 11, *rule);
        for minor in [14, 16, 17, 19, 20] {
            let f = one(input, minor, *rule);
            assert_eq!((f.severity, &f.message, &f.fix), (first.severity, &first.message, &first.fix), "{rule:?} at 2.{minor}");
        }
    }
}
