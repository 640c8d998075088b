//! /cost — cost what-if: a baseline workload against up to four scenarios,
//! what each knob saves, the price catalog they use, and spend per tenant
//! and feature from usage lines.
//!
//! State: the form (text as typed) lives in a signal; the comparison, its
//! costs and every input's problems are memos over the form and the user's
//! page's catalog. The query string and localStorage follow the form
//! (`crate::state`).

mod attribution;
mod chart;
mod form;
pub mod handoff;
mod link_prices;
mod prices;
mod results;
mod share_link;
mod state;
mod text;

use crate::components::link_banner::LinkBanner;
use crate::components::page_header::PageHeader;
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use crate::state::{use_url_state_with_options, UrlStateOptions};
use batchlane_core::cost::share::CostLink;
use batchlane_core::cost::{evaluate, Comparison, ComparisonResult, FieldIssue, SlotIssues};
use batchlane_core::facts::Catalog;
use batchlane_core::io::LinkCodec;
use leptos::prelude::*;
use state::Form;

/// What the page's parts share.
#[derive(Clone, Copy)]
pub(crate) struct CostCtx {
    pub form: RwSignal<Form>,
    /// The catalog the page prices with: the user's, with a link's price
    /// overrides while the page shows a link the user has not kept.
    pub catalog: RwSignal<Catalog>,
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

/// The user's catalog with the price overrides of `theirs` (on `ids`)
/// instead of the user's own.
fn with_prices(mine: &Catalog, theirs: &[(String, f64)], ids: &[String]) -> Catalog {
    let mut c = mine.clone();
    for id in ids {
        match theirs.iter().find(|(t, _)| t == id) {
            Some((_, v)) => {
                let _ = c.set_override(id, *v);
            }
            None => c.clear_override(id),
        }
    }
    c
}

#[component]
pub fn CostPage() -> impl IntoView {
    let prefs = use_prefs();
    let ids = prefs.catalog.with_untracked(state::price_ids);
    let link = CostLink { fact_ids: ids.clone() };
    // A link's comparison and prices apply to the page; they replace the
    // user's stored comparison and price overrides only on "Keep".
    let url = use_url_state_with_options(&link.table(), UrlStateOptions { path: "/cost", storage_key: Some(state::STORAGE_KEY) });
    let (opened_comparison, opened_prices) = link.open(&url.pairs.get_untracked()).state;
    let has_comparison = url.pairs.with_untracked(|p| p.iter().any(|(k, _)| !k.starts_with("f.")));
    let form = RwSignal::new(if has_comparison { Form::from_comparison(&opened_comparison) } else { Form::default_form() });
    let mine = prefs.catalog.get_untracked();
    let from_link = url.link.with_untracked(Option::is_some);
    let catalog = RwSignal::new(if from_link { with_prices(&mine, &opened_prices, &ids) } else { mine });
    // The link's prices: the page uses them, the user's catalog takes them
    // only when confirmed in their own banner (not by the link banner's Keep).
    let link_prices = RwSignal::new(if from_link { opened_prices.clone() } else { Vec::new() });
    let comparison = Memo::new(move |_| form.with(Form::to_comparison));
    let issues = Memo::new(move |_| {
        let c = comparison.get();
        catalog.with(|cat| std::iter::once(&c.baseline).chain(&c.scenarios).map(|s| s.workload.validate(cat)).collect::<Vec<_>>())
    });
    let result = Memo::new(move |_| {
        let c = comparison.get();
        catalog.with(|cat| evaluate(&c, cat))
    });
    provide_context(CostCtx { form, catalog, comparison, issues, result });

    // The URL (and storage, once the values are the user's) follow the form and the prices.
    Effect::new(move |_| {
        let Some(pairs) = form.with(|f| catalog.with(|c| state::share_pairs(f, c, &link))) else { return };
        url.pairs.set(pairs);
    });
    // The page's prices are the user's overrides once the values are the
    // user's, and the link's prices were confirmed or dropped.
    Effect::new(move |_| {
        if !url.saving.get() || link_prices.with(|p| !p.is_empty()) {
            return;
        }
        let theirs: Vec<(String, f64)> =
            catalog.with(|c| ids.iter().filter_map(|id| c.overrides().get(id).map(|v| (id.clone(), *v))).collect());
        let changed = prefs.catalog.with_untracked(|mine| with_prices(mine, &theirs, &ids) != *mine);
        if changed {
            prefs.catalog.update(|mine| *mine = with_prices(mine, &theirs, &ids));
        }
    });

    let save_prices = Callback::new(move |()| {
        let theirs = link_prices.get_untracked();
        prefs.catalog.update(|mine| {
            for (id, v) in &theirs {
                let _ = mine.set_override(id, *v);
            }
        });
        link_prices.set(Vec::new());
    });
    let drop_prices = Callback::new(move |()| {
        link_prices.set(Vec::new());
        catalog.set(prefs.catalog.get_untracked());
    });

    view! {
        <section class="page cost-page" data-testid="page-cost">
            <PageHeader title="page.cost.title" desc="page.cost.desc" figures=true/>
            <LinkBanner state=url/>
            <link_prices::LinkPrices pending=link_prices on_save=save_prices on_drop=drop_prices/>
            <h2 id="cost-workloads">{tr("cost.workloads")}</h2>
            <p class="muted cost-hint">{tr("cost.workloads_hint")}</p>
            <form::WorkloadForm/>
            <h2 id="cost-results">{tr("cost.results")}</h2>
            <results::Results/>
            <crate::components::lanes_link::LanesLink testid="cost-lanes"
                model=Signal::derive(move || form.with(|f| f.drafts.first().map(|d| d.model.clone()).unwrap_or_default()))/>
            <h2 id="cost-prices">{tr("cost.prices")}</h2>
            <prices::PriceTable/>
            <h2 id="cost-attribution">{tr("cost.attribution")}</h2>
            <attribution::Attribution/>
        </section>
    }
}
