//! Issue 17, items 2 and 6: the model behind a deployment name is guessed,
//! and Split honours every limit chosen — each part re-checks clean, or the
//! outcome says which line alone breaks a limit.

use batchlane_core::batch::{
    check_bytes, infer_model, split, CheckOptions, Code, Dialect, ModelSource, QuotaChoice, Report, SplitLimits, Subscription,
};

use batchlane_core::facts::Scope;
use batchlane_core::facts::{Catalog, Kind};

/// 300 lines for an Azure deployment called `gpt-4o-batch`, no max_tokens.
const AZURE_300: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/batch/azure_300.jsonl"));

fn options(model: Option<&str>, quota: QuotaChoice) -> CheckOptions {
    CheckOptions { dialect: Dialect::Azure, model: model.map(str::to_string), quota, ..CheckOptions::default() }
}

fn has(r: &Report, code: Code) -> bool {
    r.counts.iter().any(|k| k.code == code)
}

#[test]
fn deployment_names_give_away_their_model() {
    let guess = |name: &str| infer_model(name).map(|m| m.name);
    assert_eq!(guess("gpt-4o-batch"), Some("gpt-4o"));
    assert_eq!(guess("prod-gpt-4o-mini"), Some("gpt-4o-mini"));
    assert_eq!(guess("gpt4o"), Some("gpt-4o"));
    assert_eq!(guess("GPT-4.1-mini_eu"), Some("gpt-4.1-mini"));
    assert_eq!(guess("gpt41-nano-batch"), Some("gpt-4.1-nano"));
    assert_eq!(guess("team-o3-mini"), Some("o3-mini"));
    assert_eq!(guess("gpt-35-turbo-16k"), Some("gpt-35-turbo"));
    // Not a model: no guess (a word that merely contains letters of one, a
    // later version the catalog doesn't know).
    assert_eq!(guess("batch-summarize"), None);
    assert_eq!(guess("video1"), None);
    assert_eq!(guess("gpt-45-preview"), None);
    assert_eq!(guess("gpt-4.5"), None);
}

#[test]
fn a_guessed_model_counts_its_output_maximum() {
    let c = Catalog::builtin();
    let r = check_bytes(AZURE_300, options(None, QuotaChoice::None), &c);
    assert_eq!(r.summary.catalog_model.as_deref(), Some("gpt-4o"));
    assert_eq!(r.summary.model_source, ModelSource::Guessed);
    let max_out = c.require(Kind::MaxOutputTokens, "gpt-4o") as u64;
    assert_eq!(r.summary.output_tokens, 300 * max_out);
    // Picked by the user: the same figures, marked as picked.
    let picked = check_bytes(AZURE_300, options(Some("gpt-4o"), QuotaChoice::None), &c);
    assert_eq!(picked.summary.model_source, ModelSource::Picked);
    assert_eq!(picked.summary.enqueued_tokens, r.summary.enqueued_tokens);
    // A name that gives nothing away: unknown, no output counted.
    let text = String::from_utf8(AZURE_300.to_vec()).unwrap().replace("gpt-4o-batch", "batch-summarize");
    let unknown = check_bytes(text.as_bytes(), options(None, QuotaChoice::None), &c);
    assert_eq!((unknown.summary.catalog_model.clone(), unknown.summary.model_source), (None, ModelSource::Unknown));
    assert_eq!(unknown.summary.output_tokens, 0);
}

/// Splits `input`, then checks every part with the same options.
fn split_and_recheck(input: &[u8], o: &CheckOptions) -> (Vec<Report>, batchlane_core::batch::SplitOutcome) {
    let c = Catalog::builtin();
    let (files, outcome) = split(input, SplitLimits::from_catalog(o, &c), o, &c);
    assert_eq!(files.len(), outcome.parts.len());
    let reports = files.iter().map(|f| check_bytes(f, o.clone(), &c)).collect();
    (reports, outcome)
}

#[test]
fn every_part_rechecks_within_a_typed_quota() {
    let o = options(Some("gpt-4o"), QuotaChoice::Tokens(1_000_000));
    let whole = check_bytes(AZURE_300, o.clone(), &Catalog::builtin());
    assert!(whole.quota.as_ref().unwrap().exceeded, "the whole file breaks the quota");
    let (reports, outcome) = split_and_recheck(AZURE_300, &o);
    assert!(outcome.parts.len() > 1, "{outcome:?}");
    assert!(outcome.oversized.is_empty());
    for (i, r) in reports.iter().enumerate() {
        let q = r.quota.as_ref().unwrap();
        assert!(!q.exceeded && !has(r, Code::TokenLimitExceeded), "part {}: {} > {}", i + 1, q.enqueued_tokens, q.limit);
        assert_eq!(r.summary.enqueued_tokens, Some(outcome.parts[i].enqueued_tokens), "the split counts as the checker does");
    }
    assert_eq!(reports.iter().map(|r| r.summary.requests).sum::<u64>(), 300);
}

#[test]
fn a_catalog_quota_follows_the_guessed_model() {
    // The MSDN figure for gpt-4o, with the model guessed from `gpt-4o-batch`.
    let o = options(None, QuotaChoice::Catalog { zone: Scope::Global, subscription: Subscription::Msdn });
    let c = Catalog::builtin();
    let limit = o.quota.limit(&c, Some("gpt-4o")).expect("the catalog has an MSDN quota for gpt-4o");
    let (reports, outcome) = split_and_recheck(AZURE_300, &o);
    assert_eq!(outcome.limits.unwrap().max_enqueued_tokens, Some(limit));
    assert!(!outcome.quota_needs_model);
    for r in reports.iter().zip(&outcome.parts).filter(|(_, p)| !p.over_limit).map(|(r, _)| r) {
        assert!(!r.quota.as_ref().unwrap().exceeded);
    }
}

#[test]
fn a_line_alone_over_the_quota_is_named_not_hidden() {
    // Every line counts gpt-4o's output maximum: more than a 10,000 quota.
    let o = options(Some("gpt-4o"), QuotaChoice::Tokens(10_000));
    let (reports, outcome) = split_and_recheck(AZURE_300, &o);
    assert_eq!(outcome.oversized_lines.len(), 300);
    assert_eq!(outcome.oversized.len(), 100, "the list is bounded");
    let first = &outcome.oversized[0];
    assert!(first.over_tokens && !first.over_bytes && first.tokens > 10_000, "{first:?}");
    assert!(outcome.parts.iter().all(|p| p.over_limit && p.requests == 1));
    assert!(reports[0].quota.as_ref().unwrap().exceeded, "such a part still fails, and says so");
    // With a max_tokens that fits, the same file splits into clean parts.
    let text = String::from_utf8(AZURE_300.to_vec()).unwrap().replace("\"messages\"", "\"max_tokens\": 1000, \"messages\"");
    let (reports, outcome) = split_and_recheck(text.as_bytes(), &o);
    assert!(outcome.oversized.is_empty() && outcome.parts.len() > 30);
    assert!(reports.iter().all(|r| !r.quota.as_ref().unwrap().exceeded));
}

#[test]
fn a_catalog_quota_without_a_model_says_so() {
    let text = String::from_utf8(AZURE_300.to_vec()).unwrap().replace("gpt-4o-batch", "batch-summarize");
    let o = options(None, QuotaChoice::Catalog { zone: Scope::Global, subscription: Subscription::Default });
    let c = Catalog::builtin();
    let (_, outcome) = split(text.as_bytes(), SplitLimits::from_catalog(&o, &c), &o, &c);
    assert!(outcome.quota_needs_model);
    assert_eq!(outcome.limits.unwrap().max_enqueued_tokens, None);
}
