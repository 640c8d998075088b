//! No figure in prose outside the catalog: every string literal in the
//! modules that write explanations, fixes and reasons (English and Korean)
//! is scanned, and a number equal to a catalog value outside a
//! `{placeholder}` fails. Allowed: the learning note's six quoted practice
//! problems (seed_problems.rs), which keep the note's own figures.

use batchlane_core::text::figures::{catalog_figures, strays};
use std::path::Path;

/// The string literals of a Rust source file (plain and raw), escapes kept.
fn literals(src: &str) -> Vec<(usize, String)> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let line_of = |at: usize| src[..at].matches('\n').count() + 1;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'\'' => {
                // a char literal or a lifetime: skip a quoted char.
                if b.get(i + 2) == Some(&b'\'') {
                    i += 3;
                } else if b.get(i + 1) == Some(&b'\\') {
                    i += 4;
                } else {
                    i += 1;
                }
            }
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#')) && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) => {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                let start = i + 2 + hashes;
                let close = format!("\"{}", "#".repeat(hashes));
                let end = src[start..].find(&close).map_or(b.len(), |e| start + e);
                out.push((line_of(start), src[start..end].to_string()));
                i = end + close.len();
            }
            b'"' => {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                out.push((line_of(start), src[start..j.min(b.len())].to_string()));
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// The files that hold prose: explanations, texts, lint and practice wording.
fn prose_files() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let rel = p.to_string_lossy().replace('\\', "/");
            let prose = name.starts_with("explain")
                || name.ends_with("_text.rs")
                || name == "text.rs"
                || name == "lint.rs"
                || rel.ends_with("/quota/sim/config.rs")
                || rel.ends_with("/traffic/triage.rs")
                || rel.contains("/practice/generators/");
            if prose && name.ends_with(".rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Literals that hold a number equal to a catalog value but are not that
/// figure: (file name, literal start, why).
const NOT_FIGURES: &[(&str, &str, &str)] = &[
    ("batch_lifecycle.rs", "Between 1 and 7 days", "a wrong answer, not the catalog's 7 tool tokens"),
    ("batch_lifecycle.rs", "1일에서 7일", "the same wrong answer in Korean"),
];

#[test]
fn literals_are_found() {
    let src = "let a = \"x 64\"; // \"not 10\"\nlet c = 'a'; let r = r#\"raw \"q\" 60\"#;";
    let l: Vec<String> = literals(src).into_iter().map(|(_, s)| s).collect();
    assert_eq!(l, vec!["x 64".to_string(), "raw \"q\" 60".to_string()]);
}

#[test]
fn no_catalog_figure_is_written_into_prose() {
    let figs = catalog_figures();
    let mut bad = Vec::new();
    for path in prose_files() {
        let src = std::fs::read_to_string(&path).unwrap();
        // Tests quote figures on purpose.
        let src = src.split("#[cfg(test)]").next().unwrap_or("");
        for (line, lit) in literals(src) {
            if !lit.chars().any(|c| c.is_alphabetic()) || !lit.contains(' ') {
                continue; // not prose: a key, a format like "{:.1}", a number
            }
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if NOT_FIGURES.iter().any(|(f, start, _)| *f == name && lit.starts_with(start)) {
                continue;
            }
            for s in strays(&lit, &figs) {
                bad.push(format!("{}:{line}: {} ({:?}) in {lit:?}", path.display(), s.written, s.facts.first()));
            }
        }
    }
    assert!(bad.is_empty(), "{} figures written into prose:\n{}", bad.len(), bad.join("\n"));
}

/// Every Rust file of the domain.
fn all_files() -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The Korean the domain writes (explanations, fixes, practice texts):
/// one term per concept, no particle fallback, and no particle written
/// after a value only known at run time (`{}를`), which is wrong for half
/// the values: those go through `text::josa`.
#[test]
fn korean_literals_read_as_korean() {
    use batchlane_core::text::josa::has_fallback;
    use batchlane_core::text::ko_terms::banned_in;
    const PARTICLES: &[&str] = &["을", "를", "이", "가", "은", "는", "과", "와", "으로", "로", "이라", "라는", "이며"];
    // The copula keeps its 이 after any value ("3이면", "2이므로" are right).
    const NOT_PARTICLES: &[&str] = &["이상", "이하", "이내", "이후", "이전", "이므로", "이면", "가지", "가장", "이다", "입니다", "이고"];
    // Values whose reading always ends the same way: percentages (퍼센트),
    // sizes in KB (킬로바이트), amounts in 달러.
    const ALWAYS_VOWEL: &[(&str, &str)] = &[
        ("explain.rs", "트래픽의 {}를"),
        ("explain.rs", "한 {}가 피크에서"),
        ("explain.rs", "각각 트래픽의 {}를"),
        ("servicebus.rs", "{}를 넘으면"),
        ("servicebus.rs", "{}로 한도 {}를"),
        ("servicebus.rs", "{}를 넘는 메시지"),
        ("chunk_trim.rs", "{}라는 오답"),
        ("output_cap.rs", "{}라는 오답"),
    ];
    let mut bad = Vec::new();
    for path in all_files() {
        let src = std::fs::read_to_string(&path).unwrap();
        let src = src.split("#[cfg(test)]").next().unwrap_or("");
        let name = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap().display().to_string();
        // lint.rs: its wording is being rewritten per KEDA version on
        // another branch; the terms apply to it once merged.
        if name.ends_with("ko_terms.rs") || name.ends_with("josa.rs") || name.ends_with("figures.rs") || name.ends_with("lint.rs") {
            continue;
        }
        for (line, lit) in literals(src) {
            // Korean prose, not code that happens to hold a Korean comment.
            if !lit.chars().any(|c| ('가'..='힣').contains(&c)) || lit.contains("import ") {
                continue;
            }
            for (variant, instead) in banned_in(&lit) {
                bad.push(format!("{name}:{line}: “{variant}” → {instead}"));
            }
            for run in batchlane_core::text::ko_terms::raw_code_lists(&lit) {
                bad.push(format!("{name}:{line}: a list of raw codes “{run}”: name each in Korean"));
            }
            if has_fallback(&lit) {
                bad.push(format!("{name}:{line}: particle fallback in {lit:?}"));
            }
            let mut rest = lit.as_str();
            while let Some(at) = rest.find('}') {
                let after = &rest[at + 1..];
                let opened = rest[..at].rfind('{').map(|o| &rest[o + 1..at]).unwrap_or("");
                let word: String = after.chars().take_while(|c| ('가'..='힣').contains(c)).collect();
                let numeric = opened.contains(':');
                let fixed_reading = ALWAYS_VOWEL.iter().any(|(f, frag)| {
                    name.ends_with(f) && lit.contains(frag) && frag.starts_with(&format!("{{{opened}}}{}", &word[..word.len().min(3)]))
                        || frag.contains(&format!("{{{opened}}}{word}"))
                });
                if !numeric
                    && !fixed_reading
                    && PARTICLES.iter().any(|p| word.starts_with(p))
                    && !NOT_PARTICLES.iter().any(|p| word.starts_with(p))
                {
                    bad.push(format!("{name}:{line}: particle after a run-time value: {{{opened}}}{word}"));
                }
                rest = after;
            }
        }
    }
    assert!(bad.is_empty(), "{} Korean literals to fix:\n{}", bad.len(), bad.join("\n"));
}
