//! Spend per tenant and per feature from usage lines (CSV or JSON Lines):
//! a file input and a drop zone, the two tables with a chart each, the
//! lines that were skipped, and CSV export. Usage can also come from the
//! Batch results page (see [`super::handoff`]).

use super::chart::{split_chart, Bar};
use super::text::{count, deployment_key, line_problem};
use crate::i18n::{fill, t, tn, Lang};
use crate::prefs::{tr, use_prefs};
use crate::worker::client::{WorkerPool, WORKER_URL};
use batchlane_core::cost::{spend, spend_csv, AttributionConfig, Diagnostic, Grouping, ParsedUsage, SpendTable, UsageLimits};
use batchlane_core::facts::Scope;
use batchlane_core::format::format_percent;
use batchlane_core::format::usd;
use batchlane_core::protocol::{Request, Response};
use leptos::prelude::*;

const SHOWN_DIAGNOSTICS: usize = 20;
const CHART_BARS: usize = 12;

/// Where the usage lines came from.
#[derive(Clone, Debug, PartialEq)]
enum Source {
    File(String),
    /// Handed over by the Batch results page.
    Batch,
}

type Loaded = RwSignal<Option<(Source, ParsedUsage)>>;

/// The file being read in the worker: bytes read of the total (None: idle).
type Busy = RwSignal<Option<(u64, u64)>>;

/// Reads the usage file in the worker, within the default line budget.
fn read_file(
    pool: StoredValue<WorkerPool, LocalStorage>,
    file: web_sys::File,
    loaded: Loaded,
    busy: Busy,
    failed: RwSignal<Option<String>>,
) {
    let name = file.name();
    busy.set(Some((0, file.size() as u64)));
    failed.set(None);
    let request = Request::Usage { limits: UsageLimits::default() };
    let sent = pool.with_value(|p| {
        p.cancel();
        p.run(&request, &[web_sys::Blob::from(file)], move |response, _| match response {
            Response::Progress { done, total, .. } => busy.set(Some((done, total))),
            Response::Usage { parsed } => {
                loaded.set(Some((Source::File(name.clone()), *parsed)));
                busy.set(None);
            }
            Response::Failed { message } => {
                failed.set(Some(message));
                busy.set(None);
            }
            _ => {}
        })
    });
    if let Err(message) = sent {
        failed.set(Some(message));
        busy.set(None);
    }
}

/// Saves a CSV export (with the byte order mark spreadsheets need).
fn download(name: &str, text: &str) {
    let _ = crate::components::download::download_csv(name, text);
}

