//! /quota

use crate::ui::components::page_header::ToolPage;
use leptos::prelude::*;

#[component]
pub fn QuotaPage() -> impl IntoView {
    view! { <ToolPage title="page.quota.title" desc="page.quota.desc" testid="page-quota"/> }
}
