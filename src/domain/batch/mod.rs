//! Batch input file check: dialects, rules, diagnostics, tokens, repair, split.
