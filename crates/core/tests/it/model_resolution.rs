//! Issue 39: the model behind a deployment is one answer
//! (`batch::resolve_model`): the batch check and the traffic report name the
//! same model with the same provenance for the same deployment, and the old
//! spellings of the provenance (the traffic report's `Data`/`Typed`/`Name`,
//! the check's `FromFile`) still read.

use batchlane_core::batch::{check_bytes, resolve_model, CheckOptions, Dialect, ModelClues, ModelSource};
use batchlane_core::facts::Catalog;
use batchlane_core::traffic::{run, TrafficOptions};

fn batch_source(deployment: &str, picked: Option<&str>) -> (Option<String>, ModelSource) {
    let line = format!(
        r#"{{"custom_id":"r1","method":"POST","url":"/chat/completions","body":{{"model":"{deployment}","messages":[{{"role":"user","content":"hi"}}],"max_tokens":5}}}}"#
    );
    let o = CheckOptions { dialect: Dialect::Azure, count_tokens: false, model: picked.map(str::to_string), ..CheckOptions::default() };
    let r = check_bytes(format!("{line}\n").as_bytes(), o, &Catalog::builtin());
    (r.summary.catalog_model.clone(), r.summary.model_source)
}

fn traffic_source(deployment: &str, model_name: Option<&str>, picked: Option<&str>) -> (Option<String>, ModelSource) {
    let csv = match model_name {
        Some(m) => format!("timestamp,deployment,model,requests,status\n2026-11-02T09:00:00Z,{deployment},{m},10,200\n"),
        None => format!("timestamp,deployment,requests,status\n2026-11-02T09:00:00Z,{deployment},10,200\n"),
    };
    let mut o = TrafficOptions::default();
    if let Some(p) = picked {
        o.models.push((deployment.to_string(), p.to_string()));
    }
    let files = vec![("t.csv".to_string(), csv.as_bytes())];
    let r = run(&files, &o, &Catalog::builtin(), &mut |_, _| {}).unwrap_or_else(|e| panic!("{}", e.display()));
    let d = &r.deployments[0];
    (d.model.clone(), d.model_source)
}

#[test]
fn the_batch_check_and_the_traffic_report_resolve_a_deployment_alike() {
    for (deployment, want) in [
        ("prod-gpt-4o-mini", (Some("gpt-4o-mini"), ModelSource::Guessed)),
        ("gpt-4o-2024-08-06", (Some("gpt-4o"), ModelSource::Named)),
        ("summarize-batch", (None, ModelSource::Unknown)),
    ] {
        let want = (want.0.map(str::to_string), want.1);
        assert_eq!(batch_source(deployment, None), want, "batch: {deployment}");
        assert_eq!(traffic_source(deployment, None, None), want, "traffic: {deployment}");
    }
    // What the user picked wins over the name, on both.
    let picked = (Some("gpt-4.1".to_string()), ModelSource::Picked);
    assert_eq!(batch_source("prod-gpt-4o-mini", Some("gpt-4.1")), picked);
    assert_eq!(traffic_source("prod-gpt-4o-mini", None, Some("gpt-4.1")), picked);
    // A model the data names wins over the deployment name's guess.
    assert_eq!(traffic_source("prod-gpt-4o-mini", Some("gpt-4.1"), None), (Some("gpt-4.1".to_string()), ModelSource::Named));
}

#[test]
fn a_stated_model_the_catalog_does_not_know_keeps_its_spelling() {
    let r = resolve_model(ModelClues { named: Some("gpt-9-nova"), deployment: Some("prod-gpt-4o"), ..ModelClues::default() });
    assert_eq!((r.model, r.name, r.source), (None, Some("gpt-9-nova"), ModelSource::Named));
    let r = resolve_model(ModelClues { picked: Some("GPT-4O"), ..ModelClues::default() });
    assert_eq!((r.model.map(|m| m.name), r.name, r.source), (Some("gpt-4o"), Some("gpt-4o"), ModelSource::Picked));
}

#[test]
fn the_old_spellings_of_the_provenance_still_read() {
    for (old, now) in [
        ("FromFile", ModelSource::Named),
        ("Data", ModelSource::Named),
        ("Typed", ModelSource::Picked),
        ("Name", ModelSource::Guessed),
        ("Picked", ModelSource::Picked),
        ("Unknown", ModelSource::Unknown),
    ] {
        assert_eq!(serde_json::from_str::<ModelSource>(&format!("\"{old}\"")).unwrap(), now, "{old}");
    }
}
