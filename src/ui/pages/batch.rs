//! /batch

use crate::ui::components::page_header::ToolPage;
use leptos::prelude::*;

#[component]
pub fn BatchPage() -> impl IntoView {
    view! { <ToolPage title="page.batch.title" desc="page.batch.desc" testid="page-batch"/> }
}
