//! /practice

use crate::ui::components::page_header::ToolPage;
use leptos::prelude::*;

#[component]
pub fn PracticePage() -> impl IntoView {
    view! { <ToolPage title="page.practice.title" desc="page.practice.desc" testid="page-practice"/> }
}
