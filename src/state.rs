//! One way to keep a page's state: typed fields ⇄ query string ⇄
//! localStorage.
//!
//! A page describes its fields as a core [`Table`] and calls
//! [`use_url_state`] (or [`use_url_state_with_options`]). What opens the
//! page:
//! - a link (the query names the table's keys): its values, each checked by
//!   the table (refused ones keep the default and are listed with a reason),
//!   apply to the page — and nothing is written to storage. A banner offers
//!   "Keep as my defaults" (the only writer of a link's values) or "Dismiss";
//! - no link: the stored values (checked the same way), or the defaults.
//!
//! From then on the URL follows the page (replace, no history entry), and
//! so does storage once the values are the user's own. A reload of the
//! page's own URL (the same values as stored) is not a link.
//!
//! The decisions are plain functions over a [`Store`], tested on the host;
//! the hook only wires them to signals, the router and `localStorage`
//! (`crate::storage`). The banner a linked page shows is
//! `components::link_banner`.

use crate::storage::{LocalStore, Store};
use batchlane_core::io::{parse_query, query_string, Pairs, Rejected, Table};
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::NavigateOptions;

/// What a link brought that the page did not take.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinkReport {
    /// Values refused, with the reason (the default was kept).
    pub rejected: Vec<Rejected>,
}

/// How the page opens.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// The checked values to start from (only the table's keys; missing
    /// ones are the page's defaults).
    pub pairs: Pairs,
    /// Opened from a link: what it brought that was refused. While `Some`,
    /// the page's values are the link's, not the user's.
    pub link: Option<LinkReport>,
    /// Whether changes are written to storage (false while the values are a
    /// link's the user has not kept).
    pub saving: bool,
}

/// The stored pairs as the page wrote them (unchecked).
fn load_raw(key: &str, store: &dyn Store) -> Option<Pairs> {
    serde_json::from_str(&store.load(key)?).ok()
}

/// The stored values, checked by the table (storage can hold anything).
pub fn load_stored(table: &Table, key: &str, store: &dyn Store) -> Option<Pairs> {
    Some(table.decode(&load_raw(key, store)?).pairs)
}

/// Decides how a page opens from its query string and what is stored under
/// `storage_key`. Reads the store, never writes it.
pub fn open(table: &Table, search: &str, storage_key: Option<&str>, store: &dyn Store) -> Opening {
    let parsed = parse_query(search);
    let link = table.decode(&parsed.pairs);
    let raw = storage_key.and_then(|k| load_raw(k, store));
    if !link.touched() {
        let pairs = raw.map(|r| table.decode(&r).pairs).unwrap_or_default();
        return Opening { pairs, link: None, saving: true };
    }
    // The page writes the same pairs to its URL and to storage: a query
    // that says what is stored is a reload of the page's own URL.
    let own = parsed.problems.is_empty() && raw.as_ref().is_some_and(|r| table.complete(r) == table.complete(&parsed.pairs));
    let rejected = [parsed.problems, link.rejected].concat();
    if own || storage_key.is_none() {
        // A page that stores nothing follows its link and reports refusals.
        let link_report = (!own && !rejected.is_empty()).then_some(LinkReport { rejected });
        return Opening { pairs: link.pairs, link: link_report, saving: true };
    }
    Opening { pairs: link.pairs, link: Some(LinkReport { rejected }), saving: false }
}

/// Writes `pairs` to storage when the page is saving.
pub fn persist(pairs: &Pairs, saving: bool, storage_key: Option<&str>, store: &dyn Store) {
    if let (true, Some(key)) = (saving, storage_key) {
        if let Ok(json) = serde_json::to_string(pairs) {
            store.save(key, &json);
        }
    }
}

/// Options of [`use_url_state_with_options`].
#[derive(Clone, Debug, Default)]
pub struct UrlStateOptions {
    /// The page's path (`/quota`); the URL written is `path?query#hash`.
    pub path: &'static str,
    /// Where the values are kept between visits; `None`: only in the URL.
    pub storage_key: Option<&'static str>,
}

