//! /cost — cost what-if: a baseline workload against up to four scenarios,
//! what each knob saves, the price catalog they use, and spend per tenant
//! and feature from usage lines.
//!
//! State: the form (text as typed) lives in a signal; the comparison, its
//! costs and every input's problems are memos over the form and the user's
//! catalog. The query string and localStorage follow the form.

mod attribution;
mod chart;
mod form;
pub mod handoff;
mod prices;
mod results;
mod share_link;
mod state;
mod text;

use crate::components::page_header::PageHeader;
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::cost::compare::{evaluate, Comparison, ComparisonResult, SlotIssues};
use batchlane_core::cost::share::{decode, decode_overrides, Pairs, ShareError};
use batchlane_core::cost::workload::FieldIssue;
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;
use state::Form;

/// What the page's parts share.
#[derive(Clone, Copy)]
pub(crate) struct CostCtx {
    pub form: RwSignal<Form>,
    pub comparison: Memo<Comparison>,
    /// Problems of each column (baseline first), errors and warnings.
    pub issues: Memo<Vec<Vec<FieldIssue>>>,
    pub result: Memo<Result<ComparisonResult, Vec<SlotIssues>>>,
}

pub(crate) fn use_cost() -> CostCtx {
    expect_context::<CostCtx>()
}

/// The display name of column `i`: the user's, else "Baseline" / "Scenario i".
pub(crate) fn slot_name(lang: crate::i18n::Lang, i: usize, name: &str) -> String {
    if !name.trim().is_empty() {
        return name.trim().to_string();
    }
    if i == 0 {
        t(lang, "cost.baseline").to_string()
    } else {
        fill(t(lang, "cost.scenario_n"), &[("n", &i.to_string())])
    }
}

/// What the page opened with, and what the link said if it could not be read.
struct Opening {
    form: Form,
    link_errors: Vec<ShareError>,
    link_prices: bool,
}

fn opening(pairs: &Pairs, prefs: crate::prefs::Prefs) -> Opening {
    let fallback = || state::load_saved().unwrap_or_else(Form::default_form);
    if !state::is_share_link(pairs) {
        return Opening { form: fallback(), link_errors: Vec::new(), link_prices: false };
    }
    let comparison = decode(pairs);
    let overrides = decode_overrides(pairs);
    match (comparison, overrides) {
        (Ok(c), Ok(cat)) => {
            let mut changed = false;
            prefs.catalog.update(|mine| {
                for id in state::price_ids(mine) {
                    let theirs = cat.overrides().get(&id).copied();
                    if mine.overrides().get(&id).copied() != theirs {
                        changed = true;
                        match theirs {
                            Some(v) => {
                                let _ = mine.set_override(&id, v);
                            }
                            None => mine.clear_override(&id),
                        }
                    }
                }
            });
            Opening { form: Form::from_comparison(&c), link_errors: Vec::new(), link_prices: changed }
        }
        (c, o) => {
            let mut errors = c.err().unwrap_or_default();
            errors.extend(o.err().unwrap_or_default());
            Opening { form: fallback(), link_errors: errors, link_prices: false }
        }
    }
}

#[component]
pub fn CostPage() -> impl IntoView {
    let prefs = use_prefs();
    let pairs: Pairs = use_query_map().get_untracked().into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    let open = opening(&pairs, prefs);
    let form = RwSignal::new(open.form);
    let comparison = Memo::new(move |_| form.with(Form::to_comparison));
    let issues = Memo::new(move |_| {
        let c = comparison.get();
        prefs.catalog.with(|cat| std::iter::once(&c.baseline).chain(&c.scenarios).map(|s| s.workload.validate(cat)).collect::<Vec<_>>())
    });
    let result = Memo::new(move |_| {
        let c = comparison.get();
        prefs.catalog.with(|cat| evaluate(&c, cat))
    });
    provide_context(CostCtx { form, comparison, issues, result });

    // The query string and localStorage follow the form and the prices.
    let navigate = use_navigate();
    Effect::new(move |_| {
        let Some(mut pairs) = form.with(state::share_pairs) else { return };
        state::save(&pairs);
        pairs.extend(prefs.catalog.with(state::price_pairs));
        // Keep a #fragment (e.g. #cost-attribution from the results page).
        let hash = window().location().hash().unwrap_or_default();
        let url = format!("/cost?{}{hash}", state::query_string(&pairs));
        navigate(&url, NavigateOptions { replace: true, scroll: false, ..Default::default() });
    });

    let link_errors = open.link_errors;
    let link_note = (!link_errors.is_empty()).then(|| {
        let keys = link_errors.iter().map(|e| format!("{}={}", e.key, e.value)).collect::<Vec<_>>().join(", ");
        view! {
            <p class="note note--warn" role="status" data-testid="cost-link-error">
                {move || fill(t(prefs.lang.get(), "cost.link_error"), &[("keys", &keys)])}
            </p>
        }
    });
    let price_note = open.link_prices.then(|| view! { <p class="note" role="status">{tr("cost.link_prices")}</p> });

    view! {
        <section class="page cost-page" data-testid="page-cost">
            <PageHeader title="page.cost.title" desc="page.cost.desc"/>
            {link_note}
            {price_note}
            <h2 id="cost-workloads">{tr("cost.workloads")}</h2>
            <p class="muted cost-hint">{tr("cost.workloads_hint")}</p>
            <form::WorkloadForm/>
            <h2 id="cost-results">{tr("cost.results")}</h2>
            <results::Results/>
            <h2 id="cost-prices">{tr("cost.prices")}</h2>
            <prices::PriceTable/>
            <h2 id="cost-attribution">{tr("cost.attribution")}</h2>
            <attribution::Attribution/>
        </section>
    }
}
