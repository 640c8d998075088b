//! `batchlane facts` lists every figure; `batchlane facts import FILE... -o
//! CATALOG` reads the vendors' own files, prints the diff and writes a
//! catalog file; `--catalog CATALOG` makes check, quota, traffic, results
//! and snippets answer with its figures, exactly as the same figures given
//! as `--fact` overrides would.

use batchlane_core::facts::{all_facts, catalog_file_json, Certainty, ImportedFact, Unit};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn run(args: &[&str]) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(args, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixture(rel: &str) -> String {
    root().join("tests/fixtures").join(rel).to_str().unwrap().to_string()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("batchlane-cli-facts-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A catalog file holding `facts` (id, value, unit).
fn catalog_with(name: &str, facts: &[(&str, f64, Unit)]) -> String {
    let facts: Vec<ImportedFact> = facts
        .iter()
        .map(|&(id, value, unit)| ImportedFact {
            id: id.to_string(),
            value,
            unit,
            source: "test (a catalog file)".into(),
            as_of: "2026-11-30".into(),
            certainty: Certainty::Documented,
        })
        .collect();
    let p = temp_dir(name).join("catalog.json");
    std::fs::write(&p, catalog_file_json(&facts, &[])).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn facts_lists_every_figure_with_unit_evidence_source_and_date() {
    let (code, out, err) = run(&["facts"]);
    assert_eq!(code, 0, "{err}");
    let n = all_facts().count();
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("catalog as of 20"), "{}", lines[0]);
    assert_eq!(lines[1], "id\tvalue\tunit\tevidence\tsource\tas_of");
    assert_eq!(lines.len(), n + 2);
    let f = all_facts().find(|f| f.id() == "tier_tpm.o4-mini/global/1").unwrap();
    let row = lines.iter().find(|l| l.starts_with("tier_tpm.o4-mini/global/1\t")).unwrap();
    let cells: Vec<&str> = row.split('\t').collect();
    assert_eq!(cells[1].parse::<f64>().unwrap(), f.value);
    assert_eq!((cells[2], cells[3], cells[5]), ("Tokens", "documented", f.as_of));
    assert!(cells[4].contains(f.source.source().title), "{row}");
    let (code, json, _) = run(&["facts", "--format", "json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["facts"].as_array().unwrap().len(), n);
    assert_eq!(run(&["facts", "--format", "xml"]).0, 2);
}

#[test]
fn import_prints_the_diff_writes_a_catalog_and_quota_reads_it() {
    let dir = temp_dir("import");
    let cat = dir.join("cat.json");
    let (tier, prices) = (fixture("facts-import/tier-1.md"), fixture("facts-import/retail-prices.json"));
    let (code, out, err) = run(&["facts", "import", &tier, &prices, "-o", cat.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("~ tier_tpm.o4-mini/global/1  1000000 -> 1250000  ({tier}, as of 2026-11-30)")), "{out}");
    assert!(out.contains(&format!("~ price_input.gpt-4.1  2 -> 2.2  ({prices}, as of 2026-11-01)")), "{out}");
    assert!(out.contains("+ tier_rpm.gpt-5.7-preview/global/1  - -> 500"), "{out}");
    assert!(out.contains("- tier_tpm.codex-mini/global/1  1000000 -> -"), "{out}");
    assert!(out.contains(&format!("not used: {prices}:")) && out.contains("Items[5].meterName"), "{out}");
    assert!(err.contains("wrote") && cat.exists(), "{err}");

    let q = |extra: &[&str]| {
        let mut a = vec!["quota", "--model", "o4-mini", "--deployment", "global", "--tier", "1", "--format", "json"];
        a.extend_from_slice(extra);
        let (code, out, err) = run(&a);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<Value>(&out).unwrap()
    };
    assert_eq!(q(&[])["tpm"], 1_000_000.0);
    let with = q(&["--catalog", cat.to_str().unwrap()]);
    assert_eq!((with["tpm"].as_f64(), with["rpm"].as_f64()), (Some(1_250_000.0), Some(1_250.0)));
    assert!(with.to_string().contains("quota-tier page, tier 1"), "the source names the file: {with}");
    // A vendor file works as --catalog directly, as does the catalog file in `facts`.
    assert_eq!(q(&["--catalog", &tier])["tpm"], 1_250_000.0);
    let (_, listed, _) = run(&["facts", "--catalog", cat.to_str().unwrap(), "--format", "json"]);
    let v: Value = serde_json::from_str(&listed).unwrap();
    let price = v["facts"].as_array().unwrap().iter().find(|f| f["id"] == "price_input.gpt-4.1").unwrap();
    assert_eq!((price["value"].as_f64(), price["builtin"].as_f64(), price["imported"].as_bool()), (Some(2.2), Some(2.0), Some(true)));
    assert!(v["facts"].as_array().unwrap().iter().any(|f| f["id"] == "tier_rpm.gpt-5.7-preview/global/1" && f["builtin"].is_null()));
}

#[test]
fn a_refused_file_names_its_file_line_and_field() {
    let dir = temp_dir("refused");
    let bad = dir.join("prices.json");
    std::fs::write(&bad, "{\"Items\":[\n{\"currencyCode\":\"USD\",\n\"retailPrice\":1e400}]}").unwrap();
    let (code, out, err) = run(&["facts", "import", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains(&format!("{}:3: Items: number out of range", bad.display())), "{err}");
    let (code, _, err) = run(&["quota", "--model", "o4-mini", "--deployment", "global", "--tier", "1", "--catalog", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("--catalog") && err.contains(":3:"), "{err}");
    let (code, _, err) = run(&["check", "x.jsonl", "--catalog", dir.join("missing.json").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

/// `--catalog F` answers as the same figures given as `--fact`, and differently from the built-in catalog.
fn same_as_facts(cmd: &[&str], id: &str, value: f64, unit: Unit) {
    let cat = catalog_with(&id.replace(['/', '.'], "_"), &[(id, value, unit)]);
    let with = |extra: &[&str]| {
        let mut a = cmd.to_vec();
        a.extend_from_slice(extra);
        run(&a)
    };
    let fact = format!("{id}={value}");
    let (by_catalog, by_fact, builtin) = (with(&["--catalog", &cat]), with(&["--fact", &fact]), with(&[]));
    assert_eq!(by_catalog, by_fact, "{cmd:?}");
    assert_ne!(by_catalog.1, builtin.1, "{cmd:?}: the figure changes the answer");
}

#[test]
fn check_results_traffic_and_snippets_read_the_catalog() {
    let batch = fixture("batch/azure_docs.jsonl");
    same_as_facts(&["check", &batch, "--format", "json", "--no-tokens"], "max_requests_per_file.azure", 2.0, Unit::Count);
    let (output, input) = (fixture("results/chat/output.jsonl"), fixture("results/chat/input.jsonl"));
    same_as_facts(&["results", "--output", &output, "--input", &input, "--format", "json"], "price_input.gpt-4o", 5.0, Unit::UsdPerMTokens);
    let traffic = fixture("traffic/metrics-list.json");
    same_as_facts(&["traffic", &traffic, "--format", "json"], "ptu_price_hourly.global", 3.0, Unit::UsdPerHour);
    same_as_facts(&["snippets", "submit-py"], "min_poll_interval_seconds.azure", 123.0, Unit::Seconds);
}

/// The (model, deployment code) rows of a tier page's table.
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
fn quota_answers_a_model_only_the_catalog_file_adds_and_names_it_when_misspelt() {
    let tier = fixture("facts-import/tier-1.md");
    let q = |model: &str, t: &str, extra: &[&str]| {
        let mut a = vec!["quota", "--model", model, "--deployment", "global", "--tier", t, "--format", "json"];
        a.extend_from_slice(extra);
        run(&a)
    };
    let (code, _, err) = q("gpt-5.7-preview", "1", &[]);
    assert_eq!(code, 2, "the built-in tables lack it");
    assert!(err.contains("unknown model 'gpt-5.7-preview'"), "{err}");
    let (code, out, err) = q("gpt-5.7-preview", "1", &["--catalog", &tier]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    // The page's row: | gpt-5.7-preview | GlobalStandard | 500 | 500,000 |
    assert_eq!((v["model"].as_str(), v["rpm"].as_f64(), v["tpm"].as_f64()), (Some("gpt-5.7-preview"), Some(500.0), Some(500_000.0)));
    assert!(v["sources"].as_array().unwrap().iter().all(|s| s["source"].as_str().unwrap().contains("quota-tier page, tier 1")), "{v}");
    // The text form too, and a misspelling names it among the closest.
    let (code, out, _) = run(&["quota", "--model", "gpt-5.7-preview", "--deployment", "global", "--tier", "1", "--catalog", &tier]);
    assert_eq!(code, 0);
    assert!(out.starts_with("gpt-5.7-preview · GlobalStandard · tier 1"), "{out}");
    let (code, _, err) = q("gpt-5.7-previw", "1", &["--catalog", &tier]);
    assert_eq!(code, 2);
    assert!(err.contains("closest known: gpt-5.7-preview"), "{err}");
    // A tier the file does not give: the combinations it has are named.
    let (code, _, err) = q("gpt-5.7-preview", "2", &["--catalog", &tier]);
    assert_eq!(code, 2);
    assert!(err.contains("global/1"), "{err}");
}

#[test]
fn import_lists_as_removed_only_what_the_page_covers_and_the_catalog_stops_using_it() {
    use batchlane_core::facts::tier_rows;
    let dir = temp_dir("removed");
    let cat = dir.join("cat.json");
    let tier = fixture("facts-import/tier-1.md");
    let text = std::fs::read_to_string(&tier).unwrap();
    let listed = page_rows(&text);
    let (code, out, err) = run(&["facts", "import", &tier, "-o", cat.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // Removed: the figures of tier 1's built-in rows the page does not list; nothing of another tier.
    let gone: Vec<_> = tier_rows()
        .iter()
        .filter(|r| r.tier.code() == "1" && !listed.iter().any(|(m, d)| m == r.model && *d == r.deployment.tier_code()))
        .collect();
    let removed = gone.iter().map(|r| if r.tpm.is_some() { 3 } else { 2 }).sum::<usize>();
    let minus: Vec<&str> = out.lines().filter(|l| l.starts_with("- ")).collect();
    assert_eq!(minus.len(), removed, "{out}");
    assert!(minus.iter().all(|l| l.split_whitespace().nth(1).unwrap().ends_with("/1")), "{out}");
    let summary = out.lines().find(|l| l.contains(" removed, ")).unwrap();
    assert!(summary.contains(&format!("{removed} removed")), "{summary}");
    // Every built-in figure but those the page lists or removes.
    let in_page: usize = tier_rows()
        .iter()
        .filter(|r| r.tier.code() == "1" && listed.iter().any(|(m, d)| m == r.model && *d == r.deployment.tier_code()))
        .map(|r| if r.tpm.is_some() { 3 } else { 2 })
        .sum();
    let outside = all_facts().count() - in_page - removed;
    assert!(summary.ends_with(&format!("{outside} built-in figures not in these files stay as they are")), "{summary}");
    // The catalog file carries the removals: with it, as with the page itself, tier 1 loses the row; tier 2 keeps it.
    let r = &gone[0];
    let (model, d) = (r.model, r.deployment.tier_code());
    for with in [cat.to_str().unwrap(), tier.as_str()] {
        let (code, _, err) = run(&["quota", "--model", model, "--deployment", d, "--tier", "1", "--catalog", with]);
        assert_eq!(code, 2, "{with}: {err}");
        assert!(err.contains(&format!("{model} has no {d} row at tier 1")), "{err}");
    }
    let (code, _, err) = run(&["quota", "--model", model, "--deployment", d, "--tier", "1"]);
    assert_eq!(code, 0, "built in: {err}");
    // `facts` marks the removed figures.
    let (_, listed_out, _) = run(&["facts", "--catalog", cat.to_str().unwrap()]);
    assert!(listed_out
        .lines()
        .any(|l| l.starts_with(&format!("tier_rpm.{}\t", r.subject)) && l.contains("(removed by an imported file: not used)")));
}
