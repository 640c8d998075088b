//! Copies the page's address — the whole comparison — to the clipboard.

use crate::components::copy_button::CopyButton;
use leptos::prelude::*;

#[component]
pub fn ShareButton() -> impl IntoView {
    let href = || web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    view! { <CopyButton text=href label="cost.share" done="cost.share_copied" class="button" testid="cost-share"/> }
}
