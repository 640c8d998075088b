//! The browser app: thin pages over the domain, one module per page, shared
//! components, state in signals. Compiled only for wasm32.

pub mod app;
pub mod components;
pub mod format;
pub mod pages;
pub mod prefs;
pub mod worker;
pub mod worker_client;
pub mod worker_protocol;
pub mod worker_batch;

/// Mounts the app on the page's body.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
