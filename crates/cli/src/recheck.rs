//! Checks the files `repair` and `split` wrote, as `batchlane check` would,
//! and prints the findings: an output that still has errors makes exit 1.

use crate::exit::Exit;
use crate::inputs::Input;
use crate::out::Totals;
use crate::parallel::check_all;
use batchlane_core::batch::{check_options, resolve_spelling, CheckInput, CheckOptions, OldValue, OptionKind, Surface};
use batchlane_core::facts::Catalog;
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

/// Re-checks `files`; returns the exit code (0 clean, 1 errors, 2 unreadable).
pub fn recheck(files: &[PathBuf], options: &CheckOptions, catalog: &Catalog, out: &mut dyn Write) -> Exit {
    let inputs: Vec<Input> = files.iter().cloned().map(Input::File).collect();
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut totals = Totals::default();
    let mut failed_write = false;
    check_all(&inputs, options, catalog, jobs, |i, outcome| {
        let file = inputs[i].display();
        let w = match outcome {
            Ok(r) => {
                totals.add(&r);
                crate::out::text::write_report(out, &format!("re-check {file}"), &r)
            }
            Err(why) => {
                totals.unreadable = totals.unreadable.saturating_add(1);
                writeln!(out, "re-check {}: cannot read: {}", crate::escape::Text(&file), crate::escape::Text(&why))
            }
        };
        failed_write |= w.is_err();
    });
    if failed_write {
        return Exit::Unusable;
    }
    totals.exit_code()
}

/// What the command line of `repair` and `split` names besides the
/// command's own flags: FILE, `-o PATH` and the checks' options.
pub struct CommonArgs {
    pub input: Option<PathBuf>,
    pub output: Option<PathBuf>,
    pub options: CheckOptions,
}

/// Reads the command line `repair` and `split` share: FILE, `-o PATH` and
/// the check's options (the core's table, `batch::CHECK_OPTIONS`, read as
/// `batchlane check` reads them); `own` takes the command's own flags
/// (reading any value from the iterator) and returns `Ok(true)` for one it
/// knows, or sets an option through the [`CheckInput`] it is handed.
pub fn parse_common<'a>(
    args: &'a [OsString],
    mut own: impl FnMut(&str, &mut std::slice::Iter<'a, OsString>, &mut CheckInput) -> Result<bool, String>,
) -> Result<CommonArgs, String> {
    let (mut input, mut output) = (None, None);
    let mut options = CheckInput::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let a = crate::args::word(arg);
        if check_option(a, &mut it, &mut options)? || own(a, &mut it, &mut options)? {
            continue;
        }
        match a {
            "-o" | "--output" => output = Some(PathBuf::from(crate::args::value_os(&mut it, "-o")?)),
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            // FILE, UTF-8 or not.
            _ if input.is_none() => input = Some(PathBuf::from(arg)),
            _ => return Err(format!("unexpected argument '{}'", crate::escape::Os(arg))),
        }
    }
    let options = check_options(&options, &Catalog::builtin()).map_err(|e| e.message(Surface::Cli))?;
    Ok(CommonArgs { input, output, options })
}

/// A flag of the check's options table (or an old spelling of one), its
/// value read from `it`: `Ok(false)` for any other flag. `batchlane check`,
/// `repair` and `split` read them alike.
pub fn check_option(flag: &str, it: &mut std::slice::Iter<'_, OsString>, input: &mut CheckInput) -> Result<bool, String> {
    let Some((row, old)) = resolve_spelling(Surface::Cli, flag) else { return Ok(false) };
    let alone = row.kind == OptionKind::Switch || matches!(old, Some(OldValue::Fixed(_)));
    let v = if alone { None } else { Some(crate::args::value(it, flag)?) };
    input.set_spelled(Surface::Cli, flag, v.as_deref()).map_err(|e| e.message(Surface::Cli))?;
    Ok(true)
}

/// `repair` and `split` read their input in chunks, as `check` does.
pub use batchlane_core::io::{read_chunks, CHUNK};
