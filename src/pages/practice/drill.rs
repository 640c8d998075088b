//! Practice mode: pick where problems come from, answer, read the worked
//! explanation, go on to the next one.

use super::keys::use_answer_keys;
use super::question::{QuestionCard, STEM_ID};
use super::store::{focus_id, marker, random_seed};
use super::{Source, State};
use crate::components::copy_button::CopyButton;
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::practice::{next_seed, note_problem, Family, Problem};
use leptos::prelude::*;

const NEXT_ID: &str = "practice-next";

/// The problem after `current` from `source`.
fn following(source: Source, current: &Problem, catalog: &batchlane_core::facts::Catalog) -> Problem {
    match source {
        Source::Mixed => Problem::mixed(next_seed(current.seed), catalog),
        Source::Family(f) => Problem::generate(f, next_seed(current.seed), catalog),
        Source::Note => {
            let n = current.note.map_or(1, |n| n % 6 + 1);
            note_problem(n, catalog).unwrap_or_else(|| Problem::mixed(random_seed(), catalog))
        }
    }
}

/// The first problem from a newly picked source.
fn first(source: Source, catalog: &batchlane_core::facts::Catalog) -> Problem {
    match source {
        Source::Mixed => Problem::mixed(random_seed(), catalog),
        Source::Family(f) => Problem::generate(f, random_seed(), catalog),
        Source::Note => note_problem(1, catalog).unwrap_or_else(|| Problem::mixed(random_seed(), catalog)),
    }
}

#[component]
pub fn Drill() -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let lang = prefs.lang;

    let answer = move |i: usize| {
        if state.chosen.get_untracked().is_some() || i > 3 {
            return;
        }
        let (family, right) = state.problem.with_untracked(|p| (p.family, p.is_correct(i)));
        state.chosen.set(Some(i));
        state.stats.update(|s| s.record(family, right));
        focus_id(NEXT_ID);
    };
    let next = move || {
        if state.chosen.get_untracked().is_none() {
            return;
        }
        let catalog = prefs.catalog.get_untracked();
        let p = state.problem.with_untracked(|cur| following(state.source.get_untracked(), cur, &catalog));
        state.show(p);
        focus_id(STEM_ID);
    };
    use_answer_keys(answer, next);

    let on_source = move |ev| {
        let source = Source::from_value(&event_target_value(&ev));
        state.source.set(source);
        state.link_error.set(None);
        state.show(first(source, &prefs.catalog.get_untracked()));
    };

    let share_href = move || format!("/practice?p={}", state.problem.with(|p| p.id()));
    let share_url = move || format!("{}{}", window().location().origin().unwrap_or_default(), share_href());

    let card = move || {
        let problem = state.problem.get();
        view! {
            <QuestionCard
                problem=problem
                chosen=state.chosen.into()
                reveal=Signal::derive(move || state.chosen.get().is_some())
                on_choose=Callback::new(answer)
            />
        }
    };

    let feedback = move || {
        let chosen = state.chosen.get()?;
        let l = lang.get();
        let (right, correct, explanation, correct_text) = state
            .problem
            .with(|p| (p.is_correct(chosen), p.correct, p.explanation.pick(l).to_string(), p.options[p.correct].pick(l).to_string()));
        let verdict = if right {
            t(l, "practice.correct").to_string()
        } else {
            fill(t(l, "practice.incorrect"), &[("m", marker(correct)), ("answer", &correct_text)])
        };
        Some(view! {
            <div class="pq-feedback" class:ok=right class:bad=!right data-testid="practice-feedback">
                <p class="pq-feedback__verdict">{if right { "✓ " } else { "✗ " }}{verdict}</p>
                <h3 class="pq-feedback__title">{tr("practice.explanation")}</h3>
                <p class="pq-feedback__explanation" data-testid="practice-explanation">{explanation}</p>
            </div>
        })
    };

    view! {
        <div class="drill">
            <div class="toolbar">
                <label class="field field--inline">
                    <span>{tr("practice.source")}</span>
                    <select data-testid="practice-source" on:change=on_source prop:value=move || state.source.get().value()>
                        <option value="mixed">{tr("practice.source.mixed")}</option>
                        <option value="note">{tr("practice.source.note")}</option>
                        {Family::ALL
                            .into_iter()
                            .map(|f| view! { <option value=f.slug()>{move || f.label().pick(lang.get()).to_string()}</option> })
                            .collect_view()}
                    </select>
                </label>
                <span class="muted pq-hint">{tr("practice.keys_hint")}</span>
            </div>
            {card}
            <div class="pq-live" role="status" aria-live="polite">{feedback}</div>
            <div class="toolbar pq-actions">
                <button
                    type="button"
                    id=NEXT_ID
                    class="button button--primary"
                    data-testid="practice-next"
                    disabled=move || state.chosen.get().is_none()
                    on:click=move |_| next()
                >
                    {tr("practice.next")}" "<kbd>"Enter"</kbd>
                </button>
                <a class="pq-share" href=share_href data-testid="practice-share">{tr("practice.share")}</a>
                <CopyButton text=share_url label="practice.copy_link" done="practice.copied"/>
            </div>
        </div>
    }
}
