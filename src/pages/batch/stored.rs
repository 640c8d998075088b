//! The check's options in the URL and in storage, through the core's
//! /batch link codec (`batch::share::BatchLink`, read and written through
//! `io::LinkCodec` like every page's: a key per row of the options table,
//! the old keys of saved links read too): a link restores them (checked,
//! applied to the page, stored only when the user keeps them), and the
//! user's own survive a reload (`crate::state`).

use super::State;
use crate::state::{use_url_state_with_options, UrlState, UrlStateOptions};
use batchlane_core::batch::share::BatchLink;
use batchlane_core::io::LinkCodec;
use leptos::prelude::*;

const STORAGE_KEY: &str = "batchlane.batch.options";

/// Restores the options (a link's, else the stored ones) and keeps the URL
/// (and storage, once they are the user's) following them.
pub fn sync(s: State) -> UrlState {
    let url = use_url_state_with_options(&BatchLink.table(), UrlStateOptions { path: "/batch", storage_key: Some(STORAGE_KEY) });
    s.apply(&BatchLink.open(&url.pairs.get_untracked()).state);
    Effect::new(move |_| url.pairs.set(BatchLink.pairs(&s.input())));
    url
}
