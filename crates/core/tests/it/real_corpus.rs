//! The real-world corpus (`tests/fixtures/real/`): lines nobody on the team
//! wrote. Each valid line (the vendors' docs and examples, other projects'
//! committed files) must get no error; each refused line (the service's
//! recorded 400, with its code and param) must get an error at the
//! service's param. Each line is checked alone, as a one-line file (the
//! corpus files mix urls and models on purpose); its sidecar names its
//! source, and for a refused line the model the service was asked for (and,
//! where the evidence allows only a warning, `"expect": "warning"` and why).

use batchlane_core::batch::{CheckOptions, Checker, Dialect, NoTokenizer, Report, Severity};
use batchlane_core::facts::Catalog;
use serde_json::Value;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/real")
}

/// The lines of a corpus file with their sidecar entries (same order, same ids).
fn corpus(name: &str) -> Vec<(String, Value)> {
    let read = |f: &str| std::fs::read_to_string(dir().join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    let lines = read(&format!("{name}.jsonl"));
    let sources = read(&format!("{name}.sources.jsonl"));
    let lines: Vec<&str> = lines.lines().filter(|l| !l.trim().is_empty()).collect();
    let sources: Vec<Value> = sources.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), sources.len(), "{name}: a sidecar entry per line");
    lines
        .into_iter()
        .zip(sources)
        .map(|(line, src)| {
            let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{name}: {e}: {line}"));
            assert_eq!(v["custom_id"], src["custom_id"], "{name}: the sidecar follows the file's order");
            assert!(src["source"].as_str().is_some_and(|s| s.starts_with("https://")), "{name}: {} has no source", src["custom_id"]);
            (line.to_string(), src)
        })
        .collect()
}

fn check_alone(line: &str, dialect: Dialect, model: Option<&str>) -> Report {
    let o = CheckOptions { dialect, count_tokens: false, model: model.map(str::to_string), ..CheckOptions::default() };
    let c = Catalog::builtin();
    let mut k = Checker::with_tokenizer(o, &c, Box::new(NoTokenizer));
    k.feed(line.as_bytes());
    k.feed(b"\n");
    k.finish()
}

/// `messages.[2].role` → `messages[2].role`; the body's own prefix dropped.
fn normal(param: &str) -> String {
    param.strip_prefix("body.").unwrap_or(param).replace(".[", "[")
}

/// Whether a finding at `ours` is at the service's param `theirs` (or inside it).
fn at_param(ours: &str, theirs: &str) -> bool {
    let (ours, theirs) = (normal(ours), normal(theirs));
    ours == theirs || ours.strip_prefix(theirs.as_str()).is_some_and(|rest| rest.starts_with(['.', '[']))
}

/// Advice every line may get, which catches nothing.
const ADVICE: &[&str] = &["max_tokens_unset", "base_model_name", "blank_line", "crlf_line_endings"];

const VALID: &[(&str, Dialect)] = &[
    ("azure-valid", Dialect::Azure),
    ("azure-spec-examples", Dialect::Azure),
    ("openai-valid", Dialect::OpenAi),
    ("openai-spec-examples", Dialect::OpenAi),
];
const REFUSED: &[(&str, Dialect)] = &[("azure-refused", Dialect::Azure), ("openai-refused", Dialect::OpenAi)];

/// Vendor examples the service's recorded answers contradict: the vendors
/// disagree with themselves, and the recorded answer is chosen (the truth
/// rules). Each is held to exactly that error, so a change either way shows.
/// (custom_id, code, param, why)
const DISPUTED: &[(&str, &str, &str, &str)] = &[(
    "spec-chat-completions-image-input",
    "unsupported_parameter",
    "body.max_tokens",
    "The spec's example sends max_tokens to gpt-5.4 on Chat Completions; OpenAI's reasoning guide and its recorded answers for the gpt-5 family (\"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.\") refuse it.",
)];

#[test]
fn valid_lines_get_no_error() {
    let mut false_alarms = Vec::new();
    let mut n = 0;
    for &(name, dialect) in VALID {
        for (line, src) in corpus(name) {
            n += 1;
            let r = check_alone(&line, dialect, None);
            if let Some(&(_, code, param, why)) = DISPUTED.iter().find(|d| src["custom_id"] == d.0) {
                let errors: Vec<_> =
                    r.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| (d.code.as_str(), d.param.as_deref())).collect();
                assert_eq!(errors, [(code, Some(param))], "{}: {why}", src["custom_id"]);
                continue;
            }
            for d in r.diagnostics.iter().filter(|d| d.severity == Severity::Error) {
                false_alarms.push(format!(
                    "{name} {}: {} at {:?}: {} ({})",
                    src["custom_id"],
                    d.code.as_str(),
                    d.param,
                    d.message,
                    src["source"]
                ));
            }
        }
    }
    assert!(n >= 100, "the corpus has {n} valid lines");
    assert!(false_alarms.is_empty(), "{} errors on valid lines:\n{}", false_alarms.len(), false_alarms.join("\n"));
}

#[test]
fn refused_lines_are_caught_at_the_services_param() {
    let mut missed = Vec::new();
    let mut n = 0;
    for &(name, dialect) in REFUSED {
        for (line, src) in corpus(name) {
            n += 1;
            let model = src["model"].as_str();
            let r = check_alone(&line, dialect, model);
            // A line whose sidecar expects a warning (its evidence allows no
            // more, the sidecar says why) is caught by a finding of either severity.
            let warning_will_do = src["expect"] == "warning";
            assert!(!warning_will_do || src["why_warning"].as_str().is_some_and(|w| !w.is_empty()), "{}: say why", src["custom_id"]);
            let errors: Vec<_> = r
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error || (warning_will_do && !ADVICE.contains(&d.code.as_str())))
                .collect();
            let caught = match src["param"].as_str() {
                Some(theirs) => errors.iter().any(|d| d.param.as_deref().is_some_and(|ours| at_param(ours, theirs))),
                None => !errors.is_empty(),
            };
            if !caught {
                let found: Vec<String> =
                    r.diagnostics.iter().map(|d| format!("{} {} at {:?}", d.severity.as_str(), d.code.as_str(), d.param)).collect();
                missed.push(format!(
                    "{name} {} ({}): the service refused at {} with {}; found {found:?} ({})",
                    src["custom_id"], src["model"], src["param"], src["code"], src["source"]
                ));
            }
        }
    }
    assert!(n >= 30, "the corpus has {n} refused lines");
    assert!(missed.is_empty(), "{} refused lines not caught:\n{}", missed.len(), missed.join("\n"));
}

#[test]
fn the_param_match_is_at_a_path_boundary() {
    assert!(at_param("body.messages[0].role", "messages[0].role"));
    assert!(at_param("body.messages[3]", "messages"));
    assert!(at_param("body.messages[2].role", "messages.[2].role"));
    assert!(!at_param("body.messages_extra", "messages"));
    assert!(!at_param("body.input[0].type", "input[0].content[0].type"));
    assert!(!at_param("body.tools", "tools[0].function.name"));
}
