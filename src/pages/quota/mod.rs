//! /quota — the quota planner: TPM/RPM sizing with the arithmetic in words,
//! the limit that binds first, PTU vs pay-as-you-go, and a 429 simulator.
//! Every input lives in the URL and the last plan in localStorage.

mod chart;
mod field;
mod form;
mod ptu;
mod results;
mod sim;
mod sim_arrivals;
mod sim_retry;
mod state;

use crate::components::page_header::PageHeader;
use crate::prefs::{tr, use_prefs};
use gloo::storage::{LocalStorage, Storage};
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;
use state::{check, merge, query_string, Checked, QuotaState, STORAGE_KEY};

#[component]
pub fn QuotaPage() -> impl IntoView {
    let prefs = use_prefs();
    let query = use_query_map().get_untracked();
    let from_url: Vec<(String, String)> = query.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    let known = |pairs: &[(String, String)]| pairs.iter().any(|(k, _)| state::default_pairs().iter().any(|(d, _)| d == k));
    let initial = if known(&from_url) {
        merge(&from_url)
    } else {
        let stored = LocalStorage::get::<Vec<(String, String)>>(STORAGE_KEY).unwrap_or_default();
        merge(&stored)
    };
    let st = QuotaState { pairs: RwSignal::new(initial) };
    let checked: Memo<Checked> = Memo::new(move |_| st.pairs.with(|p| prefs.catalog.with(|c| check(p, c))));
    provide_context(st);
    provide_context(checked);

    let navigate = use_navigate();
    Effect::new(move |_| {
        let pairs = st.pairs.get();
        let _ = LocalStorage::set(STORAGE_KEY, &pairs);
        let url = format!("/quota?{}", query_string(&pairs));
        navigate(&url, NavigateOptions { replace: true, scroll: false, ..Default::default() });
    });

    view! {
        <section class="page quota" data-testid="page-quota">
            <PageHeader title="page.quota.title" desc="page.quota.desc"/>
            <div class="quota-layout">
                <form::PlanForm/>
                <div class="quota-out">
                    <results::PlanResults/>
                </div>
            </div>
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
