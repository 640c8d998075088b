//! The practice problems' seeds. The generator itself is the crate's one
//! seeded generator, [`crate::io::Rng`].

pub use crate::io::Rng;

/// The seed after `seed`, kept below one million so that problem URLs stay
/// short ("tpm-rpm-482913"). The UI calls it for "next problem".
pub fn next_seed(seed: u64) -> u64 {
    Rng::new(seed).next_u64() % 1_000_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_seed_is_short_and_moves() {
        let s = next_seed(1);
        assert!(s < 1_000_000);
        assert_ne!(s, next_seed(s));
    }
}
