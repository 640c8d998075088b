//! Each package's integration tests are one binary (`tests/it/main.rs`,
//! ARCHITECTURE.md § Tests): a test file beside `it/` would link a binary of
//! its own, and a file in `it/` without its `mod` line in `main.rs` is never
//! compiled. The app's wasm tests are the exception: one binary each, run by
//! name by `./dev`.

use std::path::Path;

/// Each package's test folder (from the workspace root) and the Rust files
/// allowed beside its `it/`.
const PACKAGES: &[(&str, &[&str])] =
    &[("crates/core/tests", &[]), ("crates/cli/tests", &[]), ("tests", &["browser.rs", "worker_client.rs", "worker_reader.rs"])];

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The names of the entries of `dir`: (Rust files, folders), sorted.
fn entries(dir: &Path) -> (Vec<String>, Vec<String>) {
    let (mut files, mut dirs) = (Vec::new(), Vec::new());
    for e in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let e = e.unwrap();
        let name = e.file_name().into_string().unwrap();
        if e.file_type().unwrap().is_dir() {
            dirs.push(name);
        } else if name.ends_with(".rs") {
            files.push(name);
        }
    }
    files.sort();
    dirs.sort();
    (files, dirs)
}

#[test]
fn every_test_file_is_a_module_of_its_packages_one_binary() {
    for &(tests, allowed) in PACKAGES {
        let dir = root().join(tests);
        let (files, dirs) = entries(&dir);
        let stray: Vec<_> = files.iter().filter(|f| !allowed.contains(&f.as_str())).collect();
        assert!(stray.is_empty(), "{tests}: {stray:?} would each link a test binary: move them into {tests}/it/ as modules");
        for d in dirs.iter().filter(|d| *d != "it") {
            assert!(!dir.join(d).join("main.rs").exists(), "{tests}/{d}/main.rs would link a test binary: make it modules of {tests}/it/");
        }
        let main = std::fs::read_to_string(dir.join("it/main.rs")).unwrap();
        let (modules, subdirs) = entries(&dir.join("it"));
        assert!(subdirs.is_empty(), "{tests}/it/: {subdirs:?}: one file per module");
        for f in modules.iter().filter(|f| *f != "main.rs") {
            let line = format!("mod {};", f.trim_end_matches(".rs"));
            assert!(main.lines().any(|l| l.trim() == line), "{tests}/it/{f} is never compiled: add `{line}` to {tests}/it/main.rs");
        }
    }
}

#[test]
fn dev_runs_each_wasm_test_by_name() {
    let dev = std::fs::read_to_string(root().join("dev")).unwrap();
    for &(_, wasm) in PACKAGES {
        for f in wasm {
            let name = format!("--test {}", f.trim_end_matches(".rs"));
            assert!(dev.contains(&name), "./dev's test_wasm does not run {f} (`{name}`)");
        }
    }
}
