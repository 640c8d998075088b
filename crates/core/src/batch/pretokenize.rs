//! tiktoken's pre-tokenizer (the regex that cuts a text into pieces before
//! byte-pair merging), run with the `regex` crate instead of a backtracking
//! engine.
//!
//! The only non-regular part of the o200k and cl100k patterns is the
//! alternative `\s+(?!\S)` before the final `\s+` (cl100k: `\s`). We compile
//! the patterns with both alternatives replaced by `\s+` (cl100k's possessive
//! quantifiers match the same as greedy ones there, since what follows each
//! is disjoint from what it repeats) and emulate the look-ahead: a match made
//! only of whitespace, not ending in `\r`/`\n` (those come from the
//! `\s*[\r\n]` alternative), at least two chars long and followed by another
//! char (necessarily not whitespace) would have been matched by
//! `\s+(?!\S)` as all of it but its last char. So we drop that last char and
//! resume matching there. Every other alternative is tried in the same
//! order, leftmost-first, by both engines, so they give the same matches.

use regex_automata::meta::{BuildError, Cache, Regex};
use regex_automata::{Anchored, Input};

/// o200k_base: tiktoken's `O200K_BASE_PAT_STR` with `\s+(?!\S)|\s+` → `\s+`.
pub(crate) const O200K_PATTERN: &str = concat!(
    r#"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?"#,
    "|",
    r#"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?"#,
    "|",
    r#"\p{N}{1,3}"#,
    "|",
    r#" ?[^\s\p{L}\p{N}]+[\r\n/]*"#,
    "|",
    r#"\s*[\r\n]+"#,
    "|",
    r#"\s+"#
);

/// cl100k_base: tiktoken's pattern without possessive quantifiers and with
/// `\s+(?!\S)|\s` → `\s+`.
pub(crate) const CL100K_PATTERN: &str =
    concat!(r#"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"#, r#"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s+$|\s*[\r\n]|\s+"#);

/// A compiled pre-tokenizer. Every char starts a match of both patterns, so
/// each piece is searched for anchored where the last one ended (no reverse
/// scan for the start); an unanchored search is the fallback.
#[derive(Clone, Debug)]
pub(crate) struct Pretokenizer {
    regex: Regex,
}

impl Pretokenizer {
    pub fn new(pattern: &str) -> Result<Self, Box<BuildError>> {
        Ok(Pretokenizer { regex: Regex::new(pattern).map_err(Box::new)? })
    }

    /// Scratch space for searches (one per counter).
    pub fn cache(&self) -> Cache {
        self.regex.create_cache()
    }

    /// Calls `f` with each piece of `text`, in order.
    pub fn for_each_piece(&self, cache: &mut Cache, text: &str, mut f: impl FnMut(&str)) {
        let mut pos = 0;
        while pos < text.len() {
            let anchored = Input::new(text).range(pos..).anchored(Anchored::Yes);
            let found = self.regex.search_with(cache, &anchored);
            let Some(m) = found.or_else(|| self.regex.search_with(cache, &Input::new(text).range(pos..))) else {
                break;
            };
            let (start, mut end) = (m.start(), m.end());
            if end < text.len() {
                if let Some(cut) = lookahead_cut(&text[start..end]) {
                    end = start + cut;
                }
            }
            f(&text[start..end]);
            pos = end;
        }
    }

    /// The pieces of `text` (tests and tools; the counter uses `for_each_piece`).
    #[cfg(test)]
    pub fn pieces<'t>(&self, text: &'t str) -> Vec<&'t str> {
        let mut out = Vec::new();
        let base = text.as_ptr() as usize;
        self.for_each_piece(&mut self.cache(), text, |p| {
            let s = p.as_ptr() as usize - base;
            out.push(&text[s..s + p.len()]);
        });
        out
    }
}

/// For a match followed by more text: the byte length the backtracking
/// engine's `\s+(?!\S)` would have matched instead, if it differs.
fn lookahead_cut(piece: &str) -> Option<usize> {
    let (last_at, last) = piece.char_indices().next_back()?;
    if !last.is_whitespace() || last == '\r' || last == '\n' || last_at == 0 {
        return None;
    }
    piece.chars().all(char::is_whitespace).then_some(last_at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o200k() -> Pretokenizer {
        Pretokenizer::new(O200K_PATTERN).unwrap()
    }

    #[test]
    fn spaces_before_a_word_leave_one_for_the_word() {
        assert_eq!(o200k().pieces("a   hello"), vec!["a", "  ", " hello"]);
        assert_eq!(o200k().pieces("x \t\u{3000}y"), vec!["x", " \t", "\u{3000}y"]);
        assert_eq!(o200k().pieces("a b"), vec!["a", " b"]);
        assert_eq!(o200k().pieces("end   "), vec!["end", "   "]);
        assert_eq!(o200k().pieces("a  \n\n  b"), vec!["a", "  \n\n", " ", " b"]);
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn o200k_pattern_is_tiktokens_without_the_lookahead() {
        assert_eq!(O200K_PATTERN, tiktoken_rs::O200K_BASE_PAT_STR.replace(r"\s+(?!\S)|\s+", r"\s+"));
    }

    #[test]
    fn cl100k_pattern_splits_like_tiktoken() {
        let p = Pretokenizer::new(CL100K_PATTERN).unwrap();
        assert_eq!(p.pieces("I'm  here\n\n  x  "), vec!["I", "'m", " ", " here", "\n\n", " ", " x", "  "]);
    }
}
