//! The translation tables: one per language, the same keys in each
//! (tests/it/i18n_keys.rs fails on a key missing from either, and on a key the
//! UI uses that neither has). Plain data, so it is tested on the host; [`tx`]
//! is its one reactive lookup.

mod en;
mod ko;

use std::collections::HashMap;
use std::sync::OnceLock;

pub use batchlane_core::text::Lang;

/// Every (key, text) entry of `lang`'s table.
pub fn entries(lang: Lang) -> impl Iterator<Item = (&'static str, &'static str)> {
    let sections = match lang {
        Lang::En => en::SECTIONS,
        Lang::Ko => ko::SECTIONS,
    };
    sections.iter().flat_map(|s| s.iter().copied())
}

fn index(lang: Lang) -> &'static HashMap<&'static str, &'static str> {
    static EN: OnceLock<HashMap<&str, &str>> = OnceLock::new();
    static KO: OnceLock<HashMap<&str, &str>> = OnceLock::new();
    let cell = match lang {
        Lang::En => &EN,
        Lang::Ko => &KO,
    };
    cell.get_or_init(|| entries(lang).collect())
}

/// The text for `key` in `lang`, or the key itself (visible, so a missing key
/// is noticed; the tests keep that from shipping).
pub fn t(lang: Lang, key: &'static str) -> &'static str {
    index(lang).get(key).copied().unwrap_or(key)
}

/// A reactive [`t`]: renders `key` in the language `lang` holds. Like
/// `prefs::tr`, but with the signal passed in, so it is safe in views
/// built inside reactive closures and effects (no context lookup).
pub fn tx(key: &'static str, lang: leptos::prelude::RwSignal<Lang>) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    use leptos::prelude::Get;
    move || t(lang.get(), key)
}

/// Like [`t`] for keys built at run time (e.g. `fact.{kind}`).
pub fn lookup(lang: Lang, key: &str) -> Option<&'static str> {
    index(lang).get(key).copied()
}

/// Replaces `{name}` placeholders in a translated template; `{name|을}`
/// (Korean) also writes the particle that fits the value (을 or 를, by its
/// last syllable), so no "을(를)" fallback is ever shown.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    batchlane_core::text::josa::fill(template, args)
}

/// The plural form of `key` for a count of `n`, with `{n}` filled in (as
/// the language writes numbers): the entry `{key}.one` when `n` is 1, else
/// `{key}.other` ("1 line" / "3 lines"). Both tables define both forms
/// (Korean repeats the one form); a missing form shows the key, like [`t`].
/// Other placeholders are left for [`fill`].
pub fn tn(lang: Lang, key: &str, n: u64) -> String {
    let full = format!("{key}.{}", if n == 1 { "one" } else { "other" });
    match lookup(lang, &full) {
        Some(template) => fill(template, &[("n", &batchlane_core::format::number(n as f64, lang, 0))]),
        None => full,
    }
}

/// Fills `{fact.KIND.SUBJECT}` placeholders (e.g.
/// `{fact.cache_min_prefix_tokens.any}`) with the catalog's value, as
/// `lang` writes numbers, so a figure in prose follows the user's
/// overrides. Other placeholders are left for [`fill`].
pub fn with_facts(template: &str, catalog: &batchlane_core::facts::Catalog, lang: Lang) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find("{fact.") {
        out.push_str(&rest[..open]);
        let after = &rest[open + "{fact.".len()..];
        let Some(close) = after.find('}') else { break };
        let id = &after[..close];
        let value = id
            .split_once('.')
            .and_then(|(kind, subject)| batchlane_core::facts::Kind::from_name(kind).and_then(|k| catalog.get(k, subject)));
        match value {
            Some(v) => out.push_str(&batchlane_core::format::number(v, lang, 2)),
            None => out.push_str(&rest[open..open + "{fact.".len() + close + 1]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}
