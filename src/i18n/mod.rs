//! The translation tables: one per language, the same keys in each
//! (tests/i18n_keys.rs fails on a key missing from either, and on a key the
//! UI uses that neither has). Plain data, so it is tested on the host.

mod en;
mod ko;

use std::collections::HashMap;
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Lang {
    En,
    Ko,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ko];

    /// The BCP 47 tag for `<html lang>` and number formatting.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
        }
    }

    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "ko" => Some(Lang::Ko),
            _ => None,
        }
    }

    /// The language a browser's `navigator.language` asks for; English when
    /// we don't speak it.
    pub fn from_browser(tag: &str) -> Lang {
        Lang::from_tag(tag).unwrap_or(Lang::En)
    }

    /// Every (key, text) entry of this language's table.
    pub fn entries(self) -> impl Iterator<Item = (&'static str, &'static str)> {
        let sections = match self {
            Lang::En => en::SECTIONS,
            Lang::Ko => ko::SECTIONS,
        };
        sections.iter().flat_map(|s| s.iter().copied())
    }
}

fn index(lang: Lang) -> &'static HashMap<&'static str, &'static str> {
    static EN: OnceLock<HashMap<&str, &str>> = OnceLock::new();
    static KO: OnceLock<HashMap<&str, &str>> = OnceLock::new();
    let cell = match lang {
        Lang::En => &EN,
        Lang::Ko => &KO,
    };
    cell.get_or_init(|| lang.entries().collect())
}

/// The text for `key` in `lang`, or the key itself (visible, so a missing key
/// is noticed; the tests keep that from shipping).
pub fn t(lang: Lang, key: &'static str) -> &'static str {
    index(lang).get(key).copied().unwrap_or(key)
}

/// Like [`t`] for keys built at run time (e.g. `fact.{kind}`).
pub fn lookup(lang: Lang, key: &str) -> Option<&'static str> {
    index(lang).get(key).copied()
}

/// Replaces `{name}` placeholders in a translated template.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}
