//! The streaming checker: feed it chunks of any size (lines and UTF-8
//! sequences may be split anywhere), read `progress()`, then `finish()`.
//! Memory: the custom_id → first line map, the current partial line, and
//! at most `max_stored_per_code` diagnostics per code; no line texts.

use super::estimate::{output_cap, prompt_tokens, Histogram, OutputCap, Overheads};
use super::line::{check_line, FileShape, LineRef, Parsed};
use super::tokens::{CachedCounter, Tiktoken, TokenizerProvider};
use super::{CheckOptions, Code, Diagnostic, Endpoint, Report, Severity};
use crate::facts::Kind;
use crate::facts::{model_for_name, Catalog, Encoding, Model, ModelKind};
use std::collections::HashMap;

const BOM: &[u8] = b"\xEF\xBB\xBF";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    /// Bytes fed so far.
    pub bytes: u64,
    /// Lines completed so far.
    pub lines: u64,
}

/// Findings reported once per file, at their first line, with a count.
#[derive(Default)]
pub(crate) struct Aggregate {
    pub first: Option<Diagnostic>,
    pub count: u64,
}

pub struct Checker {
    pub(crate) options: CheckOptions,
    pub(crate) catalog: Catalog,
    provider: Box<dyn TokenizerProvider>,
    pub(crate) counter: Option<CachedCounter>,
    counter_tried: bool,
    overheads: Overheads,
    // The stream.
    carry: Vec<u8>,
    skipping: Option<u64>,
    next_line_start: u64,
    pub(crate) progress: Progress,
    // What the cross-line rules remember.
    ids: HashMap<String, u64>,
    pub(crate) first_url: Option<(String, u64)>,
    pub(crate) first_model: Option<(String, u64)>,
    pub(crate) model: Option<&'static Model>,
    pub(crate) encoding: Option<(Encoding, bool)>,
    pub(crate) shape: Option<FileShape>,
    // Counts.
    pub(crate) requests: u64,
    pub(crate) blank_lines: u64,
    pub(crate) crlf: Aggregate,
    pub(crate) unset_cap: Aggregate,
    pub(crate) reasoning_max_tokens: Aggregate,
    pub(crate) prompt_tokens: u64,
    pub(crate) output_tokens: u64,
    pub(crate) max_line_prompt: u64,
    pub(crate) histogram: Histogram,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) counts: HashMap<Code, (Severity, u64)>,
    scratch: Vec<Diagnostic>,
    // Token figures merged from token passes (see parallel.rs).
    pub(crate) external_tokens: bool,
    pub(crate) external_hits: u64,
    pub(crate) encoding_from_parts: bool,
}

impl Checker {
    /// A checker that counts tokens (if `options.count_tokens`) with the
    /// tiktoken tables, built on first use.
    pub fn new(options: CheckOptions, catalog: &Catalog) -> Self {
        Self::with_tokenizer(options, catalog, Box::new(Tiktoken))
    }

