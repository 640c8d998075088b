//! A worker's first check ran at half the speed of its second: the engine
//! compiles wasm in a quick baseline tier first and optimizes the functions
//! that run hot later. [`warm_up`] runs the structural checker over a small
//! made-up file, so that a worker can do it once it has started, before a
//! user's file arrives.

use super::{CheckOptions, Checker, NoTokenizer, Report};
use crate::facts::Catalog;

/// Lines in the made-up file (about 1 KB each).
pub const WARM_UP_LINES: usize = 2_000;

/// One ordinary request line (its custom_id numbered `i`), with escapes
/// and non-ASCII text in its contents, as real files have.
pub fn warm_up_line(i: usize) -> String {
    let words = "Summarize the ticket below in two sentences, then list the product areas it touches.\\n";
    let user =
        "고객이 3월 청구서에 같은 금액이 두 번 청구되었다고 합니다. The export button does nothing in Safari; \\\"Retry\\\" fails too.\\n";
    format!(
        "{{\"custom_id\": \"warm-up-{i}\", \"method\": \"POST\", \"url\": \"/chat/completions\", \"body\": {{\"model\": \"warm-up\", \"max_tokens\": 200, \"temperature\": 0.2, \"messages\": [{{\"role\": \"system\", \"content\": \"{}\"}}, {{\"role\": \"user\", \"content\": \"{}\"}}]}}}}\n",
        words.repeat(3),
        user.repeat(3)
    )
}

/// Checks [`WARM_UP_LINES`] made-up lines (structure only, in pieces as a
/// file arrives) and returns the report, which the caller drops.
pub fn warm_up(catalog: &Catalog) -> Report {
    let mut c = Checker::with_tokenizer(CheckOptions { count_tokens: false, ..CheckOptions::default() }, catalog, Box::new(NoTokenizer));
    let mut piece = String::new();
    for i in 0..WARM_UP_LINES {
        piece.push_str(&warm_up_line(i));
        if piece.len() >= 64 << 10 {
            c.feed(piece.as_bytes());
            piece.clear();
        }
    }
    c.feed(piece.as_bytes());
    c.finish()
}
