//! The app's host tests (the translation tables, the pages' pure parts,
//! checks over the app's source), linked into one binary (`it`): each file
//! of this folder is a module, run alone with
//! `cargo test -p batchlane --test it i18n_keys::`; `support` holds what
//! they share.
//!
//! The wasm tests (`../browser.rs`, `../worker_client.rs`,
//! `../worker_reader.rs`) stay one binary each: `./dev` runs them by name
//! in headless Chromium, each binary in a page of its own.

mod support;

mod batch_notes;
mod i18n_keys;
mod ko_text;
mod module_cycles;
mod view_attributes;
