//! Issue 38: superseded figures say so (the catalog's JSON carries
//! `superseded_by`, naming a fact that exists), and OpenAI's batch queue
//! limits per tier are facts with their source, used by the check.

use batchlane_core::batch::{check_bytes, CheckOptions, Code, Dialect, QuotaChoice, Severity};
use batchlane_core::facts::{all_facts, builtin_by_id, catalog_json, Catalog, Kind, SourceId, SUPERSEDED};

#[test]
fn the_2025_07_default_quotas_are_marked_superseded_in_the_json() {
    let v: serde_json::Value = serde_json::from_str(&catalog_json(&Catalog::builtin())).unwrap();
    let facts = v["facts"].as_array().unwrap();
    let of = |id: &str| facts.iter().find(|f| f["id"] == id).unwrap_or_else(|| panic!("{id}")).clone();
    assert_eq!(of("default_tpm_global.gpt-4o")["superseded_by"], "tier_tpm.gpt-4o/datazone/1");
    assert!(of("price_input.gpt-4o").get("superseded_by").is_none(), "only superseded facts carry the key");
    let marked = facts.iter().filter(|f| f.get("superseded_by").is_some()).count();
    assert_eq!(marked, SUPERSEDED.len());
    // Every default quota of 2025-07 is marked, and each points at a fact.
    for f in all_facts().filter(|f| matches!(f.kind, Kind::DefaultTpmGlobal | Kind::DefaultTpmDatazone | Kind::DefaultTpmRegional)) {
        let m = SUPERSEDED.iter().find(|s| s.id == f.id()).unwrap_or_else(|| panic!("{} is not marked", f.id()));
        assert!(builtin_by_id(m.by).is_some(), "{} → {}", m.id, m.by);
    }
}

#[test]
fn openai_queue_limits_are_sourced_and_grow_with_the_tier() {
    let c = Catalog::builtin();
    for model in ["gpt-4o", "gpt-4o-mini", "gpt-6-astra", "gpt-4.1-mini"] {
        let mut last = 0.0;
        for tier in 1..=5u8 {
            let id = format!("openai_batch_queue_tokens.{model}/{tier}");
            let f = builtin_by_id(&id).unwrap_or_else(|| panic!("{id}"));
            assert_eq!(f.source, SourceId::OpenAiModelPages, "{id}");
            assert!(f.value > last, "{id}: {} after {last}", f.value);
            last = f.value;
        }
    }
    assert_eq!(c.get(Kind::OpenaiBatchQueueTokens, "gpt-4o/1"), Some(90_000.0));
}

#[test]
fn the_check_warns_when_a_file_alone_exceeds_the_tiers_queue_limit() {
    let c = Catalog::builtin();
    let limit = c.require(Kind::OpenaiBatchQueueTokens, "gpt-4o-mini/1") as u64;
    let per_line = 100_000u64;
    let n = limit / per_line + 1;
    let file: String = (0..n)
        .map(|i| format!("{{\"custom_id\":\"r{i}\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{{\"model\":\"gpt-4o-mini\",\"max_tokens\":{per_line},\"messages\":[{{\"role\":\"user\",\"content\":\"hi\"}}]}}}}\n"))
        .collect();
    let run = |quota| {
        let opts = CheckOptions { dialect: Dialect::OpenAi, quota, ..CheckOptions::default() };
        check_bytes(file.as_bytes(), opts, &c)
    };
    let tier1 = run(QuotaChoice::OpenAiTier(1));
    let found = tier1.counts.iter().find(|k| k.code == Code::TokenLimitExceeded).expect("a queue finding");
    assert_eq!(found.severity, Severity::Warning);
    let tier2 = run(QuotaChoice::OpenAiTier(2));
    assert!(tier2.counts.iter().all(|k| k.code != Code::TokenLimitExceeded));
    // A model without a figure at that tier: no finding, no guess.
    let none = QuotaChoice::OpenAiTier(1).limit(&c, Some("gpt-5.1"));
    assert_eq!(none, None);
}
