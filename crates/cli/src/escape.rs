//! Values from a file reach a terminal or a CI log only through these
//! escapes: a custom_id holding `\n::error file=…` or an ESC sequence must
//! print as visible text, never as a new line, a workflow command or a
//! colour change.

use std::ffi::OsStr;
use std::fmt::{self, Display, Write as _};

/// Characters that move the cursor, change the terminal's state or reorder
/// the text (bidirectional overrides): everything `char::is_control` names
/// plus the Unicode format characters that reorder or hide text.
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

fn write_escaped(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    match c {
        '\n' => f.write_str("\\n"),
        '\r' => f.write_str("\\r"),
        '\t' => f.write_str("\\t"),
        c => write!(f, "\\u{{{:x}}}", c as u32),
    }
}

/// A value shown in text output: control and reordering characters are
/// written as `\n`, `\r`, `\t` or `\u{1b}`.
pub struct Text<'a>(pub &'a str);

impl Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some((i, c)) = rest.char_indices().find(|&(_, c)| is_unsafe(c)) {
            f.write_str(&rest[..i])?;
            write_escaped(f, c)?;
            rest = &rest[i + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

/// An argument or a path, which need not be UTF-8 (a file named
/// `caf\xe9.csv` in Latin-1), shown in text: [`os`], then [`Text`].
pub struct Os<'a>(pub &'a OsStr);

impl Display for Os<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Text(&os(self.0)).fmt(f)
    }
}

/// How a path is named in reports: its UTF-8 text as it is (every output
/// format escapes it as it escapes any value), each byte that is not UTF-8
/// as `\xNN` (the core's `io::path_name`, which its messages use too).
pub use batchlane_core::io::path_name as os;

/// The message part of a GitHub workflow command (after `::`): `%`, CR and
/// LF are percent-encoded as the runner expects; other control characters
/// are written visibly, as in [`Text`].
pub fn github_data(s: &str) -> String {
    github(s, false)
}

/// A property value of a workflow command (`file=…,title=…`): like
/// [`github_data`], and `:` and `,` are percent-encoded too.
pub fn github_property(s: &str) -> String {
    github(s, true)
}

fn github(s: &str, property: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' if property => out.push_str("%3A"),
            ',' if property => out.push_str("%2C"),
            c if is_unsafe(c) => {
                let _ = write!(out, "{}", Text(c.encode_utf8(&mut [0; 4])));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> String {
        Text(s).to_string()
    }

    #[test]
    fn text_shows_control_characters() {
        assert_eq!(text("a\n::error file=x::y\u{1b}[31m\t\r\u{202e}b\u{7f}"), "a\\n::error file=x::y\\u{1b}[31m\\t\\r\\u{202e}b\\u{7f}");
        assert_eq!(text("plain 한글 \"q\""), "plain 한글 \"q\"");
    }

    #[cfg(unix)]
    #[test]
    fn os_shows_bytes_that_are_not_utf8() {
        use std::os::unix::ffi::OsStrExt;
        let name = OsStr::from_bytes(b"dir/caf\xe9 \xff\xfe\xe2\x80\xae\n.csv");
        assert_eq!(os(name), "dir/caf\\xe9 \\xff\\xfe\u{202e}\n.csv");
        assert_eq!(Os(name).to_string(), "dir/caf\\xe9 \\xff\\xfe\\u{202e}\\n.csv");
        assert_eq!(os(OsStr::new("한글.jsonl")), "한글.jsonl");
    }

    #[test]
    fn github_escapes_per_the_workflow_command_rules() {
        assert_eq!(github_data("50% a\r\nb: c, d"), "50%25 a%0D%0Ab: c, d");
        assert_eq!(github_property("dir/a,b:c%\n"), "dir/a%2Cb%3Ac%25%0A");
        assert_eq!(github_data("\u{1b}[2J"), "\\u{1b}[2J");
    }
}
