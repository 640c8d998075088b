//! `body.service_tier` against the lanes: "flex" on a model Flex processing
//! does not list is the documented 400 (an error with the Flex page as its
//! source when the model is known for sure, a warning when guessed);
//! "priority" where no Priority table lists the model is a warning;
//! OpenAI files are not judged (their lists are not in the catalog). The
//! fast path and the slow path agree.

use super::batch_model_rules::responses;
use batchlane_core::batch::{CheckOptions, Checker, Code, Dialect, NoTokenizer, Report, Severity};
use batchlane_core::facts::{Catalog, Evidence};

fn run(text: &str, dialect: Dialect, model: Option<&str>) -> Report {
    let go = |count_tokens: bool| {
        let o = CheckOptions { dialect, count_tokens, model: model.map(str::to_string), ..CheckOptions::default() };
        let mut c = Checker::with_tokenizer(o, &Catalog::builtin(), Box::new(NoTokenizer));
        c.feed(text.as_bytes());
        c.finish()
    };
    let (fast, slow) = (go(false), go(true));
    assert_eq!(fast.diagnostics, slow.diagnostics, "fast and slow paths differ on {text}");
    fast
}

fn tier_findings(r: &Report) -> Vec<&batchlane_core::batch::Diagnostic> {
    r.diagnostics.iter().filter(|d| d.param.as_deref() == Some("body.service_tier")).collect()
}

#[test]
fn flex_on_a_model_without_flex_is_the_documented_400() {
    let line = responses("batch-deploy", r#", "service_tier": "flex""#);
    let r = run(&line, Dialect::Azure, Some("gpt-5.5"));
    let f = tier_findings(&r);
    assert_eq!(f.len(), 1, "{:?}", r.diagnostics);
    assert_eq!((f[0].code, f[0].severity, f[0].evidence), (Code::InvalidRequest, Severity::Error, Evidence::Documented));
    assert!(f[0].source.as_deref().unwrap().contains("how-to/flex-processing.md@21d8897"), "{:?}", f[0].source);
    assert!(f[0].message.contains("HTTP 400 invalid_request_error"), "{}", f[0].message);
    // gpt-5.6-sol has Flex: nothing to say.
    assert!(tier_findings(&run(&line, Dialect::Azure, Some("gpt-5.6-sol"))).is_empty());
    // "default" and "auto" are always fine.
    let line = responses("batch-deploy", r#", "service_tier": "default""#);
    assert!(tier_findings(&run(&line, Dialect::Azure, Some("gpt-5.5"))).is_empty());
}

#[test]
fn a_guessed_model_makes_it_a_warning_and_openai_is_not_judged() {
    let line = responses("gpt-5.5-batch", r#", "service_tier": "flex""#);
    let f = run(&line, Dialect::Azure, None);
    let f = tier_findings(&f);
    assert_eq!(f.len(), 1);
    assert_eq!((f[0].severity, f[0].evidence), (Severity::Warning, Evidence::Inferred));
    let line = responses("gpt-5.5", r#", "service_tier": "flex""#);
    assert!(tier_findings(&run(&line, Dialect::OpenAi, None)).is_empty());
}

#[test]
fn priority_where_not_offered_is_a_warning() {
    let line = responses("batch-deploy", r#", "service_tier": "priority""#);
    let r = run(&line, Dialect::Azure, Some("gpt-4o-mini"));
    let f = tier_findings(&r);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].severity, Severity::Warning);
    assert!(f[0].source.as_deref().unwrap().contains("priority-processing"), "{:?}", f[0].source);
    for listed in ["gpt-4.1", "gpt-5.4-mini", "gpt-5.6-sol"] {
        assert!(tier_findings(&run(&line, Dialect::Azure, Some(listed))).is_empty(), "{listed}");
    }
}
