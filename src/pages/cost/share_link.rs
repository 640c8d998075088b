//! Copies the page's address — the whole comparison — to the clipboard.

use crate::prefs::tr;
use leptos::prelude::*;

#[component]
pub fn ShareButton() -> impl IntoView {
    let copied = RwSignal::new(false);
    let copy = move |_| {
        let Some(window) = web_sys::window() else { return };
        let Ok(href) = window.location().href() else { return };
        let _ = window.navigator().clipboard().write_text(&href);
        copied.set(true);
        gloo::timers::callback::Timeout::new(2_000, move || copied.set(false)).forget();
    };
    view! {
        <button type="button" class="button" data-testid="cost-share" on:click=copy>
            {move || if copied.get() { tr("cost.share_copied")() } else { tr("cost.share")() }}
        </button>
    }
}
