//! The line splitter moved to [`crate::io::lines`]; the results code uses it
//! from there.

pub use crate::io::lines::{is_blank, Line, LineSplitter, RawLine};
pub use crate::io::MAX_LINE_BYTES;
