//! Checks the files `repair` and `split` wrote, as `batchlane check` would,
//! and prints the findings: an output that still has errors makes exit 1.

use crate::exit::Exit;
use crate::inputs::Input;
use crate::out::Totals;
use crate::parallel::check_all;
use batchlane_core::batch::CheckOptions;
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
/// the [`common_option`]s; `own` takes the command's own flags (reading any
/// value from the iterator) and returns `Ok(true)` for one it knows.
pub fn parse_common<'a>(
    args: &'a [OsString],
    mut own: impl FnMut(&str, &mut std::slice::Iter<'a, OsString>) -> Result<bool, String>,
) -> Result<CommonArgs, String> {
    let (mut input, mut output) = (None, None);
    let mut options = CheckOptions::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let a = crate::args::word(arg);
        if common_option(a, &mut it, &mut options)? || own(a, &mut it)? {
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
    Ok(CommonArgs { input, output, options })
}

/// Options shared by `repair` and `split`: the dialect, storage and model
/// the outputs are checked against.
pub fn common_option(flag: &str, it: &mut std::slice::Iter<'_, OsString>, options: &mut CheckOptions) -> Result<bool, String> {
    let mut value = |name: &str| crate::args::value(it, name);
    match flag {
        "--dialect" => {
            let v = value("--dialect")?;
            options.dialect =
                batchlane_core::batch::Dialect::from_name(&v).ok_or_else(|| format!("unknown dialect '{v}' (azure or openai)"))?;
        }
        "--endpoint" => options.endpoint = Some(value("--endpoint")?),
        "--model" => options.model = Some(value("--model")?),
        "--byo-storage" => options.byo_storage = true,
        "--no-tokens" => options.count_tokens = false,
        _ => return Ok(false),
    }
    Ok(true)
}

/// `repair` and `split` read their input in chunks, as `check` does.
pub use batchlane_core::io::{read_chunks, CHUNK};
