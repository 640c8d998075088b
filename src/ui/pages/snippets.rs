//! /snippets

use crate::ui::components::page_header::ToolPage;
use leptos::prelude::*;

#[component]
pub fn SnippetsPage() -> impl IntoView {
    view! { <ToolPage title="page.snippets.title" desc="page.snippets.desc" testid="page-snippets"/> }
}
