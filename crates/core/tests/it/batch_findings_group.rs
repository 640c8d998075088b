//! Issue 17, item 7: identical findings grouped, the file's dialect guessed
//! from its url, the trailing-comma marker on the comma, and what repair
//! fixes versus what it leaves for a person.

use batchlane_core::batch::{check_bytes, group, repair, repair_plan, CheckOptions, Code, Dialect, RepairOptions, GROUP_LINES_KEPT};
use batchlane_core::facts::Catalog;

const AZURE_300: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/batch/azure_300.jsonl"));

fn opts(dialect: Dialect) -> CheckOptions {
    CheckOptions { dialect, ..CheckOptions::default() }
}

#[test]
fn an_azure_file_checked_as_openai_is_one_grouped_finding_and_a_hint() {
    let r = check_bytes(AZURE_300, opts(Dialect::OpenAi), &Catalog::builtin());
    let urls = r.diagnostics.iter().filter(|d| d.code == Code::InvalidUrl).count();
    assert_eq!(urls, 300);
    let groups = group(&r.diagnostics);
    let g: Vec<_> = groups.iter().filter(|g| g.code == Code::InvalidUrl).collect();
    assert_eq!(g.len(), 1, "300 identical findings are one row");
    assert_eq!(g[0].count, 300);
    assert_eq!(g[0].lines.len(), GROUP_LINES_KEPT);
    assert_eq!(&g[0].lines[..3], &[1, 2, 3]);
    assert_eq!(r.diagnostics[g[0].first].line, 1);
    assert_eq!(r.looks_like, Some(Dialect::Azure));
    // Checked as Azure: no hint.
    let r = check_bytes(AZURE_300, opts(Dialect::Azure), &Catalog::builtin());
    assert_eq!(r.looks_like, None);
    // The reverse: an OpenAI embeddings file checked as Azure.
    let emb = br#"{"custom_id":"a","method":"POST","url":"/v1/embeddings","body":{"model":"text-embedding-3-small","input":"hi"}}"#;
    assert_eq!(check_bytes(emb, opts(Dialect::Azure), &Catalog::builtin()).looks_like, Some(Dialect::OpenAi));
}

#[test]
fn different_messages_stay_separate_rows() {
    let many = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/batch/many_roles.jsonl"));
    let r = check_bytes(many, opts(Dialect::Azure), &Catalog::builtin());
    let groups = group(&r.diagnostics);
    assert_eq!(groups.iter().filter(|g| g.code == Code::InvalidRequest).count(), 150);
    assert!(groups.iter().all(|g| g.count == 1));
}

#[test]
fn the_trailing_comma_marker_points_at_the_comma() {
    let line = br#"{"custom_id":"a","method":"POST","url":"/chat/completions","body":{"model":"x","messages":[]},}"#;
    let r = check_bytes(line, opts(Dialect::Azure), &Catalog::builtin());
    let d = r.diagnostics.iter().find(|d| d.code == Code::InvalidJsonLine).expect("a JSON error");
    let comma = line.iter().rposition(|&b| b == b',').unwrap() as u64;
    assert_eq!(d.column, Some(comma + 1), "{}", d.message);
    // With spaces between the comma and the brace too.
    let spaced = br#"{"custom_id":"a","method":"POST" ,  }"#;
    let r = check_bytes(spaced, opts(Dialect::Azure), &Catalog::builtin());
    let d = r.diagnostics.iter().find(|d| d.code == Code::InvalidJsonLine).unwrap();
    assert_eq!(d.column, Some(spaced.iter().rposition(|&b| b == b',').unwrap() as u64 + 1));
}

#[test]
fn repair_says_what_it_fixes_and_what_is_left() {
    // A BOM, CRLF, a blank line, a repeated id and a wrong url.
    let mut input = b"\xEF\xBB\xBF".to_vec();
    let line = |id: &str, url: &str| {
        format!(
            r#"{{"custom_id":"{id}","method":"POST","url":"{url}","body":{{"model":"d","max_tokens":5,"messages":[{{"role":"user","content":"hi"}}]}}}}"#
        )
    };
    input.extend(
        format!("{}\r\n\r\n{}\r\n{}\r\n", line("a", "/chat/completions"), line("a", "/chat/completions"), line("b", "/v1/embeddings"))
            .bytes(),
    );
    let o = opts(Dialect::Azure);
    let before = check_bytes(&input, o.clone(), &Catalog::builtin());
    let codes = |v: &[batchlane_core::batch::CodeCount]| v.iter().map(|k| k.code).collect::<Vec<_>>();
    let plan = repair_plan(&before.counts, RepairOptions::default());
    for c in [Code::Utf8Bom, Code::CrlfLineEndings, Code::BlankLine] {
        assert!(codes(&plan.fixes).contains(&c), "{c:?} in {:?}", plan.fixes);
    }
    assert!(codes(&plan.left).contains(&Code::DuplicateCustomId), "renaming not asked for");
    assert!(codes(&plan.left).contains(&Code::UrlMismatch));
    let renaming = repair_plan(&before.counts, RepairOptions { rename_duplicate_ids: true });
    assert!(codes(&renaming.fixes).contains(&Code::DuplicateCustomId));
    // What the plan says is left is exactly what the repaired file still has.
    let (fixed, _) = repair(&input, RepairOptions { rename_duplicate_ids: true });
    let after = check_bytes(&fixed, o, &Catalog::builtin());
    let mut left = codes(&renaming.left);
    let mut still = codes(&after.counts);
    left.sort();
    still.sort();
    assert_eq!(still, left);
}
