//! The vendor's quota-tier tables as vendored in the repository
//! (`crates/core/assets/vendor/quota-tier/`, markdown as published), read
//! here by a parser of the tests' own, so that the CLI's figures are checked
//! against the vendor's text rather than against the core's reading of it.

use batchlane_core::facts::{TIER_VENDOR_DIR, TIER_VENDOR_FILES};
use std::path::Path;

/// One table row, as the vendor states it.
pub struct VendorRow {
    /// `free`, `1` … `6`.
    pub tier: &'static str,
    pub model: String,
    /// `GlobalStandard`, `DataZoneStandard` or `Standard`.
    pub deployment_type: String,
    pub rpm: u64,
    pub window_seconds: u64,
    /// `None` for "-".
    pub tpm: Option<u64>,
    /// `path@commit7`.
    pub source: String,
    /// `ms.date` as `YYYY-MM-DD`.
    pub date: String,
    /// The file and line, for messages.
    pub at: String,
}

fn number(s: &str) -> u64 {
    s.trim().replace(',', "").parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// Every row of every vendored tier file, in file order.
pub fn vendor_rows() -> Vec<VendorRow> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core").join(TIER_VENDOR_DIR);
    let mut rows = Vec::new();
    for f in TIER_VENDOR_FILES {
        let text = std::fs::read_to_string(dir.join(f.file)).unwrap_or_else(|e| panic!("{}: {e}", f.file));
        let date = text.lines().find_map(|l| l.strip_prefix("ms.date: ")).unwrap_or_else(|| panic!("{}: no ms.date", f.file));
        let (m, rest) = date.split_once('/').unwrap();
        let (d, y) = rest.split_once('/').unwrap();
        let date = format!("{y}-{m}-{d}");
        let source = format!("{}@{}", f.path, &f.commit[..7]);
        for (i, line) in text.lines().enumerate() {
            let Some(inner) = line.strip_prefix('|') else { continue };
            let cells: Vec<&str> = inner.trim_end_matches('|').split('|').map(str::trim).collect();
            if cells[0] == "Model Name" || cells[0].starts_with(":-") {
                continue;
            }
            assert_eq!(cells.len(), 4, "{} line {}", f.file, i + 1);
            let rpm_cell = cells[2].trim_end_matches("(TBD)").trim();
            let (rpm, window_seconds) = match rpm_cell.split_once(" / ") {
                Some((n, "10s")) => (number(n), 10),
                Some(other) => panic!("{} line {}: window {other:?}", f.file, i + 1),
                None => (number(rpm_cell), 60),
            };
            rows.push(VendorRow {
                tier: f.tier.code(),
                model: cells[0].to_string(),
                deployment_type: cells[1].to_string(),
                rpm,
                window_seconds,
                tpm: (cells[3] != "-").then(|| number(cells[3])),
                source: source.clone(),
                date: date.clone(),
                at: format!("{} line {}", f.file, i + 1),
            });
        }
    }
    rows
}
