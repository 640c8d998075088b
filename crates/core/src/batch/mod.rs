//! Batch input file check: dialects, rules, diagnostics, tokens, repair, split.
//!
//! Streaming use (a Web Worker reading `Blob.slice` chunks, or the CLI):
//! `let mut c = Checker::new(options, &catalog); c.feed(chunk)…; c.progress();
//! let report = c.finish();`

mod checker;
mod context_window;
mod cross_field;
mod deployment;
mod diagnostic;
mod dialect;
mod estimate;
mod evidence;
mod explain;
mod fast_line;
mod fast_values;
mod file;
mod findings;
mod finish;
mod group;
mod line;
mod media_tokens;
mod model_rules;
mod option_table;
mod options;
mod part_merge;
mod range_check;
mod range_plan;
mod repair;
mod report;
mod samples;
mod scan;
// The body-schema tables and their generator: generic names (`Node`, `Table`, `validate`, `gen`) that read only as `schema::…`.
pub mod schema;
mod served;
mod service_tier;
// The page's link codec: `table`, `encode`, `decode`, named alike in each tool's `share`.
pub mod share;
mod split;
mod stage;
mod structural_part;
mod tally;
mod tokens;
mod top_fields;
mod tree;
mod warm_up;

pub use checker::{Checker, Progress};
pub use deployment::{infer_model, resolve_model, ModelClues, ModelSource, ResolvedModel};
pub use diagnostic::{quote, Code, Diagnostic, Severity};
pub use dialect::{Dialect, Endpoint};
pub use estimate::{cost as estimate_cost, CostEstimate, Histogram, OutputCap, HISTOGRAM_BUCKETS};
pub use evidence::{basis as evidence_basis, Evidence};
pub use explain::{describe, explain, explain_diagnostic, explain_with, is_service_code, Text};
pub use fast_line::check_line_fast;
pub use file::{check_file, check_file_until, check_reader, check_split, SPLIT_MIN_BYTES};
pub use findings::Findings;
pub use group::{group, Group, GROUP_LINES_KEPT};
pub use line::{check_line, FileShape, LineRef, Parsed};
pub use media_tokens::{Detail as ImageDetail, MediaTally, PatchFacts};
pub use option_table::{
    check_option, check_options, cli_help as check_cli_help, resolve_spelling, CheckInput, CheckOption, FieldError, FieldProblem,
    OldSpelling, OldValue, OptionKind, Surface, CHECK_OPTIONS, LIMIT_WORDS,
};
pub use options::{CheckOptions, OptionError, QuotaChoice, Subscription};
pub use part_merge::merge_parts;
pub use range_check::{check_bytes_ranges, plan_ranges, range_checker, ranges_at};
pub use range_plan::{heavy_lines, owned_range, plan_parallel, ParallelPlan, PLAN_PREFIX_BYTES};
pub use repair::{repair, repair_plan, Rename, RepairOptions, RepairOutcome, RepairPlan, Repairer};
pub use report::{CodeCount, QuotaReport, Report, Summary, TokenReport};
pub use samples::{Sample, BROKEN_AZURE, BROKEN_OPENAI, SAMPLES, VALID_AZURE, VALID_OPENAI};
pub use split::{split, split_part_name, split_part_suffix, Oversize, SplitLimits, SplitOutcome, SplitPart, Splitter};
pub use stage::{stage_of, Stage, Verdict};
pub use structural_part::{range_start, RangeStart, StructuralPart};
pub use tally::{Sum, Tally};
pub use tokens::bpe::{pack_rank_file, RankFileError};
pub use tokens::fast_bpe::{install_rank_table, rank_table_file, rank_table_ready, Tiktoken};
pub use tokens::{NoTokenizer, TokenCounter, TokenizerProvider};
pub use warm_up::{warm_up, warm_up_line, WARM_UP_LINES};

/// Checks a whole buffer at once (the paste box, tests).
pub fn check_bytes(bytes: &[u8], options: CheckOptions, catalog: &crate::facts::Catalog) -> Report {
    let mut c = Checker::new(options, catalog);
    c.feed(bytes);
    c.finish()
}
