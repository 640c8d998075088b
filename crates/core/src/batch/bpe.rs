//! Byte-pair merging over a tiktoken rank table: parse a `.tiktoken` file
//! (base64 token, space, rank per line) and count the tokens of one piece
//! the way tiktoken's `_byte_pair_merge` does (repeatedly merge the adjacent
//! pair whose bytes have the lowest rank, leftmost first).

use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Token bytes → rank.
pub(crate) type Ranks = FxHashMap<Vec<u8>, u32>;

/// Why a rank file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RankFileError {
    pub line: usize,
}

/// Parses a `.tiktoken` rank file.
pub(crate) fn parse_ranks(text: &str) -> Result<Ranks, RankFileError> {
    let mut ranks = Ranks::default();
    ranks.reserve(text.len() / 12);
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() {
            continue;
        }
        let err = RankFileError { line: i + 1 };
        let (token, rank) = line.split_once(' ').ok_or(err.clone())?;
        let rank: u32 = rank.trim().parse().map_err(|_| err.clone())?;
        ranks.insert(base64_decode(token).ok_or(err)?, rank);
    }
    Ok(ranks)
}

fn base64_value(c: u8) -> Option<u32> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    } as u32)
}

/// Standard base64 with optional `=` padding.
fn base64_decode(s: &str) -> Option<Vec<u8>> {
    let s = s.trim_end_matches('=').as_bytes();
    if s.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    for chunk in s.chunks(4) {
        let mut acc = 0u32;
        for &c in chunk {
            acc = (acc << 6) | base64_value(c)?;
        }
        acc <<= 6 * (4 - chunk.len() as u32);
        let bytes = acc.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    Some(out)
}

/// Pieces at least this long use the heap-based merge (linear scans are
/// faster for the short pieces that make up nearly all text).
const LARGE_PIECE: usize = 100;

/// The number of tokens byte-pair merging makes of `piece`.
pub(crate) fn count_piece(ranks: &Ranks, piece: &[u8]) -> usize {
    match piece.len() {
        0 => 0,
        1 => 1,
        n if n < LARGE_PIECE => merge_small(ranks, piece),
        _ => merge_large(ranks, piece),
    }
}

fn merge_small(ranks: &Ranks, piece: &[u8]) -> usize {
    let rank_of = |a: usize, b: usize| ranks.get(&piece[a..b]).copied().unwrap_or(u32::MAX);
    // (start of part, rank of the pair that starts there)
    let mut parts: Vec<(usize, u32)> = (0..piece.len() - 1).map(|i| (i, rank_of(i, i + 2))).collect();
    parts.push((piece.len() - 1, u32::MAX));
    parts.push((piece.len(), u32::MAX));
    loop {
        let mut min = (u32::MAX, 0);
        for (i, &(_, r)) in parts[..parts.len() - 1].iter().enumerate() {
            if r < min.0 {
                min = (r, i);
            }
        }
        if min.0 == u32::MAX {
            return parts.len() - 1;
        }
        let i = min.1;
        parts.remove(i + 1);
        let pair = |parts: &[(usize, u32)], j: usize| {
            if j + 2 < parts.len() {
                rank_of(parts[j].0, parts[j + 2].0)
            } else {
                u32::MAX
            }
        };
        parts[i].1 = pair(&parts, i);
        if i > 0 {
            parts[i - 1].1 = pair(&parts, i - 1);
        }
    }
}

fn merge_large(ranks: &Ranks, piece: &[u8]) -> usize {
    let n = piece.len();
    // Part starting at i (if alive) ends at end[i]; prev[i] is the part before.
    let mut end: Vec<usize> = (1..=n).collect();
    let mut prev: Vec<usize> = (0..n).map(|i| i.wrapping_sub(1)).collect();
    let mut alive = vec![true; n];
    let mut heap = BinaryHeap::with_capacity(n);
    for i in 0..n - 1 {
        if let Some(&r) = ranks.get(&piece[i..i + 2]) {
            heap.push(Reverse((r, i, i + 2)));
        }
    }
    let mut count = n;
    while let Some(Reverse((_, i, pair_end))) = heap.pop() {
        // Stale unless part i is alive and the part after it ends at pair_end.
        if !alive[i] || end[i] >= n || end[end[i]] != pair_end {
            continue;
        }
        alive[end[i]] = false;
        end[i] = pair_end;
        count -= 1;
        if pair_end < n {
            prev[pair_end] = i;
            if let Some(&r) = ranks.get(&piece[i..end[pair_end]]) {
                heap.push(Reverse((r, i, end[pair_end])));
            }
        }
        let p = prev[i];
        if p != usize::MAX {
            if let Some(&r) = ranks.get(&piece[p..pair_end]) {
                heap.push(Reverse((r, p, pair_end)));
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_decodes_padded_and_unpadded() {
        assert_eq!(base64_decode("IQ=="), Some(b"!".to_vec()));
        assert_eq!(base64_decode("aGVsbG8="), Some(b"hello".to_vec()));
        assert_eq!(base64_decode("aGVs"), Some(b"hel".to_vec()));
        assert_eq!(base64_decode("a*=="), None);
        assert_eq!(parse_ranks("IQ== 0\nbad\n"), Err(RankFileError { line: 2 }));
    }

    #[test]
    fn small_and_large_merges_agree() {
        let ranks = parse_ranks("YQ== 0\nYg== 1\nYWE= 2\nYWI= 3\nYWFh 4\nYWFhYQ== 5\n").unwrap();
        for s in ["ab", "aaab", "aaaaaaab", "babababa", "aaaaaaaaaaaaaaaaaaaaaaaaaab"] {
            assert_eq!(merge_small(&ranks, s.as_bytes()), merge_large(&ranks, s.as_bytes()), "{s}");
        }
        // "aaab": a a a b → aa a b → aaa b (rank 4) → 2 tokens.
        assert_eq!(count_piece(&ranks, b"aaab"), 2);
    }
}
