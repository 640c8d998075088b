//! A light pass over a line that serde_json has already accepted: finds
//! duplicate object keys (serde_json silently keeps the last) and where the
//! top-level and `body` keys sit, for columns. Keys are compared as written
//! (`"a"` and `"\u0061"` count as different keys).

use std::collections::HashSet;

/// What the scan found; offsets are byte offsets in the line of the key's
/// opening quote.
#[derive(Debug, Default)]
pub(crate) struct Scan<'a> {
    pub top: Vec<(&'a [u8], usize)>,
    pub body: Vec<(&'a [u8], usize)>,
    /// Repeated keys, each with the offset of the repeat (at most `MAX_DUPS`).
    pub duplicates: Vec<(&'a [u8], usize)>,
    pub duplicate_count: usize,
}

const MAX_DUPS: usize = 16;
/// Above this many keys an object's duplicate check switches to a set.
const LINEAR_KEYS: usize = 32;

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Top,
    Body,
    Other,
}

struct Obj<'a> {
    kind: Kind,
    keys_start: usize,
    set: Option<HashSet<&'a [u8]>>,
}

enum Frame<'a> {
    Obj(Obj<'a>),
    Arr,
}

impl<'a> Scan<'a> {
    pub fn key_offset(&self, key: &str) -> Option<usize> {
        self.top.iter().find(|(k, _)| *k == key.as_bytes()).map(|&(_, o)| o)
    }

    /// The last occurrence of a top-level key (the one serde_json keeps).
    pub fn last_key_offset(&self, key: &str) -> Option<usize> {
        self.top.iter().rev().find(|(k, _)| *k == key.as_bytes()).map(|&(_, o)| o)
    }

    pub fn body_key_offset(&self, key: &str) -> Option<usize> {
        self.body.iter().find(|(k, _)| *k == key.as_bytes()).map(|&(_, o)| o)
    }
}

/// Index of the closing quote of the string opening at `open`
/// (`b.len()` if it is not closed). Jumps from quote or backslash to the
/// next with `memchr2`: long strings (message contents) cost little.
pub(crate) fn string_end(b: &[u8], open: usize) -> usize {
    let mut i = open + 1;
    while i < b.len() {
        match memchr::memchr2(b'"', b'\\', &b[i..]) {
            None => break,
            Some(k) if b[i + k] == b'"' => return i + k,
            // A backslash: the next byte is escaped.
            Some(k) => i += k + 2,
        }
    }
    b.len()
}

/// An upper bound on the JSON values and keys in a line (its items), from
/// the brackets, commas and colons outside strings: parsing a line costs
/// memory in proportion to it, whatever the line's length.
pub(crate) fn json_items(b: &[u8]) -> u64 {
    let mut items = 1u64;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => i = string_end(b, i),
            b'[' | b'{' | b',' | b':' => items += 1,
            _ => {}
        }
        i += 1;
    }
    items
}

/// Scans one line of valid JSON.
pub(crate) fn scan(b: &[u8]) -> Scan<'_> {
    let mut out = Scan::default();
    let mut stack: Vec<Frame> = Vec::new();
    let mut keys: Vec<&[u8]> = Vec::new();
    let mut next_kind = Kind::Top;
    let mut expect_key = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' => {
                stack.push(Frame::Obj(Obj { kind: next_kind, keys_start: keys.len(), set: None }));
                next_kind = Kind::Other;
                expect_key = true;
            }
            b'[' => {
                stack.push(Frame::Arr);
                next_kind = Kind::Other;
            }
            b'}' | b']' => {
                if let Some(Frame::Obj(o)) = stack.pop() {
                    keys.truncate(o.keys_start);
                }
                expect_key = false;
            }
            b',' => expect_key = matches!(stack.last(), Some(Frame::Obj(_))),
            b':' => expect_key = false,
            b'"' => {
                let end = string_end(b, i);
                let text = &b[i + 1..end.min(b.len())];
                match stack.last_mut() {
                    Some(Frame::Obj(o)) if expect_key => {
                        note_key(o, &mut keys, text, i, &mut out);
                        next_kind = if o.kind == Kind::Top && text == b"body" { Kind::Body } else { Kind::Other };
                    }
                    _ => next_kind = Kind::Other,
                }
                expect_key = false;
                i = end;
            }
            b' ' | b'\t' | b'\r' | b'\n' => {}
            _ => next_kind = Kind::Other,
        }
        i += 1;
    }
    out
}

fn note_key<'a>(o: &mut Obj<'a>, keys: &mut Vec<&'a [u8]>, key: &'a [u8], at: usize, out: &mut Scan<'a>) {
    let mine = &keys[o.keys_start..];
    let repeated = match &mut o.set {
        Some(set) => !set.insert(key),
        None if mine.len() >= LINEAR_KEYS => {
            let mut set: HashSet<&[u8]> = mine.iter().copied().collect();
            let repeated = !set.insert(key);
            o.set = Some(set);
            repeated
        }
        None => mine.contains(&key),
    };
    if repeated {
        out.duplicate_count += 1;
        if out.duplicates.len() < MAX_DUPS {
            out.duplicates.push((key, at));
        }
    } else {
        keys.push(key);
    }
    match o.kind {
        Kind::Top => out.top.push((key, at)),
        Kind::Body => out.body.push((key, at)),
        Kind::Other => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_duplicates_at_any_depth_and_key_offsets() {
        let line = br#"{"custom_id":"a","body":{"model":"m","x":{"k":1,"k":2},"model":"n"},"url":"/u"}"#;
        let s = scan(line);
        let dups: Vec<_> = s.duplicates.iter().map(|(k, _)| std::str::from_utf8(k).unwrap()).collect();
        assert_eq!(dups, ["k", "model"]);
        assert_eq!(s.key_offset("custom_id"), Some(1));
        assert_eq!(s.key_offset("url"), Some(line.len() - 11));
        assert_eq!(s.body_key_offset("model"), Some(25));
        assert_eq!(s.body_key_offset("k"), None);
    }

    #[test]
    fn strings_with_braces_and_escapes_do_not_confuse_it() {
        let s = scan(br#"{"a":"{\"a\":1,","b":[{"a":1},{"a":2}],"c":"\\"}"#);
        assert_eq!(s.duplicate_count, 0);
        assert_eq!(s.top.len(), 3);
    }

    #[test]
    fn string_ends_skip_escapes() {
        for (line, open, end) in [
            (&br#""abc" x"#[..], 0, 4),
            (br#""a\"b" x"#, 0, 5),
            (br#""a\\" x"#, 0, 4),
            (br#""a\\\"b""#, 0, 7),
            (br#"x "open"#, 2, 7),
            (br#""ends in \"#, 0, 10),
            (br#""""#, 0, 1),
        ] {
            assert_eq!(string_end(line, open), end, "{}", String::from_utf8_lossy(line));
        }
    }

    #[test]
    fn items_bound_values_and_keys() {
        assert_eq!(json_items(b"1"), 1);
        assert_eq!(json_items(br#"{"a":[1,1,1],"b":"[,:{"}"#), 8);
        assert!(json_items(&b"[1,".repeat(1000)) >= 2000);
    }

    #[test]
    fn many_keys_use_a_set() {
        let mut line = String::from("{");
        for k in 0..100 {
            line.push_str(&format!("\"k{k}\":1,"));
        }
        line.push_str("\"k5\":2}");
        let s = scan(line.as_bytes());
        assert_eq!(s.duplicate_count, 1);
    }
}
