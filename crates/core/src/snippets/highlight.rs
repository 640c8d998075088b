//! A light syntax highlighter: splits YAML, Python, shell, XML or JSON into
//! (token class, text) spans that the UI renders as `<span class=...>`.
//! The spans' texts, joined, are exactly the input.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lang {
    Yaml,
    Python,
    Shell,
    Xml,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TokenClass {
    Plain,
    Keyword,
    String,
    Number,
    Comment,
    /// A YAML / JSON key.
    Key,
    /// An XML tag name.
    Tag,
    /// An XML attribute name.
    Attribute,
    Punctuation,
    /// A shell variable, a Python decorator.
    Variable,
}

impl TokenClass {
    /// The CSS class the UI puts on the span.
    pub fn css_class(self) -> &'static str {
        match self {
            TokenClass::Plain => "tok-plain",
            TokenClass::Keyword => "tok-keyword",
            TokenClass::String => "tok-string",
            TokenClass::Number => "tok-number",
            TokenClass::Comment => "tok-comment",
            TokenClass::Key => "tok-key",
            TokenClass::Tag => "tok-tag",
            TokenClass::Attribute => "tok-attr",
            TokenClass::Punctuation => "tok-punct",
            TokenClass::Variable => "tok-var",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    pub class: TokenClass,
    pub text: String,
}

const PY_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except",
    "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
    "while", "with", "yield",
];
const SH_KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "for", "in", "do", "done", "while", "until", "case", "esac", "function", "return", "exit", "set",
    "local", "break", "continue", "echo", "true", "false",
];

struct Out(Vec<Span>);

impl Out {
    fn push(&mut self, class: TokenClass, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.0.last_mut() {
            Some(last) if last.class == class => last.text.push_str(text),
            _ => self.0.push(Span { class, text: text.to_string() }),
        }
    }
}

/// Byte length of a quoted string starting at `s[0]` (the quote), honouring
/// backslash escapes when `escapes`; to the end if unterminated.
fn quoted_len(s: &str, quote: &str, escapes: bool) -> usize {
    let mut i = quote.len();
    while i < s.len() {
        if escapes && s[i..].starts_with('\\') {
            i += 1 + s[i + 1..].chars().next().map_or(0, char::len_utf8);
            continue;
        }
        if s[i..].starts_with(quote) {
            return i + quote.len();
        }
        i += s[i..].chars().next().map_or(1, char::len_utf8);
    }
    s.len()
}

fn word_len(s: &str) -> usize {
    s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len())
}

fn number_len(s: &str) -> usize {
    let n = s.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '_')).unwrap_or(s.len());
    // A number must not run into a word (`2to3`, `v1`).
    if s[n..].chars().next().is_some_and(|c| c.is_alphabetic() || c == '_') {
        0
    } else {
        n
    }
}

fn line_len(s: &str) -> usize {
    s.find('\n').unwrap_or(s.len())
}

fn next_char_len(s: &str) -> usize {
    s.chars().next().map_or(1, char::len_utf8)
}

fn prev_is_boundary(text: &str, i: usize) -> bool {
    text[..i].chars().last().is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
}

fn code(text: &str, lang: Lang, out: &mut Out) {
    let keywords = if lang == Lang::Python { PY_KEYWORDS } else { SH_KEYWORDS };
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or(' ');
        let (class, len) = if c == '#' && (lang == Lang::Python || prev_is_boundary(text, i) && !text[..i].ends_with('$')) {
            (TokenClass::Comment, line_len(rest))
        } else if lang == Lang::Python && (rest.starts_with("\"\"\"") || rest.starts_with("'''")) {
            (TokenClass::String, quoted_len(rest, &rest[..3], true))
        } else if c == '"' || c == '\'' {
            let escapes = !(lang == Lang::Shell && c == '\'');
            (TokenClass::String, quoted_len(rest, &rest[..1], escapes))
        } else if lang == Lang::Shell && c == '$' {
            let after = &rest[1..];
            let n = if after.starts_with('{') { after.find('}').map_or(after.len(), |p| p + 1) } else { word_len(after) };
            (TokenClass::Variable, 1 + n)
        } else if lang == Lang::Python && c == '@' && prev_is_boundary(text, i) {
            (TokenClass::Variable, 1 + word_len(&rest[1..]))
        } else if c.is_ascii_digit() && prev_is_boundary(text, i) && number_len(rest) > 0 {
            (TokenClass::Number, number_len(rest))
        } else if c.is_alphabetic() || c == '_' {
            let n = word_len(rest);
            let w = &rest[..n];
            // f"…", r'…', b"…" string prefixes in Python.
            if lang == Lang::Python && n <= 2 && w.chars().all(|ch| "fFrRbBuU".contains(ch)) && rest[n..].starts_with(['"', '\'']) {
                let q = &rest[n..];
                let ql = if q.starts_with("\"\"\"") || q.starts_with("'''") { 3 } else { 1 };
                (TokenClass::String, n + quoted_len(q, &q[..ql], true))
            } else if keywords.contains(&w) && prev_is_boundary(text, i) && !(lang == Lang::Shell && text[..i].ends_with('-')) {
                (TokenClass::Keyword, n)
            } else {
                (TokenClass::Plain, n)
            }
        } else if "()[]{}:,;=<>|&+-*/%.!".contains(c) {
            (TokenClass::Punctuation, c.len_utf8())
        } else {
            (TokenClass::Plain, next_char_len(rest))
        };
        out.push(class, &rest[..len]);
        i += len;
    }
}

