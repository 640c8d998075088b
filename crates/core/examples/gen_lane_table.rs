//! Regenerates the built-in lane tables (`src/facts/lane_table.rs`) from
//! Azure's lane matrices vendored in `assets/vendor/model-matrix/` (the batch
//! deployments' model matrix, the Priority processing region matrices), and
//! prints what each file gives.
//!
//! Usage: cargo run -p batchlane-core --example gen_lane_table
//!
//! After vendoring a newer matrix (markdown as published, see the folder's
//! README), update its commit in `facts::LANE_VENDOR_FILES`, the README and
//! its `SourceId` path, then run this.

use batchlane_core::facts::{generate_lane_table, parse_lane_matrix, LANE_TABLE, LANE_VENDOR_DIR, LANE_VENDOR_FILES};
use std::path::Path;

fn fail(msg: String) -> ! {
    eprintln!("gen_lane_table: {msg}");
    std::process::exit(1);
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = Vec::new();
    for f in LANE_VENDOR_FILES {
        let path = root.join(LANE_VENDOR_DIR).join(f.file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(format!("{}: {e}", path.display())));
        let parsed = parse_lane_matrix(f.kind, &text).unwrap_or_else(|e| fail(format!("{}: {e}", f.file)));
        for g in &parsed.groups {
            println!(
                "{} {:?} {:?}: {} models, {} regions  ms.date {}",
                f.short_source(),
                g.scope,
                g.zone,
                g.models.len(),
                g.regions.len(),
                parsed.date
            );
        }
        texts.push((f.kind, text));
    }
    let files: Vec<_> = texts.iter().map(|(k, s)| (*k, s.as_str())).collect();
    let code = generate_lane_table(&files).unwrap_or_else(|(k, e)| fail(format!("{k:?}: {e}")));
    std::fs::write(root.join(LANE_TABLE), code).unwrap_or_else(|e| fail(format!("{LANE_TABLE}: {e}")));
    println!("{LANE_TABLE} written");
}
