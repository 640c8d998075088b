//! tiktoken's pre-tokenization (o200k_base and cl100k_base), hand-written:
//! one pass over the chars with a class table ([`super::char_class`]), no
//! regex engine. It gives exactly the pieces of the patterns in
//! `pretokenize.rs` (tests only) (with their `\s+(?!\S)` look-ahead), trying the
//! alternatives in the same order with the same greedy/backtracking
//! outcome; `pretokenize.rs`'s tests compare the two on random text.
//!
//! o200k_base, alternatives in order (`U` = `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`,
//! `W` = `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`, `P` = `[^\r\n\p{L}\p{N}]`, `C` = the
//! contractions `(?i:'s|'t|'re|'ve|'m|'ll|'d)`):
//! 1. `P?U*W+C?` 2. `P?U+W*C?` 3. `\p{N}{1,3}` 4. ` ?[^\s\p{L}\p{N}]+[\r\n/]*`
//! 5. `\s*[\r\n]+` 6. `\s+(?!\S)|\s+`.
//!
//! cl100k_base: 1. `'(?i:[sdmt]|ll|ve|re)` 2. `P?\p{L}+` 3. `\p{N}{1,3}`
//! 4. ` ?[^\s\p{L}\p{N}]+[\r\n]*` 5. `\s+$` 6. `\s*[\r\n]` 7. `\s+(?!\S)|\s`.

use super::char_class::{CharClasses, LETTER, LOWERISH, NEWLINE, NUMBER, SPACE, UPPERISH};

/// Which pattern to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pattern {
    O200k,
    Cl100k,
}

/// Not a letter, a number, `\r` or `\n` (the optional char before a word).
const fn is_prefix(bits: u8) -> bool {
    bits & (LETTER | NUMBER | NEWLINE) == 0
}

/// Not whitespace, a letter or a number (punctuation, symbols, marks).
const fn is_other(bits: u8) -> bool {
    bits & (LETTER | NUMBER | SPACE) == 0
}

/// The char at byte `i` of `s` (a char boundary) and its length in bytes.
#[inline]
fn decode(s: &[u8], i: usize) -> (u32, usize) {
    let b0 = s[i] as u32;
    if b0 < 0x80 {
        return (b0, 1);
    }
    let cont = |k: usize| (s[i + k] as u32) & 0x3F;
    if b0 < 0xE0 {
        (((b0 & 0x1F) << 6) | cont(1), 2)
    } else if b0 < 0xF0 {
        (((b0 & 0x0F) << 12) | (cont(1) << 6) | cont(2), 3)
    } else {
        (((b0 & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3), 4)
    }
}

/// Cuts texts into pieces by one pattern.
pub(crate) struct Scanner<'c> {
    classes: &'c CharClasses,
    pattern: Pattern,
}

/// Where the scan is in one text.
struct Text<'s, 'c> {
    s: &'s [u8],
    classes: &'c CharClasses,
}

impl Text<'_, '_> {
    /// The class bits and byte length of the char at `i` (None at the end).
    #[inline(always)]
    fn at(&self, i: usize) -> Option<(u8, usize)> {
        let &b = self.s.get(i)?;
        if b < 0x80 {
            return Some((self.classes.of(b as u32), 1));
        }
        let (c, len) = decode(self.s, i);
        Some((self.classes.of(c), len))
    }

    /// The end of the run of chars from `i` whose bits meet `want`.
    #[inline(always)]
    fn run(&self, mut i: usize, want: u8) -> usize {
        while let Some((bits, len)) = self.at(i) {
            if bits & want == 0 {
                break;
            }
            i += len;
        }
        i
    }

    /// `U*W+` from `i`: its end, if it matches.
    fn upper_then_lower(&self, i: usize) -> Option<usize> {
        // U* takes the longest run, then gives chars back until W+ matches.
        let (mut k, mut last_lower_end) = (i, None);
        while let Some((bits, len)) = self.at(k) {
            if bits & UPPERISH == 0 {
                break;
            }
            k += len;
            if bits & LOWERISH != 0 {
                last_lower_end = Some(k);
            }
        }
        match self.at(k) {
            Some((bits, _)) if bits & LOWERISH != 0 => Some(self.run(k, LOWERISH)),
            // Given back to the last W char of the run: W+ is that char.
            _ => last_lower_end,
        }
    }

    /// `U+W*` from `i`: its end, if it matches.
    fn upper_then_maybe_lower(&self, i: usize) -> Option<usize> {
        let (bits, _) = self.at(i)?;
        (bits & UPPERISH != 0).then(|| self.run(self.run(i, UPPERISH), LOWERISH))
    }

    /// After a word at `i`: the end of an o200k contraction there, or `i`.
    fn contraction(&self, i: usize) -> usize {
        let s = self.s;
        if s.get(i) != Some(&b'\'') {
            return i;
        }
        let lower = |k: usize| s.get(i + k).map(u8::to_ascii_lowercase);
        match (lower(1), lower(2)) {
            (Some(b's' | b't' | b'm' | b'd'), _) => i + 2,
            // `(?i:s)` also matches U+017F LATIN SMALL LETTER LONG S.
            (Some(0xC5), _) if s.get(i + 2) == Some(&0xBF) => i + 3,
            (Some(b'r' | b'v'), Some(b'e')) => i + 3,
            (Some(b'l'), Some(b'l')) => i + 3,
            _ => i,
        }
    }

