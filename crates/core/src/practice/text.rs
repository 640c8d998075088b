//! The practice tables' bilingual text: the crate's one [`Text`].

pub use crate::text::Text;
