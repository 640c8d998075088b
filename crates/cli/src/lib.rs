//! The command line: `batchlane check PATH...`, `batchlane results ...`,
//! `batchlane repair ...`, `batchlane split ...`, `batchlane quota ...`,
//! `batchlane snippets KIND ...`, `batchlane traffic FILE...`,
//! `batchlane facts [import FILE...]`, `batchlane schema ...`, `batchlane lanes ...`.
//! Exit codes: [`Exit`] (`exit.rs`), listed in [`EXIT_CODES`].

mod args;
mod catalog;
mod check;
mod escape;
mod exit;
mod facts;
mod files;
mod inputs;
mod lanes;
mod out;
mod parallel;
mod quota;
mod recheck;
mod repair;
mod results;
mod results_text;
mod schema;
mod snippets;
mod split;
mod traffic;

pub use exit::{Exit, EXIT_CODES};
use std::ffi::{OsStr, OsString};
use std::io::Write;

pub const USAGE: &str = "usage:
  batchlane check PATH... [--dialect azure|openai] [--endpoint URL] [--format text|json|sarif|github] [--jobs N]
                        [--model M] [--enqueued-limit N|SOURCE] [--byo-storage] [--no-count-tokens] [--fact ID=VALUE]...
                        (batchlane check --help: every option, the /batch link's keys and the Python keywords)
  batchlane results --output O [--errors E] [--input I] [--job J] [--format text|json] [--retry-file PATH]
  batchlane repair FILE -o OUT [--rename-duplicates]
  batchlane split FILE -o DIR [--max-requests N] [--max-bytes N] [--enqueued-limit N]
  batchlane quota --model M --deployment global|datazone|regional|standard --tier 1..6 [--region R] [--format text|json]
  batchlane snippets keda|worker|submit-py|submit-sh|apim|control|audit [--link URL] [--set NAME=VALUE]... [-o DIR]
                     [--dialect azure|openai] [--endpoint URL] [--deployment NAME] [--api-version V] [--model M]
                     [--tpm N] [--enqueued-limit N] [--lang en|ko]     (batchlane snippets --help: the kinds, files and --set names)
  batchlane traffic FILE... [--limit NAME=TPM[/RPM]]... [--deployment-type NAME=global|datazone|regional|standard]...
                    [--model NAME=MODEL]... [--tier 1..6] [--ptu-pricing hourly|monthly|yearly] [--region R]
                    [--fact ID=VALUE]... [--format text|json]     (batchlane traffic --help: the file layouts)
  batchlane facts [--format text|json] [--catalog FILE]...
  batchlane facts import FILE... [-o CATALOG] [--format text|json]
  (check, quota, traffic, results and snippets take --catalog FILE: the figures of a catalog file)
  batchlane schema [--dialect azure|openai] [--kind input|output|error|batch] [--endpoint URL]
  batchlane lanes --model M [--region R] [--data-zone] [--deadline-hours H] [--tokens-per-day N] [--jobs FILE...]
                  [--format text|json]     (batchlane lanes --help: every option)
  batchlane --version";

/// Runs the command line `args` (without the program's name). Arguments are
/// OS strings: a file name that is not UTF-8 stays a path, and is shown
/// escaped (`caf\xe9.csv`) in messages.
pub fn run<A: AsRef<OsStr>>(args: &[A], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let args: Vec<OsString> = args.iter().map(|a| a.as_ref().to_os_string()).collect();
    command(&args, out, err).code()
}

fn command(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    match args.first().map(|a| args::word(a)) {
        Some("check") => check::run(&args[1..], out, err),
        Some("results") => results::run(&args[1..], out, err),
        Some("repair") => repair::run(&args[1..], out, err),
        Some("split") => split::run(&args[1..], out, err),
        Some("quota") => quota::run(&args[1..], out, err),
        Some("snippets") => snippets::run(&args[1..], out, err),
        Some("traffic") => traffic::run(&args[1..], out, err),
        Some("facts") => facts::run(&args[1..], out, err),
        Some("schema") => schema::run(&args[1..], out, err),
        Some("lanes") => lanes::run(&args[1..], out, err),
        Some("-V") | Some("--version") | Some("version") => {
            let _ = writeln!(out, "batchlane {}", env!("CARGO_PKG_VERSION"));
            Exit::Ok
        }
        Some("-h") | Some("--help") | Some("help") => {
            let _ = writeln!(out, "{USAGE}");
            Exit::Ok
        }
        _ => {
            let _ = writeln!(err, "{USAGE}");
            Exit::Unusable
        }
    }
}
