//! The /snippets share link: any query string (or URL) through core's
//! decoder (`snippets::share::decode`: parse, the link table's checks,
//! `open` applying what was kept), as the page and `batchlane snippets`
//! read it. Never a panic; at most one refusal per piece of the query;
//! every kept text within the link's per-field limit and free of control
//! characters.
#![no_main]

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::share::{decode, MAX_LIST_CHARS, MAX_TEXT_CHARS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let search = String::from_utf8_lossy(data);
    let catalog = Catalog::builtin();
    let Ok(d) = decode(&search, &catalog) else { return };
    assert!(d.rejected.len() <= search.split('&').count());
    let (k, s, c) = (&d.opened.keda, &d.opened.submit, &d.opened.control);
    for t in [&k.form.name, &k.form.namespace, &k.queue, &k.topic, &k.subscription, &k.modifiers.formula, &s.deployment, &s.endpoint, &c.model] {
        assert!(t.chars().count() <= MAX_TEXT_CHARS);
        assert!(!t.chars().any(char::is_control));
    }
    for t in [&c.opts.routes, &c.jobs] {
        assert!(t.chars().count() <= MAX_LIST_CHARS && !t.chars().any(char::is_control));
    }
});
