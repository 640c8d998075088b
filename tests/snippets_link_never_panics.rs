//! The snippets page's share-link decoder (`src/pages/snippets/link.rs`
//! table + `state::from_link`), fed any query string and near-valid links:
//! no panic, and output bounded by the input (at most one refusal per pair,
//! every kept text within the link's per-field limit). The cargo-fuzz target
//! `snippets_link` (fuzz/) runs the same for longer; this is the CI-sized
//! version, beside core's `parsers_never_panic.rs`.
#![cfg(not(target_arch = "wasm32"))]

use batchlane::pages::snippets::link::{table, MAX_TEXT_CHARS};
use batchlane::pages::snippets::state::from_link;
use batchlane_core::facts::Catalog;
use batchlane_core::io::query::{parse_query, MAX_QUERY_BYTES};
use leptos::prelude::GetUntracked;
use proptest::prelude::*;

const LINK: &str = "tab=keda&kind=sj&name=invoice-worker&queue=jobs&maxReplicaCount=12&messageCount=4&tpm=60000&tokens=2000\
                    &concurrency=4&messagesPerMinute=0.75&fallback=1&fallbackBehavior=static&formula=a%2Bb&dialect=azure&deployment=gpt-4o";

const PIECES: &[&str] = &[
    "&",
    "=",
    "%",
    "%00",
    "%ZZ",
    "%ED%95%9C",
    "+",
    "#",
    "?",
    "-1",
    "1e400",
    "NaN",
    "inf",
    "\u{0}",
    "\n",
    "한국어",
    "{{DEPLOYMENT}}",
    "$(id)",
    "tab=",
    "kind=",
    "maxReplicaCount=",
];

/// What the page does with its query string: parse, check against the table,
/// apply what was kept. Returns (pairs read, refused, kept texts).
fn open(search: &str) -> (usize, usize, Vec<String>) {
    let catalog = Catalog::builtin();
    let parsed = parse_query(search);
    let d = table(&catalog).decode(&parsed.pairs);
    let refused: Vec<String> = d.rejected.iter().map(|r| r.key.clone()).collect();
    let n_refused = refused.len();
    let snip = from_link(&d.pairs, refused, &catalog);
    let k = snip.keda.get_untracked();
    let s = snip.submit.get_untracked();
    let texts = vec![k.form.name, k.form.namespace, k.queue, k.topic, k.subscription, k.modifiers.formula, s.deployment, s.endpoint];
    (parsed.pairs.len(), n_refused, texts)
}

fn mutated() -> impl Strategy<Value = String> {
    (prop::collection::vec((0..LINK.len() + 1, prop::sample::select(PIECES)), 0..8), any::<bool>()).prop_map(|(edits, cut)| {
        let mut s = LINK.to_string();
        for (at, piece) in edits {
            let mut at = at.min(s.len());
            while !s.is_char_boundary(at) {
                at -= 1;
            }
            s.insert_str(at, piece);
        }
        if cut {
            let mut half = s.len() / 2;
            while !s.is_char_boundary(half) {
                half -= 1;
            }
            s.truncate(half);
        }
        s
    })
}

fn check(search: &str) -> Result<(), TestCaseError> {
    let (pairs, refused, texts) = open(search);
    prop_assert!(refused <= pairs.max(1), "{refused} refusals for {pairs} pairs");
    for t in texts {
        prop_assert!(t.chars().count() <= MAX_TEXT_CHARS.max(300), "a kept text of {} chars", t.chars().count());
        prop_assert!(!t.chars().any(char::is_control), "a control character kept: {t:?}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes(data in prop::collection::vec(any::<u8>(), 0..600)) {
        check(&String::from_utf8_lossy(&data))?;
    }

    #[test]
    fn near_valid_links(search in mutated()) {
        check(&search)?;
    }
}

#[test]
fn the_valid_link_is_taken_whole_and_a_huge_one_is_refused_not_read() {
    let (pairs, refused, texts) = open(LINK);
    assert_eq!((pairs, refused), (15, 0));
    assert!(texts.contains(&"invoice-worker".to_string()) && texts.contains(&"a+b".to_string()));
    let huge = format!("name={}", "x".repeat(MAX_QUERY_BYTES + 1));
    let (pairs, _, texts) = open(&huge);
    assert_eq!(pairs, 0);
    assert!(texts.iter().all(|t| t.len() < 1_000));
}
