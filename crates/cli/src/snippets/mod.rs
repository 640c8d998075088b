//! `batchlane snippets KIND [--link URL] [--set NAME=VALUE]... [-o DIR]`:
//! one of the /snippets page's generators, rendered from a share link
//! and/or flags, byte for byte what the page shows for the same options.
//! The link is read by core's `snippets::share::decode` (the page's own
//! codec); the options go through the generator's `validate` (its messages
//! are the page's). Exit 0: written; 1: the options are invalid (nothing
//! written); 2: bad usage or a link value that can't be used.

mod args;
mod fields;
mod render;

use crate::escape::Text;
use crate::exit::Exit;
use crate::files::AtomicFile;
use args::{help, parse, USAGE};
use render::{opened, render_kind, Outcome};
use std::ffi::OsString;
use std::io::Write;
use std::path::Path;

pub(super) fn write_files(dir: &Path, files: &[(String, String)], out: &mut dyn Write) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", crate::escape::os(dir.as_os_str())))?;
    for (name, text) in files {
        let path = dir.join(name);
        // Under a temporary name, renamed when complete (as every file the command line writes).
        let mut f = AtomicFile::create(&path).map_err(|e| format!("cannot write {}: {e}", crate::escape::os(path.as_os_str())))?;
        f.write_all(text.as_bytes())
            .and_then(|()| f.commit())
            .map_err(|e| format!("cannot write {}: {e}", crate::escape::os(path.as_os_str())))?;
        let _ = writeln!(out, "wrote {} ({} bytes)", crate::escape::Os(path.as_os_str()), text.len());
    }
    Ok(())
}

pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    if args.iter().any(|a| a == "-h" || a == "--help") || args.first().is_some_and(|a| a == "help") {
        let _ = writeln!(out, "{}", help());
        return Exit::Ok;
    }
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => {
            let _ = writeln!(
                err,
                "batchlane snippets: {}\n\n{USAGE}\n(batchlane snippets --help: the kinds, their files and --set names)",
                Text(&e)
            );
            return Exit::Unusable;
        }
    };
    let catalog = a.catalog.clone();
    let fail = |err: &mut dyn Write, lines: Vec<String>| {
        for l in lines {
            let _ = writeln!(err, "batchlane snippets {}: {}", a.kind.name(), Text(&l));
        }
        Exit::Unusable
    };
    let d = match opened(&a, &catalog) {
        Ok(d) => d,
        Err(lines) => return fail(err, lines),
    };
    for key in &d.unknown {
        let _ = writeln!(err, "batchlane snippets {}: note: the link's '{}' is not a /snippets key (ignored)", a.kind.name(), Text(key));
    }
    let files = match render_kind(a.kind, &d, &a.field_sets, &catalog) {
        Ok(Outcome::Files(files)) => files,
        Ok(Outcome::Invalid(errors)) => {
            let _ = writeln!(err, "batchlane snippets {}: fix these first (nothing written):", a.kind.name());
            for e in errors {
                let _ = writeln!(err, "  {}: {}", e.field, Text(e.reason().pick(a.lang)));
            }
            return Exit::Errors;
        }
        Err(lines) => return fail(err, lines),
    };
    match (&a.dir, files.as_slice()) {
        (Some(dir), _) => match write_files(dir, &files, out) {
            Ok(()) => Exit::Ok,
            Err(e) => fail(err, vec![e]),
        },
        (None, [(_, text)]) => match out.write_all(text.as_bytes()) {
            Ok(()) => Exit::Ok,
            Err(_) => Exit::Unusable,
        },
        (None, many) => {
            let names: Vec<&str> = many.iter().map(|(n, _)| n.as_str()).collect();
            fail(err, vec![format!("writes {} files ({}): give -o DIR", many.len(), names.join(", "))])
        }
    }
}
