//! No module of the app imports, directly or through others, a module that
//! imports it (issue 30 item 4): among the crate's top-level modules
//! (`prefs`, `state`, `storage`, `i18n`, `components`, `pages`, …, read from
//! their `crate::…` paths) and among the modules of `src/pages/snippets`
//! (read from their `super::…` paths; an item of the page's `mod.rs` counts
//! as the parent, which imports every child).

use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The source without `//` comments (doc comments name modules too).
fn code(src: &str) -> String {
    src.lines().map(|l| l.find("//").map_or(l, |at| &l[..at])).collect::<Vec<_>>().join("\n")
}

fn ident(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    &s[..end]
}

/// The first path segment after each `prefix` (`prefix::{a, b::c}` gives both).
fn names_after(src: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in src.match_indices(prefix) {
        let rest = &src[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.insert(ident(item.trim()).to_string());
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 {
                    item.push(c);
                }
            }
            out.insert(ident(item.trim()).to_string());
        } else {
            out.insert(ident(rest).to_string());
        }
    }
    out.remove("");
    out
}

/// A cycle of `graph`, if it has one.
fn cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(node: &str, graph: &Graph, path: &mut Vec<String>, done: &mut BTreeSet<String>) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut c = path[at..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_finder_sees_paths_groups_and_cycles() {
    let found = names_after("use super::{a, b::{c, d}, e};\nlet x = super::f::g();", "super::");
    assert_eq!(found, ["a", "b", "e", "f"].map(String::from).into());
    let g: Graph = [("a", "b"), ("b", "c"), ("c", "a")].iter().map(|(x, y)| (x.to_string(), [y.to_string()].into())).collect();
    assert_eq!(cycle(&g), Some(["a", "b", "c", "a"].map(String::from).to_vec()));
    assert_eq!(code("use a; // crate::b\n"), "use a; ");
}

#[test]
fn the_top_level_modules_form_no_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = Graph::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if ["lib", "main", "bin"].contains(&name.as_str()) {
            continue;
        }
        let files = if path.is_dir() { support::rust_files(&path) } else { vec![path] };
        let deps = graph.entry(name.clone()).or_default();
        for file in files {
            deps.extend(names_after(&code(&std::fs::read_to_string(file).unwrap()), "crate::"));
        }
        deps.remove(&name);
    }
    for m in ["prefs", "state", "storage"] {
        assert!(graph.contains_key(m), "{m} not found");
    }
    assert!(!graph["prefs"].contains("state") && !graph["state"].contains("prefs"), "prefs.rs and state.rs import each other");
    assert_eq!(cycle(&graph), None, "{graph:#?}");
}

#[test]
fn the_snippets_modules_form_no_cycle() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/pages/snippets");
    let files = support::rust_files(&dir);
    let modules: BTreeSet<String> = files.iter().map(|f| f.file_stem().unwrap().to_string_lossy().to_string()).collect();
    let mut graph = Graph::new();
    for file in &files {
        let name = file.file_stem().unwrap().to_string_lossy().to_string();
        let src = code(&std::fs::read_to_string(file).unwrap());
        let deps = graph.entry(name.clone()).or_default();
        if name == "mod" {
            // The page imports each of its panels.
            deps.extend(modules.iter().filter(|m| *m != "mod").cloned());
            continue;
        }
        let mut named = names_after(&src, "super::");
        named.extend(names_after(&src, "crate::pages::snippets::"));
        for n in named {
            deps.insert(if modules.contains(&n) { n } else { "mod".to_string() });
        }
        deps.remove(&name);
    }
    assert!(graph.len() > 10, "found only {} modules", graph.len());
    assert_eq!(cycle(&graph), None, "{graph:#?}");
}
