//! The practice tables' bilingual text: the crate's one [`Text`], built
//! Korean first as the tables are written.

pub use crate::text::Text;

/// Korean first, as the practice tables are written.
pub fn ko_en(ko: impl Into<String>, en: impl Into<String>) -> Text {
    Text::new(en, ko)
}
