//! The structural check of one line-aligned range of a file, as a partial
//! state that `part_merge.rs` merges (in range order) into the report a
//! single pass gives.
//!
//! A range pass ([`super::Checker::for_range`]) checks its lines as the
//! single pass does, starting from a [`RangeStart`]: the file's first url
//! and first model with their lines, read from the file's start
//! ([`range_start`]). Every range but the first assumes them; the merge
//! verifies the assumption (else it refuses, and the caller checks the
//! file in one pass). What a range cannot know, whether a custom_id was
//! used in an earlier range, it records ([`IdSeen`]) for the merge.

use super::findings::Findings;
use super::line::{check_line, FileShape, LineRef};
use super::scan::json_items;
use super::tally::Tally;
use super::CheckOptions;
use crate::facts::{Catalog, Encoding};
use crate::io::{Line, LineSplitter};

/// The cross-line state a range starts from: the file's first `url` (or the
/// given endpoint, line 0) and first `body.model`, with their lines.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RangeStart {
    pub first_url: Option<(String, u64)>,
    pub first_model: Option<(String, u64)>,
}

/// The first line of a custom_id in a range: what a duplicate finding at
/// that line needs, if an earlier range used the id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(into = "IdSeenRow", from = "IdSeenRow")]
pub(crate) struct IdSeen {
    /// Line number within the range (from 1).
    pub line: u64,
    pub column: Option<u64>,
    pub line_start: u64,
    pub line_bytes: u64,
    pub byte_offset: Option<u64>,
    /// Whether one more finding on this line is kept without changing which
    /// of the line's other findings are kept (the per-line cap).
    pub room: bool,
}

/// [`IdSeen`] as the worker protocol carries it: an array, not an object
/// with field names (a part holds one per request of its range).
type IdSeenRow = (u64, Option<u64>, u64, u64, Option<u64>, bool);

impl From<IdSeen> for IdSeenRow {
    fn from(s: IdSeen) -> Self {
        (s.line, s.column, s.line_start, s.line_bytes, s.byte_offset, s.room)
    }
}

impl From<IdSeenRow> for IdSeen {
    fn from((line, column, line_start, line_bytes, byte_offset, room): IdSeenRow) -> Self {
        IdSeen { line, column, line_start, line_bytes, byte_offset, room }
    }
}

/// The structural check of one range, ready to merge.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StructuralPart {
    /// Byte offset of the range's first line in the file.
    pub start: u64,
    /// Bytes in the range.
    pub bytes: u64,
    /// Lines in the range.
    pub lines: u64,
    /// The state the range assumed at its start.
    pub assumed: RangeStart,
    /// The state at its end (line numbers within the range when the range
    /// set them itself).
    pub reached: RangeStart,
    /// Whether a token counter was made.
    pub counted: bool,
    pub encoding: Option<(Encoding, bool)>,
    /// The range's first request, when it did not parse and looks like a
    /// file that is not JSONL: its line in the range and the shape.
    pub(crate) first_shape: Option<(u64, FileShape)>,
    /// The custom_ids first used in the range, in line order.
    pub(crate) ids: Vec<(Box<str>, IdSeen)>,
    /// The range held more distinct ids than a file may hold requests (the
    /// merge refuses: a single pass is exact).
    pub(crate) overflow: bool,
    /// Counts and findings, numbered from 1 within the range.
    pub tally: Tally,
}

/// The state every range should start from, read from `prefix` (the file's
/// start; all of it if `whole`), or `None` when the prefix does not show it
/// (check the file in one pass).
pub fn range_start(prefix: &[u8], whole: bool, options: &CheckOptions, catalog: &Catalog) -> Option<RangeStart> {
    let complete = if whole { prefix } else { prefix.iter().rposition(|&b| b == b'\n').map_or(&prefix[..0], |i| &prefix[..=i]) };
    let mut start = RangeStart { first_url: options.endpoint.clone().map(|e| (e, 0)), first_model: None };
    let mut out = Findings::new(options.max_stored_per_code);
    let mut on_line = |l: Line<'_>| {
        let Line::Line(l) = l else { return };
        let b = l.bytes;
        if (start.first_url.is_some() && start.first_model.is_some())
            || b.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r'))
            || json_items(b) > options.max_line_values
        {
            return;
        }
        out.clear();
        let r = LineRef { number: l.number, start: l.offset, bytes: b };
        if let Some(p) = check_line(r, options.dialect, catalog, &mut out) {
            if start.first_url.is_none() {
                start.first_url = p.url.map(|u| (u.into_owned(), l.number));
            }
            if start.first_model.is_none() {
                start.first_model = p.model.map(|m| (m.into_owned(), l.number));
            }
        }
    };
    let mut lines = LineSplitter::with_limit(options.max_line_bytes);
    lines.feed_lines(complete, &mut on_line);
    lines.finish_lines(&mut on_line);
    (whole || (start.first_url.is_some() && start.first_model.is_some())).then_some(start)
}
