//! The rules about the whole file, run once the last byte is in, and the
//! assembling of the report.

use super::checker::{Aggregate, Checker};
use super::estimate::cost;
use super::report::{CodeCount, QuotaReport, Summary, TokenReport};
use super::{Code, Diagnostic, Report, Severity};
use crate::facts::Kind;

pub(crate) fn finish(mut c: Checker) -> Report {
    let dialect = c.options.dialect;
    let subject = dialect.fact_subject();
    if c.requests == 0 {
        let msg = "The input file is empty. Please ensure the batch contains at least one request.";
        c.record(Diagnostic::file(Code::EmptyFile, Severity::Error, msg.into()));
    }
    let max_requests = c.catalog.require(Kind::MaxRequestsPerFile, subject) as u64;
    if c.requests > max_requests {
        let msg = format!("The file has {} requests; the batch service accepts at most {max_requests} per file.", c.requests);
        c.record(Diagnostic::file(Code::TooManyTasks, Severity::Error, msg));
    }
    let (kind, how) = if dialect == super::Dialect::Azure && c.options.byo_storage {
        (Kind::MaxFileBytesByoStorage, " with bring-your-own storage")
    } else {
        (Kind::MaxFileBytes, "")
    };
    let max_bytes = c.catalog.require(kind, subject) as u64;
    if c.progress.bytes > max_bytes {
        let msg = format!("The file is {} bytes; the limit{how} is {max_bytes} bytes.", c.progress.bytes);
        c.record(Diagnostic::file(Code::FileTooLarge, Severity::Error, msg));
    }
    let n = c.requests;
    let crlf = std::mem::take(&mut c.crlf);
    aggregate(&mut c, crlf, |k| format!("{k} of {n} lines end with CRLF (\\r\\n); JSONL lines usually end with LF alone."));
    let unset = std::mem::take(&mut c.unset_cap);
    let cap_note = match c.model {
        Some(m) => format!("the estimate of enqueued tokens counts {}'s output maximum for each", m.name),
        None => "the model is unknown, so the estimate of enqueued tokens leaves their output out".to_string(),
    };
    aggregate(&mut c, unset, |k| {
        format!("{k} of {n} requests set no max_tokens (or max_completion_tokens / max_output_tokens): {cap_note}.")
    });
    let reasoning = std::mem::take(&mut c.reasoning_max_tokens);
    let model_name = c.model.map_or("this model", |m| m.name);
    aggregate(&mut c, reasoning, |k| {
        format!("{k} requests use max_tokens, but {model_name} is a reasoning model that takes max_completion_tokens.")
    });

    let counted = c.counter.is_some() || c.external_tokens;
    let enqueued = c.prompt_tokens + c.output_tokens;
    let model = c.model.map(|m| m.name);
    let quota = c.options.quota.limit(&c.catalog, model).map(|limit| QuotaReport {
        limit,
        enqueued_tokens: enqueued,
        exceeded: counted && enqueued > limit,
    });
    if let Some(q) = quota.as_ref().filter(|q| q.exceeded) {
        let deployment = c.first_model.as_ref().map_or("", |(m, _)| m.as_str());
        let msg = format!(
            "The number of enqueued tokens has surpassed the configured limit of {} for the deployment '{deployment}' (this file: about {enqueued} tokens).",
            short_count(q.limit)
        );
        c.record(Diagnostic::file(Code::TokenLimitExceeded, Severity::Error, msg));
    }
    let cost = counted.then(|| cost(&c.catalog, model, c.options.price, c.prompt_tokens, c.output_tokens)).flatten();
    let tokens = match (counted, c.encoding) {
        (true, Some((encoding, encoding_guessed))) => Some(TokenReport {
            encoding,
            encoding_guessed,
            prompt_tokens: c.prompt_tokens,
            output_tokens: c.output_tokens,
            enqueued_tokens: enqueued,
            max_prompt_tokens_per_line: c.max_line_prompt,
            histogram: c.histogram.clone(),
            cache_hits: c.counter.as_ref().map_or(0, |k| k.hits) + c.external_hits,
        }),
        _ => None,
    };
    let mut counts: Vec<CodeCount> = c
        .counts
        .iter()
        .map(|(&code, &(severity, count))| CodeCount { code, severity, count, stored: count.min(c.options.max_stored_per_code as u64) })
        .collect();
    counts.sort_by_key(|k| (k.severity, k.code));
    let errors = counts.iter().filter(|k| k.severity == Severity::Error).map(|k| k.count).sum();
    let warnings = counts.iter().filter(|k| k.severity == Severity::Warning).map(|k| k.count).sum();
    let mut diagnostics = std::mem::take(&mut c.diagnostics);
    diagnostics.sort_by_key(|d| (d.line, d.column, d.severity));
    Report {
        dialect,
        summary: Summary {
            requests: c.requests,
            lines: c.progress.lines,
            bytes: c.progress.bytes,
            errors,
            warnings,
            blank_lines: c.blank_lines,
            model: c.first_model.map(|(m, _)| m),
            catalog_model: model.map(str::to_string),
            endpoint: c.first_url.map(|(u, _)| u),
            prompt_tokens: counted.then_some(c.prompt_tokens),
            output_tokens: c.output_tokens,
            enqueued_tokens: counted.then_some(enqueued),
        },
        truncated: counts.iter().any(|k| k.stored < k.count),
        tokens,
        quota,
        cost,
        shape: c.shape,
        counts,
        diagnostics,
    }
}

fn aggregate(c: &mut Checker, a: Aggregate, message: impl Fn(u64) -> String) {
    if let Some(mut d) = a.first {
        d.message = message(a.count);
        c.record(d);
    }
}

/// 30000 → "30K", 5e9 → "5B", as the service writes limits.
pub(crate) fn short_count(n: u64) -> String {
    for (unit, suffix) in [(1_000_000_000, "B"), (1_000_000, "M"), (1_000, "K")] {
        if n >= unit && n.is_multiple_of(unit / 10) {
            let whole = n / unit;
            let tenth = n % unit / (unit / 10);
            return if tenth == 0 { format!("{whole}{suffix}") } else { format!("{whole}.{tenth}{suffix}") };
        }
    }
    n.to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn short_counts() {
        assert_eq!(super::short_count(30_000), "30K");
        assert_eq!(super::short_count(1_500_000_000), "1.5B");
        assert_eq!(super::short_count(12_345), "12345");
    }
}
