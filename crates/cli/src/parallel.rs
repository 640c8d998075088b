//! Checks many files on several threads and hands the reports back in input
//! order, one at a time, so that output streams and at most a few reports
//! are held at once.

use crate::inputs::Input;
use batchlane_core::batch::{CheckOptions, Checker, Report};
use batchlane_core::facts::Catalog;
use std::io::Read;
use std::sync::{Condvar, Mutex};

const CHUNK: usize = 1 << 20;

/// A file's report, or why it could not be read.
pub type Outcome = Result<Report, String>;

struct State {
    next: usize,
    written: usize,
    done: Vec<Option<Outcome>>,
}

/// Checks every input with `jobs` threads; `each(index, outcome)` runs on the
/// calling thread in input order. A worker runs at most `2 × jobs` files
/// ahead of the output.
pub fn check_all(inputs: &[Input], options: &CheckOptions, catalog: &Catalog, jobs: usize, mut each: impl FnMut(usize, Outcome)) {
    let n = inputs.len();
    // One file: its ranges get the threads.
    let split = if n == 1 { jobs } else { 1 };
    let jobs = jobs.clamp(1, n.max(1));
    let window = jobs.saturating_mul(2);
    let state = Mutex::new(State { next: 0, written: 0, done: (0..n).map(|_| None).collect() });
    let changed = Condvar::new();
    let lock = || state.lock().unwrap_or_else(|p| p.into_inner());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = {
                    let mut st = lock();
                    while st.next < n && st.next >= st.written.saturating_add(window) {
                        st = changed.wait(st).unwrap_or_else(|p| p.into_inner());
                    }
                    if st.next >= n {
                        return;
                    }
                    st.next += 1;
                    st.next - 1
                };
                let outcome = check_guarded(&inputs[i], options, catalog, split);
                lock().done[i] = Some(outcome);
                changed.notify_all();
            });
        }
        for i in 0..n {
            let outcome = {
                let mut st = lock();
                loop {
                    if let Some(o) = st.done[i].take() {
                        st.written = i + 1;
                        break o;
                    }
                    st = changed.wait(st).unwrap_or_else(|p| p.into_inner());
                }
            };
            changed.notify_all();
            each(i, outcome);
        }
    });
}

/// A panic in the checker becomes an unreadable-file outcome, never a crash.
fn check_guarded(input: &Input, options: &CheckOptions, catalog: &Catalog, split: usize) -> Outcome {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check_input(input, options, catalog, split)))
        .unwrap_or_else(|_| Err("internal error while checking this file (please report it)".into()))
}

fn check_input(input: &Input, options: &CheckOptions, catalog: &Catalog, split: usize) -> Outcome {
    match input {
        Input::Stdin => check_reader(std::io::stdin().lock(), options, catalog),
        Input::File(path) => {
            let f = std::fs::File::open(path).map_err(|e| e.to_string())?;
            let meta = f.metadata().map_err(|e| e.to_string())?;
            if meta.is_dir() {
                return Err("it is a directory".into());
            }
            if !meta.is_file() {
                // A pipe or a device: its name is not what will be uploaded.
                return check_reader(f, options, catalog);
            }
            // The name the file will be uploaded under (the service wants .jsonl).
            let named = CheckOptions { file_name: path.file_name().map(|n| n.to_string_lossy().into_owned()), ..options.clone() };
            if let Some(report) = crate::split_file::check_split(path, &named, catalog, split)? {
                return Ok(report);
            }
            check_reader(f, &named, catalog)
        }
    }
}

/// Reads in chunks: a 1 GB file never sits in memory whole.
fn check_reader(mut r: impl Read, options: &CheckOptions, catalog: &Catalog) -> Outcome {
    let mut checker = Checker::new(options.clone(), catalog);
    let mut buf = vec![0u8; CHUNK];
    loop {
        match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => checker.feed(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(checker.finish())
}
