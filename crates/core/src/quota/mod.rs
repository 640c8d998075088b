//! Quota planner: TPM/RPM sizing, binding limit, PTU vs pay-as-you-go, 429 simulator.

mod explain;
mod input;
pub mod plan;
pub mod ptu;
pub mod share;
pub mod sizing;
pub mod text;
pub mod tier;
mod validate;
mod verdict;
mod ways;

pub use explain::{explain, step_text, way_text};
pub use validate::{check_number, problem_text, MAX_N, MAX_RPM, MAX_TPM};

pub mod sim;
