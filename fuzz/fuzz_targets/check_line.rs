//! Any bytes, fed to the line checker and to the streaming checker in two
//! chunks split anywhere: never a panic, and the split does not change the
//! report. Run: `cargo fuzz run check_line` (nightly, or RUSTC_BOOTSTRAP=1).
#![no_main]

use batchlane::domain::batch::{check_line, CheckOptions, Checker, Dialect, LineRef, NoTokenizer};
use batchlane::domain::facts::Catalog;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let catalog = Catalog::builtin();
    let mut out = Vec::new();
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let line = LineRef { number: 1, start: 0, bytes: data };
        let _ = check_line(line, dialect, &catalog, &mut out);
    }
    let options = CheckOptions { count_tokens: false, max_line_bytes: 4096, ..CheckOptions::default() };
    let whole = {
        let mut c = Checker::with_tokenizer(options.clone(), &catalog, Box::new(NoTokenizer));
        c.feed(data);
        c.finish()
    };
    let cut = data.first().map_or(0, |&b| b as usize % (data.len() + 1));
    let mut c = Checker::with_tokenizer(options, &catalog, Box::new(NoTokenizer));
    c.feed(&data[..cut]);
    c.feed(&data[cut..]);
    assert_eq!(c.finish(), whole);
});
