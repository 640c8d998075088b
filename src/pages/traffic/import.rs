//! The import panel: a drop zone and picker for several exports, the
//! sample, each file's layout and points, the data's notices, the
//! progress with Cancel, and what went wrong (file:line:field).

use super::state::{Failure, State};
use super::text::{import_error, layout_label, n};
use crate::components::drop_zone::{picked_files, DropZone};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use leptos::prelude::*;
use web_sys::File;

/// Text with `code` spans as `<code>` elements.
fn with_code(text: &str) -> impl IntoView {
    text.split('`')
        .enumerate()
        .map(|(i, part)| if i % 2 == 1 { view! { <code>{part.to_string()}</code> }.into_any() } else { part.to_string().into_any() })
        .collect_view()
}

#[component]
pub fn ImportPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let on_drop = Callback::new(move |files: Vec<File>| state.add_files(files));
    let on_pick = move |ev: leptos::ev::Event| state.add_files(picked_files(&ev));
    let files = move || {
        let lang = prefs.lang.get();
        let report = state.report.get();
        state.files.with(|fs| {
            fs.iter()
                .map(|f| {
                    let name = f.name();
                    let summary = report.as_ref().and_then(|r| r.files.iter().find(|s| s.name == name).cloned());
                    let detail = summary.map(|s| {
                        let mut d = fill(
                            t(lang, "traffic.file.read"),
                            &[("layout", layout_label(lang, s.layout)), ("points", &n(s.points as f64))],
                        );
                        if s.skipped > 0 {
                            d.push_str(" · ");
                            d.push_str(&fill(t(lang, "traffic.file.skipped"), &[("n", &n(s.skipped as f64))]));
                        }
                        d
                    });
                    let remove_name = name.clone();
                    view! {
                        <li class="traffic-file" data-testid="traffic-file">
                            <span class="traffic-file__name">{name.clone()}</span>
                            <span class="muted traffic-file__detail" data-testid="traffic-file-detail">{detail}</span>
                            <button type="button" class="button button--small" on:click=move |_| state.remove_file(&remove_name)>
                                {tr("traffic.file.remove")}
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let notices = move || {
        let lang = prefs.lang.get();
        state.report.with(|r| {
            r.as_ref()
                .map(|r| {
                    r.notices
                        .iter()
                        .map(|x| {
                            let file = (!x.file.is_empty()).then(|| format!("{}: ", x.file));
                            view! { <li data-code=x.code.clone()>{file}{x.text.pick(lang).to_string()}</li> }
                        })
                        .collect_view()
                })
                .unwrap_or_default()
        })
    };
    let has_notices = move || state.report.with(|r| r.as_ref().is_some_and(|r| !r.notices.is_empty()));
    let failure = move || {
        let lang = prefs.lang.get();
        state.failure.get().map(|f| match f {
            Failure::Import(e) => fill(t(lang, "traffic.error.import"), &[("where", &import_error(lang, &e))]),
            Failure::Worker(f) => fill(t(lang, "traffic.error.worker"), &[("message", f.text().pick(lang))]),
            Failure::Sample(m) => fill(t(lang, "traffic.error.sample"), &[("message", &m)]),
            Failure::Cancelled => t(lang, "traffic.cancelled").to_string(),
        })
    };
    let percent = move || state.progress.get().map(|(d, t)| if t > 0 { d as f64 / t as f64 * 100.0 } else { 0.0 }).unwrap_or(0.0);
    view! {
        <section class="traffic-panel traffic-import" aria-labelledby="traffic-import-title">
            <h2 id="traffic-import-title">{tr("traffic.import.title")}</h2>
            <DropZone class="traffic-drop" on_files=on_drop>
                <p class="traffic-drop__hint">{tr("traffic.import.hint")}</p>
                <div class="traffic-drop__actions">
                    <label class="button traffic-pick">
                        <span>{tr("traffic.import.pick")}</span>
                        <input
                            type="file"
                            multiple=true
                            accept=".json,.csv,application/json,text/csv"
                            data-testid="traffic-files"
                            class="visually-hidden"
                            on:change=on_pick
                        />
                    </label>
                    <button type="button" class="button" data-testid="traffic-sample"
                        disabled=move || state.loading_sample.get()
                        on:click=move |_| state.load_sample()>
                        {tr("traffic.import.sample")}
                    </button>
                </div>
                <p class="muted traffic-drop__formats">{move || with_code(t(prefs.lang.get(), "traffic.import.formats"))}</p>
                <p class="muted traffic-drop__privacy">{tr("traffic.import.local")}</p>
            </DropZone>
            <Show when=move || state.files.with(|f| !f.is_empty())>
                <ul class="traffic-files" data-testid="traffic-file-list">{files}</ul>
            </Show>
            <Show when=move || state.running.get()>
                <div class="traffic-progress" role="status" aria-live="polite" data-testid="traffic-progress">
                    <div class="traffic-progress__head">
                        <strong>{tr("traffic.progress")}</strong>
                        <button type="button" class="button button--small" data-testid="traffic-cancel" on:click=move |_| state.cancel()>
                            {tr("traffic.cancel")}
                        </button>
                    </div>
                    <div class="bar" role="progressbar" aria-label=tr("traffic.progress") aria-valuemin="0" aria-valuemax="100"
                        aria-valuenow=move || format!("{:.0}", percent())>
                        <div class="bar__fill" style:width=move || format!("{:.1}%", percent())></div>
                    </div>
                </div>
            </Show>
            {move || failure().map(|m| view! { <p class="note note--warn" role="alert" data-testid="traffic-failure">{m}</p> })}
            <Show when=has_notices>
                <div class="traffic-notices" data-testid="traffic-notices">
                    <h3>{tr("traffic.notices")}</h3>
                    <ul>{notices}</ul>
                </div>
            </Show>
        </section>
    }
}
