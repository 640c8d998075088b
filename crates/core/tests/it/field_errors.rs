//! One field-error shape (issue 39): every domain's "this value is
//! refused" is `io::FieldError` under its own name, and each renders the
//! field, the value and a reason in English and Korean through the one
//! trait, `io::Explain`. The errors here come from each domain's own
//! entry point, not built by hand (but for the form's one constructor).

use batchlane_core::io::{Explain, FieldError};
use std::fmt::Display;

/// `e` shows `field` and `value` in its `Display`, and its reason (read
/// through `Explain`) in both languages; returns the reason.
fn renders<F: Display + std::fmt::Debug, P: Explain + std::fmt::Debug>(
    e: &FieldError<F, P>,
    field: &str,
    value: &str,
) -> batchlane_core::text::Text {
    let shown = e.to_string();
    let reason = e.problem.reason(&e.value);
    assert_eq!(reason, e.reason());
    assert!(shown.contains(field), "{shown} lacks the field {field}");
    assert!(shown.contains(value), "{shown} lacks the value {value}");
    assert!(shown.ends_with(&reason.en), "{shown} does not end with its reason {}", reason.en);
    assert!(!reason.en.is_empty() && !reason.ko.is_empty(), "{shown}");
    let _: &dyn std::error::Error = e as &dyn std::error::Error;
    reason
}

fn korean(t: &batchlane_core::text::Text) -> bool {
    t.ko.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c))
}

#[test]
fn a_query_value_refused() {
    use batchlane_core::io::{field, Kind, Table};
    let d = Table::new(vec![field("n", Kind::whole(1.0, 9.0), "1")]).decode(&[("n".into(), "12".into())]);
    let e: &batchlane_core::io::Rejected = &d.rejected[0];
    assert!(korean(&renders(e, "n", "'12'")));
}

#[test]
fn a_check_option_refused() {
    use batchlane_core::batch::{check_options, CheckInput, FieldError};
    let mut input = CheckInput::default();
    input.set("dialect", "bedrock").unwrap();
    let e: FieldError = check_options(&input, &batchlane_core::facts::Catalog::builtin()).unwrap_err();
    assert!(korean(&renders(&e, "dialect", "'bedrock'")));
    // The reason quotes the value: Display does not say it twice.
    assert_eq!(e.to_string().matches("bedrock").count(), 1, "{e}");
}

#[test]
fn a_planner_field_refused() {
    use batchlane_core::quota::{share, Field, FieldError};
    let key = share::key_of(Field::AllocatedTpm);
    let e: Vec<FieldError> = share::decode(&[(key.to_string(), "lots".to_string())]).unwrap_err();
    assert_eq!(e[0].field, Field::AllocatedTpm);
    assert!(korean(&renders(&e[0], "AllocatedTpm", "'lots'")));
}

#[test]
fn a_form_field_refused() {
    use batchlane_core::snippets::{form_error, FormError};
    let e: FormError = form_error("message_count", "must not be negative", "음수일 수 없습니다");
    assert!(korean(&renders(&e, "message_count", "")));
}

#[test]
fn a_typed_limit_refused() {
    let e: batchlane_core::traffic::LimitError = batchlane_core::traffic::parse_limit("chat=lots").unwrap_err();
    assert!(korean(&renders(&e, "limit", "'chat=lots'")));
}

#[test]
fn a_tier_row_refused() {
    let header = "tier,model,deployment_type,rpm,rpm_window_seconds,tpm,source,ms_date";
    let csv = format!("{header}\n1,gpt-4o,GlobalStandard,lots,60,30000,https://example.test,2026-01-01\n");
    let parsed = batchlane_core::facts::parse_tier_csv(&csv).unwrap();
    let e: &batchlane_core::facts::RowError = &parsed.errors[0];
    assert_eq!(e.line(), 2);
    assert!(korean(&renders(e, "rpm", "lots")));
    assert!(e.to_string().starts_with("line 2: rpm: "), "{e}");
}

#[test]
fn a_vendor_file_refused() {
    let e: batchlane_core::facts::ImportProblem = batchlane_core::facts::import_file("notes.txt", b"hello", "2026-01-01").unwrap_err();
    assert_eq!((e.file(), e.line()), ("notes.txt", 1));
    // The importers' reasons quote the vendor's English file: English in both languages.
    let reason = renders(&e, "notes.txt:1", "");
    assert_eq!(reason.en, reason.ko);
}
