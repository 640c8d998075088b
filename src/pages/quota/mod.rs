//! /quota — the quota planner: TPM/RPM sizing with the arithmetic in words,
//! the limit that binds first, PTU vs pay-as-you-go, and a 429 simulator.
//! Every input lives in the URL and the user's last plan in localStorage
//! (`crate::state`).

mod chart;
mod field;
mod form;
mod ptu;
mod results;
mod sim;
mod sim_arrivals;
mod sim_retry;
mod state;

use crate::components::link_banner::LinkBanner;
use crate::components::page_header::PageHeader;
use crate::prefs::{tr, use_prefs};
use crate::state::{use_url_state_with_options, UrlStateOptions};
use batchlane_core::io::LinkCodec;
use batchlane_core::quota::share;
use leptos::prelude::*;
use state::{check, Checked, QuotaState, STORAGE_KEY};

#[component]
pub fn QuotaPage() -> impl IntoView {
    let prefs = use_prefs();
    // A link's values (checked against the simulator's and the planner's
    // bounds) apply to the page; they are stored only when the user keeps them.
    let table = share::PlanLink.table();
    let url = use_url_state_with_options(&table, UrlStateOptions { path: "/quota", storage_key: Some(STORAGE_KEY) });
    url.pairs.set(table.complete(&url.pairs.get_untracked()));
    let st = QuotaState { pairs: url.pairs };
    let checked: Memo<Checked> = Memo::new(move |_| st.pairs.with(|p| prefs.catalog.with(|c| check(p, c))));
    provide_context(st);
    provide_context(checked);

    view! {
        <section class="page quota" data-testid="page-quota">
            <PageHeader title="page.quota.title" desc="page.quota.desc" figures=true/>
            <LinkBanner state=url/>
            <p class="quota-share">
                <crate::components::copy_button::CopyButton
                    text=move || {
                        let origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
                        let q = st.pairs.with(|p| share::link_query(p));
                        if q.is_empty() { format!("{origin}/quota") } else { format!("{origin}/quota?{q}") }
                    }
                    label="quota.copy_link" done="quota.copied" class="button" testid="quota-share"/>
            </p>
            <div class="quota-layout">
                <form::PlanForm/>
                <div class="quota-out">
                    <results::PlanResults/>
                </div>
            </div>
            <crate::components::lanes_link::LanesLink testid="quota-lanes"
                model=Signal::derive(move || st.pairs.with(|p| p.iter().find(|(k, _)| k == "m").map(|(_, v)| v.clone()).unwrap_or_default()))/>
            <ptu::PtuSection/>
            <sim::SimSection/>
            <p class="muted quota-reset">
                <button type="button" class="button button--small" data-testid="quota-reset"
                    on:click=move |_| st.pairs.set(state::default_pairs())>
                    {tr("quota.reset")}
                </button>
            </p>
        </section>
    }
}

/// The page's state and checked plan.
pub(crate) fn use_quota() -> (QuotaState, Memo<Checked>) {
    (expect_context::<QuotaState>(), expect_context::<Memo<Checked>>())
}
