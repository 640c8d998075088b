//! Components shared by the pages.

pub mod clipboard;
pub mod page_header;
pub mod update_banner;
