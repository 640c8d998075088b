//! The batch check's context limits (issue 38): Azure's per-deployment-type
//! windows (gpt-4.1 takes 128,000 tokens on batch deployments, not its
//! 1,047,576-token window), the input caps of the GPT-5 models (a 400,000
//! window is 272,000 input + 128,000 output), and the newer models known by
//! name.

use batchlane_core::batch::{check_bytes, CheckOptions, Code, Dialect, Report, Severity};
use batchlane_core::facts::{builtin, model_for_name, Catalog, Certainty, Kind};

/// One chat line whose single message is `words` repetitions of " hello"
/// (one token each in o200k_base), with `max_tokens` 10.
fn line(model: &str, words: usize) -> String {
    let text = " hello".repeat(words);
    format!(
        r#"{{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "{model}", "max_completion_tokens": 10, "messages": [{{"role": "user", "content": "{text}"}}]}}}}"#
    )
}

fn check(text: &str, dialect: Dialect, model: Option<&str>, catalog: &Catalog) -> Report {
    let o = CheckOptions { dialect, model: model.map(str::to_string), ..CheckOptions::default() };
    check_bytes(text.as_bytes(), o, catalog)
}

fn context_findings(r: &Report) -> Vec<(Severity, String)> {
    r.diagnostics.iter().filter(|d| d.code == Code::ContextLengthExceeded).map(|d| (d.severity, d.message.clone())).collect()
}

/// A 200,000-token prompt fits gpt-4.1's 1,047,576-token window but not
/// the 128,000 tokens Azure takes on batch deployments: an error on Azure
/// (documented), nothing on OpenAI.
#[test]
fn a_200k_prompt_to_an_azure_batch_gpt_4_1_deployment_is_flagged() {
    let c = Catalog::builtin();
    let batch = c.get(Kind::ContextWindowAzureBatch, "gpt-4.1").expect("Azure's batch window of gpt-4.1");
    assert!(batch < 200_000.0 && c.require(Kind::ContextWindow, "gpt-4.1") > 200_000.0);
    let text = line("batch-gpt41", 200_000);
    let r = check(&text, Dialect::Azure, Some("gpt-4.1"), &c);
    let found = context_findings(&r);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, Severity::Error, "{found:?}");
    assert!(found[0].1.contains(&format!("{batch}")), "names the batch limit: {}", found[0].1);
    assert!(found[0].1.contains("batch"), "says it is the batch deployments' limit: {}", found[0].1);
    // The same line on OpenAI's Batch API: within the model's window.
    let r = check(&text.replace("batch-gpt41", "gpt-4.1"), Dialect::OpenAi, None, &c);
    assert_eq!(context_findings(&r), []);
    // A prompt under the batch limit passes on Azure too.
    let r = check(&line("batch-gpt41", 100_000), Dialect::Azure, Some("gpt-4.1"), &c);
    assert_eq!(context_findings(&r), []);
}

/// The limit is a catalog figure: an override moves it.
#[test]
fn the_azure_batch_window_follows_the_catalog() {
    let mut c = Catalog::builtin();
    c.set_override("context_window_azure_batch.gpt-4.1", 300_000.0).unwrap();
    let r = check(&line("dep", 200_000), Dialect::Azure, Some("gpt-4.1"), &c);
    assert_eq!(context_findings(&r), []);
    c.set_override("context_window_azure_batch.gpt-4.1", 1_000.0).unwrap();
    let r = check(&line("dep", 2_000), Dialect::Azure, Some("gpt-4.1"), &c);
    assert_eq!(context_findings(&r).len(), 1);
}

/// gpt-5's 400,000 window is 272,000 input + 128,000 output: a 300,000-token
/// prompt with a small output cap fits the sum but not the input cap.
#[test]
fn the_input_cap_is_checked_not_only_the_sum() {
    let c = Catalog::builtin();
    let cap = c.get(Kind::MaxInputTokens, "gpt-5").expect("gpt-5's input cap");
    assert!(cap < 300_000.0 && c.require(Kind::ContextWindow, "gpt-5") > 300_010.0);
    let text = line("gpt5-batch", 300_000);
    let r = check(&text, Dialect::Azure, Some("gpt-5"), &c);
    let found = context_findings(&r);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, Severity::Error, "Azure documents the cap: {found:?}");
    assert!(found[0].1.contains(&format!("{cap}")), "{}", found[0].1);
    // On OpenAI the cap is Azure's figure, another vendor's rule: a warning.
    let r = check(&text.replace("gpt5-batch", "gpt-5"), Dialect::OpenAi, None, &c);
    let found = context_findings(&r);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, Severity::Warning, "{found:?}");
    // Under the cap: nothing.
    let r = check(&line("gpt5-batch", 200_000), Dialect::Azure, Some("gpt-5"), &c);
    assert_eq!(context_findings(&r), []);
}

