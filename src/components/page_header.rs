//! A page's title and short description; on a page that uses catalog
//! figures (`figures`), the catalog's as-of date below them.

use crate::components::catalog_age::CatalogAge;
use crate::prefs::tr;
use leptos::prelude::*;

#[component]
pub fn PageHeader(
    title: &'static str,
    desc: &'static str,
    /// The page's answers rest on catalog figures: name the catalog's age.
    #[prop(optional)]
    figures: bool,
) -> impl IntoView {
    view! {
        <header class="page-header">
            <h1>{tr(title)}</h1>
            <p class="page-header__desc">{tr(desc)}</p>
            {figures.then(|| view! { <CatalogAge/> })}
        </header>
    }
}

/// A tool page whose inputs arrive in a later release: its title,
/// description and a plain note.
#[component]
pub fn ToolPage(title: &'static str, desc: &'static str, #[prop(into)] testid: String) -> impl IntoView {
    view! {
        <section class="page" data-testid=testid>
            <PageHeader title=title desc=desc/>
            <p class="note">{tr("page.building")}</p>
        </section>
    }
}
