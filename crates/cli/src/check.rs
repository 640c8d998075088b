//! `batchlane check PATH... [--format text|json|sarif|github] [--jobs N]
//! [--catalog FILE]... [--fact ID=VALUE]... [OPTION]...`, the OPTIONs being
//! the check's options table (`batch::CHECK_OPTIONS`: `--dialect`,
//! `--endpoint`, `--model`, `--enqueued-limit`, … and their `--help`),
//! read through the core's one mapping (`batch::check_options`), as the
//! page and the Python package read theirs. PATH: a file, a directory
//! (every `*.jsonl` below it, sorted; symlinks that leave it are skipped)
//! or `-` for standard input. Exit: the worst of all files ([`crate::Exit`]).

use crate::exit::Exit;
use crate::inputs::expand;
use crate::out::github::GithubSink;
use crate::out::json::JsonSink;
use crate::out::sarif::SarifSink;
use crate::out::text::TextSink;
use crate::out::{Sink, Totals};
use crate::parallel::check_all;
use batchlane_core::batch::{check_options, CheckInput, CheckOptions, Surface};
use batchlane_core::facts::Catalog;
use std::ffi::OsString;
use std::io::Write;

const USAGE: &str = "usage: batchlane check PATH... [--format text|json|sarif|github] [--jobs N]
                       [--catalog FILE]... [--fact ID=VALUE]... [OPTION]...

PATH is a file, a directory (every *.jsonl below it; a symlink to a file
outside the directory is skipped with a warning) or - for standard input.
Files are checked in parallel (--jobs N threads; default: the number of cores).

  --format        text (default), json, sarif (SARIF 2.1.0, for code scanning)
                  or github (workflow commands: annotations in Actions).
  --catalog FILE  use a catalog file's figures (batchlane facts import ... -o FILE
                  writes one; a vendor file it reads works too); repeatable
  --fact ID=VALUE override a catalog figure (ids as on About the numbers),
                  e.g. --fact openai_batch_model.gpt-4o-audio-preview=0: a
                  figure you set counts as confirmed.

OPTIONs (the same as the /batch page's link keys and the Python keywords):
";

/// The help: [`USAGE`], the options from the core's table, and the exit
/// codes from [`crate::EXIT_CODES`].
pub fn help() -> String {
    let mut h = USAGE.to_string();
    h.push_str(&batchlane_core::batch::check_cli_help());
    h.push_str("\nExit codes (the worst over all files):");
    for (e, what) in crate::EXIT_CODES {
        h.push_str(&format!("\n  {}  {what}", e.code()));
    }
    h
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Sarif,
    Github,
}

struct Args {
    paths: Vec<OsString>,
    format: Format,
    jobs: usize,
    options: CheckOptions,
    catalog: Catalog,
}

fn parse(args: &[OsString]) -> Result<Args, String> {
    let mut paths = Vec::new();
    let mut format = Format::Text;
    let mut jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut input = CheckInput::default();
    let mut catalog = crate::catalog::CatalogArgs::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if catalog.take(crate::args::word(a), &mut it)? {
            continue;
        }
        // An option of the table (or an old spelling of one).
        if crate::recheck::check_option(crate::args::word(a), &mut it, &mut input)? {
            continue;
        }
        match crate::args::word(a) {
            "--format" => {
                format = match crate::args::value(&mut it, "--format")?.as_str() {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    "sarif" => Format::Sarif,
                    "github" => Format::Github,
                    v => return Err(format!("unknown format '{v}' (text, json, sarif or github)")),
                }
            }
            "--jobs" | "-j" => {
                let v = crate::args::value(&mut it, "--jobs")?;
                jobs = batchlane_core::io::parse_whole(&v)
                    .and_then(|n| usize::try_from(n).ok())
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--jobs needs a whole number above 0, got '{v}'"))?;
            }
            "-" => paths.push(a.clone()),
            s if s.starts_with('-') && s.len() > 1 => return Err(format!("unknown option {s}")),
            // A path, UTF-8 or not.
            _ => paths.push(a.clone()),
        }
    }
    let options: CheckOptions = check_options(&input, &catalog.catalog).map_err(|e| e.message(Surface::Cli))?;
    if paths.is_empty() {
        return Err("no PATH given".into());
    }
    Ok(Args { paths, format, jobs, options, catalog: catalog.catalog })
}

pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    let args = match crate::args::parse_or_exit("check", &help(), args, out, err, parse) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let expanded = match expand(&args.paths) {
        Ok(x) => x,
        Err(e) => {
            let _ = writeln!(err, "batchlane check: {e}");
            return Exit::Unusable;
        }
    };
    for (file, dir) in &expanded.outside {
        let _ = writeln!(
            err,
            "batchlane check: skipped {}: a symlink to a file outside {}",
            crate::escape::Text(file),
            crate::escape::Text(dir)
        );
    }
    for d in &expanded.empty_dirs {
        let _ = writeln!(err, "batchlane check: no *.jsonl file in {}", crate::escape::Text(d));
    }
    if expanded.inputs.is_empty() && expanded.unreadable.is_empty() {
        let _ = writeln!(err, "batchlane check: nothing to check");
        return Exit::Unusable;
    }
    let single = args.paths.len() == 1 && expanded.inputs.len() == 1 && !std::path::Path::new(&args.paths[0]).is_dir();
    let mut sink: Box<dyn Sink + '_> = match args.format {
        Format::Text => Box::new(TextSink { out }),
        Format::Json => Box::new(JsonSink { out, single, written: 0 }),
        Format::Sarif => Box::new(SarifSink::new(out, args.options.dialect)),
        Format::Github => Box::new(GithubSink { out }),
    };
    let mut totals = Totals::default();
    let mut write_failed = false;
    let mut unreadable = |sink: &mut Box<dyn Sink + '_>, totals: &mut Totals, file: &str, why: &str| {
        totals.unreadable = totals.unreadable.saturating_add(1);
        let _ = writeln!(err, "batchlane check: cannot read {}: {}", crate::escape::Text(file), crate::escape::Text(why));
        sink.unreadable(file, why)
    };
    for (dir, why) in &expanded.unreadable {
        write_failed |= unreadable(&mut sink, &mut totals, dir, why).is_err();
    }
    check_all(&expanded.inputs, &args.options, &args.catalog, args.jobs, |i, outcome| {
        let file = expanded.inputs[i].display();
        let w = match outcome {
            Ok(report) => {
                totals.add(&report);
                sink.report(&file, &report)
            }
            Err(why) => unreadable(&mut sink, &mut totals, &file, &why),
        };
        write_failed |= w.is_err();
    });
    write_failed |= sink.end(&totals).is_err();
    if write_failed {
        return Exit::Unusable;
    }
    totals.exit_code()
}
