//! Attribution: group the requests by a regex capture on custom_id or a
//! field of the input's body.metadata; a per-group table, a bar chart and a
//! CSV export; and the hand-off of the spend to the Cost page's attribution.

use super::chart::GroupChart;
use super::state::State;
use super::text::count;
use crate::components::download::download_csv;
use crate::components::table::{Column, DataTable};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::cost::records_from_results;
use batchlane_core::format::usd;
use batchlane_core::results::{group_csv, group_table, GroupError, GroupKey, ResultsReport};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use std::sync::Arc;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Regex,
    Metadata,
}

const GROUP_COLUMNS: &[Column] = &[
    ("results.col.group", false),
    ("results.col.requests", true),
    ("results.summary.succeeded", true),
    ("results.summary.content_filtered", true),
    ("results.summary.retryable", true),
    ("results.outcome.client_error", true),
    ("results.col.tokens", true),
    ("results.col.cost", true),
];

#[component]
pub fn GroupsPanel(report: Arc<ResultsReport>) -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let mode = RwSignal::new(Mode::Regex);
    let text = RwSignal::new(String::new());
    let applied = RwSignal::new(None::<GroupKey>);
    let table = {
        let report = report.clone();
        Memo::new(move |_| {
            let key = applied.get()?;
            Some(prefs.catalog.with(|c| state.cost_opts.with(|o| group_table(&report, &key, c, o))))
        })
    };
    let apply = move |ev: web_sys::SubmitEvent| {
        ev.prevent_default();
        let value = text.get_untracked();
        applied.set(Some(match mode.get_untracked() {
            Mode::Regex => GroupKey::CustomIdRegex { pattern: value },
            Mode::Metadata => GroupKey::Metadata { field: value },
        }));
    };
    let error = move || {
        let lang = prefs.lang.get();
        table.with(|t_| match t_ {
            Some(Err(GroupError::EmptyPattern)) => Some(t(lang, "results.groups.err_empty").to_string()),
            Some(Err(GroupError::EmptyField)) => Some(t(lang, "results.groups.err_field").to_string()),
            Some(Err(GroupError::BadRegex { message })) => Some(fill(t(lang, "results.groups.err_regex"), &[("message", message)])),
            _ => None,
        })
    };
    let ok_table = move || table.with(|t_| t_.as_ref().and_then(|r| r.as_ref().ok()).cloned());
    let download = move |_| {
        if let Some(tbl) = ok_table() {
            // A group whose sums overflowed cannot be exported (never capped figures in a file).
            if let Ok(csv) = group_csv(&tbl) {
                let _ = download_csv("batch-groups.csv", &csv);
            }
        }
    };
    // Send the spend to /cost: grouped by the applied key when it is valid.
    let handoff_error = RwSignal::new(None::<&'static str>);
    let navigate = use_navigate();
    let to_cost = {
        let report = report.clone();
        move |_| {
            let key = ok_table().map(|tbl| tbl.key);
            let price_as = state.cost_opts.with_untracked(|o| o.model.clone());
            let records = records_from_results(&report, key.as_ref(), price_as.as_deref()).unwrap_or_default();
            if records.is_empty() {
                handoff_error.set(Some("results.to_cost.none"));
            } else if !crate::pages::cost::handoff::store(&records) {
                handoff_error.set(Some("results.to_cost.storage"));
            } else {
                handoff_error.set(None);
                navigate(crate::pages::cost::handoff::TARGET, Default::default());
            }
        }
    };
    let placeholder = move || match mode.get() {
        Mode::Regex => r"^(tenant-\d+)-".to_string(),
        Mode::Metadata => "tenant".to_string(),
    };
    view! {
        <section class="results-section" aria-labelledby="results-groups-h">
            <h2 id="results-groups-h">{tr("results.groups.title")}</h2>
            <p class="muted">{tr("results.groups.hint")}</p>
            <form class="toolbar results-group-form" on:submit=apply>
                <label class="field">
                    <span>{tr("results.groups.by")}</span>
                    <select data-testid="results-group-mode" on:change=move |ev| {
                        mode.set(if event_target_value(&ev) == "metadata" { Mode::Metadata } else { Mode::Regex });
                    }>
                        <option value="regex">{tr("results.groups.by_regex")}</option>
                        <option value="metadata">{tr("results.groups.by_metadata")}</option>
                    </select>
                </label>
                <label class="field results-group-form__key">
                    <span>{move || if mode.get() == Mode::Regex { tr("results.groups.regex")() } else { tr("results.groups.field")() }}</span>
                    <input
                        type="text"
                        spellcheck="false"
                        autocomplete="off"
                        data-testid="results-group-key"
                        placeholder=placeholder
                        aria-invalid=move || error().is_some().to_string()
                        prop:value=move || text.get()
                        on:input=move |ev| text.set(event_target_value(&ev))
                    />
                </label>
                <button type="submit" class="button button--primary" data-testid="results-group-apply">{tr("results.groups.apply")}</button>
            </form>
            {move || error().map(|e| view! { <p class="field-error" role="alert">{e}</p> })}
            <div class="toolbar results-to-cost">
                <button type="button" class="button" data-testid="results-to-cost" on:click=to_cost>{tr("results.to_cost.button")}</button>
                <span class="muted">{tr("results.to_cost.hint")}</span>
            </div>
            {move || handoff_error.get().map(|k| view! { <p class="field-error" role="alert">{tr(k)}</p> })}
            {move || ok_table().map(|tbl| {
                let needs_input = tbl.needs_input;
                let rows = tbl.rows.clone();
                view! {
                    <Show when=move || needs_input>
                        <p class="note note--warn">{tr("results.groups.needs_input")}</p>
                    </Show>
                    <GroupChart rows=rows.clone()/>
                    <DataTable columns=GROUP_COLUMNS class="results-groups" testid="results-groups-table">
                                {rows.into_iter().map(|g| {
                                    let key = g.key.clone();
                                    let s = g.summary;
                                    let partly = g.partly_unpriced;
                                    view! {
                                        <tr>
                                            <th scope="row" class="results-id">{match key {
                                                Some(k) => view! { <span>{k}</span> }.into_any(),
                                                None => view! { <em class="muted">{tr("results.groups.unmatched")}</em> }.into_any(),
                                            }}</th>
                                            <td class="num">{count(s.requests)}</td>
                                            <td class="num">{count(s.succeeded)}</td>
                                            <td class="num">{count(s.content_filtered)}</td>
                                            <td class="num">{count(s.retryable())}</td>
                                            <td class="num">{count(s.client_error)}</td>
                                            <td class="num">{count(g.usage.total())}</td>
                                            <td class="num">
                                                {move || usd(g.cost_usd, prefs.lang.get())}
                                                {partly.then(|| view! { <span class="muted" title=tr("results.groups.partly")>" *"</span> })}
                                            </td>
                                        </tr>
                                    }
                                }).collect_view()}
                    </DataTable>
                    <div class="toolbar">
                        <button type="button" class="button" data-testid="results-groups-csv" on:click=download>{tr("results.groups.csv")}</button>
                    </div>
                }
            })}
        </section>
    }
}
