//! Shared plumbing of the domain, one of each: the line splitter (with its
//! line-length limit), the CSV writer, query strings, the seeded generator.

pub mod csv;
pub mod lines;
pub mod query;
pub mod read;
pub mod rng;
pub mod zip;

pub use lines::BOM;

/// The longest line a reader keeps, in bytes (a memory bound, not a vendor
/// figure): a result line carries one model answer, an input line one
/// request. A longer line is reported with its number and skipped.
pub const MAX_LINE_BYTES: usize = 32 * 1024 * 1024;

/// Diagnostics a report keeps; the rest are only counted (a memory bound
/// for files where every line is bad, not a vendor figure).
pub const MAX_DIAGNOSTICS: usize = 1_000;