fn yaml_scalar(v: &str, out: &mut Out) {
    let lead = v.len() - v.trim_start().len();
    out.push(TokenClass::Plain, &v[..lead]);
    let v = &v[lead..];
    let t = v.trim_end();
    let class = if t.starts_with('"') || t.starts_with('\'') {
        TokenClass::String
    } else if !t.is_empty() && t.parse::<f64>().is_ok() {
        TokenClass::Number
    } else if matches!(t, "true" | "false" | "null" | "~") {
        TokenClass::Keyword
    } else {
        TokenClass::Plain
    };
    out.push(class, t);
    out.push(TokenClass::Plain, &v[t.len()..]);
}

/// Where a YAML comment starts in a line (a `#` outside quotes, after a space).
fn yaml_comment_at(line: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) if c == q && prev != '\\' => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' && prev.is_whitespace() => return Some(i),
            None => {}
        }
        prev = c;
    }
    None
}

fn yaml(text: &str, out: &mut Out) {
    for line in text.split_inclusive('\n') {
        let (body, nl) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
        let (body, comment) = match yaml_comment_at(body) {
            Some(at) => (&body[..at], &body[at..]),
            None => (body, ""),
        };
        let indent = body.len() - body.trim_start().len();
        out.push(TokenClass::Plain, &body[..indent]);
        let mut rest = &body[indent..];
        if rest.starts_with("---") || rest.starts_with("- ") || rest == "-" {
            let n = if rest.starts_with("---") { 3 } else { 1 };
            out.push(TokenClass::Punctuation, &rest[..n]);
            rest = &rest[n..];
            let ws = rest.len() - rest.trim_start().len();
            out.push(TokenClass::Plain, &rest[..ws]);
            rest = &rest[ws..];
        }
        let key_end = if rest.starts_with('"') {
            Some(quoted_len(rest, "\"", true))
        } else {
            rest.find(": ").or_else(|| rest.strip_suffix(':').map(str::len))
        };
        match key_end {
            Some(k) if rest[k..].starts_with(':') => {
                out.push(TokenClass::Key, &rest[..k]);
                out.push(TokenClass::Punctuation, ":");
                yaml_scalar(&rest[k + 1..], out);
            }
            _ => yaml_scalar(rest, out),
        }
        out.push(TokenClass::Comment, comment);
        out.push(TokenClass::Plain, nl);
    }
}

fn xml(text: &str, out: &mut Out) {
    let mut i = 0;
    let mut in_tag = false;
    while i < text.len() {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or(' ');
        let (class, len) = if !in_tag && rest.starts_with("<!--") {
            (TokenClass::Comment, rest.find("-->").map_or(rest.len(), |p| p + 3))
        } else if !in_tag && c == '<' {
            in_tag = true;
            let slash = usize::from(rest[1..].starts_with(['/', '?']));
            out.push(TokenClass::Punctuation, &rest[..1 + slash]);
            i += 1 + slash;
            let name = text[i..].find(|ch: char| ch.is_whitespace() || ch == '>' || ch == '/').unwrap_or(text.len() - i);
            (TokenClass::Tag, name)
        } else if in_tag && (c == '>' || rest.starts_with("/>") || rest.starts_with("?>")) {
            in_tag = false;
            (TokenClass::Punctuation, if c == '>' { 1 } else { 2 })
        } else if in_tag && (c == '"' || c == '\'') {
            (TokenClass::String, quoted_len(rest, &rest[..1], false))
        } else if in_tag && c == '=' {
            (TokenClass::Punctuation, 1)
        } else if in_tag && !c.is_whitespace() {
            (TokenClass::Attribute, rest.find(|ch: char| ch.is_whitespace() || "=>/".contains(ch)).unwrap_or(rest.len()).max(1))
        } else {
            let stop = if in_tag { rest.find(|ch: char| !ch.is_whitespace()) } else { rest.find('<') };
            (TokenClass::Plain, stop.unwrap_or(rest.len()).max(1))
        };
        let len = len.min(text.len() - i);
        out.push(class, &text[i..i + len]);
        i += len;
    }
}

