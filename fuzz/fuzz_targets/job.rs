//! The batch job object (`batches.retrieve`, pasted): any text to the
//! parser; a parsed job analysed at a time taken from the bytes, for both
//! vendors, with every status and warning explained. Never a panic.
#![no_main]

use batchlane_core::facts::Catalog;
use batchlane_core::results::{analyze_job, explain_error_code, explain_status, format_utc, parse_job, warning_text, Vendor};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(job) = parse_job(text) else { return };
    let catalog = Catalog::builtin();
    let mut now = [0u8; 8];
    let n = data.len().min(8);
    now[..n].copy_from_slice(&data[data.len() - n..]);
    for now in [i64::from_le_bytes(now), 1_760_000_000, job.created_at.unwrap_or(0)] {
        for vendor in [Vendor::Azure, Vendor::OpenAi] {
            let a = analyze_job(&job, now, vendor, &catalog);
            for w in &a.warnings {
                let _ = warning_text(w);
            }
            let _ = explain_status(&job.status, vendor, &catalog);
        }
        let _ = format_utc(now);
    }
    for e in &job.errors {
        let _ = explain_error_code(e.code.as_deref());
    }
});
