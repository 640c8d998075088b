//! Cost what-if: workload, baseline and scenarios, knob attribution, usage attribution.

pub mod knobs;
