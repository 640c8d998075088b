//! The snippets page's share link: any query string through the page's
//! decoder (parse, the link table's checks, `from_link` applying what was
//! kept). Never a panic; at most one refusal per pair; every kept text
//! within the link's per-field limit and free of control characters.
//! (The decoder lives in the app package; this target builds it for the host.)
#![no_main]

use batchlane::pages::snippets::link::{table, MAX_TEXT_CHARS};
use batchlane::pages::snippets::state::from_link;
use batchlane_core::facts::Catalog;
use batchlane_core::io::query::parse_query;
use leptos::prelude::GetUntracked;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let search = String::from_utf8_lossy(data);
    let catalog = Catalog::builtin();
    let parsed = parse_query(&search);
    let d = table(&catalog).decode(&parsed.pairs);
    assert!(d.rejected.len() <= parsed.pairs.len().max(1));
    let refused = d.rejected.iter().map(|r| r.key.clone()).collect();
    let snip = from_link(&d.pairs, refused, &catalog);
    let k = snip.keda.get_untracked();
    let s = snip.submit.get_untracked();
    for t in [&k.form.name, &k.form.namespace, &k.queue, &k.topic, &k.subscription, &k.modifiers.formula, &s.deployment, &s.endpoint] {
        assert!(t.chars().count() <= MAX_TEXT_CHARS);
        assert!(!t.chars().any(char::is_control));
    }
});
