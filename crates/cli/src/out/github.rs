//! `--format github`: GitHub Actions workflow commands
//! (`::error file=…,line=…,col=…,title=…::message`), every value escaped
//! as the runner expects, so that no value can start a command of its own.

use crate::escape::{github_data, github_property};
use crate::out::{Sink, Totals};
use batchlane_core::batch::{Report, Severity};
use std::io::{Result, Write};

pub struct GithubSink<'a> {
    pub out: &'a mut dyn Write,
}

impl Sink for GithubSink<'_> {
    fn report(&mut self, file: &str, r: &Report) -> Result<()> {
        let file = github_property(file);
        for d in &r.diagnostics {
            let command = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let mut props = format!("file={file}");
            if d.line > 0 {
                props += &format!(",line={}", d.line);
                if let Some(c) = d.column {
                    props += &format!(",col={c}");
                }
            }
            props += &format!(",title={}", github_property(d.code.as_str()));
            let param = d.param.as_deref().map_or(String::new(), |p| format!(" [{p}]"));
            writeln!(self.out, "::{command} {props}::{}", github_data(&format!("{}{param}", d.message)))?;
        }
        Ok(())
    }

    fn unreadable(&mut self, file: &str, why: &str) -> Result<()> {
        writeln!(
            self.out,
            "::error file={},title=unreadable::{}",
            github_property(file),
            github_data(&format!("cannot read the file: {why}"))
        )
    }

    fn end(&mut self, t: &Totals) -> Result<()> {
        // A plain log line: it starts with "batchlane", never with "::".
        writeln!(self.out, "batchlane: {}", t.summary())?;
        Ok(())
    }
}
