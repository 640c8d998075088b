//! The translation tables: both languages have every key with the same
//! placeholders; plural keys come in pairs; every key the UI uses exists
//! (called directly, or written in a const table or a prop); every fact kind,
//! topic and unit has a label.

use crate::support;
use batchlane::i18n::{entries, lookup, tn, Lang};
use batchlane_core::facts::all_facts;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn keys(lang: Lang) -> BTreeSet<&'static str> {
    entries(lang).map(|(k, _)| k).collect()
}

fn table(lang: Lang) -> BTreeMap<&'static str, &'static str> {
    entries(lang).collect()
}

/// The `{name}`s in a template, in order of first appearance, without repeats.
fn placeholders(template: &str) -> BTreeSet<&str> {
    let mut out = BTreeSet::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        // `{name|을}`: a placeholder with a Korean particle after it.
        let name = after[..close].split('|').next().unwrap_or("");
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            out.insert(name);
        }
        rest = &after[close + 1..];
    }
    out
}

#[test]
fn both_languages_have_the_same_keys() {
    let en = keys(Lang::En);
    let ko = keys(Lang::Ko);
    let only_en: Vec<_> = en.difference(&ko).collect();
    let only_ko: Vec<_> = ko.difference(&en).collect();
    assert!(only_en.is_empty(), "keys missing in Korean: {only_en:?}");
    assert!(only_ko.is_empty(), "keys missing in English: {only_ko:?}");
}

#[test]
fn no_key_is_defined_twice() {
    for lang in Lang::ALL {
        let n = entries(lang).count();
        assert_eq!(keys(lang).len(), n, "{lang:?} defines a key twice");
    }
}

#[test]
fn placeholders_are_found() {
    assert_eq!(placeholders("{n} of {total}, {n} again"), BTreeSet::from(["n", "total"]));
    assert_eq!(placeholders("no {braces here} but {ok}"), BTreeSet::from(["ok"]));
    assert!(placeholders("a { lone brace").is_empty());
}

#[test]
fn placeholders_match_between_languages() {
    let ko = table(Lang::Ko);
    let mut mismatched = Vec::new();
    for (key, en) in table(Lang::En) {
        let Some(ko) = ko.get(key) else { continue };
        let (e, k) = (placeholders(en), placeholders(ko));
        if e != k {
            mismatched.push(format!("{key}: en {e:?}, ko {k:?}"));
        }
    }
    assert!(mismatched.is_empty(), "placeholders differ between en and ko:\n{}", mismatched.join("\n"));
}

/// A plural key is a pair, `{base}.one` and `{base}.other` (a lone `.other`,
/// such as "results.chart.other", is an ordinary key); both forms show the
/// count `{n}`.
#[test]
fn plural_keys_come_in_pairs_and_show_the_count() {
    let en = keys(Lang::En);
    let bases: Vec<&str> = en.iter().filter_map(|k| k.strip_suffix(".one")).collect();
    assert!(bases.len() >= 10, "only {} plural keys", bases.len());
    for lang in Lang::ALL {
        for base in &bases {
            for form in ["one", "other"] {
                let key = format!("{base}.{form}");
                let text = lookup(lang, &key).unwrap_or_else(|| panic!("{lang:?} lacks {key}"));
                assert!(placeholders(text).contains("n"), "{lang:?} {key} does not show the count {{n}}");
            }
        }
    }
}

#[test]
fn tn_picks_the_form_for_the_count() {
    assert_eq!(tn(Lang::En, "results.retry.done", 1), "Downloaded 1 line");
    assert_eq!(tn(Lang::En, "results.retry.done", 3), "Downloaded 3 lines");
    assert_eq!(tn(Lang::En, "results.retry.done", 0), "Downloaded 0 lines");
    assert_eq!(tn(Lang::En, "results.retry.done", 12_345), "Downloaded 12,345 lines");
    assert_eq!(tn(Lang::Ko, "results.retry.done", 1), "1줄을 다운로드했습니다");
    assert_eq!(tn(Lang::En, "no.such.key", 2), "no.such.key.other");
    assert_eq!(tn(Lang::En, "quota.sim.elapsed", 1), "Simulated {s} s with 1 deployment in {ms} ms.");
    assert_eq!(tn(Lang::En, "quota.sim.elapsed", 10), "Simulated {s} s with 10 deployments in {ms} ms.");
    assert_eq!(
        tn(Lang::En, "results.retry.not_in_input", 1),
        "1 retryable request is not in the input file, so it cannot go into the retry file."
    );
}

