//! The report: summary, tokens, quota, cost and diagnostics; its exports as
//! the CLI's JSON and as Markdown.

use super::estimate::{CostEstimate, Histogram};
use super::line::FileShape;
use super::{Code, Diagnostic, Dialect, Severity};
use crate::facts::Encoding;

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Report {
    pub dialect: Dialect,
    pub summary: Summary,
    /// `None` when tokens were not counted.
    pub tokens: Option<TokenReport>,
    /// `None` when no quota was picked, or the catalog has none for the model.
    pub quota: Option<QuotaReport>,
    /// `None` without tokens, or when no price is known for the model.
    pub cost: Option<CostEstimate>,
    /// Set when the file is plainly not JSONL.
    pub shape: Option<FileShape>,
    /// The file looks written for the other service (its url is one only
    /// that service takes): check it as that dialect.
    #[serde(default)]
    pub looks_like: Option<Dialect>,
    /// Every code found: how many, how many kept in `diagnostics`.
    pub counts: Vec<CodeCount>,
    /// Sorted by line; at most `max_stored_per_code` per code.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether some diagnostics were counted but not kept.
    pub truncated: bool,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    /// Non-blank lines.
    pub requests: u64,
    pub lines: u64,
    pub bytes: u64,
    pub errors: u64,
    pub warnings: u64,
    pub blank_lines: u64,
    /// The first request's `body.model` (deployment name on Azure).
    pub model: Option<String>,
    /// The catalog model used for limits, tokens and prices.
    pub catalog_model: Option<String>,
    /// How `catalog_model` was found (picked, named in the file, guessed).
    #[serde(default)]
    pub model_source: super::ModelSource,
    /// The first request's `url`.
    pub endpoint: Option<String>,
    pub prompt_tokens: Option<u64>,
    /// Sum of the output caps.
    pub output_tokens: u64,
    /// Prompt + output caps, when tokens were counted.
    pub enqueued_tokens: Option<u64>,
    /// Errors that fail the whole batch (the file is refused).
    #[serde(default)]
    pub batch_errors: u64,
    /// Requests that would fail on their own in the error file (the rest runs).
    #[serde(default)]
    pub failing_requests: u64,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TokenReport {
    pub encoding: Encoding,
    /// No model known: o200k_base was assumed.
    pub encoding_guessed: bool,
    pub prompt_tokens: u64,
    pub output_tokens: u64,
    pub enqueued_tokens: u64,
    pub max_prompt_tokens_per_line: u64,
    pub histogram: Histogram,
    /// Texts whose count came from the cache of repeated texts.
    pub cache_hits: u64,
    /// Image parts and tool definitions: how many, their tokens, and how
    /// many of those are estimates.
    #[serde(default)]
    pub media: super::MediaTally,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct QuotaReport {
    pub limit: u64,
    pub enqueued_tokens: u64,
    pub exceeded: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CodeCount {
    pub code: Code,
    pub severity: Severity,
    pub count: u64,
    pub stored: u64,
}

impl Report {
    pub fn has_errors(&self) -> bool {
        self.summary.errors > 0
    }

    /// What the file would do: fail as a batch, run with some requests
    /// failing, or run clean.
    pub fn verdict(&self) -> super::Verdict {
        let s = &self.summary;
        let unchecked = self.counts.iter().filter(|k| k.code == super::Code::LineTooLong).map(|k| k.count).sum::<u64>();
        if s.errors == 0 && unchecked > 0 {
            super::Verdict::NotConfirmed { lines: unchecked }
        } else if s.errors == 0 {
            super::Verdict::Ready
        } else if s.batch_errors > 0 || s.failing_requests == 0 {
            super::Verdict::BatchFails
        } else {
            super::Verdict::RequestsFail { requests: s.failing_requests }
        }
    }

    /// The CLI's JSON: `{dialect, summary{requests, bytes, errors, warnings,
    /// model, endpoint, prompt_tokens, enqueued_tokens}, diagnostics[{line,
    /// column?, severity, stage, code, param?, message, evidence, source?}]}`.
    pub fn to_cli_json(&self) -> serde_json::Value {
        let s = &self.summary;
        let diagnostics: Vec<serde_json::Value> = self
            .diagnostics
            .iter()
            .map(|d| {
                let mut o = serde_json::Map::new();
                o.insert("line".into(), d.line.into());
                if let Some(c) = d.column {
                    o.insert("column".into(), c.into());
                }
                o.insert("severity".into(), d.severity.as_str().into());
                o.insert("stage".into(), d.stage().as_str().into());
                o.insert("code".into(), d.code.as_str().into());
                if let Some(p) = &d.param {
                    o.insert("param".into(), p.as_str().into());
                }
                o.insert("message".into(), d.message.as_str().into());
                o.insert("evidence".into(), d.evidence.as_str().into());
                if let Some(s) = &d.source {
                    o.insert("source".into(), s.as_ref().into());
                }
                serde_json::Value::Object(o)
            })
            .collect();
        serde_json::json!({
            "dialect": self.dialect.name(),
            "summary": {
                "requests": s.requests,
                "bytes": s.bytes,
                "errors": s.errors,
                "warnings": s.warnings,
                "model": s.model,
                "endpoint": s.endpoint,
                "prompt_tokens": s.prompt_tokens,
                "enqueued_tokens": s.enqueued_tokens,
                "verdict": self.verdict().as_str(),
                "batch_errors": s.batch_errors,
                "failing_requests": s.failing_requests,
            },
            "diagnostics": diagnostics,
        })
    }

    /// `batchlane check FILE --format json`: [`Report::to_cli_json`] with
    /// the file named as given (`file`).
    pub fn to_file_json(&self, file: &str) -> serde_json::Value {
        let mut v = self.to_cli_json();
        if let serde_json::Value::Object(o) = &mut v {
            o.insert("file".into(), file.into());
        }
        v
    }

    /// The report as Markdown. Values from the file are escaped so they
    /// render as text.
    pub fn to_markdown(&self) -> String {
        let s = &self.summary;
        let opt = |v: &Option<String>| v.as_deref().map_or("–".to_string(), md);
        let verdict = match self.verdict() {
            super::Verdict::Ready => "no errors: ready to upload".to_string(),
            super::Verdict::BatchFails => "the batch would fail (the file is refused)".to_string(),
            super::Verdict::RequestsFail { requests } => format!("the batch would run; {requests} requests would fail in the error file"),
            super::Verdict::NotConfirmed { lines } => format!("not confirmed: {lines} lines could not be checked"),
        };
        let num = |v: Option<u64>| v.map_or("–".to_string(), grouped);
        let catalog_model = match (&s.catalog_model, s.model_source) {
            (None, _) | (_, super::ModelSource::Unknown) => "unknown (no model's limits or prices apply)".to_string(),
            (Some(m), super::ModelSource::Guessed) => format!("{} (guessed from the deployment name)", md(m)),
            (Some(m), super::ModelSource::Picked) => format!("{} (picked)", md(m)),
            (Some(m), super::ModelSource::Named) => md(m),
        };
        let mut out = format!(
            "# Batch file check ({})\n\n**Verdict:** {verdict}\n\n| | |\n|---|---|\n| Requests | {} |\n| Size | {} ({} bytes) |\n| Model / deployment | {} |\n| Catalog model | {catalog_model} |\n| Endpoint | {} |\n| Prompt tokens | {} |\n| Enqueued tokens (estimate) | {} |\n| Errors | {} |\n| Warnings | {} |\n",
            self.dialect.name(), grouped(s.requests), crate::format::bytes(s.bytes), grouped(s.bytes), opt(&s.model), opt(&s.endpoint),
            num(s.prompt_tokens), num(s.enqueued_tokens), grouped(s.errors), grouped(s.warnings),
        );
        if let Some(c) = &self.cost {
            out += &format!(
                "| Cost at batch price (output at its cap) | ≤ {:.2} USD (input {} / output {} USD per 1M) |\n",
                c.total_usd_max, c.input_price_per_m, c.output_price_per_m
            );
        }
        if let Some(q) = &self.quota {
            out += &format!("| Enqueued-token quota | {} ({}) |\n", grouped(q.limit), if q.exceeded { "exceeded" } else { "within" });
        }
        out += "\n## Diagnostics\n\n| Line | Column | Severity | Fails | Code | Param | Message |\n|---|---|---|---|---|---|---|\n";
        for d in &self.diagnostics {
            out += &format!(
                "| {} | {} | {} | {}{} | `{}` | {} | {} |\n",
                d.line,
                d.column.map_or(String::new(), |c| c.to_string()),
                d.severity.as_str(),
                match d.stage() {
                    super::Stage::Batch => "the batch",
                    super::Stage::Request => "this request",
                    super::Stage::Advice => "nothing",
                },
                if d.stage_documented() { "" } else { " (not documented)" },
                d.code.as_str(),
                d.param.as_deref().map_or(String::new(), md),
                md(&d.message)
            );
        }
        if self.truncated {
            out += "\nSome diagnostics were counted but not listed:\n\n";
            for k in self.counts.iter().filter(|k| k.stored < k.count) {
                out += &format!("- `{}`: {} found, {} listed\n", k.code.as_str(), k.count, k.stored);
            }
        }
        out
    }
}

/// `1234567` → `1,234,567`.
fn grouped(n: u64) -> String {
    crate::format::group(&n.to_string())
}

/// Escapes text for a Markdown table cell (and HTML).
fn md(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '|' => out.push_str("\\|"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '`' | '*' | '_' | '[' | ']' | '\\' => {
                out.push('\\');
                out.push(ch);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn markdown_escapes_file_values() {
        assert_eq!(super::md("<script>|x"), "&lt;script&gt;\\|x");
    }
}
