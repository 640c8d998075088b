//! Checking one file on several cores: one structural pass over the whole
//! file without a tokenizer, and token passes over byte ranges split at
//! line boundaries; the token figures are then merged into the structural
//! pass's report. The result equals a single pass with a tokenizer.
//!
//! A range `[s, e)` owns the lines whose first byte lies in it: it starts
//! after the first `\n` at or after byte `s - 1` and ends after the first
//! `\n` at or after byte `e - 1` (see [`owned_range`]).

use super::checker::Checker;
use super::estimate::{prompt_tokens, Histogram, Overheads};
use super::line::{check_line, LineRef};
use super::tokens::{CachedCounter, Tiktoken, TokenizerProvider};
use super::{CheckOptions, Code, Diagnostic, NoTokenizer, Report, Severity};
use crate::facts::Kind;
use crate::facts::{model_for_name, Catalog, Encoding, Model};

const BOM: &[u8] = b"\xEF\xBB\xBF";
/// How much of a file's start [`plan_parallel`] reads.
pub const PLAN_PREFIX_BYTES: usize = 1 << 20;

/// The token figures of one range of a file.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TokenPart {
    /// Byte offset of the range's first line in the file.
    pub start: u64,
    /// Bytes in the range.
    pub bytes: u64,
    /// Lines in the range.
    pub lines: u64,
    /// Whether a token counter was made (false: no tokenizer, or no request).
    pub counted: bool,
    pub encoding: Option<(Encoding, bool)>,
    pub prompt_tokens: u64,
    pub max_prompt_tokens_per_line: u64,
    pub histogram: Histogram,
    pub cache_hits: u64,
    /// Per-line token findings (context window), numbered from 1 within the range.
    pub diagnostics: Vec<Diagnostic>,
}

/// Counts the prompt tokens of the lines of one range.
pub struct TokenPass {
    options: CheckOptions,
    catalog: Catalog,
    model: Option<&'static Model>,
    provider: Box<dyn TokenizerProvider>,
    counter: Option<CachedCounter>,
    counter_tried: bool,
    overheads: Overheads,
    carry: Vec<u8>,
    skipping: bool,
    carry_len_skipped: u64,
    next_line_start: u64,
    part: TokenPart,
    scratch: Vec<Diagnostic>,
}

impl TokenPass {
    /// `start` is the byte offset of the range's first line; `model_hint`
    /// is the file's first `body.model` (see [`sniff_model`]), used when the
    /// options name no model.
    pub fn new(
        options: CheckOptions,
        catalog: &Catalog,
        provider: Box<dyn TokenizerProvider>,
        start: u64,
        model_hint: Option<&str>,
    ) -> Self {
        let model = options.model.as_deref().and_then(model_for_name).or_else(|| model_hint.and_then(model_for_name));
        TokenPass {
            overheads: Overheads::from_catalog(catalog),
            options,
            catalog: catalog.clone(),
            model,
            provider,
            counter: None,
            counter_tried: false,
            carry: Vec::new(),
            skipping: false,
            carry_len_skipped: 0,
            next_line_start: start,
            part: TokenPart { start, histogram: Histogram::default(), ..TokenPart::default() },
            scratch: Vec::new(),
        }
    }

    pub fn bytes(&self) -> u64 {
        self.part.bytes
    }

    pub fn lines(&self) -> u64 {
        self.part.lines
    }

    /// Reads the next chunk of the range.
    pub fn feed(&mut self, chunk: &[u8]) {
        self.part.bytes += chunk.len() as u64;
        let mut rest = chunk;
        while let Some(pos) = rest.iter().position(|&b| b == b'\n') {
            let part = &rest[..pos];
            if self.skipping {
                self.skipping = false;
                let len = self.carry_len_skipped + pos as u64;
                self.skip_line(len);
            } else if self.carry.is_empty() {
                self.line(part);
            } else {
                let mut whole = std::mem::take(&mut self.carry);
                whole.extend_from_slice(part);
                self.line(&whole);
                whole.clear();
                self.carry = whole;
            }
            rest = &rest[pos + 1..];
        }
        if self.skipping {
            self.carry_len_skipped += rest.len() as u64;
        } else {
            self.carry.extend_from_slice(rest);
            if self.carry.len() > self.options.max_line_bytes {
                self.skipping = true;
                self.carry_len_skipped = self.carry.len() as u64;
                self.carry = Vec::new();
            }
        }
    }

