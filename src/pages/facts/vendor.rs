//! "Import the vendors' own files": a quota-tier page, a saved Azure Retail
//! Prices response or an OpenAPI spec, dropped or picked, read in the
//! page's worker (`Request::ImportFacts`: progress, Cancel), never sent
//! anywhere. The page shows the diff against the built-in catalog (each
//! figure with its file), what the files held that became no figure, and
//! keeps the figures (the catalog's overlay, stored as the overrides are,
//! read by every tool) or discards them.

use crate::components::drop_zone::{picked_files, DropZone};
use crate::i18n::{fill, lookup, t, tn, Lang};
use crate::prefs::{tr, use_prefs};
use crate::worker::client::{WorkerPool, WORKER_URL};
use batchlane_core::facts::{DiffEntry, ImportFileKind, ImportProblem, Imported, OverlayDiff};
use batchlane_core::format;
use batchlane_core::protocol::{Request, Response};
use batchlane_core::text::Text;
use leptos::prelude::*;
use web_sys::{Blob, File};

/// Items not used that the page lists (the rest are counted).
const SHOWN_SKIPPED: usize = 50;
/// Rows of each diff table the page lists (the rest are counted).
const SHOWN_ROWS: usize = 200;

#[derive(Clone)]
enum Stage {
    Idle,
    Running(u64, u64),
    Cancelled,
    Refused(ImportProblem),
    /// Why the import could not run, in both languages.
    Failed(Text),
    Review(Vec<Imported>, Box<OverlayDiff>),
}

fn kind_key(k: Option<ImportFileKind>) -> &'static str {
    match k {
        Some(ImportFileKind::TierPage) => "facts.vendor.kind.tier",
        Some(ImportFileKind::RetailPrices) => "facts.vendor.kind.prices",
        Some(ImportFileKind::OpenApiSpec) => "facts.vendor.kind.spec",
        Some(ImportFileKind::LaneMatrix) => "facts.vendor.kind.lanes",
        Some(ImportFileKind::CatalogFile) | None => "facts.vendor.kind.catalog",
    }
}

/// The user's local date, `YYYY-MM-DD` (dates a spec that names none).
fn today() -> String {
    let d = js_sys::Date::new_0();
    format!("{:04}-{:02}-{:02}", d.get_full_year(), d.get_month() + 1, d.get_date())
}

