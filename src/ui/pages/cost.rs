//! /cost

use crate::ui::components::page_header::ToolPage;
use leptos::prelude::*;

#[component]
pub fn CostPage() -> impl IntoView {
    view! { <ToolPage title="page.cost.title" desc="page.cost.desc" testid="page-cost"/> }
}
