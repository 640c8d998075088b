//! Token counting: the pluggable counter (`counter`), and the tiktoken
//! encodings natively in Rust — the pre-tokenizer (`scan_pieces` over
//! `char_class`), the piece cache, the rank tables and byte-pair merges
//! (`bpe`, `rank_table`), put together in `fast_bpe`. `pretokenize` is the
//! regex-based reference the scanner is tested against.

pub(crate) mod bpe;
mod char_class;
mod counter;
pub(crate) mod fast_bpe;
mod piece_cache;
#[cfg(test)]
mod pretokenize;
mod rank_table;
mod scan_pieces;

pub use counter::*;
