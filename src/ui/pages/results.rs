//! /results

use crate::ui::components::page_header::ToolPage;
use leptos::prelude::*;

#[component]
pub fn ResultsPage() -> impl IntoView {
    view! { <ToolPage title="page.results.title" desc="page.results.desc" testid="page-results"/> }
}
