//! Byte-pair merging over a tiktoken rank table: read a packed rank table
//! (see [`parse_packed`]; made from a `.tiktoken` file, base64 token, space,
//! rank per line, by [`pack_rank_file`]) and count the tokens of one piece
//! the way tiktoken's `_byte_pair_merge` does (repeatedly merge the adjacent
//! pair whose bytes have the lowest rank, leftmost first).

use super::rank_table::RankTable;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Token bytes → rank.
pub(crate) type Ranks = RankTable;

/// Why a rank file could not be read (the line or rank at fault; 0: its header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankFileError {
    pub line: usize,
}

impl std::fmt::Display for RankFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the rank file is malformed at line {}", self.line)
    }
}

impl std::error::Error for RankFileError {}

/// The first bytes of a packed rank table.
const PACKED_MAGIC: &[u8; 4] = b"BLT2";

/// The longest token a packed table holds.
const MAX_TOKEN: usize = 255;

/// A little-endian base-128 number (at most 32 bits) from the front of `s`.
fn read_varint(s: &mut &[u8]) -> Option<u32> {
    let mut v: u32 = 0;
    for (i, &b) in s.iter().enumerate().take(5) {
        v |= u32::from(b & 0x7F).checked_shl(7 * i as u32)?;
        if b & 0x80 == 0 {
            if i == 4 && b > 0x0F {
                return None;
            }
            *s = &s[i + 1..];
            return Some(v);
        }
    }
    None
}

fn write_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v & 0x7F) as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn read_u32(s: &mut &[u8]) -> Option<u32> {
    let (word, rest) = s.split_first_chunk::<4>()?;
    *s = rest;
    Some(u32::from_le_bytes(*word))
}

/// Reads a packed rank table (rank order; the rank of a token is its index):
/// `BLT2`, the token count `n`, the byte lengths of the `left` and `right`
/// streams (u32, little endian each), then the three streams. Per rank, the
/// left stream holds a base-128 number `a`: 0 for a token written out
/// whole (its length, one byte, then its bytes, in the raw stream: the 256
/// single bytes), else the token is the concatenation of the tokens of
/// ranks `a - 1` and `b` (`b` next in the right stream), both lower than
/// its own: a BPE merge pair. Two small numbers a token compress better
/// (brotli) than the token's bytes: 670 KiB instead of 773 KiB for o200k.
pub(crate) fn parse_packed(bytes: &[u8]) -> Result<Ranks, RankFileError> {
    let bad = |line| RankFileError { line };
    let mut rest = bytes.strip_prefix(PACKED_MAGIC).ok_or(bad(0))?;
    let mut header = || read_u32(&mut rest).map(|x| x as usize).ok_or(bad(0));
    let (n, left_len, right_len) = (header()?, header()?, header()?);
    let (mut left, rest) = rest.split_at_checked(left_len).ok_or(bad(0))?;
    let (mut right, mut raw) = rest.split_at_checked(right_len).ok_or(bad(0))?;
    // Every rank takes at least one byte of the left stream: `n` is bounded
    // by the input's size before anything is reserved.
    if n > left.len() {
        return Err(bad(0));
    }
    let mut ranks = Ranks::default();
    ranks.reserve(n);
    let mut token = Vec::with_capacity(MAX_TOKEN);
    for rank in 0..n {
        let at_fault = bad(rank + 1);
        token.clear();
        match read_varint(&mut left).ok_or(at_fault.clone())? {
            0 => {
                let (&len, after) = raw.split_first().ok_or(at_fault.clone())?;
                let (whole, after) = after.split_at_checked(len as usize).ok_or(at_fault.clone())?;
                token.extend_from_slice(whole);
                raw = after;
            }
            a => {
                let b = read_varint(&mut right).ok_or(at_fault.clone())?;
                for part in [a - 1, b] {
                    // Only lower ranks are there yet: `nth` is None for the rest.
                    token.extend_from_slice(ranks.nth(part as usize).ok_or(at_fault.clone())?);
                }
            }
        }
        if token.is_empty() || token.len() > MAX_TOKEN || ranks.insert(&token, rank as u32).is_some() {
            return Err(at_fault);
        }
    }
    if !left.is_empty() || !right.is_empty() || !raw.is_empty() {
        return Err(bad(n + 1));
    }
    Ok(ranks)
}

