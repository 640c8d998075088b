//! The catalog refreshed from the vendors' own files: a tier page and a
//! retail-prices response become dated figures with their file as the
//! source, a diff against the built-in catalog, an overlay the tools read,
//! and a catalog file that reads back; hostile files are refused with
//! their file, line and field, never a panic.

use batchlane_core::facts::{
    catalog_age_days, catalog_file_json, diff_overlay, import_file, import_files, read_catalog_file, Catalog, Kind, CATALOG_STALE_DAYS,
    MAX_IMPORT_BYTES, MAX_IMPORT_FACTS, MAX_IMPORT_ITEMS, MAX_JSON_LINE_BYTES, MAX_TIER_MD_ROWS,
};

const TODAY: &str = "2026-12-05";

fn fixture(name: &str) -> Vec<u8> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/facts-import").join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The 1-based line of the first occurrence of `needle` in `text`.
fn line_with(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).map(|i| i + 1).unwrap_or_else(|| panic!("no line has {needle}"))
}

#[test]
fn a_tier_page_changes_adds_and_removes_rows_each_with_its_file() {
    let bytes = fixture("tier-1.md");
    let imp = import_file("tier-1.md", &bytes, TODAY).unwrap();
    let diff = diff_overlay(std::slice::from_ref(&imp));
    let changed: Vec<(&str, Option<f64>, Option<f64>)> = diff.changed.iter().map(|e| (e.id.as_str(), e.old, e.new)).collect();
    assert_eq!(
        changed,
        [("tier_rpm.o4-mini/global/1", Some(1_000.0), Some(1_250.0)), ("tier_tpm.o4-mini/global/1", Some(1_000_000.0), Some(1_250_000.0))]
    );
    let added: Vec<&str> = diff.added.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(
        added,
        ["tier_rpm.gpt-5.7-preview/global/1", "tier_rpm_window_seconds.gpt-5.7-preview/global/1", "tier_tpm.gpt-5.7-preview/global/1"]
    );
    assert!(diff.removed.iter().any(|e| e.id == "tier_tpm.codex-mini/global/1" && e.new.is_none()));
    assert!(diff.removed.iter().all(|e| !e.id.contains("o4-mini/global/1")));
    for e in diff.changed.iter().chain(&diff.added).chain(&diff.removed) {
        assert_eq!(e.file, "tier-1.md", "{}", e.id);
    }
    let f = diff.facts.iter().find(|f| f.id == "tier_rpm.o4-mini/global/1").unwrap();
    assert_eq!(f.as_of, "2026-11-30");
    assert!(f.source.starts_with("tier-1.md (quota-tier page, tier 1"), "{}", f.source);

    // The overlay is what the tools read; an override still wins.
    let mut c = Catalog::builtin();
    c.set_imported(diff.facts.clone()).unwrap();
    assert_eq!(c.get(Kind::TierTpm, "o4-mini/global/1"), Some(1_250_000.0));
    assert_eq!(c.get(Kind::TierRpm, "gpt-5.7-preview/global/1"), Some(500.0));
    assert_eq!(c.get(Kind::TierTpm, "gpt-4.1/global/1"), Some(1_000_000.0));
    c.set_override("tier_tpm.o4-mini/global/1", 7.0).unwrap();
    assert_eq!(c.get(Kind::TierTpm, "o4-mini/global/1"), Some(7.0));
    assert_eq!(c.as_of().as_str().max("2026-11-30"), c.as_of().as_str());
}

