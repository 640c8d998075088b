//! Checking one file as several line-aligned ranges, each in a pass of its
//! own (a thread, a worker), merged with [`super::merge_parts`]: the plan
//! (what every range assumes), one range's pass, and the whole check over a
//! buffer (tests, the CLI's reference).

use super::checker::Checker;
use super::range_plan::{owned_range, plan_parallel, ParallelPlan};
use super::structural_part::{range_start, RangeStart, StructuralPart};
use super::tokens::fast_bpe::Tiktoken;
use super::tokens::TokenizerProvider;
use super::{CheckOptions, NoTokenizer, Report};
use crate::facts::Catalog;

/// What the ranges after the first assume, from `prefix` (the start of the
/// file; all of it if `whole`), or `None` when the file must be checked in
/// one pass (its first url or model, or the model its tokens need, come
/// later than the prefix shows).
pub fn plan_ranges(prefix: &[u8], whole: bool, options: &CheckOptions, catalog: &Catalog) -> Option<RangeStart> {
    if options.count_tokens && plan_parallel(prefix, whole, options, catalog) == ParallelPlan::SinglePass {
        return None;
    }
    range_start(prefix, whole, options, catalog)
}

/// A range pass for the lines from byte `start`: the first range (start 0)
/// starts as a single pass does, the others from `at`.
pub fn range_checker(
    options: CheckOptions,
    catalog: &Catalog,
    provider: Box<dyn TokenizerProvider>,
    start: u64,
    at: &RangeStart,
) -> Checker {
    let first = RangeStart { first_url: options.endpoint.clone().map(|e| (e, 0)), first_model: None };
    Checker::for_range(options, catalog, provider, start, if start == 0 { &first } else { at })
}

/// The byte ranges `[a, b)` owned by the nominal ranges between `cuts`
/// (ascending offsets inside the buffer; empty ranges dropped).
pub fn ranges_at(bytes: &[u8], cuts: &[u64]) -> Vec<(u64, u64)> {
    let len = bytes.len() as u64;
    let mut bounds = vec![0];
    bounds.extend(cuts.iter().map(|&c| c.min(len)));
    bounds.push(len);
    bounds
        .windows(2)
        .map(|w| {
            owned_range(w[0], w[1].max(w[0]), len, |from| {
                bytes.get(from as usize..).and_then(|rest| memchr::memchr(b'\n', rest)).map(|i| from + i as u64)
            })
        })
        .filter(|(a, b)| a < b)
        .collect()
}

/// Checks a buffer as ranges cut at `cuts`, fed `chunk` bytes at a time,
/// and merges them; `None` when only a single pass is exact.
pub fn check_bytes_ranges(bytes: &[u8], options: &CheckOptions, catalog: &Catalog, cuts: &[u64], chunk: usize) -> Option<Report> {
    let head = &bytes[..bytes.len().min(super::PLAN_PREFIX_BYTES)];
    let at = plan_ranges(head, head.len() == bytes.len(), options, catalog)?;
    let mut ranges = ranges_at(bytes, cuts);
    if ranges.is_empty() {
        ranges.push((0, 0));
    }
    let parts: Vec<StructuralPart> = ranges
        .into_iter()
        .map(|(a, b)| {
            let provider: Box<dyn TokenizerProvider> = if options.count_tokens { Box::new(Tiktoken) } else { Box::new(NoTokenizer) };
            let mut c = range_checker(options.clone(), catalog, provider, a, &at);
            for piece in bytes[a as usize..b as usize].chunks(chunk.max(1)) {
                c.feed(piece);
            }
            c.finish_part()
        })
        .collect();
    super::merge_parts(parts, options, catalog)
}
