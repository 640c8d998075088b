//! The UI's two languages, and text the domain owns (worked explanations,
//! fixes, reasons) in both. Short labels live in the app's translation
//! tables instead; both are picked with the same [`Lang`].

pub mod figures;
pub mod josa;
pub mod ko_terms;

use serde::{Deserialize, Serialize};

/// A language the UI speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
}

/// The same words in English and Korean. Built one way only,
/// `Text::new(en, ko)`, English first like the fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    pub en: String,
    pub ko: String,
}

impl Text {
    pub fn new(en: impl Into<String>, ko: impl Into<String>) -> Self {
        Text { en: en.into(), ko: ko.into() }
    }

    /// The words in `lang`.
    pub fn pick(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Ko => &self.ko,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_returns_the_language_asked_for() {
        let text = Text::new("three lines", "세 줄");
        assert_eq!(text.pick(Lang::En), "three lines");
        assert_eq!(text.pick(Lang::Ko), "세 줄");
    }

    #[test]
    fn tags_round_trip_and_regions_are_ignored() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.tag()), Some(lang));
        }
        assert_eq!(Lang::from_tag("ko-KR"), Some(Lang::Ko));
        assert_eq!(Lang::from_tag("en_GB"), Some(Lang::En));
        assert_eq!(Lang::from_tag("fr"), None);
        assert_eq!(Lang::from_browser("fr-FR"), Lang::En);
    }
}
