//! The lint panel: what will make the KEDA setup fail, fight itself or only
//! add 429s. Each finding has a stable rule id, a severity and the fix.

use crate::facts::Kind;
use crate::format::prose_number;
use serde::{Deserialize, Serialize};

use super::keda::{effective_max_replicas, namespace_is_fqdn, KedaForm, ScaleKind};
use super::keda::{keda_for_aks, parse_kubernetes_minor, KedaChange, KedaFeature, KedaVersion, AKS_KEDA_TABLE};
use super::text::Text;
use crate::facts::Catalog;

/// The federated credential subject KEDA's operator signs in with.
pub const KEDA_OPERATOR_SUBJECT: &str = "system:serviceaccount:kube-system:keda-operator";

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Severity {
    /// Will be rejected or will not work.
    Error,
    /// Works, but badly or only after a manual step.
    Warning,
    Info,
}

/// Stable rule ids (see [`Rule::id`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rule {
    HpaOnSameWorkload,
    SecondMetricsServer,
    WorkloadIdentityAfterAddon,
    FederatedSubject,
    ConcurrentReceives,
    AmqpConnections,
    NameTooLong,
    MinAboveMax,
    IdleReplicaNotZero,
    IdleNotBelowMin,
    TriggerAuthOtherNamespace,
    NamespaceFqdn,
    MaxAboveQuota,
    TenantWithoutIdentity,
}

impl Rule {
    pub fn id(self) -> &'static str {
        match self {
            Rule::HpaOnSameWorkload => "keda/hpa-on-same-workload",
            Rule::SecondMetricsServer => "keda/second-metrics-server",
            Rule::WorkloadIdentityAfterAddon => "keda/workload-identity-after-addon",
            Rule::FederatedSubject => "keda/federated-subject",
            Rule::ConcurrentReceives => "servicebus/concurrent-receives",
            Rule::AmqpConnections => "servicebus/amqp-connections",
            Rule::NameTooLong => "keda/name-too-long",
            Rule::MinAboveMax => "keda/min-above-max",
            Rule::IdleReplicaNotZero => "keda/idle-replica-not-zero",
            Rule::IdleNotBelowMin => "keda/idle-not-below-min",
            Rule::TriggerAuthOtherNamespace => "keda/trigger-auth-other-namespace",
            Rule::NamespaceFqdn => "servicebus/namespace-fqdn",
            Rule::MaxAboveQuota => "keda/max-above-quota",
            Rule::TenantWithoutIdentity => "keda/tenant-without-identity",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    pub rule: Rule,
    pub severity: Severity,
    pub message: Text,
    pub fix: Text,
}

/// What the form can't know about the cluster and the workers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterFacts {
    /// An HPA already scales (or will scale) the same workload.
    pub hpa_on_workload: bool,
    /// KEDA installed another way (Helm, manifests) beside the AKS add-on.
    pub other_keda_install: bool,
    /// Workload identity was enabled before the KEDA add-on (AKS Standard).
    /// `None`: unknown.
    pub workload_identity_before_addon: Option<bool>,
    /// The subject of the identity's federated credential, if known.
    pub federated_credential_subject: Option<String>,
    /// Receivers each replica opens on the entity (receive calls in flight).
    pub receivers_per_replica: u32,
    /// AMQP connections each replica opens to the namespace.
    pub connections_per_replica: u32,
    /// AMQP connections other clients already hold on the namespace.
    pub other_connections: u32,
}

