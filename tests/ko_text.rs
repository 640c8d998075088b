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
    ("batch.quota.invalid", "an example of how to type a number"),
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
