//! What `batchlane check PATH...` checks: files as given, every `*.jsonl`
//! below a directory (sorted; symlinked directories are not followed, and a
//! symlinked file only when its real path is inside the directory given),
//! and `-` for standard input.

use crate::escape::os;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// How the file is named in every output format.
    pub fn display(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            // Escaped: a name need not be UTF-8 (`caf\xe9.jsonl`).
            Input::File(p) => os(p.as_os_str()),
        }
    }
}

/// An input list, and the paths that could not be listed (a directory that
/// cannot be read): each is reported and makes the exit code 2.
#[derive(Debug, Default)]
pub struct Expanded {
    pub inputs: Vec<Input>,
    pub unreadable: Vec<(String, String)>,
    /// Directories given that hold no `*.jsonl` file.
    pub empty_dirs: Vec<String>,
    /// Symlinked `*.jsonl` files below a directory given whose real path is
    /// outside it: skipped, with a warning (path, directory).
    pub outside: Vec<(String, String)>,
}

pub fn expand(paths: &[OsString]) -> Result<Expanded, String> {
    let mut e = Expanded::default();
    if paths.iter().filter(|p| *p == "-").count() > 1 {
        return Err("'-' (standard input) can be given only once".into());
    }
    for p in paths {
        if *p == "-" {
            e.inputs.push(Input::Stdin);
            continue;
        }
        let path = Path::new(p);
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => {
                let before = e.inputs.len();
                let mut found = Vec::new();
                let root = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
                let mut outside = Vec::new();
                walk(path, &root, &mut found, &mut outside, &mut e.unreadable);
                e.outside.extend(outside.into_iter().map(|o| (os(o.as_os_str()), os(p))));
                found.sort();
                e.inputs.extend(found.into_iter().map(Input::File));
                if e.inputs.len() == before {
                    e.empty_dirs.push(os(p));
                }
            }
            // Files, and paths that do not exist (reported when read).
            _ => e.inputs.push(Input::File(path.to_path_buf())),
        }
    }
    Ok(e)
}

/// Collects the `*.jsonl` files below `dir`; `root` is the real path of the
/// directory given: a symlink whose target lies outside it goes to `outside`.
fn walk(dir: &Path, root: &Path, found: &mut Vec<PathBuf>, outside: &mut Vec<PathBuf>, unreadable: &mut Vec<(String, String)>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(r) => r,
        Err(err) => return unreadable.push((os(dir.as_os_str()), err.to_string())),
    };
    for entry in entries {
        let entry = match entry {
            Ok(x) => x,
            Err(err) => {
                unreadable.push((os(dir.as_os_str()), err.to_string()));
                continue;
            }
        };
        let path = entry.path();
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            walk(&path, root, found, outside, unreadable);
        } else if path.extension().is_some_and(|x| x == "jsonl") {
            if kind.is_file() {
                found.push(path);
            } else if path.is_file() {
                // A symlink (or another kind of entry) to a file: only inside the directory given.
                match path.canonicalize() {
                    Ok(real) if real.starts_with(root) => found.push(path),
                    _ => outside.push(path),
                }
            }
        }
    }
}
