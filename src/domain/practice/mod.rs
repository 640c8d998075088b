//! Practice: the study note's problems and seeded generators with worked explanations.
