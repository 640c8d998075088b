//! Cost what-if: prices, workload, baseline and scenarios, knob attribution,
//! usage attribution, share links.

pub mod knobs;
pub mod prices;
pub mod workload;
pub mod scenario;
pub mod compare;
pub mod usage;
pub mod attribution;
pub mod share;
