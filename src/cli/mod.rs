//! The command line: `batchlane check FILE`, `batchlane results ...`.
//! Exit codes: 0 no errors, 1 errors found, 2 cannot read the file or bad usage.

use std::io::Write;

pub const USAGE: &str = "usage:
  batchlane check FILE [--dialect azure|openai] [--format text|json]
  batchlane results --output O [--errors E] [--input I] [--format text|json] [--retry-file PATH]";

pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let _ = out;
    match args.first().map(String::as_str) {
        Some("-h") | Some("--help") => {
            let _ = writeln!(out, "{USAGE}");
            0
        }
        _ => {
            let _ = writeln!(err, "{USAGE}");
            2
        }
    }
}
