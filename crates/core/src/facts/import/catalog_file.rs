//! The catalog file `batchlane facts import FILE... -o CATALOG` writes and
//! `--catalog CATALOG` (the CLI, the Python package) reads back: the
//! imported figures, versioned by [`FORMAT`]:
//! `{"format": "batchlane-catalog-overlay/1", "facts": [ImportedFact...],
//! "removed": [id...]}` (`removed`: the built-in figures the files it was
//! made of removed; absent in files written before it existed).
//! Read as any imported file is: bounded, every refusal with its line and field.

use super::json::{capped_problem, check_line_lengths, item_offsets, line_of, set_item_budget, Capped};
use super::{
    import_problem, FileKind, ImportProblem, Imported, ImportedFact, MAX_IMPORT_BYTES, MAX_IMPORT_FACTS, MAX_JSON_LINE_BYTES,
    MAX_TEXT_CHARS,
};
use crate::facts::builtin_value;

/// The file's format name (a reader checks it).
pub const FORMAT: &str = "batchlane-catalog-overlay/1";

#[derive(serde::Serialize)]
struct Out<'a> {
    format: &'static str,
    facts: &'a [ImportedFact],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    removed: &'a [String],
}

#[derive(serde::Deserialize)]
struct In {
    format: String,
    facts: Capped<ImportedFact>,
    #[serde(default)]
    removed: Option<Capped<String>>,
}

/// The catalog file for `facts` and the built-in figures `removed` (ids),
/// pretty-printed JSON.
pub fn catalog_file_json(facts: &[ImportedFact], removed: &[String]) -> String {
    serde_json::to_string_pretty(&Out { format: FORMAT, facts, removed }).unwrap_or_default()
}

/// Reads a catalog file: every fact checked (a known kind, a number an
/// override may be, a date, short texts).
pub fn read_catalog_file(name: &str, bytes: &[u8]) -> Result<Imported, ImportProblem> {
    if bytes.len() > MAX_IMPORT_BYTES {
        return Err(import_problem(name, 0, "", format!("the file is larger than {MAX_IMPORT_BYTES} bytes")));
    }
    check_line_lengths(name, bytes, MAX_JSON_LINE_BYTES)?;
    set_item_budget(MAX_IMPORT_FACTS);
    let file: In = serde_json::from_slice(bytes).map_err(|e| capped_problem(name, bytes, &e, "facts", MAX_IMPORT_FACTS))?;
    if file.format != FORMAT {
        return Err(import_problem(name, 1, "format", format!("'{}' is not {FORMAT}", file.format.chars().take(40).collect::<String>())));
    }
    let offsets = item_offsets(bytes, b"facts", MAX_IMPORT_FACTS);
    for (i, f) in file.facts.0.iter().enumerate() {
        if let Err(e) = f.check() {
            let line = offsets.get(i).map_or(0, |&o| line_of(bytes, o));
            return Err(import_problem(name, line, &format!("facts[{i}]"), e.to_string()));
        }
    }
    let removed = file.removed.map(|r| r.0).unwrap_or_default();
    for (i, id) in removed.iter().enumerate() {
        if builtin_value(id).is_none() {
            let clipped: String = id.chars().take(MAX_TEXT_CHARS).collect();
            return Err(import_problem(name, 0, &format!("removed[{i}]"), format!("'{clipped}' names no built-in figure")));
        }
    }
    Ok(Imported { file: name.to_string(), kind: Some(FileKind::CatalogFile), facts: file.facts.0, removed, ..Imported::default() })
}
