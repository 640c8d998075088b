//! The text form of `batchlane results`. Every value from a file (custom_ids,
//! models, codes, messages, a job's status) goes through
//! [`crate::escape::Text`].

use crate::escape::Text;
use batchlane_core::results::{
    format_utc, warning_text, CostReport, Diagnostic, FileKind, GroupTable, JobAnalysis, LineProblem, Outcome, Problem, ResultsReport,
};
use std::io::{Result, Write};

fn file_name(f: FileKind) -> &'static str {
    match f {
        FileKind::Output => "output file",
        FileKind::Errors => "error file",
        FileKind::Input => "input file",
        FileKind::Job => "job object",
    }
}

fn problem_text(p: &Problem) -> String {
    match p {
        Problem::Unreadable(l) => match l {
            LineProblem::InvalidUtf8 => "not UTF-8".into(),
            LineProblem::NotJson { detail } => format!("not JSON ({})", Text(detail)),
            LineProblem::NotAnObject => "not a JSON object".into(),
            LineProblem::NoCustomId => "no custom_id".into(),
            LineProblem::UnknownResultShape => "neither response nor error: not a result line".into(),
            LineProblem::InputLineInResultFile => "an input (request) line, not a result line".into(),
            LineProblem::ResultLineInInputFile => "a result line, not an input (request) line".into(),
            LineProblem::UnknownInputShape => "no body object: not a request line".into(),
            LineProblem::TooLong { bytes, limit } => format!("{bytes} bytes, longer than the {limit}-byte line limit: skipped"),
        },
        Problem::DuplicateResult { custom_id, first } => {
            format!("duplicate result for {} (also {} line {})", Text(custom_id), file_name(first.file), first.line)
        }
        Problem::DuplicateInput { custom_id, first_line } => format!("custom_id {} already on input line {first_line}", Text(custom_id)),
        Problem::ByteOrderMark => "starts with a UTF-8 byte order mark".into(),
        Problem::UsageOverflow { custom_id: Some(id) } => format!("token counts of {} overflow a 64-bit sum: usage is capped", Text(id)),
        Problem::UsageOverflow { custom_id: None } => "total token counts overflow a 64-bit sum: usage is capped".into(),
    }
}

fn diag_line(d: &Diagnostic) -> String {
    format!("  {} line {}: {}", file_name(d.file), d.line, problem_text(&d.problem))
}

pub fn write_text(
    out: &mut dyn Write,
    r: &ResultsReport,
    cost: &CostReport,
    job: Option<&JobAnalysis>,
    groups: Option<&GroupTable>,
    retry: Option<&(String, usize)>,
) -> Result<()> {
    for m in &r.misplaced {
        writeln!(
            out,
            "The {} looks like {}: check which file you gave where.",
            file_name(m.given_as),
            match m.looks_like {
                FileKind::Input => "an input (request) file",
                FileKind::Job => "a batch job object",
                _ => "a batch output or error file",
            }
        )?;
    }
    let s = &r.summary;
    writeln!(out, "requests: {}", s.requests)?;
    for o in Outcome::ALL {
        let n = s.count(o);
        if n > 0 {
            writeln!(out, "  {:<17} {n}", o.code())?;
        }
    }
    writeln!(
        out,
        "retryable: {}  unexpected: {}  duplicates: {}  unreadable lines: {}",
        s.retryable(),
        s.unexpected,
        s.duplicates,
        s.unreadable_lines
    )?;
    let u = &r.total_usage;
    writeln!(out, "tokens: prompt {} (cached {}), completion {} (reasoning {})", u.prompt, u.cached, u.completion, u.reasoning)?;
    writeln!(out, "cost at batch price: ${:.6}", cost.total_usd)?;
    for m in &cost.models {
        let name = Text(m.model.as_deref().unwrap_or("(no model)"));
        if m.usage.is_zero() {
            writeln!(out, "  {name}: {} requests, no tokens", m.requests)?;
            continue;
        }
        match (m.cost_usd, &m.priced_as) {
            (Some(c), Some(p)) => writeln!(out, "  {name} (priced as {}): {} requests, ${c:.6}", Text(p), m.requests)?,
            (Some(c), None) => writeln!(out, "  {name}: {} requests, ${c:.6}", m.requests)?,
            (None, _) => writeln!(out, "  {name}: {} requests, not priced ({}); use --model", m.requests, Text(&format!("{:?}", m.error)))?,
        }
    }
    if !r.not_retried.is_empty() {
        writeln!(out, "not retried (a retry cannot change the answer):")?;
        for n in &r.not_retried {
            writeln!(
                out,
                "  {} {} {} {}",
                Text(&n.custom_id),
                n.outcome.code(),
                Text(n.code.as_deref().unwrap_or("-")),
                Text(n.message.as_deref().unwrap_or(""))
            )?;
        }
    }
    if !r.retry.without_input.is_empty() {
        writeln!(
            out,
            "retryable without an input line (give --input to build the retry file): {}",
            Text(&r.retry.without_input.join(", "))
        )?;
    }
    if let Some((path, n)) = retry {
        writeln!(out, "retry file: {} ({n} lines)", Text(path))?;
    }
    if let Some(g) = groups {
        writeln!(out, "groups:")?;
        for row in &g.rows {
            writeln!(
                out,
                "  {:<20} {} requests, {} succeeded, {} retryable, {} tokens, ${:.6}",
                Text(row.key.as_deref().unwrap_or("(no match)")).to_string(),
                row.summary.requests,
                row.summary.succeeded,
                row.summary.retryable(),
                row.usage.total(),
                row.cost_usd
            )?;
        }
    }
    if let Some(j) = job {
        writeln!(out, "job: {} — {}", Text(&format!("{:?}", j.status.status)), Text(&j.status.meaning.en))?;
        writeln!(out, "  what to do: {}", Text(&j.status.what_to_do.en))?;
        if let Some(p) = &j.progress {
            writeln!(out, "  progress: {} completed, {} failed of {}", p.counts.completed, p.counts.failed, p.counts.total)?;
        }
        if let Some(secs) = j.expires_in_seconds {
            writeln!(out, "  expires in: {} h {} min", secs / 3600, secs % 3600 / 60)?;
        }
        if let Some(d) = &j.output_deletion {
            writeln!(out, "  output files deleted: {}", format_utc(d.deletes_at))?;
        }
        for e in &j.errors {
            writeln!(
                out,
                "  error {} (line {:?}): {}",
                Text(e.error.code.as_deref().unwrap_or("-")),
                e.error.line,
                Text(&e.explanation.en)
            )?;
        }
        for w in &j.warnings {
            writeln!(out, "  warning: {}", Text(&warning_text(w).en))?;
        }
    }
    if !r.diagnostics.is_empty() {
        writeln!(out, "diagnostics:")?;
        for d in &r.diagnostics {
            writeln!(out, "{}", diag_line(d))?;
        }
        if r.diagnostics_dropped > 0 {
            writeln!(out, "  … and {} more", r.diagnostics_dropped)?;
        }
    }
    Ok(())
}
