//! Shared plumbing of the domain: one of each. The UTF-8 byte order mark,
//! the CSV writer, the seeded generator (and the line splitter).

pub mod csv;
pub mod rng;

/// The UTF-8 byte order mark some editors put at the start of a file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The longest line a reader keeps, in bytes (a memory bound, not a vendor
/// figure): a result line carries one model answer, an input line one
/// request. A longer line is reported with its number and skipped.
pub const MAX_LINE_BYTES: usize = 32 * 1024 * 1024;

/// Diagnostics a report keeps; the rest are only counted (a memory bound
/// for files where every line is bad, not a vendor figure).
pub const MAX_DIAGNOSTICS: usize = 1_000;