    pub fn finish(mut self) -> TokenPart {
        if self.skipping {
            self.skip_line(self.carry_len_skipped);
        } else if !self.carry.is_empty() {
            let last = std::mem::take(&mut self.carry);
            self.line(&last);
        }
        self.part.cache_hits = self.counter.as_ref().map_or(0, |c| c.hits);
        self.part
    }

    /// A line too long to check (the structural pass reports it).
    fn skip_line(&mut self, len: u64) {
        self.next_line_start += len + 1;
        self.part.lines += 1;
    }

    fn line(&mut self, raw: &[u8]) {
        if raw.len() > self.options.max_line_bytes {
            return self.skip_line(raw.len() as u64);
        }
        let mut start = self.next_line_start;
        self.next_line_start += raw.len() as u64 + 1;
        self.part.lines += 1;
        let number = self.part.lines;
        let mut b = raw;
        if start == 0 && b.starts_with(BOM) {
            b = &b[BOM.len()..];
            start += BOM.len() as u64;
        }
        if let Some(stripped) = b.strip_suffix(b"\r") {
            b = stripped;
        }
        if b.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r')) {
            return;
        }
        let r = LineRef { number, start, bytes: b };
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        let parsed = check_line(r, self.options.dialect, &self.catalog, &mut out);
        self.scratch = out;
        let Some(p) = parsed else { return };
        let (Some(body), Some(endpoint)) = (&p.body, p.endpoint) else { return };
        if !self.options.count_tokens {
            return;
        }
        if !self.counter_tried {
            self.counter_tried = true;
            let (enc, guessed) = match (self.options.encoding, self.model) {
                (Some(e), _) => (e, false),
                (None, Some(m)) => (m.encoding, false),
                (None, None) => (Encoding::O200kBase, true),
            };
            self.part.encoding = Some((enc, guessed));
            self.counter = self.provider.counter(enc).map(CachedCounter::new);
            self.part.counted = self.counter.is_some();
        }
        let Some(counter) = &mut self.counter else { return };
        let n = prompt_tokens(body, endpoint, self.overheads, counter);
        self.part.prompt_tokens += n;
        self.part.max_prompt_tokens_per_line = self.part.max_prompt_tokens_per_line.max(n);
        self.part.histogram.add(n);
        let model = self.model;
        if let Some(window) = model.and_then(|m| self.catalog.get(Kind::ContextWindow, m.name)) {
            if n as f64 > window {
                let msg = format!(
                    "This request's prompt is about {n} tokens, more than {}'s context window of {window} tokens (unconfirmed figure).",
                    model.map_or("", |m| m.name)
                );
                self.part.diagnostics.push(r.diag(Code::ContextWindowExceeded, Severity::Warning, Some("body"), msg, None));
            }
        }
    }
}

/// The range of bytes `[a, b)` that the nominal range `[s, e)` owns: the
/// lines whose first byte lies in `[s, e)`. `next_newline(from)` gives the
/// offset of the first `\n` at or after `from` (or `None`); `len` is the
/// file's size. An empty result (`a >= b`) owns no line.
pub fn owned_range(s: u64, e: u64, len: u64, mut next_newline: impl FnMut(u64) -> Option<u64>) -> (u64, u64) {
    let mut after = |x: u64| if x == 0 { 0 } else { next_newline(x - 1).map_or(len, |n| n + 1) };
    let a = after(s.min(len));
    let b = if e >= len { len } else { after(e) };
    (a, b.max(a))
}

/// The first `body.model` in the complete lines of `prefix` (the start of the
/// file), as the structural pass will see it.
pub fn sniff_model(prefix: &[u8], options: &CheckOptions, catalog: &Catalog) -> Option<String> {
    let mut out = Vec::new();
    let mut start = 0u64;
    let complete = prefix.iter().rposition(|&b| b == b'\n').map_or(&prefix[..0], |i| &prefix[..i]);
    for (i, raw) in complete.split(|&b| b == b'\n').enumerate() {
        let line_start = start;
        start += raw.len() as u64 + 1;
        let mut b = raw;
        if i == 0 {
            b = b.strip_prefix(BOM).unwrap_or(b);
        }
        let b = b.strip_suffix(b"\r").unwrap_or(b);
        if b.len() > options.max_line_bytes || b.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r')) {
            continue;
        }
        out.clear();
        let r = LineRef { number: i as u64 + 1, start: line_start, bytes: b };
        if let Some(model) = check_line(r, options.dialect, catalog, &mut out).and_then(|p| p.model) {
            return Some(model);
        }
    }
    None
}

