//! The line splitter moved to [`crate::io::lines`]; the results code uses it
//! from there.

pub use crate::io::lines::{is_blank, LineSplitter, RawLine};
