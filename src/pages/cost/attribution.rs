//! Spend per tenant and per feature from usage lines (CSV or JSON Lines):
//! a file input and a drop zone, the two tables with a chart each, the
//! lines that were skipped, and CSV export. Usage can also come from the
//! Batch results page (see [`super::handoff`]).

use super::chart::{split_chart, Bar};
use super::text::{count, deployment_key, line_problem};
use crate::components::download::download_text;
use crate::components::drop_zone::DropZone;
use crate::format::usd;
use crate::i18n::{fill, t, tn, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::cost::attribution::{spend, spend_csv, AttributionConfig, Grouping, SpendTable};
use batchlane_core::cost::prices::DeploymentType;
use batchlane_core::cost::usage::{parse_usage, Diagnostic, ParsedUsage, UsageFormat};
use batchlane_core::format::format_percent;
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

fn read_file(file: web_sys::File, loaded: Loaded, busy: RwSignal<bool>) {
    let name = file.name();
    busy.set(true);
    let blob = gloo::file::Blob::from(file);
    wasm_bindgen_futures::spawn_local(async move {
        let text = gloo::file::futures::read_as_text(&blob).await.unwrap_or_default();
        loaded.set(Some((Source::File(name), parse_usage(&text))));
        busy.set(false);
    });
}

#[component]
pub fn Attribution() -> impl IntoView {
    let prefs = use_prefs();
    let from_batch = super::handoff::take();
    let came_from_batch = from_batch.is_some();
    let loaded: Loaded = RwSignal::new(
        from_batch.map(|records| (Source::Batch, ParsedUsage { format: UsageFormat::JsonLines, records, diagnostics: Vec::new() })),
    );
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
    let busy = RwSignal::new(false);
    let deployment = RwSignal::new(DeploymentType::Global);
    let result = Memo::new(move |_| {
        loaded.with(|l| {
            l.as_ref().map(|(_, parsed)| {
                let config = AttributionConfig { deployment: deployment.get() };
                prefs.catalog.with(|c| spend(&parsed.records, c, &config))
            })
        })
    });
    let on_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            read_file(file, loaded, busy);
        }
    };
    let on_drop = Callback::new(move |files: Vec<web_sys::File>| {
        if let Some(file) = files.into_iter().next() {
            read_file(file, loaded, busy);
        }
    });
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
                        ("skipped", &count((p.diagnostics.len() + unpriced) as f64, lang)),
                    ],
                )
            })
        })
    };
    let diagnostics = move || {
        let lang = prefs.lang.get();
        let mut all: Vec<Diagnostic> = loaded.with(|l| l.as_ref().map(|(_, p)| p.diagnostics.clone()).unwrap_or_default());
        all.extend(result.with(|r| r.as_ref().map(|s| s.diagnostics.clone()).unwrap_or_default()));
        all.sort_by_key(|d| d.line);
        let more = all.len().saturating_sub(SHOWN_DIAGNOSTICS);
        (!all.is_empty()).then(|| {
            view! {
                <details class="cost-diagnostics" data-testid="cost-usage-diagnostics">
                    <summary>{tn(lang, "cost.usage.skipped", all.len() as u64)}</summary>
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
        <DropZone class="cost-drop" on_files=on_drop>
            <label class="field">
                <span>{tr("cost.usage.file")}</span>
                <input type="file" accept=".csv,.jsonl,.json,.txt,.tsv" data-testid="cost-usage-file" on:change=on_file/>
            </label>
            <span class="muted">{tr("cost.usage.drop")}</span>
            <label class="field">
                <span>{tr("cost.usage.deployment")}</span>
                <select on:change=move |ev| {
                    if let Some(d) = DeploymentType::from_code(&event_target_value(&ev)) {
                        deployment.set(d)
                    }
                }>
                    {DeploymentType::ALL
                        .into_iter()
                        .map(|d| view! { <option value=d.code() selected=move || deployment.get() == d>{tr(deployment_key(d))}</option> })
                        .collect_view()}
                </select>
            </label>
        </DropZone>
        <Show when=move || busy.get()>
            <p class="muted" role="status">{tr("cost.usage.reading")}</p>
        </Show>
        <p role="status" data-testid="cost-usage-summary">{summary}</p>
        {diagnostics}
        {move || {
            let lang = prefs.lang.get();
            result.get().filter(|s| !s.by_tenant.rows.is_empty()).map(|s| {
                view! {
                    <SpendView lang=lang table=s.by_tenant/>
                    <SpendView lang=lang table=s.by_feature/>
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
            <button type="button" class="button" data-testid=format!("cost-usage-csv-{id}") on:click=move |_| { let _ = download_text(file, "text/csv;charset=utf-8", &csv); }>
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
