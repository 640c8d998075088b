//! The team's own batch lists: dropped or picked JSON (`GET /batches`
//! pages or batch objects), read in the Web Worker through the one worker
//! client (`WorkerPool`), into p50/p90/max turnaround per model and
//! endpoint, failures and expiries. The deadline test of the batch lanes
//! then uses the model's p90. Nothing leaves the page.

use super::{get, UrlState};
use crate::components::drop_zone::{picked_files, DropZone};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use crate::worker::client::{WorkerPool, WORKER_URL};
use batchlane_core::lanes::{JobsError, Turnaround};
use batchlane_core::protocol::{Request, Response, WorkerFailure};
use leptos::prelude::*;
use web_sys::{Blob, File};

#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    Read(JobsError),
    Worker(WorkerFailure),
}

#[derive(Clone, Copy)]
pub struct JobsState {
    pub files: RwSignal<Vec<File>, LocalStorage>,
    pub running: RwSignal<bool>,
    pub failure: RwSignal<Option<Failure>>,
    pub turnaround: RwSignal<Option<Turnaround>>,
    client: StoredValue<Option<WorkerPool>, LocalStorage>,
}

impl JobsState {
    pub fn new() -> Self {
        JobsState {
            files: RwSignal::new_local(Vec::new()),
            running: RwSignal::new(false),
            failure: RwSignal::new(None),
            turnaround: RwSignal::new(None),
            client: StoredValue::new_local(None),
        }
    }

    pub fn stop(&self) {
        let _ = self.client.try_with_value(|c| c.as_ref().map(WorkerPool::cancel));
    }

    fn add(&self, files: Vec<File>, region: Option<String>) {
        if files.is_empty() {
            return;
        }
        self.files.update(|fs| {
            for f in files {
                fs.retain(|old| old.name() != f.name());
                fs.push(f);
            }
        });
        self.run(region);
    }

    fn clear(&self) {
        self.stop();
        self.files.set(Vec::new());
        self.turnaround.set(None);
        self.failure.set(None);
        self.running.set(false);
    }

    /// Reads every file in the worker (started on the first drop: a visit
    /// that drops nothing starts none).
    fn run(&self, region: Option<String>) {
        let files = self.files.get_untracked();
        self.stop();
        let names: Vec<String> = files.iter().map(File::name).collect();
        let blobs: Vec<Blob> = files.into_iter().map(Blob::from).collect();
        if self.client.with_value(Option::is_none) {
            self.client.set_value(Some(WorkerPool::with_url(WORKER_URL, 1)));
        }
        self.running.set(true);
        self.failure.set(None);
        let s = *self;
        let request = Request::Turnaround { files: names, region };
        let sent = self.client.with_value(|c| {
            c.as_ref().ok_or_else(|| WorkerFailure::CannotStart { detail: "no worker".to_string() }).and_then(|c| {
                c.run(&request, &blobs, move |response, _| match response {
                    Response::Turnaround { turnaround } => {
                        s.turnaround.set(Some(*turnaround));
                        s.running.set(false);
                    }
                    Response::TurnaroundFailed { error } => {
                        s.turnaround.set(None);
                        s.failure.set(Some(Failure::Read(error)));
                        s.running.set(false);
                    }
                    Response::Failed { failure } => {
                        s.failure.set(Some(Failure::Worker(failure)));
                        s.running.set(false);
                    }
                    _ => {}
                })
                .map(|_| ())
            })
        });
        if let Err(m) = sent {
            self.failure.set(Some(Failure::Worker(m)));
            self.running.set(false);
        }
    }
}

fn hours(s: Option<i64>) -> String {
    s.map_or_else(|| "–".to_string(), |v| format!("{:.1}", v as f64 / 3_600.0))
}

