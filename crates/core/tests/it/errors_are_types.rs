//! Errors are types: every error type of the core (a type named `…Error`,
//! or `WorkerFailure`) implements `std::error::Error` (and so `Display`),
//! and no public function answers `Result<_, String>`.

use std::path::{Path, PathBuf};

fn sources() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                out.push((p, text));
            }
        }
    }
    out
}

/// The name after `pub enum ` / `pub struct ` / `pub type ` on a line, if
/// any, and for an alias the name of the type it stands for
/// (`pub type FormError = crate::io::FieldError<String, Text>;` → `FieldError`).
fn declared(line: &str) -> Option<(&str, Option<&str>)> {
    let t = line.trim_start();
    let ident_end = |s: &str| s.find(|c: char| !c.is_alphanumeric() && c != '_').unwrap_or(s.len());
    if let Some(rest) = t.strip_prefix("pub type ") {
        let name = &rest[..ident_end(rest)];
        let target = rest.split_once('=')?.1.trim().split('<').next()?.rsplit("::").next()?;
        return Some((name, Some(target)));
    }
    let rest = t.strip_prefix("pub enum ").or_else(|| t.strip_prefix("pub struct "))?;
    Some((&rest[..ident_end(rest)], None))
}

/// Whether `name` (a type, generic or not) implements `std::error::Error`.
fn implements(everything: &str, name: &str) -> bool {
    ["impl std::error::Error for {} ", "impl std::error::Error for {}{", "std::error::Error for {}<"]
        .iter()
        .any(|pattern| everything.contains(&pattern.replace("{}", name)))
}

#[test]
fn every_error_type_implements_std_error() {
    let all = sources();
    let everything: String = all.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>().join("\n");
    let mut missing = Vec::new();
    let mut found = 0;
    for (path, text) in &all {
        for line in text.lines() {
            let Some((name, alias_of)) = declared(line) else { continue };
            if !(name.ends_with("Error") || name == "WorkerFailure") {
                continue;
            }
            found += 1;
            if !implements(&everything, alias_of.unwrap_or(name)) {
                missing.push(format!("{name} ({})", path.display()));
            }
        }
    }
    assert!(found >= 20, "only {found} error types found: is the scan right?");
    assert!(missing.is_empty(), "{} error types without std::error::Error:\n{}", missing.len(), missing.join("\n"));
}

#[test]
fn no_public_function_answers_a_string_error() {
    let mut bad = Vec::new();
    for (path, text) in sources() {
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("pub fn ") {
            let sig_end = rest[at..].find('{').map_or(rest.len(), |e| at + e);
            let sig: String = rest[at..sig_end].split_whitespace().collect::<Vec<_>>().join(" ");
            if sig.contains("-> Result<") && sig.trim_end().ends_with(", String>") {
                bad.push(format!("{}: {sig}", path.display()));
            }
            rest = &rest[sig_end.max(at + 7)..];
        }
    }
    assert!(bad.is_empty(), "{} public functions answer Result<_, String>:\n{}", bad.len(), bad.join("\n"));
}
