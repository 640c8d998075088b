//! `--format json`: one file given → the report object as before; several
//! (or a directory) → `{"files": [{"file", …report} | {"file", "error"}],
//! "summary": {…}}`, written file by file.

use crate::out::{Sink, Totals};
use batchlane_core::batch::Report;
use serde_json::{json, Value};
use std::io::{Result, Write};

pub struct JsonSink<'a> {
    pub out: &'a mut dyn Write,
    /// The single-file shape (one PATH that is a file or `-`).
    pub single: bool,
    pub written: u64,
}

impl JsonSink<'_> {
    fn entry(&mut self, v: &Value) -> Result<()> {
        if self.single {
            serde_json::to_writer_pretty(&mut *self.out, v)?;
            return writeln!(self.out);
        }
        self.out.write_all(if self.written == 0 { b"{\"files\": [\n" } else { b",\n" })?;
        self.written += 1;
        serde_json::to_writer(&mut *self.out, v)?;
        Ok(())
    }
}

impl Sink for JsonSink<'_> {
    fn report(&mut self, file: &str, r: &Report) -> Result<()> {
        self.entry(&r.to_file_json(file))
    }

    fn unreadable(&mut self, file: &str, why: &str) -> Result<()> {
        if self.single {
            return Ok(());
        }
        self.entry(&json!({"file": file, "error": format!("cannot read: {why}")}))
    }

    fn end(&mut self, t: &Totals) -> Result<()> {
        if self.single {
            return Ok(());
        }
        if self.written == 0 {
            self.out.write_all(b"{\"files\": [")?;
        }
        let summary = json!({
            "files": t.files(), "ok": t.ok, "failed": t.failed, "unreadable": t.unreadable,
            "errors": t.errors, "warnings": t.warnings, "exit_code": t.exit_code().code(),
        });
        writeln!(self.out, "\n], \"summary\": {summary}}}")
    }
}
