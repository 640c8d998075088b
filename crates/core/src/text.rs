//! Text the domain owns (worked explanations, fixes, reasons) in both of the
//! UI's languages. Short labels live in the translation tables instead.

use serde::{Deserialize, Serialize};

/// The same words in English and Korean.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    pub en: String,
    pub ko: String,
}

impl Text {
    pub fn new(en: impl Into<String>, ko: impl Into<String>) -> Self {
        Text { en: en.into(), ko: ko.into() }
    }

    /// The Korean text when `korean`, else the English.
    pub fn pick(&self, korean: bool) -> &str {
        if korean {
            &self.ko
        } else {
            &self.en
        }
    }
}
