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

/// The name after `pub enum ` / `pub struct ` on a line, if any.
fn declared(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("pub enum ").or_else(|| line.trim_start().strip_prefix("pub struct "))?;
    let end = rest.find(|c: char| !c.is_alphanumeric() && c != '_').unwrap_or(rest.len());
    Some(&rest[..end])
}

#[test]
fn every_error_type_implements_std_error() {
    let all = sources();
    let everything: String = all.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>().join("\n");
    let mut missing = Vec::new();
    let mut found = 0;
    for (path, text) in &all {
        for line in text.lines() {
            let Some(name) = declared(line) else { continue };
            if !(name.ends_with("Error") || name == "WorkerFailure") {
                continue;
            }
            found += 1;
            if !everything.contains(&format!("impl std::error::Error for {name} "))
                && !everything.contains(&format!("impl std::error::Error for {name}{{"))
            {
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
