//! The domain: plain Rust that knows nothing of the browser. No leptos,
//! web_sys or js_sys here: `Cargo.toml` names no browser crate, so naming one
//! is a compile error, and `tests/it/domain_is_pure.rs` keeps them out of the
//! dependency graph. Tested on the host with `cargo test`.
//!
//! A tool module's files are private behind its `mod.rs`'s one `pub use`
//! list (`tests/it/module_exposure.rs`); a type in a public signature is on
//! that list too, or this lint (an error under `-D warnings`) names it.
#![warn(unnameable_types)]

pub mod batch;
pub mod cost;
pub mod facts;
pub mod format;
pub mod io;
pub mod lanes;
pub mod practice;
pub mod protocol;
pub mod quota;
pub mod results;
pub mod snippets;
pub mod text;
pub mod traffic;
