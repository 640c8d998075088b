//! The simulator's generator is the crate's one seeded generator (SplitMix64
//! with uniform, Poisson and normal draws): same seed, same run.

pub use crate::io::rng::Rng;
