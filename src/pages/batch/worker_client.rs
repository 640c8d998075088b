//! The batch page's work in the shared worker pool: the check split over
//! several workers for big files (one structural pass over the whole file,
//! token passes over line-aligned ranges, merged in the structural
//! worker), single-worker repair and split, and cancel.

use crate::worker::client::{Job, WorkerPool};
use batchlane_core::batch::{plan_parallel, CheckOptions, ParallelPlan, Progress, Report, TokenPart, PLAN_PREFIX_BYTES};
use batchlane_core::facts::Catalog;
use batchlane_core::protocol::{Request, Response};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::Blob;

/// Files smaller than this are checked by one worker.
const PARALLEL_MIN_BYTES: f64 = 8.0 * 1024.0 * 1024.0;
/// Most token workers used (besides the structural one).
const MAX_TOKEN_WORKERS: usize = 4;

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
    Done(Result<Box<Report>, String>),
}

/// How many token workers to use for a big file.
fn token_workers() -> usize {
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    (cores as usize).clamp(1, MAX_TOKEN_WORKERS)
}

/// The size from which a file is checked on several workers
/// (`batchlane.batch.parallel_min_bytes` in localStorage overrides it, for tests).
fn parallel_min_bytes() -> f64 {
    use gloo::storage::{LocalStorage, Storage};
    LocalStorage::get::<f64>("batchlane.batch.parallel_min_bytes").unwrap_or(PARALLEL_MIN_BYTES)
}

/// Checks `file` in the workers, with exact tokens (when counted).
pub fn check(file: Blob, options: CheckOptions, catalog: Catalog, on: Rc<dyn Fn(CheckEvent)>) {
    // Structural checks alone are one fast pass: no token workers.
    if file.size() < parallel_min_bytes() || !options.count_tokens {
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
        // Token totals must equal a single pass: split only when the ranges
        // can know the model the single pass would use.
        let plan = bytes.map_or(ParallelPlan::SinglePass, |b| plan_parallel(&b, end >= size, &options, &catalog));
        let hint = match plan {
            ParallelPlan::Split(hint) => hint,
            ParallelPlan::SinglePass => return single(file, options, catalog, on),
        };
        if let Err(e) = parallel(file, options, catalog, hint, on.clone()) {
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
        Response::Failed { message } => on(CheckEvent::Done(Err(message))),
        _ => {}
    });
    if let Err(message) = sent {
        on2(CheckEvent::Done(Err(message)));
    }
}

/// Runs one request with `file` in a worker; `f` gets every response and
/// the files that came back.
pub fn one(file: Blob, req: Request, f: impl Fn(Response, Vec<Blob>) + 'static) {
    let f = Rc::new(f);
    let g = f.clone();
    if let Err(message) = pool().run(&req, &[file], move |r, blobs| g(r, blobs)) {
        f(Response::Failed { message }, Vec::new());
    }
}

struct Parallel {
    structural: Progress,
    token_bytes: Vec<u64>,
    parts: Vec<Option<TokenPart>>,
    fed: bool,
    finishing: bool,
    failed: bool,
    /// The structural worker's job (for `Finish`).
    job: Option<Job>,
}

fn parallel(file: Blob, options: CheckOptions, catalog: Catalog, hint: Option<String>, on: Rc<dyn Fn(CheckEvent)>) -> Result<(), String> {
    let n = token_workers();
    let len = file.size() as u64;
    let state = Rc::new(RefCell::new(Parallel {
        structural: Progress::default(),
        token_bytes: vec![0; n],
        parts: vec![None; n],
        fed: false,
        finishing: false,
        failed: false,
        job: None,
    }));
    let emit = {
        let on = on.clone();
        let state = state.clone();
        move || {
            let st = state.borrow();
            let done = st.structural.bytes.saturating_add(st.token_bytes.iter().fold(0u64, |a, b| a.saturating_add(*b)));
            on(CheckEvent::Progress(Progress { bytes: done / 2, lines: st.structural.lines }));
        }
    };
    let fail = {
        let on = on.clone();
        let state = state.clone();
        move |message: String| {
            if !std::mem::replace(&mut state.borrow_mut().failed, true) {
                cancel();
                on(CheckEvent::Done(Err(message)));
            }
        }
    };
    // Sends the token parts to the structural worker once all are in.
    let maybe_finish = {
        let state = state.clone();
        let fail = fail.clone();
        move || {
            let mut st = state.borrow_mut();
            if st.fed && !st.finishing && st.parts.iter().all(Option::is_some) {
                st.finishing = true;
                let parts = st.parts.iter_mut().filter_map(Option::take).collect();
                let job = st.job.clone();
                drop(st);
                let sent =
                    job.ok_or_else(|| "the structural pass is gone".to_string()).and_then(|j| j.send(&Request::Finish { parts }, &[]));
                if let Err(e) = sent {
                    fail(e);
                }
            }
        }
    };
    let job = {
        let (state, emit, fail, maybe_finish, on) = (state.clone(), emit.clone(), fail.clone(), maybe_finish.clone(), on.clone());
        pool().run(
            &Request::Structural { options: options.clone(), catalog: catalog.clone() },
            std::slice::from_ref(&file),
            move |reply, _| match reply {
                Response::Progress { done, lines, .. } => {
                    state.borrow_mut().structural = progress_of(done, lines);
                    emit();
                }
                Response::Fed { progress } => {
                    {
                        let mut st = state.borrow_mut();
                        st.structural = progress;
                        st.fed = true;
                    }
                    emit();
                    maybe_finish();
                }
                Response::Checked { report } => on(CheckEvent::Done(Ok(report))),
                Response::Failed { message } => fail(message),
                _ => {}
            },
        )?
    };
    state.borrow_mut().job = Some(job);
    for k in 0..n {
        let (state, emit, fail, maybe_finish) = (state.clone(), emit.clone(), fail.clone(), maybe_finish.clone());
        let (start, end) = (len * k as u64 / n as u64, len * (k as u64 + 1) / n as u64);
        let req = Request::Tokens { options: options.clone(), catalog: catalog.clone(), start, end, model_hint: hint.clone() };
        pool().run(&req, std::slice::from_ref(&file), move |reply, _| match reply {
            Response::Progress { done, .. } => {
                state.borrow_mut().token_bytes[k] = done;
                emit();
            }
            Response::Tokens { part } => {
                {
                    let mut st = state.borrow_mut();
                    st.token_bytes[k] = part.bytes;
                    st.parts[k] = Some(*part);
                }
                emit();
                maybe_finish();
            }
            Response::Failed { message } => fail(message),
            _ => {}
        })?;
    }
    Ok(())
}
