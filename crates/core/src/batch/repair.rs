//! The repaired file: BOM stripped, LF line endings, blank lines dropped,
//! and (only when asked) repeated custom_ids renamed, each rename listed.
//! Streaming: feed chunks in, get bytes out; lines that are not valid
//! requests are passed through unchanged (they need a person).

use super::scan::{scan, string_end};
use std::collections::{HashMap, HashSet};

use crate::io::{Line, LineSplitter, BOM};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RepairOptions {
    /// Rename repeated custom_ids to `{id}-2`, `{id}-3`, … (the first keeps its id).
    pub rename_duplicate_ids: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rename {
    /// The line in the input file.
    pub line: u64,
    pub from: String,
    pub to: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RepairOutcome {
    pub bom_removed: bool,
    pub crlf_fixed: u64,
    pub blank_lines_removed: u64,
    pub renames: Vec<Rename>,
    pub lines_out: u64,
}

pub struct Repairer {
    options: RepairOptions,
    lines: LineSplitter,
    line: u64,
    ids: HashSet<String>,
    /// Per repeated id, the next suffix to try (so renaming stays linear).
    next_suffix: HashMap<String, u64>,
    outcome: RepairOutcome,
}

impl Repairer {
    pub fn new(options: RepairOptions) -> Self {
        Repairer {
            options,
            lines: LineSplitter::new(),
            line: 0,
            ids: HashSet::new(),
            next_suffix: HashMap::new(),
            outcome: RepairOutcome::default(),
        }
    }

    /// Repairs the next chunk, appending the repaired bytes to `out`.
    pub fn feed(&mut self, chunk: &[u8], out: &mut Vec<u8>) {
        let mut lines = std::mem::take(&mut self.lines);
        lines.feed_lines(chunk, |l| self.on_line(l, out));
        self.lines = lines;
    }

    pub fn finish(mut self, out: &mut Vec<u8>) -> RepairOutcome {
        let mut lines = std::mem::take(&mut self.lines);
        lines.finish_lines(|l| self.on_line(l, out));
        self.outcome
    }

    fn on_line(&mut self, l: Line<'_>, out: &mut Vec<u8>) {
        match l {
            Line::Bom => self.outcome.bom_removed = true,
            Line::Line(l) => {
                if l.crlf {
                    self.outcome.crlf_fixed += 1;
                }
                self.line(l.bytes, out)
            }
            // The splitter has no limit here: every line is passed on.
            Line::TooLong(_) => {}
        }
    }

    fn line(&mut self, raw: &[u8], out: &mut Vec<u8>) {
        self.line += 1;
        let mut b = raw;
        // BOMs at the start of what becomes the first line.
        if self.outcome.lines_out == 0 {
            while let Some(rest) = b.strip_prefix(BOM) {
                b = rest;
                self.outcome.bom_removed = true;
            }
        }
        while let Some(rest) = b.strip_suffix(b"\r") {
            b = rest;
        }
        if b.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r')) {
            self.outcome.blank_lines_removed += 1;
            return;
        }
        self.outcome.lines_out += 1;
        if self.options.rename_duplicate_ids {
            if let Some(fixed) = self.rename(b) {
                out.extend_from_slice(&fixed);
                out.push(b'\n');
                return;
            }
        }
        out.extend_from_slice(b);
        out.push(b'\n');
    }

    /// The line with its custom_id renamed, if it repeats an earlier one.
    fn rename(&mut self, b: &[u8]) -> Option<Vec<u8>> {
        let value: serde_json::Value = serde_json::from_slice(b).ok()?;
        let id = value.get("custom_id")?.as_str()?;
        if self.ids.insert(id.to_string()) {
            return None;
        }
        // Each suffix of an id is tried once over the whole file: an id taken
        // by another line blocks one (id, suffix) pair only.
        let next = self.next_suffix.entry(id.to_string()).or_insert(2);
        let new_id = loop {
            let candidate = format!("{id}-{next}");
            *next = next.checked_add(1)?;
            if !self.ids.contains(&candidate) {
                break candidate;
            }
        };
        let key_at = scan(b).last_key_offset("custom_id")?;
        let colon = key_at + 1 + b[key_at + 1..].iter().position(|&c| c == b':')?;
        let open = colon + 1 + b[colon + 1..].iter().position(|&c| c == b'"')?;
        let close = string_end(b, open);
        let mut fixed = Vec::with_capacity(b.len() + 8);
        fixed.extend_from_slice(&b[..open]);
        fixed.extend_from_slice(serde_json::to_string(&new_id).ok()?.as_bytes());
        fixed.extend_from_slice(&b[(close + 1).min(b.len())..]);
        self.ids.insert(new_id.clone());
        self.outcome.renames.push(Rename { line: self.line, from: id.to_string(), to: new_id });
        Some(fixed)
    }
}

/// What a repair would do to a checked file: the findings it removes, and
/// those left for a person (in the report's order).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RepairPlan {
    pub fixes: Vec<super::CodeCount>,
    pub left: Vec<super::CodeCount>,
}

/// Splits a report's findings into what [`repair`] fixes safely with
/// `options` (the BOM, CRLF, blank lines; repeated ids only when renaming)
/// and what it leaves alone.
pub fn repair_plan(counts: &[super::CodeCount], options: RepairOptions) -> RepairPlan {
    let fixed = |c: super::Code| c.is_repairable() && (c != super::Code::DuplicateCustomId || options.rename_duplicate_ids);
    let (fixes, left) = counts.iter().cloned().partition(|k| fixed(k.code));
    RepairPlan { fixes, left }
}

/// Repairs a whole buffer.
pub fn repair(input: &[u8], options: RepairOptions) -> (Vec<u8>, RepairOutcome) {
    let mut r = Repairer::new(options);
    let mut out = Vec::with_capacity(input.len());
    r.feed(input, &mut out);
    let outcome = r.finish(&mut out);
    (out, outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_bom_crlf_blanks_and_renames_when_asked() {
        let input = b"\xEF\xBB\xBF{\"custom_id\":\"a\"}\r\n\r\n  \n{\"custom_id\" : \"a\",\"x\":1}\n{\"custom_id\":\"a-2\"}";
        let (out, o) = repair(input, RepairOptions { rename_duplicate_ids: true });
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"custom_id\":\"a\"}\n{\"custom_id\" : \"a-2\",\"x\":1}\n{\"custom_id\":\"a-2-2\"}\n"
        );
        assert!(o.bom_removed);
        assert_eq!((o.crlf_fixed, o.blank_lines_removed, o.lines_out), (2, 2, 3));
        assert_eq!(o.renames[0], Rename { line: 4, from: "a".into(), to: "a-2".into() });
        assert_eq!(o.renames[1], Rename { line: 5, from: "a-2".into(), to: "a-2-2".into() });
        let (out, o) = repair(b"{\"custom_id\":\"a\"}\n{\"custom_id\":\"a\"}\n", RepairOptions::default());
        assert_eq!(out, b"{\"custom_id\":\"a\"}\n{\"custom_id\":\"a\"}\n");
        assert!(o.renames.is_empty());
    }
}
