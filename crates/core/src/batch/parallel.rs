//! Checking one file on several cores: one structural pass over the whole
//! file without a tokenizer, and token passes over byte ranges split at
//! line boundaries; the token figures are then merged into the structural
//! pass's report. The result equals a single pass with a tokenizer.
//!
//! A range `[s, e)` owns the lines whose first byte lies in it: it starts
//! after the first `\n` at or after byte `s - 1` and ends after the first
//! `\n` at or after byte `e - 1` (see [`owned_range`]).

use super::checker::Checker;
use super::estimate::{prompt_tokens, Overheads};
use super::findings::Findings;
use super::line::{check_line, LineRef, Parsed};
use super::scan::json_items;
use super::tally::Tally;
use super::token_part::{context_window, TokenPart};
use super::tokens::fast_bpe::Tiktoken;
use super::tokens::{CachedCounter, TokenizerProvider};
use super::{CheckOptions, NoTokenizer, Report};
use crate::facts::{model_for_name, Catalog, Encoding, Model};
use crate::io::{Line, LineSplitter, RawLine};
use std::borrow::Cow;

/// How much of a file's start [`plan_parallel`] reads.
pub const PLAN_PREFIX_BYTES: usize = 1 << 20;

/// Counts the prompt tokens of the lines of one range.
pub struct TokenPass {
    options: CheckOptions,
    catalog: Catalog,
    model: Option<&'static Model>,
    provider: Box<dyn TokenizerProvider>,
    counter: Option<CachedCounter>,
    overheads: Overheads,
    lines: LineSplitter,
    start: u64,
    counted: bool,
    encoding: Option<(Encoding, bool)>,
    counter_tried: bool,
    tally: Tally,
    scratch: Findings,
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
        let model = options.model.as_deref().and_then(model_for_name).or_else(|| model_hint.and_then(|h| super::resolve_model(h).0));
        let lines = if start == 0 {
            LineSplitter::with_limit(options.max_line_bytes)
        } else {
            LineSplitter::starting_at(start, options.max_line_bytes)
        };
        TokenPass {
            overheads: Overheads::from_catalog(catalog),
            tally: Tally::new(options.max_stored_per_code),
            scratch: Findings::new(options.max_stored_per_code),
            options,
            catalog: catalog.clone(),
            model,
            provider,
            counter: None,
            lines,
            start,
            counted: false,
            encoding: None,
            counter_tried: false,
        }
    }

    pub fn bytes(&self) -> u64 {
        self.lines.bytes_read()
    }

    pub fn lines(&self) -> u64 {
        self.lines.lines_read()
    }

    /// Reads the next chunk of the range.
    pub fn feed(&mut self, chunk: &[u8]) {
        let mut lines = std::mem::take(&mut self.lines);
        lines.feed_lines(chunk, |l| self.on_line(l));
        self.lines = lines;
    }

    pub fn finish(mut self) -> TokenPart {
        let mut lines = std::mem::take(&mut self.lines);
        lines.finish_lines(|l| self.on_line(l));
        if let Some(c) = &self.counter {
            self.tally.add_cache_hits(c.hits);
        }
        TokenPart {
            start: self.start,
            bytes: lines.bytes_read(),
            lines: lines.lines_read(),
            counted: self.counted,
            encoding: self.encoding,
            tally: self.tally,
        }
    }

    fn on_line(&mut self, l: Line<'_>) {
        // Too-long lines and the BOM: the structural pass reports them.
        if let Line::Line(l) = l {
            self.line(l);
        }
    }

    fn line(&mut self, l: RawLine<'_>) {
        let b = l.bytes;
        if b.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r')) || json_items(b) > self.options.max_line_values {
            return;
        }
        let r = LineRef { number: l.number, start: l.offset, bytes: b };
        let mut out = std::mem::replace(&mut self.scratch, Findings::new(0));
        out.clear();
        let parsed = check_line(r, self.options.dialect, &self.catalog, &mut out);
        out.clear();
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
            self.encoding = Some((enc, guessed));
            self.counter = self.provider.counter(enc).map(CachedCounter::new);
            self.counted = self.counter.is_some();
            self.overheads = Overheads::for_model(&self.catalog, self.model);
        }
        let Some(counter) = &mut self.counter else { return };
        let n = prompt_tokens(body, endpoint, self.overheads, counter, self.tally.media_mut());
        self.tally.add_prompt(n);
        let requested = super::estimate::explicit_cap(body, endpoint).map(|_| super::estimate::output_cap(body, endpoint, None).tokens());
        if let Some(d) = context_window(&self.catalog, self.model, self.options.dialect, r, n, requested, endpoint) {
            if d.severity == super::Severity::Error {
                self.tally.add_failing_request();
            }
            self.tally.record(d);
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

/// Parses the complete lines of `prefix` (the start of the file; all of it
/// if `whole`) as the structural pass will, until `f` returns an answer.
fn first_in_prefix<T>(
    prefix: &[u8],
    whole: bool,
    options: &CheckOptions,
    catalog: &Catalog,
    mut f: impl FnMut(Parsed<'static>) -> Option<T>,
) -> Option<T> {
    let complete = if whole { prefix } else { prefix.iter().rposition(|&b| b == b'\n').map_or(&prefix[..0], |i| &prefix[..=i]) };
    let mut out = Findings::new(options.max_stored_per_code);
    let mut found = None;
    let mut on_line = |l: Line<'_>| {
        let Line::Line(l) = l else { return };
        let b = l.bytes;
        if found.is_some() || b.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r')) || json_items(b) > options.max_line_values {
            return;
        }
        out.clear();
        let r = LineRef { number: l.number, start: l.offset, bytes: b };
        if let Some(p) = check_line(r, options.dialect, catalog, &mut out) {
            found = f(p);
        }
    };
    let mut lines = LineSplitter::with_limit(options.max_line_bytes);
    lines.feed_lines(complete, &mut on_line);
    lines.finish_lines(&mut on_line);
    found
}

/// The first `body.model` in the complete lines of `prefix` (the start of the
/// file), as the structural pass will see it.
pub fn sniff_model(prefix: &[u8], options: &CheckOptions, catalog: &Catalog) -> Option<String> {
    first_in_prefix(prefix, false, options, catalog, |p| p.model.map(Cow::into_owned))
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
    let found = first_in_prefix(prefix, whole, options, catalog, |p| match p.model {
        Some(model) => Some(ParallelPlan::Split(Some(model.into_owned()))),
        // Counted before any model is known: the encoding is guessed here
        // and the model's context window applies only to later lines.
        None if p.body.is_some() && p.endpoint.is_some() => Some(ParallelPlan::SinglePass),
        None => None,
    });
    if let Some(plan) = found {
        return plan;
    }
    // No model and no counted line: none in the whole file means no tokens.
    if whole {
        ParallelPlan::Split(None)
    } else {
        ParallelPlan::SinglePass
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
