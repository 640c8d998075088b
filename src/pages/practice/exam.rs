//! Exam mode: ten mixed questions from one seed, a running clock, then the
//! score and a review of every question with its explanation.

use super::keys::use_answer_keys;
use super::question::{QuestionCard, STEM_ID};
use super::store::{clock, focus_id, marker, random_seed};
use super::State;
use crate::i18n::{fill, t, tn};
use crate::prefs::{tr, use_prefs};
use batchlane_core::format;
use batchlane_core::practice::{Exam, ExamResult, EXAM_LENGTH};
use gloo::timers::callback::Interval;
use leptos::prelude::*;

/// The exam's state, kept by the page so that switching modes loses nothing.
#[derive(Clone, Copy)]
pub struct ExamState {
    /// The exam on offer or under way (from a link, or drawn at start).
    pub seed: RwSignal<Option<u64>>,
    pub exam: RwSignal<Option<Exam>>,
    pub index: RwSignal<usize>,
    pub answers: RwSignal<Vec<Option<usize>>>,
    /// `Date.now()` at the start, in milliseconds.
    pub started: RwSignal<f64>,
    /// The result and the seconds it took, once finished.
    pub result: RwSignal<Option<(ExamResult, f64)>>,
}

impl ExamState {
    pub fn new() -> Self {
        Self {
            seed: RwSignal::new(None),
            exam: RwSignal::new(None),
            index: RwSignal::new(0),
            answers: RwSignal::new(Vec::new()),
            started: RwSignal::new(0.0),
            result: RwSignal::new(None),
        }
    }

    /// Offers the exam of `seed` (from a link); one under way with the same seed is kept.
    pub fn offer(&self, seed: u64) {
        if self.seed.get_untracked() != Some(seed) {
            self.exam.set(None);
            self.result.set(None);
            self.seed.set(Some(seed));
        }
    }

    fn start(&self, seed: u64) {
        let exam = Exam::new(seed, &use_prefs().catalog.get_untracked());
        self.answers.set(vec![None; exam.problems.len()]);
        self.index.set(0);
        self.result.set(None);
        self.started.set(js_sys::Date::now());
        self.seed.set(Some(seed));
        self.exam.set(Some(exam));
        focus_id(STEM_ID);
    }

    fn finish(&self, state: &State) {
        let Some(exam) = self.exam.get_untracked() else { return };
        if self.result.get_untracked().is_some() {
            return;
        }
        let answers = self.answers.get_untracked();
        let result = exam.score(&answers);
        state.stats.update(|s| {
            for item in &result.review {
                s.record(item.family, item.is_correct);
            }
        });
        let seconds = (js_sys::Date::now() - self.started.get_untracked()) / 1000.0;
        self.result.set(Some((result, seconds)));
        focus_id("exam-score");
    }
}

#[component]
pub fn ExamView() -> impl IntoView {
    let state = expect_context::<State>();
    let ex = state.exam;
    move || {
        if ex.result.with(Option::is_some) {
            view! { <ExamResults/> }.into_any()
        } else if ex.exam.with(Option::is_some) {
            view! { <ExamRun/> }.into_any()
        } else {
            view! { <ExamIntro/> }.into_any()
        }
    }
}

#[component]
fn ExamIntro() -> impl IntoView {
    let state = expect_context::<State>();
    let ex = state.exam;
    let lang = use_prefs().lang;
    let n = EXAM_LENGTH as u64;
    let offered = move || ex.seed.get().map(|s| fill(&tn(lang.get(), "practice.exam.offered", n), &[("id", &format!("exam-{s}"))]));
    view! {
        <div class="exam-intro card">
            <h2>{move || tn(lang.get(), "practice.exam.title", n)}</h2>
            <p data-testid="exam-intro">{move || tn(lang.get(), "practice.exam.intro", n)}</p>
            {move || offered().map(|o| view! { <p class="muted">{o}</p> })}
            <button
                type="button"
                class="button button--primary"
                data-testid="exam-start"
                on:click=move |_| {
                    let seed = ex.seed.get_untracked().unwrap_or_else(random_seed);
                    ex.start(seed);
                }
            >
                {tr("practice.exam.start")}
            </button>
        </div>
    }
}

