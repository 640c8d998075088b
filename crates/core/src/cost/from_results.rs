//! Usage records from a joined batch (the /results page), for spend
//! attribution on /cost: one record per (tenant, model) with the summed
//! tokens and the request count, all marked as batch.
//!
//! Tenant: the key of the results page's grouping (a regex capture on
//! custom_id or a body.metadata field), empty when no grouping is set or a
//! request did not match. Feature: empty — a batch's results say nothing
//! about features, and a model name in the feature column would read as a
//! feature; the model stays in `model`, where pricing reads it. Requests
//! without tokens (failures with no body, missing requests) were not billed
//! and are left out.

use super::usage::UsageRecord;
use crate::results::{row_keys, GroupError, GroupKey, ResultsReport};
use std::collections::BTreeMap;

/// Records from the report's rows. `price_as` replaces each row's model
/// name (the results page's "price as" model, for deployment names).
pub fn records_from_results(
    report: &ResultsReport,
    group: Option<&GroupKey>,
    price_as: Option<&str>,
) -> Result<Vec<UsageRecord>, GroupError> {
    let keys = match group {
        Some(key) => row_keys(report, key)?,
        None => vec![None; report.rows.len()],
    };
    let mut merged: BTreeMap<(String, String), UsageRecord> = BTreeMap::new();
    for (row, key) in report.rows.iter().zip(keys) {
        if row.usage.is_zero() {
            continue;
        }
        let tenant = key.unwrap_or_default();
        let model = price_as.or(row.model.as_deref()).unwrap_or_default().to_string();
        let r = merged.entry((tenant.clone(), model.clone())).or_insert_with(|| UsageRecord {
            line: 0,
            tenant,
            feature: String::new(),
            model,
            prompt_tokens: 0.0,
            cached_tokens: 0.0,
            completion_tokens: 0.0,
            requests: 0.0,
            batch: true,
        });
        r.prompt_tokens += row.usage.prompt as f64;
        r.cached_tokens += row.usage.cached.min(row.usage.prompt) as f64;
        r.completion_tokens += row.usage.completion as f64;
        r.requests += 1.0;
    }
    Ok(merged.into_values().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::attribution::{spend, AttributionConfig};
    use crate::facts::Catalog;
    use crate::results::{cost_report, CostOptions, ResultsJoiner};

    fn chat_trio() -> ResultsReport {
        let mut j = ResultsJoiner::new();
        j.feed_output(include_bytes!("../../../../tests/fixtures/results/chat/output.jsonl"));
        j.feed_errors(include_bytes!("../../../../tests/fixtures/results/chat/errors.jsonl"));
        j.feed_input(include_bytes!("../../../../tests/fixtures/results/chat/input.jsonl"));
        j.finish()
    }

    #[test]
    fn grouped_records_carry_tenants_and_match_the_results_cost() {
        let report = chat_trio();
        let key = GroupKey::CustomIdRegex { pattern: r"^(tenant-\d+)-".into() };
        let records = records_from_results(&report, Some(&key), None).unwrap();
        // No feature in a batch's results: never the model name.
        assert!(records.iter().all(|r| r.batch && r.line == 0 && r.feature.is_empty() && !r.model.is_empty()));
        let billed = report.rows.iter().filter(|r| !r.usage.is_zero()).count() as f64;
        assert_eq!(records.iter().map(|r| r.requests).sum::<f64>(), billed);
        let prompt: f64 = records.iter().map(|r| r.prompt_tokens).sum();
        assert_eq!(prompt, report.total_usage.prompt as f64);
        let tenants: Vec<&str> = records.iter().map(|r| r.tenant.as_str()).collect();
        assert!(tenants.contains(&"tenant-1") && tenants.contains(&"tenant-9"), "{tenants:?}");
        // Priced on /cost (Global, batch factor) it is what /results says.
        let catalog = Catalog::builtin();
        let s = spend(&records, &catalog, &AttributionConfig::default());
        assert!(s.diagnostics.is_empty(), "{:?}", s.diagnostics);
        assert!(s.by_feature.rows.iter().all(|r| r.key.is_empty()), "{:?}", s.by_feature.rows);
        let expected = cost_report(&report, &catalog, &CostOptions::default()).total_usd;
        assert!((s.by_tenant.total.cost.total - expected).abs() < 1e-12, "{} vs {expected}", s.by_tenant.total.cost.total);
    }

    #[test]
    fn without_a_group_the_tenant_is_empty_and_price_as_renames() {
        let report = chat_trio();
        let records = records_from_results(&report, None, Some("gpt-4o-mini")).unwrap();
        assert_eq!(records.len(), 1);
        assert_eq!((records[0].tenant.as_str(), records[0].model.as_str()), ("", "gpt-4o-mini"));
        let bad = GroupKey::CustomIdRegex { pattern: "(".into() };
        assert!(matches!(records_from_results(&report, Some(&bad), None), Err(GroupError::BadRegex { .. })));
    }
}
