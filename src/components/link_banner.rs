//! The banner of a page opened from a link (for a page that stores its
//! values, `crate::state`).

use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use crate::state::UrlState;
use leptos::prelude::*;

/// The banner of a page opened from a link (for a page that stores its
/// values): it says the page uses the link's settings, lists what was
/// refused and why, and offers to keep them as the user's defaults.
#[component]
pub fn LinkBanner(state: UrlState) -> impl IntoView {
    let prefs = use_prefs();
    let refused = move || {
        let lang = prefs.lang.get();
        state.link.with(|l| {
            let rejected = l.as_ref().map(|l| l.rejected.as_slice()).unwrap_or_default();
            if rejected.is_empty() {
                return String::new();
            }
            let list =
                rejected.iter().map(|r| format!("{}={} ({})", r.field, r.value, r.reason().pick(lang))).collect::<Vec<_>>().join("; ");
            fill(t(lang, "state.link_refused"), &[("list", &list)])
        })
    };
    view! {
        <Show when=move || state.link.with(Option::is_some)>
            <div class="note link-banner" role="status" data-testid="link-banner">
                <p>{tr("state.link_opened")}</p>
                <Show when=move || !refused().is_empty()>
                    <p class="note--warn" data-testid="link-refused">{refused}</p>
                </Show>
                <p>
                    <button type="button" class="button button--small" data-testid="link-keep" on:click=move |_| state.keep()>
                        {tr("state.link_keep")}
                    </button>
                    " "
                    <button type="button" class="button button--small" data-testid="link-dismiss" on:click=move |_| state.dismiss()>
                        {tr("state.link_dismiss")}
                    </button>
                </p>
            </div>
        </Show>
    }
}
