//! A newer tier CSV: parsed and checked row by row, compared with the
//! catalog, applied as overrides; and the catalog's JSON export.

use batchlane_core::facts::{
    all_facts, builtin_tier_row, catalog_json, diff_tiers, parse_tier_csv, Catalog, FileProblem, Kind, QuotaTier, RowProblem, Scope,
    CATALOG_FORMAT, MAX_TIER_LINE_CHARS, MAX_TIER_ROWS,
};

const HEADER: &str = "tier,model,deployment_type,rpm,rpm_window_seconds,tpm,source,ms_date";

/// A built-in row written back in the CSV's format, with rpm/tpm as given.
fn line(tier: QuotaTier, model: &str, dep: Scope, rpm: f64, window: f64, tpm: Option<f64>) -> String {
    let tpm = tpm.map(|t| t.to_string()).unwrap_or_default();
    format!("{},{model},{},{rpm},{window},{tpm},x.md@1,2026-09-01", tier.code(), dep.vendor_name())
}

#[test]
fn good_rows_pass_and_every_bad_row_gets_its_line_and_reason() {
    let text = format!(
        "\u{feff}{HEADER}\r\n\
         1,gpt-4.1,GlobalStandard,1000,60,1000000,a.md@1,2026-09-01\r\n\
         9,gpt-4.1,GlobalStandard,1,60,1,a,2026-09-01\n\
         1,gpt-4.1,Provisioned,1,60,1,a,2026-09-01\n\
         1,,GlobalStandard,1,60,1,a,2026-09-01\n\
         1,gpt-4.1,GlobalStandard,-5,60,1,a,2026-09-01\n\
         1,gpt-4.1,DataZoneStandard,5,30,1,a,2026-09-01\n\
         1,gpt-4.1,Standard,5,60,inf,a,2026-09-01\n\
         1,gpt-4.1,Standard,5,60,1,a,Sept 2026\n\
         1,gpt-4.1,Standard,5,60\n\
         \n\
         1,gpt-4.1,GlobalStandard,2,60,2,a,2026-09-01\n\
         free,\"gpt-image-1\",globalstandard,9,60,,\"free.md@0ff1f5e, newer\",2026-02-18\n"
    );
    let p = parse_tier_csv(&text).unwrap();
    assert_eq!(p.rows.len(), 2);
    assert_eq!((p.rows[0].line, p.rows[0].rpm, p.rows[0].tpm), (2, 1000.0, Some(1_000_000.0)));
    assert_eq!((p.rows[1].tier, p.rows[1].model.as_str(), p.rows[1].tpm), (QuotaTier::Free, "gpt-image-1", None));
    assert_eq!(p.rows[1].source, "free.md@0ff1f5e, newer");
    let got: Vec<(usize, RowProblem)> = p.errors.iter().map(|e| (e.line(), e.problem.clone())).collect();
    assert_eq!(
        got,
        vec![
            (3, RowProblem::Tier("9".into())),
            (4, RowProblem::Deployment("Provisioned".into())),
            (5, RowProblem::EmptyModel),
            (6, RowProblem::Number { column: "rpm", value: "-5".into() }),
            (7, RowProblem::Window("30".into())),
            (8, RowProblem::Number { column: "tpm", value: "inf".into() }),
            (9, RowProblem::Date("Sept 2026".into())),
            (10, RowProblem::Columns { found: 5, expected: 8 }),
            (12, RowProblem::Duplicate { first_line: 2 }),
        ]
    );
}

#[test]
fn a_file_without_the_header_is_refused_whole() {
    assert_eq!(parse_tier_csv(""), Err(FileProblem::Empty));
    assert!(matches!(parse_tier_csv("tier,model,rpm\n1,a,2\n"), Err(FileProblem::Header(_))));
}