/// A page's URL state: the page writes `pairs` (its values as the table's
/// keys, defaults may be left out); the URL, and storage when `saving`,
/// follow.
#[derive(Clone, Copy)]
pub struct UrlState {
    pub pairs: RwSignal<Pairs>,
    /// The pairs the page opened with (checked).
    pub opened: StoredValue<Pairs>,
    /// Opened from a link the user has not yet kept or dismissed.
    pub link: RwSignal<Option<LinkReport>>,
    /// The values are the user's: changes are stored.
    pub saving: RwSignal<bool>,
    storage_key: Option<&'static str>,
}

impl UrlState {
    /// "Keep as my defaults": stores the page's values; from now on
    /// changes are stored too.
    pub fn keep(&self) {
        self.saving.set(true);
        self.link.set(None);
        persist(&self.pairs.get_untracked(), true, self.storage_key, &LocalStore);
    }

    /// "Dismiss": hides the banner; the link's values stay on the page and
    /// out of storage.
    pub fn dismiss(&self) {
        self.link.set(None);
    }
}

/// [`use_url_state_with_options`] for a page that keeps its state in the
/// URL only.
pub fn use_url_state(table: &Table, path: &'static str) -> UrlState {
    use_url_state_with_options(table, UrlStateOptions { path, storage_key: None })
}

/// Opens the page's state (see the module docs) and keeps the URL and
/// storage following `pairs`.
pub fn use_url_state_with_options(table: &Table, options: UrlStateOptions) -> UrlState {
    // The router's location, not `window.location`: on a client-side
    // navigation the page is built before the browser's URL changes, and
    // `window.location` still holds the previous page's query.
    let location = use_location();
    let search = location.search.get_untracked();
    let opening = open(table, &search, options.storage_key, &LocalStore);
    let state = UrlState {
        pairs: RwSignal::new(opening.pairs.clone()),
        opened: StoredValue::new(opening.pairs),
        link: RwSignal::new(opening.link),
        saving: RwSignal::new(opening.saving),
        storage_key: options.storage_key,
    };
    let navigate = use_navigate();
    let path = options.path;
    Effect::new(move |_| {
        let pairs = state.pairs.get();
        persist(&pairs, state.saving.get_untracked(), state.storage_key, &LocalStore);
        // Keep a #fragment (e.g. #cost-attribution from the results page).
        let hash = location.hash.get_untracked();
        let query = query_string(&pairs);
        let search = if query.is_empty() { String::new() } else { format!("?{query}") };
        let here_search = location.search.get_untracked();
        // Compared as pairs: the browser writes some characters the query
        // leaves as they are (`'` as %27), and a needless replace during the
        // router's push of a new page replaced the previous page's history
        // entry (Back then skipped it).
        let same = here_search == query || parse_query(&here_search).pairs == pairs;
        if location.pathname.get_untracked() == path && same {
            return;
        }
        navigate(&format!("{path}{search}{hash}"), NavigateOptions { replace: true, scroll: false, ..Default::default() });
    });
    state
}

#[cfg(test)]
mod tests {
    use super::*;
    use batchlane_core::io::{field, Kind, Reason};
    use std::cell::RefCell;
    use std::collections::HashMap;

    /// A store that counts its writes.
    #[derive(Default)]
    struct Memory {
        items: RefCell<HashMap<String, String>>,
        writes: RefCell<usize>,
    }

    impl Store for Memory {
        fn load(&self, key: &str) -> Option<String> {
            self.items.borrow().get(key).cloned()
        }

        fn save(&self, key: &str, value: &str) {
            *self.writes.borrow_mut() += 1;
            self.items.borrow_mut().insert(key.to_string(), value.to_string());
        }
    }

    const KEY: &str = "test.page";

    fn table() -> Table {
        Table::new(vec![
            field("n", Kind::whole(1.0, 64.0), "1"),
            field("mode", Kind::Enum(vec!["rr", "aware"]), "aware"),
            field("name", Kind::Text { max_chars: 20 }, ""),
        ])
    }

