//! `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other viewers.
//! One rule per code, with the fix text from the core's `explain`; one
//! result per finding at its line and column (columns count Unicode code
//! points, as `columnKind` says). Written file by file.

use crate::out::{Sink, Totals};
use batchlane_core::batch::{explain, Code, Dialect, Report, Severity};
use serde_json::{json, Value};
use std::io::{Result, Write};

pub const SCHEMA_URI: &str = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

pub struct SarifSink<'a> {
    pub out: &'a mut dyn Write,
    pub dialect: Dialect,
    started: bool,
    results: u64,
    notifications: Vec<Value>,
}

impl<'a> SarifSink<'a> {
    pub fn new(out: &'a mut dyn Write, dialect: Dialect) -> Self {
        SarifSink { out, dialect, started: false, results: 0, notifications: Vec::new() }
    }

    fn start(&mut self) -> Result<()> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        let rules: Vec<Value> = Code::ALL.iter().map(|&c| rule(c, self.dialect)).collect();
        let driver = json!({
            "name": "batchlane",
            "semanticVersion": env!("CARGO_PKG_VERSION"),
            "version": env!("CARGO_PKG_VERSION"),
            "rules": rules,
        });
        let head = json!({"$schema": SCHEMA_URI, "version": "2.1.0"});
        let head = head.to_string();
        // `{"$schema":…,"version":"2.1.0"` then the run, left open for results.
        write!(
            self.out,
            "{},\"runs\":[{{\"tool\":{{\"driver\":{driver}}},\"columnKind\":\"unicodeCodePoints\",\"results\":[",
            &head[..head.len() - 1]
        )
    }
}

fn rule(code: Code, dialect: Dialect) -> Value {
    let help = explain(code, dialect).en;
    let short = help.split_inclusive(". ").next().unwrap_or(&help).trim_end().to_string();
    json!({
        "id": code.as_str(),
        "shortDescription": {"text": short},
        "fullDescription": {"text": help},
        "help": {"text": help},
    })
}

/// A path as a URI reference: relative paths stay relative (to
/// `%SRCROOT%`, the repository on GitHub), absolute ones become `file://`.
pub fn artifact_location(file: &str) -> Value {
    if file == "<stdin>" {
        return json!({"uri": "stdin"});
    }
    let trimmed = file.strip_prefix("./").unwrap_or(file);
    let mut uri = String::with_capacity(trimmed.len());
    for &b in trimmed.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    if trimmed.starts_with('/') {
        json!({"uri": format!("file://{uri}")})
    } else {
        json!({"uri": uri, "uriBaseId": "%SRCROOT%"})
    }
}

impl Sink for SarifSink<'_> {
    fn report(&mut self, file: &str, r: &Report) -> Result<()> {
        self.start()?;
        let location = artifact_location(file);
        for d in &r.diagnostics {
            let Some(index) = Code::ALL.iter().position(|&c| c == d.code) else { continue };
            // Findings about the whole file (line 0) sit on line 1.
            let mut region = json!({"startLine": d.line.max(1)});
            if let (Some(c), true) = (d.column, d.line > 0) {
                region["startColumn"] = c.max(1).into();
            }
            let text = match &d.param {
                Some(p) => format!("{} [{p}]", d.message),
                None => d.message.clone(),
            };
            let result = json!({
                "ruleId": d.code.as_str(),
                "ruleIndex": index,
                "level": match d.severity { Severity::Error => "error", Severity::Warning => "warning" },
                "message": {"text": text},
                "locations": [{"physicalLocation": {"artifactLocation": location.clone(), "region": region}}],
                // What the finding rests on, and where (SARIF's property bag).
                "properties": {"evidence": d.evidence.as_str(), "source": d.source.as_deref()},
            });
            if self.results > 0 {
                self.out.write_all(b",")?;
            }
            self.results += 1;
            serde_json::to_writer(&mut *self.out, &result)?;
        }
        Ok(())
    }

    fn unreadable(&mut self, file: &str, why: &str) -> Result<()> {
        self.notifications.push(json!({
            "level": "error",
            "message": {"text": format!("cannot read {file}: {why}")},
            "locations": [{"physicalLocation": {"artifactLocation": artifact_location(file)}}],
        }));
        Ok(())
    }

    fn end(&mut self, t: &Totals) -> Result<()> {
        self.start()?;
        let invocation = json!({
            "executionSuccessful": t.unreadable == 0,
            "toolExecutionNotifications": std::mem::take(&mut self.notifications),
        });
        writeln!(self.out, "],\"invocations\":[{invocation}]}}]}}")
    }
}
