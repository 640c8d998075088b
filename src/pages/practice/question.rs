//! One problem on screen: its family, the code it refers to, the stem and
//! four options. With `reveal`, the right option (and a wrong choice) are
//! marked; without it (the exam), only the choice is.

use super::store::marker;
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::practice::Problem;
use leptos::prelude::*;

/// The id of the stem, which takes focus on a new question.
pub const STEM_ID: &str = "practice-stem";

#[component]
pub fn QuestionCard(
    problem: Problem,
    chosen: Signal<Option<usize>>,
    reveal: Signal<bool>,
    on_choose: Callback<usize>,
    /// A line above the stem, e.g. "Question 3 of 10".
    #[prop(optional, into)]
    heading: Option<Signal<String>>,
) -> impl IntoView {
    let prefs = use_prefs();
    let lang = prefs.lang;
    let family = problem.family.label();
    let note = problem.note;
    let stem = problem.stem.clone();
    let correct = problem.correct;
    let code = problem.code.clone();
    let id = problem.id();
    let id_attr = id.clone();
    let options = problem.options.clone();
    view! {
        <article class="pq" data-testid="practice-question" data-problem-id=id_attr>
            <p class="pq__meta">
                <span class="badge badge--family">{move || family.pick(lang.get()).to_string()}</span>
                {note.map(|n| view! {
                    <span class="badge badge--note">{move || fill(t(lang.get(), "practice.note_badge"), &[("n", &n.to_string())])}</span>
                })}
                {heading.map(|h| view! { <span class="pq__heading">{h}</span> })}
                <code class="pq__id muted" title=tr("practice.id_title")>{id}</code>
            </p>
            {code.map(|c| view! {
                <pre class="pq__code" tabindex="0" aria-label=tr("practice.code_label")><code>{move || c.pick(lang.get()).to_string()}</code></pre>
            })}
            <p class="pq__stem" id=STEM_ID tabindex="-1" data-testid="practice-stem">
                {move || stem.pick(lang.get()).to_string()}
            </p>
            <div class="pq__options" role="group" aria-label=tr("practice.options_label")>
                {options
                    .into_iter()
                    .enumerate()
                    .map(|(i, text)| {
                        let is_chosen = move || chosen.get() == Some(i);
                        let right = move || reveal.get() && i == correct;
                        let wrong = move || reveal.get() && is_chosen() && i != correct;
                        let verdict = move || {
                            if right() {
                                Some(view! { <span class="pq__verdict pq__verdict--ok">"✓ "{tr("practice.right_answer")}</span> })
                            } else if wrong() {
                                Some(view! { <span class="pq__verdict pq__verdict--bad">"✗ "{tr("practice.your_answer")}</span> })
                            } else {
                                None
                            }
                        };
                        view! {
                            <button
                                type="button"
                                class="pq__option"
                                class:chosen=is_chosen
                                class:right=right
                                class:wrong=wrong
                                data-option=i.to_string()
                                data-testid=format!("practice-option-{}", i + 1)
                                aria-pressed=move || is_chosen().to_string()
                                aria-keyshortcuts=(i + 1).to_string()
                                on:click=move |_| on_choose.run(i)
                            >
                                <span class="pq__marker" aria-hidden="true">{marker(i)}</span>
                                <span class="pq__text">{move || text.pick(lang.get()).to_string()}</span>
                                {verdict}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </article>
    }
}
