//! Checks many files on several threads and hands the reports back in input
//! order, one at a time, so that output streams and at most a few reports
//! are held at once.

use crate::inputs::Input;
use batchlane_core::batch::{check_file, check_reader, CheckOptions, Report};
use batchlane_core::facts::Catalog;
use std::sync::{Condvar, Mutex};

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
        Input::Stdin => check_reader(std::io::stdin().lock(), options, catalog).map_err(|e| e.to_string()),
        Input::File(path) => check_file(path, options, catalog, split).map_err(|e| e.to_string()),
    }
}