#[test]
fn every_fact_has_labels() {
    for fact in all_facts() {
        for lang in Lang::ALL {
            let kind = format!("fact.{}", fact.kind);
            assert!(lookup(lang, &kind).is_some(), "{lang:?} lacks {kind}");
            let topic = format!("topic.{:?}", fact.topic);
            assert!(lookup(lang, &topic).is_some(), "{lang:?} lacks {topic}");
            let unit = format!("unit.{:?}", fact.unit);
            assert!(lookup(lang, &unit).is_some(), "{lang:?} lacks {unit}");
        }
    }
}

/// A string literal in Rust source: where it starts and what it says
/// (escapes left as written; keys have none).
struct Literal<'a> {
    at: usize,
    text: &'a str,
}

/// Every ordinary string literal in `src`, skipping comments, raw strings
/// and char literals.
fn literals(src: &str) -> Vec<Literal<'_>> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => i = src[i..].find('\n').map_or(b.len(), |n| i + n),
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let body = i + 2 + hashes;
                i = src[body..].find(&close).map_or(b.len(), |n| body + n + close.len());
            }
            b'\'' => {
                // A char literal ('x', '\n', '"'), else a lifetime.
                if b.get(i + 1) == Some(&b'\\') {
                    // Past the escaped character, then to the closing quote.
                    i = src.get(i + 3..).and_then(|r| r.find('\'')).map_or(b.len(), |n| i + 3 + n + 1);
                } else if let Some(c) = src[i + 1..].chars().next() {
                    if src[i + 1 + c.len_utf8()..].starts_with('\'') {
                        i += 2 + c.len_utf8();
                    } else {
                        i += 1;
                    }
                } else {
                    i += 1;
                }
            }
            b'"' => {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                out.push(Literal { at: i, text: &src[start..j.min(b.len())] });
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// `batch.diag.title`: two or more lowercase words joined by dots.
fn looks_like_key(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() >= 2
        && parts[0].starts_with(|c: char| c.is_ascii_lowercase())
        && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
}

#[test]
fn literals_and_keys_are_recognised() {
    let src = r####"let a = t(lang, "batch.title"); // "not.this"
        let b = 'x'; let q = '"'; let e = '\''; fn f<'a>(x: &'a str) {}
        let c = r#"raw "quota.raw" text"#; let d = "cost.one\"x"; let e = "app.name";"####;
    let found: Vec<&str> = literals(src).iter().map(|l| l.text).collect();
    assert_eq!(found, ["batch.title", "cost.one\\\"x", "app.name"]);
    assert!(looks_like_key("batch.diag.title"));
    assert!(looks_like_key("results.retry.done"));
    assert!(!looks_like_key("Batch.title"));
    assert!(!looks_like_key("batch"));
    assert!(!looks_like_key("batch..x"));
    assert!(!looks_like_key("retry file.jsonl x"));
}

/// Every key the UI names exists: literal keys handed to `t`, `tr`, `tx` or
/// `tn`, and every string literal that looks like a key in a namespace the
/// tables use (`batch.…`, `results.…`), wherever it is written: const tables,
/// props (`label="quota.field.tpm"`), match arms. A plural key (for `tn`)
/// names a pair, `key.one` and `key.other`.
#[test]
fn every_key_the_ui_uses_exists() {
    let files = support::rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let en = keys(Lang::En);
    let namespaces: BTreeSet<&str> = en.iter().filter_map(|k| k.split('.').next()).collect();
    let mut used = 0;
    let mut plural = 0;
    let mut missing = Vec::new();
    for file in files {
        if file.components().any(|c| c.as_os_str() == "i18n") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for lit in literals(&text) {
            if !looks_like_key(lit.text) || !lit.text.split('.').next().is_some_and(|ns| namespaces.contains(ns)) {
                continue;
            }
            let before = text[..lit.at].trim_end();
            // Domain field paths handed to a form's error lookup (`err("quota.tpm")`)
            // look like keys but name a field of the domain's input.
            if before.ends_with("err(") {
                continue;
            }
            used += 1;
            let is_plural = en.contains(format!("{}.one", lit.text).as_str()) && en.contains(format!("{}.other", lit.text).as_str());
            plural += usize::from(is_plural);
            let found = is_plural || en.contains(lit.text);
            if !found {
                missing.push(format!("{}: {}", file.display(), lit.text));
            }
            // A plural pair looked up as one key shows the key itself.
            let looked_up_singly = before.ends_with("t(lang,") || before.ends_with("tr(");
            if is_plural && !en.contains(lit.text) && looked_up_singly {
                missing.push(format!("{}: {} (a plural pair: look it up with tn)", file.display(), lit.text));
            }
        }
    }
    assert!(used > 500, "found only {used} keys in src/");
    assert!(plural >= 10, "found only {plural} plural keys in src/");
    assert!(missing.is_empty(), "keys the UI uses but no table has:\n{}", missing.join("\n"));
}

