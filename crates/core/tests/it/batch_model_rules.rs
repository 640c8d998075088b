//! The model-family table (`facts::MODEL_RULES`): roles, parameters and
//! reasoning effort values per family, each rule refused on a line the
//! service refused (its quoted 400, source beside it) and passed on the
//! vendor's own example; dated names and Azure deployment names reach the
//! family; the fast path and the slow path agree; /facts overrides apply.

use batchlane_core::batch::{CheckOptions, Checker, Code, Dialect, NoTokenizer, Report, Severity};
use batchlane_core::facts::{model_rule, rule_family, Catalog, Evidence, Kind, MODEL_RULES};

pub(crate) fn chat(model: &str, extra: &str, messages: &str) -> String {
    format!(
        r#"{{"custom_id": "r", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "{model}", "messages": {messages}{extra}}}}}"#
    )
}

pub(crate) fn responses(model: &str, extra: &str) -> String {
    format!(r#"{{"custom_id": "r", "method": "POST", "url": "/v1/responses", "body": {{"model": "{model}", "input": "hi"{extra}}}}}"#)
}

const USER: &str = r#"[{"role": "user", "content": "hi"}]"#;

/// The file checked twice: the fast path where it answers, and every line
/// through the slow path (token counting on, with no tokenizer); both must
/// give the same findings.
pub(crate) fn check_with(text: &str, dialect: Dialect, catalog: &Catalog) -> Report {
    let run = |count_tokens: bool| {
        let o = CheckOptions { dialect, count_tokens, ..CheckOptions::default() };
        let mut c = Checker::with_tokenizer(o, catalog, Box::new(NoTokenizer));
        c.feed(text.as_bytes());
        c.finish()
    };
    let (fast, slow) = (run(false), run(true));
    assert_eq!(fast.diagnostics, slow.diagnostics, "fast and slow paths differ on {text}");
    fast
}

pub(crate) fn check(text: &str, dialect: Dialect) -> Report {
    check_with(text, dialect, &Catalog::builtin())
}

/// The findings at body params other than the output-cap advice.
pub(crate) fn found(r: &Report) -> Vec<(Code, Severity, String, String)> {
    r.diagnostics
        .iter()
        .filter(|d| !matches!(d.code, Code::MaxTokensUnset | Code::BaseModelName))
        // The note on a model the catalog does not list (a model_not_found warning).
        .filter(|d| !(d.code == Code::ModelNotFound && d.severity == Severity::Warning))
        .map(|d| (d.code, d.severity, d.param.clone().unwrap_or_default(), d.message.clone()))
        .collect()
}

/// "words (observed: URL)" → ("words", Some(("observed", "URL"))): the
/// tests name a finding's evidence and source beside its words.
fn split_basis(expected: &str) -> (&str, Option<(&str, &str)>) {
    for word in ["documented", "observed", "inferred"] {
        if let Some((words, rest)) = expected.split_once(&format!(" ({word}:")) {
            return (words, Some((word, rest.trim().trim_end_matches(')'))));
        }
    }
    (expected, None)
}

#[track_caller]
pub(crate) fn one(r: &Report, code: Code, severity: Severity, param: &str, words: &str) {
    let f = found(r);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!((f[0].0, f[0].1, f[0].2.as_str()), (code, severity, param), "{f:#?}");
    let (words, basis) = split_basis(words);
    assert!(f[0].3.starts_with(words), "{}", f[0].3);
    // What the finding rests on is a field of its own, not its message's end.
    if let Some((evidence, source)) = basis {
        let d = r.diagnostics.iter().find(|d| d.param.as_deref() == Some(param)).unwrap();
        assert_eq!(d.evidence.as_str(), evidence, "{}", d.message);
        assert!(d.source.as_deref().is_some_and(|s| s.starts_with(source)), "{:?}", d.source);
    }
}

#[track_caller]
fn none(r: &Report) {
    assert!(found(r).is_empty(), "{:#?}", found(r));
}

#[test]
fn every_row_names_its_source_and_date_and_families_reach_dated_names() {
    for r in MODEL_RULES {
        assert!(r.url.starts_with("https://"), "{:?}", r.fact.subject);
        assert!(r.fact.as_of.len() >= 7 && !r.note.is_empty(), "{:?}", r.fact.subject);
    }
    for (name, family) in [
        ("o3-2025-04-16", Some("o3")),
        ("o3-mini-2025-01-31", Some("o3-mini")),
        ("gpt-5.1-2025-11-13", Some("gpt-5.1")),
        ("gpt-5-2025-08-07", Some("gpt-5")),
        ("gpt-5-mini-2025-08-07", Some("gpt-5-mini")),
        ("gpt-5.2-chat-latest", Some("gpt-5.2-chat")),
        ("gpt-5.2-chat-2025-12-11", Some("gpt-5.2-chat")),
        ("o1-mini-2024-09-12", Some("o1-mini")),
        ("o1-preview", Some("o1-preview")),
        ("O4-Mini", Some("o4-mini")),
        ("gpt-4o-mini-2024-07-18", Some("gpt-4o-mini")),
        ("gpt-4o", Some("gpt-4o")),
        ("gpt-5.4", None),
        ("o3x", None),
        ("my-deployment", None),
    ] {
        assert_eq!(rule_family(name), family, "{name}");
    }
}

/// o1-mini and o1-preview refuse system and developer messages:
/// "Unsupported value: 'messages[0].role' does not support 'system' with this model."
/// (microsoft/agent-framework#1077: o1-mini, o1-mini-2024-09-12; run-llama/llama_index#17395:
/// o1-preview, developer). o1 and o3-mini take them (the same test in #1077).
#[test]
fn o1_mini_and_o1_preview_refuse_system_and_developer_messages() {
    let sys = r#"[{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]"#;
    let dev = r#"[{"role": "user", "content": "hi"}, {"role": "developer", "content": "Be brief."}]"#;
    for model in ["o1-mini", "o1-mini-2024-09-12", "o1-preview"] {
        let r = check(&chat(model, "", sys), Dialect::OpenAi);
        one(
            &r,
            Code::UnsupportedValue,
            Severity::Error,
            "body.messages[0].role",
            "Unsupported value: 'messages[0].role' does not support 'system' with this model. (observed: https://github.com/",
        );
        let r = check(&chat(model, "", dev), Dialect::OpenAi);
        one(
            &r,
            Code::UnsupportedValue,
            Severity::Error,
            "body.messages[1].role",
            "Unsupported value: 'messages[1].role' does not support 'developer' with this model.",
        );
        // The reasoning guide's form for these models: user messages only.
        none(&check(&chat(model, "", USER), Dialect::OpenAi));
    }
    for model in ["o1", "o3-mini", "o3", "gpt-4o"] {
        none(&check(&chat(model, "", sys), Dialect::OpenAi));
    }
    // Several lines: the first takes the slow path, the rest too (the family refuses roles).
    let text = [chat("o1-mini", "", sys), chat("o1-mini", "", USER), chat("o1-mini", "", sys)].join("\n");
    let r = check(&text, Dialect::OpenAi);
    let lines: Vec<u64> = r.diagnostics.iter().filter(|d| d.code == Code::UnsupportedValue).map(|d| d.line).collect();
    assert_eq!(lines, [1, 3]);
}

/// o3 and o4-mini refuse `stop`: "Unsupported parameter: 'stop' is not supported with this model."
/// (crewAIInc/crewAI#2738, langgenius/dify#18971); o3-mini and gpt-4o take it.
#[test]
fn o3_and_o4_mini_refuse_stop() {
    for model in ["o3", "o3-2025-04-16", "o4-mini", "o4-mini-2025-04-16"] {
        for stop in [r#""\n""#, r#"["END", "STOP"]"#] {
            let r = check(&chat(model, &format!(r#", "stop": {stop}"#), USER), Dialect::OpenAi);
            one(
                &r,
                Code::UnsupportedParameter,
                Severity::Error,
                "body.stop",
                "Unsupported parameter: 'stop' is not supported with this model.",
            );
        }
        none(&check(&chat(model, r#", "stop": null"#, USER), Dialect::OpenAi));
    }
    for model in ["o3-mini", "gpt-4o"] {
        none(&check(&chat(model, r#", "stop": "\n""#, USER), Dialect::OpenAi));
    }
}

/// Effort values per family, both forms. Chat: "Unsupported value: 'reasoning_effort' does not
/// support 'minimal' with this model. Supported values are: 'none', 'low', 'medium', and 'high'."
/// (nextai-translator/nextai-translator#1841); Responses: "Unsupported value: 'minimal' is not
/// supported with the 'gpt-5.1' model. Supported values are: 'none', 'low', 'medium', and 'high'."
/// (openai/openai-agents-python#2089).
#[test]
fn effort_values_follow_the_family() {
    let r = check(&chat("gpt-5.1", r#", "reasoning_effort": "minimal""#, USER), Dialect::OpenAi);
    one(&r, Code::UnsupportedValue, Severity::Error, "body.reasoning_effort", "Unsupported value: 'reasoning_effort' does not support 'minimal' with this model. Supported values are: 'none', 'low', 'medium', and 'high'.");
    let r = check(&responses("gpt-5.1", r#", "reasoning": {"effort": "minimal"}"#), Dialect::OpenAi);
    one(&r, Code::UnsupportedValue, Severity::Error, "body.reasoning.effort", "Unsupported value: 'minimal' is not supported with the 'gpt-5.1' model. Supported values are: 'none', 'low', 'medium', and 'high'.");
    // gpt-5-mini refuses xhigh (kaitranntt/ccs#344) and none.
    let r = check(&chat("gpt-5-mini-2025-08-07", r#", "reasoning_effort": "xhigh""#, USER), Dialect::OpenAi);
    one(&r, Code::UnsupportedValue, Severity::Error, "body.reasoning_effort", "Unsupported value: 'reasoning_effort' does not support 'xhigh' with this model. Supported values are: 'minimal', 'low', 'medium', and 'high'.");
    // gpt-5.2-chat-latest takes only medium (egoist/chatwise-releases#1257): none is refused.
    let r = check(&chat("gpt-5.2-chat-latest", r#", "reasoning_effort": "none""#, USER), Dialect::OpenAi);
    one(
        &r,
        Code::UnsupportedValue,
        Severity::Error,
        "body.reasoning_effort",
        "Unsupported value: 'reasoning_effort' does not support 'none' with this model. Supported values are: 'medium'.",
    );
    // o3 takes low, medium, high (Azure's reasoning page).
    let r = check(&responses("o3", r#", "reasoning": {"effort": "minimal"}"#), Dialect::OpenAi);
    one(
        &r,
        Code::UnsupportedValue,
        Severity::Error,
        "body.reasoning.effort",
        "Unsupported value: 'minimal' is not supported with the 'o3' model. Supported values are: 'low', 'medium', and 'high'.",
    );
    // gpt-5.2 and minimal: not in OpenAI's documented list, no refusal recorded: a warning.
    let r = check(&chat("gpt-5.2", r#", "reasoning_effort": "minimal""#, USER), Dialect::OpenAi);
    one(
        &r,
        Code::UnsupportedValue,
        Severity::Warning,
        "body.reasoning_effort",
        "Unsupported value: 'reasoning_effort' does not support 'minimal' with this model.",
    );
    // The vendors' examples: Azure's reasoning page (gpt-5-mini, medium), OpenAI's (gpt-5.1 none, gpt-5.2 xhigh).
    for (model, effort) in [
        ("gpt-5-mini", "medium"),
        ("gpt-5", "minimal"),
        ("gpt-5.1", "none"),
        ("gpt-5.2", "xhigh"),
        ("gpt-5.2-chat-latest", "medium"),
        ("o3", "high"),
        ("o4-mini", "low"),
    ] {
        none(&check(&chat(model, &format!(r#", "reasoning_effort": "{effort}""#), USER), Dialect::OpenAi));
        none(&check(&responses(model, &format!(r#", "reasoning": {{"effort": "{effort}"}}"#)), Dialect::OpenAi));
    }
    // An unknown value is the schema's finding, not the table's.
    let r = check(&chat("gpt-5.1", r#", "reasoning_effort": "max""#, USER), Dialect::OpenAi);
    assert!(!found(&r).iter().any(|f| f.3.contains("Supported values are")), "{:#?}", found(&r));
}

/// Reasoning effort sent to models that do not reason. Chat: "Unrecognized request argument
/// supplied: reasoning_effort" (gpt-4o-mini, davidmigloz/langchain_dart#712); Responses:
/// "Unsupported parameter: 'reasoning.effort' is not supported with this model." (gpt-4o,
/// RageAgainstThePixel/OpenAI-DotNet#500; gpt-4.1, BoundaryML/baml#2708).
#[test]
fn non_reasoning_models_refuse_reasoning_effort() {
    let r = check(&chat("gpt-4o-mini", r#", "reasoning_effort": "low""#, USER), Dialect::OpenAi);
    one(
        &r,
        Code::UnknownParameter,
        Severity::Error,
        "body.reasoning_effort",
        "Unrecognized request argument supplied: reasoning_effort (observed:",
    );
    let r = check(&chat("gpt-4o-2024-08-06", r#", "reasoning_effort": "low""#, USER), Dialect::OpenAi);
    one(&r, Code::UnknownParameter, Severity::Error, "body.reasoning_effort", "Unrecognized request argument supplied: reasoning_effort");
    for model in ["gpt-4o", "gpt-4.1"] {
        let r = check(&responses(model, r#", "reasoning": {"effort": "low"}"#), Dialect::OpenAi);
        one(
            &r,
            Code::UnsupportedParameter,
            Severity::Error,
            "body.reasoning.effort",
            "Unsupported parameter: 'reasoning.effort' is not supported with this model.",
        );
    }
    // Inferred for gpt-4.1 on Chat (recorded only through another service): a warning.
    let r = check(&chat("gpt-4.1", r#", "reasoning_effort": "low""#, USER), Dialect::OpenAi);
    one(
        &r,
        Code::UnknownParameter,
        Severity::Warning,
        "body.reasoning_effort",
        "Unrecognized request argument supplied: reasoning_effort (inferred:",
    );
    // The same requests without the effort (the API reference's examples).
    none(&check(&chat("gpt-4o-mini", "", USER), Dialect::OpenAi));
    none(&check(&responses("gpt-4.1", ""), Dialect::OpenAi));
    none(&check(&chat("gpt-4o", r#", "reasoning_effort": null"#, USER), Dialect::OpenAi));
}

/// Azure: a deployment name the checker resolves to a model gets the
/// family's rules as warnings (the model is a guess); a deployment named
/// as the model gets them as errors.
#[test]
fn azure_deployment_names_reach_the_family() {
    let r = check(&chat("prod-o3-batch", r#", "stop": "\n""#, USER), Dialect::Azure);
    one(&r, Code::UnsupportedParameter, Severity::Warning, "body.stop", "Unsupported parameter: 'stop' is not supported with this model.");
    assert!(found(&r)[0].3.ends_with("(o3 is guessed from the deployment name.)"), "{}", found(&r)[0].3);
    let r = check(&chat("gpt-4o-mini-batch", r#", "reasoning_effort": "low""#, USER), Dialect::Azure);
    one(&r, Code::UnknownParameter, Severity::Warning, "body.reasoning_effort", "Unrecognized request argument supplied: reasoning_effort");
    // A deployment named as the model: the family for sure. A rule recorded
    // only at OpenAI is another vendor's for an Azure file: a warning.
    let r = check(&chat("o4-mini", r#", "stop": "\n""#, USER), Dialect::Azure);
    one(&r, Code::UnsupportedParameter, Severity::Warning, "body.stop", "Unsupported parameter: 'stop' is not supported with this model.");
    assert!(found(&r)[0].3.ends_with("(OpenAI's answer; not recorded for Azure.)"), "{}", found(&r)[0].3);
    // Azure's own sources: its reasoning page (o-series effort values), a recorded answer (o1-mini's system message).
    let r = check(&chat("o4-mini", r#", "reasoning_effort": "minimal""#, USER), Dialect::Azure);
    one(
        &r,
        Code::UnsupportedValue,
        Severity::Error,
        "body.reasoning_effort",
        "Unsupported value: 'reasoning_effort' does not support 'minimal' with this model.",
    );
    let d = r.diagnostics.iter().find(|d| d.param.as_deref() == Some("body.reasoning_effort")).unwrap();
    assert_eq!(d.evidence.as_str(), "documented");
    assert!(d.source.as_deref().is_some_and(|s| s.starts_with("https://github.com/MicrosoftDocs/azure-ai-docs/")), "{:?}", d.source);
    let sys = r#"[{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]"#;
    let r = check(&chat("o1-mini", "", sys), Dialect::Azure);
    one(
        &r,
        Code::UnsupportedValue,
        Severity::Error,
        "body.messages[0].role",
        "Unsupported value: 'messages[0].role' does not support 'system' with this model.",
    );
    // Azure's reasoning page example: gpt-5-mini with a developer message and medium effort.
    let dev = r#"[{"role": "developer", "content": "You are a helpful assistant."}, {"role": "user", "content": "What steps should I think about when writing my first Python API?"}]"#;
    // (The Azure 2024-10-21 spec's role enum lacks developer: that is the schema's finding, not the table's.)
    let r = check(&chat("gpt-5-mini", r#", "max_completion_tokens": 5000, "reasoning_effort": "medium""#, dev), Dialect::Azure);
    assert!(
        !found(&r).iter().any(|f| matches!(f.0, Code::UnsupportedValue | Code::UnsupportedParameter | Code::UnknownParameter)),
        "{:#?}",
        found(&r)
    );
    none(&check(&chat("gpt-5-mini", r#", "max_completion_tokens": 5000, "reasoning_effort": "medium""#, dev), Dialect::OpenAi));
}

/// A row is a catalog fact: an override on /facts lifts a refusal, or
/// makes an inferred one an error.
#[test]
fn overrides_on_facts_change_the_rules() {
    let mut c = Catalog::builtin();
    c.set_override("model_refuses_param.o3.stop", 0.0).unwrap();
    none(&check_with(&chat("o3", r#", "stop": "\n""#, USER), Dialect::OpenAi, &c));
    c.set_override("model_effort.gpt-5.1.minimal", 1.0).unwrap();
    none(&check_with(&chat("gpt-5.1", r#", "reasoning_effort": "minimal""#, USER), Dialect::OpenAi, &c));
    c.set_override("model_refuses_param.gpt-4.1.reasoning_effort", 1.0).unwrap();
    let r = check_with(&chat("gpt-4.1", r#", "reasoning_effort": "low""#, USER), Dialect::OpenAi, &c);
    one(&r, Code::UnknownParameter, Severity::Error, "body.reasoning_effort", "Unrecognized request argument supplied: reasoning_effort");
    let row = model_rule(Kind::ModelRefusesRole, "o1-mini.system").unwrap();
    assert_eq!(row.evidence, Evidence::Observed);
}

/// gpt-5.1 and gpt-5.2 take temperature, top_p and logprobs at reasoning
/// effort none, their default ("GPT-5.2 parameter compatibility", OpenAI's
/// latest-model guide): not a false error there; still refused at another
/// effort, and by gpt-5 (whose effort cannot be none).
#[test]
fn gpt_5_1_and_5_2_take_sampling_parameters_at_effort_none() {
    let t = r#", "max_completion_tokens": 100, "temperature": 0.2, "top_p": 0.9"#;
    for model in ["gpt-5.1", "gpt-5.1-2025-11-13"] {
        none(&check(&chat(model, t, USER), Dialect::OpenAi));
        none(&check(&chat(model, &format!(r#"{t}, "reasoning_effort": "none""#), USER), Dialect::OpenAi));
        let r = check(&chat(model, &format!(r#"{t}, "reasoning_effort": "low""#), USER), Dialect::OpenAi);
        let params: Vec<String> = found(&r).into_iter().map(|f| f.2).collect();
        assert_eq!(params, ["body.temperature", "body.top_p"], "{model}");
    }
    none(&check(&responses("gpt-5.1", r#", "temperature": 0.2, "reasoning": {"effort": "none"}"#), Dialect::OpenAi));
    let r = check(&chat("gpt-5", t, USER), Dialect::OpenAi);
    let params: Vec<String> = found(&r).into_iter().map(|f| f.2).collect();
    assert_eq!(params, ["body.temperature", "body.top_p"]);
}
