//! / — what each tool is for.

use crate::components::page_header::PageHeader;
use crate::prefs::tr;
use leptos::prelude::*;
use leptos_router::components::A;

/// Path, title key, text key, icon.
const TOOLS: &[(&str, &str, &str, &str)] = &[
    ("/batch", "page.batch.title", "home.batch", "✓"),
    ("/results", "page.results.title", "home.results", "⇄"),
    ("/quota", "page.quota.title", "home.quota", "◷"),
    ("/cost", "page.cost.title", "home.cost", "$"),
    ("/snippets", "page.snippets.title", "home.snippets", "{ }"),
    ("/practice", "page.practice.title", "home.practice", "?"),
];

#[component]
pub fn Home() -> impl IntoView {
    view! {
        <section class="page" data-testid="page-home">
            <PageHeader title="page.home.title" desc="page.home.desc"/>
            <p class="privacy-note">{tr("app.privacy")}</p>
            <ul class="tool-grid">
                {TOOLS
                    .iter()
                    .map(|&(href, title, text, icon)| {
                        view! {
                            <li class="tool-card">
                                <h2>
                                    <span class="tool-card__icon" aria-hidden="true">{icon}</span>
                                    <A href=href>{tr(title)}</A>
                                </h2>
                                <p>{tr(text)}</p>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </section>
    }
}
