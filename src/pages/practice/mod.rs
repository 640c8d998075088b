//! /practice — the study note's problems and generated variants, with
//! worked explanations: practice, a timed exam, and statistics.
//!
//! The URL names what is on screen (`?p=<problem id>`, `?exam=<exam id>`,
//! `?view=stats`), so any problem or exam can be shared; the page follows
//! the URL when a link changes it, and writes it when the user moves on.

mod drill;
mod exam;
mod keys;
mod question;
mod resume;
mod stats;
mod store;

use crate::components::page_header::PageHeader;
use crate::prefs::{tr, use_prefs};
use batchlane_core::io::query_string;
use batchlane_core::practice::{Exam, Family, Problem, Stats};
use exam::ExamState;
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Practice,
    Exam,
    Stats,
}

/// Where "Next" draws the next practice problem from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Mixed,
    Note,
    Family(Family),
}

impl Source {
    pub fn value(self) -> &'static str {
        match self {
            Source::Mixed => "mixed",
            Source::Note => "note",
            Source::Family(f) => f.slug(),
        }
    }

    pub fn from_value(v: &str) -> Source {
        match v {
            "note" => Source::Note,
            other => Family::from_slug(other).map(Source::Family).unwrap_or(Source::Mixed),
        }
    }

    /// The source a problem came from: its family, or the note.
    fn of(p: &Problem) -> Source {
        if p.note.is_some() {
            Source::Note
        } else {
            Source::Family(p.family)
        }
    }
}

/// Everything the three modes share; kept here so switching modes loses nothing.
#[derive(Clone, Copy)]
pub struct State {
    pub mode: RwSignal<Mode>,
    pub source: RwSignal<Source>,
    pub problem: RwSignal<Problem>,
    pub chosen: RwSignal<Option<usize>>,
    /// A problem or exam link that could not be read.
    pub link_error: RwSignal<Option<String>>,
    pub stats: RwSignal<Stats>,
    /// The stored statistics could not be read and were started afresh.
    pub stats_lost: RwSignal<bool>,
    pub exam: ExamState,
}

impl State {
    /// Shows `p` in practice mode, unanswered.
    pub fn show(&self, p: Problem) {
        self.chosen.set(None);
        self.problem.set(p);
    }
}

/// Applies a query string to the state (a shared link, or a link clicked on the page).
fn follow(state: State, p: Option<String>, exam_id: Option<String>, view: Option<String>) {
    let catalog = use_prefs().catalog.get_untracked();
    if let Some(id) = p {
        if state.problem.with_untracked(|cur| cur.id()) != id {
            match Problem::from_id(&id, &catalog) {
                Ok(problem) => {
                    state.source.set(Source::of(&problem));
                    state.show(problem);
                    state.link_error.set(None);
                }
                Err(e) => state.link_error.set(Some(e.to_string())),
            }
        }
        state.mode.set(Mode::Practice);
    } else if let Some(id) = exam_id {
        match Exam::from_id(&id, &catalog) {
            Ok(exam) => {
                state.exam.offer(exam.seed);
                state.link_error.set(None);
            }
            Err(e) => state.link_error.set(Some(e.to_string())),
        }
        state.mode.set(Mode::Exam);
    } else if view.as_deref() == Some("stats") {
        state.mode.set(Mode::Stats);
    } else if view.as_deref() == Some("exam") {
        state.mode.set(Mode::Exam);
    }
}

