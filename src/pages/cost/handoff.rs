//! The hand-off from /results to /cost: usage records put in sessionStorage
//! under one key by the results page and taken (read once, then removed)
//! by the cost page's attribution section.

use batchlane_core::cost::UsageRecord;
use gloo::storage::{SessionStorage, Storage};

const KEY: &str = "batchlane.cost.from_results";

/// Where /results sends the user after storing the records.
pub const TARGET: &str = "/cost#cost-attribution";

/// Stores the records for the cost page; false when the browser refused.
pub fn store(records: &[UsageRecord]) -> bool {
    SessionStorage::set(KEY, records).is_ok()
}

/// The records the results page left, once.
pub fn take() -> Option<Vec<UsageRecord>> {
    let records = SessionStorage::get::<Vec<UsageRecord>>(KEY).ok();
    SessionStorage::delete(KEY);
    records
}
