//! Exact tiktoken token counts without a backtracking regex engine:
//! [`super::pretokenize`] cuts the text into pieces, [`super::bpe`] counts
//! each piece's tokens, and a bounded cache remembers the counts of pieces
//! that are not a single token (most pieces repeat).
//!
//! The rank tables are the `.tiktoken` files in `assets/tokenizers/`, built
//! into the binary; they are parsed on the first use of an encoding.

use super::bpe::{count_piece, parse_ranks, Ranks};
use super::pretokenize::{Pretokenizer, CL100K_PATTERN, O200K_PATTERN};
use super::tokens::{TokenCounter, TokenizerProvider};
use crate::facts::Encoding;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::sync::OnceLock;

/// One encoding: its pre-tokenizer and rank table.
#[derive(Debug)]
pub(crate) struct Bpe {
    pre: Pretokenizer,
    ranks: Ranks,
}

impl Bpe {
    fn new(pattern: &str, rank_file: &str) -> Option<Bpe> {
        Some(Bpe { pre: Pretokenizer::new(pattern).ok()?, ranks: parse_ranks(rank_file).ok()? })
    }

    /// The shared tables of an encoding, built on first use (None only if
    /// the built-in data were broken, which the tests rule out).
    pub fn get(encoding: Encoding) -> Option<&'static Bpe> {
        static O200K: OnceLock<Option<Bpe>> = OnceLock::new();
        static CL100K: OnceLock<Option<Bpe>> = OnceLock::new();
        match encoding {
            Encoding::O200kBase => {
                O200K.get_or_init(|| Bpe::new(O200K_PATTERN, include_str!("../../assets/tokenizers/o200k_base.tiktoken"))).as_ref()
            }
            Encoding::Cl100kBase => {
                CL100K.get_or_init(|| Bpe::new(CL100K_PATTERN, include_str!("../../assets/tokenizers/cl100k_base.tiktoken"))).as_ref()
            }
        }
    }
}

/// The piece cache is emptied when it holds this many pieces (bounds memory).
const PIECE_CACHE_MAX: usize = 200_000;
/// Longer pieces are not cached (the cache's bytes stay bounded).
const PIECE_CACHE_MAX_BYTES: usize = 64;

/// A counter for one encoding, with its own piece cache.
pub(crate) struct FastCounter {
    bpe: &'static Bpe,
    scratch: RefCell<Scratch>,
}

struct Scratch {
    search: regex_automata::meta::Cache,
    pieces: FxHashMap<Box<[u8]>, u32>,
}

impl FastCounter {
    pub fn new(bpe: &'static Bpe) -> Self {
        let scratch = Scratch { search: bpe.pre.cache(), pieces: FxHashMap::default() };
        FastCounter { bpe, scratch: RefCell::new(scratch) }
    }

    fn count_one(&self, piece: &[u8], cache: &mut FxHashMap<Box<[u8]>, u32>) -> u64 {
        if piece.len() == 1 || self.bpe.ranks.contains_key(piece) {
            return 1;
        }
        if let Some(&n) = cache.get(piece) {
            return n as u64;
        }
        let n = count_piece(&self.bpe.ranks, piece) as u32;
        if piece.len() > PIECE_CACHE_MAX_BYTES {
            return n as u64;
        }
        if cache.len() >= PIECE_CACHE_MAX {
            cache.clear();
        }
        cache.insert(piece.into(), n);
        n as u64
    }
}

impl TokenCounter for FastCounter {
    fn count(&self, text: &str) -> u64 {
        let scratch = &mut *self.scratch.borrow_mut();
        let mut total = 0;
        let pieces = &mut scratch.pieces;
        self.bpe.pre.for_each_piece(&mut scratch.search, text, |piece| total += self.count_one(piece.as_bytes(), pieces));
        total
    }
}

/// tiktoken's encodings (exact counts), from the `.tiktoken` rank files in
/// `assets/tokenizers/` (see this module). The tables are built on
/// the first `counter` call for an encoding and kept for the life of the
/// program.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tiktoken;

impl TokenizerProvider for Tiktoken {
    fn counter(&self, encoding: Encoding) -> Option<Box<dyn TokenCounter>> {
        let bpe = Bpe::get(encoding)?;
        Some(Box::new(FastCounter::new(bpe)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_tables_load() {
        for (enc, size) in [(Encoding::O200kBase, 199_998), (Encoding::Cl100kBase, 100_256)] {
            let bpe = Bpe::get(enc).expect("tables parse");
            assert_eq!(bpe.ranks.len(), size);
        }
    }

    #[test]
    fn tiktoken_counts_known_strings() {
        let o = Tiktoken.counter(Encoding::O200kBase).unwrap();
        let c = Tiktoken.counter(Encoding::Cl100kBase).unwrap();
        // Known answers from Python tiktoken.
        assert_eq!(o.count("hello world"), 2);
        assert_eq!(c.count("hello world"), 2);
        assert_eq!(c.count("tiktoken is great!"), 6);
        assert_eq!(o.count(""), 0);
    }

    #[test]
    fn counts_known_strings() {
        let o = FastCounter::new(Bpe::get(Encoding::O200kBase).unwrap());
        let c = FastCounter::new(Bpe::get(Encoding::Cl100kBase).unwrap());
        // Known answers from Python tiktoken.
        assert_eq!(o.count("hello world"), 2);
        assert_eq!(c.count("hello world"), 2);
        assert_eq!(c.count("tiktoken is great!"), 6);
        assert_eq!(o.count(""), 0);
    }
}
