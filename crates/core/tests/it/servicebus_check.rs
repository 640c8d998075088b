//! The Service Bus message checker against the documented limits.

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{check_message, claim_check_message, ClaimCheckInput, MessageInput, Property, SbCode, Tier};

fn msg(tier: Tier, body: &str) -> MessageInput {
    MessageInput {
        tier,
        premium_entity_max_bytes: None,
        body: body.to_string(),
        body_bytes: None,
        properties: vec![Property { name: "tenant".into(), value: "retail".into() }],
        message_id: "m-1".into(),
        session_id: String::new(),
        matching_subscriptions: None,
    }
}

fn codes(m: &MessageInput) -> Vec<SbCode> {
    check_message(m, &Catalog::builtin()).unwrap().findings.into_iter().map(|f| f.code).collect()
}

#[test]
fn small_reference_message_is_clean() {
    let m = msg(Tier::Standard, r#"{"blob_url":"https://a.blob.core.windows.net/c/d.pdf","tenant_id":"retail"}"#);
    let c = check_message(&m, &Catalog::builtin()).unwrap();
    assert!(c.findings.is_empty(), "{:?}", c.findings);
    assert_eq!(c.limit_bytes, 262_144.0);
    assert_eq!(c.quota_charge, 1);
}

#[test]
fn standard_limit_is_256_kb_including_properties() {
    let mut m = msg(Tier::Standard, "");
    m.body_bytes = Some(262_144.0 - 20.0); // + 12 bytes of property + 3 of id = 262,139
    assert!(!codes(&m).contains(&SbCode::MessageTooLarge));
    m.body_bytes = Some(262_144.0 - 10.0);
    assert!(codes(&m).contains(&SbCode::MessageTooLarge));
    m.tier = Tier::Basic;
    assert!(codes(&m).contains(&SbCode::MessageTooLarge));
}

#[test]
fn premium_uses_the_entity_default_of_1_mb_and_counts_twice_above() {
    let mut m = msg(Tier::Premium, "");
    m.body_bytes = Some(2_000_000.0);
    let c = codes(&m);
    assert!(c.contains(&SbCode::MessageTooLarge) && c.contains(&SbCode::CountsMoreThanOnce));
    m.premium_entity_max_bytes = Some(104_857_600.0);
    let r = check_message(&m, &Catalog::builtin()).unwrap();
    assert!(!r.findings.iter().any(|f| f.code == SbCode::MessageTooLarge));
    assert_eq!(r.quota_charge, 2);
    m.matching_subscriptions = Some(3);
    assert_eq!(check_message(&m, &Catalog::builtin()).unwrap().quota_charge, 4);
    m.premium_entity_max_bytes = Some(200_000_000.0);
    assert!(check_message(&m, &Catalog::builtin()).is_err());
}

#[test]
fn property_over_32_kb_and_all_over_64_kb() {
    let mut m = msg(Tier::Premium, "{}");
    m.properties = vec![Property { name: "a".into(), value: "x".repeat(32_768) }];
    assert_eq!(codes(&m), vec![SbCode::PropertyTooLarge]);
    m.properties = (0..3).map(|i| Property { name: format!("p{i}"), value: "x".repeat(30_000) }).collect();
    let c = check_message(&m, &Catalog::builtin()).unwrap();
    assert_eq!(c.findings.iter().map(|f| f.code).collect::<Vec<_>>(), vec![SbCode::PropertiesTooLarge]);
    assert!(c.findings[0].text.en.contains("SerializationException"));
}

#[test]
fn ids_over_128_characters() {
    let mut m = msg(Tier::Standard, "{}");
    m.session_id = "s".repeat(129);
    assert_eq!(codes(&m), vec![SbCode::IdTooLong]);
}

#[test]
fn prompt_in_the_message_recommends_claim_check() {
    let body = r#"{"messages":[{"role":"system","content":"Summarize the ticket in two sentences."},{"role":"user","content":"..."}]}"#;
    let c = check_message(&msg(Tier::Standard, body), &Catalog::builtin()).unwrap();
    assert!(c.claim_check_recommended);
    assert!(c.findings[0].text.en.contains("\"messages\" array"));
    let doc = "word ".repeat(300);
    assert!(check_message(&msg(Tier::Standard, &doc), &Catalog::builtin()).unwrap().claim_check_recommended);
}

#[test]
fn claim_check_message_json() {
    let input = ClaimCheckInput {
        blob_url: "https://contoso.blob.core.windows.net/ingest/doc-1.pdf".into(),
        tenant_id: "retail".into(),
        model_alias: "summarize".into(),
        correlation_id: "c-42".into(),
    };
    let json = claim_check_message(&input, &Catalog::builtin()).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["blob_url"], "https://contoso.blob.core.windows.net/ingest/doc-1.pdf");
    assert_eq!(v["tenant_id"], "retail");
    assert_eq!(v["model_alias"], "summarize");
    assert_eq!(v["correlation_id"], "c-42");
    let bad = ClaimCheckInput { blob_url: "ftp://x".into(), correlation_id: "c".repeat(129), ..input };
    let fields: Vec<String> = claim_check_message(&bad, &Catalog::builtin()).unwrap_err().into_iter().map(|e| e.field).collect();
    assert_eq!(fields, ["blob_url", "correlation_id"]);
}
