//! The one seeded generator (SplitMix64; Steele, Lea, Flood 2014): the same
//! seed gives the same sequence on every machine, so a practice problem can
//! live in a URL and a simulator run can be replayed. No `rand` crate needed.

/// SplitMix64: 64 bits of state, good mixing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// A stream for one use: the seed salted with a value so that two users
    /// of the same seed (e.g. two problem families) do not move in lockstep.
    pub fn salted(seed: u64, salt: &str) -> Self {
        // FNV-1a over the salt.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in salt.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        Self::new(seed ^ h)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A value in `lo..=hi` (`lo` when the range is empty).
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        if hi <= lo {
            return lo;
        }
        match (hi - lo).checked_add(1) {
            Some(span) => lo + self.below(span),
            // The whole u64 range: every value is in it.
            None => self.next_u64(),
        }
    }

    /// `lo..=hi` in steps of `step`, as f64 (e.g. TPM in 1,000 steps).
    pub fn stepped(&mut self, lo: u64, hi: u64, step: u64) -> f64 {
        let step = step.max(1);
        (self.range(lo / step, hi / step) * step) as f64
    }

    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.below(denominator) < numerator
    }

    /// Index of one element of a slice of length `len` (0 when empty).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// Uniform in [0, 1).
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Standard normal (Box–Muller).
    pub fn normal(&mut self) -> f64 {
        let u1 = 1.0 - self.uniform();
        let u2 = self.uniform();
        (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }

    /// A Poisson count with mean `lambda`: exact (Knuth) for small means,
    /// the normal approximation above 30.
    pub fn poisson(&mut self, lambda: f64) -> u64 {
        if lambda <= 0.0 {
            return 0;
        }
        if lambda < 30.0 {
            let limit = (-lambda).exp();
            let mut k = 0;
            let mut p = self.uniform();
            while p > limit {
                k += 1;
                p *= self.uniform();
            }
            k
        } else {
            (lambda + lambda.sqrt() * self.normal()).round().max(0.0) as u64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_values() {
        // Reference output of SplitMix64 seeded with 0.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn ranges_stay_inside() {
        let mut r = Rng::new(7);
        for _ in 0..1_000 {
            let v = r.range(3, 9);
            assert!((3..=9).contains(&v));
            let s = r.stepped(10_000, 90_000, 1_000);
            assert!((10_000.0..=90_000.0).contains(&s) && s % 1_000.0 == 0.0);
        }
        assert_eq!(r.below(0), 0);
        assert_eq!(r.range(5, 5), 5);
    }

    #[test]
    fn the_full_range_does_not_overflow() {
        // Before: `hi - lo + 1` overflowed (a panic in debug builds).
        let mut r = Rng::new(3);
        let mut a = Rng::new(3);
        assert_eq!(r.range(0, u64::MAX), a.next_u64());
    }

    #[test]
    fn shuffle_is_a_permutation_and_reproducible() {
        let mut a = [1, 2, 3, 4, 5, 6];
        let mut b = a;
        Rng::new(42).shuffle(&mut a);
        Rng::new(42).shuffle(&mut b);
        assert_eq!(a, b);
        let mut sorted = a;
        sorted.sort();
        assert_eq!(sorted, [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn same_seed_same_draws_and_sane_means() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        assert_eq!(a.next_u64(), b.next_u64());
        let n = 20_000;
        for lambda in [0.5, 4.0, 100.0] {
            let mean = (0..n).map(|_| a.poisson(lambda) as f64).sum::<f64>() / n as f64;
            assert!((mean - lambda).abs() < lambda * 0.05 + 0.02, "{lambda}: {mean}");
        }
        assert!((0..1000).all(|_| (0.0..1.0).contains(&a.uniform())));
    }
}
