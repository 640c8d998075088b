//! Token counting, pluggable: the checker runs without a counter (structural
//! checks only) or with one made on demand for the encoding it needs.

use crate::facts::Encoding;
use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};

/// Counts the tokens of a text in one encoding.
pub trait TokenCounter {
    fn count(&self, text: &str) -> u64;
}

/// Makes counters when the checker first needs one (so a browser worker
/// loads the tokenizer data only then).
pub trait TokenizerProvider {
    fn counter(&self, encoding: Encoding) -> Option<Box<dyn TokenCounter>>;
}

/// No tokenizer: structural checks only.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTokenizer;

impl TokenizerProvider for NoTokenizer {
    fn counter(&self, _: Encoding) -> Option<Box<dyn TokenCounter>> {
        None
    }
}

/// tiktoken's encodings (exact counts), from the `.tiktoken` rank files in
/// `assets/tokenizers/` (see [`super::fast_bpe`]). The tables are built on
/// the first `counter` call for an encoding and kept for the life of the
/// program.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tiktoken;

impl TokenizerProvider for Tiktoken {
    fn counter(&self, encoding: Encoding) -> Option<Box<dyn TokenCounter>> {
        let bpe = super::fast_bpe::Bpe::get(encoding)?;
        Some(Box::new(super::fast_bpe::FastCounter::new(bpe)))
    }
}

/// Texts shorter than this are counted directly, not cached.
const CACHE_MIN_BYTES: usize = 48;
/// The cache is emptied when it holds this many texts (bounds memory).
const CACHE_MAX_ENTRIES: usize = 16_384;

/// A counter with a small cache of the counts of recent long texts
/// (identical system prompts repeat on every line). Keys are a 64-bit hash
/// plus the length; the text itself is not kept.
pub(crate) struct CachedCounter {
    inner: Box<dyn TokenCounter>,
    cache: HashMap<(u64, usize), u64>,
    hasher: BuildHasherDefault<DefaultHasher>,
    pub hits: u64,
}

impl CachedCounter {
    pub fn new(inner: Box<dyn TokenCounter>) -> Self {
        CachedCounter { inner, cache: HashMap::new(), hasher: Default::default(), hits: 0 }
    }

    pub fn count(&mut self, text: &str) -> u64 {
        if text.len() < CACHE_MIN_BYTES {
            return self.inner.count(text);
        }
        let key = (self.hasher.hash_one(text), text.len());
        if let Some(&n) = self.cache.get(&key) {
            self.hits += 1;
            return n;
        }
        let n = self.inner.count(text);
        if self.cache.len() >= CACHE_MAX_ENTRIES {
            self.cache.clear();
        }
        self.cache.insert(key, n);
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn cache_gives_the_same_counts() {
        let mut cc = CachedCounter::new(Tiktoken.counter(Encoding::O200kBase).unwrap());
        let long = "You are a helpful assistant that summarises support tickets in two sentences.";
        let first = cc.count(long);
        assert_eq!(cc.count(long), first);
        assert_eq!(cc.hits, 1);
        assert!(NoTokenizer.counter(Encoding::O200kBase).is_none());
    }
}
