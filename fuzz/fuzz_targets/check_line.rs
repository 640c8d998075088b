//! A batch input line (and a whole file): any bytes, fed to the line
//! checker in both dialects and to the streaming checker whole and in
//! chunks split anywhere. Never a panic; the split does not change the
//! report; stored diagnostics stay within the per-code cap and each is
//! counted. Run: `./dev fuzz` or `cargo fuzz run check_line`.
#![no_main]

use batchlane_core::batch::{check_line, CheckOptions, Checker, Dialect, Findings, LineRef, NoTokenizer, Tiktoken};
use batchlane_core::facts::Catalog;
use batchlane_fuzz::chunks;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let catalog = Catalog::builtin();
    let mut out = Findings::new(8);
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let line = LineRef { number: 1, start: 0, bytes: data };
        let _ = check_line(line, dialect, &catalog, &mut out);
    }
    let options = CheckOptions { count_tokens: false, max_line_bytes: 4096, max_stored_per_code: 3, ..CheckOptions::default() };
    let whole = {
        let mut c = Checker::with_tokenizer(options.clone(), &catalog, Box::new(NoTokenizer));
        c.feed(data);
        c.finish()
    };
    for count in &whole.counts {
        assert!(count.stored <= options.max_stored_per_code as u64 && count.stored <= count.count, "{count:?}");
    }
    assert_eq!(whole.diagnostics.len() as u64, whole.counts.iter().map(|c| c.stored).sum::<u64>());
    let sizes = &data[..data.len().min(3)];
    let mut c = Checker::with_tokenizer(options, &catalog, Box::new(NoTokenizer));
    for chunk in chunks(data, sizes) {
        c.feed(chunk);
    }
    assert_eq!(c.finish(), whole);
    // With the tokenizer (its tables are built once per process).
    let options = CheckOptions { count_tokens: true, dialect: Dialect::OpenAi, ..CheckOptions::default() };
    let mut c = Checker::with_tokenizer(options, &catalog, Box::new(Tiktoken));
    c.feed(data);
    let _ = c.finish();
});
