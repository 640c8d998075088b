//! /lanes — which lane: Batch, Flex, Priority, Standard or provisioned, for
//! a model, a region (and whether the data must stay in a data zone), a
//! volume and a deadline or latency need. Every lane shows whether it is
//! offered and why (with the vendor's source), its cost per day and month,
//! whether it meets the need and its risks; the cheapest that meets the
//! need is marked. The team's own batch lists (dropped, read in the Web
//! Worker) replace the bare batch target with their p90 turnaround. The
//! question lives in the URL (a share link); the job files stay in memory.

mod chart;
mod form;
mod jobs;
mod report;

use crate::components::link_banner::LinkBanner;
use crate::components::page_header::PageHeader;
use crate::prefs::use_prefs;
use crate::state::{use_url_state, UrlState};
use batchlane_core::batch::Dialect;
use batchlane_core::io::{field, Kind, Table};
use batchlane_core::lanes::{choose_lanes, LaneError, LaneInput, LaneReport};
use leptos::prelude::*;

/// The page's URL fields: model, dialect, region, data zone, tokens a day,
/// prompt share, deadline hours, latency need.
pub fn table() -> Table {
    Table::new(vec![
        field("m", Kind::Text { max_chars: 64 }, "gpt-4o-mini"),
        field("d", Kind::Enum(vec!["azure", "openai"]), "azure"),
        field("r", Kind::Text { max_chars: 40 }, ""),
        field("dz", Kind::Bool, "0"),
        field("tpd", Kind::whole(0.0, 1e13), "10000000"),
        field("ps", Kind::number(0.0, 1.0), "0.5"),
        field("dl", Kind::number(0.01, 1e5).or_unset("none"), "none"),
        field("tps", Kind::number(1.0, 1e5).or_unset("none"), "none"),
    ])
}

/// The value of `key`, or the table's default.
pub fn get(url: UrlState, key: &str) -> String {
    url.pairs
        .with(|p| p.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()))
        .unwrap_or_else(|| table().field(key).map(|f| f.default.clone()).unwrap_or_default())
}

pub fn set(url: UrlState, key: &str, value: &str) {
    url.pairs.update(|p| {
        p.retain(|(k, _)| k != key);
        p.push((key.to_string(), value.to_string()));
    });
}

fn number(text: &str) -> Option<f64> {
    batchlane_core::io::parse_number(text)
}

/// The question the URL holds.
pub fn input(url: UrlState) -> LaneInput {
    let dialect = Dialect::from_name(&get(url, "d")).unwrap_or_default();
    let mut i = LaneInput::new(get(url, "m").trim(), dialect);
    let region = get(url, "r");
    i.region = (!region.trim().is_empty()).then(|| region.trim().to_string());
    i.data_zone = matches!(get(url, "dz").as_str(), "1" | "true");
    i.tokens_per_day = number(&get(url, "tpd")).filter(|v| *v >= 0.0 && v.fract() == 0.0).map(|v| v as u64);
    i.prompt_share = number(&get(url, "ps")).filter(|v| (0.0..=1.0).contains(v)).unwrap_or(0.5);
    i.deadline_hours = number(&get(url, "dl")).filter(|v| *v > 0.0);
    i.latency_tps = number(&get(url, "tps")).filter(|v| *v > 0.0);
    i
}

#[component]
pub fn LanesPage() -> impl IntoView {
    let prefs = use_prefs();
    let url = use_url_state(&table(), "/lanes");
    provide_context(url);
    let jobs = jobs::JobsState::new();
    provide_context(jobs);
    on_cleanup(move || jobs.stop());
    let answer = Memo::new(move |_| -> Result<LaneReport, LaneError> {
        let mut i = input(url);
        let catalog = prefs.catalog.get();
        i.turnaround = jobs.turnaround.with(|t| t.as_ref().and_then(|t| t.for_model(&i.model).map(|g| g.stats.clone())));
        choose_lanes(&i, &catalog)
    });
    view! {
        <section class="page lanes-page" data-testid="page-lanes">
            <PageHeader title="page.lanes.title" desc="page.lanes.desc"/>
            <LinkBanner state=url/>
            <form::FormPanel/>
            <jobs::JobsPanel/>
            {move || match answer.get() {
                Ok(r) => view! { <report::ReportPanel report=r/> }.into_any(),
                Err(e) => view! { <report::ErrorPanel error=e/> }.into_any(),
            }}
        </section>
    }
}