/// `{n}` is a count: an English template that writes it before a plural
/// noun ("{n} requests", "{n} image parts") is the `.other` form of a plural key, so that a
/// count of 1 reads "1 request" ([`tn`]).
#[test]
fn a_count_before_a_plural_noun_is_a_plural_key() {
    let mut wrong = Vec::new();
    for (key, text) in table(Lang::En) {
        if key.ends_with(".one") || key.ends_with(".other") {
            continue;
        }
        for (at, _) in text.match_indices("{n} ") {
            // The noun, or the noun after one word ("{n} image parts").
            let words = text[at + 4..].split(' ').take(2);
            if words
                .map(|w| w.trim_end_matches([',', '.', ':']))
                .any(|w| w.len() > 2 && w.ends_with('s') && w.chars().all(|c| c.is_ascii_alphabetic()))
            {
                wrong.push(format!("{key}: {text}"));
            }
        }
    }
    assert!(wrong.is_empty(), "counts written in the plural whatever they are:\n{}", wrong.join("\n"));
}

/// Keys built with `format!` at run time: every prefix the UI builds is one
/// this test knows, and each known prefix's keys exist in both languages for
/// every value the domain can give it. A new `format!("prefix.{…}")` key
/// fails here until it is covered.
#[test]
fn keys_built_with_format_exist() {
    // prefix → the keys it is built into (facts' kinds, topics and units are
    // covered by `every_fact_has_labels`; `subject.*` falls back to the
    // subject itself, a model or dialect name, by design).
    let knobs: Vec<String> = batchlane_core::cost::Knob::ORDER.iter().map(|k| format!("cost.knob.{}", k.code())).collect();
    let lanes: Vec<String> = batchlane_core::lanes::Lane::ALL.iter().map(|l| format!("lanes.lane.{}", l.code())).collect();
    let dts: Vec<String> = batchlane_core::facts::Scope::ALL.iter().map(|s| format!("lanes.dt.{}", s.url_code())).collect();
    let covered: &[(&str, &[String])] = &[
        ("cost.knob.", &knobs),
        ("lanes.lane.", &lanes),
        ("lanes.dt.", &dts),
        ("fact.", &[]),
        ("subject.", &[]),
        ("topic.", &[]),
        ("unit.", &[]),
    ];
    for (_, built) in covered {
        for key in built.iter() {
            for lang in Lang::ALL {
                assert!(lookup(lang, key).is_some(), "{lang:?} lacks {key}");
            }
        }
    }
    let mut unknown = Vec::new();
    let mut found = BTreeSet::new();
    for file in support::rust_files(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))) {
        let src = std::fs::read_to_string(&file).unwrap();
        for (at, _) in src.match_indices("format!(\"") {
            let literal = &src[at + 9..];
            let Some(end) = literal.find('"') else { continue };
            let literal = &literal[..end];
            // `prefix.{…}`: a key namespace (lower-case words and dots) before the first placeholder.
            let Some(open) = literal.find('{') else { continue };
            let prefix = &literal[..open];
            let is_key =
                prefix.ends_with('.') && prefix.len() > 1 && prefix.bytes().all(|b| b.is_ascii_lowercase() || b == b'.' || b == b'_');
            if is_key && !covered.iter().any(|(p, _)| *p == prefix) {
                unknown.push(format!("{}: format!(\"{literal}\")", file.display()));
            }
            if is_key {
                found.insert(prefix.to_string());
            }
        }
    }
    // The scan sees the keys the pages build (else it would pass on nothing).
    for prefix in ["cost.knob.", "fact.", "subject."] {
        assert!(found.contains(prefix), "the scan did not find format!(\"{prefix}{{…}}\") in src/");
    }
    assert!(
        unknown.is_empty(),
        "keys built with format! that no test covers (add the prefix and its values above):\n{}",
        unknown.join("\n")
    );
}
