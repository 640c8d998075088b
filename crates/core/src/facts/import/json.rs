//! What the JSON importers share: the line of a byte offset, a line-length
//! check before parsing, a serde error as a problem with its line, a
//! sequence that stops at a cap while it is read (never a million items in
//! memory), and the offsets of an array's items (each item's line).

use super::{import_problem, ImportProblem};
use serde::de::{Deserialize, Deserializer, SeqAccess, Visitor};
use std::cell::Cell;
use std::marker::PhantomData;

/// 1-based line of `offset` in `bytes`.
pub fn line_of(bytes: &[u8], offset: usize) -> usize {
    memchr::memchr_iter(b'\n', &bytes[..offset.min(bytes.len())]).count().saturating_add(1)
}

/// The first line longer than `max` bytes, refused.
pub fn check_line_lengths(file: &str, bytes: &[u8], max: usize) -> Result<(), ImportProblem> {
    let mut start = 0usize;
    let mut line = 1usize;
    for nl in memchr::memchr_iter(b'\n', bytes).chain([bytes.len()]) {
        if nl - start > max {
            return Err(import_problem(file, line, "", format!("the line is longer than {max} bytes")));
        }
        start = nl + 1;
        line = line.saturating_add(1);
    }
    Ok(())
}

/// A serde error as a problem: its line, and `field` (what was being read).
pub fn serde_problem(file: &str, e: &serde_json::Error, field: &str) -> ImportProblem {
    let mut reason = e.to_string();
    // serde_json appends " at line L column C": the line is its own field.
    if let Some(i) = reason.find(" at line ") {
        reason.truncate(i);
    }
    import_problem(file, e.line(), field, reason)
}

/// The message of a [`Capped`] sequence past its budget.
const TOO_MANY: &str = "more items than batchlane reads from one file";

/// A serde error of an array under `key` capped at `max`: past the cap, the
/// line is the one the first item too many starts on.
pub fn capped_problem(file: &str, bytes: &[u8], e: &serde_json::Error, key: &str, max: usize) -> ImportProblem {
    let p = serde_problem(file, e, key);
    if !p.problem.en.starts_with(TOO_MANY) {
        return p;
    }
    let line = item_offsets(bytes, key.as_bytes(), max.saturating_add(1)).get(max).map_or(p.line(), |&o| line_of(bytes, o));
    import_problem(file, line, &p.field, format!("more than {max} items"))
}

thread_local! {
    /// Items left before a [`Capped`] sequence refuses (reset per file).
    static LEFT: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Sets how many items every [`Capped`] sequence of the next parse may hold in all.
pub fn set_item_budget(n: usize) {
    LEFT.with(|l| l.set(n));
}

/// A sequence read item by item against the thread's budget
/// ([`set_item_budget`]): past it, the parse fails at that item's place.
#[derive(Debug, Default)]
pub struct Capped<T>(pub Vec<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Capped<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Capped<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an array")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Capped<T>, A::Error> {
                let mut out = Vec::new();
                loop {
                    let left = LEFT.with(Cell::get);
                    if left == 0 {
                        // One more item is an error; the end of the array is fine.
                        return match seq.next_element::<serde::de::IgnoredAny>()? {
                            None => Ok(Capped(out)),
                            Some(_) => Err(serde::de::Error::custom(TOO_MANY)),
                        };
                    }
                    match seq.next_element::<T>()? {
                        Some(x) => {
                            LEFT.with(|l| l.set(left - 1));
                            out.push(x);
                        }
                        None => return Ok(Capped(out)),
                    }
                }
            }
        }
        d.deserialize_seq(V(PhantomData))
    }
}

/// The byte offsets of the items of every array held under `key` in an
/// object (at any depth), in document order, at most `max`. The text must
/// be valid JSON (parse it first): this only walks its structure.
pub fn item_offsets(bytes: &[u8], key: &[u8], max: usize) -> Vec<usize> {
    #[derive(Clone, Copy, PartialEq)]
    enum Frame {
        Object,
        Array { wanted: bool },
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut out = Vec::new();
    let mut last_string: (usize, usize) = (0, 0);
    let mut pending_key: Option<(usize, usize)> = None;
    let mut expect_value = false;
    let mut i = 0usize;
    while i < bytes.len() && out.len() < max {
        let b = bytes[i];
        // An item starts at a value inside a wanted array.
        let in_wanted = matches!(stack.last(), Some(Frame::Array { wanted: true }));
        if in_wanted && !b.is_ascii_whitespace() && b != b',' && b != b']' && expect_value {
            out.push(i);
            expect_value = false;
        }
        match b {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                last_string = (start, i.min(bytes.len()));
            }
            b':' => pending_key = Some(last_string),
            b'{' => {
                stack.push(Frame::Object);
                pending_key = None;
            }
            b'[' => {
                let wanted = matches!(stack.last(), Some(Frame::Object)) && pending_key.is_some_and(|(s, e)| &bytes[s..e] == key);
                stack.push(Frame::Array { wanted });
                pending_key = None;
                expect_value = wanted;
            }
            b'}' | b']' => {
                stack.pop();
            }
            b',' => {
                pending_key = None;
                if matches!(stack.last(), Some(Frame::Array { wanted: true })) {
                    expect_value = true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_of_items_under_a_key_at_any_depth() {
        let text = br#"{"a":[1],"Items":[{"x":"]"},
 {"y":[2,3]}], "b":{"Items":[ 7 ,"s"]}}"#;
        let offs = item_offsets(text, b"Items", 10);
        let got: Vec<u8> = offs.iter().map(|&o| text[o]).collect();
        assert_eq!(got, b"{{7\"".to_vec());
        assert_eq!(line_of(text, offs[1]), 2);
        assert_eq!(item_offsets(text, b"Items", 1).len(), 1);
    }

    #[test]
    fn a_capped_sequence_stops_at_its_budget() {
        set_item_budget(2);
        let e = serde_json::from_str::<Capped<u8>>("[1,2,3]").unwrap_err();
        assert!(e.to_string().contains("more items"), "{e}");
        set_item_budget(2);
        assert_eq!(serde_json::from_str::<Capped<u8>>("[1,2]").unwrap().0, vec![1, 2]);
    }
}
