//! Usage lines in, spend per tenant and feature out.

use batchlane_core::cost::{parse_usage, spend, spend_csv, AttributionConfig, Column, Grouping, LineProblem, UsageFormat, UsageRecord};
use batchlane_core::facts::Catalog;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

const CSV: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/cost/usage.csv"));
const JSONL: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/cost/usage.jsonl"));

#[test]
fn csv_columns_in_any_order_and_bad_lines_with_reasons() {
    let p = parse_usage(CSV);
    assert_eq!(p.format, UsageFormat::Csv);
    assert_eq!(p.records.len(), 4, "{:?}", p.diagnostics);
    let globex = &p.records[2];
    assert_eq!((globex.line, globex.tenant.as_str(), globex.prompt_tokens, globex.cached_tokens), (5, "Globex, Inc.", 4_000.0, 0.0));
    assert_eq!(p.records[1].cached_tokens, 1_024.0);
    assert_eq!(p.records[3].model, "my-deployment", "pricing, not parsing, rejects unknown models");
    let got: Vec<(usize, LineProblem)> = p.diagnostics.into_iter().map(|d| (d.line, d.problem)).collect();
    assert_eq!(
        got,
        vec![
            (6, LineProblem::NotANumber { column: Column::CompletionTokens, value: "abc".into() }),
            (7, LineProblem::CachedExceedsPrompt),
            (8, LineProblem::FieldCount { expected: 6, found: 4 }),
            (10, LineProblem::Negative(Column::CompletionTokens)),
            (11, LineProblem::UnclosedQuote),
        ]
    );
}

#[test]
fn csv_header_without_required_columns() {
    let p = parse_usage("tenant;model;tokens\nacme;gpt-4o;5\n");
    assert!(p.records.is_empty());
    let problems: Vec<_> = p.diagnostics.iter().map(|d| (d.line, d.problem.clone())).collect();
    assert_eq!(
        problems,
        vec![(1, LineProblem::MissingColumn(Column::PromptTokens)), (1, LineProblem::MissingColumn(Column::CompletionTokens))]
    );
    assert_eq!(parse_usage("\n  \n").format, UsageFormat::Empty);
}

#[test]
fn jsonl_flat_chat_usage_responses_usage_and_batch_lines() {
    let p = parse_usage(JSONL);
    assert_eq!(p.format, UsageFormat::JsonLines);
    assert_eq!(p.records.len(), 3, "{:?}", p.diagnostics);
    let b = &p.records[1];
    assert_eq!(
        (b.model.as_str(), b.prompt_tokens, b.cached_tokens, b.completion_tokens, b.batch),
        ("gpt-4o-mini-2024-07-18", 2_048.0, 1_024.0, 100.0, true)
    );
    assert_eq!((b.tenant.as_str(), b.feature.as_str()), ("", ""));
    let r = &p.records[2];
    assert_eq!((r.prompt_tokens, r.completion_tokens), (300.0, 50.0));
    let lines: Vec<usize> = p.diagnostics.iter().map(|d| d.line).collect();
    assert_eq!(lines, vec![4, 5, 6, 7]);
    assert!(matches!(p.diagnostics[0].problem, LineProblem::BadJson(_)));
    assert_eq!(p.diagnostics[1].problem, LineProblem::NotAnObject);
    assert_eq!(p.diagnostics[2].problem, LineProblem::NotANumber { column: Column::PromptTokens, value: "lots".into() });
    assert_eq!(p.diagnostics[3].problem, LineProblem::MissingValue(Column::Model));
}

#[test]
fn spend_per_tenant_and_feature_sorted_with_totals() {
    let p = parse_usage(CSV);
    let s = spend(&p.records, &Catalog::builtin(), &AttributionConfig::default());
    assert_eq!(s.diagnostics.len(), 1);
    assert_eq!((s.diagnostics[0].line, &s.diagnostics[0].problem), (9, &LineProblem::UnknownModel("my-deployment".into())));
    // acme: (1,000 × 2.5 + 500 × 10) + (976 × 2.5 + 1,024 × 1.25 + 250 × 10) per 1M.
    let acme = 7_500.0 / 1e6 + (2_440.0 + 1_280.0 + 2_500.0) / 1e6;
    // Globex on gpt-4o-mini: 4,000 × 0.15 + 300 × 0.6 per 1M.
    let globex = (600.0 + 180.0) / 1e6;
    let t = &s.by_tenant;
    assert_eq!(t.rows.iter().map(|r| r.key.as_str()).collect::<Vec<_>>(), vec!["acme", "Globex, Inc."]);
    assert!(close(t.rows[0].cost.total, acme) && close(t.rows[1].cost.total, globex));
    assert!(close(t.total.cost.total, acme + globex));
    assert_eq!(t.total.requests, 3.0);
    assert!(close(t.rows[0].share + t.rows[1].share, 1.0));
    let f = &s.by_feature;
    assert_eq!(f.rows.iter().map(|r| r.key.as_str()).collect::<Vec<_>>(), vec!["search", "chat"]);
    assert!(close(f.total.cost.total, t.total.cost.total));
    for r in t.rows.iter().chain(f.rows.iter()) {
        assert_eq!(r.cost.total, r.cost.input + r.cost.cached_input + r.cost.output);
    }
}

