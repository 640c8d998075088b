//! `batchlane results`.

use std::io::Write;

pub fn run(_args: &[String], _out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let _ = writeln!(err, "batchlane results: not built yet");
    2
}
