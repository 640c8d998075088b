//! Merging the [`StructuralPart`]s of a file's ranges, in range order, into
//! the report a single pass gives: the same diagnostics in the same order,
//! the same caps and counts, duplicate custom_ids with their first line.
//! Where a range's assumption turns out wrong, or exactness can't be shown
//! cheaply (a range with more ids than a file may hold, a duplicate that
//! would push another finding of its line past the per-line cap), the merge
//! refuses (`None`): the caller checks the file in one pass.

use super::checker::{duplicate_message, shape_note};
use super::finish::FileFacts;
use super::structural_part::{RangeStart, StructuralPart};
use super::tally::Tally;
use super::{CheckOptions, Code, Diagnostic, ModelSource, Report, Severity};
use crate::facts::{model_for_name, Catalog, Kind};
use std::collections::HashMap;

/// The custom_ids seen so far, and the line each was first used on.
type Ids = HashMap<Box<str>, u64, foldhash::fast::RandomState>;

/// The report of a file checked as `parts` (any order; they must cover the
/// file), or `None` when only a single pass is exact.
pub fn merge_parts(mut parts: Vec<StructuralPart>, options: &CheckOptions, catalog: &Catalog) -> Option<Report> {
    parts.sort_by_key(|p| p.start);
    let max_ids = catalog.require(Kind::MaxRequestsPerFile, options.dialect.fact_subject()) as usize;
    let mut state = RangeStart { first_url: options.endpoint.clone().map(|e| (e, 0)), first_model: None };
    // Every id of the file passes through: the checker's fast hash, seeded per run.
    let mut ids: Ids = HashMap::default();
    let mut tally = Tally::new(options.max_stored_per_code);
    let (mut bytes, mut offset) = (0u64, 0u64);
    let (mut counted, mut encoding, mut shape) = (false, None, None);
    for mut part in parts {
        if part.overflow || part.assumed != state || (offset > 0 && part.reached != part.assumed) {
            return None;
        }
        state = part.reached.clone();
        if tally.requests() == 0 && part.tally.requests() > 0 {
            if let Some((line, s)) = part.first_shape {
                shape = Some(s);
                if let Some(d) = part.tally.diagnostics_mut().iter_mut().find(|d| d.line == line) {
                    d.message = format!("{} {}", shape_note(s), d.message);
                }
            }
        }
        resolve_ids(&mut part, &mut ids, max_ids, offset)?;
        counted |= part.counted;
        if encoding.is_none() {
            encoding = part.encoding;
        }
        bytes = bytes.checked_add(part.bytes)?;
        let lines = part.lines;
        tally.merge_with(part.tally, |mut d| {
            if d.line > 0 {
                d.line = d.line.saturating_add(offset);
            }
            d
        });
        offset = offset.checked_add(lines)?;
    }
    let mut model = options.model.as_deref().and_then(model_for_name);
    let mut model_source = if model.is_some() { ModelSource::Picked } else { ModelSource::Unknown };
    if let (None, Some((m, _))) = (model, &state.first_model) {
        {
            let r = super::resolve_model(super::ModelClues::deployment(m));
            (model, model_source) = (r.model, r.source);
        }
    }
    let facts = FileFacts {
        options,
        catalog,
        bytes,
        lines: offset,
        model,
        model_source,
        encoding,
        first_model: state.first_model,
        first_url: state.first_url,
        shape,
        counted,
    };
    Some(tally.finish(facts))
}

/// Settles the range's custom_ids against the earlier ranges' (`ids`, file
/// line numbers): an id used earlier makes its first line here a duplicate
/// of the earlier line, and the range's duplicates of it point there too.
fn resolve_ids(part: &mut StructuralPart, ids: &mut Ids, max_ids: usize, offset: u64) -> Option<()> {
    let mut added: Vec<Diagnostic> = Vec::new();
    // The id first used on each line of the range (lines ascend).
    let mut by_line: Vec<(u64, u64)> = Vec::with_capacity(part.ids.len());
    for (id, seen) in std::mem::take(&mut part.ids) {
        let file_line = offset.checked_add(seen.line)?;
        match ids.get(&id) {
            Some(&first) => {
                if !seen.room {
                    return None;
                }
                by_line.push((seen.line, first));
                added.push(Diagnostic {
                    line: seen.line,
                    column: seen.column,
                    severity: Severity::Error,
                    code: Code::DuplicateCustomId,
                    param: Some("custom_id".into()),
                    message: duplicate_message(first),
                    line_start: seen.line_start,
                    line_bytes: seen.line_bytes,
                    byte_offset: seen.byte_offset,
                    related_line: Some(first),
                    evidence: super::Evidence::of(Code::DuplicateCustomId, Severity::Error),
                    source: None,
                });
            }
            // The single pass would not remember this id: the range's
            // duplicates of it would not be findings.
            None if ids.len() >= max_ids => return None,
            None => {
                ids.insert(id, file_line);
                by_line.push((seen.line, file_line));
            }
        }
    }
    for d in part.tally.diagnostics_mut().iter_mut().filter(|d| d.code == Code::DuplicateCustomId) {
        let local = d.related_line?;
        let i = by_line.binary_search_by_key(&local, |&(line, _)| line).ok()?;
        let first = by_line[i].1;
        d.related_line = Some(first);
        d.message = duplicate_message(first);
    }
    if !added.is_empty() {
        part.tally.add_found(Code::DuplicateCustomId, Severity::Error, added.len() as u64);
        let kept = std::mem::take(part.tally.diagnostics_mut());
        let mut merged = Vec::with_capacity(kept.len().checked_add(added.len())?);
        let mut added = added.into_iter().peekable();
        for d in kept {
            while let Some(a) = added.next_if(|a| a.line < d.line) {
                merged.push(a);
            }
            merged.push(d);
        }
        merged.extend(added);
        *part.tally.diagnostics_mut() = merged;
    }
    Some(())
}
