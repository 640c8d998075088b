//! The batch page's work in the shared worker pool: the check split over
//! one worker per core for big files (each checks a line-aligned range,
//! structure and tokens; one more merges the parts), single-worker repair
//! and split, and cancel.

use crate::worker::client::WorkerPool;
use batchlane_core::batch::{heavy_lines, plan_ranges, CheckOptions, Progress, RangeStart, Report, PLAN_PREFIX_BYTES};
use batchlane_core::facts::{Catalog, Encoding};
use batchlane_core::protocol::{Request, Response, WorkerFailure};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::Blob;

/// Files smaller than this are checked by one worker.
const PARALLEL_MIN_BYTES: f64 = 8.0 * 1024.0 * 1024.0;
/// Most workers a check uses.
const MAX_WORKERS: usize = 16;

thread_local! {
    /// The batch page's workers (kept warm between runs: their tokenizer
    /// tables stay built).
    static POOL: WorkerPool = WorkerPool::new();
}

fn pool() -> WorkerPool {
    POOL.with(WorkerPool::clone)
}

/// Stops every running job (its workers are terminated, not reused).
pub fn cancel() {
    pool().cancel();
}

/// What a check tells the page.
pub enum CheckEvent {
    Progress(Progress),
    Done(Result<Box<Report>, WorkerFailure>),
}

/// How many workers check a big file. Counting tokens is the workers'
/// own work: one per core. Structural checks of chat lines keep up with
/// the browser's reading of the file, which runs on its own threads: they
/// leave it a core (on 2 cores, two range workers were no faster than one
/// on the bench's chat files); lines that name tools or a response format
/// (`batch::heavy_lines` on the file's first lines: about twice the work
/// per byte) get one per core (on 2 cores, 0.38-0.42 s against 0.51-0.53 s).
/// (`batchlane.batch.workers` in localStorage overrides it, for benchmarks.)
fn workers(count_tokens: bool, heavy: bool) -> usize {
    use gloo::storage::{LocalStorage, Storage};
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency()) as usize;
    let n = if count_tokens || heavy { cores } else { cores.saturating_sub(1) };
    LocalStorage::get::<usize>("batchlane.batch.workers").unwrap_or(n).clamp(1, MAX_WORKERS)
}

/// Starts the workers a check will use, so that a file picked later is
/// checked at once (a worker takes a moment to fetch and compile its wasm);
/// when tokens will be counted, each also builds the o200k table (the
/// encoding of the catalog's current models; another one is fetched when a
/// file needs it), which a check otherwise waits for in every worker.
pub fn warm(count_tokens: bool) {
    let pool = pool();
    let warmed = pool.warm(workers(true, true)).and_then(|()| {
        if count_tokens {
            pool.tell_idle(&Request::Prepare { encoding: Encoding::O200kBase })
        } else {
            Ok(())
        }
    });
    if let Err(e) = warmed {
        web_sys::console::warn_1(&e.to_string().into());
    }
}

/// The size from which a file is checked on several workers
/// (`batchlane.batch.parallel_min_bytes` in localStorage overrides it, for tests).
fn parallel_min_bytes() -> f64 {
    use gloo::storage::{LocalStorage, Storage};
    LocalStorage::get::<f64>("batchlane.batch.parallel_min_bytes").unwrap_or(PARALLEL_MIN_BYTES)
}

/// Checks `file` in the workers, with exact tokens (when counted).
pub fn check(file: Blob, options: CheckOptions, catalog: Catalog, on: Rc<dyn Fn(CheckEvent)>) {
    // The most workers this file could get (heavy lines or tokens: one per core).
    if file.size() < parallel_min_bytes() || workers(options.count_tokens, true) < 2 {
        return single(file, options, catalog, on);
    }
    wasm_bindgen_futures::spawn_local(async move {
        let size = file.size();
        let end = size.min(PLAN_PREFIX_BYTES as f64);
        let head = file.slice_with_f64_and_f64(0.0, end).map(gloo::file::Blob::from);
        let bytes = match head {
            Ok(h) => gloo::file::futures::read_as_bytes(&h).await.ok(),
            Err(_) => None,
        };
        let n = workers(options.count_tokens, bytes.as_deref().is_some_and(heavy_lines));
        // The report must equal a single pass: split only when the ranges
        // can know the file's first url and model (and tokens' model).
        let Some(at) = bytes.filter(|_| n >= 2).and_then(|b| plan_ranges(&b, end >= size, &options, &catalog)) else {
            return single(file, options, catalog, on);
        };
        if let Err(e) = ranges(file, n, options, catalog, at, on.clone()) {
            cancel();
            on(CheckEvent::Done(Err(e)));
        }
    });
}

fn progress_of(done: u64, lines: u64) -> Progress {
    Progress { bytes: done, lines }
}

