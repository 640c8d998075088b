//! Exports (JSON, Markdown) and repairs (a fixed file; the file split into
//! several valid files). Repair and split run in a worker.

use super::input::text_blob;
use super::tx;
use super::worker_client;
use super::{bytes_text, use_state};
use crate::i18n::{fill, t, tn};
use crate::prefs::use_prefs;
use batchlane_core::batch::{estimate_cost, repair_plan, CodeCount, RepairOptions, RepairOutcome, SplitLimits, SplitOutcome};
use batchlane_core::format;
use batchlane_core::protocol::{Request, Response};
use leptos::prelude::*;

/// Saves `blob` as `name` (a failure shows the page notice).
pub fn download(blob: &web_sys::Blob, name: &str) {
    let _ = crate::components::download::download_blob(blob, name);
}

/// `tickets.jsonl` → `tickets.{suffix}`.
fn derived(name: &str, suffix: &str) -> String {
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    let stem = if stem.is_empty() { "batch" } else { stem };
    format!("{stem}.{suffix}")
}

/// One stored ZIP of the split parts, built here (`io::zip`), saved as `name`.
async fn download_all(blobs: Vec<web_sys::Blob>, names: Vec<String>, name: String) -> Result<(), String> {
    let mut data: Vec<Vec<u8>> = Vec::with_capacity(blobs.len());
    for b in &blobs {
        let buf = wasm_bindgen_futures::JsFuture::from(b.array_buffer()).await.map_err(|e| format!("{e:?}"))?;
        data.push(js_sys::Uint8Array::new(&buf).to_vec());
    }
    let files: Vec<(&str, &[u8])> = names.iter().map(String::as_str).zip(data.iter().map(Vec::as_slice)).collect();
    let zip = batchlane_core::io::zip::zip_stored(&files).map_err(|e| e.to_string())?;
    drop(data);
    let array = js_sys::Uint8Array::from(zip.as_slice());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/zip");
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&js_sys::Array::of1(&array), &options).map_err(|e| format!("{e:?}"))?;
    download(&blob, &name);
    Ok(())
}

