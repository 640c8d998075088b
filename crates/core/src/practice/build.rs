//! Building a problem from what names it: a family and a seed (the
//! generators) or a note number (the note's problems). Kept apart from the
//! problem type so that the generators, which build problems, and the
//! problem, which they build, do not import each other.

use super::family::Family;
use super::problem::{IdError, Problem, ProblemRef};
use super::rng::Rng;
use super::{generators, seed_problems};
use crate::facts::Catalog;

impl Problem {
    /// Generates the problem of `family` for `seed`: the same inputs always
    /// give the same problem.
    pub fn generate(family: Family, seed: u64, catalog: &Catalog) -> Problem {
        generators::generate(family, seed, catalog)
    }

    /// A problem of a family drawn from the seed, for mixed practice. Its
    /// id names its own family and seed, so it round-trips like any other.
    pub fn mixed(seed: u64, catalog: &Catalog) -> Problem {
        let mut rng = Rng::salted(seed, "mixed");
        let family = Family::ALL[rng.index(Family::ALL.len())];
        generators::generate(family, seed, catalog)
    }

    /// The problem an id names (see [`Problem::id`]).
    pub fn from_id(id: &str, catalog: &Catalog) -> Result<Problem, IdError> {
        Ok(ProblemRef::parse(id)?.problem(catalog))
    }
}

impl ProblemRef {
    pub fn problem(&self, catalog: &Catalog) -> Problem {
        match *self {
            ProblemRef::Note(n) => {
                seed_problems::note_problem(n, catalog).unwrap_or_else(|| seed_problems::note_problems(catalog).remove(0))
            }
            ProblemRef::Generated { family, seed } => generators::generate(family, seed, catalog),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_for_every_family_and_note() {
        let c = Catalog::builtin();
        for f in Family::ALL {
            for seed in [0, 1, 12345, u64::MAX] {
                let p = Problem::generate(f, seed, &c);
                assert_eq!(Problem::from_id(&p.id(), &c).unwrap(), p, "{}", p.id());
            }
        }
        for p in seed_problems::note_problems(&c) {
            assert_eq!(Problem::from_id(&p.id(), &c).unwrap(), p);
        }
        assert_eq!(Problem::generate(Family::Symptom, 5, &c).id(), "symptom-5");
        let mut families = std::collections::BTreeSet::new();
        for seed in 0..100 {
            let p = Problem::mixed(seed, &c);
            assert_eq!(p.seed, seed);
            assert_eq!(Problem::from_id(&p.id(), &c).unwrap(), p);
            families.insert(p.family);
        }
        assert_eq!(families.len(), Family::ALL.len());
    }
}