    /// cl100k's `'(?i:[sdmt]|ll|ve|re)` at `i`: its end, if it matches.
    fn cl100k_contraction(&self, i: usize) -> Option<usize> {
        let end = self.contraction(i);
        (end > i).then_some(end)
    }

    /// `\p{N}{1,3}` from `i` (a number).
    fn digits(&self, i: usize) -> usize {
        let mut end = i;
        for _ in 0..3 {
            match self.at(end) {
                Some((bits, len)) if bits & NUMBER != 0 => end += len,
                _ => break,
            }
        }
        end
    }

    /// ` ?[^\s\p{L}\p{N}]+` then `[\r\n/]*` (o200k) or `[\r\n]*` (cl100k).
    fn punctuation(&self, i: usize, slash: bool) -> Option<usize> {
        let (bits, _) = self.at(i)?;
        let start = if self.s[i] == b' ' && self.at(i + 1).is_some_and(|(b, _)| is_other(b)) {
            i + 1
        } else if is_other(bits) {
            i
        } else {
            return None;
        };
        let mut end = self.run_other(start);
        while let Some(&b) = self.s.get(end) {
            if b == b'\r' || b == b'\n' || (slash && b == b'/') {
                end += 1;
            } else {
                break;
            }
        }
        Some(end)
    }

    fn run_other(&self, mut i: usize) -> usize {
        while let Some((bits, len)) = self.at(i) {
            if !is_other(bits) {
                break;
            }
            i += len;
        }
        i
    }

    /// The whitespace alternatives from `i` (whitespace): `\s+$` (cl100k
    /// only), `\s*[\r\n]+`, then `\s+(?!\S)|\s+`.
    fn whitespace(&self, i: usize, to_end_whole: bool) -> usize {
        let (mut k, mut last_start, mut newline_end) = (i, i, None);
        while let Some((bits, len)) = self.at(k) {
            if bits & SPACE == 0 {
                break;
            }
            last_start = k;
            k += len;
            if bits & NEWLINE != 0 {
                newline_end = Some(k);
            }
        }
        let at_end = k == self.s.len();
        if to_end_whole && at_end {
            return k;
        }
        if let Some(end) = newline_end {
            // `\s*` gives chars back to the last `\r`/`\n` of the run.
            return end;
        }
        if !at_end && last_start > i {
            // `\s+(?!\S)`: all but the last char, which goes to the next piece.
            last_start
        } else {
            k
        }
    }

    /// The end of the o200k piece that starts at `i` (`i` < the length).
    fn next_o200k(&self, i: usize) -> usize {
        let Some((bits, len)) = self.at(i) else { return i };
        let prefixed = is_prefix(bits);
        if prefixed {
            if let Some(end) = self.upper_then_lower(i + len) {
                return self.contraction(end);
            }
        }
        if let Some(end) = self.upper_then_lower(i) {
            return self.contraction(end);
        }
        if prefixed {
            if let Some(end) = self.upper_then_maybe_lower(i + len) {
                return self.contraction(end);
            }
        }
        if let Some(end) = self.upper_then_maybe_lower(i) {
            return self.contraction(end);
        }
        if bits & NUMBER != 0 {
            return self.digits(i);
        }
        if let Some(end) = self.punctuation(i, true) {
            return end;
        }
        if bits & SPACE != 0 {
            return self.whitespace(i, false);
        }
        i + len
    }

    /// The end of the cl100k piece that starts at `i` (`i` < the length).
    fn next_cl100k(&self, i: usize) -> usize {
        let Some((bits, len)) = self.at(i) else { return i };
        if let Some(end) = self.cl100k_contraction(i) {
            return end;
        }
        if is_prefix(bits) && self.at(i + len).is_some_and(|(b, _)| b & LETTER != 0) {
            return self.run(i + len, LETTER);
        }
        if bits & LETTER != 0 {
            return self.run(i, LETTER);
        }
        if bits & NUMBER != 0 {
            return self.digits(i);
        }
        if let Some(end) = self.punctuation(i, false) {
            return end;
        }
        if bits & SPACE != 0 {
            return self.whitespace(i, true);
        }
        i + len
    }
}

impl<'c> Scanner<'c> {
    pub fn new(classes: &'c CharClasses, pattern: Pattern) -> Self {
        Scanner { classes, pattern }
    }

    /// Calls `f` with each piece of `text`, in order.
    #[inline]
    pub fn for_each_piece<'t>(&self, text: &'t str, mut f: impl FnMut(&'t str)) {
        let t = Text { s: text.as_bytes(), classes: self.classes };
        let mut pos = 0;
        while pos < text.len() {
            let end = match self.pattern {
                Pattern::O200k => t.next_o200k(pos),
                Pattern::Cl100k => t.next_cl100k(pos),
            };
            // Every end is a char boundary past `pos`; `get` keeps a slip from panicking.
            let Some(piece) = text.get(pos..end).filter(|p| !p.is_empty()) else { break };
            f(piece);
            pos = end;
        }
    }
}
