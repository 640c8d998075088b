//! /batch — check a JSONL batch input file before upload: every error the
//! batch service would raise, with line, column and code; exact tokens,
//! cost and quota; repair and split. The work runs in Web Workers.

mod actions;
mod chart;
mod diagnostics;
mod export;
mod form;
mod handoff;
mod input;
mod line_view;
mod model_pick;
mod progress;
mod repair;
mod split;
mod state;
mod stored;
mod summary;
mod summary_figures;
pub use summary_figures::media_note;
pub mod worker_client;

use crate::components::page_header::PageHeader;
use batchlane_core::batch::{check_options, CheckInput, CheckOptions, FieldError, FieldProblem, LIMIT_WORDS};
use batchlane_core::cost::PriceOverride;
use leptos::prelude::*;
pub use state::{now_ms, use_state, State};

/// Files up to this size are checked again as soon as an option changes.
const AUTO_RECHECK_BYTES: u64 = 20 << 20;
/// Diagnostics kept per code (the counts stay exact beyond it).
const MAX_STORED_PER_CODE: usize = 100_000;

impl State {
    /// The form as the check's input (reactive): a raw value per row of
    /// the core's options table; the quota select and its typed number
    /// are the one `enqueued_limit`.
    pub fn input(&self) -> CheckInput {
        let mut i = CheckInput::default();
        let quota = self.quota.get();
        let limit = match quota.as_str() {
            "none" => String::new(),
            "typed" => self.quota_typed.get(),
            _ => quota,
        };
        let flag = |b: bool| if b { "1" } else { "0" };
        for (name, value) in [
            ("dialect", self.dialect.get().name().to_string()),
            ("endpoint", self.endpoint.get()),
            ("model", self.model.get()),
            ("enqueued_limit", limit),
            ("zone", if self.zone.get() == batchlane_core::facts::Scope::DataZone { "datazone" } else { "global" }.to_string()),
            ("encoding", self.encoding.get()),
            ("price_in", self.price_in.get()),
            ("price_out", self.price_out.get()),
            ("byo_storage", flag(self.byo.get()).to_string()),
            ("count_tokens", flag(self.count_tokens.get()).to_string()),
        ] {
            let _ = i.set(name, value);
        }
        i
    }

    /// Sets the form from a check's input (a link's, or stored).
    pub fn apply(&self, i: &CheckInput) {
        self.dialect.set(batchlane_core::batch::Dialect::from_name(i.get("dialect")).unwrap_or_default());
        self.endpoint.set(i.get("endpoint").to_string());
        self.model.set(i.get("model").to_string());
        match i.get("enqueued_limit").trim() {
            "" => self.quota.set("none".into()),
            w if LIMIT_WORDS.contains(&w) => self.quota.set(w.to_string()),
            n => {
                self.quota.set("typed".into());
                self.quota_typed.set(n.to_string());
            }
        }
        let zone = if i.get("zone") == "datazone" { batchlane_core::facts::Scope::DataZone } else { batchlane_core::facts::Scope::Global };
        self.zone.set(zone);
        self.encoding.set(i.get("encoding").to_string());
        self.price_in.set(i.get("price_in").to_string());
        self.price_out.set(i.get("price_out").to_string());
        self.byo.set(i.get("byo_storage") == "1");
        self.count_tokens.set(i.get("count_tokens") != "0");
    }

    /// The check's options from the form (reactive), through the core's
    /// one mapping (`batch::check_options`). "A number I type" with no
    /// number yet is refused as the limit.
    pub fn options(&self) -> Result<CheckOptions, FieldError> {
        if self.quota.get() == "typed" && self.quota_typed.get().trim().is_empty() {
            return Err(FieldError::new("enqueued_limit", "", FieldProblem::NotALimit));
        }
        let mut o = self.catalog.with(|c| check_options(&self.input(), c))?;
        o.max_stored_per_code = MAX_STORED_PER_CODE;
        o.file_name = self.upload_name.get_value();
        Ok(o)
    }

    /// The typed prices (reactive), as list prices and the catalog's factor.
    pub fn prices(&self) -> Result<PriceOverride, FieldError> {
        let mut i = CheckInput::default();
        let _ = i.set("price_in", self.price_in.get());
        let _ = i.set("price_out", self.price_out.get());
        self.catalog.with(|c| check_options(&i, c)).map(|o| o.price)
    }

    /// Why the row `name` is refused, if it is (reactive).
    pub fn problem(&self, name: &str) -> Option<FieldError> {
        self.options().err().filter(|e| e.field == name)
    }
}

#[component]
pub fn BatchPage() -> impl IntoView {
    let state = State::new();
    provide_context(state);
    let url = stored::sync(state);
    // The last check of this visit to the app, shown again.
    state.restore();
    // Small files are checked again when an option changes.
    Effect::watch(
        move || {
            (
                state.dialect.get(),
                state.byo.get(),
                state.count_tokens.get(),
                state.model.get(),
                state.quota.get(),
                state.zone.get(),
                state.quota_typed.get(),
                state.encoding.get(),
                state.endpoint.get(),
            )
        },
        move |_, _, _| {
            let small = state.source_size.get_untracked() <= AUTO_RECHECK_BYTES;
            let loaded = state.source.with_value(Option::is_some);
            // A sample sets the dialect and starts its check itself: the
            // same options again would cancel that check and start it over.
            let changed = untrack(|| state.options()).is_ok_and(|o| state.started_with.with_value(|s| s.as_ref() != Some(&o)));
            if loaded && small && changed {
                state.start();
            }
        },
        false,
    );
    // The workers start now, while the user picks a file.
    worker_client::warm(untrack(|| state.options()).map_or(true, |o| o.count_tokens));
    on_cleanup(worker_client::cancel);
    view! {
        <section class="page batch-page" data-testid="page-batch">
            <PageHeader title="page.batch.title" desc="page.batch.desc" figures=true/>
            <crate::components::link_banner::LinkBanner state=url/>
            <div class="batch-top">
                <input::Sources/>
                <form::OptionsForm/>
            </div>
            <progress::ProgressPanel/>
            <summary::SummaryCard/>
            <diagnostics::Diagnostics/>
            <actions::Actions/>
        </section>
    }
}