/// Packs a `.tiktoken` rank file into the form [`parse_packed`] reads
/// (`cargo run -p batchlane-core --example pack_ranks`). The ranks must be
/// 0, 1, 2, … and each token at most 255 bytes. A token that is two lower
/// ranked tokens end to end is written as that pair (of the possible cuts,
/// the one with the longest first part: measured with brotli, it compresses
/// best, 670 KiB for o200k, against 674–682 for the cut with the lowest
/// ranks or the shortest first part), any other token whole.
pub fn pack_rank_file(text: &str) -> Result<Vec<u8>, RankFileError> {
    let ranks = parse_ranks(text)?;
    let mut by_rank: Vec<Option<&[u8]>> = vec![None; ranks.len()];
    for (token, rank) in ranks.iter() {
        let slot = by_rank.get_mut(rank as usize).ok_or(RankFileError { line: 0 })?;
        *slot = Some(token);
    }
    let (mut left, mut right, mut raw) = (Vec::new(), Vec::new(), Vec::new());
    for (rank, token) in by_rank.iter().enumerate() {
        let token = token.filter(|t| !t.is_empty() && t.len() <= MAX_TOKEN).ok_or(RankFileError { line: rank + 1 })?;
        let lower = |part: &[u8]| ranks.get(part).filter(|&r| (r as usize) < rank);
        let pair = (1..token.len()).rev().find_map(|cut| Some((lower(&token[..cut])?, lower(&token[cut..])?)));
        match pair {
            Some((a, b)) => {
                write_varint(&mut left, a + 1);
                write_varint(&mut right, b);
            }
            None => {
                write_varint(&mut left, 0);
                raw.push(token.len() as u8);
                raw.extend_from_slice(token);
            }
        }
    }
    let word = |x: usize| u32::try_from(x).map(u32::to_le_bytes).map_err(|_| RankFileError { line: 0 });
    let mut out = PACKED_MAGIC.to_vec();
    out.extend_from_slice(&word(by_rank.len())?);
    out.extend_from_slice(&word(left.len())?);
    out.extend_from_slice(&word(right.len())?);
    out.extend(left);
    out.extend(right);
    out.extend(raw);
    Ok(out)
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
        ranks.insert(&base64_decode(token).ok_or(err)?, rank);
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

/// Pieces longer than this are counted window by window ([`count_long`]):
/// time and memory stay linear in the piece's length.
const LONG_PIECE: usize = 8192;
/// Bytes of a long piece merged at a time.
const WINDOW: usize = 4096;
/// Tokens remembered behind a window, to move its start back over.
const KEEP: usize = 64;

/// The number of tokens byte-pair merging makes of `piece`.
pub(crate) fn count_piece(ranks: &Ranks, piece: &[u8]) -> usize {
    match piece.len() {
        0 => 0,
        1 => 1,
        n if n < LARGE_PIECE => merge_small(ranks, piece),
        n if n <= LONG_PIECE => merge_large(ranks, piece).len(),
        _ => count_long(ranks, piece),
    }
}

/// A long piece, window by window. Byte-pair merging's tokens are exactly
/// the sequences in which each two neighbouring tokens `a`, `b` merge back
/// to `[a, b]` on their own (they are *compatible*). A window's merge is
/// valid inside; where it meets the tokens before it, the junction is
/// checked, and while it is not compatible the window starts one earlier
/// token back (that token is merged again with the window). If more than
/// [`KEEP`] tokens would be needed, the whole piece is merged at once.
fn count_long(ranks: &Ranks, piece: &[u8]) -> usize {
    let n = piece.len();
    let mut count = 0usize;
    // The last tokens counted, as (start, end) in `piece`.
    let mut kept: std::collections::VecDeque<(usize, usize)> = std::collections::VecDeque::with_capacity(KEEP + 1);
    let mut window_end = 0;
    // The last window merged and its tokens: a window with the same bytes
    // (a long run of one pattern) merges the same way.
    let mut last: Option<(&[u8], Vec<usize>)> = None;
    while window_end < n {
        let mut start = window_end;
        window_end = (window_end + WINDOW).min(n);
        let starts = loop {
            let bytes = &piece[start..window_end];
            let starts = match &last {
                Some((seen, starts)) if *seen == bytes => starts.clone(),
                _ => {
                    let starts = merge_large(ranks, bytes);
                    last = Some((bytes, starts.clone()));
                    starts
                }
            };
            let first_end = start + starts.get(1).copied().unwrap_or(window_end - start);
            match kept.back() {
                Some(&(a, b)) if !compatible(ranks, &piece[a..first_end], b - a) => {
                    kept.pop_back();
                    count -= 1;
                    start = a;
                    if kept.is_empty() && start > 0 {
                        return merge_large(ranks, piece).len();
                    }
                }
                _ => break starts,
            }
        };
        for (k, &s) in starts.iter().enumerate() {
            let e = starts.get(k + 1).copied().unwrap_or(window_end - start);
            kept.push_back((start + s, start + e));
            if kept.len() > KEEP {
                kept.pop_front();
            }
        }
        count += starts.len();
    }
    count
}

/// Whether merging `bytes` gives two tokens split at `at`.
fn compatible(ranks: &Ranks, bytes: &[u8], at: usize) -> bool {
    merge_large(ranks, bytes) == [0, at]
}

fn merge_small(ranks: &Ranks, piece: &[u8]) -> usize {
    let rank_of = |a: usize, b: usize| ranks.get(&piece[a..b]).unwrap_or(u32::MAX);
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

/// The start offsets of the tokens merging makes of `piece` (heap-based).
fn merge_large(ranks: &Ranks, piece: &[u8]) -> Vec<usize> {
    let n = piece.len();
    if n < 2 {
        return vec![0; n];
    }
    // Part starting at i (if alive) ends at end[i]; prev[i] is the part before.
    let mut end: Vec<usize> = (1..=n).collect();
    let mut prev: Vec<usize> = (0..n).map(|i| i.wrapping_sub(1)).collect();
    let mut alive = vec![true; n];
    let mut heap = BinaryHeap::with_capacity(n);
    for i in 0..n - 1 {
        if let Some(r) = ranks.get(&piece[i..i + 2]) {
            heap.push(Reverse((r, i, i + 2)));
        }
    }
    while let Some(Reverse((_, i, pair_end))) = heap.pop() {
        // Stale unless part i is alive and the part after it ends at pair_end.
        if !alive[i] || end[i] >= n || end[end[i]] != pair_end {
            continue;
        }
        alive[end[i]] = false;
        end[i] = pair_end;
        if pair_end < n {
            prev[pair_end] = i;
            if let Some(r) = ranks.get(&piece[i..end[pair_end]]) {
                heap.push(Reverse((r, i, end[pair_end])));
            }
        }
        let p = prev[i];
        if p != usize::MAX {
            if let Some(r) = ranks.get(&piece[p..pair_end]) {
                heap.push(Reverse((r, p, pair_end)));
            }
        }
    }
    let mut starts = Vec::new();
    let mut i = 0;
    while i < n {
        starts.push(i);
        i = end[i];
    }
    starts
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
    fn packed_tables_read_back_as_the_text_file() {
        // "ab", "abc" and "ca" are pairs of lower ranks; the bytes and "de" whole.
        let text = "Yg== 0\nYQ== 1\nYWI= 2\nYw== 3\nZGU= 4\nYWJj 5\nY2E= 6\n";
        let packed = pack_rank_file(text).unwrap();
        assert_eq!(&packed[..16], b"BLT2\x07\0\0\0\x07\0\0\0\x03\0\0\0");
        // Left (first rank + 1, 0: whole), right (second rank), raw (length, bytes).
        assert_eq!(&packed[16..23], b"\0\0\x02\0\0\x03\x04");
        assert_eq!(&packed[23..26], b"\x00\x03\x01");
        assert_eq!(&packed[26..], b"\x01b\x01a\x01c\x02de");
        assert_eq!(parse_packed(&packed), parse_ranks(text));
        // A pair that names its own rank or a higher one is refused.
        let mut forward = packed.clone();
        forward[18] = 4;
        assert_eq!(parse_packed(&forward), Err(RankFileError { line: 3 }));
        // A count larger than the streams can hold is refused before reserving.
        let mut huge = packed.clone();
        huge[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(parse_packed(&huge), Err(RankFileError { line: 0 }));
        // Ranks with a gap, and broken tables, are refused.
        assert_eq!(pack_rank_file("YQ== 0\nYg== 2\n"), Err(RankFileError { line: 0 }));
        assert!(parse_packed(&packed[..packed.len() - 1]).is_err());
        assert!(parse_packed(&[packed.as_slice(), b"x"].concat()).is_err());
        assert!(parse_packed(b"BLTX\x00\0\0\0").is_err());
    }

    #[test]
    fn small_and_large_merges_agree() {
        let ranks = parse_ranks("YQ== 0\nYg== 1\nYWE= 2\nYWI= 3\nYWFh 4\nYWFhYQ== 5\n").unwrap();
        for s in ["ab", "aaab", "aaaaaaab", "babababa", "aaaaaaaaaaaaaaaaaaaaaaaaaab"] {
            assert_eq!(merge_small(&ranks, s.as_bytes()), merge_large(&ranks, s.as_bytes()).len(), "{s}");
        }
        // "aaab": a a a b → aa a b → aaa b (rank 4) → 2 tokens.
        assert_eq!(count_piece(&ranks, b"aaab"), 2);
        assert_eq!(merge_large(&ranks, b"aaab"), [0, 2]);
    }

    #[test]
    fn long_pieces_counted_by_windows_equal_one_merge() {
        let ranks = parse_ranks("YQ== 0\nYg== 1\nYWE= 2\nYWI= 3\nYWFh 4\nYWFhYQ== 5\nYmE= 6\n").unwrap();
        let mut x = 7u32;
        let random: Vec<u8> = (0..30_000)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                if x >> 16 & 3 == 0 {
                    b'b'
                } else {
                    b'a'
                }
            })
            .collect();
        let block = [vec![b'a'; 4095], vec![b'b']].concat();
        for piece in [vec![b'a'; 20_001], b"ab".repeat(9_000), random, block.repeat(5), b"aab".repeat(7_000), b"abab".repeat(4_096)] {
            assert_eq!(count_long(&ranks, &piece), merge_large(&ranks, &piece).len());
        }
    }
}
