//! The KEDA lint input: a form and cluster facts built from the bytes
//! (catalog defaults, any field replaced by an arbitrary value), and the
//! same input as JSON (the worker/link form of it). Lint, validation and
//! rendering never panic; each rule fires at most once.
#![no_main]

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{lint, render, LintInput};
use batchlane_fuzz::lint_input;
use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

fn run(input: &LintInput, catalog: &Catalog) {
    let findings = lint(input, catalog);
    let mut rules: Vec<&str> = findings.iter().map(|f| f.rule.id()).collect();
    rules.sort_unstable();
    let n = rules.len();
    rules.dedup();
    assert_eq!(rules.len(), n, "a rule fired twice: {findings:?}");
    let _ = input.form.validate();
    let _ = render(&input.form, catalog);
}

fuzz_target!(|data: &[u8]| {
    let catalog = Catalog::builtin();
    if let Ok(input) = serde_json::from_slice::<LintInput>(data) {
        run(&input, &catalog);
    }
    if let Ok(input) = lint_input(&mut Unstructured::new(data), &catalog) {
        run(&input, &catalog);
    }
});
