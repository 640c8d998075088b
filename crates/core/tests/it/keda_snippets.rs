//! The KEDA generator over a matrix of inputs: every YAML document parses and
//! validates against KEDA's CRD schemas (strict), vendored in
//! `assets/vendor/keda/` (2.20.2, and 2.20.0/2.20.1 through the vendored patch).

use std::path::PathBuf;

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{
    render, Entity, FallbackBehavior, FallbackForm, JobStrategy, KedaForm, NoteCode, QuotaFeed, ScaleKind, ScalingModifiersForm,
    WorkerOptions, AKS_KEDA_TABLE,
};
use serde_json::Value;

/// The vendored schemas (`crates/core/assets/vendor/keda`, with their source,
/// commit and licence in its README). Missing schemas fail the test, never skip it.
fn schema_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/vendor/keda")
}

struct Validators {
    scaled_object: jsonschema::Validator,
    scaled_job: jsonschema::Validator,
    trigger_auth: jsonschema::Validator,
}

fn schema(name: &str) -> Value {
    let path = schema_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

fn load(name: &str) -> jsonschema::Validator {
    jsonschema::draft7::new(&schema(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn validators() -> Validators {
    Validators {
        scaled_object: load("scaledobject_v1alpha1.json"),
        scaled_job: load("scaledjob_v1alpha1.json"),
        trigger_auth: load("triggerauthentication_v1alpha1.json"),
    }
}

/// Parses every document and validates it by its kind; returns the documents.
fn check(yaml: &str, v: &Validators) -> Vec<Value> {
    let mut docs = Vec::new();
    for de in serde_yaml_ng::Deserializer::from_str(yaml) {
        let doc: Value = serde::Deserialize::deserialize(de).unwrap_or_else(|e| panic!("YAML does not parse: {e}\n{yaml}"));
        let validator = match doc["kind"].as_str() {
            Some("ScaledObject") => &v.scaled_object,
            Some("ScaledJob") => &v.scaled_job,
            Some("TriggerAuthentication") => &v.trigger_auth,
            other => panic!("unexpected kind {other:?}\n{yaml}"),
        };
        let errors: Vec<String> = validator.iter_errors(&doc).map(|e| format!("{} at {}", e, e.instance_path())).collect();
        assert!(errors.is_empty(), "schema errors {errors:?}\n{yaml}");
        docs.push(doc);
    }
    assert_eq!(docs.len(), 2, "{yaml}");
    docs
}

fn form(kind: ScaleKind, topic: bool, minor: u32, identity: bool, extras: bool) -> KedaForm {
    let mut f = KedaForm::new(&Catalog::builtin());
    f.kind = kind;
    f.aks_kubernetes_version = format!("1.{minor}");
    if topic {
        f.entity = Entity::Topic { topic_name: "docs".into(), subscription_name: "ingest".into() };
    }
    if identity {
        f.identity_id = "11111111-2222-3333-4444-555555555555".into();
        f.identity_tenant_id = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee".into();
    }
    if extras {
        f.activation_message_count = Some(2);
        f.initial_cooldown_period = Some(60);
        f.fallback = Some(FallbackForm { failure_threshold: 3, replicas: 2, behavior: Some(FallbackBehavior::CurrentReplicasIfHigher) });
        f.scaling_modifiers = Some(ScalingModifiersForm { formula: "servicebus".into(), target: "20".into() });
        f.scaling_strategy = JobStrategy::Eager;
        f.identity_authority_host = if identity { "https://login.microsoftonline.com/".into() } else { String::new() };
        f.quota = Some(QuotaFeed {
            tpm: 300_000.0,
            concurrency_per_replica: 4.0,
            tokens_per_message: 2_500.0,
            messages_per_minute_per_slot: 2.0,
        });
    }
    f
}

#[test]
fn matrix_parses_and_validates_against_keda_schemas() {
    let v = validators();
    let catalog = Catalog::builtin();
    let mut minors: Vec<u32> = AKS_KEDA_TABLE.iter().map(|(m, _)| *m).collect();
    minors.push(34);
    let mut rendered = 0;
    for kind in [ScaleKind::ScaledObject, ScaleKind::ScaledJob] {
        for topic in [false, true] {
            for &minor in &minors {
                for identity in [false, true] {
                    for extras in [false, true] {
                        let f = form(kind, topic, minor, identity, extras);
                        let r = render(&f, &catalog).unwrap_or_else(|e| panic!("{e:?}"));
                        let docs = check(&r.yaml, &v);
                        let (auth, scaled) = (&docs[0], &docs[1]);
                        assert_eq!(auth["spec"]["podIdentity"]["provider"], "azure-workload");
                        assert_eq!(auth["spec"]["podIdentity"].get("identityId").is_some(), identity);
                        let trig = &scaled["spec"]["triggers"][0];
                        assert_eq!(trig["type"], "azure-servicebus");
                        assert_eq!(trig["authenticationRef"]["name"], auth["metadata"]["name"]);
                        assert_eq!(trig["metadata"].get("topicName").is_some(), topic);
                        assert_eq!(trig.get("metricType").is_some(), extras && kind == ScaleKind::ScaledObject, "only with fallback");
                        let keda = r.keda.keda;
                        let has_tenant = auth["spec"]["podIdentity"].get("identityTenantId").is_some();
                        assert_eq!(has_tenant, identity && keda.minor >= 14, "{minor}");
                        if extras && kind == ScaleKind::ScaledObject {
                            assert_eq!(scaled["spec"].get("initialCooldownPeriod").is_some(), keda.minor >= 14);
                            assert_eq!(scaled["spec"]["fallback"].get("behavior").is_some(), keda.minor >= 17);
                            assert_eq!(scaled["spec"]["maxReplicaCount"], 15);
                            assert_eq!(trig["metricType"], "AverageValue", "fallback needs it on 2.17.0");
                        }
                        if extras && kind == ScaleKind::ScaledJob {
                            // Eager from 2.15; before it, the default strategy, which is never written.
                            let want = if keda.minor >= 15 { Value::from("eager") } else { Value::Null };
                            assert_eq!(scaled["spec"]["scalingStrategy"]["strategy"], want);
                        }
                        rendered += 1;
                    }
                }
            }
        }
    }
    assert_eq!(rendered, 2 * 2 * 7 * 2 * 2);
}

#[test]
fn end_to_end_fill_the_form_and_copy_valid_yaml() {
    let catalog = Catalog::builtin();
    let mut f = KedaForm::new(&catalog);
    f.name = "ingest-worker".into();
    f.namespace = "workers".into();
    f.servicebus_namespace = "contoso-sb.servicebus.windows.net".into();
    f.message_count = 20;
    f.polling_interval = 15;
    f.cooldown_period = 120;
    f.max_replicas = Some(20);
    f.aks_kubernetes_version = "1.33".into();
    let r = render(&f, &catalog).unwrap();
    let docs = check(&r.yaml, &validators());
    let so = &docs[1];
    assert_eq!(so["spec"]["triggers"][0]["metadata"]["namespace"], "contoso-sb");
    assert_eq!(so["spec"]["triggers"][0]["metadata"]["messageCount"], "20");
    assert_eq!(so["spec"]["maxReplicaCount"], 20);
    assert_eq!(so["metadata"]["namespace"], "workers");
    assert!(r.yaml.contains("messageCount: \"20\"  # target backlog per replica\n"), "{}", r.yaml);
    assert!(r.notes.iter().any(|n| n.text.en.contains("short name \"contoso-sb\"")));
    // Stable output: the same form renders the same bytes.
    assert_eq!(render(&f, &catalog).unwrap().yaml, r.yaml);
}

#[test]
fn hostile_strings_stay_strings() {
    let catalog = Catalog::builtin();
    let mut f = KedaForm::new(&catalog);
    f.entity = Entity::Queue { queue_name: "q\"#:{x}'null\\".into() };
    let r = render(&f, &catalog).unwrap();
    let docs = check(&r.yaml, &validators());
    assert_eq!(docs[1]["spec"]["triggers"][0]["metadata"]["queueName"], "q\"#:{x}'null\\");
}

#[test]
fn the_schemas_are_strict() {
    let v = validators();
    let catalog = Catalog::builtin();
    let r = render(&KedaForm::new(&catalog), &catalog).unwrap();
    let misspelt = r.yaml.replace("pollingInterval", "pollingIntervall");
    let mut docs = serde_yaml_ng::Deserializer::from_str(&misspelt).skip(1);
    let doc: Value = serde::Deserialize::deserialize(docs.next().unwrap()).unwrap();
    assert!(!v.scaled_object.is_valid(&doc));
    let unquoted = r.yaml.replace("messageCount: \"5\"", "messageCount: 5");
    let mut docs = serde_yaml_ng::Deserializer::from_str(&unquoted).skip(1);
    let doc: Value = serde::Deserialize::deserialize(docs.next().unwrap()).unwrap();
    assert!(!v.scaled_object.is_valid(&doc), "an unquoted metadata value must fail");
}

#[test]
fn scaled_job_shape() {
    let catalog = Catalog::builtin();
    let mut f = form(ScaleKind::ScaledJob, true, 36, true, true);
    f.name = "rescore".into();
    let r = render(&f, &catalog).unwrap();
    let want = "apiVersion: \"keda.sh/v1alpha1\"\nkind: \"ScaledJob\"\nmetadata:\n  name: \"rescore\"\n  namespace: \"workers\"\nspec:\n  jobTargetRef:\n    template:\n      metadata:\n        labels:\n          azure.workload.identity/use: \"true\"\n      spec:\n        serviceAccountName: \"ingest-worker\"\n        restartPolicy: \"Never\"\n        terminationGracePeriodSeconds: 630  # above the worker's shutdown time: model deadline + one call's timeout\n        containers:\n          - name: \"ingest-worker\"\n            image: \"myregistry.azurecr.io/ingest-worker:1.0.0\"\n";
    assert!(r.yaml.contains(want), "{}", r.yaml);
}

#[test]
fn fallback_on_keda_2_17_states_the_metric_type_and_validates() {
    let catalog = Catalog::builtin();
    let mut f = KedaForm::new(&catalog);
    f.aks_kubernetes_version = "1.35".into(); // the add-on's KEDA 2.17
    f.fallback = Some(FallbackForm { failure_threshold: 3, replicas: 2, behavior: None });
    let r = render(&f, &catalog).unwrap();
    assert_eq!(r.keda.keda.to_string(), "2.17");
    let docs = check(&r.yaml, &validators());
    assert_eq!(docs[1]["spec"]["fallback"]["replicas"], 2);
    assert_eq!(docs[1]["spec"]["triggers"][0]["metricType"], "AverageValue");
    assert!(r.yaml.contains("metricType: \"AverageValue\"\n"), "{}", r.yaml);
    f.fallback = None;
    let plain = render(&f, &catalog).unwrap();
    assert!(!plain.yaml.contains("metricType"), "{}", plain.yaml);
}

#[test]
fn the_pods_outlive_the_worker_model_deadline_after_sigterm() {
    let catalog = Catalog::builtin();
    let v = validators();
    let mut worker = WorkerOptions::new(&catalog);
    worker.model_timeout_seconds = 300;
    worker.model_deadline_seconds = 1_200;
    // ScaledJob: the Job's pod spec carries terminationGracePeriodSeconds above the model deadline.
    let mut f = KedaForm::new(&catalog);
    f.kind = ScaleKind::ScaledJob;
    f.follow_worker(&worker);
    let r = render(&f, &catalog).unwrap();
    let docs = check(&r.yaml, &v);
    let grace = docs[1]["spec"]["jobTargetRef"]["template"]["spec"]["terminationGracePeriodSeconds"].as_i64().unwrap();
    assert!(grace > worker.model_deadline_seconds + worker.model_timeout_seconds, "{grace}");
    // The defaults too: Kubernetes' default 30 s would kill a call mid-way.
    let d = render(&KedaForm { kind: ScaleKind::ScaledJob, ..KedaForm::new(&catalog) }, &catalog).unwrap();
    let docs = check(&d.yaml, &v);
    let grace = docs[1]["spec"]["jobTargetRef"]["template"]["spec"]["terminationGracePeriodSeconds"].as_i64().unwrap();
    let default_worker = WorkerOptions::new(&catalog);
    assert!(grace > default_worker.model_deadline_seconds + default_worker.model_timeout_seconds, "{grace}");
    // ScaledObject: the Deployment isn't generated here; a note gives the figure to set on it.
    f.kind = ScaleKind::ScaledObject;
    let r = render(&f, &catalog).unwrap();
    let note = r.notes.iter().find(|n| n.code == NoteCode::TerminationGrace).expect("a grace-period note");
    let want = format!("terminationGracePeriodSeconds: {}", f.termination_grace_period_seconds());
    assert!(note.text.en.contains(&want) && note.text.ko.contains(&want), "{note:?}");
    assert!(f.termination_grace_period_seconds() > worker.model_deadline_seconds);
}

/// The ScaledJob schema of KEDA `version` (2.20.0 or 2.20.1): the vendored
/// 2.20.2 schema with the vendored patch applied (the only difference of
/// the CRDs between those tags, kedacore/keda#7855).
fn scaled_job_validator_of(version: &str) -> jsonschema::Validator {
    let patch = schema("v2.20.0-v2.20.1.patch.json");
    assert!(patch["versions"].as_array().unwrap().iter().any(|v| v == version), "the patch is not for {version}");
    let mut job = schema("scaledjob_v1alpha1.json");
    let mut applied = 0;
    for change in patch["changes"].as_array().unwrap() {
        assert_eq!(change["schema"], "scaledjob_v1alpha1.json", "a change to another schema: apply it there too");
        let at = job.pointer_mut(change["pointer"].as_str().unwrap()).unwrap_or_else(|| panic!("{change}: no such place"));
        *at = change["value"].clone();
        applied += 1;
    }
    assert!(applied > 0);
    jsonschema::draft7::new(&job).unwrap()
}

#[test]
fn keda_2_20_0_and_2_20_1_accept_every_scaled_job() {
    // Their CRD lists no "default" strategy, so `strategy: "default"` is refused
    // by the API server (kedacore/keda#7855); every strategy the form offers must
    // render to YAML those versions take.
    let catalog = Catalog::builtin();
    for version in ["2.20.0", "2.20.1"] {
        let old = scaled_job_validator_of(version);
        for strategy in [JobStrategy::Default, JobStrategy::Custom, JobStrategy::Accurate, JobStrategy::Eager] {
            for minor in AKS_KEDA_TABLE.iter().map(|(m, _)| *m).chain([34]) {
                let mut f = form(ScaleKind::ScaledJob, false, minor, false, false);
                f.scaling_strategy = strategy;
                let r = render(&f, &catalog).unwrap();
                let job: Value = serde_yaml_ng::Deserializer::from_str(&r.yaml)
                    .map(|d| <Value as serde::Deserialize>::deserialize(d).unwrap())
                    .find(|d| d["kind"] == "ScaledJob")
                    .unwrap();
                let errors: Vec<String> = old.iter_errors(&job).map(|e| format!("{e} at {}", e.instance_path())).collect();
                assert!(errors.is_empty(), "KEDA {version}, {strategy:?}, AKS 1.{minor}: {errors:?}\n{}", r.yaml);
                assert_ne!(job["spec"]["scalingStrategy"]["strategy"], "default", "{}", r.yaml);
            }
        }
        // The gate has teeth: the old output is refused by that version's schema.
        let old_output = serde_json::json!({"apiVersion": "keda.sh/v1alpha1", "kind": "ScaledJob", "metadata": {"name": "x"},
            "spec": {"jobTargetRef": {"template": {"spec": {"containers": [{"name": "c", "image": "i"}]}}},
                     "scalingStrategy": {"strategy": "default"}, "triggers": [{"type": "azure-servicebus", "metadata": {"queueName": "q"}}]}});
        assert!(!old.is_valid(&old_output), "KEDA {version} must refuse strategy: default");
        assert!(validators().scaled_job.is_valid(&old_output), "KEDA 2.20.2 takes it back");
    }
}

/// Replicas a TPM feeds has one answer (`quota::replicas_quota_can_feed`):
/// the KEDA form's quota sizing asks it, so /quota's hand-off and the form
/// agree for every figure, fractional ones included.
#[test]
fn the_keda_sizing_and_the_planner_feed_the_same_replicas() {
    use batchlane_core::{
        quota::replicas_quota_can_feed,
        snippets::{max_replicas_from_quota, QuotaFeed},
    };
    let mut compared = 0;
    for tpm in [1_000.0, 30_000.0, 99_999.0, 150_000.0, 450_000.0, 2_000_000.0, 1e9] {
        for concurrency in [1.0, 2.0, 3.0, 7.0, 16.0] {
            for tokens in [0.1, 0.3, 7.7, 333.3, 1_234.5, 2_500.0] {
                for per_slot in [0.1, 0.7, 1.1, 3.0, 6.0, 59.9] {
                    let form = max_replicas_from_quota(&QuotaFeed {
                        tpm,
                        concurrency_per_replica: concurrency,
                        tokens_per_message: tokens,
                        messages_per_minute_per_slot: per_slot,
                    })
                    .unwrap();
                    let plan = replicas_quota_can_feed(tpm, tokens, concurrency * per_slot, concurrency as u32).unwrap();
                    assert_eq!(form.replicas_fed, i64::from(plan.max_replicas), "{tpm} {concurrency} {tokens} {per_slot}");
                    assert_eq!(form.replicas_exact, plan.replicas_exact, "{tpm} {concurrency} {tokens} {per_slot}");
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 7 * 5 * 6 * 6);
}
