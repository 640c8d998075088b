//! tiktoken's pre-tokenizer (the regex that cuts a text into pieces before
//! byte-pair merging), run with `regex-automata` instead of a backtracking
//! engine: the reference the hand-written scanner of
//! [`super::scan_pieces`] (which the counter uses) is tested against.
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
    use super::super::char_class::CharClasses;
    use super::super::scan_pieces::{Pattern, Scanner};
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

    fn scanned(pattern: Pattern, text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        Scanner::new(CharClasses::shared().unwrap(), pattern).for_each_piece(text, |p| out.push(p));
        out
    }

    fn assert_scanner_agrees(text: &str) {
        static REGEXES: std::sync::OnceLock<(Pretokenizer, Pretokenizer)> = std::sync::OnceLock::new();
        let (o, c) = REGEXES.get_or_init(|| (o200k(), Pretokenizer::new(CL100K_PATTERN).unwrap()));
        assert_eq!(scanned(Pattern::O200k, text), o.pieces(text), "o200k on {text:?}");
        assert_eq!(scanned(Pattern::Cl100k, text), c.pieces(text), "cl100k on {text:?}");
    }

    #[test]
    fn scanner_cuts_edge_cases_like_the_patterns() {
        for t in [
            "",
            "a",
            "hello world",
            "Hello World HTTPServer iPhone",
            "don't DON'T we'll THEY'RE you've I'M he'd it'S 'T",
            "'s 're x'ſ x'ſt 'Ll 'lL 'x ''s",
            "\u{301}A \u{301}",
            "\u{301}A",
            "\u{301}",
            "a\u{301}B\u{301}c",
            "ǅungla ǅ ᾈx Xᾈ",
            " \u{300}\u{301}",
            "\t \u{300}",
            "123456 1 12 ١٢٣٤ ½¼",
            "  hello\n\n  world  ",
            "a  \r\n\r\n  b  ",
            "x \t\u{3000}y",
            "end   ",
            "   ",
            " \n \n ",
            "\r\n",
            "a/b//c\n/\n",
            " !!\n\n/ x",
            " ,",
            "!!! ???",
            "안녕하세요, 세계! 받은 블렌더에서",
            "日本語のテキスト。漢字",
            "😀😀 👍🏽 a😀b",
            "\u{a0}\u{a0}x \u{2003}\u{2003}",
            "\u{85}\u{2028}x\u{2029}",
        ] {
            assert_scanner_agrees(t);
        }
    }

    fn any_text() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let chars = prop_oneof![
            4 => proptest::sample::select(
                "aZ ' \t\r\n/!.,1٢½sStTrReEvVlLmMdDſǅᾈ가힣一\u{300}\u{301}\u{a0}\u{3000}\u{85}\u{2028}😀𝐀𝟘"
                    .chars()
                    .collect::<Vec<_>>()
            ),
            1 => any::<char>(),
        ];
        proptest::collection::vec(chars, 0..40).prop_map(|v| v.into_iter().collect())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        #[test]
        fn scanner_cuts_random_text_like_the_patterns(text in any_text()) {
            assert_scanner_agrees(&text);
        }
    }

    #[test]
    fn cl100k_pattern_splits_like_tiktoken() {
        let p = Pretokenizer::new(CL100K_PATTERN).unwrap();
        assert_eq!(p.pieces("I'm  here\n\n  x  "), vec!["I", "'m", " ", " here", "\n\n", " ", " x", "  "]);
    }
}
