//! Peak memory while checking hostile inputs, measured by a counting global
//! allocator on the test's own thread (independent of build mode, timing and
//! the other tests of the binary). The CLI reads files in 1 MiB chunks; so do
//! these checks, from inputs generated on the fly.
//! Run with `--nocapture` to see the figures.

use batchlane_core::batch::{repair, CheckOptions, Checker, RepairOptions, TokenCounter, TokenizerProvider};
use batchlane_core::facts::{Catalog, Encoding};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::Mutex;

struct Counting;

// Counted per thread: this allocator is the whole test binary's (every
// module's tests run in it, on several threads), and what a test measures
// runs on its own thread (the checker and repair spawn none). Plain `Cell`s
// with a const initializer: no destructor, no allocation on first use.
thread_local! {
    static CURRENT: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// `size` more bytes live on this thread (an allocation when `new`).
fn grew(size: usize, new: bool) {
    let _ = CURRENT.try_with(|c| {
        let now = c.get() + size as isize;
        c.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
    });
    if new {
        let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
    }
}

/// `size` bytes freed on this thread (possibly allocated on another).
fn shrank(size: usize) {
    let _ = CURRENT.try_with(|c| c.set(c.get() - size as isize));
}

// The counting allocator forwards to the system's: the test measures peak
// memory, and a GlobalAlloc is unsafe to implement.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size(), true);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        shrank(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // The old and new blocks may both be live during the copy.
            grew(new_size, true);
            shrank(layout.size());
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time: each may peak near [`BOUND`].
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Bytes allocated on this thread at the peak while `f` ran (above what was
/// live before), and the number of allocations it made.
pub(crate) fn measure<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let base = CURRENT.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let allocations = ALLOCATIONS.with(Cell::get);
    let out = f();
    let peak = PEAK.with(Cell::get) - base;
    (out, peak as usize, ALLOCATIONS.with(Cell::get) - allocations)
}

const MB: usize = 1 << 20;
/// The CLI's promise: under 200 MB for any input.
const BOUND: usize = 200 * MB;
const CHUNK: usize = MB;

/// Feeds the concatenation of `parts` (each repeated `times`) in 1 MiB chunks.
fn check_stream(options: CheckOptions, parts: &[(&[u8], usize)]) -> batchlane_core::batch::Report {
    let mut c = Checker::new(options, &Catalog::builtin());
    let mut buf = Vec::with_capacity(CHUNK);
    for &(part, times) in parts {
        for _ in 0..times {
            buf.extend_from_slice(part);
            if buf.len() >= CHUNK {
                c.feed(&buf);
                buf.clear();
            }
        }
    }
    c.feed(&buf);
    c.finish()
}

fn report(name: &str, peak: usize) {
    println!("{name}: peak {:.1} MB", peak as f64 / MB as f64);
}

const HEAD: &[u8] =
    br#"{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o", "max_tokens": 5, "messages": [1"#;
const TAIL: &[u8] = b"]}}\n";

#[test]
fn a_line_of_16_mb_of_bad_messages() {
    // Before: 4 MB took 660 MB, 16 MB 2.5 GB.
    let (r, peak, _) = measure(|| check_stream(CheckOptions::default(), &[(HEAD, 1), (b",1", 8 * MB), (TAIL, 1)]));
    report("16 MB of [1,1,…] on one line", peak);
    assert_eq!(r.summary.requests, 1);
    assert!(peak < BOUND, "{peak}");
}

#[test]
fn a_line_of_bad_messages_just_under_the_value_limit_is_parsed_within_bounds() {
    let o = CheckOptions::default();
    let n = (o.max_line_values as usize - 100) / 2;
    let (r, peak, _) = measure(|| check_stream(o.clone(), &[(HEAD, 1), (b",1", n), (TAIL, 1)]));
    report("[1,1,…] just under the value limit", peak);
    let invalid = r.counts.iter().find(|k| k.code.as_str() == "invalid_request").unwrap();
    assert_eq!((invalid.count, invalid.stored), (n as u64 + 1, o.max_stored_per_code as u64));
    assert!(peak < BOUND, "{peak}");
}

#[test]
fn two_hundred_lines_with_1_mb_ids_and_models() {
    // Before: 597 MB.
    let line = |i: usize| {
        let id = format!("{}{i}", "0".repeat(MB));
        let model = format!("m{}{i}", "0".repeat(MB));
        format!(
            r#"{{"custom_id": "{id}", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "{model}", "max_tokens": 5, "messages": [{{"role": "user", "content": "hi"}}]}}}}"#
        ) + "\n"
    };
    let (r, peak, _) = measure(|| {
        let mut c = Checker::new(CheckOptions::default(), &Catalog::builtin());
        for i in 0..200 {
            for chunk in line(i % 2).as_bytes().chunks(CHUNK) {
                c.feed(chunk);
            }
        }
        c.finish()
    });
    report("200 lines with 1 MB custom_id and model", peak);
    assert_eq!(r.summary.requests, 200);
    assert!(r.diagnostics.iter().all(|d| d.message.len() < 1000));
    assert!(peak < BOUND, "{peak}");
}

#[test]
fn renaming_many_duplicate_ids_is_linear() {
    // Before: quadratic (each rename tried every earlier suffix: 20k took 36.8 s).
    let n = 5_000;
    let input = r#"{"custom_id": "same", "x": 1}"#.to_string() + "\n";
    let input = input.repeat(n);
    let ((out, outcome), _, allocations) = measure(|| repair(input.as_bytes(), RepairOptions { rename_duplicate_ids: true }));
    println!("renaming {n} duplicate ids: {allocations} allocations");
    assert_eq!(outcome.renames.len(), n - 1);
    assert!(String::from_utf8(out).unwrap().contains(&format!("\"same-{n}\"")));
    assert!(allocations < 100 * n, "{allocations}");
}

#[test]
fn a_long_single_piece_is_counted_in_bounded_memory() {
    // Before: one 16 MB run of a letter took 700 MB (and 19.9 s).
    let head = br#"{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": ""#;
    let tail = b"\"}]}}\n";
    let (r, peak, _) = measure(|| check_stream(CheckOptions::default(), &[(head, 1), (b"a", 2 * MB), (tail, 1)]));
    report("a 2 MB run of one letter, tokens counted", peak);
    assert!(r.summary.prompt_tokens.unwrap() > 2 * MB as u64 / 64);
    assert!(peak < 48 * MB, "{peak}");
}

/// A counter that only checks the text reaches it (the tables are tested elsewhere).
struct Chars;
impl TokenCounter for Chars {
    fn count(&self, text: &str) -> u64 {
        text.len() as u64
    }
}
impl TokenizerProvider for Chars {
    fn counter(&self, _: Encoding) -> Option<Box<dyn TokenCounter>> {
        Some(Box::new(Chars))
    }
}

#[test]
fn a_long_line_over_the_limit_is_not_buffered() {
    let o = CheckOptions { max_line_bytes: 8 * MB, ..CheckOptions::default() };
    let (r, peak, _) = measure(|| {
        let mut c = Checker::with_tokenizer(o, &Catalog::builtin(), Box::new(Chars));
        let chunk = vec![b'x'; CHUNK];
        for _ in 0..64 {
            c.feed(&chunk);
        }
        c.feed(b"\n");
        c.finish()
    });
    report("a 64 MB line over an 8 MB limit", peak);
    assert_eq!(r.diagnostics[0].code.as_str(), "line_too_long");
    assert!(peak < 2 * 8 * MB, "{peak}");
}

#[test]
fn a_catalog_look_up_allocates_nothing_once_figures_are_overridden_or_imported() {
    use batchlane_core::facts::{diff_overlay, import_file, Kind};
    let page = "---\ntitle: Quota tier 1\nms.date: 11/30/2026\n---\n| Model Name | Deployment Type | RPM | TPM |\n|--|--|--|--|\n| o4-mini | GlobalStandard | 1,250 | 1,250,000 |\n";
    let mut c = Catalog::builtin();
    c.keep_overlay(&diff_overlay(&[import_file("tier-1.md", page.as_bytes(), "2026-12-05").unwrap()])).unwrap();
    c.set_override("price_input.gpt-4o", 1.0).unwrap();
    let _ = c.get(Kind::PriceInput, "gpt-4.1"); // the index is built on first use
    let (sum, _, allocations) = measure(|| {
        let mut sum = 0.0;
        for _ in 0..1_000 {
            sum += c.get(Kind::PriceInput, "gpt-4o").unwrap_or_default();
            sum += c.get(Kind::TierTpm, "o4-mini/global/1").unwrap_or_default();
            sum += c.get(Kind::TierTpm, "gpt-4.1/global/2").unwrap_or_default();
            sum += c.get(Kind::MaxOutputTokens, "gpt-4.1").unwrap_or_default();
        }
        sum
    });
    assert!(sum > 0.0);
    assert_eq!(allocations, 0);
}