fn json(text: &str, out: &mut Out) {
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or(' ');
        let (class, len) = if c == '"' {
            let n = quoted_len(rest, "\"", true);
            let is_key = rest[n..].trim_start().starts_with(':');
            (if is_key { TokenClass::Key } else { TokenClass::String }, n)
        } else if c == '-' || c.is_ascii_digit() {
            let n = rest.find(|ch: char| !(ch.is_ascii_digit() || "+-.eE".contains(ch))).unwrap_or(rest.len());
            (TokenClass::Number, n.max(1))
        } else if c.is_ascii_alphabetic() {
            (TokenClass::Keyword, word_len(rest))
        } else if "{}[]:,".contains(c) {
            (TokenClass::Punctuation, 1)
        } else {
            (TokenClass::Plain, next_char_len(rest))
        };
        out.push(class, &rest[..len]);
        i += len;
    }
}

/// Splits `text` into highlighted spans; adjacent spans of one class are merged.
pub fn highlight(text: &str, lang: Lang) -> Vec<Span> {
    let mut out = Out(Vec::new());
    match lang {
        Lang::Yaml => yaml(text, &mut out),
        Lang::Python | Lang::Shell => code(text, lang, &mut out),
        Lang::Xml => xml(text, &mut out),
        Lang::Json => json(text, &mut out),
    }
    out.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use TokenClass::*;

    fn joined(spans: &[Span]) -> std::string::String {
        spans.iter().map(|s| s.text.as_str()).collect()
    }

    fn of(spans: &[Span], class: TokenClass) -> Vec<&str> {
        spans.iter().filter(|s| s.class == class).map(|s| s.text.as_str()).collect()
    }

    #[test]
    fn yaml_keys_strings_numbers_comments() {
        let src = "spec:\n  maxReplicaCount: 20\n  triggers:\n    - type: \"azure-servicebus\"\n      metadata:\n        messageCount: \"20\"  # target # backlog\n---\n";
        let s = highlight(src, Lang::Yaml);
        assert_eq!(joined(&s), src);
        assert_eq!(of(&s, Key), ["spec", "maxReplicaCount", "triggers", "type", "metadata", "messageCount"]);
        assert_eq!(of(&s, String), ["\"azure-servicebus\"", "\"20\""]);
        assert_eq!(of(&s, Number), ["20"]);
        assert_eq!(of(&s, Comment), ["# target # backlog"]);
    }

    #[test]
    fn python_tokens() {
        let src =
            "import json\n# note\ndef f(x):\n    \"\"\"Doc\n    more\"\"\"\n    return f\"{x}\" + 'a\\'b' + 2 ** 3  # tail\n@decorator\n";
        let s = highlight(src, Lang::Python);
        assert_eq!(joined(&s), src);
        assert_eq!(of(&s, Keyword), ["import", "def", "return"]);
        assert_eq!(of(&s, Comment), ["# note", "# tail"]);
        assert_eq!(of(&s, String), ["\"\"\"Doc\n    more\"\"\"", "f\"{x}\"", "'a\\'b'"]);
        assert_eq!(of(&s, Variable), ["@decorator"]);
    }

    #[test]
    fn shell_tokens() {
        let src = "for i in $(seq 1 10); do\n  echo \"${delay} s\" '$x' $# # c\ndone\n";
        let s = highlight(src, Lang::Shell);
        assert_eq!(joined(&s), src);
        assert_eq!(of(&s, Keyword), ["for", "in", "do", "echo", "done"]);
        assert_eq!(of(&s, String), ["\"${delay} s\"", "'$x'"]);
        assert_eq!(of(&s, Comment), ["# c"]);
        assert_eq!(of(&s, Number), ["1", "10"]);
    }

    #[test]
    fn xml_tokens() {
        let src = "<policies>\n  <!-- c -->\n  <llm-token-limit counter-key=\"@(x)\" tokens-per-minute=\"5\" />\n</policies>\n";
        let s = highlight(src, Lang::Xml);
        assert_eq!(joined(&s), src);
        assert_eq!(of(&s, Tag), ["policies", "llm-token-limit", "policies"]);
        assert_eq!(of(&s, Attribute), ["counter-key", "tokens-per-minute"]);
        assert_eq!(of(&s, String), ["\"@(x)\"", "\"5\""]);
        assert_eq!(of(&s, Comment), ["<!-- c -->"]);
    }

    #[test]
    fn json_tokens() {
        let src = "{\"a\": \"b\", \"n\": -1.5e3, \"t\": true}";
        let s = highlight(src, Lang::Json);
        assert_eq!(joined(&s), src);
        assert_eq!(of(&s, Key), ["\"a\"", "\"n\"", "\"t\""]);
        assert_eq!(of(&s, Number), ["-1.5e3"]);
        assert_eq!(of(&s, Keyword), ["true"]);
    }

    #[test]
    fn never_loses_text_on_odd_input() {
        for src in ["\"unterminated", "<a b='x", "é#ü\t\u{0}", "key: 'x' # c", "$", "''' open", "<", "-"] {
            for lang in [Lang::Yaml, Lang::Python, Lang::Shell, Lang::Xml, Lang::Json] {
                assert_eq!(joined(&highlight(src, lang)), src, "{lang:?} {src:?}");
            }
        }
    }
}