#[component]
pub fn Attribution() -> impl IntoView {
    let prefs = use_prefs();
    let from_batch = super::handoff::take();
    let came_from_batch = from_batch.is_some();
    let loaded: Loaded = RwSignal::new(from_batch.map(|records| (Source::Batch, ParsedUsage::from_records(records))));
    if came_from_batch {
        // Arrived from /results: bring this section into view once it is drawn.
        // After the router's own scroll on navigation.
        Effect::new(move |_| {
            gloo::timers::callback::Timeout::new(150, || {
                if let Some(h) = document().get_element_by_id("cost-attribution") {
                    h.scroll_into_view();
                }
            })
            .forget();
        });
    }
    let busy: Busy = RwSignal::new(None);
    let failed = RwSignal::new(None::<String>);
    // The page's own worker: dropped (terminated) with the page.
    let pool = StoredValue::new_local(WorkerPool::with_url(WORKER_URL, 1));
    let cancel = move |_| {
        pool.with_value(WorkerPool::cancel);
        busy.set(None);
    };
    let dragging = RwSignal::new(false);
    let deployment = RwSignal::new(Scope::Global);
    let cost = super::use_cost();
    let result = Memo::new(move |_| {
        loaded.with(|l| {
            l.as_ref().map(|(_, parsed)| {
                // The page's region prices Regional usage, as it does the comparison.
                let region = cost.comparison.with(|c| c.config.region.clone());
                let config = AttributionConfig { deployment: deployment.get(), region };
                prefs.catalog.with(|c| spend(&parsed.records, c, &config))
            })
        })
    });
    let on_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            read_file(pool, file, loaded, busy, failed);
        }
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        if let Some(file) = ev.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
            read_file(pool, file, loaded, busy, failed);
        }
    };
    let summary = move || {
        let lang = prefs.lang.get();
        loaded.with(|l| {
            l.as_ref().map(|(source, p)| {
                let unpriced = result.with(|r| r.as_ref().map_or(0, |s| s.diagnostics.len()));
                let Source::File(name) = source else {
                    let requests: f64 = p.records.iter().map(|r| r.requests).sum();
                    return tn(lang, "cost.usage.from_results", requests as u64);
                };
                fill(
                    t(lang, "cost.usage.summary"),
                    &[
                        ("file", name),
                        ("records", &count(p.records.len().saturating_sub(unpriced) as f64, lang)),
                        ("skipped", &count(p.skipped().saturating_add(unpriced as u64) as f64, lang)),
                    ],
                )
            })
        })
    };
    let diagnostics = move || {
        let lang = prefs.lang.get();
        let mut all: Vec<Diagnostic> = loaded.with(|l| l.as_ref().map(|(_, p)| p.diagnostics.clone()).unwrap_or_default());
        let uncounted = loaded.with(|l| l.as_ref().map_or(0, |(_, p)| p.more_diagnostics));
        all.extend(result.with(|r| r.as_ref().map(|s| s.diagnostics.clone()).unwrap_or_default()));
        all.sort_by_key(|d| d.line);
        let total = (all.len() as u64).saturating_add(uncounted);
        let more = total.saturating_sub(SHOWN_DIAGNOSTICS as u64);
        (total > 0).then(|| {
            view! {
                <details class="cost-diagnostics" data-testid="cost-usage-diagnostics">
                    <summary>{tn(lang, "cost.usage.skipped", total)}</summary>
                    <ul>
                        {all.into_iter().take(SHOWN_DIAGNOSTICS).map(|d| view! {
                            <li>{fill(t(lang, "cost.usage.line"), &[("line", &d.line.to_string())])}" "{line_problem(lang, &d.problem)}</li>
                        }).collect_view()}
                    </ul>
                    {(more > 0).then(|| view! { <p class="muted">{fill(t(lang, "cost.usage.more"), &[("n", &more.to_string())])}</p> })}
                </details>
            }
        })
    };
    view! {
        <p class="muted cost-hint">{tr("cost.usage.hint")}</p>
        <div
            class="cost-drop"
            class:cost-drop--over=move || dragging.get()
            on:dragover=move |ev: leptos::ev::DragEvent| { ev.prevent_default(); dragging.set(true); }
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop
        >
            <label class="field">
                <span>{tr("cost.usage.file")}</span>
                <input type="file" accept=".csv,.jsonl,.json,.txt,.tsv" data-testid="cost-usage-file" on:change=on_file/>
            </label>
            <span class="muted">{tr("cost.usage.drop")}</span>
            <label class="field">
                <span>{tr("cost.usage.deployment")}</span>
                <select on:change=move |ev| {
                    if let Some(d) = Scope::from_code(&event_target_value(&ev)) {
                        deployment.set(d)
                    }
                }>
                    {Scope::ALL
                        .into_iter()
                        .map(|d| view! { <option value=d.url_code() selected=move || deployment.get() == d>{tr(deployment_key(d))}</option> })
                        .collect_view()}
                </select>
            </label>
        </div>
        {move || busy.get().map(|(done, total)| {
            let percent = if total > 0 { done as f64 * 100.0 / total as f64 } else { 0.0 };
            view! {
                <p class="muted" role="status" data-testid="cost-usage-progress">
                    {tr("cost.usage.reading")} " " {format!("{percent:.0}%")} " "
                    <button type="button" class="button button--small" data-testid="cost-usage-cancel" on:click=cancel>{tr("cost.usage.cancel")}</button>
                </p>
            }
        })}
        {move || failed.get().map(|m| view! { <p class="note note--warn" role="alert">{m}</p> })}
        <p role="status" data-testid="cost-usage-summary">{summary}</p>
        {move || {
            let lang = prefs.lang.get();
            loaded.with(|l| l.as_ref().and_then(|(_, p)| p.stopped_at_line)).map(|line| view! {
                <p class="note note--warn" data-testid="cost-usage-stopped">{fill(t(lang, "cost.usage.stopped"), &[("line", &line.to_string())])}</p>
            })
        }}
        {diagnostics}
        {move || {
            let lang = prefs.lang.get();
            result.get().filter(|s| !s.by_tenant.rows.is_empty()).map(|s| {
                // Lines without any feature (e.g. a batch's results) have no
                // feature table to show.
                let features = s.by_feature.rows.iter().any(|r| !r.key.is_empty());
                view! {
                    <SpendView lang=lang table=s.by_tenant/>
                    {features.then(|| view! { <SpendView lang=lang table=s.by_feature/> })}
                }
            })
        }}
    }
}

