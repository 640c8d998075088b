//! Numbers as each language writes them. One formatter, in core
//! (`batchlane_core::format`), shared by the pages and the domain's prose.

pub use batchlane_core::format::{format_count, format_number, format_percent, number, usd};
