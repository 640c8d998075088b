//! Components shared by the pages.

pub mod page_header;
