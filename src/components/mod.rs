//! Components shared by the pages.

pub mod clipboard;
pub mod page_header;
