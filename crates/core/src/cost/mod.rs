//! Cost what-if: prices, workload, baseline and scenarios, knob attribution,
//! usage attribution, share links.
//!
//! - [`prices`]: the price table and the prices of a model on a deployment type;
//! - [`workload`]: a workload, its validation, the prompt-caching rule;
//! - [`scenario`]: what a workload costs, split by part, lane and period;
//! - [`compare`]: a baseline against up to four scenarios, saving per knob;
//! - [`usage`] and [`attribution`]: usage lines in, spend per tenant and feature out;
//! - [`from_results`]: usage records from a joined batch (the /results page);
//! - [`share`]: the comparison as URL query pairs;
//! - [`knobs`]: single-knob arithmetic shared with the practice problems.

pub mod attribution;
pub mod compare;
pub mod from_results;
pub mod knobs;
pub mod prices;
pub mod scenario;
pub mod share;
pub mod usage;
pub mod workload;
