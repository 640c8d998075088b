//! One module per page.

pub mod batch;
pub mod cost;
pub mod facts;
pub mod home;
pub mod lanes;
pub mod not_found;
pub mod practice;
pub mod quota;
pub mod results;
pub mod routes;
pub mod snippets;
pub mod traffic;
