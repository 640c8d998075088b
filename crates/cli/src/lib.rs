//! The command line: `batchlane check PATH...`, `batchlane results ...`,
//! `batchlane repair ...`, `batchlane split ...`, `batchlane quota ...`,
//! `batchlane snippets KIND ...`, `batchlane traffic FILE...`.
//! Exit codes: 0 no errors (all succeeded), 1 errors found (some not
//! succeeded; for `check`, the batch would fail), 2 cannot read a file or
//! bad usage, 3 (`check`) the batch would run but some requests would fail.

mod args;
mod check;
mod escape;
mod files;
mod inputs;
mod out;
mod parallel;
mod quota;
mod recheck;
mod repair;
mod results;
mod results_text;
mod snippets;
mod split;
mod traffic;

use std::ffi::{OsStr, OsString};
use std::io::Write;

pub const USAGE: &str = "usage:
  batchlane check PATH... [--dialect azure|openai] [--endpoint URL] [--format text|json|sarif|github] [--jobs N]
                        [--model M] [--quota N | --openai-tier 1..5] [--byo-storage] [--no-tokens] [--fact ID=VALUE]...
  batchlane results --output O [--errors E] [--input I] [--job J] [--format text|json] [--retry-file PATH]
  batchlane repair FILE -o OUT [--rename-duplicates]
  batchlane split FILE -o DIR [--max-requests N] [--max-bytes N] [--max-enqueued-tokens N]
  batchlane quota --model M --deployment global|datazone|regional|standard --tier 1..6 [--region R] [--format text|json]
  batchlane snippets keda|worker|submit-py|submit-sh|apim|control|audit [--link URL] [--set NAME=VALUE]... [-o DIR]
                     [--dialect azure|openai] [--endpoint URL] [--deployment NAME] [--api-version V] [--model M]
                     [--quota N] [--lang en|ko]     (batchlane snippets --help: the kinds, files and --set names)
  batchlane traffic FILE... [--limit NAME=TPM[/RPM]]... [--deployment-type NAME=global|datazone|regional|standard]...
                    [--model NAME=MODEL]... [--tier 1..6] [--ptu-pricing hourly|monthly|yearly] [--region R]
                    [--fact ID=VALUE]... [--format text|json]     (batchlane traffic --help: the file layouts)
  batchlane --version";

/// Runs the command line `args` (without the program's name). Arguments are
/// OS strings: a file name that is not UTF-8 stays a path, and is shown
/// escaped (`caf\xe9.csv`) in messages.
pub fn run<A: AsRef<OsStr>>(args: &[A], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let args: Vec<OsString> = args.iter().map(|a| a.as_ref().to_os_string()).collect();
    match args.first().map(|a| args::word(a)) {
        Some("check") => check::run(&args[1..], out, err),
        Some("results") => results::run(&args[1..], out, err),
        Some("repair") => repair::run(&args[1..], out, err),
        Some("split") => split::run(&args[1..], out, err),
        Some("quota") => quota::run(&args[1..], out, err),
        Some("snippets") => snippets::run(&args[1..], out, err),
        Some("traffic") => traffic::run(&args[1..], out, err),
        Some("-V") | Some("--version") | Some("version") => {
            let _ = writeln!(out, "batchlane {}", env!("CARGO_PKG_VERSION"));
            0
        }
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
