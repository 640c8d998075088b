//! Notices a file given in the wrong place: an output or error file given
//! as the input, an input file given as the output or error file, or a
//! batch job object given as any of them. Output and error files share one
//! line shape, so swapping those two is harmless and not reported.

use super::report::{FileStats, Misplaced};
use super::FileKind;
use serde_json::Value;

/// Bytes from the start of each file kept to recognise it.
pub const SAMPLE_BYTES: usize = 4_096;

/// What the beginning of a file looks like: `Input` (request lines),
/// `Output` (result lines; an error file looks the same), `Job` (a batch
/// object, on one line or pretty-printed), or `None` if none of these.
pub fn detect_kind(sample: &[u8]) -> Option<FileKind> {
    let text = String::from_utf8_lossy(sample);
    let text = text.trim_start_matches('\u{feff}').trim_start();
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        if is_job_value(&v) {
            return Some(FileKind::Job);
        }
    }
    let first = text.lines().find(|l| !l.trim().is_empty())?;
    match serde_json::from_str::<Value>(first) {
        Ok(v) if is_job_value(&v) => Some(FileKind::Job),
        Ok(Value::Object(m)) => {
            let result = m.contains_key("response") || m.contains_key("error");
            let input = m.contains_key("method") || m.contains_key("url") || m.contains_key("body");
            match (input, result) {
                (true, false) => Some(FileKind::Input),
                (false, true) => Some(FileKind::Output),
                _ => None,
            }
        }
        // A pretty-printed job object cut off by the sample size.
        _ if first.trim() == "{" && looks_like_job_text(text) => Some(FileKind::Job),
        _ => None,
    }
}

fn is_job_value(v: &Value) -> bool {
    v.get("object").and_then(Value::as_str) == Some("batch")
}

fn looks_like_job_text(text: &str) -> bool {
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    squeezed.contains(r#""object":"batch""#) || (squeezed.contains(r#""input_file_id":"#) && squeezed.contains(r#""completion_window":"#))
}

/// The files that look like another kind than the one they were given as:
/// more than half of the readable-or-not lines are of the other kind, or
/// the file's start is a batch job object.
/// Each tuple: the slot, its stats, lines of the other kind, the file's first bytes.
pub fn misplaced_files(files: &[(FileKind, FileStats, u64, &[u8])]) -> Vec<Misplaced> {
    let mut out = Vec::new();
    for &(given_as, stats, foreign, sample) in files {
        if !stats.present {
            continue;
        }
        let lines = stats.lines.saturating_sub(stats.blank_lines);
        let looks_like = if detect_kind(sample) == Some(FileKind::Job) {
            Some(FileKind::Job)
        } else if lines > 0 && foreign * 2 > lines {
            Some(if given_as == FileKind::Input { FileKind::Output } else { FileKind::Input })
        } else {
            None
        };
        if let Some(looks_like) = looks_like {
            out.push(Misplaced { given_as, looks_like });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_recognised() {
        let input = br#"{"custom_id":"a","method":"POST","url":"/v1/chat/completions","body":{"model":"m"}}"#;
        let output = br#"{"id":"batch_req_1","custom_id":"a","response":{"status_code":200,"body":{}},"error":null}"#;
        assert_eq!(detect_kind(input), Some(FileKind::Input));
        assert_eq!(detect_kind(output), Some(FileKind::Output));
        assert_eq!(detect_kind(br#"{"id":"batch_1","object":"batch","status":"completed"}"#), Some(FileKind::Job));
        let pretty = b"{\n  \"id\": \"batch_1\",\n  \"object\": \"batch\",\n  \"endpoint\": \"/v1/chat/com";
        assert_eq!(detect_kind(pretty), Some(FileKind::Job));
        assert_eq!(detect_kind(b"hello"), None);
        assert_eq!(detect_kind(b""), None);
    }

    #[test]
    fn mostly_foreign_lines_mean_misplaced() {
        let stats = FileStats { present: true, lines: 10, blank_lines: 0, ..Default::default() };
        let m = misplaced_files(&[(FileKind::Input, stats, 10, b"x"), (FileKind::Output, stats, 1, b"x")]);
        assert_eq!(m, vec![Misplaced { given_as: FileKind::Input, looks_like: FileKind::Output }]);
    }
}
