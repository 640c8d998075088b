//! The /batch page's link codec, beside `cost::share`, `quota::share` and
//! `snippets::share`, with their contract (`io::LinkCodec`): [`table`] (a
//! link key per row of [`super::CHECK_OPTIONS`], plus the old keys a saved
//! link or stored options may hold), [`decode`] (checked pairs → the
//! [`CheckInput`] they open), [`encode`] (back to pairs: `dialect` and what
//! differs from the defaults) and [`BatchLink`] (the query string both ways).
//!
//! Old links keep opening: `byo` is `byo_storage`; `quota` with
//! `quota_tokens` (before issue 39 the enqueued-token limit was a choice
//! `quota=none|ea|default|credit_card|msdn|typed|openai1…5` and, for
//! `typed`, the number in `quota_tokens`) is `enqueued_limit`.

use super::option_table::{OldValue, Surface, CHECK_OPTIONS};
use super::CheckInput;
use crate::io::{field, Kind, LinkCodec, Opened, Pairs, Table};

/// The choices the old `quota` key took.
const OLD_QUOTA: [&str; 11] =
    ["none", "ea", "default", "credit_card", "msdn", "typed", "openai1", "openai2", "openai3", "openai4", "openai5"];

/// Every key a /batch link may carry: today's (a row each) and the old ones.
pub fn table() -> Table {
    let mut fields: Vec<_> = CHECK_OPTIONS.iter().map(|o| field(o.name, o.link_kind(), o.default)).collect();
    for o in CHECK_OPTIONS {
        for s in o.old.iter().filter(|s| s.surface == Surface::Link) {
            fields.push(field(s.spelling, o.link_kind(), ""));
        }
    }
    fields.push(field("quota", Kind::Enum(OLD_QUOTA.to_vec()), ""));
    fields.push(field("quota_tokens", Kind::Text { max_chars: crate::io::MAX_SHORT_CHARS }, ""));
    Table::new(fields)
}

/// What checked pairs open: today's keys as they are, old keys read as
/// today's (today's key wins where a link has both).
pub fn decode(pairs: &[(String, String)]) -> CheckInput {
    let mut input = CheckInput::default();
    let given = |k: &str| pairs.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
    // Old spellings first, so that today's keys overwrite them.
    if let Some(q) = given("quota").filter(|q| !q.is_empty()) {
        let v = if q == "typed" { given("quota_tokens").unwrap_or_default().to_string() } else { q.to_string() };
        let _ = input.set("enqueued_limit", v);
    }
    for (k, v) in pairs {
        if let Some((row, Some(OldValue::Prefixed(p)))) = super::option_table::resolve_spelling(Surface::Link, k) {
            if given(row.name).is_none() {
                let _ = input.set(row.name, format!("{p}{v}"));
            }
        }
    }
    for (k, v) in pairs {
        if CHECK_OPTIONS.iter().any(|o| o.name == k) {
            let _ = input.set(k, v.clone());
        }
    }
    input
}

/// The pairs a link writes: `dialect` always (the page's URL says which
/// service it checks for), then every other row that differs from its default.
pub fn encode(input: &CheckInput) -> Pairs {
    let mut out = vec![("dialect".to_string(), input.get("dialect").to_string())];
    out.extend(input.changed().into_iter().filter(|(k, _)| k != "dialect"));
    out
}

/// The /batch link as a query string, both ways.
#[derive(Clone, Copy, Debug, Default)]
pub struct BatchLink;

impl LinkCodec for BatchLink {
    type State = CheckInput;

    fn table(&self) -> Table {
        table()
    }

    fn open(&self, checked: &[(String, String)]) -> Opened<CheckInput> {
        Opened { state: decode(checked), rejected: Vec::new(), unknown: Vec::new(), touched: !checked.is_empty() }
    }

    fn pairs(&self, state: &CheckInput) -> Pairs {
        encode(state)
    }
}
