//! The rules about the whole file, run once the last byte is in, and the
//! assembling of the report from a [`Tally`].

use super::diagnostic::quote;
use super::estimate::cost;
use super::report::{CodeCount, QuotaReport, Summary, TokenReport};
use super::tally::{Once, Tally};
use super::{CheckOptions, Code, Diagnostic, FileShape, Report, Severity};
use crate::facts::{Catalog, Encoding, Kind, Model};

/// What a pass learnt about the file besides its counts.
pub(crate) struct FileFacts<'a> {
    pub options: &'a CheckOptions,
    pub catalog: &'a Catalog,
    pub bytes: u64,
    pub lines: u64,
    pub model: Option<&'static Model>,
    pub model_source: super::ModelSource,
    pub encoding: Option<(Encoding, bool)>,
    /// The first `body.model` and `url`, with their lines.
    pub first_model: Option<(String, u64)>,
    pub first_url: Option<(String, u64)>,
    pub shape: Option<FileShape>,
    /// Whether tokens were counted (by this pass or by merged token passes).
    pub counted: bool,
}

impl Tally {
    /// The file-wide rules, then the report.
    pub(crate) fn finish(mut self, f: FileFacts) -> Report {
        let (options, catalog) = (f.options, f.catalog);
        let dialect = options.dialect;
        let subject = dialect.fact_subject();
        let requests = self.requests();
        if requests == 0 {
            let msg = "The input file is empty. Please ensure the batch contains at least one request.";
            self.record(Diagnostic::file(Code::EmptyFile, Severity::Error, msg.into()));
        }
        let max_requests = catalog.require(Kind::MaxRequestsPerFile, subject) as u64;
        if requests > max_requests {
            let msg = format!(
                "The file has {} requests; the batch service accepts at most {} per file.",
                grouped(requests),
                grouped(max_requests)
            );
            self.record(Diagnostic::file(Code::TooManyTasks, Severity::Error, msg));
        }
        let (kind, how) = if dialect == super::Dialect::Azure && options.byo_storage {
            (Kind::MaxFileBytesByoStorage, " with bring-your-own storage")
        } else {
            (Kind::MaxFileBytes, "")
        };
        let max_bytes = catalog.require(kind, subject) as u64;
        if f.bytes > max_bytes {
            let msg = format!("The file is {} bytes; the limit{how} is {} bytes.", grouped(f.bytes), grouped(max_bytes));
            self.record(Diagnostic::file(Code::FileTooLarge, Severity::Error, msg));
        }
        if let Some(name) = options.file_name.as_deref().filter(|n| !n.to_ascii_lowercase().ends_with(".jsonl")) {
            let msg = format!(
                "The file is named {}: the Batch API takes .jsonl files (OpenAI answers \"Invalid file format for Batch API. Must be .jsonl\"). Rename it before uploading.",
                crate::batch::quote(name)
            );
            self.record(Diagnostic::file(Code::FileNameNotJsonl, Severity::Warning, msg));
        }
        let n = grouped(requests);
        self.close_once(Once::Crlf, |k| {
            format!("{} of {n} lines end with CRLF (\\r\\n); JSONL lines usually end with LF alone.", grouped(k))
        });
        let cap_note = match f.model {
            Some(m) => format!("the estimate of enqueued tokens counts {}'s output maximum for each", m.name),
            None => "the model is unknown, so the estimate of enqueued tokens leaves their output out".to_string(),
        };
        self.close_once(Once::UnsetCap, |k| {
            format!("{} of {n} requests set no max_tokens (or max_completion_tokens / max_output_tokens): {cap_note}.", grouped(k))
        });

        let counted = f.counted;
        let (prompt, output) = (self.prompt_tokens(), self.output_tokens());
        let enqueued = prompt.plus(output);
        if enqueued.exact().is_none() {
            let msg = format!(
                "The token sums of this file do not fit in 64 bits (over {} tokens): a max_tokens or similar figure is far beyond any model's limit.",
                u64::MAX
            );
            self.record(Diagnostic::file(Code::TokenSumOverflow, Severity::Error, msg));
        }
        let model = f.model.map(|m| m.name);
        // Lines too long to check have no tokens in the sum: it is a lower bound.
        let unchecked = self.counts().find(|(code, _)| *code == Code::LineTooLong).map_or(0, |(_, k)| k.count);
        let quota = options.quota.limit(catalog, model).map(|limit| QuotaReport {
            limit,
            enqueued_tokens: enqueued.saturated(),
            // The gate passes only on an exact sum.
            exceeded: counted && (unchecked > 0 || enqueued.exact().is_none_or(|e| e > limit)),
        });
        // OpenAI's queue limit is the organization's, shared with the batches
        // already queued: a file over it alone is refused, but what else is
        // queued is unknown here, so the check warns (at most).
        let openai_tier = match options.quota {
            super::options::QuotaChoice::OpenAiTier(t) => Some(t),
            _ => None,
        };
        let quota_severity = if openai_tier.is_some() { Severity::Warning } else { Severity::Error };
        if let Some(q) = quota.as_ref().filter(|q| counted && unchecked > 0 && enqueued.exact().is_some_and(|e| e <= q.limit)) {
            let msg = format!(
                "{} line(s) were too long to check, so their tokens are not in this file's {} enqueued tokens: the limit of {} can't be confirmed.",
                grouped(unchecked),
                grouped(q.enqueued_tokens),
                short_count(q.limit)
            );
            self.record(Diagnostic::file(Code::QuotaUnconfirmed, quota_severity, msg));
        }
        if let Some(q) = quota.as_ref().filter(|q| q.exceeded && enqueued.exact().is_none_or(|e| e > q.limit)) {
            let deployment = f.first_model.as_ref().map_or(String::new(), |(m, _)| quote(m));
            let about = match enqueued.exact() {
                Some(e) => format!("about {} tokens", grouped(e)),
                None => format!("more than {} tokens", u64::MAX),
            };
            let msg = match (openai_tier, model) {
                (Some(tier), Some(m)) => format!(
                    "Enqueued token limit reached for {m}: OpenAI's batch queue limit at usage tier {tier} is {} enqueued tokens (the model page's figure), and this file alone holds {about}; batches already queued count too.",
                    grouped(q.limit)
                ),
                _ => format!(
                    "The number of enqueued tokens has surpassed the configured limit of {} for the deployment '{deployment}' (this file: {about}).",
                    short_count(q.limit)
                ),
            };
            self.record(Diagnostic::file(Code::TokenLimitExceeded, quota_severity, msg));
        }
        let cost = counted.then(|| cost(catalog, model, options.price, prompt.saturated(), output.saturated())).flatten();
        let tokens = match (counted, f.encoding) {
            (true, Some((encoding, encoding_guessed))) => Some(TokenReport {
                encoding,
                encoding_guessed,
                prompt_tokens: prompt.saturated(),
                output_tokens: output.saturated(),
                enqueued_tokens: enqueued.saturated(),
                max_prompt_tokens_per_line: self.max_line_prompt(),
                histogram: self.histogram().clone(),
                cache_hits: self.cache_hits(),
                media: *self.media(),
            }),
            _ => None,
        };
        let mut counts: Vec<CodeCount> =
            self.counts().map(|(code, k)| CodeCount { code, severity: k.severity, count: k.count, stored: k.stored }).collect();
        counts.sort_by_key(|k| (k.severity, k.code));
        let total = |sev: Severity| counts.iter().filter(|k| k.severity == sev).fold(0u64, |a, k| a.saturating_add(k.count));
        let (errors, warnings) = (total(Severity::Error), total(Severity::Warning));
        let looks_like = f.first_url.as_ref().and_then(|(url, _)| {
            let other = match dialect {
                super::Dialect::Azure => super::Dialect::OpenAi,
                super::Dialect::OpenAi => super::Dialect::Azure,
            };
            (!dialect.allowed_urls().contains(&url.as_str()) && other.allowed_urls().contains(&url.as_str())).then_some(other)
        });
        let mut diagnostics = self.take_diagnostics();
        diagnostics.sort_by_key(|d| (d.line, d.column, d.severity));
        for d in &mut diagnostics {
            super::evidence::fill(d, dialect);
        }
        Report {
            dialect,
            summary: Summary {
                requests,
                lines: f.lines,
                bytes: f.bytes,
                errors,
                warnings,
                blank_lines: self.blank_lines(),
                model: f.first_model.map(|(m, _)| m),
                catalog_model: model.map(str::to_string),
                model_source: f.model_source,
                endpoint: f.first_url.map(|(u, _)| u),
                prompt_tokens: counted.then_some(prompt.saturated()),
                output_tokens: output.saturated(),
                enqueued_tokens: counted.then_some(enqueued.saturated()),
                batch_errors: self.batch_errors(),
                failing_requests: self.failing_requests(),
            },
            truncated: counts.iter().any(|k| k.stored < k.count),
            tokens,
            quota,
            cost,
            shape: f.shape,
            looks_like,
            counts,
            diagnostics,
        }
    }
}

/// 4453346 → "4,453,346" (the messages are English).
pub(crate) fn grouped(n: u64) -> String {
    crate::format::group(&n.to_string())
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
        assert_eq!(super::grouped(4_453_346), "4,453,346");
        assert_eq!(super::grouped(999), "999");
        assert_eq!(super::grouped(1_000), "1,000");
    }
}