#[test]
fn retail_prices_map_global_meters_and_report_the_others_by_line() {
    let bytes = fixture("retail-prices.json");
    let text = String::from_utf8(bytes.clone()).unwrap();
    let imp = import_file("retail-prices.json", &bytes, TODAY).unwrap();
    let got: Vec<(&str, f64, &str)> = imp.facts.iter().map(|f| (f.id.as_str(), f.value, f.as_of.as_str())).collect();
    assert_eq!(
        got,
        [
            ("price_cached_input.gpt-4.1", 0.55, "2026-11-01"),
            ("price_input.gpt-4.1", 2.2, "2026-11-01"),
            ("price_output.gpt-4.1", 8.0, "2026-11-01")
        ]
    );
    // Each skipped meter is named by the line its item starts on (the `{` nine lines above its meterName).
    let skipped: Vec<(usize, &str)> = imp.skipped.iter().map(|p| (p.line(), p.field.as_str())).collect();
    assert_eq!(
        skipped,
        [
            (line_with(&text, "gpt 4.1 Inp DZone Tokens") - 9, "Items[3].meterName"),
            (line_with(&text, "gpt 4.1 Batch Inp glbl") - 9, "Items[4].meterName"),
            (line_with(&text, "Grok 4.1 Inp Glbl Tokens") - 9, "Items[5].meterName"),
        ]
    );
    assert!(imp.skipped[2].reason().en.contains("grok-4.1"), "{}", imp.skipped[2].reason().en);
    let diff = diff_overlay(std::slice::from_ref(&imp));
    let changed: Vec<&str> = diff.changed.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(changed, ["price_cached_input.gpt-4.1", "price_input.gpt-4.1"]);
    assert_eq!(diff.unchanged, 1);
    let mut c = Catalog::builtin();
    c.set_imported(diff.facts).unwrap();
    assert_eq!(c.get(Kind::PriceInput, "gpt-4.1"), Some(2.2));
}

#[test]
fn several_pages_in_one_file_and_the_later_date_wins_across_files() {
    let page = |price: f64, date: &str| {
        format!(
            r#"{{"Items":[{{"currencyCode":"USD","retailPrice":{price},"unitOfMeasure":"1M","meterName":"GPT 5 Inpt Glbl 1M Tokens","effectiveStartDate":"{date}T00:00:00Z","type":"Consumption","isPrimaryMeterRegion":true}}],"NextPageLink":null}}"#
        )
    };
    let two = format!("[{},\n{}]", page(1.5, "2026-09-01"), page(1.0, "2026-10-01"));
    let imp = import_file("pages.json", two.as_bytes(), TODAY).unwrap();
    assert_eq!(imp.facts.len(), 1);
    assert_eq!((imp.facts[0].value, imp.facts[0].as_of.as_str()), (1.0, "2026-10-01"));
    assert_eq!(imp.skipped.len(), 1, "the other meter for the same figure is reported");
    assert_eq!((imp.skipped[0].line(), imp.skipped[0].field.as_str()), (1, "Items[0].meterName"), "the earlier meter is the one set aside");
    let older = page(9.0, "2026-01-01");
    let both = import_files(&[("a.json", two.as_bytes()), ("b.json", older.as_bytes())], TODAY).unwrap();
    let diff = diff_overlay(&both);
    assert_eq!(diff.changed.len(), 1);
    assert_eq!((diff.changed[0].new, diff.changed[0].file.as_str()), (Some(1.0), "a.json"));
}

#[test]
fn a_spec_gives_its_revision_and_the_models_the_catalog_lacks() {
    let spec = r#"{"openapi":"3.1.0","info":{"title":"OpenAI API","version":"2.3.0"},
        "paths":{"/batches":{"post":{}},"/chat/completions":{}},
        "components":{"schemas":{"ModelIdsShared":{"anyOf":[{"type":"string"},{"type":"string","enum":["gpt-4o","gpt-7-nova"]}]},"Other":{"enum":["x"]}}}}"#;
    let imp = import_file("openapi.json", spec.as_bytes(), TODAY).unwrap();
    assert_eq!(imp.facts.len(), 1);
    assert_eq!((imp.facts[0].id.as_str(), imp.facts[0].as_of.as_str()), ("body_schema.openai", TODAY));
    assert!(imp.facts[0].source.contains("2 paths") && imp.facts[0].source.contains("day of the import"), "{}", imp.facts[0].source);
    assert_eq!(imp.unknown_names, ["gpt-7-nova"]);
    let azure = r#"{"swagger":"2.0","info":{"title":"Azure OpenAI Service API","version":"2025-04-01-preview"},"paths":{}}"#;
    let imp = import_file("azure.json", azure.as_bytes(), TODAY).unwrap();
    assert_eq!((imp.facts[0].id.as_str(), imp.facts[0].as_of.as_str()), ("body_schema.azure", "2025-04-01"));
}

