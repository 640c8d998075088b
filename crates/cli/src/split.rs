//! `batchlane split FILE -o DIR [--max-requests N] [--max-bytes N]
//! [--max-enqueued-tokens N]`: the page's split, streamed into
//! DIR/STEM-partNNN.jsonl (each written under a temporary name and given
//! its own once complete), then every part re-checked.

use crate::escape::Text;
use crate::exit::Exit;
use crate::files::AtomicFile;
use crate::recheck::{parse_common, read_chunks, recheck, CommonArgs};
use batchlane_core::batch::{CheckOptions, SplitLimits, Splitter, Surface, Tiktoken};
use batchlane_core::facts::Catalog;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

pub const HELP: &str = "usage: batchlane split FILE -o DIR [--max-requests N] [--max-bytes N] [--enqueued-limit N]
                       [--dialect azure|openai] [--endpoint URL] [--model NAME] [--byo-storage]
                       (and every option of batchlane check --help)

Splits FILE into DIR/NAME-part001.jsonl, … each within the limits: by default
the dialect's requests and bytes per file from the catalog; lines are never
broken and keep their custom_ids (the BOM, CR line endings and blank lines
are dropped). With --enqueued-limit (formerly --max-enqueued-tokens; a
number, or a subscription's or usage tier's limit as in batchlane check) each
part also stays under that many enqueued tokens (prompt + output cap), and is
re-checked against it as quota.
Every part is then checked like batchlane check. Existing parts are never
overwritten.

Exit codes: 0 every part has no errors, 1 a part still has errors, 2 a file
cannot be read or written, or bad usage.";

struct Args {
    input: PathBuf,
    dir: PathBuf,
    limits: SplitLimits,
    options: CheckOptions,
}

fn number(it: &mut std::slice::Iter<'_, OsString>, flag: &str) -> Result<u64, String> {
    let v = crate::args::value(it, flag)?;
    batchlane_core::io::parse_whole(&v).filter(|&n| n > 0).ok_or_else(|| format!("{flag} needs a whole number above 0, got '{v}'"))
}

