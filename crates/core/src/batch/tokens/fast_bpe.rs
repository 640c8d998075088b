//! Exact tiktoken token counts without a regex engine:
//! [`super::scan_pieces`] cuts the text into pieces (hand-written, equal to
//! the patterns of `pretokenize.rs` (tests only), which the tests hold it to),
//! a bounded [`super::piece_cache`] answers pieces seen before (most
//! repeat), and the rest are a byte, a token of the rank table
//! ([`super::rank_table`]) or merged by [`super::bpe`].
//!
//! The rank tables are the packed files in `assets/tokenizers/` (see
//! [`super::bpe::parse_packed`]). Native builds (the CLI, the tests) have
//! them built in, read on the first use of an encoding; the wasm build has
//! none: the worker fetches the one encoding a file needs and hands it to
//! [`install_rank_table`] (the app's first load never carries them).

use super::bpe::{count_piece, parse_packed, RankFileError, Ranks};
use super::char_class::CharClasses;
use super::counter::{TokenCounter, TokenizerProvider};
use super::piece_cache::PieceCache;
use super::scan_pieces::{Pattern, Scanner};
use crate::facts::Encoding;
use std::cell::RefCell;
use std::sync::OnceLock;

/// One encoding: its pre-tokenizer and rank table.
#[derive(Debug)]
pub(crate) struct Bpe {
    classes: &'static CharClasses,
    pattern: Pattern,
    ranks: Ranks,
}

/// The name of an encoding's packed rank table (`assets/tokenizers/`; in the
/// built app, `/tokenizers/`).
pub fn rank_table_file(encoding: Encoding) -> &'static str {
    match encoding {
        Encoding::O200kBase => "o200k_base.bin",
        Encoding::Cl100kBase => "cl100k_base.bin",
    }
}

fn cell(encoding: Encoding) -> &'static OnceLock<Bpe> {
    static O200K: OnceLock<Bpe> = OnceLock::new();
    static CL100K: OnceLock<Bpe> = OnceLock::new();
    match encoding {
        Encoding::O200kBase => &O200K,
        Encoding::Cl100kBase => &CL100K,
    }
}

/// The packed table built into native binaries.
#[cfg(not(target_arch = "wasm32"))]
fn built_in(encoding: Encoding) -> &'static [u8] {
    match encoding {
        Encoding::O200kBase => include_bytes!("../../../assets/tokenizers/o200k_base.bin"),
        Encoding::Cl100kBase => include_bytes!("../../../assets/tokenizers/cl100k_base.bin"),
    }
}

/// Installs an encoding's packed rank table (the wasm worker fetches it);
/// a table already there is kept. Errors if the bytes are not a table.
pub fn install_rank_table(encoding: Encoding, packed: &[u8]) -> Result<(), RankFileError> {
    if cell(encoding).get().is_none() {
        let bpe = Bpe::new(encoding, parse_packed(packed)?).ok_or(RankFileError { line: 0 })?;
        let _ = cell(encoding).set(bpe);
    }
    Ok(())
}

/// Whether an encoding's tables are ready (always, natively).
pub fn rank_table_ready(encoding: Encoding) -> bool {
    cfg!(not(target_arch = "wasm32")) || cell(encoding).get().is_some()
}

impl Bpe {
    /// None only if the char classes did not build (the tests rule it out).
    fn new(encoding: Encoding, ranks: Ranks) -> Option<Bpe> {
        let pattern = match encoding {
            Encoding::O200kBase => Pattern::O200k,
            Encoding::Cl100kBase => Pattern::Cl100k,
        };
        Some(Bpe { classes: CharClasses::shared()?, pattern, ranks })
    }

    /// The shared tables of an encoding: built in (native, parsed on first
    /// use) or installed (wasm); None when not installed.
    pub fn get(encoding: Encoding) -> Option<&'static Bpe> {
        #[cfg(not(target_arch = "wasm32"))]
        if cell(encoding).get().is_none() {
            install_rank_table(encoding, built_in(encoding)).ok()?;
        }
        cell(encoding).get()
    }
}

/// A counter for one encoding, with its own piece cache.
pub(crate) struct FastCounter {
    bpe: &'static Bpe,
    pieces: RefCell<PieceCache>,
}

impl FastCounter {
    pub fn new(bpe: &'static Bpe) -> Self {
        FastCounter { bpe, pieces: RefCell::new(PieceCache::default()) }
    }

    /// Not cached: a single byte, a token of the table, else merged.
    fn count_uncached(&self, piece: &[u8]) -> u32 {
        if piece.len() == 1 || self.bpe.ranks.contains_key(piece) {
            return 1;
        }
        u32::try_from(count_piece(&self.bpe.ranks, piece)).unwrap_or(u32::MAX)
    }
}

impl TokenCounter for FastCounter {
    fn count(&self, text: &str) -> u64 {
        let pieces = &mut *self.pieces.borrow_mut();
        let mut total = 0u64;
        let scanner = Scanner::new(self.bpe.classes, self.bpe.pattern);
        scanner.for_each_piece(text, |piece| {
            let piece = piece.as_bytes();
            let n = if piece.len() == 1 { 1 } else { pieces.get_or(piece, |p| self.count_uncached(p)) };
            total = total.saturating_add(u64::from(n));
        });
        total
    }
}

/// tiktoken's encodings (exact counts), from the packed rank tables of
/// `assets/tokenizers/` (see this module). The tables are built on the
/// first `counter` call for an encoding (wasm: installed before it) and
/// kept for the life of the program; `counter` is None for an encoding
/// whose table is not there.
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
    fn built_in_tables_hold_tiktokens_tokens_rank_for_rank() {
        for enc in [Encoding::O200kBase, Encoding::Cl100kBase] {
            let theirs = match enc {
                Encoding::O200kBase => tiktoken_rs::o200k_base_singleton(),
                Encoding::Cl100kBase => tiktoken_rs::cl100k_base_singleton(),
            };
            let ours = Bpe::get(enc).expect("tables parse");
            // Every token of ours is tiktoken's token of that rank, and the
            // rank after our last is none of tiktoken's ordinary tokens.
            let mut n = 0;
            for (token, rank) in ours.ranks.iter() {
                assert_eq!(rank as usize, n, "{enc:?}: ranks in order");
                assert_eq!(theirs.decode_bytes(&[rank]).ok().as_deref(), Some(token), "{enc:?} rank {rank}");
                n += 1;
            }
            assert!(theirs.decode_bytes(&[n as u32]).map_or(true, |t| t.starts_with(b"<|")), "{enc:?}: a token after rank {n}");
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