#[component]
pub fn Actions() -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let rename = RwSignal::new(false);
    let busy = RwSignal::new(false);
    let repaired = RwSignal::new(None::<RepairOutcome>);
    let split = RwSignal::new(None::<SplitOutcome>);
    let split_blobs: StoredValue<Vec<web_sys::Blob>, LocalStorage> = StoredValue::new_local(Vec::new());
    let failed = RwSignal::new(None::<String>);
    // A new check clears the last repair and split.
    Effect::watch(
        move || state.run_id.get(),
        move |_, _, _| {
            repaired.set(None);
            split.set(None);
            failed.set(None);
        },
        false,
    );

    // The report as exported: the cost at the prices shown.
    let export_report = move || {
        let mut r = (*state.report.get_untracked()?).clone();
        if let (Some(p), Ok(price)) = (r.summary.prompt_tokens, untrack(|| state.prices())) {
            r.cost =
                prefs.catalog.with_untracked(|c| estimate_cost(c, r.summary.catalog_model.as_deref(), price, p, r.summary.output_tokens));
        }
        Some(r)
    };
    let export_json = move |_| {
        let Some(r) = export_report() else { return };
        let text = serde_json::to_string_pretty(&r.to_cli_json()).unwrap_or_default();
        if let Some(b) = text_blob(&text) {
            download(&b, &derived(&state.source_name.get_untracked(), "report.json"));
        }
    };
    let export_md = move |_| {
        let Some(r) = export_report() else { return };
        if let Some(b) = text_blob(&r.to_markdown()) {
            download(&b, &derived(&state.source_name.get_untracked(), "report.md"));
        }
    };
    let run_repair = move |_| {
        let Some(blob) = state.source.get_value() else { return };
        busy.set(true);
        failed.set(None);
        let name = derived(&state.source_name.get_untracked(), "fixed.jsonl");
        let req = Request::Repair { options: RepairOptions { rename_duplicate_ids: rename.get_untracked() } };
        worker_client::one(blob, req, move |reply, blobs| match reply {
            Response::Repaired { outcome } => {
                busy.set(false);
                if let Some(b) = blobs.first() {
                    download(b, &name);
                }
                repaired.set(Some(outcome));
            }
            Response::Failed { message } => {
                busy.set(false);
                failed.set(Some(message));
            }
            _ => {}
        });
    };
    let run_split = move |_| {
        let Some(blob) = state.source.get_value() else { return };
        let Ok(options) = untrack(|| state.options()) else { return };
        busy.set(true);
        failed.set(None);
        let catalog = prefs.catalog.get_untracked();
        worker_client::one(blob, Request::Split { options, catalog }, move |reply, blobs| match reply {
            Response::Split { outcome } => {
                busy.set(false);
                split_blobs.set_value(blobs);
                split.set(Some(outcome));
            }
            Response::Failed { message } => {
                busy.set(false);
                failed.set(Some(message));
            }
            _ => {}
        });
    };
    // What the repair fixes safely, and what it leaves for a person.
    let plan_view = move || {
        let r = state.report.get()?;
        let lang = prefs.lang.get();
        let plan = repair_plan(&r.counts, RepairOptions { rename_duplicate_ids: rename.get() });
        let list = |v: &[CodeCount]| {
            v.iter().map(|k| format!("{} ({})", k.code.as_str(), format::number(k.count as f64, lang, 0))).collect::<Vec<_>>().join(", ")
        };
        let fixes = if plan.fixes.is_empty() {
            t(lang, "batch.repair.nothing").to_string()
        } else {
            fill(t(lang, "batch.repair.will_fix"), &[("fixes", &list(&plan.fixes))])
        };
        let left = if plan.left.is_empty() {
            t(lang, "batch.repair.left_none").to_string()
        } else {
            fill(t(lang, "batch.repair.left"), &[("codes", &list(&plan.left))])
        };
        Some(view! {
            <p data-testid="batch-repair-fixes">{fixes}</p>
            <p class="muted" data-testid="batch-repair-left">{left}</p>
        })
    };
    let repaired_view = move || {
        let o = repaired.get()?;
        let lang = prefs.lang.get();
        let n = |v: u64| format::number(v as f64, lang, 0);
        let text = fill(
            t(lang, "batch.repair.done"),
            &[
                ("bom", t(lang, if o.bom_removed { "batch.repair.bom_yes" } else { "batch.repair.bom_no" })),
                ("crlf", &n(o.crlf_fixed)),
                ("blank", &n(o.blank_lines_removed)),
                ("lines", &n(o.lines_out)),
            ],
        );
        let renames = o.renames.clone();
        let more = renames.len().saturating_sub(200);
        Some(view! {
            <div class="batch-repair-result" data-testid="batch-repair-result">
                <p>{text}</p>
                {(!renames.is_empty()).then(|| view! {
                    <details open>
                        <summary>{fill(t(lang, "batch.repair.renames"), &[("n", &n(renames.len() as u64))])}</summary>
                        <ul class="batch-renames">
                            {renames.into_iter().take(200).map(|r| {
                                let line = fill(t(lang, "batch.repair.rename_line"), &[("n", &r.line.to_string())]);
                                view! { <li>{line} ": " <code>{r.from}</code> " → " <code>{r.to}</code></li> }
                            }).collect_view()}
                        </ul>
                        {(more > 0).then(|| view! { <p class="muted">{fill(t(lang, "batch.repair.more"), &[("n", &n(more as u64))])}</p> })}
                    </details>
                })}
            </div>
        })
    };
    let split_view = move || {
        let o = split.get()?;
        let lang = prefs.lang.get();
        let base = state.source_name.get_untracked();
        let base_all = base.clone();
        let rows = o
            .parts
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let name = derived(&base, &format!("part{}.jsonl", i + 1));
                let info = fill(
                    &tn(lang, "batch.split.part", p.requests),
                    &[
                        ("part", &(i + 1).to_string()),
                        ("size", &bytes_text(p.bytes, lang)),
                        ("line", &format::number(p.first_line as f64, lang, 0)),
                    ],
                );
                let label = name.clone();
                let over = p.over_limit.then(|| view! { " " <span class="badge badge--error">{t(lang, "batch.split.over_part")}</span> });
                let save = move |_| {
                    if let Some(b) = split_blobs.with_value(|v| v.get(i).cloned()) {
                        download(&b, &name);
                    }
                };
                view! {
                    <li>
                        <button type="button" class="button button--small" data-testid="batch-split-part" on:click=save>{label}</button>
                        " " <span class="muted">{info}</span>
                        {over}
                    </li>
                }
            })
            .collect_view();
        let n = |v: u64| format::number(v as f64, lang, 0);
        let limits = o.limits.map(|l| {
            let size = bytes_text(l.max_bytes, lang);
            let text = match l.max_enqueued_tokens {
                Some(tk) => fill(t(lang, "batch.split.limits"), &[("requests", &n(l.max_requests)), ("size", &size), ("tokens", &n(tk))]),
                None => fill(t(lang, "batch.split.limits_no_tokens"), &[("requests", &n(l.max_requests)), ("size", &size)]),
            };
            view! { <p class="muted" data-testid="batch-split-limits">{text}</p> }
        });
        let reasons = o
            .oversized
            .iter()
            .take(5)
            .map(|x| {
                let limits = o.limits.unwrap_or(SplitLimits { max_requests: 0, max_bytes: 0, max_enqueued_tokens: None });
                let text = if x.over_tokens {
                    let limit = limits.max_enqueued_tokens.unwrap_or(0);
                    fill(t(lang, "batch.split.over_tokens"), &[("line", &n(x.line)), ("tokens", &n(x.tokens)), ("limit", &n(limit))])
                } else {
                    let (size, limit) = (bytes_text(x.bytes, lang), bytes_text(limits.max_bytes, lang));
                    fill(t(lang, "batch.split.over_bytes"), &[("line", &n(x.line)), ("size", &size), ("limit", &limit)])
                };
                view! { <li>{text}</li> }
            })
            .collect_view();
        let oversized = (!o.oversized_lines.is_empty()).then(|| {
            let lines = o.oversized_lines.iter().take(20).map(|l| n(*l)).collect::<Vec<_>>().join(", ");
            view! {
                <div class="note" role="alert" data-testid="batch-split-oversized">
                    <p>{fill(t(lang, "batch.split.oversized"), &[("lines", &lines)])}</p>
                    <ul>{reasons}</ul>
                </div>
            }
        });
        let needs_model =
            o.quota_needs_model.then(|| view! { <p class="note" role="alert">{t(lang, "batch.split.quota_needs_model")}</p> });
        let count = o.parts.len();
        let save_all = move |_| {
            let blobs = split_blobs.get_value();
            let names: Vec<String> = (0..count).map(|i| derived(&base_all, &format!("part{}.jsonl", i + 1))).collect();
            let name = derived(&base_all, "parts.zip");
            leptos::task::spawn_local(async move {
                if let Err(e) = download_all(blobs, names, name).await {
                    failed.set(Some(e));
                }
            });
        };
        Some(view! {
            <div class="batch-split-result" data-testid="batch-split-result">
                <p>{tn(lang, "batch.split.done", o.parts.len() as u64)}</p>
                <p>
                    <button type="button" class="button button--small button--primary" data-testid="batch-split-all" on:click=save_all>
                        {t(lang, "batch.split.all")}
                    </button>
                </p>
                {limits}
                {needs_model}
                <ul class="batch-split-list">{rows}</ul>
                {oversized}
            </div>
        })
    };
    view! {
        <Show when=move || state.report.get().is_some()>
            <section class="batch-actions" aria-labelledby="batch-actions-title">
                <h2 id="batch-actions-title">{tx("batch.actions.title", prefs.lang)}</h2>
                <div class="batch-actions__grid">
                    <div class="batch-card">
                        <h3>{tx("batch.export.title", prefs.lang)}</h3>
                        <div class="toolbar">
                            <button type="button" class="button" data-testid="batch-export-json" on:click=export_json>{tx("batch.export.json", prefs.lang)}</button>
                            <button type="button" class="button" data-testid="batch-export-md" on:click=export_md>{tx("batch.export.md", prefs.lang)}</button>
                        </div>
                    </div>
                    <div class="batch-card">
                        <h3>{tx("batch.repair.title", prefs.lang)}</h3>
                        <p class="muted">{tx("batch.repair.desc", prefs.lang)}</p>
                        <label class="field field--inline">
                            <input type="checkbox" data-testid="batch-rename" prop:checked=move || rename.get() on:change=move |ev| rename.set(event_target_checked(&ev))/>
                            <span>{tx("batch.repair.rename", prefs.lang)}</span>
                        </label>
                        {plan_view}
                        <button type="button" class="button button--primary" data-testid="batch-repair" disabled=move || busy.get() on:click=run_repair>
                            {tx("batch.repair.download", prefs.lang)}
                        </button>
                        {repaired_view}
                    </div>
                    <div class="batch-card">
                        <h3>{tx("batch.split.title", prefs.lang)}</h3>
                        <p class="muted">{tx("batch.split.desc", prefs.lang)}</p>
                        <button type="button" class="button" data-testid="batch-split" disabled=move || busy.get() on:click=run_split>
                            {tx("batch.split.run", prefs.lang)}
                        </button>
                        {split_view}
                    </div>
                </div>
                {move || failed.get().map(|e| view! { <p class="note batch-error" role="alert">{tx("batch.failed", prefs.lang)} " " <code>{e}</code></p> })}
            </section>
        </Show>
    }
}
