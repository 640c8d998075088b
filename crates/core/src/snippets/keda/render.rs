//! Renders the KEDA form to YAML: a TriggerAuthentication (workload identity)
//! and a ScaledObject or ScaledJob for the `azure-servicebus` trigger, with
//! only the fields the cluster's KEDA release knows.

use crate::facts::Kind;
use serde::{Deserialize, Serialize};

use super::form::{namespace_is_fqdn, short_namespace, Entity, JobStrategy, KedaForm, ScaleKind};
use super::quota::{max_replicas_from_quota, QuotaSizing};
use super::versions::{keda_for_aks, parse_kubernetes_minor, AksKeda, AksKedaMatch, KedaFeature};
use crate::facts::Catalog;
use crate::snippets::text::{FormError, Text};
use crate::snippets::yaml::{emit_all, map, Node};

/// What a note is about, for the UI to style or filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoteCode {
    /// A field the form asked for is left out: this KEDA release lacks it.
    FieldDropped(KedaFeature),
    /// The Service Bus namespace was typed as an FQDN and was shortened.
    NamespaceShortened,
    /// The Kubernetes version isn't in the table: the KEDA release is assumed.
    KedaVersionAssumed,
    /// `maxReplicaCount` was computed from the quota.
    MaxReplicasFromQuota,
    /// The quota can't feed even one replica: `maxReplicaCount` is set to 1.
    QuotaFeedsNoReplica,
    /// Neither a `maxReplicaCount` nor a quota was given: KEDA's default.
    MaxReplicasDefault,
    /// ScaledObject: the Deployment (not generated here) needs
    /// `terminationGracePeriodSeconds` above the worker's shutdown time.
    TerminationGrace,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    pub code: NoteCode,
    pub text: Text,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rendered {
    /// The TriggerAuthentication, `---`, then the ScaledObject or ScaledJob.
    pub yaml: String,
    pub notes: Vec<Note>,
    pub keda: AksKeda,
    /// The `maxReplicaCount` written.
    pub max_replicas: i64,
    /// The quota arithmetic, when a quota was given.
    pub quota: Option<QuotaSizing>,
}

/// The `maxReplicaCount` the form leads to, and the quota arithmetic if any:
/// the user's figure, else what the quota feeds (at least 1), else the default.
pub fn effective_max_replicas(form: &KedaForm, catalog: &Catalog) -> (i64, Option<QuotaSizing>) {
    let sizing = form.quota.as_ref().and_then(|q| max_replicas_from_quota(q).ok());
    let max = match (form.max_replicas, &sizing) {
        (Some(m), _) => m,
        (None, Some(s)) => s.replicas_fed.max(1),
        (None, None) => catalog.require(Kind::KedaMaxReplicas, "default").round() as i64,
    };
    (max, sizing)
}

fn note(notes: &mut Vec<Note>, code: NoteCode, en: String, ko: String) {
    notes.push(Note { code, text: Text::new(en, ko) });
}

fn dropped(notes: &mut Vec<Note>, f: KedaFeature, keda: AksKeda, catalog: &Catalog) {
    note(
        notes,
        NoteCode::FieldDropped(f),
        format!(
            "{} is left out: KEDA {} (AKS 1.{}) doesn't know it; it arrives in KEDA {}.",
            f.field_path(),
            keda.keda,
            keda.kubernetes_minor,
            f.since(catalog)
        ),
        format!(
            "{} 필드는 생략했습니다. KEDA {} (AKS 1.{})에는 없고 KEDA {}부터 지원됩니다.",
            f.field_path(),
            keda.keda,
            keda.kubernetes_minor,
            f.since(catalog)
        ),
    );
}

