//! Small helpers for the practice page: statistics in localStorage, the
//! page's link table, the language of a problem's text, fresh seeds and focus moves.

use crate::storage::{LocalStore, Store};
use batchlane_core::io::{field, Kind, Table};
use batchlane_core::practice::Stats;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Where the statistics live, as `Stats` JSON.
pub const STATS_KEY: &str = "batchlane.practice.stats";

/// The stored statistics, and whether what was stored could not be read
/// (then the page starts afresh and says so).
pub fn load_stats() -> (Stats, bool) {
    match LocalStore.load(STATS_KEY) {
        None => (Stats::new(), false),
        Some(json) => match Stats::from_json(&json) {
            Ok(stats) => (stats, false),
            Err(_) => (Stats::new(), true),
        },
    }
}

pub fn save_stats(stats: &Stats) {
    LocalStore.save(STATS_KEY, &stats.to_json());
}

/// Longest problem or exam id a link may carry.
const MAX_ID_CHARS: usize = 80;

/// The page's link: what is on screen (`?p=<problem id>`, `?exam=<exam
/// id>`, `?view=stats|exam`). Ids are checked for length and characters
/// here, and for meaning by `Problem::from_id` / `Exam::from_id`.
pub fn link_table() -> Table {
    Table::new(vec![
        field("p", Kind::Text { max_chars: MAX_ID_CHARS }, ""),
        field("exam", Kind::Text { max_chars: MAX_ID_CHARS }, ""),
        field("view", Kind::Enum(vec!["exam", "stats"]), ""),
    ])
}

/// A fresh seed below one million (short URLs), from the browser's random source.
pub fn random_seed() -> u64 {
    (js_sys::Math::random() * 1_000_000.0) as u64 % 1_000_000
}

/// Moves focus to the element with `id` once the DOM has caught up.
pub fn focus_id(id: &'static str) {
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(id).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = el.focus();
        }
    });
}

/// ①–④ for option `i`.
pub fn marker(i: usize) -> &'static str {
    ["①", "②", "③", "④"].get(i).copied().unwrap_or("?")
}

/// Seconds as m:ss (or h:mm:ss past an hour).
pub fn clock(seconds: f64) -> String {
    let s = if seconds.is_finite() && seconds > 0.0 { seconds.floor() as u64 } else { 0 };
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
