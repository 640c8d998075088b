//! Both languages have every key; every key the UI asks for exists; every
//! fact kind, topic and unit has a label.

use batchlane::i18n::{lookup, Lang};
use batchlane_core::facts::all_facts;
use std::collections::BTreeSet;
use std::path::Path;

mod support;

fn keys(lang: Lang) -> BTreeSet<&'static str> {
    lang.entries().map(|(k, _)| k).collect()
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
        let n = lang.entries().count();
        assert_eq!(keys(lang).len(), n, "{lang:?} defines a key twice");
    }
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

/// Every literal key passed to `t(...)`, `tr(...)` or `tx(...)` in the UI exists.
#[test]
fn every_key_the_ui_uses_exists() {
    let files = support::rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let en = keys(Lang::En);
    let mut used = 0;
    let mut missing = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for call in ["t(\"", "tr(\"", "tx(\""] {
            for (i, _) in text.match_indices(call) {
                let before = text[..i].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let rest = &text[i + call.len()..];
                let key = &rest[..rest.find('"').unwrap()];
                used += 1;
                if !en.contains(key) {
                    missing.push(format!("{}: {key}", file.display()));
                }
            }
        }
    }
    assert!(used > 20, "found only {used} translated strings in src/ui");
    assert!(missing.is_empty(), "keys the UI uses but no table has:\n{}", missing.join("\n"));
}
