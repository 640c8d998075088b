//! The catalog flags every subcommand that reads figures shares, and the one
//! place a catalog file is loaded: `--catalog FILE` (a catalog file
//! `batchlane facts import` wrote, or any vendor file it reads: a
//! quota-tier page, a lane availability matrix, a retail-prices response,
//! an OpenAPI spec; repeatable,
//! the later as-of wins per figure) and `--fact ID=VALUE` (an override, on
//! top). A file is read through a byte budget, never whole past it.

use crate::escape::Os;
use batchlane_core::facts::{diff_overlay, import_file, Catalog, Imported, MAX_IMPORT_BYTES};
use std::ffi::{OsStr, OsString};
use std::io::Read;

/// The flags' help lines (each command's help includes them).
pub const HELP: &str = "  --catalog FILE   use the figures of a catalog file (batchlane facts import FILE... -o FILE writes one; a
                   vendor's quota-tier page, lane matrix, retail-prices JSON or OpenAPI spec is read directly
                   too); repeatable
  --fact ID=VALUE  override one catalog figure (batchlane facts lists them); repeatable";

/// The catalog the flags make: the built-in one, the files' figures over
/// it, the overrides over those.
#[derive(Default)]
pub struct CatalogArgs {
    pub catalog: Catalog,
    imports: Vec<Imported>,
}

/// Today as `YYYY-MM-DD` (UTC), dating a spec that names no date.
pub fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    batchlane_core::facts::date_of_unix_seconds(i64::try_from(secs).unwrap_or(i64::MAX))
}

/// Reads one file for an import: at most [`MAX_IMPORT_BYTES`] + 1 bytes, so a
/// larger file is refused by the importer without being read whole.
pub fn read_bounded(path: &OsStr) -> Result<Vec<u8>, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", Os(path)))?;
    let mut buf = Vec::new();
    f.take(u64::try_from(MAX_IMPORT_BYTES).unwrap_or(u64::MAX).saturating_add(1))
        .read_to_end(&mut buf)
        .map_err(|e| format!("cannot read {}: {e}", Os(path)))?;
    Ok(buf)
}

/// Reads one file (named as the user gave it) as an import.
pub fn import_path(path: &OsStr) -> Result<Imported, String> {
    let bytes = read_bounded(path)?;
    import_file(&Os(path).to_string(), &bytes, &today()).map_err(|p| p.to_string())
}

impl CatalogArgs {
    /// Takes `flag` (and its value from `it`) if it is one of the catalog
    /// flags: `Ok(true)`; `Ok(false)` for any other argument.
    pub fn take<'a>(&mut self, flag: &str, it: &mut impl Iterator<Item = &'a OsString>) -> Result<bool, String> {
        match flag {
            "--catalog" => {
                let path = crate::args::value_os(it, "--catalog")?;
                let imp = import_path(&path).map_err(|e| format!("--catalog {e}"))?;
                self.imports.push(imp);
                // The files' figures, and the built-in figures they remove, as /facts keeps them.
                let diff = diff_overlay(&self.imports);
                self.catalog.keep_overlay(&diff).map_err(|e| format!("--catalog {}: {e}", Os(&path)))?;
                Ok(true)
            }
            "--fact" => {
                let v = crate::args::value(it, "--fact")?;
                let (id, n) = v.split_once('=').ok_or_else(|| format!("--fact needs ID=VALUE, got '{v}'"))?;
                // Separators as everywhere (`io::clean_number`); NaN and inf
                // read, for the catalog to say why it refuses them.
                let n: f64 = batchlane_core::io::clean_number(n).parse().map_err(|_| format!("--fact {id}: '{n}' is not a number"))?;
                self.catalog.set_override(id.trim(), n).map_err(|e| format!("--fact {id}: {e}"))?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}
