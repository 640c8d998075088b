//! Checking a file on disk: streamed in chunks (memory stays bounded), a
//! big one as line-aligned byte ranges on several threads, each in a range
//! pass of its own, merged in range order into the single pass's report
//! ([`merge_parts`]); where only a single pass is exact the merge refuses
//! and the file is checked in one pass. The CLI and the Python package
//! check files through here.

use super::{merge_parts, owned_range, plan_ranges, range_checker, CheckOptions, Checker, Report, Tiktoken, PLAN_PREFIX_BYTES};
use crate::facts::Catalog;
use crate::io::{read_chunks, Go, ReadError, CHUNK};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Files smaller than this are checked in one pass.
pub const SPLIT_MIN_BYTES: u64 = 8 << 20;
/// The smallest range a thread gets.
const RANGE_MIN_BYTES: u64 = 4 << 20;

/// The report of the file at `path` on up to `jobs` threads, or why it
/// cannot be read. The file name (the service wants `.jsonl`) is checked
/// as the name it will be uploaded under; a pipe or a device is read as a
/// stream.
pub fn check_file(path: &Path, options: &CheckOptions, catalog: &Catalog, jobs: usize) -> Result<Report, ReadError> {
    check_file_until(path, options, catalog, jobs, &|| true)
}

/// [`check_file`], asking `go` before each chunk, on every thread, whether
/// to go on: once it says no the check stops with [`STOPPED`] (the Python
/// package's Ctrl-C on an endless file such as `/dev/zero`).
pub fn check_file_until(path: &Path, options: &CheckOptions, catalog: &Catalog, jobs: usize, go: Go<'_>) -> Result<Report, ReadError> {
    let f = File::open(path)?;
    let meta = f.metadata()?;
    if meta.is_dir() {
        return Err(ReadError::Directory);
    }
    if !meta.is_file() {
        // A pipe or a device: its name is not what will be uploaded.
        return check_reader_until(f, options, catalog, go);
    }
    let named = CheckOptions { file_name: path.file_name().map(crate::io::path_name), ..options.clone() };
    if let Some(report) = split(path, &named, catalog, jobs, go)? {
        return Ok(report);
    }
    check_reader_until(f, &named, catalog, go)
}

/// Reads in chunks: a 1 GB file never sits in memory whole.
pub fn check_reader(r: impl Read, options: &CheckOptions, catalog: &Catalog) -> Result<Report, ReadError> {
    check_reader_until(r, options, catalog, &|| true)
}

fn check_reader_until(mut r: impl Read, options: &CheckOptions, catalog: &Catalog, go: Go<'_>) -> Result<Report, ReadError> {
    let mut checker = Checker::new(options.clone(), catalog);
    let mut buf = vec![0u8; CHUNK];
    loop {
        if !go() {
            return Err(ReadError::Stopped);
        }
        match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => checker.feed(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(checker.finish())
}

/// The report of `path` checked as `jobs` ranges, `Ok(None)` when it is
/// small or only a single pass is exact.
pub fn check_split(path: &Path, options: &CheckOptions, catalog: &Catalog, jobs: usize) -> Result<Option<Report>, ReadError> {
    split(path, options, catalog, jobs, &|| true)
}

fn split(path: &Path, options: &CheckOptions, catalog: &Catalog, jobs: usize, go: Go<'_>) -> Result<Option<Report>, ReadError> {
    let mut f = File::open(path)?;
    let len = f.metadata()?.len();
    if jobs < 2 || len < SPLIT_MIN_BYTES {
        return Ok(None);
    }
    let mut head = vec![0u8; PLAN_PREFIX_BYTES.min(len as usize)];
    f.read_exact(&mut head)?;
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
                s.spawn(move || -> Result<_, ReadError> {
                    let mut f = File::open(path)?;
                    f.seek(SeekFrom::Start(a))?;
                    let mut c = range_checker(options.clone(), catalog, Box::new(Tiktoken), a, at);
                    read_chunks(&mut f.take(b - a), path, |chunk| {
                        if !go() {
                            return Err(ReadError::Stopped);
                        }
                        c.feed(chunk);
                        Ok(())
                    })?;
                    Ok(c.finish_part())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect::<Result<Vec<_>, ReadError>>()
    })?;
    Ok(merge_parts(parts, options, catalog))
}

/// The offset of the first `\n` at or after `from`.
fn next_newline(f: &mut File, from: u64) -> Result<Option<u64>, ReadError> {
    f.seek(SeekFrom::Start(from))?;
    let mut buf = vec![0u8; 64 << 10];
    let mut at = from;
    loop {
        let n = match f.read(&mut buf) {
            Ok(0) => return Ok(None),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if let Some(i) = buf[..n].iter().position(|&c| c == b'\n') {
            return Ok(Some(at + i as u64));
        }
        at += n as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[cfg(unix)]
    #[test]
    fn an_endless_device_stops_when_go_says_so() {
        let asked = AtomicUsize::new(0);
        let go = || asked.fetch_add(1, Ordering::Relaxed) < 4;
        let r = check_file_until(Path::new("/dev/zero"), &CheckOptions::default(), &Catalog::builtin(), 2, &go);
        assert_eq!(r.unwrap_err(), ReadError::Stopped);
    }

    #[test]
    fn a_file_checked_in_ranges_stops_on_every_thread() {
        let dir = std::env::temp_dir().join(format!("batchlane-file-go-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.jsonl");
        let line = r#"{"custom_id":"ID","method":"POST","url":"/v1/chat/completions","body":{"model":"m","messages":[{"role":"user","content":"hi"}]}}"#;
        let text: String =
            (0..(SPLIT_MIN_BYTES as usize * 2 / line.len())).map(|i| format!("{}\n", line.replace("ID", &i.to_string()))).collect();
        std::fs::write(&path, text).unwrap();
        let options = CheckOptions { count_tokens: false, ..CheckOptions::default() };
        let asked = AtomicUsize::new(0);
        let go = || asked.fetch_add(1, Ordering::Relaxed) < 2;
        assert_eq!(check_file_until(&path, &options, &Catalog::builtin(), 4, &go).unwrap_err(), ReadError::Stopped);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
