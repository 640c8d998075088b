//! Splits a file into several files, each under the request, byte and
//! enqueued-token limits. Lines are never broken and keep their custom_ids;
//! like the repair, the parts drop the BOM, CR line endings and blank lines.

use super::estimate::{output_cap, prompt_tokens, Overheads};
use super::tokens::{CachedCounter, TokenizerProvider};
use super::{CheckOptions, Endpoint};
use crate::facts::Kind;
use crate::facts::{model_for_name, Catalog, Encoding, Model};

use crate::io::lines::{LineSplitter, BOM};

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
}

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SplitOutcome {
    pub parts: Vec<SplitPart>,
    /// Input lines that alone break a limit: each got a part of its own.
    pub oversized_lines: Vec<u64>,
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
    /// Without a limit: every line goes to a part.
    lines: LineSplitter,
    line: u64,
    outcome: SplitOutcome,
}

impl Splitter {
    /// The tokenizer is made on the first line, only if a token limit is set.
    pub fn new(limits: SplitLimits, options: &CheckOptions, catalog: &Catalog, provider: Box<dyn TokenizerProvider>) -> Self {
        let model = options.model.as_deref().and_then(model_for_name);
        Splitter {
            limits,
            tokens: None,
            catalog: catalog.clone(),
            encoding: options.encoding.or(model.map(|m| m.encoding)),
            provider,
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
        let over = |p: &SplitPart| {
            p.requests + 1 > l.max_requests
                || p.bytes + bytes > l.max_bytes
                || l.max_enqueued_tokens.is_some_and(|m| p.enqueued_tokens + tokens > m)
        };
        if bytes > l.max_bytes || l.max_enqueued_tokens.is_some_and(|m| tokens > m) {
            self.outcome.oversized_lines.push(self.line);
        }
        if self.outcome.parts.last().is_none_or(|p| p.requests > 0 && over(p)) {
            self.outcome.parts.push(SplitPart { first_line: self.line, ..SplitPart::default() });
        }
        let index = self.outcome.parts.len() - 1;
        let part = &mut self.outcome.parts[index];
        part.requests += 1;
        part.bytes += bytes;
        part.enqueued_tokens += tokens;
        let mut line = Vec::with_capacity(b.len() + 1);
        line.extend_from_slice(b);
        line.push(b'\n');
        sink(index, &line);
    }

    /// Prompt tokens + output cap of a line (0 without a token limit or for
    /// lines that are not requests).
    fn tokens_of(&mut self, b: &[u8]) -> u64 {
        if self.limits.max_enqueued_tokens.is_none() {
            return 0;
        }
        let Ok(v) = serde_json::from_slice::<serde_json::Value>(b) else { return 0 };
        let Some(endpoint) = v.get("url").and_then(|u| u.as_str()).and_then(Endpoint::from_url) else { return 0 };
        let Some(body) = v.get("body") else { return 0 };
        if self.tokens.is_none() {
            let line_model = body.get("model").and_then(|m| m.as_str()).and_then(model_for_name);
            let enc = self.encoding.or(line_model.map(|m| m.encoding)).unwrap_or(Encoding::O200kBase);
            let Some(counter) = self.provider.counter(enc) else { return 0 };
            self.tokens = Some(TokenCtx {
                counter: CachedCounter::new(counter),
                overheads: Overheads::from_catalog(&self.catalog),
                model: line_model,
            });
        }
        let t = self.tokens.as_mut().expect("set above");
        let model_max = t.model.and_then(|m| self.catalog.get(Kind::MaxOutputTokens, m.name)).map(|x| x as u64);
        prompt_tokens(body, endpoint, t.overheads, &mut t.counter) + output_cap(body, endpoint, model_max).tokens()
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