#[test]
fn batch_lines_are_priced_at_the_batch_factor() {
    let one = |batch: &str| {
        let p = parse_usage(&format!("model,prompt_tokens,completion_tokens,batch\ngpt-4o,1000000,0,{batch}\n"));
        spend(&p.records, &Catalog::builtin(), &AttributionConfig::default()).by_tenant.total.cost.total
    };
    assert_eq!((one("false"), one("true")), (2.5, 1.25));
}

#[test]
fn csv_export_quotes_and_defuses_formulas() {
    let p = parse_usage("tenant,model,prompt,completion\n\"=cmd\",gpt-4o,1000000,0\n\"a \"\"b\"\", c\",gpt-4o,0,1000000\n");
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    let s = spend(&p.records, &Catalog::builtin(), &AttributionConfig::default());
    let csv = spend_csv(&s.by_tenant).unwrap();
    assert_eq!(s.by_tenant.grouping, Grouping::Tenant);
    assert_eq!(
        csv,
        "tenant,requests,prompt_tokens,cached_tokens,completion_tokens,input_usd,cached_input_usd,output_usd,total_usd\n\
         \"a \"\"b\"\", c\",1,0,0,1000000,0.000000,0.000000,10.000000,10.000000\n\
         '=cmd,1,1000000,0,0,2.500000,0.000000,0.000000,2.500000\n\
         total,2,1000000,0,1000000,2.500000,0.000000,10.000000,12.500000\n"
    );
}

#[test]
fn diagnostics_are_capped_and_the_rest_counted() {
    // Fails before the fix: every bad line kept a diagnostic (memory grew with the file).
    let mut csv = String::from("model,prompt_tokens,completion_tokens\n");
    for _ in 0..5_000 {
        csv.push_str("gpt-4o,x,1\n");
    }
    let p = parse_usage(&csv);
    assert_eq!(p.diagnostics.len(), batchlane_core::io::MAX_DIAGNOSTICS);
    assert_eq!(p.more_diagnostics, 5_000 - batchlane_core::io::MAX_DIAGNOSTICS as u64);
}

#[test]
fn a_line_over_the_limit_is_skipped_with_its_number() {
    // Fails before the fix: there was no line-length limit.
    let long = "9".repeat(batchlane_core::io::MAX_LINE_BYTES + 1);
    let p = parse_usage(&format!("model,prompt_tokens,completion_tokens\ngpt-4o,{long},1\ngpt-4o,5,1\n"));
    assert_eq!(p.records.len(), 1);
    assert_eq!(p.diagnostics.len(), 1);
    assert_eq!(p.diagnostics[0].line, 2);
    assert!(matches!(p.diagnostics[0].problem, LineProblem::TooLong { .. }));
}

#[test]
fn totals_never_reach_inf_and_keys_are_guarded() {
    // Fails before the fix: two huge lines summed to `inf` in the CSV total,
    // and a key starting with TAB or CR went out unguarded.
    let rec = |line: usize, tenant: &str| UsageRecord {
        line,
        tenant: tenant.into(),
        feature: String::new(),
        model: "gpt-4o".into(),
        prompt_tokens: 9e15,
        cached_tokens: 0.0,
        completion_tokens: 9e15,
        requests: 1e308,
        batch: false,
    };
    let s = spend(&[rec(2, "\t=1+1"), rec(3, "\r=2")], &Catalog::builtin(), &AttributionConfig::default());
    assert_eq!(s.diagnostics.len(), 1, "{:?}", s.diagnostics);
    assert_eq!((s.diagnostics[0].line, &s.diagnostics[0].problem), (3, &LineProblem::CostOverflow));
    let csv = spend_csv(&s.by_tenant).unwrap();
    assert!(!csv.contains("inf") && !csv.contains("NaN"), "{csv}");
    assert!(csv.contains("\n'\t=1+1,"), "{csv}");
    let s = spend(&[rec(2, "\r=2")], &Catalog::builtin(), &AttributionConfig::default());
    assert!(spend_csv(&s.by_tenant).unwrap().contains("\n\"'\r=2\","));
}
