//! Practice: the study note's problems and seeded generators with worked explanations.
//!
//! - [`note_problems`]: the six problems of the quota/cost note, verbatim.
//! - [`Problem::generate`]: a problem of a [`Family`] for a seed; the same
//!   seed always gives the same problem, and [`Problem::id`] names it for a URL.
//! - [`Exam`]: ten mixed problems from a seed, scored with a review.
//! - [`Stats`]: per-family accuracy and streaks, kept by the UI as JSON.

mod build;
mod exam;
mod family;
mod format;
mod generators;
mod options;
mod problem;
mod rng;
mod seed_problems;
mod stats;

pub use exam::{Exam, ExamResult, ReviewItem, EXAM_LENGTH};
pub use family::Family;
pub use generators::{BindingShape, ChunkTrimShape, OutputCapShape, TpmRpmShape, TrafficShape};
pub use problem::{IdError, Problem, ProblemRef};
pub use rng::next_seed;
pub use seed_problems::{note_problem, note_problems};
pub use stats::{FamilyStats, Stats};
