//! Where the file comes from: drag-and-drop, the file picker, the paste box
//! and the sample files.

use super::use_state;
use crate::components::drop_zone::{picked_files, DropZone};
use crate::components::text_area::TextArea;
use crate::i18n::tx;
use crate::i18n::{fill, t, Lang};
use crate::prefs::use_prefs;
use batchlane_core::batch::SAMPLES;
use batchlane_core::facts::Kind;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A Blob holding `text` (UTF-8 JSON lines).
pub fn text_blob(text: &str) -> Option<web_sys::Blob> {
    crate::components::download::text_blob(text, "application/jsonl")
}

#[component]
pub fn Sources() -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let paste = RwSignal::new(String::new());
    let take = move |file: web_sys::File| {
        let name = file.name();
        state.load_file(file.unchecked_into::<web_sys::Blob>(), name);
    };
    let on_pick = move |ev: leptos::ev::Event| {
        if let Some(f) = picked_files(&ev).into_iter().next() {
            take(f);
        }
    };
    let on_drop = Callback::new(move |files: Vec<web_sys::File>| {
        if let Some(f) = files.into_iter().next() {
            take(f);
        }
    });
    let check_paste = move |_| {
        let text = paste.get_untracked();
        if let Some(b) = text_blob(&text) {
            let name = t_paste(prefs.lang.get_untracked());
            state.load(b, name);
        }
    };
    let samples = SAMPLES
        .iter()
        .map(|s| {
            let title = move || match prefs.lang.get() {
                Lang::En => s.title_en,
                Lang::Ko => s.title_ko,
            };
            let load = move |_| {
                state.dialect.set(s.dialect);
                if let Some(b) = text_blob(s.text) {
                    state.load(b, format!("{}.jsonl", s.id));
                }
            };
            view! {
                <button type="button" class="button button--small" data-sample=s.id on:click=load>{title}</button>
            }
        })
        .collect_view();
    // The service's file limits, from the catalog (the user's overrides apply).
    let drop_hint = move || {
        let lang = prefs.lang.get();
        let (limit, byo) = prefs.catalog.with(|c| {
            let subject = state.dialect.get().fact_subject();
            let byo = c.get(Kind::MaxFileBytesByoStorage, "azure").unwrap_or(0.0) as u64;
            (c.get(Kind::MaxFileBytes, subject).unwrap_or(0.0) as u64, byo)
        });
        fill(t(lang, "batch.drop.hint"), &[("limit", &batchlane_core::format::bytes(limit)), ("byo", &batchlane_core::format::bytes(byo))])
    };
    view! {
        <div class="batch-sources">
            <DropZone class="batch-drop" on_files=on_drop>
                <p class="batch-drop__title">{tx("batch.drop.title", prefs.lang)}</p>
                <label class="button button--primary batch-drop__pick">
                    {tx("batch.drop.pick", prefs.lang)}
                    <input
                        type="file"
                        class="visually-hidden"
                        accept=".jsonl,.json,.txt,application/jsonl,application/json,text/plain"
                        data-testid="batch-file-input"
                        on:change=on_pick
                    />
                </label>
                <p class="muted batch-drop__hint" data-testid="batch-drop-hint">{drop_hint}</p>
                <Show when=move || !state.source_name.get().is_empty()>
                    <p class="batch-drop__current" data-testid="batch-source-name">
                        {tx("batch.drop.current", prefs.lang)} " " <strong>{move || state.source_name.get()}</strong>
                    </p>
                </Show>
            </DropZone>
            <div class="batch-samples">
                <span class="muted">{tx("batch.samples", prefs.lang)}</span>
                {samples}
            </div>
            <details class="batch-paste">
                <summary>{tx("batch.paste.title", prefs.lang)}</summary>
                <TextArea label="batch.paste.label" value=paste on_input=Callback::new(move |v| paste.set(v)) testid="batch-paste"/>
                <button type="button" class="button" on:click=check_paste disabled=move || paste.get().trim().is_empty()>
                    {tx("batch.paste.check", prefs.lang)}
                </button>
            </details>
        </div>
    }
}

fn t_paste(lang: Lang) -> String {
    crate::i18n::t(lang, "batch.paste.name").to_string()
}