/// Renders the form. Errors: the form's [`KedaForm::validate`] findings.
pub fn render(form: &KedaForm, catalog: &Catalog) -> Result<Rendered, Vec<FormError>> {
    let errors = form.validate();
    if !errors.is_empty() {
        return Err(errors);
    }
    let minor = parse_kubernetes_minor(&form.aks_kubernetes_version);
    let Some(keda) = minor.and_then(keda_for_aks) else {
        return Err(vec![crate::snippets::form_error(
            "aks_kubernetes_version",
            "Unknown AKS Kubernetes version.",
            "알 수 없는 AKS Kubernetes 버전입니다.",
        )]);
    };
    let mut notes = Vec::new();
    match keda.matched {
        AksKedaMatch::Listed => {}
        AksKedaMatch::AssumedFromLower { listed_minor } | AksKedaMatch::AssumedNewest { listed_minor } => note(
            &mut notes,
            NoteCode::KedaVersionAssumed,
            format!("AKS 1.{} isn't in the add-on table; assuming KEDA {} as on 1.{listed_minor}, so no newer field is emitted. Check with: kubectl get deploy keda-operator -n kube-system -o jsonpath='{{.metadata.labels.app\\.kubernetes\\.io/version}}'", keda.kubernetes_minor, keda.keda),
            format!("추가 기능 표에 없는 AKS 버전(1.{})이라 표에 있는 1.{listed_minor} 버전과 같은 KEDA 버전({})으로 가정했고, 그보다 새로운 필드는 넣지 않았습니다. 확인: kubectl get deploy keda-operator -n kube-system -o jsonpath='{{.metadata.labels.app\\.kubernetes\\.io/version}}'", keda.kubernetes_minor, keda.keda),
        ),
    }
    let sb_namespace = short_namespace(&form.servicebus_namespace).unwrap_or_default();
    if namespace_is_fqdn(&form.servicebus_namespace) {
        note(
            &mut notes,
            NoteCode::NamespaceShortened,
            format!("The trigger's namespace is the short name \"{sb_namespace}\": KEDA appends the endpoint suffix itself."),
            format!("트리거의 네임스페이스에는 짧은 이름을 씁니다: \"{sb_namespace}\". KEDA가 엔드포인트 접미사를 직접 붙입니다."),
        );
    }
    let (max_replicas, quota) = effective_max_replicas(form, catalog);
    match (&quota, form.max_replicas) {
        (Some(s), None) if s.replicas_fed == 0 => note(&mut notes, NoteCode::QuotaFeedsNoReplica, s.explanation.en.clone(), s.explanation.ko.clone()),
        (Some(s), None) => note(&mut notes, NoteCode::MaxReplicasFromQuota, s.explanation.en.clone(), s.explanation.ko.clone()),
        (None, None) => note(
            &mut notes,
            NoteCode::MaxReplicasDefault,
            format!("maxReplicaCount is KEDA's default {max_replicas}. Size it from the model deployment's quota instead: more replicas than the TPM feeds only add 429s."),
            format!("maxReplicaCount는 KEDA 기본값 {max_replicas}입니다. 클러스터 크기가 아니라 모델 배포의 할당량으로 정하세요. TPM이 감당하는 수를 넘는 레플리카는 429만 늘립니다."),
        ),
        _ => {}
    }

    if form.kind == ScaleKind::ScaledObject {
        let (grace, drain, target) = (form.termination_grace_period_seconds(), form.worker_shutdown_seconds, form.target_name.trim());
        note(
            &mut notes,
            NoteCode::TerminationGrace,
            format!("In the Deployment \"{target}\", set terminationGracePeriodSeconds: {grace} in the pod spec. On scale-in the worker stops receiving and finishes its in-flight model calls, which can take {drain} s; Kubernetes' default 30 s kills it mid-call, and the paid calls are lost and paid again."),
            format!("Deployment \"{target}\"의 pod spec에 다음 줄을 넣으세요: terminationGracePeriodSeconds: {grace}. 스케일 인 때 워커는 수신을 멈추고 진행 중인 모델 호출을 마치는데, 최대 {drain}초가 걸릴 수 있습니다. Kubernetes 기본값 30초로는 호출 도중에 종료되어, 이미 비용을 낸 호출이 사라지고 요금이 다시 청구됩니다."),
        );
    }

    let auth_ns = form.effective_trigger_auth_namespace().to_string();
    let mut pod_identity = map().s("provider", "azure-workload");
    if !form.identity_id.trim().is_empty() {
        pod_identity = pod_identity.s("identityId", form.identity_id.trim());
    }
    for (feature, value, key) in [
        (KedaFeature::IdentityTenantId, &form.identity_tenant_id, "identityTenantId"),
        (KedaFeature::IdentityAuthorityHost, &form.identity_authority_host, "identityAuthorityHost"),
    ] {
        if value.trim().is_empty() {
            continue;
        }
        if keda.keda.supports(feature, catalog) {
            pod_identity = pod_identity.s(key, value.trim());
        } else {
            dropped(&mut notes, feature, keda, catalog);
        }
    }
    let trigger_auth = map()
        .s("apiVersion", "keda.sh/v1alpha1")
        .s("kind", "TriggerAuthentication")
        .node("metadata", map().s("name", &form.trigger_auth_name).s("namespace", &auth_ns).build())
        .node("spec", map().node("podIdentity", pod_identity.build()).build())
        .build();

    let scaled = match form.kind {
        ScaleKind::ScaledObject => scaled_object(form, keda, max_replicas, &sb_namespace, &mut notes, catalog),
        ScaleKind::ScaledJob => scaled_job(form, keda, max_replicas, &sb_namespace, &mut notes, catalog),
    };
    Ok(Rendered { yaml: emit_all(&[trigger_auth, scaled]), notes, keda, max_replicas, quota })
}

