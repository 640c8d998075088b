//! Statistics: per-family attempts and accuracy, streaks, the weakest
//! family to practise next, and a reset that asks first.

use super::{Mode, Source, State};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::format;
use batchlane_core::practice::{Family, Problem};
use leptos::prelude::*;

#[component]
pub fn StatsView() -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let lang = prefs.lang;
    let confirming = RwSignal::new(false);

    let pct = move |acc: Option<f64>| acc.map_or_else(|| "—".to_string(), |a| format!("{}%", format::number(a * 100.0, lang.get(), 0)));
    let total = move || state.stats.with(|s| s.total());
    let practise = move |f: Family| {
        state.source.set(Source::Family(f));
        state.show(Problem::generate(f, super::store::random_seed(), &prefs.catalog.get_untracked()));
        state.mode.set(Mode::Practice);
    };

    let rows = move || {
        Family::ALL
            .into_iter()
            .map(|f| {
                let s = move || state.stats.with(|s| s.family(f));
                let width = move || format!("{}%", s().accuracy().unwrap_or(0.0) * 100.0);
                view! {
                    <tr data-family=f.slug()>
                        <th scope="row">{move || f.label().pick(lang.get()).to_string()}</th>
                        <td class="num" data-testid=format!("stats-attempts-{}", f.slug())>{move || s().attempts}</td>
                        <td class="num">{move || s().correct}</td>
                        <td class="num">{move || pct(s().accuracy())}</td>
                        <td class="stats-bar-cell" aria-hidden="true">
                            <span class="stats-bar"><span class="stats-bar__fill" style:width=width></span></span>
                        </td>
                    </tr>
                }
            })
            .collect_view()
    };

    let weakest = move || {
        let f = state.stats.with(|s| s.weakest())?;
        let l = lang.get();
        let line = fill(t(l, "practice.stats.weakest"), &[("family", f.label().pick(l))]);
        Some(view! {
            <p class="stats-weakest">
                {line}" "
                <button type="button" class="button button--small" on:click=move |_| practise(f)>{tr("practice.stats.practise")}</button>
            </p>
        })
    };

    view! {
        <div class="stats-view">
            <div class="stats-cards">
                <div class="card stat">
                    <span class="stat__label">{tr("practice.stats.total")}</span>
                    <span class="stat__value" data-testid="stats-total">{move || total().attempts}</span>
                    <span class="muted">{move || fill(t(lang.get(), "practice.stats.total_correct"), &[("c", &total().correct.to_string()), ("pct", &pct(total().accuracy()))])}</span>
                </div>
                <div class="card stat">
                    <span class="stat__label">{tr("practice.stats.current_streak")}</span>
                    <span class="stat__value" data-testid="stats-current-streak">{move || state.stats.with(|s| s.current_streak)}</span>
                </div>
                <div class="card stat">
                    <span class="stat__label">{tr("practice.stats.best_streak")}</span>
                    <span class="stat__value" data-testid="stats-best-streak">{move || state.stats.with(|s| s.best_streak)}</span>
                </div>
            </div>
            {weakest}
            <div class="table-wrap">
                <table class="stats-table" data-testid="stats-table">
                    <caption class="visually-hidden">{tr("practice.stats.caption")}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{tr("practice.stats.col.family")}</th>
                            <th scope="col" class="num">{tr("practice.stats.col.attempts")}</th>
                            <th scope="col" class="num">{tr("practice.stats.col.correct")}</th>
                            <th scope="col" class="num">{tr("practice.stats.col.accuracy")}</th>
                            <th scope="col"><span class="visually-hidden">{tr("practice.stats.col.bar")}</span></th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p class="muted">{tr("practice.stats.stored")}</p>
            <div class="toolbar">
                <Show
                    when=move || confirming.get()
                    fallback=move || view! {
                        <button
                            type="button"
                            class="button"
                            data-testid="stats-reset"
                            disabled=move || total().attempts == 0
                            on:click=move |_| confirming.set(true)
                        >
                            {tr("practice.stats.reset")}
                        </button>
                    }
                >
                    <div class="stats-confirm" role="alertdialog" aria-labelledby="stats-confirm-text">
                        <span id="stats-confirm-text">{tr("practice.stats.reset_confirm")}</span>
                        <button
                            type="button"
                            class="button button--danger"
                            data-testid="stats-reset-yes"
                            on:click=move |_| {
                                state.stats.update(|s| s.reset());
                                state.stats_lost.set(false);
                                confirming.set(false);
                            }
                        >
                            {tr("practice.stats.reset_yes")}
                        </button>
                        <button type="button" class="button" on:click=move |_| confirming.set(false)>{tr("practice.stats.reset_no")}</button>
                    </div>
                </Show>
            </div>
        </div>
    }
}
