//! Quoting helpers shared by the code generators: user text never breaks
//! out of the literal it is put in.

/// A Python string literal: double quotes, with `\\`, `"` and every
/// character that is not plainly printable escaped (`\n`, `\x00`, `\u202e`,
/// …), so the literal is one token on one line whatever the text holds.
/// Other non-ASCII text (Hangul, …) stays as written (Python 3 source is UTF-8).
pub fn py_str(s: &str) -> String {
    backslash_quoted(s, |c| {
        needs_escape(c).then(|| match c as u32 {
            n @ 0..=0xff => format!("\\x{n:02x}"),
            n @ 0x100..=0xffff => format!("\\u{n:04x}"),
            n => format!("\\U{n:08x}"),
        })
    })
}

/// `s` in double quotes with the escapes Python and YAML double-quoted strings
/// share (`\\`, `\"`, `\n`, `\r`, `\t`); any other character for which
/// `escape` returns `Some` is replaced by that escape, the rest stay as written.
pub(crate) fn backslash_quoted(s: &str, escape: impl Fn(char) -> Option<String>) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => match escape(c) {
                Some(escaped) => out.push_str(&escaped),
                None => out.push(c),
            },
        }
    }
    out.push('"');
    out
}

/// The bidirectional control characters (Unicode UAX #9, table 1): the
/// embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069 and
/// the marks U+200E, U+200F and U+061C. In source they reorder what a
/// reviewer sees (CVE-2021-42574, "Trojan Source"), so every generator
/// writes them escaped (or, where the language has no escape, never).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{061c}')
}

/// Control characters, line and paragraph separators, and invisible format
/// characters (zero-width, bidirectional controls, the BOM): escaped in
/// Python literals so that the source shows what the string holds.
fn needs_escape(c: char) -> bool {
    c.is_control()
        || is_bidi_control(c)
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{206f}')
}

/// A shell word in single quotes; a `'` becomes `'\''`. Inside single
/// quotes nothing is special (`$`, backticks, `\\`, newlines), so the word
/// is the text itself. A shell word cannot hold NUL: NULs are left out (the
/// generators refuse control characters before quoting). A bidirectional
/// control is written as its UTF-8 bytes in a `$'\NNN'` word joined to the
/// rest (`'a'$'\342\200\256''b'`: bash, ksh, zsh and POSIX.1-2024 shells),
/// so the script shows it instead of being reordered by it.
pub fn sh_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\'' => out.push_str("'\\''"),
            '\0' => {}
            c if is_bidi_control(c) => {
                out.push_str("'$'");
                for b in c.encode_utf8(&mut [0; 4]).bytes() {
                    out.push_str(&format!("\\{b:03o}"));
                }
                out.push_str("''");
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Text for an XML attribute value in double quotes: `&<>"'` as entities,
/// tab, CR and LF as character references (an attribute would fold them to
/// spaces), bidirectional controls as character references (a parser reads
/// them back; the file shows them), and characters XML 1.0 cannot hold at
/// all as U+FFFD.
pub fn xml_attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c if is_bidi_control(c) => out.push_str(&format!("&#x{:X};", c as u32)),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Fills `{{KEY}}` placeholders in a template in one pass: a value is never
/// read again, so a value holding `{{OTHER}}` stays that text. A `{{…}}`
/// that names no pair is left as written.
pub fn fill(template: &str, pairs: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let value = after.find("}}").and_then(|end| pairs.iter().find(|(k, _)| *k == &after[..end]).map(|(_, v)| (v, end)));
        match value {
            Some((v, end)) => {
                out.push_str(v);
                rest = &after[end + 2..];
            }
            None => {
                // Not a placeholder here: keep one brace and look again after it.
                out.push('{');
                rest = &rest[start + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Pretty JSON with every bidirectional control written as `\uXXXX`
/// (serde_json writes them raw). Outside a string JSON cannot hold one, so
/// replacing each one in the text escapes it inside its string.
pub(crate) fn json_pretty(v: &serde_json::Value) -> String {
    let text = serde_json::to_string_pretty(v).unwrap_or_default();
    if !text.chars().any(is_bidi_control) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_bidi_control(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// `true` for an `https://` address with a host and no spaces or quotes.
pub fn is_https_url(s: &str) -> bool {
    let t = s.trim();
    t.strip_prefix("https://").is_some_and(|rest| !rest.is_empty())
        && !t.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '\\' | '`' | '$'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(py_str("a\"b\n"), "\"a\\\"b\\n\"");
        assert_eq!(py_str("\0\u{202e}한\u{1F600}"), "\"\\x00\\u202e한\u{1F600}\"");
        assert_eq!(sh_quote("it's"), "'it'\\''s'");
        assert_eq!(xml_attr("a\"<&>\t\r"), "a&quot;&lt;&amp;&gt;&#9;&#13;");
        assert_eq!(fill("x={{X}} {{X}}", &[("X", "1".into())]), "x=1 1");
        assert_eq!(fill("{{{X}}: {{Y}}}", &[("X", "a".into()), ("Y", "b".into())]), "{a: b}");
        assert!(is_https_url("https://x.openai.azure.com"));
        assert!(!is_https_url("https://x$(rm)"));
        assert!(!is_https_url("http://x"));
    }

    #[test]
    fn fill_is_one_pass() {
        // Fails before the fix: the value of A was searched again for {{B}}.
        let pairs = [("A", "{{B}}".to_string()), ("B", "$(id)".to_string())];
        assert_eq!(fill("a={{A}} b={{B}} c={{C}}", &pairs), "a={{B}} b=$(id) c={{C}}");
    }
}