/// The trigger. With `fallback` on it states `metricType: AverageValue`:
/// KEDA 2.17.0's webhook rejects a fallback whose triggers leave the metric
/// type implicit (kedacore/keda#6696, fixed in 2.17.1), and it is the default
/// on every other release, so it is always safe to write.
fn trigger(form: &KedaForm, sb_namespace: &str, named: bool, average_value: bool) -> Node {
    let mut md = map();
    md = match &form.entity {
        Entity::Queue { queue_name } => md.s("queueName", queue_name),
        Entity::Topic { topic_name, subscription_name } => md.s("topicName", topic_name).s("subscriptionName", subscription_name),
    };
    md = md.s("namespace", sb_namespace).s("messageCount", form.message_count.to_string()).comment("target backlog per replica");
    if let Some(a) = form.activation_message_count {
        md = md.s("activationMessageCount", a.to_string());
    }
    let mut t = map().s("type", "azure-servicebus");
    if named {
        t = t.s("name", "servicebus");
    }
    if average_value {
        t = t.s("metricType", "AverageValue");
    }
    t.node("metadata", md.build()).node("authenticationRef", map().s("name", &form.trigger_auth_name).build()).build()
}

fn metadata(form: &KedaForm) -> Node {
    map().s("name", &form.name).s("namespace", form.namespace.trim()).build()
}

fn scaled_object(form: &KedaForm, keda: AksKeda, max: i64, sb_namespace: &str, notes: &mut Vec<Note>, catalog: &Catalog) -> Node {
    let mut spec = map()
        .node("scaleTargetRef", map().s("name", &form.target_name).build())
        .i("pollingInterval", form.polling_interval)
        .i("cooldownPeriod", form.cooldown_period);
    if let Some(i) = form.initial_cooldown_period {
        if keda.keda.supports(KedaFeature::InitialCooldownPeriod, catalog) {
            spec = spec.i("initialCooldownPeriod", i);
        } else {
            dropped(notes, KedaFeature::InitialCooldownPeriod, keda, catalog);
        }
    }
    if let Some(idle) = form.idle_replicas {
        spec = spec.i("idleReplicaCount", idle);
    }
    spec = spec.i("minReplicaCount", form.min_replicas).i("maxReplicaCount", max);
    if let Some(f) = &form.fallback {
        let mut fb = map().i("failureThreshold", f.failure_threshold).i("replicas", f.replicas);
        if let Some(b) = f.behavior {
            if keda.keda.supports(KedaFeature::FallbackBehavior, catalog) {
                fb = fb.s("behavior", b.as_str());
            } else {
                dropped(notes, KedaFeature::FallbackBehavior, keda, catalog);
            }
        }
        spec = spec.node("fallback", fb.build());
    }
    let mut named = false;
    if let Some(m) = &form.scaling_modifiers {
        if keda.keda.supports(KedaFeature::ScalingModifiers, catalog) {
            named = true;
            let sm = map().s("formula", m.formula.trim()).s("target", m.target.trim()).build();
            spec = spec.node("advanced", map().node("scalingModifiers", sm).build());
        } else {
            dropped(notes, KedaFeature::ScalingModifiers, keda, catalog);
        }
    }
    spec = spec.node("triggers", Node::List(vec![trigger(form, sb_namespace, named, form.fallback.is_some())]));
    map().s("apiVersion", "keda.sh/v1alpha1").s("kind", "ScaledObject").node("metadata", metadata(form)).node("spec", spec.build()).build()
}

fn scaled_job(form: &KedaForm, keda: AksKeda, max: i64, sb_namespace: &str, notes: &mut Vec<Note>, catalog: &Catalog) -> Node {
    let container = map().s("name", &form.target_name).s("image", form.job_image.trim()).build();
    let pod_spec = map()
        .s("serviceAccountName", &form.service_account_name)
        .s("restartPolicy", "Never")
        .i("terminationGracePeriodSeconds", form.termination_grace_period_seconds())
        .comment("above the worker's shutdown time: model deadline + one call's timeout")
        .node("containers", Node::List(vec![container]))
        .build();
    let template = map()
        .node("metadata", map().node("labels", map().s("azure.workload.identity/use", "true").build()).build())
        .node("spec", pod_spec)
        .build();
    let mut strategy = form.scaling_strategy;
    if strategy == JobStrategy::Eager && !keda.keda.supports(KedaFeature::EagerStrategy, catalog) {
        dropped(notes, KedaFeature::EagerStrategy, keda, catalog);
        strategy = JobStrategy::Default;
    }
    let mut spec = map()
        .node("jobTargetRef", map().node("template", template).build())
        .i("pollingInterval", form.polling_interval)
        .i("minReplicaCount", form.min_replicas)
        .i("maxReplicaCount", max)
        .i("successfulJobsHistoryLimit", form.successful_jobs_history_limit)
        .i("failedJobsHistoryLimit", form.failed_jobs_history_limit);
    // The default strategy is what KEDA does without one, and KEDA 2.20.0 and
    // 2.20.1 refuse it written out (their CRD's enum lacks "default",
    // kedacore/keda#7855): only another strategy is written.
    if strategy != JobStrategy::Default {
        spec = spec.node("scalingStrategy", map().s("strategy", strategy.as_str()).build());
    }
    let spec = spec.node("triggers", Node::List(vec![trigger(form, sb_namespace, false, false)])).build();
    map().s("apiVersion", "keda.sh/v1alpha1").s("kind", "ScaledJob").node("metadata", metadata(form)).node("spec", spec).build()
}