impl Default for ClusterFacts {
    fn default() -> Self {
        Self {
            hpa_on_workload: false,
            other_keda_install: false,
            workload_identity_before_addon: None,
            federated_credential_subject: None,
            receivers_per_replica: 1,
            connections_per_replica: 1,
            other_connections: 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LintInput {
    pub form: KedaForm,
    pub cluster: ClusterFacts,
}

fn find(out: &mut Vec<Finding>, rule: Rule, severity: Severity, message: Text, fix: Text) {
    out.push(Finding { rule, severity, message, fix });
}

/// The KEDA release of the form's AKS version (the newest listed when the
/// version can't be read: the form reports that itself).
pub fn keda_of(form: &KedaForm) -> KedaVersion {
    let newest = AKS_KEDA_TABLE.last().map(|(_, k)| *k).unwrap_or(KedaVersion::new(2, 0));
    parse_kubernetes_minor(&form.aks_kubernetes_version).and_then(keda_for_aks).map_or(newest, |k| k.keda)
}

/// Every finding for the form and the cluster facts, errors first, worded
/// for the KEDA release of the form's AKS version.
pub fn lint(input: &LintInput, catalog: &Catalog) -> Vec<Finding> {
    lint_for(input, keda_of(&input.form), catalog)
}

/// What a replica-count rule does on `keda`: rejected by the webhook, or
/// applied and never reconciled.
fn replica_bounds_outcome(keda: KedaVersion, catalog: &Catalog) -> Text {
    let since = KedaChange::WebhookRejectsReplicaBounds.since(catalog);
    if keda >= since {
        Text::new(
            format!("KEDA {keda}'s webhook rejects it: kubectl apply fails (rejected since {since})."),
            format!("KEDA {keda}의 webhook이 거부합니다: kubectl apply가 실패합니다 ({since}부터 거부)."),
        )
    } else {
        Text::new(
            format!("KEDA {keda} accepts it (kubectl apply succeeds), but its controller never reconciles it: no HPA, no scaling, and the ScaledObject stays Ready=False. The webhook only rejects it from KEDA {since}."),
            format!("KEDA {keda}는 이를 받아들이지만(kubectl apply는 성공) controller가 reconcile하지 않습니다: HPA도 스케일링도 없고 ScaledObject는 Ready=False로 남습니다. webhook이 거부하는 것은 KEDA {since}부터입니다."),
        )
    }
}

/// [`lint`] for a given KEDA release.
pub fn lint_for(input: &LintInput, keda: KedaVersion, catalog: &Catalog) -> Vec<Finding> {
    let (f, c) = (&input.form, &input.cluster);
    let mut out = Vec::new();
    let (max, quota) = effective_max_replicas(f, catalog);
    let is_so = f.kind == ScaleKind::ScaledObject;

    if c.hpa_on_workload && is_so {
        find(&mut out, Rule::HpaOnSameWorkload, Severity::Error,
            Text::new("An HPA already scales this workload. KEDA drives its own HPA: if the HPA came first the ScaledObject is rejected; if it comes later, the two fight over the replica count.", "이 워크로드에는 이미 HPA가 있습니다. KEDA는 내부적으로 자체 HPA를 쓰므로, HPA가 먼저 있으면 ScaledObject 생성이 거부되고 나중에 생기면 둘이 replica 수를 두고 경쟁합니다."),
            Text::new("Delete the workload's HPA (kubectl delete hpa <name>) and move its CPU/memory rules into the ScaledObject as extra triggers.", "워크로드의 HPA를 삭제하고(kubectl delete hpa <이름>), CPU/메모리 규칙은 ScaledObject의 추가 트리거로 옮기세요."));
    }
    if c.other_keda_install {
        find(&mut out, Rule::SecondMetricsServer, Severity::Error,
            Text::new("A second KEDA install beside the AKS add-on: a cluster has only one external metrics server, and multiple KEDA installs aren't supported.", "AKS add-on 옆에 KEDA가 하나 더 설치되어 있습니다. 클러스터에는 external metrics server가 하나만 있을 수 있고 KEDA 다중 설치는 지원되지 않습니다."),
            Text::new("Uninstall the other KEDA (helm uninstall keda -n keda) and use only the add-on.", "다른 KEDA를 제거하고(helm uninstall keda -n keda) add-on만 쓰세요."));
    }
    if c.workload_identity_before_addon == Some(false) {
        find(
            &mut out,
            Rule::WorkloadIdentityAfterAddon,
            Severity::Warning,
            Text::new(
                "Workload identity was enabled after the KEDA add-on: the keda-operator pod hasn't picked up the identity environment.",
                "workload identity를 KEDA add-on보다 나중에 켰습니다. keda-operator pod가 아이덴티티 환경을 아직 받지 못했습니다.",
            ),
            Text::new(
                "Restart the operator: kubectl rollout restart deployment keda-operator -n kube-system.",
                "operator를 재시작하세요: kubectl rollout restart deployment keda-operator -n kube-system.",
            ),
        );
    }
    if let Some(subject) = &c.federated_credential_subject {
        if subject.trim() != KEDA_OPERATOR_SUBJECT {
            find(&mut out, Rule::FederatedSubject, Severity::Error, Text::new(format!("The federated credential's subject is \"{}\"; KEDA's operator signs in as {KEDA_OPERATOR_SUBJECT}, so token exchange fails.", subject.trim()), format!("federated credential의 subject가 \"{}\"입니다. KEDA operator는 {KEDA_OPERATOR_SUBJECT}로 로그인하므로 토큰 교환이 실패합니다.", subject.trim())), Text::new(format!("Add a federated credential with subject {KEDA_OPERATOR_SUBJECT} to the identity (az identity federated-credential create --subject {KEDA_OPERATOR_SUBJECT} …)."), format!("아이덴티티에 subject가 {KEDA_OPERATOR_SUBJECT}인 federated credential을 추가하세요 (az identity federated-credential create --subject {KEDA_OPERATOR_SUBJECT} …).")));
        }
    }
    let receives_limit = catalog.require(Kind::SbMaxConcurrentReceives, "entity");
    let receives = max as f64 * c.receivers_per_replica as f64;
    if receives > receives_limit {
        let (receives, receives_limit) = (prose_number(receives), prose_number(receives_limit));
        find(&mut out, Rule::ConcurrentReceives, Severity::Error, Text::new(format!("{max} replicas × {} receivers = {receives} concurrent receive requests, over the {receives_limit} one queue, topic or subscription accepts: the rest get \"server busy\".", c.receivers_per_replica), format!("replica {max}개 × receiver {}개 = 동시 receive 요청 {receives}개로, 하나의 queue·topic·subscription이 받는 {receives_limit}개를 넘습니다. 초과분은 \"server busy\" 오류를 받습니다.", c.receivers_per_replica)),
            Text::new("Share one receiver per replica with prefetch and a concurrency limit instead of a receiver per task, or lower maxReplicaCount.", "태스크마다 receiver를 여는 대신 replica당 receiver 하나를 prefetch와 동시성 제한으로 공유하거나, maxReplicaCount를 낮추세요."));
    }
    let conn_limit = catalog.require(Kind::SbMaxAmqpConnections, "namespace");
    let conns = max as f64 * c.connections_per_replica as f64 + c.other_connections as f64;
    if conns > conn_limit {
        let (conns, conn_limit) = (prose_number(conns), prose_number(conn_limit));
        find(
            &mut out,
            Rule::AmqpConnections,
            Severity::Error,
            Text::new(
                format!(
                    "{max} replicas × {} connections + {} others = {conns} AMQP connections, over the {conn_limit} a namespace allows.",
                    c.connections_per_replica, c.other_connections
                ),
                format!(
                    "replica {max}개 × 연결 {}개 + 기타 {}개 = AMQP 연결 {conns}개로, namespace 하나가 허용하는 {conn_limit}개를 넘습니다.",
                    c.connections_per_replica, c.other_connections
                ),
            ),
            Text::new(
                "Pool connections: one ServiceBusClient per process, shared by every receiver and sender.",
                "연결을 풀링하세요. 프로세스당 ServiceBusClient 하나를 모든 receiver와 sender가 공유해야 합니다.",
            ),
        );
    }
    let max_name = catalog.require(Kind::KedaMaxNameChars, "any");
    let name_len = f.name.chars().count();
    if is_so && name_len as f64 > max_name {
        let since = KedaChange::WebhookRejectsLongName.since(catalog);
        let fix =
            Text::new(format!("Shorten the name to {max_name} characters or fewer."), format!("이름을 {max_name}자 이하로 줄이세요."));
        if keda >= since {
            find(&mut out, Rule::NameTooLong, Severity::Error, Text::new(format!("The name has {name_len} characters; KEDA {keda}'s webhook rejects more than {max_name}, because keda-hpa-<name> must fit 63 (rejected since {since})."), format!("이름이 {name_len}자입니다. keda-hpa-<이름>이 63자 안에 들어가야 하므로 KEDA {keda}의 webhook은 {max_name}자를 넘는 이름을 거부합니다 ({since}부터 거부).")), fix);
        } else {
            find(&mut out, Rule::NameTooLong, Severity::Warning, Text::new(format!("The name has {name_len} characters: KEDA {keda} applies it and cuts its label values to 63 characters, so it works, but from KEDA {since} the webhook rejects names over {max_name} (keda-hpa-<name> must fit 63)."), format!("이름이 {name_len}자입니다. KEDA {keda}는 적용하고 레이블 값을 63자로 잘라 동작하지만, KEDA {since}부터는 webhook이 {max_name}자를 넘는 이름을 거부합니다 (keda-hpa-<이름>이 63자 안에 들어가야 함).")), fix);
        }
    }
    if f.min_replicas > max {
        find(
            &mut out,
            Rule::MinAboveMax,
            Severity::Error,
            Text::new(
                format!("minReplicaCount {} is above maxReplicaCount {max}. {}", f.min_replicas, replica_bounds_outcome(keda, catalog).en),
                format!(
                    "minReplicaCount {}가 maxReplicaCount {max}보다 큽니다. {}",
                    f.min_replicas,
                    replica_bounds_outcome(keda, catalog).ko
                ),
            ),
            Text::new("Make minReplicaCount at most maxReplicaCount.", "minReplicaCount를 maxReplicaCount 이하로 맞추세요."),
        );
    }
    if let (Some(idle), true) = (f.idle_replicas, is_so) {
        if idle != 0 {
            find(
                &mut out,
                Rule::IdleReplicaNotZero,
                Severity::Error,
                Text::new(
                    format!("idleReplicaCount is {idle}: KEDA only supports 0 (scale to zero while idle)."),
                    format!("idleReplicaCount가 {idle}입니다. KEDA는 0만 지원합니다 (유휴 시 0으로 축소)."),
                ),
                Text::new("Set idleReplicaCount to 0 or remove it.", "idleReplicaCount를 0으로 두거나 지우세요."),
            );
        } else if f.min_replicas <= idle {
            find(
                &mut out,
                Rule::IdleNotBelowMin,
                Severity::Error,
                Text::new(
                    format!(
                        "idleReplicaCount 0 must be below minReplicaCount, which is {}. {}",
                        f.min_replicas,
                        replica_bounds_outcome(keda, catalog).en
                    ),
                    format!(
                        "idleReplicaCount 0은 minReplicaCount보다 작아야 하는데 minReplicaCount가 {}입니다. {}",
                        f.min_replicas,
                        replica_bounds_outcome(keda, catalog).ko
                    ),
                ),
                Text::new(
                    "Remove idleReplicaCount (minReplicaCount 0 already scales to zero), or raise minReplicaCount to 1 or more.",
                    "idleReplicaCount를 지우거나(minReplicaCount 0이면 이미 0까지 축소됩니다) minReplicaCount를 1 이상으로 올리세요.",
                ),
            );
        }
    }
    if f.effective_trigger_auth_namespace() != f.namespace.trim() {
        find(&mut out, Rule::TriggerAuthOtherNamespace, Severity::Error, Text::new(format!("The TriggerAuthentication is in namespace \"{}\" but the scaler is in \"{}\": a TriggerAuthentication is only found in the scaler's own namespace.", f.effective_trigger_auth_namespace(), f.namespace.trim()), format!("TriggerAuthentication은 \"{}\" 네임스페이스에, scaler는 \"{}\"에 있습니다. TriggerAuthentication은 scaler와 같은 네임스페이스에서만 찾습니다.", f.effective_trigger_auth_namespace(), f.namespace.trim())),
            Text::new("Put the TriggerAuthentication in the scaler's namespace, or use a ClusterTriggerAuthentication.", "TriggerAuthentication을 scaler와 같은 네임스페이스에 두거나 ClusterTriggerAuthentication을 쓰세요."));
    }
    if namespace_is_fqdn(&f.servicebus_namespace) {
        find(
            &mut out,
            Rule::NamespaceFqdn,
            Severity::Warning,
            Text::new(
                format!(
                    "The Service Bus namespace \"{}\" is an FQDN; the trigger wants the short name, and KEDA appends the suffix.",
                    f.servicebus_namespace.trim()
                ),
                format!(
                    "Service Bus 네임스페이스 \"{}\"는 FQDN입니다. 트리거에는 짧은 이름을 써야 하며 접미사는 KEDA가 붙입니다.",
                    f.servicebus_namespace.trim()
                ),
            ),
            Text::new(
                "Use only the first label (e.g. contoso-sb); the generated YAML already does.",
                "첫 번째 레이블만 쓰세요 (예: contoso-sb). 생성된 YAML은 이미 그렇게 되어 있습니다.",
            ),
        );
    }
    if let Some(q) = &quota {
        if max > q.replicas_fed {
            find(
                &mut out,
                Rule::MaxAboveQuota,
                Severity::Warning,
                Text::new(
                    format!(
                        "maxReplicaCount {max} is above the {} replicas the quota feeds: these replicas only add 429s. {}",
                        q.replicas_fed, q.explanation.en
                    ),
                    format!(
                        "maxReplicaCount {max}는 quota가 감당하는 replica {}개보다 많습니다. 초과 replica는 429만 늘립니다. {}",
                        q.replicas_fed, q.explanation.ko
                    ),
                ),
                Text::new(
                    format!("Set maxReplicaCount to {} or raise the deployment's TPM.", q.replicas_fed.max(1)),
                    format!("maxReplicaCount를 {}로 낮추거나 배포의 TPM을 늘리세요.", q.replicas_fed.max(1)),
                ),
            );
        }
    }
    if f.identity_id.trim().is_empty() && !f.identity_tenant_id.trim().is_empty() && keda.supports(KedaFeature::IdentityTenantId, catalog) {
        find(
            &mut out,
            Rule::TenantWithoutIdentity,
            Severity::Warning,
            Text::new(
                format!("identityTenantId is set without identityId. KEDA {keda} doesn't check this (no release does) and it works, but it is discouraged: the operator's default identity signs in to that tenant, which fails unless that identity exists there."),
                format!("identityId 없이 identityTenantId만 설정했습니다. KEDA {keda}는 이를 검사하지 않고(어떤 버전도 검사하지 않음) 동작은 하지만 권장하지 않습니다: operator의 기본 아이덴티티가 그 테넌트로 로그인하므로, 그 테넌트에 해당 아이덴티티가 없으면 실패합니다."),
            ),
            Text::new(
                "Add the managed identity's client ID as identityId, or clear identityTenantId.",
                "관리 ID의 client ID를 identityId로 넣거나 identityTenantId를 지우세요.",
            ),
        );
    }
    if f.identity_tenant_id.trim().is_empty()
        && !f.identity_authority_host.trim().is_empty()
        && keda.supports(KedaFeature::IdentityAuthorityHost, catalog)
    {
        find(
            &mut out,
            Rule::TenantWithoutIdentity,
            Severity::Error,
            Text::new(
                format!("identityAuthorityHost is set without identityTenantId: KEDA {keda}'s TriggerAuthentication webhook rejects it (kubectl apply fails)."),
                format!("identityTenantId 없이 identityAuthorityHost를 설정했습니다. KEDA {keda}의 TriggerAuthentication webhook이 거부합니다 (kubectl apply 실패)."),
            ),
            Text::new(
                "Add identityTenantId (and identityId), or clear identityAuthorityHost.",
                "identityTenantId(및 identityId)를 넣거나 identityAuthorityHost를 지우세요.",
            ),
        );
    }
    out.sort_by_key(|x| x.severity);
    out
}
