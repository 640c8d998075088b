//! Reading and writing files: one way to do each thing.

pub mod lines;

pub use lines::BOM;