    fn p(list: &[(&str, &str)]) -> Pairs {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn stored(store: &Memory, pairs: &[(&str, &str)]) {
        store.items.borrow_mut().insert(KEY.into(), serde_json::to_string(&p(pairs)).unwrap());
    }

    #[test]
    fn decoding_a_link_never_writes_storage() {
        let store = Memory::default();
        stored(&store, &[("n", "3"), ("name", "mine")]);
        let o = open(&table(), "?n=9&name=R%26D%20%231&mode=fast&lang=ko", Some(KEY), &store);
        assert_eq!(*store.writes.borrow(), 0);
        assert_eq!(o.pairs, p(&[("n", "9"), ("name", "R&D #1")]));
        assert!(!o.saving);
        let report = o.link.unwrap();
        assert_eq!(report.rejected.len(), 1);
        assert_eq!(report.rejected[0].field, "mode");
        // The page changes while the link's values are shown: still nothing stored.
        persist(&p(&[("n", "10")]), o.saving, Some(KEY), &store);
        assert_eq!(*store.writes.borrow(), 0);
        assert_eq!(load_stored(&table(), KEY, &store), Some(p(&[("n", "3"), ("name", "mine")])));
        // Keeping them is the one write.
        persist(&p(&[("n", "10")]), true, Some(KEY), &store);
        assert_eq!(*store.writes.borrow(), 1);
        assert_eq!(load_stored(&table(), KEY, &store), Some(p(&[("n", "10")])));
    }

    #[test]
    fn without_a_link_the_stored_values_are_checked_and_followed() {
        let store = Memory::default();
        stored(&store, &[("n", "1000"), ("mode", "rr")]);
        let o = open(&table(), "?lang=ko", Some(KEY), &store);
        assert_eq!(o, Opening { pairs: p(&[("mode", "rr")]), link: None, saving: true });
        let empty = open(&table(), "", Some(KEY), &Memory::default());
        assert_eq!(empty, Opening { pairs: vec![], link: None, saving: true });
    }

    #[test]
    fn a_reload_of_the_pages_own_url_is_not_a_link() {
        let store = Memory::default();
        stored(&store, &[("n", "3"), ("mode", "aware"), ("name", "")]);
        let o = open(&table(), "?n=3", Some(KEY), &store);
        assert_eq!(o, Opening { pairs: p(&[("n", "3")]), link: None, saving: true });
        // A half-typed value the page wrote to both is still its own.
        stored(&store, &[("n", "abc")]);
        let o = open(&table(), "?n=abc", Some(KEY), &store);
        assert_eq!(o, Opening { pairs: vec![], link: None, saving: true });
        // The same link in a fresh browser (nothing stored) is a link.
        let fresh = open(&table(), "?n=3", Some(KEY), &Memory::default());
        assert_eq!(fresh.link, Some(LinkReport::default()));
        assert!(!fresh.saving);
    }

    #[test]
    fn out_of_range_and_malformed_values_are_refused_with_a_reason() {
        let store = Memory::default();
        let o = open(&table(), &format!("?n=0&name={}&mode=%zz", "x".repeat(21)), Some(KEY), &store);
        assert!(o.pairs.is_empty());
        let reasons: Vec<(String, Reason)> = o.link.unwrap().rejected.into_iter().map(|r| (r.field, r.problem)).collect();
        assert_eq!(
            reasons,
            vec![
                ("mode".to_string(), Reason::BadEncoding),
                ("n".to_string(), Reason::TooSmall { min: 1.0 }),
                ("name".to_string(), Reason::TooLong { max: 20 }),
            ]
        );
    }

    #[test]
    fn a_page_without_storage_follows_its_link_and_reports_refusals() {
        let store = Memory::default();
        let o = open(&table(), "?n=5&mode=x", None, &store);
        assert_eq!(o.pairs, p(&[("n", "5")]));
        assert!(o.saving);
        assert_eq!(o.link.map(|l| l.rejected.len()), Some(1));
        assert_eq!(open(&table(), "?n=5", None, &store).link, None);
        assert_eq!(*store.writes.borrow(), 0);
    }
}
