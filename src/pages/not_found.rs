//! Any address the router does not know.

use crate::components::page_header::PageHeader;
use leptos::prelude::*;

#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <section class="page" data-testid="page-not-found">
            <PageHeader title="page.notfound.title" desc="page.notfound.desc"/>
        </section>
    }
}
