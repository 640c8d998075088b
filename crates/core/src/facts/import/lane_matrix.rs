//! An Azure lane availability matrix (markdown as published in
//! MicrosoftDocs/azure-ai-docs, `includes/model-matrix/`): the batch
//! deployments' model matrix (`deployments-batch.md`) or a Priority
//! processing region matrix (`standard-global-priority-processing.md`,
//! `datazone-standard-priority-processing.md`), read by the lane-table
//! generator's own parser (`lane_gen`, its bounds and refusals). Every cell
//! marked ✅ becomes a figure `{kind}.{zone/}{model}/{version}/{region}` = 1,
//! dated by the page's `ms.date`; built-in cells of the tables the file
//! covers (a batch matrix: each deployment type and zone it has a table
//! for; a Priority matrix: its one table) that it no longer marks are
//! reported as removed.

use super::{import_problem, FileKind, ImportProblem, Imported, ImportedFact};
use crate::facts::lane_gen::{parse_lane_matrix, MatrixKind, MatrixMdProblem};
use crate::facts::lanes::{DataZone, LaneTable, PriorityMatrix};
use crate::facts::{Certainty, Kind, Scope, Unit};

/// Availability cells kept from one file (the vendor's matrices mark a few
/// hundred; the parser's row and column bounds allow more).
pub const MAX_LANE_CELLS: usize = 20_000;

/// The matrix a file is, from its front matter's title or its headings
/// (the first lines only); `None`: not a lane matrix.
pub(super) fn detect(text: &str) -> Option<MatrixKind> {
    for line in text.lines().take(200) {
        let l = line.trim().to_ascii_lowercase();
        if let Some(title) = l.strip_prefix("title:") {
            if title.contains("batch deployment") {
                return Some(MatrixKind::Batch);
            }
            if title.contains("priority processing") {
                if title.contains("datazone") || title.contains("data zone") {
                    return Some(MatrixKind::PriorityDatazone);
                }
                if title.contains("global standard") {
                    return Some(MatrixKind::PriorityGlobal);
                }
            }
        }
        if l == "## global batch" || l == "## data zone batch" {
            return Some(MatrixKind::Batch);
        }
    }
    None
}

fn what(kind: MatrixKind) -> &'static str {
    match kind {
        MatrixKind::Batch => "batch deployments' model matrix",
        MatrixKind::PriorityGlobal => "Priority processing matrix, Global Standard",
        MatrixKind::PriorityDatazone => "Priority processing matrix, Data Zone Standard",
    }
}

fn reason(p: &MatrixMdProblem) -> String {
    match p {
        MatrixMdProblem::TooManyLines { max } => format!("more than {max} lines"),
        MatrixMdProblem::TooLong { max } => format!("the line is longer than {max} characters"),
        MatrixMdProblem::ControlCharacter => "a control character".into(),
        MatrixMdProblem::NoDate => "the front matter has no ms.date: MM/DD/YYYY".into(),
        MatrixMdProblem::Date(v) => format!("'{v}' is not MM/DD/YYYY"),
        MatrixMdProblem::Section(v) => format!("'{v}' is not Global Batch or Data Zone Batch"),
        MatrixMdProblem::Outside => "a table outside a section or tab".into(),
        MatrixMdProblem::NoZone(v) => format!("tab '{v}' names no data zone (Americas: US, Europe: EU)"),
        MatrixMdProblem::Header(v) => format!("'{v}' is not the matrix's header"),
        MatrixMdProblem::NoSeparator => "no separator row after the header".into(),
        MatrixMdProblem::Name(v) => format!("'{v}' is not a model, version or region name"),
        MatrixMdProblem::Column(v) => format!("'{v}' is not 'model, version'"),
        MatrixMdProblem::Columns { expected, found } => format!("{found} cells, the header has {expected}"),
        MatrixMdProblem::TooManyColumns { max } => format!("more than {max} columns"),
        MatrixMdProblem::Mark(v) => format!("'{v}' is neither ✅ nor -"),
        MatrixMdProblem::Duplicate { first_line } => format!("the same as line {first_line}"),
        MatrixMdProblem::TooManyRows { max } => format!("more than {max} rows"),
        MatrixMdProblem::SecondTable => "a second table".into(),
        MatrixMdProblem::NoRows => "no table row".into(),
    }
}

/// The table a group of the file fills.
fn table_of(kind: MatrixKind, scope: Scope, zone: Option<DataZone>) -> Option<LaneTable> {
    match (kind, scope, zone) {
        (MatrixKind::Batch, Scope::Global, _) => Some(LaneTable::GLOBAL_BATCH),
        (MatrixKind::Batch, Scope::DataZone, Some(z)) => Some(LaneTable::datazone_batch(z)),
        (MatrixKind::PriorityGlobal, _, _) => Some(PriorityMatrix::Global.lane_table()),
        (MatrixKind::PriorityDatazone, _, _) => Some(PriorityMatrix::DatazoneUs.lane_table()),
        _ => None,
    }
}

pub(super) fn read(name: &str, text: &str, kind: MatrixKind) -> Result<Imported, ImportProblem> {
    let m = parse_lane_matrix(kind, text).map_err(|e| import_problem(name, e.line, &e.field, reason(&e.problem)))?;
    let source = format!("{name} ({}, ms.date {})", what(kind), m.date);
    let mut out = Imported { file: name.to_string(), kind: Some(FileKind::LaneMatrix), ..Imported::default() };
    let mut ids = std::collections::BTreeSet::new();
    for g in &m.groups {
        let Some(table) = table_of(kind, g.scope, g.zone) else { continue };
        for row in &g.models {
            for region in &row.regions {
                if ids.len() == MAX_LANE_CELLS {
                    return Err(import_problem(name, row.line, "row", format!("more than {MAX_LANE_CELLS} availability cells")));
                }
                let id = format!("{}.{}", table.kind, table.subject(&row.model, &row.version, region));
                if ids.insert(id.clone()) {
                    out.facts.push(ImportedFact {
                        id,
                        value: 1.0,
                        unit: Unit::Count,
                        source: source.clone(),
                        as_of: m.date.clone(),
                        certainty: Certainty::Documented,
                    });
                }
            }
        }
        // What the file covers: this table. A built-in cell it no longer marks is removed.
        let (rows, _) = table.builtin();
        for r in rows {
            for region in r.regions {
                let id = format!("{}.{}", table.kind, table.subject(r.model, r.version, region));
                if !ids.contains(&id) && !out.removed.contains(&id) {
                    out.removed.push(id);
                }
            }
        }
    }
    debug_assert!(out.facts.iter().all(|f| f.kind().is_some_and(|k| matches!(
        k,
        Kind::LaneBatchGlobal | Kind::LaneBatchDatazone | Kind::LanePriorityGlobal | Kind::LanePriorityDatazone
    ))));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_comes_from_the_title_or_the_headings() {
        assert_eq!(detect("---\ntitle: Model region availability for Batch deployment (All Geographies)\n---"), Some(MatrixKind::Batch));
        assert_eq!(
            detect("---\ntitle: Datazone standard model availability for priority processing\n"),
            Some(MatrixKind::PriorityDatazone)
        );
        assert_eq!(detect("title: Global Standard model availability for priority processing\n"), Some(MatrixKind::PriorityGlobal));
        assert_eq!(detect("## Data Zone Batch\n"), Some(MatrixKind::Batch));
        assert_eq!(detect("---\ntitle: Quota tier 2\n---\n| a | b |"), None);
    }
}
