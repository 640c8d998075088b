//! The repaired file: what the repair fixes safely and what it leaves for a
//! person, the repair run in a worker, and what it did (with the renamed
//! custom_ids).

use super::actions::{derived, download};
use super::use_state;
use super::worker_client;
use crate::i18n::tx;
use crate::i18n::{fill, t};
use crate::prefs::use_prefs;
use batchlane_core::batch::{repair_plan, CodeCount, RepairOptions, RepairOutcome};
use batchlane_core::format;
use batchlane_core::protocol::{Request, Response};
use batchlane_core::text::Text;
use leptos::prelude::*;

/// `rename`: rename duplicate custom_ids too; `repaired`: what the last
/// repair did; `busy` while a repair or split runs; `failed` says why one failed.
#[component]
pub fn RepairCard(
    rename: RwSignal<bool>,
    repaired: RwSignal<Option<RepairOutcome>>,
    busy: RwSignal<bool>,
    failed: RwSignal<Option<Text>>,
) -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
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
            Response::Failed { failure } => {
                busy.set(false);
                failed.set(Some(failure.text()));
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
    view! {
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
    }
}
