//! `view!` attribute values: a comparison (`>`, `>=`, `<`, `<=`) inside an
//! unbraced closure (`disabled=move || a >= b`) ends the tag early, and the
//! rest of the closure renders as text (issue 17, item 1: the /batch pager's
//! "Next" showed its own source). Such values must be wrapped in braces.

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable src dir") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The unbraced attribute closures of a line whose body holds a comparison.
fn unbraced_comparisons(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("=move |").or_else(|| rest.find("=|")) {
        // An attribute name right before the `=` (not `==`, `!=`, `<=`, `>=`, `=>`).
        let before = rest[..at].chars().last();
        let head = &rest[at + 1..];
        rest = &rest[at + 2..];
        if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            continue;
        }
        let head = head.strip_prefix("move ").unwrap_or(head).trim_start();
        let Some(args_end) = head[1..].find('|') else { continue };
        let body = head[args_end + 2..].trim_start();
        if body.starts_with('{') {
            continue;
        }
        // The body up to the next attribute.
        let end = [" on:", " class:", " prop:", " attr:", " style:", " data-", " aria-"]
            .iter()
            .filter_map(|m| body.find(m))
            .min()
            .unwrap_or(body.len());
        let body = &body[..end];
        if has_top_level_comparison(body) {
            found.push(body.to_string());
        }
    }
    found
}

/// A ` > `, ` >= `, ` < ` or ` <= ` outside any bracket (inside brackets the
/// macro's parser keeps the expression whole).
fn has_top_level_comparison(body: &str) -> bool {
    let mut depth = 0i32;
    let bytes = body.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'<' | b'>' if depth == 0 && i > 0 && bytes[i - 1] == b' ' => {
                let next = bytes.get(i + 1).copied();
                let after = if next == Some(b'=') { bytes.get(i + 2).copied() } else { next };
                if after == Some(b' ') {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

#[test]
fn the_scanner_finds_the_pattern() {
    assert_eq!(unbraced_comparisons(r#"<button disabled=move || page.get() + 1 >= pages() on:click=f>"#).len(), 1);
    assert_eq!(unbraced_comparisons(r#"<Show when=move || n.get() > 1>"#).len(), 1);
    assert!(unbraced_comparisons(r#"<button disabled=move || { page.get() + 1 >= pages() } on:click=f>"#).is_empty());
    assert!(unbraced_comparisons(r#"<tr class:selected=move || s.get() == Some(i) on:click=move |_| x.set(a > b)>"#).is_empty());
    assert!(unbraced_comparisons(r#"let ok = a.iter().any(|x| x > 2);"#).is_empty());
}

#[test]
fn no_view_attribute_holds_an_unbraced_comparison() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut bad = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("utf-8 source");
        for (i, line) in text.lines().enumerate() {
            for body in unbraced_comparisons(line) {
                bad.push(format!("{}:{}: {body}", f.display(), i + 1));
            }
        }
    }
    assert!(bad.is_empty(), "wrap these attribute closures in braces:\n{}", bad.join("\n"));
}
