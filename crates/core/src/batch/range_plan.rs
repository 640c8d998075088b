//! Planning a check over line-aligned ranges (`range_check.rs`): which
//! lines a nominal byte range owns, and whether ranges can reproduce a
//! single pass's token figures at all.
//!
//! A range `[s, e)` owns the lines whose first byte lies in it: it starts
//! after the first `\n` at or after byte `s - 1` and ends after the first
//! `\n` at or after byte `e - 1` (see [`owned_range`]).

use super::findings::Findings;
use super::line::{check_line, LineRef, Parsed};
use super::scan::json_items;
use super::CheckOptions;
use crate::facts::Catalog;
use crate::io::{Line, LineSplitter};

/// How much of a file's start [`plan_parallel`] reads.
pub const PLAN_PREFIX_BYTES: usize = 1 << 20;

/// The range of bytes `[a, b)` that the nominal range `[s, e)` owns: the
/// lines whose first byte lies in `[s, e)`. `next_newline(from)` gives the
/// offset of the first `\n` at or after `from` (or `None`); `len` is the
/// file's size. An empty result (`a >= b`) owns no line.
pub fn owned_range(s: u64, e: u64, len: u64, mut next_newline: impl FnMut(u64) -> Option<u64>) -> (u64, u64) {
    let mut after = |x: u64| if x == 0 { 0 } else { next_newline(x - 1).map_or(len, |n| n + 1) };
    let a = after(s.min(len));
    let b = if e >= len { len } else { after(e) };
    (a, b.max(a))
}

/// Parses the complete lines of `prefix` (the start of the file; all of it
/// if `whole`) as the structural pass will, until `f` returns an answer.
fn first_in_prefix<T>(
    prefix: &[u8],
    whole: bool,
    options: &CheckOptions,
    catalog: &Catalog,
    mut f: impl FnMut(Parsed<'static>) -> Option<T>,
) -> Option<T> {
    let complete = if whole { prefix } else { prefix.iter().rposition(|&b| b == b'\n').map_or(&prefix[..0], |i| &prefix[..=i]) };
    let mut out = Findings::new(options.max_stored_per_code);
    let mut found = None;
    let mut on_line = |l: Line<'_>| {
        let Line::Line(l) = l else { return };
        let b = l.bytes;
        if found.is_some() || b.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r')) || json_items(b) > options.max_line_values {
            return;
        }
        out.clear();
        let r = LineRef { number: l.number, start: l.offset, bytes: b };
        if let Some(p) = check_line(r, options.dialect, catalog, &mut out) {
            found = f(p);
        }
    };
    let mut lines = LineSplitter::with_limit(options.max_line_bytes);
    lines.feed_lines(complete, &mut on_line);
    lines.finish_lines(&mut on_line);
    found
}

/// Whether range passes can reproduce a single pass's token figures exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParallelPlan {
    /// Split the file (the model the prefix names, if any).
    Split(Option<String>),
    /// The single pass picks its model (and encoding) later than the prefix
    /// shows, or in a way ranges can't know: check the file in one pass.
    SinglePass,
}

/// Decides how to check a file on several cores from `prefix`, its start
/// (`whole`: the prefix is the whole file). The single pass learns the
/// model from the first line that names one, and fixes the encoding at the
/// first line it counts; a range pass knows neither, so splitting is exact
/// only when the options name the model, tokens aren't counted, or the first
/// model-naming line comes no later than the first counted line.
pub fn plan_parallel(prefix: &[u8], whole: bool, options: &CheckOptions, catalog: &Catalog) -> ParallelPlan {
    if options.model.is_some() || !options.count_tokens {
        return ParallelPlan::Split(None);
    }
    let found = first_in_prefix(prefix, whole, options, catalog, |p| match p.model {
        Some(model) => Some(ParallelPlan::Split(Some(model.into_owned()))),
        // Counted before any model is known: the encoding is guessed here
        // and the model's context window applies only to later lines.
        None if p.body.is_some() && p.endpoint.is_some() => Some(ParallelPlan::SinglePass),
        None => None,
    });
    if let Some(plan) = found {
        return plan;
    }
    // No model and no counted line: none in the whole file means no tokens.
    if whole {
        ParallelPlan::Split(None)
    } else {
        ParallelPlan::SinglePass
    }
}

/// The body arguments that make a line dear to check for its size: a
/// schema walked deep (a tool's parameters, a strict `response_format`)
/// and the cross-field rules that read them.
const HEAVY_KEYS: [&[u8]; 3] = [b"\"tools\"", b"\"response_format\"", b"\"functions\""];

/// The most lines of a prefix [`heavy_lines`] looks at.
const HEAVY_SAMPLE_LINES: usize = 64;

/// Whether most of the first lines of `prefix` (at most
/// [`HEAVY_SAMPLE_LINES`], complete lines only) name `tools`,
/// `response_format` or `functions`: lines the structural check spends
/// about twice as long on per byte (the bench's tools shape: 375 MB/s in
/// the browser against 815-956 MB/s for chat lines). The browser checks
/// such a file on one worker per core (on 2 cores, 0.38-0.42 s against
/// 0.51-0.53 s on one worker); other files leave a core to the browser's
/// reading of the file (two workers were no faster on chat lines). Only a
/// choice of speed: the findings are the same either way.
pub fn heavy_lines(prefix: &[u8]) -> bool {
    let mut lines = 0usize;
    let mut heavy = 0usize;
    let mut rest = prefix;
    while lines < HEAVY_SAMPLE_LINES {
        let Some(end) = memchr::memchr(b'\n', rest) else { break };
        let line = &rest[..end];
        rest = &rest[end + 1..];
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        lines += 1;
        heavy += usize::from(HEAVY_KEYS.iter().any(|k| memchr::memmem::find(line, k).is_some()));
    }
    lines > 0 && heavy * 2 >= lines
}
