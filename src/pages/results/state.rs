//! The page's state, shared through context, and the two worker runs: the
//! join of the result files and the retry-file extraction.

use super::download::download_blob;
use crate::worker::client::WorkerPool;
use batchlane_core::protocol::{Request, Response, WorkerFailure};
use batchlane_core::results::{CostOptions, FileKind, Outcome, ResultsReport, RetryError};
use leptos::prelude::*;
use std::sync::Arc;
use web_sys::{Blob, File};

/// What the worker is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    Idle,
    Joining,
    Retrying,
}

/// A worker failure the page shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// A read that failed, or the worker died (`WorkerFailure::Crashed`:
    /// out of memory, most likely; the files stay selected).
    Worker(WorkerFailure),
    Retry(RetryError),
    Cancelled,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProgressView {
    pub bytes: f64,
    pub total: f64,
    pub lines: f64,
    pub started_ms: f64,
    pub now_ms: f64,
}

impl ProgressView {
    fn start(total: f64) -> Self {
        let now = now_ms();
        ProgressView { bytes: 0.0, total, lines: 0.0, started_ms: now, now_ms: now }
    }

    /// 0..=1.
    pub fn fraction(&self) -> f64 {
        if self.total > 0.0 {
            (self.bytes / self.total).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// Megabytes (10^6 bytes) per second so far.
    pub fn mb_per_s(&self) -> Option<f64> {
        let secs = (self.now_ms - self.started_ms) / 1000.0;
        (secs > 0.05).then(|| self.bytes / 1e6 / secs)
    }
}

fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0)
}

#[derive(Clone, Copy)]
pub struct State {
    pub output: RwSignal<Option<File>, LocalStorage>,
    pub errors: RwSignal<Option<File>, LocalStorage>,
    pub input: RwSignal<Option<File>, LocalStorage>,
    /// The pasted (or loaded) batch job object.
    pub job_text: RwSignal<String>,
    pub task: RwSignal<Task>,
    pub progress: RwSignal<Option<ProgressView>>,
    pub failure: RwSignal<Option<Failure>>,
    pub report: RwSignal<Option<Arc<ResultsReport>>>,
    /// The requests table's outcome filter (None: all) and page.
    pub filter: RwSignal<Option<Outcome>>,
    /// The price choices (model to price as, price overrides), for cost and groups.
    pub cost_opts: RwSignal<CostOptions>,
    pub page: RwSignal<usize>,
    /// Lines in the last retry file downloaded.
    pub retry_done: RwSignal<Option<u64>>,
    /// Its own pool: one request at a time; dropped (workers terminated) with the page.
    client: StoredValue<WorkerPool, LocalStorage>,
}

impl State {
    pub fn new() -> Self {
        State {
            output: RwSignal::new_local(None),
            errors: RwSignal::new_local(None),
            input: RwSignal::new_local(None),
            job_text: RwSignal::new(String::new()),
            task: RwSignal::new(Task::Idle),
            progress: RwSignal::new(None),
            failure: RwSignal::new(None),
            report: RwSignal::new(None),
            filter: RwSignal::new(None),
            cost_opts: RwSignal::new(CostOptions::default()),
            page: RwSignal::new(0),
            retry_done: RwSignal::new(None),
            client: StoredValue::new_local(WorkerPool::with_url(crate::worker::client::WORKER_URL, 1)),
        }
    }

    pub fn slot(&self, kind: FileKind) -> RwSignal<Option<File>, LocalStorage> {
        match kind {
            FileKind::Output => self.output,
            FileKind::Errors => self.errors,
            _ => self.input,
        }
    }

    /// Puts a file in a slot (or clears it) and joins again.
    pub fn set_file(&self, kind: FileKind, file: Option<File>) {
        self.slot(kind).set(file);
        self.run_join();
    }

    /// Stops the worker (the page is left, or Cancel).
    pub fn stop(&self) {
        let _ = self.client.try_with_value(|c| c.cancel());
    }

    pub fn cancel(&self) {
        self.stop();
        self.task.set(Task::Idle);
        self.progress.set(None);
        self.failure.set(Some(Failure::Cancelled));
    }

    fn begin(&self, task: Task, total: f64) {
        self.failure.set(None);
        self.task.set(task);
        self.progress.set(Some(ProgressView::start(total)));
    }

    fn end(&self, failure: Option<Failure>) {
        self.task.set(Task::Idle);
        self.progress.set(None);
        self.failure.set(failure);
    }

    fn on_progress(&self, done: u64, total: u64, lines: u64) {
        self.progress.update(|p| {
            if let Some(p) = p {
                p.bytes = done as f64;
                p.total = total as f64;
                p.lines = lines as f64;
                p.now_ms = now_ms();
            }
        });
    }

    /// Joins the files present, in the worker.
    pub fn run_join(&self) {
        let mut kinds = Vec::new();
        let mut blobs: Vec<Blob> = Vec::new();
        for kind in [FileKind::Output, FileKind::Errors, FileKind::Input] {
            if let Some(f) = self.slot(kind).get_untracked() {
                kinds.push(kind);
                blobs.push(Blob::from(f));
            }
        }
        self.report.set(None);
        self.retry_done.set(None);
        self.page.set(0);
        if kinds.is_empty() {
            self.stop();
            self.end(None);
            return;
        }
        self.begin(Task::Joining, blobs.iter().map(Blob::size).sum());
        let s = *self;
        self.stop();
        let sent = self.client.with_value(|c| {
            c.run(&Request::Join { files: kinds }, &blobs, move |response, _| match response {
                Response::Progress { done, total, lines } => s.on_progress(done, total, lines),
                Response::Joined { report } => {
                    s.report.set(Some(Arc::new(*report)));
                    s.end(None);
                }
                Response::Failed { failure } => s.end(Some(Failure::Worker(failure))),
                _ => {}
            })
        });
        if let Err(failure) = sent.map(|_| ()) {
            self.end(Some(Failure::Worker(failure)));
        }
    }

    /// Reads the input file again in the worker, cuts out the retry lines
    /// and downloads them as `<input name>.retry.jsonl`.
    pub fn run_retry(&self) {
        let (Some(input), Some(report)) = (self.input.get_untracked(), self.report.get_untracked()) else { return };
        let name = retry_file_name(&input.name());
        self.begin(Task::Retrying, input.size());
        self.retry_done.set(None);
        let s = *self;
        let request = Request::RetryFile { plan: report.retry.clone() };
        self.stop();
        let sent = self.client.with_value(|c| {
            c.run(&request, &[Blob::from(input)], move |response, blobs| match response {
                Response::Progress { done, total, lines } => s.on_progress(done, total, lines),
                Response::RetryFile { lines, .. } => match blobs.first() {
                    Some(b) => {
                        download_blob(b, &name);
                        s.retry_done.set(Some(lines));
                        s.end(None);
                    }
                    None => s.end(Some(Failure::Worker(WorkerFailure::NothingBack))),
                },
                Response::RetryFailed { error } => s.end(Some(Failure::Retry(error))),
                Response::Failed { failure } => s.end(Some(Failure::Worker(failure))),
                _ => {}
            })
        });
        if let Err(failure) = sent.map(|_| ()) {
            self.end(Some(Failure::Worker(failure)));
        }
    }
}

/// `input.jsonl` → `input.retry.jsonl`.
fn retry_file_name(input: &str) -> String {
    let stem = input.strip_suffix(".jsonl").or_else(|| input.strip_suffix(".json")).unwrap_or(input);
    let stem = if stem.is_empty() { "batch" } else { stem };
    format!("{stem}.retry.jsonl")
}
