//! `count_tokens`: the core's exact tiktoken counter (the checker's).

use crate::errors::{guarded, OptionError};
use batchlane_core::batch::{Tiktoken, TokenCounter, TokenizerProvider};
use batchlane_core::facts::Encoding;
use pyo3::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// One counter per encoding and thread, kept: its cache of pieces
    /// serves the next call.
    static COUNTERS: RefCell<[Option<Box<dyn TokenCounter>>; 2]> = const { RefCell::new([None, None]) };
}

/// The number of tokens in `text` in `encoding` ("o200k_base" or
/// "cl100k_base"): equal to `len(tiktoken.get_encoding(encoding)
/// .encode_ordinary(text))` (special tokens are counted as text). The GIL
/// is released while counting.
#[pyfunction]
#[pyo3(signature = (text, encoding = "o200k_base"))]
pub fn count_tokens(py: Python<'_>, text: String, encoding: &str) -> PyResult<u64> {
    let enc = Encoding::from_name(encoding)
        .ok_or_else(|| OptionError::new_err(format!("unknown encoding '{encoding}' (o200k_base or cl100k_base)")))?;
    let slot = match enc {
        Encoding::O200kBase => 0,
        Encoding::Cl100kBase => 1,
    };
    py.detach(move || {
        guarded(|| {
            COUNTERS.with(|c| {
                let mut c = c.borrow_mut();
                if c[slot].is_none() {
                    c[slot] = Tiktoken.counter(enc);
                }
                c[slot].as_ref().map(|counter| counter.count(&text)).ok_or_else(|| OptionError::new_err(format!("no table for {encoding}")))
            })
        })
    })
}