#[component]
pub fn PracticePage() -> impl IntoView {
    let prefs = use_prefs();
    let catalog = prefs.catalog.get_untracked();
    let (stats, lost) = store::load_stats();
    let state = State {
        mode: RwSignal::new(Mode::Practice),
        source: RwSignal::new(Source::Mixed),
        problem: RwSignal::new(Problem::mixed(store::random_seed(), &catalog)),
        chosen: RwSignal::new(None),
        link_error: RwSignal::new(None),
        stats: RwSignal::new(stats),
        stats_lost: RwSignal::new(lost),
        exam: ExamState::new(),
    };
    provide_context(state);

    // An exam in progress before a reload picks up where it was.
    if resume::restore(&state.exam, &catalog) {
        state.mode.set(Mode::Exam);
    }
    resume::keep(state.exam);

    // A changed figure (on /facts, or in another tab) rebuilds the problem on screen.
    Effect::new(move |prev: Option<()>| {
        let catalog = prefs.catalog.get();
        if prev.is_some() {
            let id = state.problem.with_untracked(|p| p.id());
            if let Ok(p) = Problem::from_id(&id, &catalog) {
                state.problem.set(p);
            }
        }
    });

    // Keep the statistics stored.
    Effect::new(move |_| state.stats.with(store::save_stats));

    // Follow the URL when it changes (first load, shared links, back/forward).
    // Every value is checked by the page's table first; a refused one is a bad link.
    let query = use_query_map();
    let table = store::link_table();
    Effect::new(move |_| {
        let pairs: Vec<(String, String)> = query.with(|q| q.into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect());
        let d = table.decode(&pairs);
        if let Some(r) = d.rejected.first() {
            let lang = prefs.lang.get_untracked();
            state.link_error.set(Some(format!("{}={} ({})", r.field, r.value, r.reason().pick(lang))));
            return;
        }
        let get = |k: &str| d.get(k).map(str::to_string);
        untrack(|| follow(state, get("p"), get("exam"), get("view")));
    });

    // Write the URL when what is on screen changes.
    let navigate = use_navigate();
    Effect::new(move |_| {
        let (key, value) = match state.mode.get() {
            Mode::Practice => ("p", state.problem.with(|p| p.id())),
            Mode::Exam => match state.exam.seed.get() {
                Some(seed) => ("exam", format!("exam-{seed}")),
                None => ("view", "exam".to_string()),
            },
            Mode::Stats => ("view", "stats".to_string()),
        };
        let search = query_string(&[(key.to_string(), value)]);
        let current = query.with_untracked(|q| q.to_query_string());
        if current.trim_start_matches('?') != search {
            navigate(&format!("/practice?{search}"), NavigateOptions { replace: true, scroll: false, ..Default::default() });
        }
    });

    view! {
        <section class="page practice" data-testid="page-practice">
            <PageHeader title="page.practice.title" desc="page.practice.desc" figures=true/>
            <ModeSwitch/>
            {move || state.link_error.get().map(|e| view! {
                <p class="note note--error" role="alert" data-testid="practice-link-error">
                    {tr("practice.bad_link")}" "<code>{e}</code>
                </p>
            })}
            {move || state.stats_lost.get().then(|| view! {
                <p class="note note--warn">{tr("practice.stats_lost")}</p>
            })}
            {move || match state.mode.get() {
                Mode::Practice => view! { <drill::Drill/> }.into_any(),
                Mode::Exam => view! { <exam::ExamView/> }.into_any(),
                Mode::Stats => view! { <stats::StatsView/> }.into_any(),
            }}
        </section>
    }
}

#[component]
fn ModeSwitch() -> impl IntoView {
    let state = expect_context::<State>();
    let item = move |mode: Mode, key: &'static str, testid: &'static str| {
        view! {
            <button
                type="button"
                class="segmented__item"
                data-testid=testid
                aria-pressed=move || (state.mode.get() == mode).to_string()
                on:click=move |_| {
                    state.link_error.set(None);
                    state.mode.set(mode);
                }
            >
                {tr(key)}
            </button>
        }
    };
    view! {
        <div class="segmented" role="group" aria-label=tr("practice.mode_label")>
            {item(Mode::Practice, "practice.mode.practice", "mode-practice")}
            {item(Mode::Exam, "practice.mode.exam", "mode-exam")}
            {item(Mode::Stats, "practice.mode.stats", "mode-stats")}
        </div>
    }
}
