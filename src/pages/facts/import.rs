//! "About the numbers": keep the catalog current without a release. Export
//! the catalog as JSON; import a newer tier CSV (the reference's format):
//! every refused row is listed with its line and reason, the changes are
//! shown against the current figures (old → new, plus rows the file adds or
//! leaves out), applied as overrides on confirmation, and one click undoes
//! the import (the overrides before it come back).

use crate::components::download::download_file;
use crate::components::file_button::FileButton;
use crate::i18n::{fill, t, tn, Lang};
use crate::prefs::{tr, use_prefs};
use crate::storage::{load_json, save_json};
use batchlane_core::facts::{catalog_json, diff_tiers, parse_tier_csv, Catalog, FileProblem, ParsedTiers, TierDiff};
use batchlane_core::format;
use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// Largest file read (the reference is ~50 KB).
const MAX_FILE_BYTES: f64 = 1024.0 * 1024.0;
/// Refused rows listed on the page (the rest are counted).
const SHOWN_ERRORS: usize = 50;
/// The last import's undo (the catalog before it and the figures it
/// changed), kept until undone so that it survives leaving the page.
const UNDO_KEY: &str = "batchlane.facts.import_undo";

#[derive(Clone, serde::Serialize, serde::Deserialize)]
struct Undo {
    before: Catalog,
    changed: usize,
}

#[derive(Clone)]
enum Stage {
    Idle,
    Refused(String),
    Review { name: String, parsed: ParsedTiers, diff: TierDiff },
    Applied(Undo),
}

/// The stage a visit starts in: the last import's undo while it is kept.
fn stored_stage() -> Stage {
    load_json::<Option<Undo>>(UNDO_KEY).flatten().map_or(Stage::Idle, Stage::Applied)
}

#[component]
pub fn CatalogTools() -> impl IntoView {
    let prefs = use_prefs();
    let stage = RwSignal::new(stored_stage());
    let export = move |_| {
        let json = prefs.catalog.with_untracked(catalog_json);
        let _ = download_file("batchlane-catalog.json", &json);
    };
    let on_file = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|l| l.get(0)) else { return };
        input.set_value("");
        let lang = prefs.lang.get_untracked();
        if file.size() > MAX_FILE_BYTES {
            stage.set(Stage::Refused(t(lang, "facts.import.too_big").to_string()));
            return;
        }
        let name = file.name();
        leptos::task::spawn_local(async move {
            let text = JsFuture::from(file.text()).await.ok().and_then(|v| v.as_string()).unwrap_or_default();
            let next = match parse_tier_csv(&text) {
                Err(FileProblem::Empty) => Stage::Refused(t(lang, "facts.import.empty").to_string()),
                Err(FileProblem::Header(h)) => Stage::Refused(fill(t(lang, "facts.import.header"), &[("line", &h)])),
                Ok(parsed) => {
                    let diff = prefs.catalog.with_untracked(|c| diff_tiers(&parsed, c));
                    Stage::Review { name, parsed, diff }
                }
            };
            stage.set(next);
        });
    };
    let apply = move |_| {
        let Stage::Review { diff, .. } = stage.get_untracked() else { return };
        let before = prefs.catalog.get_untracked();
        match diff.apply(&before) {
            Ok(next) => {
                let undo = Undo { before, changed: diff.changed.len() };
                save_json(UNDO_KEY, &Some(undo.clone()));
                prefs.catalog.set(next);
                stage.set(Stage::Applied(undo));
            }
            Err(e) => stage.set(Stage::Refused(e.to_string())),
        }
    };
    let undo = move |_| {
        if let Stage::Applied(undo) = stage.get_untracked() {
            prefs.catalog.set(undo.before);
            save_json(UNDO_KEY, &None::<Undo>);
            stage.set(Stage::Idle);
        }
    };
    let body = move || {
        let lang = prefs.lang.get();
        match stage.get() {
            Stage::Idle => ().into_any(),
            Stage::Refused(why) => view! { <p class="field-error" role="alert" data-testid="facts-import-refused">{why}</p> }.into_any(),
            Stage::Applied(Undo { changed, .. }) => view! {
                <p class="note" role="status" data-testid="facts-import-applied">
                    {tn(lang, "facts.import.applied", changed as u64)}" "
                    <button type="button" class="button button--small" data-testid="facts-import-undo" on:click=undo>{tr("facts.import.undo")}</button>
                </p>
            }
            .into_any(),
            Stage::Review { name, parsed, diff } => view! { <Review name=name parsed=parsed diff=diff lang=lang/> }.into_any(),
        }
    };
    let reviewing = move || matches!(stage.get(), Stage::Review { .. });
    let can_apply = move || matches!(stage.get(), Stage::Review { ref diff, .. } if !diff.changed.is_empty());
    view! {
        <section class="card facts-tools" aria-labelledby="facts-tools-h" data-testid="facts-tools">
            <h2 id="facts-tools-h">{tr("facts.tools.title")}</h2>
            <p class="muted">{tr("facts.tools.intro")}</p>
            <div class="toolbar">
                <button type="button" class="button" data-testid="facts-export" on:click=export>{tr("facts.export")}</button>
                <FileButton label="facts.import.choose" accept=".csv,text/csv" testid="facts-import-file" on_change=Callback::new(on_file)/>
            </div>
            {body}
            <Show when=reviewing>
                <div class="toolbar">
                    <Show when=can_apply>
                        <button type="button" class="button button--primary" data-testid="facts-import-apply" on:click=apply>{tr("facts.import.apply")}</button>
                    </Show>
                    <button type="button" class="button" on:click=move |_| stage.set(stored_stage())>{tr("facts.import.cancel")}</button>
                </div>
            </Show>
        </section>
    }
}

