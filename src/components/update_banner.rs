//! Offline support: registers the service worker (`/sw.js`, generated at
//! build time by tools/sw.mjs) and, when a newer build has been installed
//! in the background, offers to reload into it.

use crate::prefs::tr;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ServiceWorker, ServiceWorkerRegistration, ServiceWorkerState};

/// A banner shown only while a new version waits; nothing otherwise.
#[component]
pub fn UpdateBanner() -> impl IntoView {
    let waiting: RwSignal<Option<ServiceWorker>, LocalStorage> = RwSignal::new_local(None);
    Effect::new(move |_| register(waiting));
    let reload = move |_| {
        if let Some(worker) = waiting.get_untracked() {
            let _ = worker.post_message(&JsValue::from_str("skip-waiting"));
        }
    };
    view! {
        <Show when=move || waiting.with(Option::is_some)>
            <div class="update-banner" role="status" data-testid="update-banner">
                <span>{tr("app.update.available")}</span>
                <button type="button" class="button" data-testid="update-reload" on:click=reload>
                    {tr("app.update.reload")}
                </button>
            </div>
        </Show>
    }
}

fn register(waiting: RwSignal<Option<ServiceWorker>, LocalStorage>) {
    let Some(window) = web_sys::window() else { return };
    let navigator = window.navigator();
    // Not every context has service workers (a non-secure origin, a
    // browser that blocks them): then the app simply stays online-only.
    let Ok(container) = js_sys::Reflect::get(&navigator, &JsValue::from_str("serviceWorker")) else { return };
    if !container.is_object() {
        return;
    }
    let container: web_sys::ServiceWorkerContainer = container.unchecked_into();
    let had_controller = container.controller().is_some();
    // When the new worker takes over, load the page it serves.
    let on_change = Closure::<dyn FnMut()>::new(move || {
        if had_controller {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        }
    });
    container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget(); // lives as long as the page, registered once
    let promise = container.register("/sw.js");
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(reg) = wasm_bindgen_futures::JsFuture::from(promise).await else { return };
        // A blocked registration (some automation, some policies) resolves
        // to nothing: then there is nothing to watch.
        if !reg.is_object() {
            return;
        }
        let reg: ServiceWorkerRegistration = reg.unchecked_into();
        // A new version already waiting (installed on an earlier visit).
        if let (Some(w), true) = (reg.waiting(), had_controller) {
            waiting.set(Some(w));
        }
        let reg2 = reg.clone();
        let on_found = Closure::<dyn FnMut()>::new(move || {
            let Some(installing) = reg2.installing() else { return };
            let inst = installing.clone();
            let on_state = Closure::<dyn FnMut()>::new(move || {
                // Installed while an older version controls the page: offer it.
                if inst.state() == ServiceWorkerState::Installed && had_controller {
                    waiting.set(Some(inst.clone()));
                }
            });
            installing.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
            on_state.forget(); // one per installed version, at most a handful per session
        });
        reg.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
        on_found.forget(); // registered once per page
    });
}