#[component]
pub fn JobsPanel() -> impl IntoView {
    let state = expect_context::<JobsState>();
    let url = expect_context::<UrlState>();
    let prefs = use_prefs();
    let region = move || Some(get(url, "r")).filter(|r| !r.trim().is_empty());
    let on_drop = Callback::new(move |files: Vec<File>| state.add(files, region()));
    let on_pick = move |ev: leptos::ev::Event| state.add(picked_files(&ev), region());
    let failure = move || {
        let lang = prefs.lang.get();
        state.failure.get().map(|f| match f {
            Failure::Read(e) => fill(t(lang, "lanes.jobs.error"), &[("where", &e.to_string())]),
            Failure::Worker(m) => fill(t(lang, "lanes.jobs.worker"), &[("message", m.text().pick(lang))]),
        })
    };
    let groups = move || {
        let lang = prefs.lang.get();
        state.turnaround.with(|t| {
            t.as_ref().map(|t| {
                let rows = t
                    .groups
                    .iter()
                    .map(|g| {
                        view! {
                            <tr>
                                <td>{g.model.clone().unwrap_or_else(|| "–".into())}</td>
                                <td><code>{g.endpoint.clone().unwrap_or_else(|| "–".into())}</code></td>
                                <td class="num">{g.stats.completed}</td>
                                <td class="num">{hours(g.stats.p50_seconds)}</td>
                                <td class="num">{hours(g.stats.p90_seconds)}</td>
                                <td class="num">{hours(g.stats.max_seconds)}</td>
                                <td class="num">{g.stats.failed}</td>
                                <td class="num">{g.stats.expired}</td>
                            </tr>
                        }
                    })
                    .collect_view();
                let summary = fill(
                    crate::i18n::t(lang, "lanes.jobs.summary"),
                    &[("jobs", &t.jobs.to_string()), ("files", &t.files.to_string()), ("repeats", &t.repeats.to_string())],
                );
                view! {
                    <p data-testid="lanes-jobs-summary">{summary}</p>
                    <crate::components::table::DataTable columns=COLUMNS testid="lanes-jobs-table">{rows}</crate::components::table::DataTable>
                    <p class="muted">{crate::i18n::t(lang, "lanes.jobs.percentile")}</p>
                }
            })
        })
    };
    view! {
        <section class="lanes-panel lanes-jobs" aria-labelledby="lanes-jobs-title">
            <h2 id="lanes-jobs-title">{tr("lanes.jobs.title")}</h2>
            <DropZone class="lanes-drop" on_files=on_drop>
                <p>{tr("lanes.jobs.hint")}</p>
                <div class="lanes-drop__actions">
                    <label class="button">
                        <span>{tr("lanes.jobs.pick")}</span>
                        <input type="file" multiple=true accept=".json,application/json" data-testid="lanes-jobs-files"
                            class="visually-hidden" on:change=on_pick/>
                    </label>
                    <Show when=move || state.files.with(|f| !f.is_empty())>
                        <button type="button" class="button" data-testid="lanes-jobs-clear" on:click=move |_| state.clear()>
                            {tr("lanes.jobs.clear")}
                        </button>
                    </Show>
                </div>
                <p class="muted">{tr("lanes.jobs.local")}</p>
            </DropZone>
            <Show when=move || state.running.get()>
                <p role="status" data-testid="lanes-jobs-running">{tr("lanes.jobs.running")}</p>
            </Show>
            {move || failure().map(|m| view! { <p class="note note--warn" role="alert" data-testid="lanes-jobs-failure">{m}</p> })}
            {groups}
        </section>
    }
}

const COLUMNS: &[crate::components::table::Column] = &[
    ("lanes.jobs.col.model", false),
    ("lanes.jobs.col.endpoint", false),
    ("lanes.jobs.col.completed", true),
    ("lanes.jobs.col.p50", true),
    ("lanes.jobs.col.p90", true),
    ("lanes.jobs.col.max", true),
    ("lanes.jobs.col.failed", true),
    ("lanes.jobs.col.expired", true),
];
