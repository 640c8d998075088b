//! One way for a core module to expose its items (ARCHITECTURE.md § Where
//! code goes): a tool module's files are private (`mod x;`) and its
//! `mod.rs` has the one `pub use` list, as `batch` does. A user writes
//! `batchlane_core::results::BatchJob`, never the file it lives in, so a
//! file can be split or renamed without touching its users.

use std::path::Path;

/// The submodules a tool module may still declare `pub mod`: (tool,
/// submodule, reason). The reason is also the `// ` comment on the line
/// above the `pub mod` in that tool's `mod.rs`, and ARCHITECTURE.md lists
/// every entry.
const ALLOWED: &[(&str, &str, &str)] = &[
    ("batch", "schema", SCHEMA),
    ("batch", "share", SHARE),
    ("cost", "share", SHARE),
    ("quota", "share", SHARE),
    ("snippets", "share", SHARE),
    ("snippets", "yaml", YAML),
];

const SCHEMA: &str =
    "The body-schema tables and their generator: generic names (`Node`, `Table`, `validate`, `gen`) that read only as `schema::…`.";
const SHARE: &str = "The page's link codec: `table`, `encode`, `decode`, named alike in each tool's `share`.";
const YAML: &str = "The YAML emitter: small functions (`map`, `quote`, `emit`) that read only as `yaml::…`.";

fn src() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
}

/// Each `crates/core/src/<tool>/mod.rs`: (tool, its text), sorted by tool.
fn tool_modules() -> Vec<(String, String)> {
    let mut tools = Vec::new();
    for e in std::fs::read_dir(src()).unwrap() {
        let e = e.unwrap();
        let mod_rs = e.path().join("mod.rs");
        if e.file_type().unwrap().is_dir() && mod_rs.exists() {
            let text = std::fs::read_to_string(&mod_rs).unwrap_or_else(|err| panic!("{}: {err}", mod_rs.display()));
            tools.push((e.file_name().into_string().unwrap(), text));
        }
    }
    tools.sort();
    tools
}

/// The submodules `text` declares `pub mod x;` (or `pub mod x {`): (line
/// index, name).
fn pub_mods(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let rest = l.trim().strip_prefix("pub mod ")?;
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            Some((i, name))
        })
        .collect()
}

#[test]
fn tool_modules_keep_their_files_private() {
    let tools = tool_modules();
    assert!(tools.iter().any(|(t, _)| t == "batch"), "no crates/core/src/batch/mod.rs under {}", src().display());
    let mut stray = Vec::new();
    for (tool, text) in &tools {
        let lines: Vec<&str> = text.lines().collect();
        for (i, name) in pub_mods(text) {
            match ALLOWED.iter().find(|(t, m, _)| t == tool && *m == name) {
                None => stray.push(format!("crates/core/src/{tool}/mod.rs:{}: `pub mod {name}`", i + 1)),
                Some((_, _, reason)) => {
                    let above = if i > 0 { lines[i - 1].trim() } else { "" };
                    assert_eq!(
                        above,
                        format!("// {reason}"),
                        "crates/core/src/{tool}/mod.rs:{}: the line above `pub mod {name}` gives the reason of its ALLOWED entry",
                        i + 1
                    );
                }
            }
        }
    }
    assert!(
        stray.is_empty(),
        "make these files private (`mod x;`) and re-export what is used outside in the mod.rs's one `pub use` list, as `batch` \
         does (or, for a real name clash or a namespace of small same-named functions, add an ALLOWED entry with its reason):\n{}",
        stray.join("\n")
    );
}

#[test]
fn every_exception_is_still_a_pub_mod_and_documented() {
    let tools = tool_modules();
    let architecture = std::fs::read_to_string(src().join("../../../ARCHITECTURE.md")).unwrap();
    for &(tool, name, reason) in ALLOWED {
        let text = &tools.iter().find(|(t, _)| t == tool).unwrap_or_else(|| panic!("ALLOWED names a tool `{tool}` with no mod.rs")).1;
        assert!(
            pub_mods(text).iter().any(|(_, m)| m == name),
            "ALLOWED lets `{tool}::{name}` be `pub mod`, but it no longer is: remove the entry"
        );
        assert!(!reason.is_empty(), "ALLOWED `{tool}::{name}` gives no reason");
        let path = format!("`{tool}::{name}`");
        assert!(architecture.contains(&path), "ARCHITECTURE.md does not list the exception {path}");
    }
}
