//! Splits a file into several files, each under the request, byte and
//! enqueued-token limits. Lines are never broken and keep their custom_ids;
//! like the repair, the parts drop the BOM, CR line endings and blank lines.
//! A line's enqueued tokens are counted as the checker counts them (same
//! encoding, prompt tokens, output cap of the same model: the picked one, or
//! the one `body.model` names or its deployment name gives away), so every
//! part re-checks within the quota; a line that alone breaks a limit gets a
//! part of its own and is listed with the reason (no split can fix it).

use super::estimate::{output_cap, prompt_tokens, Overheads};
use super::tokens::{CachedCounter, TokenizerProvider};
use super::QuotaChoice;
use super::{CheckOptions, Endpoint};
use crate::facts::Kind;
use crate::facts::{model_for_name, Catalog, Encoding, Model};

use crate::io::{LineSplitter, BOM};

/// The one naming of split parts (the page's downloads and `batchlane
/// split`'s files): `-part001.jsonl`, `-part002.jsonl`, … for the part at
/// `index` (from 0); three digits at least, so a folder lists the parts in
/// order (the page's `.part1.jsonl` put part 10 before part 2).
pub fn split_part_suffix(index: usize) -> String {
    format!("-part{:03}.jsonl", index.saturating_add(1))
}

/// A part's file name from the source's (its extension dropped; an empty
/// stem is `batch`): `tickets.jsonl` → `tickets-part001.jsonl`.
pub fn split_part_name(source_name: &str, index: usize) -> String {
    let stem = source_name.rsplit_once('.').map_or(source_name, |(s, _)| s);
    let stem = if stem.is_empty() { "batch" } else { stem };
    format!("{stem}{}", split_part_suffix(index))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SplitLimits {
    pub max_requests: u64,
    pub max_bytes: u64,
    /// `None`: tokens are not counted for the split.
    pub max_enqueued_tokens: Option<u64>,
}

impl SplitLimits {
    /// The dialect's limits from the catalog, and the quota the user picked.
    pub fn from_catalog(options: &CheckOptions, catalog: &Catalog) -> Self {
        let subject = options.dialect.fact_subject();
        let bytes_kind =
            if options.byo_storage && options.dialect == super::Dialect::Azure { Kind::MaxFileBytesByoStorage } else { Kind::MaxFileBytes };
        let model = options.model.as_deref().and_then(model_for_name).map(|m| m.name);
        SplitLimits {
            max_requests: catalog.require(Kind::MaxRequestsPerFile, subject) as u64,
            max_bytes: catalog.require(bytes_kind, subject) as u64,
            max_enqueued_tokens: options.quota.limit(catalog, model),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SplitPart {
    pub requests: u64,
    pub bytes: u64,
    pub enqueued_tokens: u64,
    /// The part's first line, as a line number of the input file.
    pub first_line: u64,
    /// The part holds a line that alone breaks a limit: it still fails.
    #[serde(default)]
    pub over_limit: bool,
}

/// A line that alone breaks a limit, and by how much.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Oversize {
    pub line: u64,
    pub bytes: u64,
    /// The line's enqueued tokens (0 when tokens are not split on).
    pub tokens: u64,
    /// Over the byte limit (else over the enqueued-token quota).
    pub over_bytes: bool,
    pub over_tokens: bool,
}

/// Oversized lines listed with their figures (all are in `oversized_lines`).
const MAX_OVERSIZE_LISTED: usize = 100;

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SplitOutcome {
    pub parts: Vec<SplitPart>,
    /// Input lines that alone break a limit: each got a part of its own.
    pub oversized_lines: Vec<u64>,
    /// The first of them with their figures.
    #[serde(default)]
    pub oversized: Vec<Oversize>,
    /// The limits used (the quota as resolved for the file's model).
    #[serde(default)]
    pub limits: Option<SplitLimits>,
    /// A quota from the catalog was chosen, but the file's model is unknown:
    /// the parts are not split by enqueued tokens (pick the model).
    #[serde(default)]
    pub quota_needs_model: bool,
}

struct TokenCtx {
    counter: CachedCounter,
    overheads: Overheads,
    model: Option<&'static Model>,
}

pub struct Splitter {
    limits: SplitLimits,
    tokens: Option<TokenCtx>,
    catalog: Catalog,
    encoding: Option<Encoding>,
    provider: Box<dyn TokenizerProvider>,
    /// The picked model (else the file's is used).
    picked: Option<&'static Model>,
    /// A catalog quota waiting for the file's model (resolved on the first request).
    pending_quota: Option<QuotaChoice>,
    /// The pending quota found no model on the file's first request.
    quota_needs_model: bool,
    /// Without a limit: every line goes to a part.
    lines: LineSplitter,
    line: u64,
    outcome: SplitOutcome,
}

impl Splitter {
    /// The tokenizer is made on the first line, only if a token limit is set.
    pub fn new(limits: SplitLimits, options: &CheckOptions, catalog: &Catalog, provider: Box<dyn TokenizerProvider>) -> Self {
        let model = options.model.as_deref().and_then(model_for_name);
        let pending_quota =
            (limits.max_enqueued_tokens.is_none() && model.is_none() && options.quota != QuotaChoice::None).then(|| options.quota.clone());
        Splitter {
            limits,
            tokens: None,
            catalog: catalog.clone(),
            encoding: options.encoding.or(model.map(|m| m.encoding)),
            provider,
            picked: model,
            pending_quota,
            quota_needs_model: false,
            lines: LineSplitter::new(),
            line: 0,
            outcome: SplitOutcome::default(),
        }
    }

    /// Reads a chunk; `sink(part_index, line_with_newline)` receives each line.
    pub fn feed(&mut self, chunk: &[u8], sink: &mut dyn FnMut(usize, &[u8])) {
        let mut lines = std::mem::take(&mut self.lines);
        lines.feed(chunk, |l| self.add(l.bytes, sink));
        self.lines = lines;
    }

    pub fn finish(mut self, sink: &mut dyn FnMut(usize, &[u8])) -> SplitOutcome {
        let mut lines = std::mem::take(&mut self.lines);
        lines.finish(|l| self.add(l.bytes, sink));
        self.outcome.limits = Some(self.limits);
        self.outcome.quota_needs_model = self.quota_needs_model;
        self.outcome
    }

    fn add(&mut self, raw: &[u8], sink: &mut dyn FnMut(usize, &[u8])) {
        self.line += 1;
        let mut b = raw;
        while self.outcome.parts.is_empty() && b.starts_with(BOM) {
            b = &b[BOM.len()..];
        }
        while let Some(rest) = b.strip_suffix(b"\r") {
            b = rest;
        }
        if b.iter().all(|c| matches!(c, b' ' | b'\t')) {
            return;
        }
        let bytes = b.len() as u64 + 1;
        let tokens = self.tokens_of(b);
        let l = self.limits;
        // Checked sums: an overflow counts as over the limit.
        let over = |p: &SplitPart| {
            p.over_limit
                || p.requests.checked_add(1).is_none_or(|n| n > l.max_requests)
                || p.bytes.checked_add(bytes).is_none_or(|n| n > l.max_bytes)
                || l.max_enqueued_tokens.is_some_and(|m| p.enqueued_tokens.checked_add(tokens).is_none_or(|n| n > m))
        };
        let over_bytes = bytes > l.max_bytes;
        let over_tokens = l.max_enqueued_tokens.is_some_and(|m| tokens > m);
        let alone_over = over_bytes || over_tokens;
        if alone_over {
            self.outcome.oversized_lines.push(self.line);
            if self.outcome.oversized.len() < MAX_OVERSIZE_LISTED {
                self.outcome.oversized.push(Oversize { line: self.line, bytes, tokens, over_bytes, over_tokens });
            }
        }
        if self.outcome.parts.last().is_none_or(|p| p.requests > 0 && (alone_over || over(p))) {
            self.outcome.parts.push(SplitPart { first_line: self.line, ..SplitPart::default() });
        }
        let index = self.outcome.parts.len() - 1;
        let part = &mut self.outcome.parts[index];
        part.requests += 1;
        part.bytes = part.bytes.saturating_add(bytes);
        part.enqueued_tokens = part.enqueued_tokens.saturating_add(tokens);
        part.over_limit |= alone_over;
        let mut line = Vec::with_capacity(b.len() + 1);
        line.extend_from_slice(b);
        line.push(b'\n');
        sink(index, &line);
    }

    /// Prompt tokens + output cap of a line (0 without a token limit or for
    /// lines that are not requests).
    fn tokens_of(&mut self, b: &[u8]) -> u64 {
        if self.limits.max_enqueued_tokens.is_none() && self.pending_quota.is_none() {
            return 0;
        }
        let Ok(v) = serde_json::from_slice::<serde_json::Value>(b) else { return 0 };
        let Some(endpoint) = v.get("url").and_then(|u| u.as_str()).and_then(Endpoint::from_url) else { return 0 };
        let Some(body) = v.get("body") else { return 0 };
        if self.tokens.is_none() {
            // The model as the checker takes it: picked, else the first line's.
            let line_model = self.picked.or_else(|| {
                body.get("model").and_then(|m| m.as_str()).and_then(|m| super::resolve_model(super::ModelClues::deployment(m)).model)
            });
            if let Some(q) = self.pending_quota.take() {
                match q.limit(&self.catalog, line_model.map(|m| m.name)) {
                    Some(limit) => self.limits.max_enqueued_tokens = Some(limit),
                    None => {
                        self.quota_needs_model = true;
                        return 0;
                    }
                }
            }
            let enc = self.encoding.or(line_model.map(|m| m.encoding)).unwrap_or(Encoding::O200kBase);
            let Some(counter) = self.provider.counter(enc) else { return 0 };
            self.tokens = Some(TokenCtx {
                counter: CachedCounter::new(counter),
                overheads: Overheads::for_model(&self.catalog, line_model),
                model: line_model,
            });
        }
        let t = self.tokens.as_mut().expect("set above");
        let model_max = t.model.and_then(|m| self.catalog.get(Kind::MaxOutputTokens, m.name)).map(|x| x as u64);
        prompt_tokens(body, endpoint, t.overheads, &mut t.counter, &mut super::MediaTally::default())
            .saturating_add(output_cap(body, endpoint, model_max).tokens())
    }
}

/// Splits a whole buffer into files.
pub fn split(input: &[u8], limits: SplitLimits, options: &CheckOptions, catalog: &Catalog) -> (Vec<Vec<u8>>, SplitOutcome) {
    let mut files: Vec<Vec<u8>> = Vec::new();
    let mut sink = |i: usize, line: &[u8]| {
        if files.len() <= i {
            files.push(Vec::new());
        }
        files[i].extend_from_slice(line);
    };
    let mut s = Splitter::new(limits, options, catalog, Box::new(super::Tiktoken));
    s.feed(input, &mut sink);
    let outcome = s.finish(&mut sink);
    (files, outcome)
}

#[cfg(test)]
mod tests {

    #[test]
    fn parts_are_named_one_way_and_list_in_order() {
        assert_eq!(split_part_name("tickets.jsonl", 0), "tickets-part001.jsonl");
        assert_eq!(split_part_name(".jsonl", 9), "batch-part010.jsonl");
        assert_eq!(split_part_name("a.b.jsonl", 1_000), "a.b-part1001.jsonl");
        let mut names: Vec<String> = (0..12).map(|i| split_part_name("x.jsonl", i)).collect();
        let made = names.clone();
        names.sort();
        assert_eq!(names, made);
    }
    use super::*;

    fn line(id: u32) -> String {
        format!("{{\"custom_id\":\"r{id}\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{{\"model\":\"gpt-4o\",\"max_tokens\":10,\"messages\":[{{\"role\":\"user\",\"content\":\"hello world\"}}]}}}}\n")
    }

    #[test]
    fn splits_by_requests_bytes_and_tokens() {
        let input: String = (0..10).map(line).collect();
        let c = Catalog::builtin();
        let o = CheckOptions::default();
        let by_count = SplitLimits { max_requests: 4, max_bytes: 1 << 30, max_enqueued_tokens: None };
        let (files, out) = split(input.as_bytes(), by_count, &o, &c);
        assert_eq!(files.len(), 3);
        assert_eq!(out.parts.iter().map(|p| p.requests).collect::<Vec<_>>(), [4, 4, 2]);
        assert_eq!(files.concat(), input.as_bytes());
        let one = line(0).len() as u64;
        let by_bytes = SplitLimits { max_requests: 100, max_bytes: one * 3, max_enqueued_tokens: None };
        assert_eq!(split(input.as_bytes(), by_bytes, &o, &c).0.len(), 4);
        // 9 prompt tokens (see estimate.rs) + 10 output = 19 per line.
        let by_tokens = SplitLimits { max_requests: 100, max_bytes: 1 << 30, max_enqueued_tokens: Some(40) };
        let (files, out) = split(input.as_bytes(), by_tokens, &o, &c);
        assert_eq!(files.len(), 5);
        assert_eq!(out.parts[0].enqueued_tokens, 38);
        assert!(out.oversized_lines.is_empty());
    }

    #[test]
    fn limits_from_the_catalog() {
        let l = SplitLimits::from_catalog(&CheckOptions::default(), &Catalog::builtin());
        assert_eq!((l.max_requests, l.max_bytes, l.max_enqueued_tokens), (100_000, 200_000_000, None));
    }
}
