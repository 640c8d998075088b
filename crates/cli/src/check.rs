//! `batchlane check FILE [--dialect azure|openai] [--format text|json]
//! [--model NAME] [--quota TOKENS] [--byo-storage] [--no-tokens]`.
//! Exit 0: no errors; 1: errors found; 2: unreadable file or bad usage.

use crate::escape::Text;
use batchlane_core::batch::{CheckOptions, Checker, Dialect, QuotaChoice, Report};
use batchlane_core::facts::Catalog;
use std::io::{Read, Write};

const CHUNK: usize = 1 << 20;

enum Format {
    Text,
    Json,
}

struct Args {
    file: String,
    format: Format,
    options: CheckOptions,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut file = None;
    let mut format = Format::Text;
    let mut options = CheckOptions::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--dialect" => {
                let v = value("--dialect")?;
                options.dialect = Dialect::from_name(&v).ok_or_else(|| format!("unknown dialect '{v}' (azure or openai)"))?;
            }
            "--format" => {
                format = match value("--format")?.as_str() {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    v => return Err(format!("unknown format '{v}' (text or json)")),
                }
            }
            "--model" => options.model = Some(value("--model")?),
            "--quota" => {
                let v = value("--quota")?;
                let n: u64 = v.parse().map_err(|_| format!("--quota needs a whole number of tokens, got '{v}'"))?;
                options.quota = QuotaChoice::Tokens(n);
            }
            "--byo-storage" => options.byo_storage = true,
            "--no-tokens" => options.count_tokens = false,
            s if s.starts_with("--") => return Err(format!("unknown option {s}")),
            s if file.is_none() => file = Some(s.to_string()),
            s => return Err(format!("unexpected argument '{s}'")),
        }
    }
    options.validate().map_err(|e| e.to_string())?;
    Ok(Args { file: file.ok_or("no FILE given")?, format, options })
}

pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let args = match parse(args) {
        Ok(a) => a,
        Err(e) => {
            let _ = writeln!(err, "batchlane check: {e}\n{}", super::USAGE);
            return 2;
        }
    };
    let report = match check_file(&args.file, args.options) {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(err, "batchlane check: cannot read {}: {e}", args.file);
            return 2;
        }
    };
    let written = match args.format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &report.to_cli_json()).map_err(std::io::Error::from).and_then(|_| writeln!(out))
        }
        Format::Text => write_text(&args.file, &report, out),
    };
    if written.is_err() {
        return 2;
    }
    i32::from(report.has_errors())
}

/// Reads the file in chunks: a 1 GB file never sits in memory whole.
fn check_file(path: &str, options: CheckOptions) -> std::io::Result<Report> {
    let mut f = std::fs::File::open(path)?;
    if f.metadata()?.is_dir() {
        return Err(std::io::Error::other("it is a directory"));
    }
    let mut checker = Checker::new(options, &Catalog::builtin());
    let mut buf = vec![0u8; CHUNK];
    loop {
        match f.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => checker.feed(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(checker.finish())
}

fn write_text(file: &str, r: &Report, out: &mut dyn Write) -> std::io::Result<()> {
    let file = Text(file);
    for d in &r.diagnostics {
        let col = d.column.map_or(String::new(), |c| format!(":{c}"));
        let param = d.param.as_deref().map_or(String::new(), |p| format!(" [{}]", Text(p)));
        writeln!(out, "{file}:{}{col}: {}[{}]{param}: {}", d.line, d.severity.as_str(), d.code.as_str(), Text(&d.message))?;
    }
    if r.truncated {
        for k in r.counts.iter().filter(|k| k.stored < k.count) {
            writeln!(out, "({}: {} found, first {} shown)", k.code.as_str(), k.count, k.stored)?;
        }
    }
    let s = &r.summary;
    let tokens = match (s.prompt_tokens, s.enqueued_tokens) {
        (Some(p), Some(e)) => format!(", {p} prompt tokens, {e} enqueued tokens (estimate)"),
        _ => String::new(),
    };
    writeln!(
        out,
        "{file}: {} ({}): {} requests, {} bytes, model {}, endpoint {}{tokens}: {} errors, {} warnings",
        if s.errors == 0 { "ok" } else { "FAILED" },
        r.dialect.name(),
        s.requests,
        s.bytes,
        Text(s.model.as_deref().unwrap_or("-")),
        Text(s.endpoint.as_deref().unwrap_or("-")),
        s.errors,
        s.warnings,
    )
}
