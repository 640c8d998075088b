//! The translation tables read as prose: no figure from the catalog written
//! into a string (it takes a `{placeholder}` filled from the catalog), no
//! Korean particle fallback ("을(를)") once filled, no banned term variant.

use batchlane::i18n::{entries, fill, Lang};
use batchlane_core::text::figures::{catalog_figures, strays};

/// Numbers that are not catalog figures though they equal one: (key, why).
const NOT_FIGURES: &[(&str, &str)] = &[
    ("cost.help.chunks", "an example of halving k (8 → 4), not a limit"),
    ("practice.keys_hint", "the keys 1–4 that pick an answer"),
    ("practice.note_badge", "the study note has six problems"),
    ("batch.quota.openai1", "the name of OpenAI's usage tier 1, not a figure"),
    ("batch.quota.openai2", "the name of OpenAI's usage tier 2, not a figure"),
    ("batch.quota.openai3", "the name of OpenAI's usage tier 3, not a figure"),
    ("batch.quota.openai4", "the name of OpenAI's usage tier 4, not a figure"),
    ("batch.quota.openai5", "the name of OpenAI's usage tier 5, not a figure"),
];

#[test]
fn no_catalog_figure_is_written_into_a_translation_string() {
    let figs = catalog_figures();
    let mut bad = Vec::new();
    for lang in Lang::ALL {
        for (key, text) in entries(lang) {
            if NOT_FIGURES.iter().any(|(k, _)| *k == key) {
                continue;
            }
            for s in strays(text, &figs) {
                bad.push(format!("{lang:?} {key}: {} = {:?}", s.written, s.facts.first()));
            }
        }
    }
    assert!(bad.is_empty(), "{} strings hold catalog figures:\n{}", bad.len(), bad.join("\n"));
}

/// The `{name}`s of a template (with or without a particle).
fn names(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = after[..close].split('|').next().unwrap_or("").to_string();
        if !name.is_empty() && !out.contains(&name) {
            out.push(name);
        }
        rest = &after[close + 1..];
    }
    out
}

#[test]
fn no_korean_particle_fallback_with_any_fill() {
    // Values ending in a vowel, a consonant, ㄹ, digits and Latin words.
    const SAMPLES: &[&str] = &["기준안", "시나리오 2", "조각 4개", "모델", "3", "10", "gpt-4.1", "gpt-4o-mini", "TPM", "custom_id"];
    let mut bad = Vec::new();
    for (key, text) in entries(Lang::Ko) {
        if batchlane_core::text::josa::has_fallback(text) {
            bad.push(format!("{key}: {text}"));
            continue;
        }
        let names = names(text);
        for sample in SAMPLES {
            let args: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), *sample)).collect();
            let filled = fill(text, &args);
            if batchlane_core::text::josa::has_fallback(&filled) || filled.contains('|') {
                bad.push(format!("{key} with {sample}: {filled}"));
            }
        }
    }
    assert!(bad.is_empty(), "Korean particle fallbacks:\n{}", bad.join("\n"));
}

#[test]
fn a_particle_after_a_placeholder_is_written_as_one() {
    // "{name}을" is right for one value and wrong for another: write "{name|을}".
    const PARTICLES: &[&str] = &["을", "를", "이", "가", "은", "는", "과", "와", "으로", "로", "이라", "라는"];
    let mut bad = Vec::new();
    for (key, text) in entries(Lang::Ko) {
        for name in names(text) {
            let open = format!("{{{name}}}");
            let mut rest = text;
            while let Some(at) = rest.find(&open) {
                let after = &rest[at + open.len()..];
                let word: String = after.chars().take_while(|c| ('가'..='힣').contains(c)).collect();
                let counter = [
                    "개",
                    "건",
                    "줄",
                    "번",
                    "초",
                    "분",
                    "일",
                    "자",
                    "문제",
                    "쪽",
                    "단계",
                    "토큰",
                    "바이트",
                    "시간",
                    "배",
                    "명",
                    "달러",
                    "회",
                    "퍼센트",
                ];
                if PARTICLES.iter().any(|p| word.starts_with(p))
                    && !counter.iter().any(|c| word.starts_with(c))
                    && !word.starts_with("이상")
                    && !word.starts_with("이하")
                {
                    bad.push(format!("{key}: …{open}{word}"));
                }
                rest = after;
            }
        }
    }
    assert!(bad.is_empty(), "write the particle as {{name|을}}:\n{}", bad.join("\n"));
}

#[test]
fn korean_strings_use_one_term_per_concept() {
    let mut bad = Vec::new();
    for (key, text) in entries(Lang::Ko) {
        for (variant, instead) in batchlane_core::text::ko_terms::banned_in(text) {
            bad.push(format!("{key}: “{variant}” → {instead}: {text}"));
        }
    }
    assert!(bad.is_empty(), "{} Korean strings use a banned variant (docs/ko-terminology.md):\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn korean_strings_name_things_in_korean_not_as_lists_of_codes() {
    // "rate_limited, server_error, … 요청" is a list of identifiers, not a
    // sentence: each thing is named in Korean, its code beside it.
    let mut bad = Vec::new();
    for (key, text) in entries(Lang::Ko) {
        for run in batchlane_core::text::ko_terms::raw_code_lists(text) {
            bad.push(format!("{key}: “{run}” in {text}"));
        }
    }
    assert!(bad.is_empty(), "Korean strings that list raw codes:\n{}", bad.join("\n"));
}

/// An input's placeholder shows a value (the catalog's price), never an
/// instruction: "모델을 고르세요" in a price field reads as "type a model
/// here".
#[test]
fn placeholders_are_values_not_instructions() {
    for key in ["batch.price.unknown"] {
        for lang in [Lang::En, Lang::Ko] {
            let text = entries(lang).into_iter().find(|(k, _)| *k == key).map(|(_, t)| t).unwrap_or_default();
            assert!(!text.is_empty(), "{key} missing in {lang:?}");
            assert!(!text.ends_with("세요") && !text.to_lowercase().starts_with("pick"), "{key} ({lang:?}) is an instruction: {text}");
        }
    }
}