#[component]
fn Review(name: String, parsed: ParsedTiers, diff: TierDiff, lang: Lang) -> impl IntoView {
    let summary = fill(
        t(lang, "facts.import.summary"),
        &[
            ("file", &name),
            ("rows", &parsed.rows.len().to_string()),
            ("refused", &(parsed.errors.len().saturating_add(parsed.skipped.saturating_sub(1))).to_string()),
            ("changed", &diff.changed.len().to_string()),
            ("added", &diff.added.len().to_string()),
            ("removed", &diff.removed.len().to_string()),
            ("same", &diff.unchanged.to_string()),
        ],
    );
    let more = parsed.errors.len().saturating_sub(SHOWN_ERRORS);
    let errors = parsed
        .errors
        .iter()
        .take(SHOWN_ERRORS)
        .map(|e| view! { <li data-line=e.line().to_string()>{fill(t(lang, "facts.import.line"), &[("line", &e.line().to_string())])}" "{e.reason().pick(lang).to_string()}</li> })
        .collect_view();
    let changed = diff
        .changed
        .iter()
        .map(|c| {
            let kind = crate::i18n::lookup(lang, &format!("fact.{}", c.kind.as_str())).unwrap_or(c.kind.as_str()).to_string();
            view! {
                <tr data-id=c.id.clone()>
                    <td>{kind}</td>
                    <td><code>{c.subject.clone()}</code></td>
                    <td class="num">{format::number(c.old, lang, 4)}" → "<strong>{format::number(c.new, lang, 4)}</strong></td>
                </tr>
            }
        })
        .collect_view();
    let added = diff
        .added
        .iter()
        .map(|r| format!("{} · {} · {}", r.model, r.deployment.vendor_name(), r.tier.code()))
        .collect::<Vec<_>>()
        .join(", ");
    let removed = diff
        .removed
        .iter()
        .map(|r| format!("{} · {} · {}", r.model, r.deployment.vendor_name(), r.tier.code()))
        .collect::<Vec<_>>()
        .join(", ");
    view! {
        <div class="facts-import" data-testid="facts-import-review">
            <p data-testid="facts-import-summary">{summary}</p>
            {(!parsed.errors.is_empty()).then(|| view! {
                <h3>{t(lang, "facts.import.refused_rows")}</h3>
                <ul class="note note--warn" data-testid="facts-import-errors">{errors}</ul>
                {(more > 0).then(|| view! { <p class="muted">{fill(t(lang, "facts.import.more"), &[("n", &more.to_string())])}</p> })}
            })}
            {if diff.changed.is_empty() {
                view! { <p class="muted" data-testid="facts-import-nothing">{t(lang, "facts.import.nothing")}</p> }.into_any()
            } else {
                view! {
                    <div class="table-wrap" role="region" tabindex="0" aria-label=t(lang, "facts.import.changed")>
                        <table data-testid="facts-import-changed">
                            <thead><tr>
                                <th scope="col">{t(lang, "facts.col.figure")}</th>
                                <th scope="col">{t(lang, "facts.col.subject")}</th>
                                <th scope="col" class="num">{t(lang, "facts.import.old_new")}</th>
                            </tr></thead>
                            <tbody>{changed}</tbody>
                        </table>
                    </div>
                }.into_any()
            }}
            {(!diff.added.is_empty()).then(|| view! {
                <p data-testid="facts-import-added"><strong>{t(lang, "facts.import.added")}</strong>" "{added}</p>
            })}
            {(!diff.removed.is_empty()).then(|| view! {
                <details data-testid="facts-import-removed">
                    <summary>{fill(t(lang, "facts.import.removed"), &[("n", &diff.removed.len().to_string())])}</summary>
                    <p>{removed}</p>
                </details>
            })}
        </div>
    }
}