/// The ranged check (the CLI's and the page's for big files) finds the same.
#[test]
fn ranges_find_the_same_context_limits() {
    let c = Catalog::builtin();
    let one = line("dep", 200_000);
    let small = line("dep", 10);
    let text = format!("{small}\n{one}\n{small}\n");
    let o = CheckOptions { dialect: Dialect::Azure, model: Some("gpt-4.1".into()), ..CheckOptions::default() };
    let single = check_bytes(text.as_bytes(), o.clone(), &c);
    let merged = super::batch_ranges::in_ranges(text.as_bytes(), &o, &c, 3).unwrap();
    assert_eq!(context_findings(&single).len(), 1);
    assert_eq!(context_findings(&merged), context_findings(&single));
}

/// Every model the issue names that the vendors document is known by name,
/// dated versions included, with its window, output maximum and encoding.
#[test]
fn the_newer_models_are_known() {
    let c = Catalog::builtin();
    for name in [
        "gpt-5.2",
        "gpt-5.2-codex",
        "gpt-5.3-codex",
        "gpt-5.4",
        "gpt-5.4-mini",
        "gpt-5.4-nano",
        "gpt-5.4-pro",
        "gpt-5.5",
        "gpt-5.6-luna",
        "gpt-5.6-sol",
        "gpt-5.6-terra",
        "gpt-6-astra",
        "gpt-6-luna",
        "gpt-6-sol",
        "gpt-6.1-sol",
        "gpt-chat-latest",
    ] {
        let m = model_for_name(name).unwrap_or_else(|| panic!("{name} unknown"));
        assert_eq!(m.name, name);
        assert_eq!(model_for_name(&format!("{name}-2026-03-05")).map(|m| m.name), Some(name));
        for kind in [Kind::ContextWindow, Kind::MaxOutputTokens, Kind::MaxInputTokens] {
            let f = builtin(kind, name).unwrap_or_else(|| panic!("{kind}.{name}"));
            assert_eq!(f.certainty, Certainty::Documented, "{kind}.{name}");
            assert!(c.require(kind, name) > 0.0);
        }
        assert!(c.require(Kind::MaxInputTokens, name) < c.require(Kind::ContextWindow, name), "{name}");
    }
    // gpt-5.4 is not gpt-5.4-mini's prefix match, nor the other way round.
    assert_eq!(model_for_name("gpt-5.4-mini-2026-03-17").map(|m| m.name), Some("gpt-5.4-mini"));
    assert_eq!(model_for_name("gpt-5").map(|m| m.name), Some("gpt-5"));
}

/// A gpt-5.4 line on OpenAI's Batch API is no longer "unknown model".
#[test]
fn a_gpt_5_4_line_is_known() {
    let c = Catalog::builtin();
    let r = check(&line("gpt-5.4", 10), Dialect::OpenAi, None, &c);
    // Known: no note that the catalog lacks it (a model_not_found warning).
    assert!(!r.diagnostics.iter().any(|d| d.code == Code::ModelNotFound), "{:?}", r.diagnostics);
}

/// Azure deploys only some models as Global Batch or Data Zone Batch (its
/// batch model matrix): a file for a deployment of another model gets a
/// warning (the model is named or guessed, the matrix may lag), once.
#[test]
fn a_model_azure_batch_does_not_offer_is_warned_once() {
    let c = Catalog::builtin();
    let not_found = |r: &Report| r.diagnostics.iter().filter(|d| d.code == Code::ModelNotFound).map(|d| d.severity).collect::<Vec<_>>();
    assert!(c.get(Kind::AzureGlobalBatchModel, "gpt-5.5").is_none(), "gpt-5.5 is not in the matrix");
    let two = format!("{}\n{}\n", line("dep", 10), line("dep", 10).replace("\"a\"", "\"b\""));
    let r = check(&two, Dialect::Azure, Some("gpt-5.5"), &c);
    assert_eq!(not_found(&r), [Severity::Warning]);
    assert!(r.diagnostics.iter().any(|d| d.code == Code::ModelNotFound && d.message.contains("gpt-5.5")));
    let many: String = (0..9).map(|i| line("dep", 10).replace("\"a\"", &format!("\"r{i}\"")) + "\n").collect();
    let o = CheckOptions { dialect: Dialect::Azure, model: Some("gpt-5.5".into()), ..CheckOptions::default() };
    let merged = super::batch_ranges::in_ranges(many.as_bytes(), &o, &c, 3).unwrap();
    assert_eq!(not_found(&merged), not_found(&check_bytes(many.as_bytes(), o, &c)));
    assert_eq!(not_found(&merged), [Severity::Warning]);
    // Guessed from the deployment name, the same.
    let r = check(&line("batch-gpt-5.5", 10), Dialect::Azure, None, &c);
    assert_eq!(not_found(&r), [Severity::Warning]);
    // Models in the matrix, a deployment name that names no model, OpenAI's dialect: nothing.
    for (model, name) in [(Some("gpt-5.4"), "dep"), (Some("gpt-4.1-mini"), "dep"), (None, "batch-summarize")] {
        let r = check(&line(name, 10), Dialect::Azure, model, &c);
        assert_eq!(not_found(&r), [], "{model:?} {name}");
    }
    let r = check(&line("gpt-5.5", 10), Dialect::OpenAi, None, &c);
    assert_eq!(not_found(&r), []);
}
