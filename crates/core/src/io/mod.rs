//! Reading and writing at the edges: one of each (query strings, …).

pub mod query;
