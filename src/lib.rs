//! batchlane: check Azure OpenAI / OpenAI batch files, size quota, compare
//! costs, generate KEDA snippets and practise, entirely in the browser.
//!
//! `domain` is plain Rust, tested on the host; `ui` is the Leptos app,
//! compiled only for the browser.

pub mod domain;

pub mod cli;
pub mod i18n;

#[cfg(target_arch = "wasm32")]
pub mod ui;