#[component]
pub fn VendorImport() -> impl IntoView {
    let prefs = use_prefs();
    let stage = RwSignal::new(Stage::Idle);
    let client = StoredValue::new_local(WorkerPool::with_url(WORKER_URL, 1));
    on_cleanup(move || {
        let _ = client.try_with_value(|c| c.cancel());
    });
    let run = move |files: Vec<File>| {
        if files.is_empty() {
            return;
        }
        let names: Vec<String> = files.iter().map(File::name).collect();
        let blobs: Vec<Blob> = files.into_iter().map(Blob::from).collect();
        client.with_value(|c| c.cancel());
        stage.set(Stage::Running(0, 1));
        let request = Request::ImportFacts { files: names, today: today() };
        let sent = client.with_value(|c| {
            c.run(&request, &blobs, move |response, _| match response {
                Response::Progress { done, total, .. } => stage.set(Stage::Running(done, total)),
                Response::FactsImported { imports, diff } => stage.set(Stage::Review(imports, diff)),
                Response::FactsRefused { problem } => stage.set(Stage::Refused(problem)),
                Response::Failed { failure } => stage.set(Stage::Failed(failure.text())),
                _ => {}
            })
        });
        if let Err(failure) = sent.map(|_| ()) {
            stage.set(Stage::Failed(failure.text()));
        }
    };
    let cancel = move |_| {
        client.with_value(|c| c.cancel());
        stage.set(Stage::Cancelled);
    };
    let keep = move |_| {
        let Stage::Review(_, diff) = stage.get_untracked() else { return };
        // The files' figures join those kept before; the built-in figures
        // they no longer list (where they cover them) stop answering.
        let ok = prefs.catalog.try_update(|c| c.keep_overlay(&diff));
        match ok {
            Some(Err(e)) => stage.set(Stage::Failed(Text::new(e.to_string(), e.to_string()))),
            _ => stage.set(Stage::Idle),
        }
    };
    let in_use = move || prefs.catalog.with(|c| c.imported_facts().len());
    let not_used = move || prefs.catalog.with(|c| c.removed_facts().len());
    let percent = move || match stage.get() {
        Stage::Running(d, t) if t > 0 => d as f64 / t as f64 * 100.0,
        _ => 0.0,
    };
    let body = move || {
        let lang = prefs.lang.get();
        match stage.get() {
            Stage::Idle => ().into_any(),
            Stage::Running(..) => view! {
                <div class="traffic-progress" role="status" aria-live="polite" data-testid="facts-vendor-progress">
                    <div class="traffic-progress__head">
                        <strong>{t(lang, "facts.vendor.progress")}</strong>
                        <button type="button" class="button button--small" data-testid="facts-vendor-cancel" on:click=cancel>
                            {t(lang, "facts.vendor.cancel")}
                        </button>
                    </div>
                    <div class="bar" role="progressbar" aria-label=t(lang, "facts.vendor.progress") aria-valuemin="0" aria-valuemax="100"
                        aria-valuenow=move || format!("{:.0}", percent())>
                        <div class="bar__fill" style:width=move || format!("{:.1}%", percent())></div>
                    </div>
                </div>
            }
            .into_any(),
            Stage::Cancelled => view! { <p class="note" role="status">{t(lang, "facts.vendor.cancelled")}</p> }.into_any(),
            Stage::Refused(p) => view! {
                <p class="field-error" role="alert" data-testid="facts-vendor-refused">
                    {fill(t(lang, "facts.vendor.refused"), &[("where", &p.to_string())])}
                </p>
            }
            .into_any(),
            Stage::Failed(m) => view! { <p class="field-error" role="alert">{fill(t(lang, "facts.vendor.failed"), &[("message", m.pick(lang))])}</p> }.into_any(),
            Stage::Review(imports, diff) => view! {
                <Review imports=imports diff=*diff lang=lang/>
                <div class="toolbar">
                    <button type="button" class="button button--primary" data-testid="facts-vendor-keep" on:click=keep>{t(lang, "facts.vendor.keep")}</button>
                    <button type="button" class="button" data-testid="facts-vendor-discard" on:click=move |_| stage.set(Stage::Idle)>{t(lang, "facts.vendor.discard")}</button>
                </div>
            }
            .into_any(),
        }
    };
    view! {
        <section class="card facts-tools" id="facts-vendor" aria-labelledby="facts-vendor-h" data-testid="facts-vendor">
            <h2 id="facts-vendor-h">{tr("facts.vendor.title")}</h2>
            <p class="muted">{tr("facts.vendor.intro")}</p>
            <DropZone class="traffic-drop" on_files=Callback::new(run)>
                <p class="traffic-drop__hint">{tr("facts.vendor.hint")}</p>
                <div class="traffic-drop__actions">
                    <label class="button">
                        <span>{tr("facts.vendor.pick")}</span>
                        <input type="file" multiple=true class="visually-hidden" data-testid="facts-vendor-files"
                            accept=".md,.markdown,.json,text/markdown,application/json"
                            on:change=move |ev| run(picked_files(&ev))/>
                    </label>
                </div>
            </DropZone>
            <Show when=move || { in_use() + not_used() > 0 }>
                <p class="note" role="status" data-testid="facts-vendor-in-use">
                    {move || {
                        let lang = prefs.lang.get();
                        fill(&tn(lang, "facts.vendor.in_use", in_use() as u64), &[("date", &prefs.catalog.with(|c| c.as_of()))])
                    }}
                    {move || (not_used() > 0).then(|| {
                        let lang = prefs.lang.get();
                        format!(" {}", fill(&tn(lang, "facts.vendor.not_used", not_used() as u64), &[("n", &not_used().to_string())]))
                    })}
                    " "
                    <button type="button" class="button button--small" data-testid="facts-vendor-remove"
                        on:click=move |_| prefs.catalog.update(|c| c.clear_imported())>
                        {tr("facts.vendor.remove")}
                    </button>
                </p>
            </Show>
            {body}
        </section>
    }
}

fn figure(lang: Lang, v: Option<f64>) -> String {
    v.map_or_else(|| "–".to_string(), |v| format::number(v, lang, 4))
}