#[test]
fn a_catalog_file_reads_back_and_refuses_what_an_override_refuses() {
    let imp = import_file("tier-1.md", &fixture("tier-1.md"), TODAY).unwrap();
    let diff = diff_overlay(&[imp]);
    let json = catalog_file_json(&diff.facts, &[]);
    let back = read_catalog_file("catalog.json", json.as_bytes()).unwrap();
    assert_eq!(back.facts, diff.facts);
    // Read through import_file too (what `--catalog` and the page do).
    assert_eq!(import_file("catalog.json", json.as_bytes(), TODAY).unwrap().facts, diff.facts);
    let bad = json.replacen("\"value\": 1250.0", "\"value\": -1.0", 1);
    assert_ne!(bad, json);
    let e = read_catalog_file("catalog.json", bad.as_bytes()).unwrap_err();
    assert_eq!(e.file(), "catalog.json");
    assert!(e.field.starts_with("facts[") && e.reason().en.contains("negative"), "{e}");
    let line = e.line();
    assert!(bad.lines().nth(line - 1).unwrap().trim() == "{", "line {line} starts the fact");
    let wrong = json.replace("batchlane-catalog-overlay/1", "batchlane-catalog-overlay/9");
    assert_eq!(read_catalog_file("c.json", wrong.as_bytes()).unwrap_err().field, "format");
}

#[test]
fn a_huge_file_is_refused_before_it_is_read() {
    let big = vec![b' '; MAX_IMPORT_BYTES + 1];
    let e = import_file("huge.json", &big, TODAY).unwrap_err();
    assert_eq!((e.file(), e.line()), ("huge.json", 0));
    assert!(e.reason().en.contains("larger than"), "{e}");
    // A line past the JSON line limit, in a file under the size limit.
    let mut long = String::from("{\"Items\":[{\"meterName\":\"");
    long.push_str(&"a".repeat(MAX_JSON_LINE_BYTES));
    long.push_str("\"}]}");
    let e = import_file("long.json", long.as_bytes(), TODAY).unwrap_err();
    assert_eq!(e.line(), 1);
    assert!(e.reason().en.contains("longer than"), "{e}");
}

#[test]
fn control_characters_are_refused_or_reported_with_their_line() {
    let page = "---\nms.date: 11/30/2026\ntitle: Quota tier 1\n---\n| Model Name | a | b | c |\n|--|--|--|--|\n| o4-mini | GlobalStandard | 1\u{7} | 5 |\n";
    let e = import_file("tier.md", page.as_bytes(), TODAY).unwrap_err();
    assert_eq!((e.file(), e.line()), ("tier.md", 7));
    assert!(e.reason().en.contains("control"), "{e}");
    let json = "{\"Items\":[\n{\"currencyCode\":\"USD\",\"retailPrice\":0.001,\"unitOfMeasure\":\"1K\",\"meterName\":\"gpt 4.1 \\u0007 Inp glbl\",\"effectiveStartDate\":\"2026-11-01\"}]}";
    let imp = import_file("p.json", json.as_bytes(), TODAY).unwrap();
    assert!(imp.facts.is_empty());
    assert_eq!((imp.skipped[0].line(), imp.skipped[0].field.as_str()), (2, "Items[0].meterName"));
    assert!(!imp.skipped[0].reason().en.chars().any(char::is_control), "the report itself holds no control character");
    // A raw control character in JSON text is not JSON: refused at its line.
    let raw = "{\"Items\":[\n{\"meterName\":\"a\u{1b}b\"}]}";
    assert_eq!(import_file("r.json", raw.as_bytes(), TODAY).unwrap_err().line(), 2);
    let cat = catalog_file_json(&[], &[]).replace("[]", "[{\"id\":\"price_input.gpt-4.1\",\"value\":1.0,\"unit\":\"UsdPerMTokens\",\"source\":\"x\\u0000\",\"as_of\":\"2026-11-01\",\"certainty\":\"Documented\"}]");
    assert!(read_catalog_file("c.json", cat.as_bytes()).is_err());
}

