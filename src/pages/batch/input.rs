//! Where the file comes from: drag-and-drop, the file picker, the paste box
//! and the sample files.

use super::tx;
use super::use_state;
use crate::i18n::Lang;
use crate::prefs::use_prefs;
use batchlane_core::batch::samples::SAMPLES;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A Blob holding `text` (UTF-8).
pub fn text_blob(text: &str) -> Option<web_sys::Blob> {
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type("application/jsonl");
    let parts = js_sys::Array::of1(&text.into());
    web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag).ok()
}

fn first_file(files: Option<web_sys::FileList>) -> Option<web_sys::File> {
    files.and_then(|f| f.get(0))
}

#[component]
pub fn Sources() -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let dragging = RwSignal::new(false);
    let paste = RwSignal::new(String::new());
    let take = move |file: web_sys::File| {
        let name = file.name();
        state.load(file.unchecked_into::<web_sys::Blob>(), name);
    };
    let on_pick = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(f) = first_file(input.files()) {
            take(f);
        }
        // Picking the same file again still fires `change`.
        input.set_value("");
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        if let Some(f) = first_file(ev.data_transfer().and_then(|d| d.files())) {
            take(f);
        }
    };
    let on_over = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(true);
    };
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
    view! {
        <div class="batch-sources">
            <div
                class="batch-drop"
                class:batch-drop--over=move || dragging.get()
                on:dragover=on_over
                on:dragenter=on_over
                on:dragleave=move |_| dragging.set(false)
                on:drop=on_drop
            >
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
                <p class="muted batch-drop__hint">{tx("batch.drop.hint", prefs.lang)}</p>
                <Show when=move || !state.source_name.get().is_empty()>
                    <p class="batch-drop__current" data-testid="batch-source-name">
                        {tx("batch.drop.current", prefs.lang)} " " <strong>{move || state.source_name.get()}</strong>
                    </p>
                </Show>
            </div>
            <div class="batch-samples">
                <span class="muted">{tx("batch.samples", prefs.lang)}</span>
                {samples}
            </div>
            <details class="batch-paste">
                <summary>{tx("batch.paste.title", prefs.lang)}</summary>
                <label class="field">
                    <span>{tx("batch.paste.label", prefs.lang)}</span>
                    <textarea
                        rows="5"
                        spellcheck="false"
                        data-testid="batch-paste"
                        prop:value=move || paste.get()
                        on:input=move |ev| paste.set(event_target_value(&ev))
                    ></textarea>
                </label>
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
