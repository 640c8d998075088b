//! One big file checked on several threads: line-aligned byte ranges, each
//! in a range pass of its own, merged in range order into the single
//! pass's report (`batchlane_core::batch::merge_parts`). Where only a
//! single pass is exact the merge refuses and the caller checks in one pass.

use crate::recheck::read_chunks;
use batchlane_core::batch::{merge_parts, owned_range, plan_ranges, range_checker, CheckOptions, Report, Tiktoken, PLAN_PREFIX_BYTES};
use batchlane_core::facts::Catalog;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Files smaller than this are checked in one pass.
pub const SPLIT_MIN_BYTES: u64 = 8 << 20;
/// The smallest range a thread gets.
const RANGE_MIN_BYTES: u64 = 4 << 20;

/// The report of `path` checked as `jobs` ranges, `Ok(None)` when it is
/// small or only a single pass is exact.
pub fn check_split(path: &Path, options: &CheckOptions, catalog: &Catalog, jobs: usize) -> Result<Option<Report>, String> {
    let mut f = File::open(path).map_err(|e| e.to_string())?;
    let len = f.metadata().map_err(|e| e.to_string())?.len();
    if jobs < 2 || len < SPLIT_MIN_BYTES {
        return Ok(None);
    }
    let mut head = vec![0u8; PLAN_PREFIX_BYTES.min(len as usize)];
    f.read_exact(&mut head).map_err(|e| e.to_string())?;
    let Some(at) = plan_ranges(&head, head.len() as u64 == len, options, catalog) else { return Ok(None) };
    // Ranges of at least RANGE_MIN_BYTES: threads (and their buffers) stay few.
    let n = (jobs as u64).min(len / RANGE_MIN_BYTES).max(1);
    let mut ranges = Vec::new();
    for k in 0..n {
        let mut err = None;
        let (s, e) = (len / n * k, if k + 1 == n { len } else { len / n * (k + 1) });
        let r = owned_range(s, e, len, |from| {
            next_newline(&mut f, from).unwrap_or_else(|e| {
                err = Some(e);
                None
            })
        });
        if let Some(e) = err {
            return Err(e);
        }
        if r.0 < r.1 || (k == 0 && len == 0) {
            ranges.push(r);
        }
    }
    let parts = std::thread::scope(|s| {
        let handles: Vec<_> = ranges
            .iter()
            .map(|&(a, b)| {
                let at = &at;
                s.spawn(move || -> Result<_, String> {
                    let mut f = File::open(path).map_err(|e| e.to_string())?;
                    f.seek(SeekFrom::Start(a)).map_err(|e| e.to_string())?;
                    let mut c = range_checker(options.clone(), catalog, Box::new(Tiktoken), a, at);
                    read_chunks(&mut f.take(b - a), path, |chunk| {
                        c.feed(chunk);
                        Ok(())
                    })?;
                    Ok(c.finish_part())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect::<Result<Vec<_>, String>>()
    })?;
    Ok(merge_parts(parts, options, catalog))
}

/// The offset of the first `\n` at or after `from`.
fn next_newline(f: &mut File, from: u64) -> Result<Option<u64>, String> {
    f.seek(SeekFrom::Start(from)).map_err(|e| e.to_string())?;
    let mut buf = vec![0u8; 64 << 10];
    let mut at = from;
    loop {
        let n = match f.read(&mut buf) {
            Ok(0) => return Ok(None),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.to_string()),
        };
        if let Some(i) = buf[..n].iter().position(|&c| c == b'\n') {
            return Ok(Some(at + i as u64));
        }
        at += n as u64;
    }
}
