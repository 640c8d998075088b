//! Counts the message tokens of a batch file natively, timing the token
//! counting alone (JSON parsing is left out of the figure):
//! `cargo run --profile speed -p batchlane-core --example count_tokens -- FILE [o200k|cl100k|none]`
//! (`none`: parse only, for the user CPU time without counting).
//!
//! Every `content` string (and `text` of content parts) of `body.messages`
//! is counted with [`Tiktoken`], the way `tools/bench_python.py` counts
//! them with Python tiktoken, so the totals can be compared.

use batchlane_core::batch::{Tiktoken, TokenizerProvider};
use batchlane_core::facts::Encoding;
use serde_json::Value;
use std::io::BufRead;
use std::time::{Duration, Instant};

fn texts(line: &[u8], out: &mut Vec<String>) {
    let Ok(v) = serde_json::from_slice::<Value>(line) else { return };
    let Some(Value::Array(msgs)) = v.get("body").and_then(|b| b.get("messages")) else { return };
    for m in msgs {
        match m.get("content") {
            Some(Value::String(s)) => out.push(s.clone()),
            Some(Value::Array(parts)) => {
                out.extend(parts.iter().filter_map(|p| p.get("text")?.as_str().map(str::to_string)));
            }
            _ => {}
        }
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: count_tokens FILE [o200k|cl100k|none]");
        std::process::exit(2);
    };
    let encoding = match args.get(1).map(String::as_str) {
        Some("cl100k") => Encoding::Cl100kBase,
        _ => Encoding::O200kBase,
    };
    let parse_only = args.get(1).is_some_and(|a| a == "none");
    let load = Instant::now();
    let counter = Tiktoken.counter(encoding).expect("built-in table");
    let load = load.elapsed();
    let mut reader = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(path)?);
    let (mut line, mut batch) = (Vec::new(), Vec::new());
    let (mut tokens, mut bytes, mut count_time) = (0u64, 0u64, Duration::ZERO);
    while reader.read_until(b'\n', &mut line)? > 0 {
        texts(&line, &mut batch);
        line.clear();
        if parse_only {
            batch.clear();
            continue;
        }
        let start = Instant::now();
        for t in &batch {
            tokens = tokens.saturating_add(counter.count(t));
            bytes = bytes.saturating_add(t.len() as u64);
        }
        count_time += start.elapsed();
        batch.clear();
    }
    let s = count_time.as_secs_f64();
    println!(
        "{{\"encoding\": \"{encoding:?}\", \"table_load_s\": {:.3}, \"count_s\": {s:.3}, \"text_mb\": {:.1}, \"tokens\": {tokens}, \"mtokens_per_s\": {:.2}}}",
        load.as_secs_f64(),
        bytes as f64 / 1e6,
        tokens as f64 / 1e6 / s.max(1e-9)
    );
    Ok(())
}
