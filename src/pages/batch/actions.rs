//! The actions on a checked file, each a card: exports (`export`: the
//! report as JSON or Markdown), repairs (`repair`: a fixed file) and the
//! split (`split`: several valid files). Repair and split run in a worker,
//! one at a time; a failure of either is said under the cards.

use super::export::ExportCard;
use super::repair::RepairCard;
use super::split::SplitCard;
use super::use_state;
use crate::i18n::tx;
use crate::prefs::use_prefs;
use batchlane_core::batch::{RepairOutcome, SplitOutcome};
use leptos::prelude::*;

/// Saves `blob` as `name` (a failure shows the page notice).
pub fn download(blob: &web_sys::Blob, name: &str) {
    let _ = crate::components::download::download_blob(blob, name);
}

/// `tickets.jsonl` → `tickets.{suffix}`.
pub fn derived(name: &str, suffix: &str) -> String {
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    let stem = if stem.is_empty() { "batch" } else { stem };
    format!("{stem}.{suffix}")
}

#[component]
pub fn Actions() -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    // Kept here, outside the cards: a new check hides the cards (no report)
    // but not the rename choice; a repair or a split is running (the other waits).
    let rename = RwSignal::new(false);
    let busy = RwSignal::new(false);
    let repaired = RwSignal::new(None::<RepairOutcome>);
    let split = RwSignal::new(None::<SplitOutcome>);
    let split_blobs: StoredValue<Vec<web_sys::Blob>, LocalStorage> = StoredValue::new_local(Vec::new());
    let failed = RwSignal::new(None::<batchlane_core::text::Text>);
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
    view! {
        <Show when=move || state.report.get().is_some()>
            <section class="batch-actions" aria-labelledby="batch-actions-title">
                <h2 id="batch-actions-title">{tx("batch.actions.title", prefs.lang)}</h2>
                <div class="batch-actions__grid">
                    <ExportCard/>
                    <RepairCard rename=rename repaired=repaired busy=busy failed=failed/>
                    <SplitCard split=split blobs=split_blobs busy=busy failed=failed/>
                </div>
                {move || failed.get().map(|e| view! { <p class="note batch-error" role="alert">{tx("batch.failed", prefs.lang)} " " {e.pick(prefs.lang.get()).to_string()}</p> })}
            </section>
        </Show>
    }
}
