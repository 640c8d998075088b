//! /snippets — the path advisor, the KEDA generator with its lint panel, the
//! Service Bus message checker, and worker, batch-submission, Flex-client
//! and gateway code. Everything is generated locally by `domain::snippets`.

mod advisor;
mod batch;
mod code;
mod code_block;
mod control;
mod control_audit;
mod control_planner;
mod fields;
mod flex;
mod generator;
mod keda_advanced;
mod keda_form;
mod keda_output;
mod keda_scaling;
mod message;
pub mod state;

use crate::components::page_header::PageHeader;
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use crate::state::use_url_state;
use batchlane_core::io::LinkCodec;
use batchlane_core::snippets::share;
use leptos::prelude::*;
use state::{use_snip, Tab};
use wasm_bindgen::JsCast;

#[component]
pub fn SnippetsPage() -> impl IntoView {
    let prefs = use_prefs();
    let catalog = prefs.catalog.get_untracked();
    // The page keeps its state in the URL only (nothing stored): a link's
    // values, checked by core's share table, fill the form; refused ones are listed.
    let link = share::SnippetsLink { catalog: catalog.clone() };
    let url = use_url_state(&link.table(), "/snippets");
    let refused = url.link.with_untracked(|l| {
        l.iter().flat_map(|l| &l.rejected).map(|r| format!("{} ({})", r.field, r.reason().pick(prefs.lang.get_untracked()))).collect()
    });
    let snip = state::from_link(link.open(&url.opened.get_value()).state, refused, &catalog);
    provide_context(snip);
    // The KEDA form and the tab follow into the query string, so the link restores them.
    Effect::new(move |prev: Option<()>| {
        let (keda, tab, control, flex, submit) = (snip.keda.get(), snip.tab.get(), snip.control.get(), snip.flex.get(), snip.submit.get());
        if prev.is_none() {
            return;
        }
        let state = share::Opened { tab, keda, submit, control, flex, applied: Vec::new(), ignored: Vec::new() };
        url.pairs.set(link.pairs(&state));
    });
    view! {
        <section class="page snip" data-testid="page-snippets">
            <PageHeader title="page.snippets.title" desc="page.snippets.desc" figures=true/>
            <ImportNote/>
            <Tabs/>
            <Panel tab=Tab::Advisor><advisor::AdvisorPanel/></Panel>
            <Panel tab=Tab::Keda><keda_form::KedaPanel/></Panel>
            <Panel tab=Tab::Message><message::MessagePanel/></Panel>
            <Panel tab=Tab::Worker><code::WorkerPanel/></Panel>
            <Panel tab=Tab::Batch><batch::BatchPanel/></Panel>
            <Panel tab=Tab::Flex><flex::FlexPanel/></Panel>
            <Panel tab=Tab::Control><control::ControlPanel/></Panel>
            <Panel tab=Tab::Apim><code::ApimPanel/></Panel>
            <p class="muted snip-local">{tr("snippets.local")}</p>
        </section>
    }
}

#[component]
fn ImportNote() -> impl IntoView {
    let prefs = use_prefs();
    let snip = use_snip();
    let text = move || {
        let lang = prefs.lang.get();
        snip.imported.with(|(applied, ignored)| {
            let mut parts = Vec::new();
            if !applied.is_empty() {
                let list = applied.iter().map(|(k, v)| format!("{k} = {v}")).collect::<Vec<_>>().join(", ");
                parts.push(fill(t(lang, "snippets.imported"), &[("list", &list)]));
            }
            if !ignored.is_empty() {
                parts.push(fill(t(lang, "snippets.import_ignored"), &[("list", &ignored.join(", "))]));
            }
            parts.join(" ")
        })
    };
    view! {
        <Show when=move || !text().is_empty()>
            <p class="note" data-testid="snip-imported" role="status">{text}</p>
        </Show>
    }
}

/// The tab strip: arrow keys move between tabs (WAI-ARIA tabs pattern).
#[component]
fn Tabs() -> impl IntoView {
    let snip = use_snip();
    let on_key = move |ev: web_sys::KeyboardEvent| {
        let i = Tab::ALL.iter().position(|t| *t == snip.tab.get_untracked()).unwrap_or(0);
        let n = Tab::ALL.len();
        let next = match ev.key().as_str() {
            "ArrowRight" => (i + 1) % n,
            "ArrowLeft" => (i + n - 1) % n,
            "Home" => 0,
            "End" => n - 1,
            _ => return,
        };
        ev.prevent_default();
        let tab = Tab::ALL[next];
        snip.tab.set(tab);
        if let Some(el) =
            document().get_element_by_id(&format!("snip-tab-{}", tab.id())).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
        }
    };
    view! {
        <div class="snip-tabs" role="tablist" aria-label=tr("snippets.tabs") on:keydown=on_key>
            {Tab::ALL
                .into_iter()
                .map(|tab| {
                    let selected = move || snip.tab.get() == tab;
                    view! {
                        <button
                            type="button"
                            role="tab"
                            class="snip-tab"
                            id=format!("snip-tab-{}", tab.id())
                            data-testid=format!("snip-tab-{}", tab.id())
                            aria-controls=format!("snip-panel-{}", tab.id())
                            aria-selected=move || selected().to_string()
                            tabindex=move || if selected() { "0" } else { "-1" }
                            on:click=move |_| snip.tab.set(tab)
                        >
                            {tr(state::tab_key(tab))}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// One tab panel; kept mounted (hidden) so its inputs survive tab switches.
#[component]
fn Panel(tab: Tab, children: Children) -> impl IntoView {
    let snip = use_snip();
    view! {
        <div
            class="snip-panel"
            role="tabpanel"
            id=format!("snip-panel-{}", tab.id())
            data-testid=format!("snip-panel-{}", tab.id())
            aria-labelledby=format!("snip-tab-{}", tab.id())
            hidden=move || snip.tab.get() != tab
        >
            {children()}
        </div>
    }
}
