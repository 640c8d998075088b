//! English: the one table for this language, kept in a file per page.

mod batch;
mod batch_checks;
mod control;
mod cost;
mod facts;
mod lanes;
mod practice;
mod quota;
mod results;
mod shell;
mod snippets;
mod traffic;

/// Every entry, page by page.
pub(super) const SECTIONS: &[&[(&str, &str)]] = &[
    shell::TABLE,
    facts::TABLE,
    batch::TABLE,
    batch_checks::TABLE,
    results::TABLE,
    traffic::TABLE,
    quota::TABLE,
    lanes::TABLE,
    cost::TABLE,
    snippets::TABLE,
    control::TABLE,
    practice::TABLE,
];
