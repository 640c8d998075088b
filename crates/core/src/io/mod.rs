//! Shared plumbing of the domain, one of each: the line splitter (with its
//! line-length limit), the CSV writer, query strings, the seeded generator.

mod civil;
mod csv;
mod field_error;
mod lines;
mod link;
mod number;
mod query;
mod read;
mod rng;
mod zip;

pub use civil::{checked_days, civil_from_days, days_from_civil, days_in_month, parse_ymd};
pub use csv::{with_bom, CsvError};
pub(crate) use csv::{CsvOptions, CsvWriter};
pub use field_error::{shown, At, Explain, FieldError};
pub(crate) use lines::is_blank;
pub use lines::{Line, LineSplitter, LongLine, RawLine, BOM};
pub use link::{field, Decoded, Field, Kind, LinkCodec, Opened, Range, Table};
pub use number::{clean_number, parse_number, parse_whole};
pub(crate) use query::{cut, rejected};
pub use query::{parse_query, query_string, Pairs, Parsed, Reason, Rejected, MAX_PAIRS, MAX_QUERY_BYTES};
pub use query::{MAX_SHORT_CHARS, SHOWN_CHARS};
pub(crate) use read::read_file_chunks;
pub use read::{path_name, read_chunks, Go, ReadError, CHUNK, STOPPED};
pub use rng::Rng;
pub use zip::{zip_stored, ZipError};

/// The longest line a reader keeps, in bytes (a memory bound, not a vendor
/// figure): a result line carries one model answer, an input line one
/// request. A longer line is reported with its number and skipped.
pub const MAX_LINE_BYTES: usize = 32 * 1024 * 1024;

/// Diagnostics a report keeps; the rest are only counted (a memory bound
/// for files where every line is bad, not a vendor figure).
pub const MAX_DIAGNOSTICS: usize = 1_000;
