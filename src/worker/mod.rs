//! The Web Worker, both sides. The page side is [`client`]: one pooled
//! client that every page uses. The worker binary's side is [`start`]
//! (`src/bin/worker.rs`): it decodes each [`Request`](batchlane_core::protocol::Request),
//! runs the core function in `jobs`, and posts the
//! [`Response`](batchlane_core::protocol::Response)s back. The messages
//! themselves live in `batchlane_core::protocol`; `envelope` puts them
//! and their files into one `postMessage`.

pub mod client;
mod entry;
pub mod envelope;
mod jobs;
mod poster;
pub mod reader;
mod tables;

pub use entry::start;
