//! A small, deterministic YAML emitter for the documents the generators
//! build. Every string is written double-quoted with escapes, so no value can
//! be misread as a number, a boolean or a null (`messageCount: "20"`).

/// A YAML value.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Map(Vec<Entry>),
    List(Vec<Node>),
    Str(String),
    Int(i64),
    Bool(bool),
}

/// One `key: value` of a map, with an optional trailing comment (scalars only).
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub key: String,
    pub value: Node,
    pub comment: Option<String>,
}

impl Node {
    pub fn str(s: impl Into<String>) -> Node {
        Node::Str(s.into())
    }

    fn is_scalar(&self) -> bool {
        matches!(self, Node::Str(_) | Node::Int(_) | Node::Bool(_))
            || matches!(self, Node::Map(m) if m.is_empty())
            || matches!(self, Node::List(l) if l.is_empty())
    }
}

/// Builds a map in order: `map().s("name", "x").i("n", 3).build()`.
#[derive(Default)]
pub struct MapBuilder(Vec<Entry>);

pub fn map() -> MapBuilder {
    MapBuilder::default()
}

impl MapBuilder {
    pub fn node(mut self, key: &str, value: Node) -> Self {
        self.0.push(Entry { key: key.to_string(), value, comment: None });
        self
    }
    pub fn s(self, key: &str, value: impl Into<String>) -> Self {
        self.node(key, Node::Str(value.into()))
    }
    pub fn i(self, key: &str, value: i64) -> Self {
        self.node(key, Node::Int(value))
    }
    /// Adds a trailing `# comment` to the last entry.
    pub fn comment(mut self, text: &str) -> Self {
        if let Some(last) = self.0.last_mut() {
            last.comment = Some(text.to_string());
        }
        self
    }
    pub fn build(self) -> Node {
        Node::Map(self.0)
    }
}

/// A double-quoted YAML string with `\\`, `\"` and every character outside
/// YAML's printable set escaped (C0 and C1 controls, DEL, U+FFFE/U+FFFF),
/// plus the line separators, the BOM and the invisible bidirectional and
/// zero-width characters, so that the value reads back exactly and shows
/// what it holds.
pub fn quote(s: &str) -> String {
    super::code::backslash_quoted(s, |c| needs_escape(c).then(|| format!("\\u{:04x}", c as u32)))
}

fn needs_escape(c: char) -> bool {
    c.is_control()
        || super::code::is_bidi_control(c)
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}'
        )
}

/// A map key: plain when it is a safe identifier, else quoted.
fn key(k: &str) -> String {
    // Words YAML 1.1 or 1.2 reads as a boolean or null are never plain.
    let keyword = matches!(k.to_ascii_lowercase().as_str(), "y" | "n" | "yes" | "no" | "on" | "off" | "true" | "false" | "null");
    let plain = !k.is_empty()
        && !keyword
        && k.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && k.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'));
    if plain {
        k.to_string()
    } else {
        quote(k)
    }
}

fn scalar(n: &Node) -> String {
    match n {
        Node::Str(s) => quote(s),
        Node::Int(i) => i.to_string(),
        Node::Bool(b) => b.to_string(),
        Node::Map(_) => "{}".to_string(),
        Node::List(_) => "[]".to_string(),
    }
}

fn with_comment(line: String, comment: &Option<String>) -> String {
    match comment {
        // A comment never holds a line break (it would end the comment).
        Some(c) => format!("{line}  # {}", c.replace(['\n', '\r'], " ")),
        None => line,
    }
}

fn emit_map(entries: &[Entry], indent: usize, out: &mut String) {
    for e in entries {
        emit_entry(e, indent, out);
    }
}

fn emit_entry(e: &Entry, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    if e.value.is_scalar() {
        out.push_str(&with_comment(format!("{pad}{}: {}", key(&e.key), scalar(&e.value)), &e.comment));
        out.push('\n');
        return;
    }
    out.push_str(&format!("{pad}{}:\n", key(&e.key)));
    match &e.value {
        Node::Map(m) => emit_map(m, indent + 2, out),
        Node::List(l) => emit_list(l, indent + 2, out),
        _ => unreachable!("scalars handled above"),
    }
}

fn emit_list(items: &[Node], indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    for item in items {
        match item {
            Node::Map(m) if !m.is_empty() => {
                // The first entry shares the dash's line; the rest align under it.
                let mut first = String::new();
                emit_entry(&m[0], indent + 2, &mut first);
                out.push_str(&pad);
                out.push_str("- ");
                out.push_str(&first[indent + 2..]);
                emit_map(&m[1..], indent + 2, out);
            }
            Node::List(l) if !l.is_empty() => {
                out.push_str(&format!("{pad}-\n"));
                emit_list(l, indent + 2, out);
            }
            scalar_node => {
                out.push_str(&format!("{pad}- {}\n", scalar(scalar_node)));
            }
        }
    }
}

/// One YAML document (the top node must be a map).
pub fn emit(doc: &Node) -> String {
    let mut out = String::new();
    match doc {
        Node::Map(m) if !m.is_empty() => emit_map(m, 0, &mut out),
        other => {
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
    out
}

/// Several documents separated by `---`.
pub fn emit_all(docs: &[Node]) -> String {
    docs.iter().map(emit).collect::<Vec<_>>().join("---\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_and_escapes() {
        assert_eq!(quote("20"), "\"20\"");
        assert_eq!(quote("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
        assert_eq!(quote("\u{1}"), "\"\\u0001\"");
        assert_eq!(quote("한국어"), "\"한국어\"");
        // Fails before the fix: C1 controls other than U+0085 went out raw,
        // which YAML does not allow unescaped.
        assert_eq!(quote("a\u{9b}b\u{202e}"), "\"a\\u009bb\\u202e\"");
    }

    #[test]
    fn nested_layout_is_stable() {
        let doc = map()
            .s("kind", "ScaledObject")
            .node(
                "spec",
                map()
                    .i("maxReplicaCount", 5)
                    .node(
                        "triggers",
                        Node::List(vec![map()
                            .s("type", "azure-servicebus")
                            .node("metadata", map().s("messageCount", "20").comment("target backlog per replica").build())
                            .build()]),
                    )
                    .node("empty", Node::Map(vec![]))
                    .build(),
            )
            .build();
        let want = "kind: \"ScaledObject\"\nspec:\n  maxReplicaCount: 5\n  triggers:\n    - type: \"azure-servicebus\"\n      metadata:\n        messageCount: \"20\"  # target backlog per replica\n  empty: {}\n";
        assert_eq!(emit(&doc), want);
    }

    #[test]
    fn odd_keys_are_quoted() {
        let doc = map().s("azure.workload.identity/use", "true").s("a b", "x").s("1x", "y").build();
        assert_eq!(emit(&doc), "azure.workload.identity/use: \"true\"\n\"a b\": \"x\"\n\"1x\": \"y\"\n");
        // Fails before the fix: `true:` read back as the boolean key true.
        assert_eq!(emit(&map().s("true", "x").s("No", "y").build()), "\"true\": \"x\"\n\"No\": \"y\"\n");
    }
}
