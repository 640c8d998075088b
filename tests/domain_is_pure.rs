//! The domain must not depend on the browser: no leptos, web_sys, js_sys,
//! wasm_bindgen or gloo anywhere under src/domain.

use std::path::Path;

mod support;

#[test]
fn domain_imports_no_browser_crate() {
    let forbidden = ["leptos", "web_sys", "js_sys", "wasm_bindgen", "gloo", "crate::ui"];
    let files = support::rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/domain"));
    assert!(files.len() > 3, "found too few domain files: {files:?}");
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                let hit = code.match_indices(word).any(|(i, _)| {
                    let before = code[..i].chars().last();
                    let after = code[i + word.len()..].chars().next();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        && matches!(after, Some(':') | Some(';') | Some(' ') | Some(',') | Some('!') | Some('}'))
                });
                if hit {
                    offences.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(offences.is_empty(), "the domain uses browser crates:\n{}", offences.join("\n"));
}
