//! batchlane-cli's integration tests, linked into one binary (`it`) rather
//! than one per file: a change to the CLI or the core relinks one test
//! executable. Each file of this folder is a module; run one with
//! `cargo test -p batchlane-cli --test it cli_traffic::` (a module path
//! filters). The tests run the `batchlane` binary
//! (`env!("CARGO_BIN_EXE_batchlane")`) or call `run` with buffers; fixtures
//! (mostly `tests/fixtures/` at the workspace root) are found through
//! `CARGO_MANIFEST_DIR`.

mod cli_check;
mod cli_check_many;
mod cli_check_options;
mod cli_check_split;
mod cli_escape;
mod cli_exit_codes;
mod cli_facts;
mod cli_issue27;
mod cli_lanes;
mod cli_os_args;
mod cli_parity;
mod cli_pricing;
mod cli_quota;
mod cli_quota_planner;
mod cli_repair_split;
mod cli_results;
mod cli_schema;
mod cli_snippets;
mod cli_traffic;
mod vendor_tiers;