#[test]
fn numbers_beyond_f64_are_refused_with_line_and_field() {
    let json = "{\"Items\":[\n{\"currencyCode\":\"USD\",\n\"retailPrice\":1e400}]}";
    let e = import_file("p.json", json.as_bytes(), TODAY).unwrap_err();
    assert_eq!((e.file(), e.line(), e.field.as_str()), ("p.json", 3, "Items"));
    assert!(e.reason().en.contains("out of range"), "{e}");
    let page = "---\nms.date: 11/30/2026\ntitle: Quota tier 1\n---\n| Model Name | a | b | c |\n|--|--|--|--|\n| o4-mini | GlobalStandard | 1 | 1e400 |\n";
    let e = import_file("tier.md", page.as_bytes(), TODAY).unwrap_err();
    assert_eq!((e.line(), e.field.as_str()), (7, "tpm"));
    let page = page.replace("1e400", &"9".repeat(400));
    assert_eq!(import_file("tier.md", page.as_bytes(), TODAY).unwrap_err().field, "tpm");
    let cat = catalog_file_json(&[], &[]).replace("[]", "[\n{\"id\":\"price_input.gpt-4.1\",\"value\":1e999}]");
    let e = read_catalog_file("c.json", cat.as_bytes()).unwrap_err();
    assert_eq!(e.line(), 4);
}

#[test]
fn tables_of_a_million_rows_stop_at_their_caps() {
    let mut page = String::from("---\nms.date: 11/30/2026\ntitle: Quota tier 1\n---\n| Model Name | a | b | c |\n|--|--|--|--|\n");
    for i in 0..1_000_000 {
        page.push_str(&format!("| m{i} | Standard | 1 | 1 |\n"));
    }
    let e = import_file("tier.md", page.as_bytes(), TODAY).unwrap_err();
    assert_eq!((e.line(), e.field.as_str()), (7 + MAX_TIER_MD_ROWS, "row"));
    let mut json = String::from("{\"Items\":[\n");
    for i in 0..1_000_000 {
        json.push_str(if i == 0 { "{}\n" } else { ",{}\n" });
    }
    json.push_str("]}");
    let e = import_file("p.json", json.as_bytes(), TODAY).unwrap_err();
    assert_eq!(e.line(), 2 + MAX_IMPORT_ITEMS, "{e}");
    assert!(e.reason().en.contains(&format!("more than {MAX_IMPORT_ITEMS} items")), "{e}");
    let fact =
        r#"{"id":"price_input.gpt-4.1","value":1,"unit":"UsdPerMTokens","source":"s","as_of":"2026-11-01","certainty":"Documented"}"#;
    let mut cat = String::from("{\"format\":\"batchlane-catalog-overlay/1\",\"facts\":[\n");
    // As many as fit under the size cap; the cap on facts comes first.
    for i in 0..MAX_IMPORT_FACTS + 1_000 {
        if i > 0 {
            cat.push(',');
        }
        cat.push_str(fact);
        cat.push('\n');
    }
    cat.push_str("]}");
    let e = read_catalog_file("c.json", cat.as_bytes()).unwrap_err();
    assert_eq!((e.line(), e.reason().en.clone()), (2 + MAX_IMPORT_FACTS, format!("more than {MAX_IMPORT_FACTS} items")));
}

#[test]
fn the_catalog_names_its_age() {
    let c = Catalog::builtin();
    let as_of = c.as_of();
    let age = catalog_age_days(&as_of, "2030-01-01").unwrap();
    assert!(age > CATALOG_STALE_DAYS);
    assert_eq!(catalog_age_days(&as_of, &as_of).filter(|_| as_of.len() == 10), (as_of.len() == 10).then_some(0));
}

#[test]
fn a_name_too_long_for_the_catalog_is_reported_not_kept() {
    let model = "m".repeat(400);
    let page = format!("---\nms.date: 11/30/2026\ntitle: Quota tier 1\n---\n| Model Name | a | b | c |\n|--|--|--|--|\n| {model} | GlobalStandard | 1 | 1 |\n| o4-mini | GlobalStandard | 5 | 5 |\n");
    let imp = import_file(&format!("{}.md", "n".repeat(400)), page.as_bytes(), TODAY).unwrap();
    assert_eq!(imp.facts.len(), 3, "o4-mini's three figures");
    assert_eq!(imp.skipped.len(), 3, "the long name's three figures, reported");
    let mut c = Catalog::builtin();
    c.set_imported(diff_overlay(&[imp]).facts).unwrap();
    assert_eq!(c.get(Kind::TierRpm, "o4-mini/global/1"), Some(5.0));
}

