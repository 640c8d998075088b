//! / — what each tool is for.

use crate::components::page_header::PageHeader;
use crate::prefs::tr;
use leptos::prelude::*;
use leptos_router::components::A;

/// Path, title key, text key, icon (an SVG path on a 24×24 grid, stroked:
/// text glyphs such as ◷ are missing from common fonts and showed a box).
const TOOLS: &[(&str, &str, &str, &str)] = &[
    ("/batch", "page.batch.title", "home.batch", "M5 12l4 4 10-10"),
    ("/results", "page.results.title", "home.results", "M4 8h14l-4-4M20 16H6l4 4"),
    ("/traffic", "page.traffic.title", "home.traffic", "M3 17l5-6 4 3 6-8M17 6h3v3"),
    ("/quota", "page.quota.title", "home.quota", "M4 17a8 8 0 1 1 16 0M12 17l4-6"),
    ("/lanes", "page.lanes.title", "home.lanes", "M6 3v18M18 3v18M12 3v3M12 10.5v3M12 18v3"),
    ("/cost", "page.cost.title", "home.cost", "M12 3v18M16 7H10a3 3 0 0 0 0 6h4a3 3 0 0 1 0 6H7"),
    ("/snippets", "page.snippets.title", "home.snippets", "M9 5L4 12l5 7M15 5l5 7-5 7"),
    ("/practice", "page.practice.title", "home.practice", "M9 9a3 3 0 1 1 4 2.8c-.7.3-1 .9-1 1.7V15M12 19h.01"),
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
                                    <span class="tool-card__icon" aria-hidden="true">
                                        <svg viewBox="0 0 24 24" width="20" height="20">
                                            <path d=icon />
                                        </svg>
                                    </span>
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
