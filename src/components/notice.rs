//! A page-wide notice for failures that happen outside any form (a download
//! the browser refused, a copy the clipboard denied): shown in the layout
//! with role="alert" until dismissed.

use crate::prefs::tr;
use leptos::prelude::*;

#[derive(Clone, Copy)]
struct NoticeSlot(RwSignal<Option<&'static str>>);

/// Makes the notice slot available to the whole app (call once, in the layout).
pub fn provide_notice() {
    provide_context(NoticeSlot(RwSignal::new(None)));
}

/// Shows the translated message `key` in the notice.
pub fn show_notice(key: &'static str) {
    if let Some(NoticeSlot(slot)) = use_context::<NoticeSlot>() {
        slot.set(Some(key));
    }
}

#[component]
pub fn Notice() -> impl IntoView {
    let slot = use_context::<NoticeSlot>().map(|NoticeSlot(s)| s);
    let current = move || slot.and_then(|s| s.get());
    view! {
        {move || current().map(|key| view! {
            <div class="notice note note--warn" role="alert" data-testid="notice">
                <span>{tr(key)}</span>
                " "
                <button type="button" class="button button--small" on:click=move |_| { if let Some(s) = slot { s.set(None) } }>
                    {tr("notice.dismiss")}
                </button>
            </div>
        })}
    }
}
