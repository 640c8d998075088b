//! The file split into several valid files (in a worker), each saved on its
//! own or all as one ZIP, with the limits used and the lines no part can hold.

use super::actions::{derived, download};
use super::use_state;
use super::worker_client;
use crate::i18n::tx;
use crate::i18n::{fill, t, tn};
use crate::prefs::use_prefs;
use batchlane_core::batch::{split_part_name, SplitLimits, SplitOutcome};
use batchlane_core::format;
use batchlane_core::protocol::{Request, Response};
use batchlane_core::text::Text;
use leptos::prelude::*;

/// One stored ZIP of the split parts, built here (`io::zip_stored`), saved as `name`.
async fn download_all(blobs: Vec<web_sys::Blob>, names: Vec<String>, name: String) -> Result<(), String> {
    let mut data: Vec<Vec<u8>> = Vec::with_capacity(blobs.len());
    for b in &blobs {
        let buf = wasm_bindgen_futures::JsFuture::from(b.array_buffer()).await.map_err(|e| format!("{e:?}"))?;
        data.push(js_sys::Uint8Array::new(&buf).to_vec());
    }
    let files: Vec<(&str, &[u8])> = names.iter().map(String::as_str).zip(data.iter().map(Vec::as_slice)).collect();
    let zip = batchlane_core::io::zip_stored(&files).map_err(|e| e.to_string())?;
    drop(data);
    let array = js_sys::Uint8Array::from(zip.as_slice());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/zip");
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&js_sys::Array::of1(&array), &options).map_err(|e| format!("{e:?}"))?;
    download(&blob, &name);
    Ok(())
}

/// `split`: the last split, its files in `blobs`; `busy` while a repair or
/// split runs; `failed` says why one failed.
#[component]
pub fn SplitCard(
    split: RwSignal<Option<SplitOutcome>>,
    blobs: StoredValue<Vec<web_sys::Blob>, LocalStorage>,
    busy: RwSignal<bool>,
    failed: RwSignal<Option<Text>>,
) -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let split_blobs = blobs;
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
            Response::Failed { failure } => {
                busy.set(false);
                failed.set(Some(failure.text()));
            }
            _ => {}
        });
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
                let name = split_part_name(&base, i);
                let info = fill(
                    &tn(lang, "batch.split.part", p.requests),
                    &[
                        ("part", &(i + 1).to_string()),
                        ("size", &batchlane_core::format::bytes(p.bytes)),
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
            let size = batchlane_core::format::bytes(l.max_bytes);
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
                    let (size, limit) = (batchlane_core::format::bytes(x.bytes), batchlane_core::format::bytes(limits.max_bytes));
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
            let names: Vec<String> = (0..count).map(|i| split_part_name(&base_all, i)).collect();
            let name = derived(&base_all, "parts.zip");
            leptos::task::spawn_local(async move {
                if let Err(e) = download_all(blobs, names, name).await {
                    failed.set(Some(Text::new(e.clone(), e)));
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
        <div class="batch-card">
            <h3>{tx("batch.split.title", prefs.lang)}</h3>
            <p class="muted">{tx("batch.split.desc", prefs.lang)}</p>
            <button type="button" class="button" data-testid="batch-split" disabled=move || busy.get() on:click=run_split>
                {tx("batch.split.run", prefs.lang)}
            </button>
            {split_view}
        </div>
    }
}
