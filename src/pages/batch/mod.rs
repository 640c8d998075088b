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
use batchlane_core::batch::{CheckOptions, OptionError, QuotaChoice, Subscription};
use batchlane_core::cost::PriceOverride;

use batchlane_core::facts::Encoding;
use leptos::prelude::*;
pub use state::{now_ms, use_state, State};

/// Files up to this size are checked again as soon as an option changes.
const AUTO_RECHECK_BYTES: u64 = 20 << 20;
/// Diagnostics kept per code (the counts stay exact beyond it).
const MAX_STORED_PER_CODE: usize = 100_000;

/// Why the options can't be used; shown next to the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionProblem {
    QuotaNotANumber,
    PriceIn(&'static str),
    PriceOut(&'static str),
}

/// A typed whole number above 0 (the one leniency, `io::parse_whole`).
pub fn parse_count(text: &str) -> Option<u64> {
    batchlane_core::io::parse_whole(text).filter(|&n| n > 0)
}

/// A typed price: `Ok(None)` when blank (the one leniency,
/// `io::parse_number`: "1 000" reads as the quota's "1 000" does).
fn parse_price(text: &str) -> Result<Option<f64>, ()> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    batchlane_core::io::parse_number(text).map(Some).ok_or(())
}

fn price_problem(e: OptionError) -> &'static str {
    match e {
        OptionError::PriceNegative => "batch.price.negative",
        OptionError::PriceAbsurd => "batch.price.absurd",
        _ => "batch.price.nan",
    }
}

impl State {
    /// The typed prices (reactive), as list prices and the catalog's factor.
    pub fn prices(&self) -> Result<PriceOverride, OptionProblem> {
        let input = parse_price(&self.price_in.get()).map_err(|_| OptionProblem::PriceIn("batch.price.nan"))?;
        let output = parse_price(&self.price_out.get()).map_err(|_| OptionProblem::PriceOut("batch.price.nan"))?;
        for (v, wrap) in [(input, OptionProblem::PriceIn as fn(&'static str) -> OptionProblem), (output, OptionProblem::PriceOut)] {
            let probe = CheckOptions { price: PriceOverride { input: v, ..PriceOverride::default() }, ..CheckOptions::default() };
            if let Err(e) = probe.validate() {
                return Err(wrap(price_problem(e)));
            }
        }
        // Typed at the batch price: the catalog's factor turns them into list prices.
        let factor = self.catalog.with(|c| c.require(batchlane_core::facts::Kind::BatchPriceFactor, "any"));
        Ok(PriceOverride::at_batch_price(input, output, factor))
    }

    /// The check's options from the form (reactive).
    pub fn options(&self) -> Result<CheckOptions, OptionProblem> {
        let quota = match self.quota.get().as_str() {
            "none" => QuotaChoice::None,
            "typed" => QuotaChoice::Tokens(parse_count(&self.quota_typed.get()).ok_or(OptionProblem::QuotaNotANumber)?),
            tier if tier.starts_with("openai") => QuotaChoice::OpenAiTier(tier["openai".len()..].parse().unwrap_or(1)),
            sub => {
                let subscription = Subscription::from_code(sub).unwrap_or_default();
                QuotaChoice::Catalog { zone: self.zone.get(), subscription }
            }
        };
        let model = Some(self.model.get()).filter(|m| !m.is_empty());
        Ok(CheckOptions {
            dialect: self.dialect.get(),
            byo_storage: self.byo.get(),
            count_tokens: self.count_tokens.get(),
            encoding: Encoding::from_name(&self.encoding.get()),
            model,
            quota,
            price: self.prices()?,
            max_stored_per_code: MAX_STORED_PER_CODE,
            file_name: self.upload_name.get_value(),
            ..CheckOptions::default()
        })
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
    worker_client::warm();
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
