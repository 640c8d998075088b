//! Regenerates the built-in quota-tier rows (`src/facts/tier_table.rs`) from
//! the vendor's tier tables vendored in `assets/vendor/quota-tier/`, and
//! prints the rows per tier.
//!
//! Usage: cargo run -p batchlane-core --example gen_tier_table
//!
//! After vendoring a newer tier file (markdown as published, see the folder's
//! README), update its commit in `facts::TIER_VENDOR_FILES`, the README and the
//! tier's `SourceId` path, then run this.

use batchlane_core::facts::{generate_tier_table, parse_tier_markdown, TIER_TABLE, TIER_VENDOR_DIR, TIER_VENDOR_FILES};
use std::path::Path;

fn fail(msg: String) -> ! {
    eprintln!("gen_tier_table: {msg}");
    std::process::exit(1);
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = Vec::new();
    for f in TIER_VENDOR_FILES {
        let path = root.join(TIER_VENDOR_DIR).join(f.file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(format!("{}: {e}", path.display())));
        let parsed = parse_tier_markdown(&text).unwrap_or_else(|e| fail(format!("{}: {e}", f.file)));
        println!("{:10} {}  {:3} rows  ms.date {}", f.file, f.short_source(), parsed.rows.len(), parsed.date);
        texts.push((f.tier, text));
    }
    let files: Vec<_> = texts.iter().map(|(t, s)| (*t, s.as_str())).collect();
    let code = generate_tier_table(&files).unwrap_or_else(|(t, e)| fail(format!("tier {}: {e}", t.code())));
    std::fs::write(root.join(TIER_TABLE), code).unwrap_or_else(|e| fail(format!("{TIER_TABLE}: {e}")));
    println!("{TIER_TABLE} written");
}
