//! `--format text`: one line per finding (identical findings on many lines
//! as one, with their count and first lines, as the page groups them:
//! `batch::group`), a summary line per file, and a total when several
//! files were checked. Every value from a file goes
//! through [`crate::escape::Text`].

use crate::escape::Text;
use crate::out::{Sink, Totals};
use batchlane_core::batch::{group, Report, Verdict};
use std::io::{Result, Write};

pub struct TextSink<'a> {
    pub out: &'a mut dyn Write,
}

impl Sink for TextSink<'_> {
    fn report(&mut self, file: &str, r: &Report) -> Result<()> {
        write_report(self.out, file, r)
    }

    fn unreadable(&mut self, _file: &str, _why: &str) -> Result<()> {
        // Said on standard error by the caller.
        Ok(())
    }

    fn end(&mut self, t: &Totals) -> Result<()> {
        if t.files() > 1 {
            writeln!(self.out, "{}", t.summary())?;
        }
        Ok(())
    }
}

pub fn write_report(out: &mut dyn Write, file: &str, r: &Report) -> Result<()> {
    let file = Text(file);
    for g in group(&r.diagnostics) {
        let d = &r.diagnostics[g.first];
        let col = d.column.map_or(String::new(), |c| format!(":{c}"));
        let param = d.param.as_deref().map_or(String::new(), |p| format!(" [{}]", Text(p)));
        let basis = d.source.as_deref().map_or_else(|| d.evidence.as_str().to_string(), |s| format!("{}: {s}", d.evidence.as_str()));
        writeln!(out, "{file}:{}{col}: {}[{}]{param}: {} ({basis})", d.line, d.severity.as_str(), d.code.as_str(), Text(&d.message))?;
        if g.count > 1 {
            let lines: Vec<String> = g.lines.iter().map(u64::to_string).collect();
            let more = if g.count > g.lines.len() as u64 { ", …" } else { "" };
            writeln!(out, "  the same on {} lines: {}{more}", g.count, lines.join(", "))?;
        }
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
        match r.verdict() {
            Verdict::Ready => "ok".to_string(),
            Verdict::BatchFails => "FAILED (the batch would fail)".to_string(),
            Verdict::RequestsFail { requests } => format!("FAILED (the batch would run; {requests} requests would fail in the error file)"),
            Verdict::NotConfirmed { lines } => format!("NOT CONFIRMED ({lines} lines could not be checked)"),
        },
        r.dialect.name(),
        s.requests,
        s.bytes,
        Text(s.model.as_deref().unwrap_or("-")),
        Text(s.endpoint.as_deref().unwrap_or("-")),
        s.errors,
        s.warnings,
    )
}