#[test]
fn size_is_bounded_long_lines_and_rows_past_the_cap_are_refused() {
    let long = format!("1,{},GlobalStandard,1,60,1,a,2026-09-01", "m".repeat(MAX_TIER_LINE_CHARS));
    let mut text = format!("{HEADER}\n{long}\n");
    for i in 0..MAX_TIER_ROWS + 10 {
        text.push_str(&format!("1,model-{i},GlobalStandard,1,60,1,a,2026-09-01\n"));
    }
    let p = parse_tier_csv(&text).unwrap();
    assert_eq!(p.errors[0].problem, RowProblem::TooLong { max: MAX_TIER_LINE_CHARS });
    assert_eq!(p.rows.len(), MAX_TIER_ROWS - 1);
    assert_eq!(p.skipped, 11);
    assert_eq!(p.errors.len(), 2);
    assert_eq!(p.errors[1].problem, RowProblem::TooManyRows { max: MAX_TIER_ROWS });
}

#[test]
fn the_diff_names_changed_figures_added_and_removed_rows_and_applies_only_the_changes() {
    use QuotaTier::T6;
    use Scope::Global;
    // Every built-in row of tier 6 as it is, then three edits.
    let t6: Vec<_> = batchlane_core::facts::tier_rows().iter().filter(|r| r.tier == T6).collect();
    assert!(t6.len() > 3);
    let (a, b) = (t6[0], t6[1]);
    let mut lines = vec![HEADER.to_string()];
    for r in &t6[2..] {
        lines.push(line(r.tier, r.model, r.deployment, r.rpm, r.window_seconds, r.tpm));
    }
    // a: rpm doubled and the window moved to 10 s; b: left out; a new model added.
    lines.push(line(T6, a.model, a.deployment, a.rpm * 2.0, 10.0, a.tpm));
    lines.push(line(T6, "gpt-next", Global, 7.0, 60.0, Some(7000.0)));
    let p = parse_tier_csv(&lines.join("\n")).unwrap();
    assert!(p.errors.is_empty(), "{:?}", p.errors);

    let catalog = Catalog::builtin();
    let d = diff_tiers(&p, &catalog);
    let changed: Vec<(String, f64, f64)> = d.changed.iter().map(|c| (c.id.clone(), c.old, c.new)).collect();
    let mut expected = vec![(format!("tier_rpm.{}", a.subject), a.rpm, a.rpm * 2.0)];
    if a.window_seconds != 10.0 {
        expected.push((format!("tier_rpm_window_seconds.{}", a.subject), a.window_seconds, 10.0));
    }
    assert_eq!(changed, expected);
    assert_eq!(d.added.iter().map(|r| r.model.as_str()).collect::<Vec<_>>(), ["gpt-next"]);
    assert_eq!(d.removed.iter().map(|k| (k.model.as_str(), k.deployment)).collect::<Vec<_>>(), [(b.model, b.deployment)]);
    assert_eq!(d.unchanged, t6.len() - 2);
    assert!(builtin_tier_row("gpt-next", Global, T6).is_none());

    // Applied: the catalog reads the new figures; the old catalog is untouched (undo keeps it).
    let next = d.apply(&catalog).unwrap();
    assert_eq!(next.get(Kind::TierRpm, a.subject), Some(a.rpm * 2.0));
    assert_eq!(catalog.get(Kind::TierRpm, a.subject), Some(a.rpm));
    assert_eq!(next.overrides().len(), expected.len());
    // Imported again over the applied catalog: nothing left to change.
    assert!(diff_tiers(&p, &next).changed.is_empty());
}

#[test]
fn the_export_lists_every_fact_with_the_value_in_use() {
    let first = all_facts().next().unwrap();
    let mut catalog = Catalog::builtin();
    catalog.set_override(&first.id(), first.value + 1.0).unwrap();
    let json: serde_json::Value = serde_json::from_str(&catalog_json(&catalog)).unwrap();
    assert_eq!(json["format"], CATALOG_FORMAT);
    let facts = json["facts"].as_array().unwrap();
    assert_eq!(facts.len(), all_facts().count());
    assert_eq!(facts[0]["id"], first.id());
    assert_eq!(facts[0]["value"], first.value + 1.0);
    assert_eq!(facts[0]["builtin"], first.value);
    assert_eq!(facts[0]["overridden"], true);
    assert_eq!(facts[1]["overridden"], false);
}