/// The (model, deployment code, tier code) rows a tier page's fixture lists, read from its table.
fn page_rows(text: &str) -> Vec<(String, &'static str)> {
    text.lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim().trim_matches('|').split('|').map(str::trim).collect();
            let d = match *cells.get(1)? {
                "GlobalStandard" => "global",
                "DataZoneStandard" => "datazone",
                "Standard" => "standard",
                _ => return None,
            };
            Some((cells[0].to_string(), d))
        })
        .collect()
}

#[test]
fn a_model_only_an_imported_tier_page_adds_is_listed_answered_and_planned() {
    use batchlane_core::facts::{catalog_tier_models, tier_answer, QuotaTier, Scope};
    use batchlane_core::quota::{plan, planner_model, planner_models, PlanInput, RatioSource};
    let text = String::from_utf8(fixture("tier-1.md")).unwrap();
    // A model the page lists and the built-in tables do not.
    let builtin = Catalog::builtin();
    let new: Vec<String> = page_rows(&text).into_iter().map(|(m, _)| m).filter(|m| !catalog_tier_models(&builtin).contains(m)).collect();
    assert_eq!(new, ["gpt-5.7-preview"]);
    let model = new[0].as_str();
    assert!(!planner_models(&builtin).iter().any(|m| m == model));
    assert_eq!(planner_model(&builtin, model), None);
    assert!(tier_answer(&builtin, model, Scope::Global, QuotaTier::T1).is_err());

    let imp = import_file("tier-1.md", text.as_bytes(), TODAY).unwrap();
    let mut c = Catalog::builtin();
    c.keep_overlay(&diff_overlay(&[imp])).unwrap();
    assert!(catalog_tier_models(&c).iter().any(|m| m == model));
    assert!(planner_models(&c).iter().any(|m| m == model), "the planner lists it");
    assert_eq!(planner_model(&c, &model.to_uppercase()).as_deref(), Some(model));
    // The CLI's and Python's answer: the row's figures, the file as their source.
    let a = tier_answer(&c, model, Scope::Global, QuotaTier::T1).unwrap();
    let id = |kind: Kind| format!("{kind}.{model}/global/1");
    assert_eq!(Some(a.limit.tpm.unwrap()), c.imported(&id(Kind::TierTpm)).map(|f| f.value));
    assert_eq!(a.limit.rpm, c.imported(&id(Kind::TierRpm)).unwrap().value);
    assert!(a.limit.sources.iter().all(|s| s.source.starts_with("tier-1.md (quota-tier page") && s.as_of == "2026-11-30"));
    // The planner plans it from the imported row.
    let input = PlanInput {
        model: model.to_string(),
        deployment: batchlane_core::facts::DeploymentType::GlobalStandard,
        tier: Some(QuotaTier::T1),
        rpm_per_1k_tpm: None,
        ..PlanInput::default()
    };
    let p = plan(&input, &c).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(p.ratio_source, RatioSource::TierTable);
    assert_eq!(p.tier.as_ref().map(|t| t.tpm), Some(a.limit.tpm));
    assert!(plan(&input, &builtin).is_err(), "without the import the model is unknown");
}

