//! Quoting helpers shared by the code generators: user text never breaks
//! out of the literal it is put in.

/// A Python string literal (JSON's escaping is valid Python).
pub fn py_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}

/// A POSIX shell word in single quotes.
pub fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\"'\"'"))
}

/// Text for an XML attribute value in double quotes.
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
            c => out.push(c),
        }
    }
    out
}

/// Fills `{{KEY}}` placeholders in a template.
pub fn fill(template: &str, pairs: &[(&str, String)]) -> String {
    let mut out = template.to_string();
    for (k, v) in pairs {
        out = out.replace(&format!("{{{{{k}}}}}"), v);
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
        assert_eq!(sh_quote("it's"), "'it'\"'\"'s'");
        assert_eq!(xml_attr("a\"<&>"), "a&quot;&lt;&amp;&gt;");
        assert_eq!(fill("x={{X}} {{X}}", &[("X", "1".into())]), "x=1 1");
        assert!(is_https_url("https://x.openai.azure.com"));
        assert!(!is_https_url("https://x$(rm)"));
        assert!(!is_https_url("http://x"));
    }
}
