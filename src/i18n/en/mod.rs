//! English: the one table for this language, kept in a file per page.

mod shell;
mod facts;
mod batch;
mod results;
mod quota;
mod cost;
mod snippets;
mod practice;

/// Every entry, page by page.
pub(super) const SECTIONS: &[&[(&str, &str)]] = &[
    shell::TABLE,
    facts::TABLE,
    batch::TABLE,
    results::TABLE,
    quota::TABLE,
    cost::TABLE,
    snippets::TABLE,
    practice::TABLE,
];
