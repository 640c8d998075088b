//! Times the fast path per line over a file (profiling aid): a bare parse
//! of each line (serde's `IgnoredAny`) against `check_line_fast`.
use batchlane_core::batch::{check_line_fast, Dialect, Findings, LineRef};
use batchlane_core::facts::Catalog;
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let rounds: usize = std::env::args().nth(2).and_then(|r| r.parse().ok()).unwrap_or(3);
    // `bare` or `fast`: only that half (to time it with a CPU clock from outside).
    let only = std::env::args().nth(3).unwrap_or_default();
    let data = std::fs::read(&path).expect("readable");
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').filter(|l| !l.is_empty()).collect();
    let c = Catalog::builtin();
    for _ in 0..rounds {
        let t = Instant::now();
        for l in lines.iter().filter(|_| only != "fast") {
            let _: serde::de::IgnoredAny = serde_json::from_slice(l).expect("json");
        }
        let bare = t.elapsed();
        let t = Instant::now();
        let mut fast = 0;
        let mut out = Findings::new(4);
        for (i, l) in lines.iter().enumerate().filter(|_| only != "bare") {
            out.clear();
            fast +=
                usize::from(check_line_fast(LineRef { number: i as u64 + 1, start: 0, bytes: l }, Dialect::Azure, &c, &mut out).is_some());
        }
        let checked = t.elapsed();
        println!("{} lines: bare parse {:?}, fast path {:?} ({} answered)", lines.len(), bare, checked, fast);
    }
}
