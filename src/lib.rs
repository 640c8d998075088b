//! batchlane's browser app: thin pages over `batchlane-core`, one module per
//! page, shared components. It compiles on the host too (so clippy and
//! rust-analyzer see every line); it runs in the browser.

pub mod app;
pub mod components;
pub mod i18n;
pub mod pages;
pub mod prefs;
pub mod state;
pub mod storage;
pub mod worker;

/// Mounts the app on the page's body.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
