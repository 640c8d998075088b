//! The /batch share link: any query string through the one link contract
//! (`io::LinkCodec` for `batch::share::BatchLink`). Never a panic; at most
//! one refusal per piece; what it opens survives `to_query` → `parse`; the
//! options it holds get an answer (options, or one field error). Run:
//! `./dev fuzz` or `cargo fuzz run batch_link`.
#![no_main]

use batchlane_core::batch::{check_options, share::BatchLink};
use batchlane_core::facts::Catalog;
use batchlane_core::io::LinkCodec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let opened = BatchLink.parse(&text);
    assert!(opened.rejected.len() <= text.split('&').count());
    let back = BatchLink.parse(&BatchLink.to_query(&opened.state));
    assert!(back.rejected.is_empty());
    assert_eq!(back.state, opened.state);
    let _ = check_options(&opened.state, &Catalog::builtin());
});
