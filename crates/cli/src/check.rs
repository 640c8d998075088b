//! `batchlane check PATH... [--dialect azure|openai] [--endpoint URL]
//! [--format text|json|sarif|github] [--jobs N] [--model NAME]
//! [--quota TOKENS] [--byo-storage] [--no-tokens] [--fact ID=VALUE]...`.
//! PATH: a file, a directory (every `*.jsonl` below it, sorted; symlinks
//! that leave it are skipped) or `-` for standard input. Exit: the worst of
//! all files ([`crate::Exit`]).

use crate::exit::Exit;
use crate::inputs::expand;
use crate::out::github::GithubSink;
use crate::out::json::JsonSink;
use crate::out::sarif::SarifSink;
use crate::out::text::TextSink;
use crate::out::{Sink, Totals};
use crate::parallel::check_all;
use batchlane_core::batch::{CheckOptions, Dialect, QuotaChoice};
use batchlane_core::facts::Catalog;
use std::ffi::OsString;
use std::io::Write;

const HELP: &str = "usage: batchlane check PATH... [--dialect azure|openai] [--endpoint URL]
                       [--format text|json|sarif|github] [--jobs N]
                       [--model NAME] [--quota TOKENS | --openai-tier 1..5] [--byo-storage]
                       [--no-tokens] [--catalog FILE]... [--fact ID=VALUE]...

PATH is a file, a directory (every *.jsonl below it; a symlink to a file
outside the directory is skipped with a warning) or - for standard input.
Files are checked in parallel (--jobs N threads; default: the number of cores).

  --endpoint URL  the batch's endpoint (/v1/chat/completions, /v1/responses,
                  /v1/embeddings, …): a line whose url differs is an error
                  (invalid_url on OpenAI, url_mismatch on Azure). Without it
                  the first line's url stands.
  --model NAME    the model behind the deployment (a catalog name such as
                  gpt-4.1-mini): its limits (context window, output cap),
                  prices and token encoding apply. Without it the model is
                  guessed from body.model (a deployment named after its
                  model) and the report says so; an unknown name is a usage
                  error.
  --quota TOKENS  the enqueued-token limit to hold the file's tokens
                  against (default: no quota check).
  --no-tokens     skip counting tokens (structure only; faster).
  --byo-storage   the batch reads its file from your own Blob storage
                  (the larger file limit applies).
  --catalog FILE  use a catalog file's figures (batchlane facts import ... -o FILE
                  writes one; a vendor file it reads works too); repeatable
  --fact ID=VALUE override a catalog figure (ids as on About the numbers),
                  e.g. --fact openai_batch_model.gpt-4o-audio-preview=0: a
                  figure you set counts as confirmed.
  --openai-tier N your OpenAI usage tier: the file's enqueued tokens are held
                  against the model page's batch queue limit at that tier (a
                  warning: batches already queued share the limit), where the
                  catalog has one for the model.
  --format        text (default), json, sarif (SARIF 2.1.0, for code scanning)
                  or github (workflow commands: annotations in Actions).

Exit codes (the worst over all files):";

/// The help: [`HELP`] and the exit codes from [`crate::EXIT_CODES`].
pub fn help() -> String {
    let mut h = HELP.to_string();
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
    let mut options = CheckOptions::default();
    let mut catalog = crate::catalog::CatalogArgs::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if catalog.take(crate::args::word(a), &mut it)? {
            continue;
        }
        let mut value = |flag: &str| crate::args::value(&mut it, flag);
        match crate::args::word(a) {
            "--dialect" => {
                let v = value("--dialect")?;
                options.dialect = Dialect::from_name(&v).ok_or_else(|| format!("unknown dialect '{v}' (azure or openai)"))?;
            }
            "--format" => {
                format = match value("--format")?.as_str() {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    "sarif" => Format::Sarif,
                    "github" => Format::Github,
                    v => return Err(format!("unknown format '{v}' (text, json, sarif or github)")),
                }
            }
            "--jobs" | "-j" => {
                let v = value("--jobs")?;
                jobs =
                    v.parse().ok().filter(|&n: &usize| n > 0).ok_or_else(|| format!("--jobs needs a whole number above 0, got '{v}'"))?;
            }
            "--endpoint" => options.endpoint = Some(value("--endpoint")?),
            "--model" => options.model = Some(value("--model")?),
            "--quota" => {
                let v = value("--quota")?;
                let n = batchlane_core::io::parse_whole(&v).ok_or_else(|| format!("--quota needs a whole number of tokens, got '{v}'"))?;
                options.quota = QuotaChoice::Tokens(n);
            }
            "--openai-tier" => {
                let v = value("--openai-tier")?;
                let tier = v.trim().parse::<u8>().ok().filter(|t| batchlane_core::facts::OPENAI_TIERS.contains(t));
                options.quota = QuotaChoice::OpenAiTier(tier.ok_or_else(|| format!("--openai-tier needs 1 to 5, got '{v}'"))?);
            }
            "--byo-storage" => options.byo_storage = true,
            "--no-tokens" => options.count_tokens = false,
            "-" => paths.push(a.clone()),
            s if s.starts_with('-') && s.len() > 1 => return Err(format!("unknown option {s}")),
            // A path, UTF-8 or not.
            _ => paths.push(a.clone()),
        }
    }
    options.validate().map_err(|e| e.to_string())?;
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
