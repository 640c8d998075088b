//! The block every subcommand starts with: `-h`/`--help` prints the help
//! and exits 0; the subcommand's parser runs; a usage error prints the
//! message (escaped: it may quote an argument) and the help, and exits 2.

use crate::escape::Text;
use std::io::Write;

/// The parsed arguments, or the exit code the subcommand returns at once.
pub fn parse_or_exit<T>(
    command: &str,
    help: &str,
    args: &[String],
    out: &mut dyn Write,
    err: &mut dyn Write,
    parse: impl FnOnce(&[String]) -> Result<T, String>,
) -> Result<T, i32> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        let _ = writeln!(out, "{help}");
        return Err(0);
    }
    parse(args).map_err(|e| {
        let _ = writeln!(err, "batchlane {command}: {}\n\n{help}", Text(&e));
        2
    })
}

/// The value after a flag, or the usage error that names the flag.
pub fn value<'a>(it: &mut impl Iterator<Item = &'a String>, flag: &str) -> Result<String, String> {
    it.next().cloned().ok_or_else(|| format!("{flag} needs a value"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_usage_and_success() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let args = vec!["--help".to_string()];
        assert_eq!(parse_or_exit("x", "HELP", &args, &mut out, &mut err, |_| Ok(())), Err(0));
        assert_eq!(String::from_utf8(out).unwrap(), "HELP\n");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let r: Result<(), i32> = parse_or_exit("x", "HELP", &[], &mut out, &mut err, |_| Err("bad \u{1b}[31m".into()));
        assert_eq!(r, Err(2));
        assert_eq!(String::from_utf8(err).unwrap(), "batchlane x: bad \\u{1b}[31m\n\nHELP\n");
        assert!(out.is_empty());
        let args = vec!["a".to_string()];
        assert_eq!(parse_or_exit("x", "HELP", &args, &mut Vec::new(), &mut Vec::new(), |a| Ok(a.len())), Ok(1));
        let mut it = args.iter();
        assert_eq!(value(&mut it, "--f"), Ok("a".to_string()));
        assert_eq!(value(&mut it, "--f"), Err("--f needs a value".to_string()));
    }
}