/// Whether token passes over ranges can reproduce a single pass exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParallelPlan {
    /// Split the file; each token pass gets this model hint.
    Split(Option<String>),
    /// The single pass picks its model (and encoding) later than the prefix
    /// shows, or in a way ranges can't know: check the file in one pass.
    SinglePass,
}

/// Decides how to check a file on several cores from `prefix`, its start
/// (`whole`: the prefix is the whole file). The single pass learns the
/// model from the first line that names one, and fixes the encoding at the
/// first line it counts; a range pass knows neither, so splitting is exact
/// only when the options name the model, tokens aren't counted, or the first
/// model-naming line comes no later than the first counted line.
pub fn plan_parallel(prefix: &[u8], whole: bool, options: &CheckOptions, catalog: &Catalog) -> ParallelPlan {
    if options.model.is_some() || !options.count_tokens {
        return ParallelPlan::Split(None);
    }
    let complete = if whole { prefix } else { prefix.iter().rposition(|&b| b == b'\n').map_or(&prefix[..0], |i| &prefix[..i]) };
    let mut out = Vec::new();
    let mut start = 0u64;
    for (i, raw) in complete.split(|&b| b == b'\n').enumerate() {
        let line_start = start;
        start += raw.len() as u64 + 1;
        let b = if i == 0 { raw.strip_prefix(BOM).unwrap_or(raw) } else { raw };
        let b = b.strip_suffix(b"\r").unwrap_or(b);
        if b.len() > options.max_line_bytes || b.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r')) {
            continue;
        }
        out.clear();
        let r = LineRef { number: i as u64 + 1, start: line_start, bytes: b };
        let Some(p) = check_line(r, options.dialect, catalog, &mut out) else { continue };
        if let Some(model) = p.model {
            return ParallelPlan::Split(Some(model));
        }
        if p.body.is_some() && p.endpoint.is_some() {
            // Counted before any model is known: the encoding is guessed here
            // and the model's context window applies only to later lines.
            return ParallelPlan::SinglePass;
        }
    }
    // No model and no counted line: none in the whole file means no tokens.
    if whole {
        ParallelPlan::Split(None)
    } else {
        ParallelPlan::SinglePass
    }
}

impl Checker {
    /// Ends a structural pass (made with [`NoTokenizer`]) with the token
    /// figures of the ranges that cover the file.
    pub fn finish_with_tokens(mut self, mut parts: Vec<TokenPart>) -> Report {
        self.end_of_input();
        parts.sort_by_key(|p| p.start);
        let mut offset = 0;
        for p in parts {
            if p.counted {
                self.external_tokens = true;
                self.prompt_tokens += p.prompt_tokens;
                self.max_line_prompt = self.max_line_prompt.max(p.max_prompt_tokens_per_line);
                for (total, n) in self.histogram.counts.iter_mut().zip(&p.histogram.counts) {
                    *total += n;
                }
                self.external_hits += p.cache_hits;
            }
            if p.encoding.is_some() && !self.encoding_from_parts {
                self.encoding_from_parts = true;
                self.encoding = p.encoding;
            }
            for mut d in p.diagnostics {
                d.line += offset;
                self.record(d);
            }
            offset += p.lines;
        }
        super::finish::finish(self)
    }
}

/// Checks a buffer as the browser does on several cores: the structural pass
/// and `n` token passes, merged. Equal to [`super::check_bytes`] (tests).
pub fn check_bytes_parallel(bytes: &[u8], options: CheckOptions, catalog: &Catalog, n: usize) -> Report {
    let len = bytes.len() as u64;
    let head = &bytes[..bytes.len().min(PLAN_PREFIX_BYTES)];
    let model = match plan_parallel(head, head.len() == bytes.len(), &options, catalog) {
        ParallelPlan::Split(model) => model,
        ParallelPlan::SinglePass => return super::check_bytes(bytes, options, catalog),
    };
    let n = n.max(1) as u64;
    let parts: Vec<TokenPart> = (0..n)
        .map(|k| {
            let (s, e) = (len * k / n, len * (k + 1) / n);
            let (a, b) = owned_range(s, e, len, |from| bytes[from as usize..].iter().position(|&c| c == b'\n').map(|i| from + i as u64));
            let mut pass = TokenPass::new(options.clone(), catalog, Box::new(Tiktoken), a, model.as_deref());
            if a < b {
                for chunk in bytes[a as usize..b as usize].chunks(7) {
                    pass.feed(chunk);
                }
            }
            pass.finish()
        })
        .collect();
    let mut structural = Checker::with_tokenizer(options, catalog, Box::new(NoTokenizer));
    structural.feed(bytes);
    structural.finish_with_tokens(parts)
}
