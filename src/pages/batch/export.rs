//! The report saved as a file: JSON (the CLI's shape, `application/json`)
//! or Markdown (`text/markdown`), with the cost at the prices shown.

use super::actions::derived;
use super::use_state;
use crate::components::download::download_file;
use crate::i18n::tx;
use crate::prefs::use_prefs;
use batchlane_core::batch::estimate_cost;
use leptos::prelude::*;

#[component]
pub fn ExportCard() -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    // The report as exported: the cost at the prices shown.
    let export_report = move || {
        let mut r = (*state.report.get_untracked()?).clone();
        if let (Some(p), Ok(price)) = (r.summary.prompt_tokens, untrack(|| state.prices())) {
            r.cost =
                prefs.catalog.with_untracked(|c| estimate_cost(c, r.summary.catalog_model.as_deref(), price, p, r.summary.output_tokens));
        }
        Some(r)
    };
    // Typed by the name: `application/json`, `text/markdown`.
    let export_json = move |_| {
        let Some(r) = export_report() else { return };
        let text = serde_json::to_string_pretty(&r.to_cli_json()).unwrap_or_default();
        let _ = download_file(&derived(&state.source_name.get_untracked(), "report.json"), &text);
    };
    let export_md = move |_| {
        let Some(r) = export_report() else { return };
        let _ = download_file(&derived(&state.source_name.get_untracked(), "report.md"), &r.to_markdown());
    };
    view! {
        <div class="batch-card">
            <h3>{tx("batch.export.title", prefs.lang)}</h3>
            <div class="toolbar">
                <button type="button" class="button" data-testid="batch-export-json" on:click=export_json>{tx("batch.export.json", prefs.lang)}</button>
                <button type="button" class="button" data-testid="batch-export-md" on:click=export_md>{tx("batch.export.md", prefs.lang)}</button>
            </div>
        </div>
    }
}
