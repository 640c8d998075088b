//! The block every subcommand starts with: `-h`/`--help` prints the help
//! and exits 0; the subcommand's parser runs; a usage error prints the
//! message (escaped: it may quote an argument) and the help, and exits 2.
//!
//! Arguments are OS strings (`std::env::args_os`): a file name need not be
//! UTF-8 (`caf\xe9.csv` in Latin-1) and stays a path; a flag's text value
//! must be UTF-8, and one that is not is a usage error that shows it
//! escaped ([`crate::escape::Os`]).

use crate::escape::{Os, Text};
use crate::exit::Exit;
use std::ffi::{OsStr, OsString};
use std::io::Write;

/// The parsed arguments, or the exit code the subcommand returns at once.
pub fn parse_or_exit<T>(
    command: &str,
    help: &str,
    args: &[OsString],
    out: &mut dyn Write,
    err: &mut dyn Write,
    parse: impl FnOnce(&[OsString]) -> Result<T, String>,
) -> Result<T, Exit> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        let _ = writeln!(out, "{help}");
        return Err(Exit::Ok);
    }
    parse(args).map_err(|e| {
        let _ = writeln!(err, "batchlane {command}: {}\n\n{help}", Text(&e));
        Exit::Unusable
    })
}

/// `a` as text, or the usage error that shows it escaped (`what` names it).
pub fn utf8(a: &OsStr, what: &str) -> Result<String, String> {
    a.to_str().map(str::to_string).ok_or_else(|| format!("{what} is not UTF-8: '{}'", Os(a)))
}

/// The value after a flag as text, or the usage error that names the flag.
pub fn value<'a>(it: &mut impl Iterator<Item = &'a OsString>, flag: &str) -> Result<String, String> {
    utf8(&value_os(it, flag)?, flag)
}

/// The value after a flag as it was given (a path), or the usage error that names the flag.
pub fn value_os<'a>(it: &mut impl Iterator<Item = &'a OsString>, flag: &str) -> Result<OsString, String> {
    it.next().cloned().ok_or_else(|| format!("{flag} needs a value"))
}

/// A flag or a word the parser matches on: the argument if it is UTF-8, else
/// a text no flag equals (the argument is then a path, or unexpected).
pub fn word(a: &OsStr) -> &str {
    a.to_str().unwrap_or("\u{fffd}")
}

/// `--format text|json`, for the commands that print either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// Reads `--format`'s value: `text` or `json`.
pub fn text_or_json(v: &str) -> Result<Format, String> {
    match v {
        "text" => Ok(Format::Text),
        "json" => Ok(Format::Json),
        v => Err(format!("unknown format '{v}' (text or json)")),
    }
}

/// The one loop over a command line with a catalog: `--catalog FILE` and
/// `--fact ID=VALUE` go to `catalog`; `each` gets every other argument and
/// the iterator its value is read from (peekable, for a flag that takes
/// several).
pub fn each_flag<'a>(
    args: &'a [OsString],
    catalog: &mut crate::catalog::CatalogArgs,
    mut each: impl FnMut(&'a OsString, &mut std::iter::Peekable<std::slice::Iter<'a, OsString>>) -> Result<(), String>,
) -> Result<(), String> {
    let mut it = args.iter().peekable();
    while let Some(a) = it.next() {
        if catalog.take(word(a), &mut it)? {
            continue;
        }
        each(a, &mut it)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    #[test]
    fn help_usage_and_success() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let args = os(&["--help"]);
        assert_eq!(parse_or_exit("x", "HELP", &args, &mut out, &mut err, |_| Ok(())), Err(Exit::Ok));
        assert_eq!(String::from_utf8(out).unwrap(), "HELP\n");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let r: Result<(), Exit> = parse_or_exit("x", "HELP", &[], &mut out, &mut err, |_| Err("bad \u{1b}[31m".into()));
        assert_eq!(r, Err(Exit::Unusable));
        assert_eq!(String::from_utf8(err).unwrap(), "batchlane x: bad \\u{1b}[31m\n\nHELP\n");
        assert!(out.is_empty());
        let args = os(&["a"]);
        assert_eq!(parse_or_exit("x", "HELP", &args, &mut Vec::new(), &mut Vec::new(), |a| Ok(a.len())), Ok(1));
        let mut it = args.iter();
        assert_eq!(value(&mut it, "--f"), Ok("a".to_string()));
        assert_eq!(value(&mut it, "--f"), Err("--f needs a value".to_string()));
    }

    #[test]
    fn format_and_the_flag_loop() {
        assert_eq!(text_or_json("json"), Ok(Format::Json));
        assert_eq!(text_or_json("xml"), Err("unknown format 'xml' (text or json)".to_string()));
        let mut catalog = crate::catalog::CatalogArgs::default();
        let args = os(&["--fact", "batch_price_factor.any=0.4", "--model", "m", "x"]);
        let mut seen = Vec::new();
        each_flag(&args, &mut catalog, |a, it| {
            if word(a) == "--model" {
                seen.push(value(it, "--model")?);
            } else {
                seen.push(word(a).to_string());
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(seen, ["m", "x"]);
        assert_eq!(catalog.catalog.overrides().len(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_text_value_that_is_not_utf8_is_a_usage_error() {
        use std::os::unix::ffi::OsStringExt;
        let args = [OsString::from_vec(b"caf\xe9".to_vec())];
        assert_eq!(value(&mut args.iter(), "--model"), Err("--model is not UTF-8: 'caf\\xe9'".to_string()));
        assert_eq!(value_os(&mut args.iter(), "-o"), Ok(args[0].clone()));
        assert_eq!(word(&args[0]), "\u{fffd}");
    }
}
