//! A page's title and short description.

use crate::prefs::tr;
use leptos::prelude::*;

#[component]
pub fn PageHeader(title: &'static str, desc: &'static str) -> impl IntoView {
    view! {
        <header class="page-header">
            <h1>{tr(title)}</h1>
            <p class="page-header__desc">{tr(desc)}</p>
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