    /// A checker with another token counter (or [`super::NoTokenizer`]).
    pub fn with_tokenizer(options: CheckOptions, catalog: &Catalog, provider: Box<dyn TokenizerProvider>) -> Self {
        let model = options.model.as_deref().and_then(model_for_name);
        Checker {
            overheads: Overheads::from_catalog(catalog),
            options,
            catalog: catalog.clone(),
            provider,
            counter: None,
            counter_tried: false,
            carry: Vec::new(),
            skipping: None,
            next_line_start: 0,
            progress: Progress::default(),
            ids: HashMap::new(),
            first_url: None,
            first_model: None,
            model,
            encoding: None,
            shape: None,
            requests: 0,
            blank_lines: 0,
            crlf: Aggregate::default(),
            unset_cap: Aggregate::default(),
            reasoning_max_tokens: Aggregate::default(),
            prompt_tokens: 0,
            output_tokens: 0,
            max_line_prompt: 0,
            histogram: Histogram::default(),
            diagnostics: Vec::new(),
            counts: HashMap::new(),
            scratch: Vec::new(),
            external_tokens: false,
            external_hits: 0,
            encoding_from_parts: false,
        }
    }

    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// Reads the next chunk of the file.
    pub fn feed(&mut self, chunk: &[u8]) {
        self.progress.bytes += chunk.len() as u64;
        let mut rest = chunk;
        while let Some(pos) = rest.iter().position(|&b| b == b'\n') {
            let part = &rest[..pos];
            if let Some(skipped) = self.skipping.take() {
                self.too_long(skipped + pos as u64);
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
        match &mut self.skipping {
            Some(skipped) => *skipped += rest.len() as u64,
            None => {
                self.carry.extend_from_slice(rest);
                if self.carry.len() > self.options.max_line_bytes {
                    self.start_skipping();
                }
            }
        }
    }

    fn start_skipping(&mut self) {
        if self.progress.lines == 0 && self.carry.starts_with(BOM) {
            self.bom();
        }
        self.skipping = Some(self.carry.len() as u64);
        self.carry = Vec::new();
    }

    /// A line longer than `max_line_bytes`: reported, not parsed.
    fn too_long(&mut self, len: u64) {
        let start = self.begin_line(len);
        self.requests += 1;
        let msg = format!(
            "This line is {len} bytes long, more than the checker's limit of {} bytes; it was not checked.",
            self.options.max_line_bytes
        );
        let r = LineRef { number: self.progress.lines, start, bytes: &[] };
        let mut d = r.diag(Code::LineTooLong, Severity::Warning, None, msg, None);
        d.line_bytes = len;
        self.record(d);
    }

    /// Counts a line of `len` bytes (without `\n`); returns where it starts.
    fn begin_line(&mut self, len: u64) -> u64 {
        let start = self.next_line_start;
        self.next_line_start += len + 1;
        self.progress.lines += 1;
        start
    }

    fn bom(&mut self) {
        let (severity, msg) = match self.options.dialect {
            super::Dialect::Azure => (Severity::Error, "The file starts with a UTF-8 byte order mark (BOM). Azure OpenAI does not support it and fails the batch with the misleading message \"A valid model deployment name couldn't be extracted from the input file\"."),
            super::Dialect::OpenAi => (Severity::Warning, "The file starts with a UTF-8 byte order mark (BOM). How the OpenAI Batch API treats it is undocumented; remove it to be safe."),
        };
        let r = LineRef { number: 1, start: 0, bytes: BOM };
        let mut d = r.diag(Code::Utf8Bom, severity, None, msg.to_string(), Some(0));
        d.line_bytes = 0;
        self.record(d);
    }

    fn line(&mut self, raw: &[u8]) {
        if raw.len() > self.options.max_line_bytes {
            return self.too_long(raw.len() as u64);
        }
        let mut start = self.begin_line(raw.len() as u64);
        let number = self.progress.lines;
        let mut b = raw;
        if number == 1 && b.starts_with(BOM) {
            self.bom();
            b = &b[BOM.len()..];
            start += BOM.len() as u64;
        }
        if let Some(stripped) = b.strip_suffix(b"\r") {
            b = stripped;
            self.crlf.count += 1;
            if self.crlf.first.is_none() {
                let r = LineRef { number, start, bytes: b };
                let d = r.diag(Code::CrlfLineEndings, Severity::Warning, None, String::new(), Some(b.len()));
                self.crlf.first = Some(d);
            }
        }
        let r = LineRef { number, start, bytes: b };
        if b.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r')) {
            self.blank_lines += 1;
            let msg = "This line is blank. Blank lines are not requests; how the service treats them is undocumented.";
            return self.record(r.diag(Code::BlankLine, Severity::Warning, None, msg.into(), None));
        }
        self.requests += 1;
        let mut out = std::mem::take(&mut self.scratch);
        let parsed = check_line(r, self.options.dialect, &self.catalog, &mut out);
        match parsed {
            Some(p) => self.across_lines(r, p, &mut out),
            None if self.requests == 1 => self.detect_shape(b, &mut out),
            None => {}
        }
        for d in out.drain(..) {
            self.record(d);
        }
        self.scratch = out;
    }

    /// The first request did not parse: say plainly if the file is not JSONL.
    fn detect_shape(&mut self, b: &[u8], out: &mut [Diagnostic]) {
        let t = b.trim_ascii();
        let (shape, note) = if b.contains(&0) || std::str::from_utf8(b).is_err() {
            (FileShape::Binary, "This looks like a binary file, not a JSONL text file.")
        } else if t.starts_with(b"[") {
            (FileShape::JsonArray, "The file is a JSON array, not JSON Lines: write each request as one JSON object on its own line, without the surrounding [ ] and commas.")
        } else if t == b"{" || (t.starts_with(b"{") && !t.ends_with(b"}")) {
            (FileShape::PrettyPrinted, "The request spans several lines (pretty-printed JSON): JSONL needs each request on a single line.")
        } else {
            return;
        };
        self.shape = Some(shape);
        if let Some(d) = out.first_mut() {
            d.message = format!("{note} {}", d.message);
        }
    }

    fn across_lines(&mut self, r: LineRef, p: Parsed, out: &mut Vec<Diagnostic>) {
        if let Some(id) = p.custom_id.clone() {
            match self.ids.get(&id) {
                Some(&first) => {
                    let msg = format!("The custom ID for this request is a duplicate of the custom ID in another request (line {first}).");
                    let mut d = r.diag(Code::DuplicateCustomId, Severity::Error, Some("custom_id"), msg, p.custom_id_at);
                    d.related_line = Some(first);
                    out.push(d);
                }
                None => {
                    self.ids.insert(id, r.number);
                }
            }
        }
        let dialect = self.options.dialect;
        if let Some(url) = &p.url {
            match &self.first_url {
                None => self.first_url = Some((url.clone(), r.number)),
                Some((first, n)) if first != url && dialect.allowed_urls().contains(&url.as_str()) => {
                    let msg =
                        format!("The URL provided for this request does not match the batch endpoint ({url} here, {first} on line {n}).");
                    let mut d = r.diag(dialect.url_code(), Severity::Error, Some("url"), msg, p.url_at);
                    d.related_line = Some(*n);
                    out.push(d);
                }
                Some(_) => {}
            }
        }
        if let Some(model) = &p.model {
            match &self.first_model {
                None => {
                    self.first_model = Some((model.clone(), r.number));
                    self.model = self.model.or_else(|| model_for_name(model));
                    if dialect == super::Dialect::Azure && model_for_name(model).is_some() {
                        let msg = format!("'{model}' looks like a model name, not a deployment name: on Azure, body.model must be the name of your Global Batch deployment (fine if the deployment has this name).");
                        out.push(r.diag(Code::BaseModelName, Severity::Warning, Some("body.model"), msg, p.model_at));
                    }
                }
                Some((first, n)) if first != model => {
                    let word = dialect.model_word();
                    let msg = format!("The {word} on this line ('{model}') doesn't match the rest of the file ('{first}' on line {n}).");
                    let mut d = r.diag(Code::ModelMismatch, Severity::Error, Some("body.model"), msg, p.model_at);
                    d.related_line = Some(*n);
                    out.push(d);
                }
                Some(_) => {}
            }
        }
        if let (Some(body), Some(endpoint)) = (&p.body, p.endpoint) {
            self.tokens(r, body, endpoint, &p, out);
        }
    }

    fn tokens(&mut self, r: LineRef, body: &serde_json::Value, endpoint: Endpoint, p: &Parsed, out: &mut Vec<Diagnostic>) {
        let model = self.model;
        if model.is_some_and(|m| m.kind == ModelKind::Reasoning) && body.get("max_tokens").is_some() {
            self.reasoning_max_tokens.count += 1;
            if self.reasoning_max_tokens.first.is_none() {
                let d = r.diag(Code::MaxTokensOnReasoningModel, Severity::Warning, Some("body.max_tokens"), String::new(), p.max_tokens_at);
                self.reasoning_max_tokens.first = Some(d);
            }
        }
        let model_max = model.and_then(|m| self.catalog.get(Kind::MaxOutputTokens, m.name)).map(|v| v as u64);
        let cap = output_cap(body, endpoint, model_max);
        if matches!(cap, OutputCap::ModelMaximum(_) | OutputCap::Unknown) {
            self.unset_cap.count += 1;
            if self.unset_cap.first.is_none() {
                self.unset_cap.first = Some(r.diag(Code::MaxTokensUnset, Severity::Warning, Some("body.max_tokens"), String::new(), None));
            }
        }
        self.output_tokens += cap.tokens();
        if !self.options.count_tokens {
            return;
        }
        if !self.counter_tried {
            self.counter_tried = true;
            let (enc, guessed) = match (self.options.encoding, model) {
                (Some(e), _) => (e, false),
                (None, Some(m)) => (m.encoding, false),
                (None, None) => (Encoding::O200kBase, true),
            };
            self.encoding = Some((enc, guessed));
            self.counter = self.provider.counter(enc).map(CachedCounter::new);
        }
        let Some(counter) = &mut self.counter else { return };
        let n = prompt_tokens(body, endpoint, self.overheads, counter);
        self.prompt_tokens += n;
        self.max_line_prompt = self.max_line_prompt.max(n);
        self.histogram.add(n);
        if let Some(window) = model.and_then(|m| self.catalog.get(Kind::ContextWindow, m.name)) {
            if n as f64 > window {
                let msg = format!(
                    "This request's prompt is about {n} tokens, more than {}'s context window of {window} tokens (unconfirmed figure).",
                    model.map_or("", |m| m.name)
                );
                out.push(r.diag(Code::ContextWindowExceeded, Severity::Warning, Some("body"), msg, None));
            }
        }
    }

    /// Counts a finding and keeps it if its code has room left.
    pub(crate) fn record(&mut self, d: Diagnostic) {
        let entry = self.counts.entry(d.code).or_insert((d.severity, 0));
        entry.1 += 1;
        if entry.1 <= self.options.max_stored_per_code as u64 {
            self.diagnostics.push(d);
        }
    }

    /// Ends the file: the last line, then the rules about the whole file.
    pub fn finish(mut self) -> Report {
        self.end_of_input();
        super::finish::finish(self)
    }

    /// Checks the last line (without a final `\n`).
    pub(crate) fn end_of_input(&mut self) {
        if let Some(skipped) = self.skipping.take() {
            self.too_long(skipped);
        } else if !self.carry.is_empty() {
            let last = std::mem::take(&mut self.carry);
            self.line(&last);
        }
    }
}