fn rows(lang: Lang, label: String, entries: &[DiffEntry]) -> impl IntoView {
    let more = entries.len().saturating_sub(SHOWN_ROWS);
    let body = entries
        .iter()
        .take(SHOWN_ROWS)
        .map(|e| {
            let (kind, subject) = e.id.split_once('.').unwrap_or((e.id.as_str(), ""));
            let kind = lookup(lang, &format!("fact.{kind}")).unwrap_or(kind).to_string();
            view! {
                <tr data-id=e.id.clone()>
                    <td>{kind}</td>
                    <td><code>{subject.to_string()}</code></td>
                    <td class="num">{figure(lang, e.old)}" → "<strong>{figure(lang, e.new)}</strong></td>
                    <td>{e.file.clone()}" · "{e.as_of.clone()}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-wrap" role="region" tabindex="0" aria-label=label>
            <table class="facts-table">
                <thead><tr>
                    <th scope="col">{t(lang, "facts.col.figure")}</th>
                    <th scope="col">{t(lang, "facts.col.subject")}</th>
                    <th scope="col" class="num">{t(lang, "facts.vendor.col.old_new")}</th>
                    <th scope="col">{t(lang, "facts.vendor.col.file")}</th>
                </tr></thead>
                <tbody>{body}</tbody>
            </table>
        </div>
        {(more > 0).then(|| view! { <p class="muted">{fill(t(lang, "facts.import.more"), &[("n", &more.to_string())])}</p> })}
    }
}

#[component]
fn Review(imports: Vec<Imported>, diff: OverlayDiff, lang: Lang) -> impl IntoView {
    let files = imports
        .iter()
        .map(|i| {
            let line = fill(
                t(lang, "facts.vendor.file"),
                &[
                    ("file", &i.file),
                    ("kind", t(lang, kind_key(i.kind))),
                    ("n", &i.facts.len().to_string()),
                    ("skipped", &i.skipped.len().to_string()),
                ],
            );
            view! { <li>{line}</li> }
        })
        .collect_view();
    let summary = fill(
        t(lang, "facts.vendor.summary"),
        &[
            ("changed", &diff.changed.len().to_string()),
            ("added", &diff.added.len().to_string()),
            ("removed", &diff.removed.len().to_string()),
            ("same", &diff.unchanged.to_string()),
        ],
    );
    let skipped: Vec<&ImportProblem> = imports.iter().flat_map(|i| i.skipped.iter()).collect();
    let n_skipped = skipped.len();
    let skipped_list =
        skipped.iter().take(SHOWN_SKIPPED).map(|p| view! { <li data-line=p.line().to_string()>{p.to_string()}</li> }).collect_view();
    let unknown: Vec<String> = imports.iter().flat_map(|i| i.unknown_names.iter().cloned()).collect();
    view! {
        <div class="facts-import" data-testid="facts-vendor-review">
            <ul data-testid="facts-vendor-files-read">{files}</ul>
            <p data-testid="facts-vendor-summary">{summary}</p>
            <p class="muted" data-testid="facts-vendor-outside">{fill(&tn(lang, "facts.vendor.outside", diff.outside as u64), &[("n", &diff.outside.to_string())])}</p>
            {(!diff.changed.is_empty()).then(|| view! {
                <h3>{t(lang, "facts.vendor.changed")}</h3>
                <div data-testid="facts-vendor-changed">{rows(lang, t(lang, "facts.vendor.changed").to_string(), &diff.changed)}</div>
            })}
            {(!diff.added.is_empty()).then(|| view! {
                <h3>{t(lang, "facts.vendor.added")}</h3>
                <div data-testid="facts-vendor-added">{rows(lang, t(lang, "facts.vendor.added").to_string(), &diff.added)}</div>
            })}
            {(!diff.removed.is_empty()).then(|| view! {
                <details data-testid="facts-vendor-removed">
                    <summary>{fill(t(lang, "facts.vendor.removed"), &[("n", &diff.removed.len().to_string())])}</summary>
                    <p class="muted">{t(lang, "facts.vendor.removed.why")}</p>
                    {rows(lang, fill(t(lang, "facts.vendor.removed"), &[("n", &diff.removed.len().to_string())]), &diff.removed)}
                </details>
            })}
            {(n_skipped > 0).then(|| view! {
                <details data-testid="facts-vendor-skipped">
                    <summary>{fill(t(lang, "facts.vendor.skipped"), &[("n", &n_skipped.to_string())])}</summary>
                    <ul>{skipped_list}</ul>
                </details>
            })}
            {(!unknown.is_empty()).then(|| view! {
                <p class="note" data-testid="facts-vendor-unknown">{fill(t(lang, "facts.vendor.unknown"), &[("list", &unknown.join(", "))])}</p>
            })}
        </div>
    }
}