fn parse(args: &[OsString], catalog: &Catalog) -> Result<Args, String> {
    let (mut requests, mut bytes) = (None, None);
    let CommonArgs { input, output: dir, options } = parse_common(args, |a, it, check| {
        match a {
            "--max-requests" => requests = Some(number(it, a)?),
            "--max-bytes" => bytes = Some(number(it, a)?),
            // Before issue 39: `--enqueued-limit N` (the check's own name for it).
            "--max-enqueued-tokens" => {
                let n = number(it, a)?;
                check.set("enqueued_limit", n.to_string()).map_err(|e| e.message(Surface::Cli))?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    options.validate().map_err(|e| e.to_string())?;
    // The limit (a number, or a subscription's or tier's figure for the model) each part stays under.
    let mut limits = SplitLimits::from_catalog(&options, catalog);
    limits.max_requests = requests.unwrap_or(limits.max_requests);
    limits.max_bytes = bytes.unwrap_or(limits.max_bytes);
    Ok(Args { input: input.ok_or("no FILE given")?, dir: dir.ok_or("no -o DIR given")?, limits, options })
}

pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    let catalog = Catalog::builtin();
    let a = match crate::args::parse_or_exit("split", HELP, args, out, err, |args| parse(args, &catalog)) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let (parts, outcome) = match split_file(&a, &catalog) {
        Ok(x) => x,
        Err(e) => {
            let _ = writeln!(err, "batchlane split: {}", Text(&e));
            return Exit::Unusable;
        }
    };
    let written = (|| -> std::io::Result<()> {
        writeln!(out, "split {} into {} parts:", crate::escape::Os(a.input.as_os_str()), parts.len())?;
        for (path, p) in parts.iter().zip(&outcome.parts) {
            let tokens =
                if a.limits.max_enqueued_tokens.is_some() { format!(", {} enqueued tokens", p.enqueued_tokens) } else { String::new() };
            writeln!(
                out,
                "  {}: {} requests, {} bytes{tokens} (from line {})",
                crate::escape::Os(path.as_os_str()),
                p.requests,
                p.bytes,
                p.first_line
            )?;
        }
        if !outcome.oversized_lines.is_empty() {
            let lines: Vec<String> = outcome.oversized_lines.iter().map(u64::to_string).collect();
            writeln!(out, "lines over a limit on their own (each got a part of its own): {}", lines.join(", "))?;
        }
        Ok(())
    })();
    if written.is_err() {
        return Exit::Unusable;
    }
    recheck(&parts, &a.options, &catalog, out)
}

fn part_path(dir: &Path, stem: &std::ffi::OsStr, index: usize) -> PathBuf {
    let mut name = stem.to_os_string();
    name.push(batchlane_core::batch::split_part_suffix(index));
    dir.join(name)
}

/// Gives a complete part its name; an existing file is never replaced.
fn publish(w: AtomicFile, path: &Path) -> Result<(), String> {
    w.commit_new().map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => {
            format!("cannot create {}: it exists (parts are never overwritten)", crate::escape::os(path.as_os_str()))
        }
        _ => format!("cannot write {}: {e}", crate::escape::os(path.as_os_str())),
    })
}

fn split_file(a: &Args, catalog: &Catalog) -> Result<(Vec<PathBuf>, batchlane_core::batch::SplitOutcome), String> {
    let mut input = std::fs::File::open(&a.input).map_err(|e| format!("cannot read {}: {e}", crate::escape::os(a.input.as_os_str())))?;
    std::fs::create_dir_all(&a.dir).map_err(|e| format!("cannot create {}: {e}", crate::escape::os(a.dir.as_os_str())))?;
    // The input's own stem, UTF-8 or not: `caf\xe9.jsonl` gives `caf\xe9-part001.jsonl`.
    let stem = a.input.file_stem().map_or_else(|| "batch".into(), std::ffi::OsStr::to_os_string);
    let mut parts: Vec<PathBuf> = Vec::new();
    // The part being written, under a temporary name; it takes its own
    // name (never over an existing file) once complete.
    let mut current: Option<AtomicFile> = None;
    let mut failure: Option<String> = None;
    let mut sink = |index: usize, line: &[u8]| {
        if failure.is_some() {
            return;
        }
        if index >= parts.len() {
            if let (Some(w), Some(done)) = (current.take(), parts.last()) {
                if let Err(e) = publish(w, done) {
                    failure = Some(e);
                    return;
                }
            }
            let path = part_path(&a.dir, &stem, index);
            // Refused before the part is written, as when it is published.
            if path.symlink_metadata().is_ok() {
                failure = Some(format!("cannot create {}: it exists (parts are never overwritten)", crate::escape::os(path.as_os_str())));
                return;
            }
            match AtomicFile::create(&path) {
                Ok(f) => current = Some(f),
                Err(e) => {
                    failure = Some(format!("cannot create {}: {e}", crate::escape::os(path.as_os_str())));
                    return;
                }
            }
            parts.push(path);
        }
        if let Some(w) = current.as_mut() {
            if let Err(e) = w.write_all(line) {
                failure = Some(format!("cannot write {}: {e}", parts.last().map_or(String::new(), |p| crate::escape::os(p.as_os_str()))));
            }
        }
    };
    let mut splitter = Splitter::new(a.limits, &a.options, catalog, Box::new(Tiktoken));
    read_chunks(&mut input, &a.input, |chunk| {
        splitter.feed(chunk, &mut sink);
        Ok::<(), String>(())
    })?;
    let outcome = splitter.finish(&mut sink);
    if let (Some(w), Some(done)) = (current.take(), parts.last()) {
        if let Err(e) = publish(w, done) {
            failure.get_or_insert(e);
        }
    }
    match failure {
        Some(f) => Err(f),
        None => Ok((parts, outcome)),
    }
}