#[test]
fn removed_lists_only_what_the_file_covers_and_kept_removals_stop_answering() {
    use batchlane_core::facts::{all_facts, tier_answer, tier_rows, QuotaTier, Scope};
    let text = String::from_utf8(fixture("tier-1.md")).unwrap();
    let listed = page_rows(&text);
    let imp = import_file("tier-1.md", text.as_bytes(), TODAY).unwrap();
    let diff = diff_overlay(std::slice::from_ref(&imp));
    // Removed: exactly the figures of the built-in tier-1 rows the page does not list.
    let mut expected: Vec<String> = tier_rows()
        .iter()
        .filter(|r| r.tier == QuotaTier::T1 && !listed.iter().any(|(m, d)| m == r.model && *d == r.deployment.tier_code()))
        .flat_map(|r| {
            let kinds: &[Kind] = if r.tpm.is_some() {
                &[Kind::TierRpm, Kind::TierRpmWindowSeconds, Kind::TierTpm]
            } else {
                &[Kind::TierRpm, Kind::TierRpmWindowSeconds]
            };
            kinds.iter().map(|k| format!("{k}.{}", r.subject)).collect::<Vec<_>>()
        })
        .collect();
    expected.sort();
    let mut removed: Vec<String> = diff.removed.iter().map(|e| e.id.clone()).collect();
    removed.sort();
    assert_eq!(removed, expected);
    assert!(diff.removed.iter().all(|e| e.id.ends_with("/1") && e.new.is_none() && e.old.is_some()));
    // Everything else built in is counted as outside the file, unchanged.
    assert_eq!(diff.outside + diff.removed.len() + diff.changed.len() + diff.unchanged, all_facts().count());
    assert!(diff.outside > 0);

    // Kept, the removed rows stop answering; other tiers' rows stay.
    let gone = diff.removed.iter().find(|e| e.id.starts_with("tier_tpm.codex-mini/global/")).unwrap();
    let mut c = Catalog::builtin();
    c.keep_overlay(&diff).unwrap();
    assert!(c.is_removed(&gone.id));
    assert_eq!(c.get(Kind::TierTpm, "codex-mini/global/1"), None);
    assert!(c.get(Kind::TierTpm, "codex-mini/global/2").is_some());
    assert!(tier_answer(&c, "codex-mini", Scope::Global, QuotaTier::T1).is_err());
    assert!(tier_answer(&c, "codex-mini", Scope::Global, QuotaTier::T2).is_ok());
    // An override still answers; removing the imported figures brings the built-in ones back.
    c.set_override(&gone.id, 5.0).unwrap();
    assert_eq!(c.get(Kind::TierTpm, "codex-mini/global/1"), Some(5.0));
    c.clear_override(&gone.id);
    c.clear_imported();
    assert_eq!(c.get(Kind::TierTpm, "codex-mini/global/1"), gone.old);

    // A catalog file carries the removals: read back, the same catalog.
    let ids: Vec<String> = diff.removed.iter().map(|e| e.id.clone()).collect();
    let json = catalog_file_json(&diff.facts, &ids);
    let back = import_file("catalog.json", json.as_bytes(), TODAY).unwrap();
    let mut from_file = Catalog::builtin();
    from_file.keep_overlay(&diff_overlay(&[back])).unwrap();
    let mut kept = Catalog::builtin();
    kept.keep_overlay(&diff).unwrap();
    assert_eq!(from_file, kept);
    // A removal that names no built-in figure is refused with its field.
    let bad = catalog_file_json(&diff.facts, &["tier_tpm.nothing/global/1".to_string()]);
    let e = read_catalog_file("c.json", bad.as_bytes()).unwrap_err();
    assert_eq!(e.field, "removed[0]");
}

#[test]
fn a_row_listed_without_tpm_removes_only_its_tpm() {
    // o4-mini Global tier 1 is built in with a TPM; a page that writes "-" no longer states one.
    let page = "---\ntitle: Quota tier 1\nms.date: 11/30/2026\n---\n| Model Name | Deployment Type | RPM | TPM |\n|--|--|--|--|\n| o4-mini | GlobalStandard | 1,000 | - |\n";
    let imp = import_file("tier-1.md", page.as_bytes(), TODAY).unwrap();
    let diff = diff_overlay(&[imp]);
    assert!(diff.removed.iter().any(|e| e.id == "tier_tpm.o4-mini/global/1"));
    assert!(!diff.removed.iter().any(|e| e.id == "tier_rpm.o4-mini/global/1" || e.id == "tier_rpm_window_seconds.o4-mini/global/1"));
    let mut c = Catalog::builtin();
    c.keep_overlay(&diff).unwrap();
    assert_eq!(c.get(Kind::TierTpm, "o4-mini/global/1"), None);
    assert!(c.get(Kind::TierRpm, "o4-mini/global/1").is_some());
}