#[component]
fn ExamRun() -> impl IntoView {
    let state = expect_context::<State>();
    let ex = state.exam;
    let lang = use_prefs().lang;
    let total = move || ex.exam.with(|e| e.as_ref().map_or(0, |e| e.problems.len()));

    // The clock: ticks every second while this view is shown.
    let now = RwSignal::new(js_sys::Date::now());
    let timer = StoredValue::new_local(Some(Interval::new(1_000, move || now.set(js_sys::Date::now()))));
    on_cleanup(move || timer.update_value(|t| drop(t.take())));
    let elapsed = move || clock((now.get() - ex.started.get()) / 1000.0);

    let choose = move |i: usize| {
        if i > 3 {
            return;
        }
        let at = ex.index.get_untracked();
        ex.answers.update(|a| {
            if let Some(slot) = a.get_mut(at) {
                *slot = Some(i);
            }
        });
    };
    let go = move |to: usize| {
        if to < total() {
            ex.index.set(to);
            focus_id(STEM_ID);
        }
    };
    let next = move || {
        let at = ex.index.get_untracked();
        let answered = ex.answers.with_untracked(|a| a.get(at).copied().flatten().is_some());
        if !answered {
            return;
        }
        if at + 1 >= total() {
            ex.finish(&state);
        } else {
            go(at + 1);
        }
    };
    use_answer_keys(choose, next);

    let unanswered = move || ex.answers.with(|a| a.iter().filter(|x| x.is_none()).count());
    let is_last = move || ex.index.get() + 1 >= total();
    let heading = Signal::derive(move || {
        fill(t(lang.get(), "practice.exam.question_of"), &[("i", &(ex.index.get() + 1).to_string()), ("n", &total().to_string())])
    });

    let card = move || {
        let at = ex.index.get();
        let problem = ex.exam.with(|e| e.as_ref().and_then(|e| e.problems.get(at).cloned()))?;
        Some(view! {
            <QuestionCard
                problem=problem
                chosen=Signal::derive(move || ex.answers.with(|a| a.get(at).copied().flatten()))
                reveal=Signal::derive(|| false)
                on_choose=Callback::new(choose)
                heading=heading
            />
        })
    };

    view! {
        <div class="exam-run">
            <div class="exam-bar">
                <span class="exam-timer">
                    <span class="exam-timer__label" id="exam-timer-label">{tr("practice.exam.elapsed")}</span>" "
                    <span role="timer" data-testid="exam-timer" aria-labelledby="exam-timer-label">{elapsed}</span>
                </span>
                <ol class="exam-dots" aria-label=tr("practice.exam.questions")>
                    {move || (0..total())
                        .map(|i| {
                            let answered = move || ex.answers.with(|a| a.get(i).copied().flatten().is_some());
                            let label = move || {
                                let key = if answered() { "practice.exam.dot_answered" } else { "practice.exam.dot_open" };
                                fill(t(lang.get(), key), &[("i", &(i + 1).to_string())])
                            };
                            view! {
                                <li>
                                    <button
                                        type="button"
                                        class="exam-dot"
                                        class:done=answered
                                        aria-current=move || (ex.index.get() == i).then_some("step")
                                        aria-label=label
                                        on:click=move |_| go(i)
                                    >
                                        {i + 1}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()}
                </ol>
                <span class="muted pq-hint">{tr("practice.keys_hint")}</span>
            </div>
            {card}
            <div class="toolbar pq-actions">
                <button
                    type="button"
                    class="button"
                    disabled=move || ex.index.get() == 0
                    on:click=move |_| go(ex.index.get_untracked().saturating_sub(1))
                >
                    {tr("practice.exam.previous")}
                </button>
                <Show when=move || !is_last()>
                    <button
                        type="button"
                        class="button button--primary"
                        data-testid="exam-next"
                        on:click=move |_| go(ex.index.get_untracked() + 1)
                    >
                        {tr("practice.next")}" "<kbd>"Enter"</kbd>
                    </button>
                </Show>
                <button
                    type="button"
                    class="button"
                    class:button--primary=is_last
                    data-testid="exam-finish"
                    on:click=move |_| ex.finish(&state)
                >
                    {tr("practice.exam.finish")}
                </button>
                <Show when=move || { unanswered() > 0 && is_last() }>
                    <span class="muted">
                        {move || fill(t(lang.get(), "practice.exam.unanswered"), &[("n", &unanswered().to_string())])}
                    </span>
                </Show>
            </div>
        </div>
    }
}

#[component]
fn ExamResults() -> impl IntoView {
    let state = expect_context::<State>();
    let ex = state.exam;
    let lang = use_prefs().lang;
    let Some((result, seconds)) = ex.result.get_untracked() else {
        return ().into_any();
    };
    let problems = ex.exam.with_untracked(|e| e.as_ref().map(|e| e.problems.clone()).unwrap_or_default());
    let score_line = move || {
        let l = lang.get();
        fill(
            t(l, "practice.exam.score"),
            &[
                ("c", &result.correct.to_string()),
                ("n", &result.total.to_string()),
                ("pct", &format::number(result.score * 100.0, l, 0)),
                ("time", &clock(seconds)),
            ],
        )
    };
    let review = result.review.clone();
    view! {
        <div class="exam-results">
            <div class="card exam-score">
                <h2 id="exam-score" tabindex="-1" data-testid="exam-score">{score_line}</h2>
                <p class="muted">{tr("practice.exam.saved")}</p>
                <div class="toolbar">
                    <button
                        type="button"
                        class="button button--primary"
                        data-testid="exam-new"
                        on:click=move |_| ex.start(random_seed())
                    >
                        {tr("practice.exam.new")}
                    </button>
                    <button type="button" class="button" on:click=move |_| state.mode.set(super::Mode::Stats)>
                        {tr("practice.exam.see_stats")}
                    </button>
                </div>
            </div>
            <h2>{tr("practice.exam.review")}</h2>
            <ol class="exam-review" data-testid="exam-review">
                {review
                    .into_iter()
                    .zip(problems)
                    .map(|(item, p)| {
                        let ok = item.is_correct;
                        let chosen = item.chosen.map(|c| (c, p.options[c].clone()));
                        let right = p.options[item.correct].clone();
                        let correct = item.correct;
                        let href = format!("/practice?p={}", item.id);
                        view! {
                            <li class="review-item" class:ok=ok class:bad=!ok>
                                <p class="review-item__stem">
                                    <span class="badge" class:badge--ok=ok class:badge--error=!ok>
                                        {move || if ok { tr("practice.exam.right")() } else { tr("practice.exam.wrong")() }}
                                    </span>" "
                                    {move || item.stem.pick(lang.get()).to_string()}
                                </p>
                                <p class="review-item__answers">
                                    <span>{tr("practice.exam.your_answer")}" "
                                        {match chosen {
                                            Some((c, text)) => view! { <strong>{marker(c)}" "{move || text.pick(lang.get()).to_string()}</strong> }.into_any(),
                                            None => view! { <em>{tr("practice.exam.skipped")}</em> }.into_any(),
                                        }}
                                    </span>
                                    {(!ok).then(|| view! {
                                        <span>{tr("practice.exam.right_answer")}" "<strong>{marker(correct)}" "{move || right.pick(lang.get()).to_string()}</strong></span>
                                    })}
                                </p>
                                <p class="review-item__explanation">{move || item.explanation.pick(lang.get()).to_string()}</p>
                                <a href=href>{tr("practice.exam.open_problem")}</a>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </div>
    }
    .into_any()
}
