//! Copy to the clipboard: `navigator.clipboard.writeText`, with the
//! outcome on the button ("Copied", or "Copy failed" when the browser
//! refuses), for two seconds.

use crate::prefs::tr;
use gloo::timers::callback::Timeout;
use leptos::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
enum CopyState {
    Idle,
    Copied,
    Failed,
}

/// Writes `text` to the clipboard; `Err` when there is no window or the
/// browser refuses.
pub async fn copy_text(text: &str) -> Result<(), ()> {
    let window = web_sys::window().ok_or(())?;
    let promise = window.navigator().clipboard().write_text(text);
    wasm_bindgen_futures::JsFuture::from(promise).await.map(|_| ()).map_err(|_| ())
}

/// A button that copies `text()`; its label says what happened.
#[component]
pub fn CopyButton<F>(
    text: F,
    #[prop(into, optional)] testid: String,
    /// Translation key of the label (default "Copy").
    #[prop(optional)]
    label: Option<&'static str>,
    /// Translation key shown after a copy (default "Copied").
    #[prop(optional)]
    done: Option<&'static str>,
    /// The button's classes (default a small button).
    #[prop(optional)]
    class: Option<&'static str>,
) -> impl IntoView
where
    F: Fn() -> String + Send + Sync + 'static,
{
    let state = RwSignal::new(CopyState::Idle);
    let on_click = move |_| {
        let value = text();
        leptos::task::spawn_local(async move {
            let ok = copy_text(&value).await.is_ok();
            state.set(if ok { CopyState::Copied } else { CopyState::Failed });
            Timeout::new(2_000, move || state.set(CopyState::Idle)).forget();
        });
    };
    let label = move || match state.get() {
        CopyState::Idle => tr(label.unwrap_or("clip.copy"))(),
        CopyState::Copied => tr(done.unwrap_or("clip.copied"))(),
        CopyState::Failed => tr("clip.copy_failed")(),
    };
    view! {
        <button type="button" class=class.unwrap_or("button button--small") data-testid=testid on:click=on_click
            class:button--done=move || state.get() == CopyState::Copied>
            <span aria-live="polite">{label}</span>
        </button>
    }
}
