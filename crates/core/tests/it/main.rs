//! batchlane-core's integration tests, linked into one binary (`it`) rather
//! than one per file: a change to the core relinks one test executable, not
//! forty. Each file of this folder is a module; run one with
//! `cargo test -p batchlane-core --test it traffic::` (a module path filters).
//!
//! Fixtures: `../fixtures/` (this crate's) and `tests/fixtures/` at the
//! workspace root, found through `CARGO_MANIFEST_DIR`. Proptest keeps its
//! failure seeds in `../proptest-regressions/<module>.txt` (its default
//! place once a folder has a `main.rs`).

mod batch_bounds;
mod batch_codes;
mod batch_context_limits;
mod batch_cross_field;
mod batch_evidence;
mod batch_fast_line;
mod batch_findings_group;
mod batch_media_tokens;
mod batch_model_rules;
mod batch_options;
mod batch_params;
mod batch_ranges;
mod batch_service_tier;
mod batch_split_quota;
mod batch_stream;
mod batch_warm_up;
mod body_schema;
mod body_schema_errata;
mod catalog_marks;
mod control_plane_faults;
mod control_plane_harness;
mod control_plane_recovery;
mod control_plane_service;
mod cost_attribution;
mod cost_compare;
mod cost_usage_budget;
mod domain_is_pure;
mod errors_are_types;
mod facts_import;
mod fast_bpe_equivalence;
mod field_errors;
mod image_patches;
mod keda_lint;
mod keda_lint_versions;
mod keda_snippets;
mod lane_import;
mod lane_table;
mod lanes;
mod memory_bounds;
mod model_resolution;
mod module_exposure;
mod parsers_never_panic;
mod practice_generators;
mod pricing_invariant;
mod prose_figures;
mod protocol;
mod quota_plan;
mod quota_sim_budget;
mod quota_simulator;
mod quota_verdict;
mod real_corpus;
mod regional_prices;
mod results_classes;
mod results_domain;
mod results_job;
mod results_lines;
mod retry_passes_batch_check;
mod schema_json;
mod servicebus_check;
mod share_links;
mod snippet_bidi;
mod snippet_code;
mod snippet_flex_run;
mod snippet_injection;
mod snippet_python;
mod snippet_submit_lookup;
mod snippet_submit_outage;
mod snippet_submit_run;
mod snippet_submit_world;
mod snippet_worker_faults;
mod snippet_worker_run;
mod snippet_worker_stop;
mod snippet_worker_world;
mod snippets_share;
mod test_layout;
mod tier_import;
mod tier_table;
mod traffic;
mod traffic_bounds;
mod traffic_tiers;
mod typed_numbers;
mod yaml_quoting;
mod zip_archive;
