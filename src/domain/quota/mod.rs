//! Quota planner: TPM/RPM sizing, binding limit, PTU vs pay-as-you-go, 429 simulator.

pub mod sizing;
