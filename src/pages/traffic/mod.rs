//! /traffic — your own traffic: Azure Monitor exports (and a plain CSV)
//! read in the Web Worker into, per deployment, the limit that bound each
//! minute with 429s; the PTU count with spillover that costs least; and a
//! triage; the service tiers' downgrades and Flex 429s. The quota tier, PTU pricing and region live in the URL; the files and
//! per-deployment options stay in memory, so a changed option re-runs the
//! analysis on the same files.

mod chart;
mod deployment;
mod import;
mod options;
mod ptu;
mod ptu_chart;
mod snippet;
mod state;
mod text;
mod tiers;
mod triage;

use crate::components::link_banner::LinkBanner;
use crate::components::page_header::PageHeader;
use crate::prefs::use_prefs;
use crate::state::use_url_state;
use batchlane_core::cost::PtuPricing;
use batchlane_core::facts::QuotaTier;
use leptos::prelude::*;
use state::State;

#[component]
pub fn TrafficPage() -> impl IntoView {
    let prefs = use_prefs();
    let table = state::table();
    let url = use_url_state(&table, "/traffic");
    let get = move |key: &str| url.pairs.with(|p| p.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()));
    let tier = Signal::derive(move || get("tier").and_then(|c| QuotaTier::from_code(&c)).unwrap_or(QuotaTier::T1));
    let pricing = Signal::derive(move || get("ptu").and_then(|c| PtuPricing::from_code(&c)).unwrap_or_default());
    let region = Signal::derive(move || get("region").and_then(|c| batchlane_core::facts::region(&c)).map(|r| r.code.to_string()));
    let state = State::new(tier, pricing, region);
    provide_context(state);
    provide_context(url);
    on_cleanup(move || state.stop());
    // Files or options changed: analyse again (the files stay in memory).
    Effect::new(move |_| {
        state.files.track();
        let catalog = prefs.catalog.get();
        state.schedule(catalog);
    });
    let report = move || state.report.get();
    view! {
        <section class="page traffic-page" data-testid="page-traffic">
            <PageHeader title="page.traffic.title" desc="page.traffic.desc" figures=true/>
            <LinkBanner state=url/>
            <import::ImportPanel/>
            <options::OptionsPanel/>
            {move || report().map(|r| view! {
                <triage::TriagePanel report=r.clone()/>
                <deployment::LimitsSection report=r.clone()/>
                <tiers::TiersSection report=r.clone()/>
                <ptu::PtuSection report=r/>
            })}
        </section>
    }
}
