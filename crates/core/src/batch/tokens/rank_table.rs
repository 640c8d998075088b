//! A tiktoken rank table (token bytes → rank) laid out for lookups of short
//! byte strings: every token's bytes in one buffer, and an open-addressing
//! index of 64-bit slots (a 32-bit tag of the hash beside the token's
//! number), so a miss rarely reads token bytes and a hit reads them once,
//! with no pointer per token. About 7 bytes a token less than a map of
//! `Vec<u8>` keys, and faster to ask.

/// Token bytes → rank.
#[derive(Default)]
pub(crate) struct RankTable {
    /// Every token's bytes, one after the other.
    bytes: Vec<u8>,
    /// Per token (in insertion order): offset in `bytes`, length, rank.
    tokens: Vec<(u32, u32, u32)>,
    /// 0: empty; else the hash's top 32 bits, then the token's number + 1.
    slots: Vec<u64>,
}

const K: u64 = 0x9E37_79B9_7F4A_7C15;

/// A hash of a short byte string (eight bytes at a time, then mixed).
#[inline(always)]
fn hash(key: &[u8]) -> u64 {
    let mut h = (key.len() as u64).wrapping_mul(K);
    let mut chunks = key.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h.rotate_left(26) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    let tail = chunks.remainder();
    if !tail.is_empty() {
        let w = tail.iter().enumerate().fold(0u64, |w, (k, &b)| w | u64::from(b) << (8 * k));
        h = (h.rotate_left(26) ^ w).wrapping_mul(K);
    }
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 32)
}

impl RankTable {
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// Room for `n` tokens without growing the index.
    pub fn reserve(&mut self, n: usize) {
        self.tokens.reserve(n.saturating_sub(self.tokens.len()));
        let want = n.saturating_mul(2).max(16).next_power_of_two();
        if want > self.slots.len() {
            self.rebuild(want);
        }
    }

    fn rebuild(&mut self, size: usize) {
        self.slots = vec![0; size];
        for number in 0..self.tokens.len() {
            let h = hash(self.token(number));
            let mut i = self.home(h);
            while self.slots[i] != 0 {
                i = (i + 1) & (self.slots.len() - 1);
            }
            self.slots[i] = (h & 0xFFFF_FFFF_0000_0000) | (number as u64 + 1);
        }
    }

    #[inline(always)]
    fn home(&self, h: u64) -> usize {
        (h as usize) & (self.slots.len() - 1)
    }

    #[inline(always)]
    fn token(&self, number: usize) -> &[u8] {
        let (offset, len, _) = self.tokens[number];
        &self.bytes[offset as usize..offset as usize + len as usize]
    }

    /// The bytes of the `number`th token inserted (None past the end).
    pub fn nth(&self, number: usize) -> Option<&[u8]> {
        (number < self.tokens.len()).then(|| self.token(number))
    }

    /// The slot of `key` (Ok: its token's number) or the empty slot it would take.
    #[inline(always)]
    fn find(&self, key: &[u8], h: u64) -> Result<usize, usize> {
        let tag = h & 0xFFFF_FFFF_0000_0000;
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = (h as usize) & mask;
        loop {
            let slot = *self.slots.get(i).ok_or(i)?;
            if slot == 0 {
                return Err(i);
            }
            let number = (slot as u32 as usize).wrapping_sub(1);
            if slot & 0xFFFF_FFFF_0000_0000 == tag && self.token(number) == key {
                return Ok(number);
            }
            i = (i + 1) & mask;
        }
    }

    /// The rank of `key`, if it is a token.
    #[inline]
    pub fn get(&self, key: &[u8]) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let number = self.find(key, hash(key)).ok()?;
        Some(self.tokens[number].2)
    }

    #[inline]
    pub fn contains_key(&self, key: &[u8]) -> bool {
        self.get(key).is_some()
    }

    /// Adds a token; a token already there keeps its rank, which is returned.
    pub fn insert(&mut self, key: &[u8], rank: u32) -> Option<u32> {
        if self.len().saturating_add(1).saturating_mul(2) > self.slots.len() {
            self.reserve(self.len().saturating_add(1).saturating_mul(2));
        }
        let h = hash(key);
        match self.find(key, h) {
            Ok(number) => Some(self.tokens[number].2),
            Err(i) => {
                let (Ok(offset), Ok(len)) = (u32::try_from(self.bytes.len()), u32::try_from(key.len())) else { return None };
                self.bytes.extend_from_slice(key);
                self.slots[i] = (h & 0xFFFF_FFFF_0000_0000) | (self.tokens.len() as u64 + 1);
                self.tokens.push((offset, len, rank));
                None
            }
        }
    }

    /// Every token and its rank, in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&[u8], u32)> {
        (0..self.tokens.len()).map(|n| (self.token(n), self.tokens[n].2))
    }
}

impl PartialEq for RankTable {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().all(|(token, rank)| other.get(token) == Some(rank))
    }
}

impl std::fmt::Debug for RankTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RankTable({} tokens)", self.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_was_inserted_and_nothing_else() {
        let mut t = RankTable::default();
        assert_eq!(t.get(b"a"), None);
        let words: Vec<Vec<u8>> = (0..5_000u32).map(|i| format!("w{i}").into_bytes()).collect();
        for (rank, w) in words.iter().enumerate() {
            assert_eq!(t.insert(w, rank as u32), None);
        }
        assert_eq!(t.insert(b"w7", 99), Some(7));
        assert_eq!(t.len(), 5_000);
        for (rank, w) in words.iter().enumerate() {
            assert_eq!(t.get(w), Some(rank as u32));
        }
        for miss in [&b""[..], b"w", b"w5000", b"w12345678901234567", b"x1"] {
            assert_eq!(t.get(miss), None);
        }
        assert_eq!(t.iter().nth(3), Some((&b"w3"[..], 3)));
    }
}
