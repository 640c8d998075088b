//! A newer lane matrix from a user: the batch deployments' model matrix
//! (or a Priority region matrix) imported like a tier page becomes dated
//! availability cells with its file as the source, a diff against the
//! built-in tables (added, removed only within what the file covers), a
//! catalog file that reads back, and the lanes the chooser and every
//! look-up answer from; a hostile matrix is refused bounded.

use batchlane_core::batch::Dialect;
use batchlane_core::facts::Scope;
use batchlane_core::facts::{
    all_facts, catalog_file_json, datazone_batch_in, diff_overlay, global_batch_in, import_file, priority_regions, read_catalog_file,
    Catalog, DataZone, ImportFileKind as FileKind, PriorityMatrix, MAX_MATRIX_MD_LINE_CHARS, MAX_MATRIX_MD_ROWS,
};
use batchlane_core::lanes::{choose_lanes, source_text, LaneInput};

const TODAY: &str = "2026-12-05";

fn fixture(name: &str) -> Vec<u8> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/facts-import").join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn vendored(name: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/vendor/model-matrix").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn kept(name: &str, bytes: &[u8]) -> Catalog {
    let imp = import_file(name, bytes, TODAY).unwrap();
    let mut c = Catalog::builtin();
    c.keep_overlay(&diff_overlay(&[imp])).unwrap();
    c
}

#[test]
fn a_batch_matrix_is_read_as_its_kind_and_diffed_cell_by_cell() {
    let imp = import_file("deployments-batch.md", &fixture("deployments-batch.md"), TODAY).unwrap();
    assert_eq!(imp.kind, Some(FileKind::LaneMatrix));
    let diff = diff_overlay(std::slice::from_ref(&imp));
    let added: Vec<&str> = diff.added.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(added, ["lane_batch_global.gpt-5.5/2026-04-24/swedencentral"]);
    let removed: Vec<&str> = diff.removed.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(removed, ["lane_batch_global.o3-mini/2025-01-31/norwayeast"]);
    assert!(diff.changed.is_empty());
    assert!(diff.unchanged > 0);
    for e in diff.added.iter().chain(&diff.removed) {
        assert_eq!(e.file, "deployments-batch.md");
    }
    assert_eq!(diff.added[0].as_of, "2026-10-01");
    // Priority rows are outside a batch matrix: nothing of them is removed;
    // the catalog's other figures are all outside it.
    assert!(diff.removed.iter().all(|e| e.id.starts_with("lane_batch_")));
    assert_eq!(diff.outside, all_facts().count());
}

#[test]
fn the_unchanged_vendored_matrices_change_nothing() {
    for name in ["deployments-batch.md", "standard-global-priority-processing.md", "datazone-standard-priority-processing.md"] {
        let imp = import_file(name, vendored(name).as_bytes(), TODAY).unwrap();
        assert_eq!(imp.kind, Some(FileKind::LaneMatrix), "{name}");
        let diff = diff_overlay(&[imp]);
        assert!(diff.added.is_empty() && diff.removed.is_empty() && diff.changed.is_empty(), "{name}: {diff:?}");
        assert!(diff.unchanged > 0, "{name}");
    }
}

#[test]
fn every_lane_look_up_answers_from_the_kept_matrix() {
    let builtin = Catalog::builtin();
    assert!(!global_batch_in(&builtin, "gpt-5.5", "swedencentral"));
    assert!(global_batch_in(&builtin, "o3-mini", "norwayeast"));
    let c = kept("deployments-batch.md", &fixture("deployments-batch.md"));
    assert!(global_batch_in(&c, "gpt-5.5", "swedencentral"));
    assert!(!global_batch_in(&c, "gpt-5.5", "eastus"));
    assert!(!global_batch_in(&c, "o3-mini", "norwayeast"));
    assert!(global_batch_in(&c, "o3-mini", "eastus"));
    assert!(datazone_batch_in(&c, DataZone::Us, "gpt-5.4", "eastus2"));
    assert_eq!(priority_regions(&c, PriorityMatrix::Global, "gpt-5.4"), priority_regions(&builtin, PriorityMatrix::Global, "gpt-5.4"));

    // A Priority matrix without gpt-5.4 in swedencentral.
    let name = "standard-global-priority-processing.md";
    let text = vendored(name);
    let line = text.lines().find(|l| l.starts_with("| swedencentral")).unwrap();
    let changed = line.replacen('✅', "-", 1);
    let c = kept(name, text.replace(line, &changed).as_bytes());
    let before = priority_regions(&builtin, PriorityMatrix::Global, "gpt-5.4").unwrap();
    let after = priority_regions(&c, PriorityMatrix::Global, "gpt-5.4").unwrap();
    assert!(before.iter().any(|r| r == "swedencentral") && !after.iter().any(|r| r == "swedencentral"));
    assert_eq!(after.len() + 1, before.len());
}

#[test]
fn the_chooser_shows_the_imported_file_as_the_source() {
    let mut input = LaneInput::new("gpt-5.5", Dialect::Azure);
    input.region = Some("swedencentral".into());
    let batch = |c: &Catalog| {
        let report = choose_lanes(&input, c).unwrap();
        report.rows.into_iter().find(|r| r.lane == batchlane_core::facts::Lane::Batch && r.deployment_type == Scope::Global).unwrap()
    };
    let b = batch(&Catalog::builtin());
    assert!(!b.available);
    let c = kept("deployments-batch.md", &fixture("deployments-batch.md"));
    let b = batch(&c);
    assert!(b.available, "{b:?}");
    let src = source_text(&b).unwrap();
    assert!(src.contains("deployments-batch.md") && src.contains("2026-10-01"), "{src}");
    assert_eq!(b.as_of, "2026-10-01");
}

