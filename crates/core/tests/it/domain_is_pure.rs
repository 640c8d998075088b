//! The domain knows nothing of the browser: no crate of core's dependency
//! graph (its `[dependencies]`, `[build-dependencies]` and target tables, then
//! everything they pull in per the workspace's Cargo.lock) is leptos, web-sys,
//! js-sys, wasm-bindgen or gloo (nor pyo3: the Python package binds the core,
//! never the reverse). With none of them in the graph, naming one in
//! `crates/core/src` is a compile error; this test stops one being added to
//! the graph.

use std::collections::{BTreeSet, HashMap};

/// Crate names (or prefixes, ending in `*`) the domain must not depend on:
/// the browser's, and the Python binding's.
const BROWSER_CRATES: &[&str] = &["leptos*", "web-sys", "js-sys", "wasm-bindgen*", "gloo*", "pyo3*"];

fn is_browser_crate(name: &str) -> bool {
    BROWSER_CRATES.iter().any(|b| match b.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == *b,
    })
}

/// The dependency names a manifest declares outside its dev-dependencies.
fn normal_dependencies(manifest: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut in_deps = false;
    for line in manifest.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let header = header.trim();
            // `[dependencies.foo]` (and the target form) declares foo itself.
            let table = |t: &str| {
                header == t
                    || header.ends_with(&format!(".{t}"))
                    || header.starts_with(&format!("{t}."))
                    || header.contains(&format!(".{t}."))
            };
            let is_deps = (table("dependencies") || table("build-dependencies")) && !header.contains("dev-dependencies");
            in_deps = false;
            if is_deps {
                let last = header.rsplit('.').next().unwrap_or_default();
                if last == "dependencies" || last == "build-dependencies" {
                    in_deps = true;
                } else {
                    names.insert(last.trim_matches('"').to_owned());
                }
            }
            continue;
        }
        if in_deps && !line.is_empty() && !line.starts_with('#') {
            if let Some((key, _)) = line.split_once('=') {
                names.insert(key.trim().trim_matches('"').to_owned());
            }
        }
    }
    names
}

/// Cargo.lock's graph by name: each package's dependencies, over every
/// version of it (a superset, which is what a "never reachable" check wants).
fn lock_graph(lock: &str) -> HashMap<String, BTreeSet<String>> {
    let mut graph: HashMap<String, BTreeSet<String>> = HashMap::new();
    for block in lock.split("[[package]]").skip(1) {
        let mut name = None;
        let mut deps = BTreeSet::new();
        let mut in_deps = false;
        for line in block.lines() {
            if let Some(n) = line.strip_prefix("name = ") {
                name = Some(n.trim_matches('"').to_owned());
            } else if line.starts_with("dependencies = [") {
                in_deps = true;
            } else if in_deps && line.starts_with(']') {
                in_deps = false;
            } else if in_deps {
                let dep = line.trim().trim_matches(',').trim_matches('"');
                // "name version" when two versions are locked.
                deps.insert(dep.split(' ').next().unwrap_or_default().to_owned());
            }
        }
        if let Some(name) = name {
            graph.entry(name).or_default().extend(deps);
        }
    }
    graph
}

/// Every browser crate reachable from `roots`, with the path that reaches it.
fn browser_crates_reachable(roots: &BTreeSet<String>, graph: &HashMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut found = Vec::new();
    let mut seen = BTreeSet::new();
    let mut stack: Vec<Vec<String>> = roots.iter().map(|r| vec![r.clone()]).collect();
    while let Some(path) = stack.pop() {
        let name = path.last().expect("a path is never empty").clone();
        if !seen.insert(name.clone()) {
            continue;
        }
        if is_browser_crate(&name) {
            found.push(path.join(" -> "));
            continue;
        }
        for dep in graph.get(&name).into_iter().flatten() {
            let mut next = path.clone();
            next.push(dep.clone());
            stack.push(next);
        }
    }
    found
}

#[test]
fn core_depends_on_no_browser_crate() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let manifest = std::fs::read_to_string(format!("{dir}/Cargo.toml")).expect("core's Cargo.toml");
    let lock = std::fs::read_to_string(format!("{dir}/../../Cargo.lock")).expect("the workspace's Cargo.lock");
    let roots = normal_dependencies(&manifest);
    assert!(roots.contains("serde") && roots.contains("regex-lite"), "read core's dependencies: {roots:?}");
    assert!(!roots.contains("proptest"), "dev-dependencies are not the domain's: {roots:?}");
    let found = browser_crates_reachable(&roots, &lock_graph(&lock));
    assert!(found.is_empty(), "batchlane-core reaches browser crates: {found:#?}");
}

/// The check itself finds a browser crate, direct, in a target table or
/// pulled in further down.
#[test]
fn the_check_finds_browser_crates() {
    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\nserde = \"1\"\n# web-sys = \"0.3\"\n\n\
                    [target.'cfg(target_arch = \"wasm32\")'.dependencies]\ngloo-timers = \"0.3\"\n\n\
                    [dependencies.helper]\nversion = \"1\"\n\n[dev-dependencies]\nleptos = \"0.8\"\n";
    let roots = normal_dependencies(manifest);
    assert_eq!(roots, ["gloo-timers", "helper", "serde"].map(String::from).into());
    let lock = "[[package]]\nname = \"helper\"\nversion = \"1.0.0\"\ndependencies = [\n \"js-sys\",\n \"serde\",\n]\n\n\
                [[package]]\nname = \"js-sys\"\nversion = \"0.3.0\"\n\n[[package]]\nname = \"serde\"\nversion = \"1.0.0\"\n";
    let mut found = browser_crates_reachable(&roots, &lock_graph(lock));
    found.sort();
    assert_eq!(found, ["gloo-timers", "helper -> js-sys"]);
}
