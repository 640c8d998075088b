//! Identical findings as one row: the same code, severity, field and message
//! on many lines ("300 lines: 1, 2, 3 …"), so a file with one mistake on
//! every line reads as one mistake.

use super::{Code, Diagnostic, Severity};
use std::collections::HashMap;

/// Lines kept per group (the count stays exact).
pub const GROUP_LINES_KEPT: usize = 20;

/// Findings that differ only in their line (and column).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Group {
    /// Index of the first finding in the report's diagnostics.
    pub first: usize,
    pub code: Code,
    pub severity: Severity,
    /// How many findings the group holds.
    pub count: u64,
    /// Their lines, in order, at most [`GROUP_LINES_KEPT`].
    pub lines: Vec<u64>,
}

/// Groups `diagnostics` (in their order: a group sits where its first
/// finding does). File-wide findings (line 0) are never merged.
pub fn group(diagnostics: &[Diagnostic]) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    let mut index: HashMap<(Code, Severity, Option<&str>, &str), usize> = HashMap::new();
    for (i, d) in diagnostics.iter().enumerate() {
        let key = (d.code, d.severity, d.param.as_deref(), d.message.as_str());
        let at = if d.line == 0 { None } else { index.get(&key).copied() };
        match at {
            Some(g) => {
                let g = &mut out[g];
                g.count = g.count.saturating_add(1);
                if g.lines.len() < GROUP_LINES_KEPT {
                    g.lines.push(d.line);
                }
            }
            None => {
                if d.line != 0 {
                    index.insert(key, out.len());
                }
                out.push(Group { first: i, code: d.code, severity: d.severity, count: 1, lines: vec![d.line] });
            }
        }
    }
    out
}
