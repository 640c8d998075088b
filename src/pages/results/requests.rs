//! Every request in a table: filter by outcome, search the custom_id,
//! page through (PAGE_SIZE rows at a time, so 100,000 rows stay usable).

use super::state::State;
use super::text::{count, file_label, outcome_class, outcome_label};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::results::{Outcome, RequestRow, ResultsReport};
use leptos::prelude::*;
use std::sync::Arc;

pub const PAGE_SIZE: usize = 100;

#[component]
pub fn RequestsPanel(report: Arc<ResultsReport>) -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let search = RwSignal::new(String::new());
    let matching = {
        let report = report.clone();
        Memo::new(move |_| {
            let filter = state.filter.get();
            let needle = search.get().trim().to_lowercase();
            report
                .rows
                .iter()
                .enumerate()
                .filter(|(_, r)| filter.is_none_or(|o| r.outcome == o))
                .filter(|(_, r)| needle.is_empty() || r.custom_id.to_lowercase().contains(&needle))
                .map(|(i, _)| i)
                .collect::<Vec<usize>>()
        })
    };
    let pages = move || matching.with(|m| m.len().div_ceil(PAGE_SIZE).max(1));
    let page = move || state.page.get().min(pages() - 1);
    let rows = {
        let report = report.clone();
        move || {
            let p = page();
            matching
                .with(|m| m.iter().skip(p * PAGE_SIZE).take(PAGE_SIZE).map(|&i| view! { <Row row=report.rows[i].clone()/> }).collect_view())
        }
    };
    let options = Outcome::ALL
        .iter()
        .filter(|&&o| report.summary.count(o) > 0)
        .map(|&o| {
            let n = report.summary.count(o);
            view! {
                <option value=o.code() selected=move || state.filter.get() == Some(o)>
                    {move || format!("{} ({})", outcome_label(prefs.lang.get(), o), count(n))}
                </option>
            }
        })
        .collect_view();
    let on_filter = move |ev| {
        let v = event_target_value(&ev);
        state.filter.set(Outcome::ALL.iter().copied().find(|o| o.code() == v));
        state.page.set(0);
    };
    let shown = move || {
        let lang = prefs.lang.get();
        let n = matching.with(Vec::len);
        let from = if n == 0 { 0 } else { page() * PAGE_SIZE + 1 };
        let to = (page() * PAGE_SIZE + PAGE_SIZE).min(n);
        fill(t(lang, "results.table.shown"), &[("from", &count(from as u64)), ("to", &count(to as u64)), ("n", &count(n as u64))])
    };
    view! {
        <section class="results-section" aria-labelledby="results-requests-h">
            <h2 id="results-requests-h">{tr("results.table.title")}</h2>
            <div class="toolbar">
                <label class="field field--inline">
                    <span>{tr("results.table.filter")}</span>
                    <select data-testid="results-filter" on:change=on_filter>
                        <option value="" selected=move || state.filter.get().is_none()>{tr("results.table.all")}</option>
                        {options}
                    </select>
                </label>
                <label class="field field--inline">
                    <span>{tr("results.table.search")}</span>
                    <input
                        type="search"
                        data-testid="results-search"
                        prop:value=move || search.get()
                        on:input=move |ev| { search.set(event_target_value(&ev)); state.page.set(0); }
                    />
                </label>
                <span class="muted" data-testid="results-shown" aria-live="polite">{shown}</span>
            </div>
            <div class="table-wrap">
                <table class="results-table" data-testid="results-table">
                    <thead>
                        <tr>
                            <th scope="col">{tr("results.col.custom_id")}</th>
                            <th scope="col">{tr("results.col.outcome")}</th>
                            <th scope="col">{tr("results.col.code")}</th>
                            <th scope="col" class="num">{tr("results.col.prompt")}</th>
                            <th scope="col" class="num">{tr("results.col.completion")}</th>
                            <th scope="col">{tr("results.col.where")}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <Show when=move || { pages() > 1 }>
                <nav class="pager" aria-label=tr("results.table.pages")>
                    <button type="button" class="button button--small" disabled=move || page() == 0 on:click=move |_| state.page.set(page().saturating_sub(1))>
                        {tr("results.table.prev")}
                    </button>
                    <span>{move || fill(t(prefs.lang.get(), "results.table.page"), &[("p", &count(page() as u64 + 1)), ("n", &count(pages() as u64))])}</span>
                    <button type="button" class="button button--small" data-testid="results-next" disabled=move || { page() + 1 >= pages() } on:click=move |_| state.page.set(page() + 1)>
                        {tr("results.table.next")}
                    </button>
                </nav>
            </Show>
        </section>
    }
}

#[component]
fn Row(row: RequestRow) -> impl IntoView {
    let prefs = use_prefs();
    let o = row.outcome;
    let dup = row.result_lines > 1;
    let unexpected = row.unexpected;
    let input_line = row.input_line;
    let result_at = row.result_at;
    let place = move || {
        let lang = prefs.lang.get();
        let mut parts = Vec::new();
        if let Some(l) = input_line {
            parts.push(fill(t(lang, "results.where.input"), &[("line", &l.to_string())]));
        }
        if let Some(r) = result_at {
            parts.push(fill(t(lang, "results.where.result"), &[("file", file_label(lang, r.file)), ("line", &r.line.to_string())]));
        }
        parts.join(" · ")
    };
    view! {
        <tr data-outcome=o.code()>
            <th scope="row" class="results-id">{row.custom_id.clone()}</th>
            <td>
                <span class=outcome_class(o)>{move || outcome_label(prefs.lang.get(), o)}</span>
                {unexpected.then(|| view! { " " <span class="badge badge--warn">{tr("results.badge.unexpected")}</span> })}
                {dup.then(|| view! { " " <span class="badge badge--warn">{tr("results.badge.duplicate")}</span> })}
            </td>
            <td>
                {row.code.clone().map(|c| view! { <code>{c}</code> })}
                {row.message.clone().map(|m| view! { <span class="results-msg">{m}</span> })}
            </td>
            <td class="num">{count(row.usage.prompt)}</td>
            <td class="num">{count(row.usage.completion)}</td>
            <td class="muted">{place}</td>
        </tr>
    }
}
