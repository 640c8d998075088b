//! The command line: `batchlane check FILE`, `batchlane results ...`.
//! Exit codes: 0 no errors (all succeeded), 1 errors found (some not
//! succeeded), 2 cannot read a file or bad usage.

mod check;
mod quota;
mod results;
mod results_text;

use std::io::Write;

pub const USAGE: &str = "usage:
  batchlane check FILE [--dialect azure|openai] [--format text|json]
  batchlane results --output O [--errors E] [--input I] [--format text|json] [--retry-file PATH]
  batchlane quota --model M --deployment global|datazone|standard --tier 1..6 [--format text|json]";

pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match args.first().map(String::as_str) {
        Some("check") => check::run(&args[1..], out, err),
        Some("results") => results::run(&args[1..], out, err),
        Some("quota") => quota::run(&args[1..], out, err),
        Some("-h") | Some("--help") | Some("help") => {
            let _ = writeln!(out, "{USAGE}");
            0
        }
        _ => {
            let _ = writeln!(err, "{USAGE}");
            2
        }
    }
}
