//! The file pickers (output, errors, input), the drop zone that routes
//! dropped files by their content, and what each missing file would add.

use super::state::State;
use super::text::{file_label, gain_label};
use crate::components::drop_zone::DropZone;
use crate::components::file_button::FileButton;
use crate::i18n::t;
use crate::prefs::{tr, use_prefs};
use batchlane_core::results::{detect_kind, what_more_files_add, FileKind, FilesPresent};
use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::File;

#[component]
pub fn FilesPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let on_drop = Callback::new(move |files: Vec<File>| leptos::task::spawn_local(route_dropped(state, files)));
    let advice = move || {
        let present = FilesPresent {
            output: state.output.with(Option::is_some),
            errors: state.errors.with(Option::is_some),
            input: state.input.with(Option::is_some),
            job: state.job_text.with(|t| !t.trim().is_empty()),
        };
        let lang = prefs.lang.get();
        what_more_files_add(present)
            .into_iter()
            .map(|a| {
                let gains: Vec<&str> = a.adds.iter().map(|g| gain_label(lang, *g)).collect();
                view! { <li><strong>{file_label(lang, a.file)}</strong>": "{gains.join("; ")}</li> }
            })
            .collect_view()
    };
    view! {
        <DropZone class="results-drop" on_files=on_drop>
            <p class="results-drop__hint">{tr("results.drop_hint")}</p>
            <div class="results-files">
                <FileSlot kind=FileKind::Output testid="results-output-input" required=true/>
                <FileSlot kind=FileKind::Errors testid="results-errors-input" required=true/>
                <FileSlot kind=FileKind::Input testid="results-input-input" required=false/>
            </div>
            <p class="muted results-drop__privacy">{tr("results.local")}</p>
        </DropZone>
        <Show when=move || state.output.with(Option::is_some) || state.errors.with(Option::is_some) || state.input.with(Option::is_some)>
            <div class="results-advice" data-testid="results-advice">
                <Show when=move || !advice().is_empty()>
                    <h2 class="results-advice__title">{tr("results.advice.title")}</h2>
                    <ul>{advice}</ul>
                </Show>
            </div>
        </Show>
    }
}

/// Routes dropped files to slots by what they contain: a batch object to
/// the job box, request lines to the input, result lines to the output (or
/// the error file when the name says so or the output is taken).
async fn route_dropped(state: State, files: Vec<File>) {
    for f in files {
        let sample = JsFuture::from(
            f.slice_with_f64_and_f64(0.0, 4096.0)
                .map(|b| b.text())
                .unwrap_or_else(|_| js_sys::Promise::resolve(&wasm_bindgen::JsValue::from_str(""))),
        )
        .await
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
        match detect_kind(sample.as_bytes()) {
            Some(FileKind::Job) => {
                if let Ok(text) = JsFuture::from(f.text()).await {
                    state.job_text.set(text.as_string().unwrap_or_default());
                }
            }
            Some(FileKind::Input) => state.set_file(FileKind::Input, Some(f)),
            _ => {
                let name = f.name().to_lowercase();
                let to_errors = name.contains("error")
                    || (state.output.with_untracked(Option::is_some) && state.errors.with_untracked(Option::is_none));
                state.set_file(if to_errors { FileKind::Errors } else { FileKind::Output }, Some(f));
            }
        }
    }
}

#[component]
fn FileSlot(kind: FileKind, testid: &'static str, required: bool) -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let slot = state.slot(kind);
    let input_ref = NodeRef::<leptos::html::Input>::new();
    let on_change = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let file = input.files().and_then(|l| l.get(0));
        if file.is_some() {
            state.set_file(kind, file);
        }
    };
    let clear = move |_| {
        if let Some(i) = input_ref.get() {
            i.set_value("");
        }
        state.set_file(kind, None);
    };
    let described = move || {
        let lang = prefs.lang.get();
        slot.with(|f| match f {
            Some(f) => format!("{} · {}", f.name(), batchlane_core::format::bytes(f.size() as u64)),
            None => t(lang, if required { "results.file.none" } else { "results.file.optional" }).to_string(),
        })
    };
    view! {
        <div class="results-file" class:results-file--set=move || slot.with(Option::is_some)>
            <span class="results-file__label">{move || file_label(prefs.lang.get(), kind)}</span>
            <FileButton
                label="results.file.choose"
                accept=".jsonl,.json,.txt,application/jsonl,application/json,text/plain"
                testid=testid
                node_ref=input_ref
                on_change=Callback::new(on_change)
                aria_label=Signal::derive(move || file_label(prefs.lang.get(), kind).to_string())
                small=true
            />
            <span class="results-file__name muted">{described}</span>
            <Show when=move || slot.with(Option::is_some)>
                <button type="button" class="button button--small" on:click=clear>
                    {tr("results.file.clear")}
                </button>
            </Show>
        </div>
    }
}