#[component]
fn SpendView(lang: Lang, table: SpendTable) -> impl IntoView {
    let (title, key_col, file, id) = match table.grouping {
        Grouping::Tenant => ("cost.usage.by_tenant", "cost.usage.tenant", "spend-by-tenant.csv", "tenant"),
        Grouping::Feature => ("cost.usage.by_feature", "cost.usage.feature", "spend-by-feature.csv", "feature"),
    };
    let unassigned = t(lang, "cost.usage.unassigned");
    let name = |k: &str| if k.is_empty() { unassigned.to_string() } else { k.to_string() };
    let csv = spend_csv(&table);
    let bars = table
        .rows
        .iter()
        .take(CHART_BARS)
        .map(|r| Bar { label: name(&r.key), parts: [r.cost.input, r.cost.cached_input, r.cost.output], value: usd(r.cost.total, lang) })
        .collect();
    let rows = table
        .rows
        .iter()
        .map(|r| {
            view! {
                <tr>
                    <th scope="row">{name(&r.key)}</th>
                    <td class="num">{count(r.requests, lang)}</td>
                    <td class="num">{count(r.prompt_tokens, lang)}</td>
                    <td class="num">{count(r.cached_tokens, lang)}</td>
                    <td class="num">{count(r.completion_tokens, lang)}</td>
                    <td class="num">{usd(r.cost.total, lang)}</td>
                    <td class="num">{format_percent(r.share)}</td>
                </tr>
            }
        })
        .collect_view();
    let total = &table.total;
    view! {
        <h3>{t(lang, title)}</h3>
        <div class="toolbar">
            <button type="button" class="button" data-testid=format!("cost-usage-csv-{id}") disabled=csv.is_err() on:click=move |_| {
                if let Ok(csv) = &csv {
                    download(file, csv)
                }
            }>
                {t(lang, "cost.usage.export")}
            </button>
        </div>
        <div class="table-wrap">
            <table data-testid=format!("cost-usage-{id}")>
                <thead>
                    <tr>
                        <th scope="col">{t(lang, key_col)}</th>
                        <th scope="col" class="num">{t(lang, "cost.usage.requests")}</th>
                        <th scope="col" class="num">{t(lang, "cost.usage.prompt")}</th>
                        <th scope="col" class="num">{t(lang, "cost.usage.cached")}</th>
                        <th scope="col" class="num">{t(lang, "cost.usage.completion")}</th>
                        <th scope="col" class="num">{t(lang, "cost.usage.cost")}</th>
                        <th scope="col" class="num">{t(lang, "cost.usage.share")}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
                <tfoot>
                    <tr>
                        <th scope="row">{t(lang, "cost.usage.total")}</th>
                        <td class="num">{count(total.requests, lang)}</td>
                        <td class="num">{count(total.prompt_tokens, lang)}</td>
                        <td class="num">{count(total.cached_tokens, lang)}</td>
                        <td class="num">{count(total.completion_tokens, lang)}</td>
                        <td class="num">{usd(total.cost.total, lang)}</td>
                        <td class="num">{format_percent(total.share)}</td>
                    </tr>
                </tfoot>
            </table>
        </div>
        {split_chart(t(lang, title).to_string(), bars, lang, if id == "tenant" { "cost-usage-chart-tenant" } else { "cost-usage-chart-feature" })}
    }
}