fn single(file: Blob, options: CheckOptions, catalog: Catalog, on: Rc<dyn Fn(CheckEvent)>) {
    let on2 = on.clone();
    let sent = pool().run(&Request::Check { options, catalog, tokens: true }, &[file], move |reply, _| match reply {
        Response::Progress { done, lines, .. } => on(CheckEvent::Progress(progress_of(done, lines))),
        Response::Checked { report } => on(CheckEvent::Done(Ok(report))),
        Response::Failed { failure } => on(CheckEvent::Done(Err(failure))),
        _ => {}
    });
    if let Err(failure) = sent {
        on2(CheckEvent::Done(Err(failure)));
    }
}

/// Runs one request with `file` in a worker; `f` gets every response and
/// the files that came back.
pub fn one(file: Blob, req: Request, f: impl Fn(Response, Vec<Blob>) + 'static) {
    let f = Rc::new(f);
    let g = f.clone();
    if let Err(failure) = pool().run(&req, &[file], move |r, blobs| g(r, blobs)) {
        f(Response::Failed { failure }, Vec::new());
    }
}

struct Ranges {
    /// Bytes and lines read by each range's worker.
    done: Vec<Progress>,
    /// Each range's part, as the blob its worker made (passed on unread).
    parts: Vec<Option<Blob>>,
    merging: bool,
    failed: bool,
}

/// The check over `n` line-aligned ranges, one worker each (structural
/// findings and, when counted, tokens), then merged in one more.
fn ranges(
    file: Blob,
    n: usize,
    options: CheckOptions,
    catalog: Catalog,
    at: RangeStart,
    on: Rc<dyn Fn(CheckEvent)>,
) -> Result<(), WorkerFailure> {
    let len = file.size() as u64;
    let state = Rc::new(RefCell::new(Ranges { done: vec![Progress::default(); n], parts: vec![None; n], merging: false, failed: false }));
    let emit = {
        let on = on.clone();
        let state = state.clone();
        move || {
            let st = state.borrow();
            let sum = |f: fn(&Progress) -> u64| st.done.iter().fold(0u64, |a, p| a.saturating_add(f(p)));
            on(CheckEvent::Progress(Progress { bytes: sum(|p| p.bytes), lines: sum(|p| p.lines) }));
        }
    };
    let fail = {
        let on = on.clone();
        let state = state.clone();
        move |failure: WorkerFailure| {
            if !std::mem::replace(&mut state.borrow_mut().failed, true) {
                cancel();
                on(CheckEvent::Done(Err(failure)));
            }
        }
    };
    // Merges the parts in a worker once all are in.
    let maybe_merge = {
        let (state, fail, on, file, options, catalog) =
            (state.clone(), fail.clone(), on.clone(), file.clone(), options.clone(), catalog.clone());
        move || {
            let mut st = state.borrow_mut();
            if st.merging || st.failed || !st.parts.iter().all(Option::is_some) {
                return;
            }
            st.merging = true;
            let blobs: Vec<Blob> = std::iter::once(file.clone()).chain(st.parts.iter_mut().filter_map(Option::take)).collect();
            drop(st);
            let (on, fail2) = (on.clone(), fail.clone());
            let req = Request::Merge { options: options.clone(), catalog: catalog.clone() };
            let sent = pool().run(&req, &blobs, move |reply, _| match reply {
                // The merge fell back to one pass over the file.
                Response::Progress { done, lines, .. } => on(CheckEvent::Progress(progress_of(done, lines))),
                Response::Checked { report } => on(CheckEvent::Done(Ok(report))),
                Response::Failed { failure } => fail2(failure),
                _ => {}
            });
            if let Err(e) = sent {
                fail(e);
            }
        }
    };
    for k in 0..n {
        let (state, emit, fail, maybe_merge) = (state.clone(), emit.clone(), fail.clone(), maybe_merge.clone());
        let (start, end) = (len * k as u64 / n as u64, len * (k as u64 + 1) / n as u64);
        let req = Request::Range { options: options.clone(), catalog: catalog.clone(), start, end, at: at.clone() };
        pool().run(&req, std::slice::from_ref(&file), move |reply, blobs| match reply {
            Response::Progress { done, lines, .. } => {
                state.borrow_mut().done[k] = progress_of(done, lines);
                emit();
            }
            Response::Part { bytes, lines } => {
                let Some(part) = blobs.into_iter().next() else {
                    return fail(WorkerFailure::FileCount { named: 1, attached: 0 });
                };
                {
                    let mut st = state.borrow_mut();
                    st.done[k] = Progress { bytes, lines };
                    st.parts[k] = Some(part);
                }
                emit();
                maybe_merge();
            }
            Response::Failed { failure } => fail(failure),
            _ => {}
        })?;
    }
    Ok(())
}
