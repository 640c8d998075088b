//! `batchlane check`'s option flags come from the core's one table
//! (`batch::CHECK_OPTIONS`): every row is a flag, listed in `--help`, read
//! through the same mapping as the page and Python; old flags still work.

use batchlane_core::batch::{OptionKind, Surface, CHECK_OPTIONS};
use std::process::Command;

fn fixture(name: &str) -> String {
    format!("{}/../../tests/fixtures/batch/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn check(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_batchlane")).arg("check").args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn summary(args: &[&str]) -> serde_json::Value {
    let mut all = vec![fixture("valid.jsonl"), "--format".into(), "json".into()];
    all.extend(args.iter().map(|a| a.to_string()));
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    let (code, out, err) = check(&refs);
    assert!(code <= 1, "{args:?}: {code} {err}");
    serde_json::from_str::<serde_json::Value>(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"))["summary"].clone()
}

/// A value each row takes (not its default).
fn a_value(name: &str) -> Option<&'static str> {
    Some(match name {
        "dialect" => "openai",
        "endpoint" => "/v1/chat/completions",
        "model" => "gpt-4o",
        "enqueued_limit" => "1",
        "zone" => "datazone",
        "encoding" => "cl100k_base",
        "price_in" | "price_out" => "2",
        _ => return None,
    })
}

#[test]
fn every_row_is_a_flag_with_its_help() {
    let (code, help, _) = check(&["--help"]);
    assert_eq!(code, 0);
    for o in CHECK_OPTIONS {
        let shown = if o.kind == OptionKind::Switch && o.default == "1" { o.negated_flag().unwrap() } else { o.flag() };
        assert!(help.contains(&format!("  {shown}")), "--help lacks {shown}:\n{help}");
        let first_words: String = o.help_en.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
        assert!(help.contains(&first_words), "--help lacks {}'s help:\n{help}", o.name);
        // Every row reads as a flag (a switch alone, any other with a value).
        let args: Vec<String> = match (o.kind, a_value(o.name)) {
            (OptionKind::Switch, _) => vec![shown.clone()],
            (_, Some(v)) => vec![o.flag(), v.to_string()],
            (_, None) => panic!("the test needs a value for the new row {}", o.name),
        };
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        summary(&refs);
    }
    // Old flags are listed as such.
    for o in CHECK_OPTIONS {
        for s in o.old.iter().filter(|s| s.surface == Surface::Cli) {
            assert!(help.contains(s.spelling), "--help does not mention the old {}", s.spelling);
        }
    }
}

#[test]
fn the_enqueued_limit_has_one_name_and_the_old_flags_still_work() {
    let new = summary(&["--enqueued-limit", "1"]);
    assert_eq!((new["errors"].as_u64(), new["verdict"].as_str()), (Some(1), Some("batch_fails")), "over a limit of 1 token: {new}");
    assert_eq!(summary(&["--quota", "1"]), new);
    let tier = summary(&["--enqueued-limit", "openai1", "--model", "gpt-4o", "--dialect", "openai"]);
    assert_eq!(summary(&["--openai-tier", "1", "--model", "gpt-4o", "--dialect", "openai"]), tier);
    // A subscription's catalog quota, which only the page offered before: the file fits.
    let dz = summary(&["--enqueued-limit", "default", "--zone", "datazone", "--model", "gpt-4.1"]);
    assert_eq!(dz["errors"].as_u64(), Some(0), "{dz}");
    assert_eq!(summary(&["--no-tokens"]), summary(&["--no-count-tokens"]));
}

#[test]
fn a_refused_value_is_a_usage_error_naming_the_flag() {
    let (code, _, err) = check(&[&fixture("valid.jsonl"), "--enqueued-limit", "lots"]);
    assert_eq!(code, 2);
    assert!(err.contains("--enqueued-limit: 'lots' is not a whole number of tokens"), "{err}");
    let (code, _, err) = check(&[&fixture("valid.jsonl"), "--quota", "lots"]);
    assert_eq!(code, 2);
    assert!(err.contains("--enqueued-limit: 'lots'"), "{err}");
    let (code, _, err) = check(&[&fixture("valid.jsonl"), "--price-in", "-1"]);
    assert_eq!(code, 2);
    assert!(err.contains("--price-in: a price can't be negative"), "{err}");
    let (code, _, err) = check(&[&fixture("valid.jsonl"), "--zone"]);
    assert_eq!(code, 2);
    assert!(err.contains("--zone needs a value"), "{err}");
}
