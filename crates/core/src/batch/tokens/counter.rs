//! Token counting, pluggable: the checker runs without a counter (structural
//! checks only) or with one made on demand for the encoding it needs.

use crate::facts::Encoding;
use std::collections::HashMap;
use std::hash::BuildHasher;

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

/// Texts shorter than this are counted directly, not cached.
const CACHE_MIN_BYTES: usize = 48;
/// The cache is emptied when it holds this many texts (bounds memory).
const CACHE_MAX_ENTRIES: usize = 16_384;

/// The cache's hash of a text: foldhash's quality variant, fixed seed (as
/// random as SipHash for texts nobody chose to collide, and a few times
/// faster on long texts; in wasm, where every long message is hashed once,
/// SipHash took about 4% of a worker's time).
type TextHash = foldhash::quality::FixedState;

/// A counter with a small cache of the counts of recent long texts
/// (identical system prompts repeat on every line). Keys are a 64-bit hash
/// plus the length; the text itself is not kept.
pub(crate) struct CachedCounter {
    inner: Box<dyn TokenCounter>,
    cache: HashMap<(u64, usize), u64, TextHash>,
    hasher: TextHash,
    pub hits: u64,
}

impl CachedCounter {
    pub fn new(inner: Box<dyn TokenCounter>) -> Self {
        CachedCounter { inner, cache: HashMap::default(), hasher: TextHash::default(), hits: 0 }
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

    struct Words;
    impl TokenCounter for Words {
        fn count(&self, text: &str) -> u64 {
            text.split(' ').count() as u64
        }
    }

    #[test]
    fn cache_gives_the_same_counts() {
        let mut cc = CachedCounter::new(Box::new(Words));
        let long = "You are a helpful assistant that summarises support tickets in two sentences.";
        let first = cc.count(long);
        assert_eq!(cc.count(long), first);
        assert_eq!((first, cc.hits), (12, 1));
        assert!(NoTokenizer.counter(Encoding::O200kBase).is_none());
    }
}
