//! The Unicode classes tiktoken's pre-tokenization patterns use, one bit
//! each per char, looked up in a table: the Basic Multilingual Plane
//! directly (64 KiB), the other planes by binary search over runs.
//!
//! The classes come from `regex-syntax`'s Unicode tables (the same tables
//! the regex engines use), so the hand-written scanner of
//! [`super::scan_pieces`] classifies every char as the patterns do.

use regex_syntax::hir::{Class, HirKind};
use std::sync::OnceLock;

/// `\p{L}`
pub(crate) const LETTER: u8 = 1;
/// `\p{N}`
pub(crate) const NUMBER: u8 = 2;
/// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]` (o200k: the upper-case part of a word)
pub(crate) const UPPERISH: u8 = 4;
/// `[\p{Ll}\p{Lm}\p{Lo}\p{M}]` (o200k: the lower-case part of a word)
pub(crate) const LOWERISH: u8 = 8;
/// `\s` (Unicode White_Space)
pub(crate) const SPACE: u8 = 16;
/// `\r` or `\n`
pub(crate) const NEWLINE: u8 = 32;

const CLASSES: [(&str, u8); 6] = [
    (r"\p{L}", LETTER),
    (r"\p{N}", NUMBER),
    (r"[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]", UPPERISH),
    (r"[\p{Ll}\p{Lm}\p{Lo}\p{M}]", LOWERISH),
    (r"\s", SPACE),
    (r"[\r\n]", NEWLINE),
];

const BMP: usize = 0x1_0000;

/// The class bits of every char.
#[derive(Debug)]
pub(crate) struct CharClasses {
    bmp: Box<[u8]>,
    /// Runs above the BMP with non-zero bits: (first, last, bits), sorted.
    astral: Box<[(u32, u32, u8)]>,
}

impl CharClasses {
    /// None only if a class did not parse (the tests rule it out).
    pub fn new() -> Option<CharClasses> {
        let mut bmp = vec![0u8; BMP].into_boxed_slice();
        // Astral boundaries: (char, bit, +1 at a range's start / -1 after its end).
        let mut edges: Vec<(u32, u8, bool)> = Vec::new();
        for (pattern, bit) in CLASSES {
            let hir = regex_syntax::parse(pattern).ok()?;
            let HirKind::Class(Class::Unicode(class)) = hir.kind() else { return None };
            for r in class.ranges() {
                let (lo, hi) = (u32::from(r.start()), u32::from(r.end()));
                for c in lo..=hi.min(BMP as u32 - 1) {
                    bmp[c as usize] |= bit;
                }
                if hi >= BMP as u32 {
                    edges.push((lo.max(BMP as u32), bit, true));
                    edges.push((hi.saturating_add(1), bit, false));
                }
            }
        }
        edges.sort_unstable();
        let mut astral: Vec<(u32, u32, u8)> = Vec::new();
        let mut bits = 0u8;
        let mut at = BMP as u32;
        // Each class's ranges are disjoint, so one bit is set or cleared at a time.
        for (c, bit, start) in edges {
            if c > at && bits != 0 {
                astral.push((at, c - 1, bits));
            }
            at = at.max(c);
            bits = if start { bits | bit } else { bits & !bit };
        }
        Some(CharClasses { bmp, astral: astral.into_boxed_slice() })
    }

    /// The bits of `c`.
    #[inline(always)]
    pub fn of(&self, c: u32) -> u8 {
        match self.bmp.get(c as usize) {
            Some(&bits) => bits,
            None => self.astral_of(c),
        }
    }

    /// The one table of the program, built on first use (None: see [`CharClasses::new`]).
    pub fn shared() -> Option<&'static CharClasses> {
        static TABLE: OnceLock<Option<CharClasses>> = OnceLock::new();
        TABLE.get_or_init(CharClasses::new).as_ref()
    }

    fn astral_of(&self, c: u32) -> u8 {
        let i = self.astral.partition_point(|&(_, last, _)| last < c);
        match self.astral.get(i) {
            Some(&(first, _, bits)) if first <= c => bits,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_match_the_regex_engine() {
        let classes = CharClasses::new().unwrap();
        let regexes: Vec<(regex_automata::meta::Regex, u8)> =
            CLASSES.iter().map(|(p, bit)| (regex_automata::meta::Regex::new(&format!("^{p}$")).unwrap(), *bit)).collect();
        // Every BMP char, and a sample of the others.
        let chars = (0..0x1_0000u32).chain((0x1_0000..0x11_0000).step_by(7)).chain([0x1F600, 0x20000, 0x2A6DF, 0xE0100, 0x10FFFF]);
        let mut buf = [0u8; 4];
        for c in chars.filter_map(char::from_u32) {
            let s = c.encode_utf8(&mut buf);
            let want = regexes.iter().filter(|(re, _)| re.is_match(&*s)).fold(0, |acc, (_, bit)| acc | bit);
            assert_eq!(classes.of(c as u32), want, "{c:?} U+{:04X}", c as u32);
        }
        assert_eq!(classes.of('a' as u32), LETTER | LOWERISH);
        assert_eq!(classes.of('가' as u32), LETTER | UPPERISH | LOWERISH);
        assert_eq!(classes.of('\u{301}' as u32), UPPERISH | LOWERISH);
        assert_eq!(classes.of('\n' as u32), SPACE | NEWLINE);
        assert_eq!(classes.of('\u{3000}' as u32), SPACE);
    }
}
