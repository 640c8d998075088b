//! The token counts of recent pieces, so a piece that repeats is neither
//! looked up in the rank table nor merged again. Short pieces (nearly all)
//! are keyed by their bytes packed into four words, with no allocation and
//! no pointer to follow; longer ones by their bytes on the heap. Both maps
//! are emptied when full, so memory stays bounded.

use rustc_hash::FxHashMap;

/// Pieces up to this many bytes get an inline key.
const INLINE_BYTES: usize = 24;
/// Longer pieces than this are not kept (the cache's bytes stay bounded).
const MAX_BYTES: usize = 64;
/// A map is emptied when it holds this many pieces.
const MAX_ENTRIES: usize = 200_000;

/// A short piece: its bytes (zero-padded) and, in the last word, its length.
type InlineKey = (u64, u64, u64, u64);

/// Bytes `at..at + 8` of `piece` as a little-endian word, zero-padded
/// (built without a copy through memory: no store-to-load stall).
#[inline(always)]
fn word(piece: &[u8], at: usize) -> u64 {
    if let Some(chunk) = piece.get(at..at + 8).and_then(|c| <[u8; 8]>::try_from(c).ok()) {
        return u64::from_le_bytes(chunk);
    }
    let tail = piece.get(at..).unwrap_or(&[]);
    tail.iter().enumerate().fold(0, |w, (k, &b)| w | u64::from(b) << (8 * k))
}

#[inline(always)]
fn inline_key(piece: &[u8]) -> Option<InlineKey> {
    if piece.len() > INLINE_BYTES {
        return None;
    }
    Some((word(piece, 0), word(piece, 8), word(piece, 16), piece.len() as u64))
}

#[derive(Default)]
pub(crate) struct PieceCache {
    short: FxHashMap<InlineKey, u32>,
    long: FxHashMap<Box<[u8]>, u32>,
}

impl PieceCache {
    /// The count of `piece`, computed by `count` if it is not kept.
    #[inline]
    pub fn get_or(&mut self, piece: &[u8], count: impl FnOnce(&[u8]) -> u32) -> u32 {
        if let Some(key) = inline_key(piece) {
            if let Some(&n) = self.short.get(&key) {
                return n;
            }
            let n = count(piece);
            if self.short.len() >= MAX_ENTRIES {
                self.short.clear();
            }
            self.short.insert(key, n);
            return n;
        }
        if let Some(&n) = self.long.get(piece) {
            return n;
        }
        let n = count(piece);
        if piece.len() <= MAX_BYTES {
            if self.long.len() >= MAX_ENTRIES {
                self.long.clear();
            }
            self.long.insert(piece.into(), n);
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_pieces_apart() {
        assert_ne!(inline_key(b"a"), inline_key(b"a\0"));
        assert_eq!(inline_key(&[7; 24]).map(|k| k.3), Some(24));
        assert_eq!(inline_key(&[7; 25]), None);
        let mut cache = PieceCache::default();
        for piece in [&b"ab"[..], b"ab\0", &[1; 30], &[1; 70], b""] {
            let len = piece.len() as u32;
            assert_eq!(cache.get_or(piece, |p| p.len() as u32), len);
            assert_eq!(cache.get_or(piece, |_| u32::MAX), if piece.len() > MAX_BYTES { u32::MAX } else { len });
        }
    }
}