#[test]
fn a_kept_matrix_survives_the_catalog_file() {
    let c = kept("deployments-batch.md", &fixture("deployments-batch.md"));
    let facts: Vec<_> = c.imported_facts().values().cloned().collect();
    let removed: Vec<String> = c.removed_facts().iter().cloned().collect();
    let json = catalog_file_json(&facts, &removed);
    let back = read_catalog_file("cat.json", json.as_bytes()).unwrap();
    let mut again = Catalog::builtin();
    again.set_imported(back.facts).unwrap();
    again.set_removed(back.removed).unwrap();
    assert!(global_batch_in(&again, "gpt-5.5", "swedencentral"));
    assert!(!global_batch_in(&again, "o3-mini", "norwayeast"));
}

#[test]
fn a_hostile_matrix_is_refused_with_its_line_and_field() {
    let text = String::from_utf8(fixture("deployments-batch.md")).unwrap();
    let bad = text.replace("| gpt-5.5 | 2026-04-24 | - | - | - | - | ✅ |", "| gpt-5.5 | 2026-04-24 | - | - | - | - | yes |");
    let e = import_file("m.md", bad.as_bytes(), TODAY).unwrap_err();
    assert_eq!((e.file(), e.line(), e.field.as_str()), ("m.md", 57, "gpt-5.5 × swedencentral"));
    // A million rows (a Priority matrix of one column, under the byte
    // bound): refused at the row bound, having read no more.
    let head = "---\ntitle: Global Standard model availability for priority processing\nms.date: 03/24/2026\n---\n\n\
                | **Region** | **gpt-5.4, 2026-03-05** |\n|:--|:--:|\n";
    let mut big = head.to_string();
    for i in 0..1_000_000 {
        big.push_str(&format!("| r{i} | ✅ |\n"));
    }
    let e = import_file("big.md", big.as_bytes(), TODAY).unwrap_err();
    assert_eq!(e.field, "row");
    assert!(e.line() <= head.lines().count() + MAX_MATRIX_MD_ROWS + 1, "{e:?}");
    assert!(e.reason().en.contains(&MAX_MATRIX_MD_ROWS.to_string()), "{e:?}");
}

/// The rest of the hostile inputs every importer is held to: invalid
/// UTF-8, a control character, a line past the line bound and a date past
/// any number: each refused with the file and a line, never a panic.
#[test]
fn invalid_utf8_control_characters_long_lines_and_huge_dates_are_refused() {
    let text = String::from_utf8(fixture("deployments-batch.md")).unwrap();
    let row = "| gpt-5.5 | 2026-04-24 | - | - | - | - | ✅ |";
    assert!(text.contains(row));
    let mut utf8 = text.replacen(row, "| gpt-5.5 | 2026-04-24 | - | - | - | - | @@ |", 1).into_bytes();
    let at = utf8.windows(2).position(|w| w == b"@@").unwrap();
    utf8.splice(at..at + 2, [0xff, 0xfe]);
    let control = text.replacen(row, "| gpt-5.5 | 2026-04-24 | - | - | - | - | \u{7} |", 1);
    let long = text.replacen(row, &format!("| gpt-5.5 | 2026-04-24 | - | - | - | - | {} |", "✅".repeat(MAX_MATRIX_MD_LINE_CHARS)), 1);
    let date = text.replacen("ms.date:", "ms.date: 99999999999999999999999/01/2026\nold.date:", 1);
    for (what, bytes) in [("utf8", utf8), ("control", control.into_bytes()), ("long", long.into_bytes()), ("date", date.into_bytes())] {
        let e = import_file("m.md", &bytes, TODAY).err().unwrap_or_else(|| panic!("{what}: taken"));
        assert_eq!(e.file(), "m.md", "{what}: {e:?}");
        assert!(e.line() > 0, "{what}: {e:?}");
    }
}

#[test]
fn a_batch_line_is_judged_by_the_kept_matrix() {
    use batchlane_core::batch::{CheckOptions, Checker, Code, NoTokenizer};
    let line = super::batch_model_rules::responses("batch-deploy", "");
    let not_served = |c: &Catalog, model: &str| {
        let o = CheckOptions { dialect: Dialect::Azure, model: Some(model.to_string()), ..CheckOptions::default() };
        let mut ch = Checker::with_tokenizer(o, c, Box::new(NoTokenizer));
        ch.feed(line.as_bytes());
        let r = ch.finish();
        r.diagnostics.iter().any(|d| d.code == Code::ModelNotFound && d.message.contains("Global Batch or Data Zone Batch"))
    };
    let builtin = Catalog::builtin();
    assert!(not_served(&builtin, "gpt-5.5"));
    assert!(!not_served(&builtin, "gpt-4o-mini"));
    let c = kept("deployments-batch.md", &fixture("deployments-batch.md"));
    assert!(!not_served(&c, "gpt-5.5"));
    assert!(!not_served(&c, "gpt-4o-mini"));
    // A matrix that no longer lists gpt-4o-mini anywhere: its lines are warned.
    let text = String::from_utf8(fixture("deployments-batch.md")).unwrap();
    let without: String = text.lines().filter(|l| !l.starts_with("| gpt-4o-mini |")).map(|l| format!("{l}\n")).collect();
    let c = kept("deployments-batch.md", without.as_bytes());
    assert!(not_served(&c, "gpt-4o-mini"));
}
