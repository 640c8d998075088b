//! `batchlane repair FILE -o OUT [--rename-duplicates]`: the page's repair
//! (BOM removed, LF line endings, blank lines dropped, repeated custom_ids
//! renamed when asked), streamed from FILE to a temporary file beside OUT,
//! renamed to OUT when complete, then OUT re-checked.

use crate::escape::Text;
use crate::exit::Exit;
use crate::files::{same_file, AtomicFile};
use crate::recheck::{parse_common, read_chunks, recheck, CommonArgs, CHUNK};
use batchlane_core::batch::{CheckOptions, RepairOptions, Repairer};
use batchlane_core::facts::Catalog;
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

pub const HELP: &str = "usage: batchlane repair FILE -o OUT [--rename-duplicates]
                        [--dialect azure|openai] [--endpoint URL] [--model NAME] [--byo-storage] [--no-tokens]

Writes FILE repaired to OUT: the UTF-8 BOM removed, CRLF line endings made
LF, blank lines dropped and, with --rename-duplicates, repeated custom_ids
renamed to ID-2, ID-3, … (each rename listed). Lines that are not valid
requests are copied unchanged. OUT is then checked like batchlane check.
OUT must not be FILE (nor a link to it); it is replaced only once the
repair is complete.

Exit codes: 0 OUT has no errors, 1 OUT still has errors, 2 a file cannot be
read or written, or bad usage.";

struct Args {
    input: PathBuf,
    output: PathBuf,
    repair: RepairOptions,
    options: CheckOptions,
}

fn parse(args: &[OsString]) -> Result<Args, String> {
    let mut repair = RepairOptions::default();
    let CommonArgs { input, output, options } = parse_common(args, |a, _, _| {
        match a {
            "--rename-duplicates" => repair.rename_duplicate_ids = true,
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    options.validate().map_err(|e| e.to_string())?;
    let input = input.ok_or("no FILE given")?;
    let output = output.ok_or("no -o OUT given")?;
    if same_file(&input, &output) {
        return Err("OUT is FILE (the same file, a symlink or a hard link to it): write the repaired file somewhere else".into());
    }
    Ok(Args { input, output, repair, options })
}

pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    let a = match crate::args::parse_or_exit("repair", HELP, args, out, err, parse) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let outcome = match repair_file(&a) {
        Ok(o) => o,
        Err(e) => {
            let _ = writeln!(err, "batchlane repair: {}", Text(&e));
            return Exit::Unusable;
        }
    };
    let shown = |p: &PathBuf| crate::escape::Os(p.as_os_str()).to_string();
    let written = (|| -> std::io::Result<()> {
        writeln!(
            out,
            "repaired {} → {}: {} lines written; BOM removed: {}; CRLF fixed: {}; blank lines removed: {}; custom_ids renamed: {}",
            shown(&a.input),
            shown(&a.output),
            outcome.lines_out,
            if outcome.bom_removed { "yes" } else { "no" },
            outcome.crlf_fixed,
            outcome.blank_lines_removed,
            outcome.renames.len()
        )?;
        for r in &outcome.renames {
            writeln!(out, "  line {}: {} → {}", r.line, Text(&r.from), Text(&r.to))?;
        }
        Ok(())
    })();
    if written.is_err() {
        return Exit::Unusable;
    }
    recheck(std::slice::from_ref(&a.output), &a.options, &Catalog::builtin(), out)
}

fn repair_file(a: &Args) -> Result<batchlane_core::batch::RepairOutcome, String> {
    let mut input = std::fs::File::open(&a.input).map_err(|e| format!("cannot read {}: {e}", crate::escape::os(a.input.as_os_str())))?;
    let mut w = AtomicFile::create(&a.output).map_err(|e| format!("cannot write {}: {e}", crate::escape::os(a.output.as_os_str())))?;
    let write_err = |e: std::io::Error| format!("cannot write {}: {e}", crate::escape::os(a.output.as_os_str()));
    let mut r = Repairer::new(a.repair);
    let mut repaired = Vec::with_capacity(CHUNK);
    read_chunks(&mut input, &a.input, |chunk| {
        repaired.clear();
        r.feed(chunk, &mut repaired);
        w.write_all(&repaired).map_err(write_err)
    })?;
    repaired.clear();
    let outcome = r.finish(&mut repaired);
    w.write_all(&repaired).map_err(write_err)?;
    w.commit().map_err(write_err)?;
    Ok(outcome)
}
