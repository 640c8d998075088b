//! The streaming checker: feed it chunks of any size (lines and UTF-8
//! sequences may be split anywhere), read `progress()`, then `finish()`.
//! Memory is bounded: the custom_id → first line map (ids of up to 128
//! bytes, longer ones as a digest; at most as many as a file may hold requests),
//! the current partial line (up to `max_line_bytes`), and the capped
//! diagnostics of the [`Tally`]; no line texts.

use super::diagnostic::quote;
use super::estimate::{explicit_cap, output_cap, prompt_tokens, OutputCap, Overheads};
use super::fast_line::{check_line_fast_with, FastFacts};
use super::findings::Findings;
use super::finish::FileFacts;
use super::line::{check_line, FileShape, LineRef, Parsed};
use super::scan::json_items;
use super::structural_part::{IdSeen, RangeStart, StructuralPart};
use super::tally::{Once, Tally};
use super::tokens::fast_bpe::Tiktoken;
use super::tokens::{CachedCounter, TokenizerProvider};
use super::{CheckOptions, Code, Endpoint, Report, Severity};
use crate::facts::{model_for_name, Catalog, Encoding, Kind, Model, ModelKind, MODELS};
use crate::io::{Line, LineSplitter, LongLine, RawLine, BOM};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    /// Bytes fed so far.
    pub bytes: u64,
    /// Lines completed so far.
    pub lines: u64,
}

pub struct Checker {
    options: CheckOptions,
    catalog: Catalog,
    provider: Box<dyn TokenizerProvider>,
    counter: Option<CachedCounter>,
    counter_tried: bool,
    overheads: Overheads,
    lines: LineSplitter,
    // What the cross-line rules remember.
    ids: HashMap<Box<str>, u64, foldhash::fast::RandomState>,
    /// The most ids the map keeps (the service's requests per file).
    max_ids: usize,
    /// The largest output cap any catalog model allows (for unknown models).
    largest_output_cap: Option<u64>,
    first_url: Option<(String, u64)>,
    first_model: Option<(String, u64)>,
    model: Option<&'static Model>,
    model_source: super::ModelSource,
    /// The model-family table's family of the file's model (`facts::rule_family`),
    /// how it was found, and whether it refuses a message role.
    family: Option<(&'static str, super::ModelSource, bool)>,
    encoding: Option<(Encoding, bool)>,
    shape: Option<FileShape>,
    tally: Tally,
    findings: Findings,
    /// Set when checking one range of a file (see `structural_part.rs`).
    range: Option<Box<RangeRecord>>,
    /// The catalog's figures the fast path reads per line.
    fast_facts: FastFacts,
    /// The output cap of the model last looked up (`Self::model_max`).
    model_max: Option<(&'static str, Option<u64>)>,
    /// The catalog's body minimums (`model_rules::body_minimum_values`).
    minimums: Vec<(&'static crate::facts::Fact, Option<f64>)>,
}

/// OpenAI's recorded answer to an output cap beyond the model's maximum:
/// "max_tokens is too large: 20480. This model supports at most 16384
/// completion tokens, whereas you provided 20480." (invalid_value, gpt-4o).
const MAX_TOKENS_TOO_LARGE: &str = "https://github.com/tailcallhq/forgecode/issues/1185";

/// Bytes of a custom_id kept as it is in the duplicate map; a longer one is
/// kept as a 128-bit digest, so that memory stays bounded by the number of
/// requests however long the ids are.
const ID_KEPT_BYTES: usize = 128;

/// The key a custom_id has in the duplicate map (see [`ID_KEPT_BYTES`]).
pub(crate) fn id_key(id: &str) -> std::borrow::Cow<'_, str> {
    use std::hash::BuildHasher;
    if id.len() <= ID_KEPT_BYTES {
        return std::borrow::Cow::Borrowed(id);
    }
    let [a, b] = [0x6261_7463_686c_616e_u64, 0x6375_7374_6f6d_5f69].map(|seed| foldhash::quality::FixedState::with_seed(seed).hash_one(id));
    std::borrow::Cow::Owned(format!("\0#{a:016x}{b:016x}#{}", id.len()))
}

/// What the duplicate map knew of a line's custom_id.
enum Seen {
    /// First used on this line (now remembered).
    New,
    /// First used on that line.
    Before(u64),
    /// Not seen, and not remembered: the map is at the service's limit.
    PastLimit,
}

/// The message of a duplicate custom_id first used on line `first`.
pub(crate) fn duplicate_message(first: u64) -> String {
    format!("The custom ID for this request is a duplicate of the custom ID in another request (line {first}).")
}

/// How the first request looks when it did not parse.
pub(crate) fn shape_of(b: &[u8]) -> Option<FileShape> {
    let t = b.trim_ascii();
    if b.contains(&0) || std::str::from_utf8(b).is_err() {
        Some(FileShape::Binary)
    } else if t.starts_with(b"[") {
        Some(FileShape::JsonArray)
    } else if t.strip_suffix(b",").is_some_and(|o| serde_json::from_slice::<serde::de::IgnoredAny>(o).is_ok()) {
        // A whole object and a comma: a trailing comma on one line, said at the comma.
        None
    } else if t == b"{" || (t.starts_with(b"{") && !t.ends_with(b"}")) {
        Some(FileShape::PrettyPrinted)
    } else {
        None
    }
}

/// What the first finding of such a line says first.
pub(crate) fn shape_note(shape: FileShape) -> &'static str {
    match shape {
        FileShape::Binary => "This looks like a binary file, not a JSONL text file.",
        FileShape::JsonArray => "The file is a JSON array, not JSON Lines: write each request as one JSON object on its own line, without the surrounding [ ] and commas.",
        FileShape::PrettyPrinted => "The request spans several lines (pretty-printed JSON): JSONL needs each request on a single line.",
    }
}

/// What a range pass records for the merge.
struct RangeRecord {
    start: u64,
    assumed: RangeStart,
    seen: Vec<IdSeen>,
    first_shape: Option<(u64, FileShape)>,
    overflow: bool,
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
        let max_ids = catalog.require(Kind::MaxRequestsPerFile, options.dialect.fact_subject()) as usize;
        let largest_output_cap = MODELS.iter().filter_map(|m| catalog.get(Kind::MaxOutputTokens, m.name)).map(|v| v as u64).max();
        // A given endpoint stands in for the first line's url (line 0).
        let first_url = options.endpoint.clone().map(|e| (e, 0));
        let options_dialect = options.dialect;
        let mut c = Checker {
            overheads: Overheads::from_catalog(catalog),
            lines: LineSplitter::with_limit(options.max_line_bytes),
            tally: Tally::new(options.max_stored_per_code),
            findings: Findings::new(options.max_stored_per_code),
            options,
            catalog: catalog.clone(),
            provider,
            counter: None,
            counter_tried: false,
            ids: HashMap::default(),
            max_ids,
            largest_output_cap,
            first_url,
            first_model: None,
            model,
            model_source: if model.is_some() { super::ModelSource::Picked } else { super::ModelSource::Unknown },
            family: None,
            encoding: None,
            shape: None,
            range: None,
            fast_facts: FastFacts::new(catalog, options_dialect),
            model_max: None,
            minimums: super::model_rules::body_minimum_values(catalog),
        };
        c.settle_family();
        c
    }

    /// Finds the model-family table's family: the picked model's, else the
    /// file's first model as written (a dated name), else the catalog model
    /// it resolved to (a deployment name's guess).
    fn settle_family(&mut self) {
        use super::ModelSource::*;
        let catalog = &self.catalog;
        let with = |f: &'static str, src| Some((f, src, super::model_rules::family_refuses_roles(f, catalog)));
        self.family = if let Some(picked) = self.options.model.as_deref() {
            crate::facts::rule_family(picked)
                .or_else(|| self.model.and_then(|m| crate::facts::rule_family(m.name)))
                .and_then(|f| with(f, Picked))
        } else if let Some((first, _)) = &self.first_model {
            match crate::facts::rule_family(first) {
                Some(f) => with(f, Named),
                None => self.model.and_then(|m| crate::facts::rule_family(m.name)).and_then(|f| with(f, self.model_source)),
            }
        } else {
            None
        };
    }

    /// Whether a line may take the fast path: the family is settled (the
    /// first line that names a model takes the slow one) and refuses no
    /// message role (the fast path does not keep the messages).
    fn fast_allowed(&self) -> bool {
        match self.family {
            Some((_, _, roles)) => !roles,
            None => self.options.model.is_some() || self.first_model.is_some(),
        }
    }

    /// A checker for the lines of a file from byte `start` (the start of a
    /// line), assuming `at` holds at that point; end it with
    /// [`Self::finish_part`].
    pub fn for_range(options: CheckOptions, catalog: &Catalog, provider: Box<dyn TokenizerProvider>, start: u64, at: &RangeStart) -> Self {
        let mut c = Self::with_tokenizer(options, catalog, provider);
        if start > 0 {
            c.lines = LineSplitter::starting_at(start, c.options.max_line_bytes);
        }
        if at.first_url.is_some() {
            c.first_url = at.first_url.clone();
        }
        if let Some((m, _)) = &at.first_model {
            c.first_model = at.first_model.clone();
            if c.model.is_none() {
                {
                    let r = super::resolve_model(super::ModelClues::deployment(m));
                    (c.model, c.model_source) = (r.model, r.source);
                }
            }
            c.settle_family();
        }
        let assumed = RangeStart { first_url: c.first_url.clone(), first_model: c.first_model.clone() };
        c.range = Some(Box::new(RangeRecord { start, assumed, seen: Vec::new(), first_shape: None, overflow: false }));
        c
    }

    pub fn progress(&self) -> Progress {
        Progress { bytes: self.lines.bytes_read(), lines: self.lines.lines_read() }
    }

    /// Reads the next chunk of the file.
    pub fn feed(&mut self, chunk: &[u8]) {
        let mut lines = std::mem::take(&mut self.lines);
        lines.feed_lines(chunk, |l| self.on_line(l));
        self.lines = lines;
    }

    fn on_line(&mut self, l: Line<'_>) {
        match l {
            Line::Bom => self.bom(),
            Line::Line(l) => self.line(l),
            Line::TooLong(l) => self.too_long(l),
        }
    }

    /// A line longer than `max_line_bytes`: reported, not parsed.
    fn too_long(&mut self, l: LongLine) {
        self.tally.add_request();
        let msg = format!(
            "This line is {} bytes long, more than the checker's limit of {} bytes; it was not checked.",
            l.len, self.options.max_line_bytes
        );
        let r = LineRef { number: l.number, start: l.offset, bytes: &[] };
        let mut d = r.diag(Code::LineTooLong, Severity::Warning, None, msg, None);
        d.line_bytes = l.len;
        self.tally.record(d);
    }

    fn bom(&mut self) {
        let (severity, msg) = match self.options.dialect {
            super::Dialect::Azure => (Severity::Error, "The file starts with a UTF-8 byte order mark (BOM). Azure OpenAI does not support it and fails the batch with the misleading message \"A valid model deployment name couldn't be extracted from the input file\"."),
            super::Dialect::OpenAi => (Severity::Warning, "The file starts with a UTF-8 byte order mark (BOM). How the OpenAI Batch API treats it is undocumented; remove it to be safe."),
        };
        let r = LineRef { number: 1, start: 0, bytes: BOM };
        let mut d = r.diag(Code::Utf8Bom, severity, None, msg.to_string(), Some(0));
        d.line_bytes = 0;
        self.tally.record(d);
    }

    fn line(&mut self, l: RawLine<'_>) {
        let (number, start, b) = (l.number, l.offset, l.bytes);
        if l.crlf {
            let r = LineRef { number, start, bytes: b };
            self.tally.once(Once::Crlf, || r.diag(Code::CrlfLineEndings, Severity::Warning, None, String::new(), Some(b.len())));
        }
        let r = LineRef { number, start, bytes: b };
        if b.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r')) {
            self.tally.add_blank_line();
            let msg = "This line is blank. Blank lines are not requests; how the service treats them is undocumented.";
            return self.tally.record(r.diag(Code::BlankLine, Severity::Warning, None, msg.into(), None));
        }
        self.tally.add_request();
        // A line holds at most one item per byte, plus one: a shorter line
        // than the limit needs no count.
        let items = if (b.len() as u64) < self.options.max_line_values { 0 } else { json_items(b) };
        if items > self.options.max_line_values {
            let msg = format!(
                "This line holds about {items} JSON values, more than the checker's limit of {}; only its JSON, custom_id, method, url and model were checked.",
                self.options.max_line_values
            );
            self.tally.record(r.diag(Code::LineTooLong, Severity::Warning, None, msg, None));
            // The cheap checks still run (bounded memory): a line too big to
            // check is never let through on what can be seen of it.
            let mut out = std::mem::replace(&mut self.findings, Findings::new(0));
            out.clear();
            if let Some(p) = super::line::check_line_cheap(r, self.options.dialect, &self.catalog, &mut out) {
                self.across_lines(r, p, &mut out);
            }
            out.drain_into(&mut self.tally);
            self.findings = out;
            return;
        }
        let mut out = std::mem::replace(&mut self.findings, Findings::new(0));
        out.clear();
        // Without token counts an ordinary line takes the fast path.
        let fast = if self.options.count_tokens || !self.fast_allowed() {
            None
        } else {
            check_line_fast_with(r, self.options.dialect, &self.catalog, self.fast_facts, &mut out)
        };
        let parsed = fast.or_else(|| check_line(r, self.options.dialect, &self.catalog, &mut out));
        match parsed {
            Some(p) => {
                let new_id = self.across_lines(r, p, &mut out);
                if let (Some(seen), Some(range)) = (new_id, self.range.as_mut()) {
                    range.seen.push(IdSeen { room: !out.is_full(), ..seen });
                }
            }
            None if self.tally.requests() == 1 => match self.range.as_mut() {
                // A range can't know whether its first request is the file's.
                Some(range) => range.first_shape = shape_of(b).map(|shape| (number, shape)),
                None => self.detect_shape(b, &mut out),
            },
            None => {}
        }
        // A request whose errors fail only it (the batch still runs).
        if out.list().iter().any(|d| d.severity == Severity::Error && d.stage() == super::Stage::Request) {
            self.tally.add_failing_request();
        }
        out.drain_into(&mut self.tally);
        self.findings = out;
    }

    /// The first request did not parse: say plainly if the file is not JSONL.
    fn detect_shape(&mut self, b: &[u8], out: &mut Findings) {
        let Some(shape) = shape_of(b) else { return };
        self.shape = Some(shape);
        if let Some(d) = out.first_mut() {
            d.message = format!("{} {}", shape_note(shape), d.message);
        }
    }

    /// The cross-line rules; returns what a range records about a custom_id
    /// first used on this line.
    fn across_lines(&mut self, r: LineRef, p: Parsed, out: &mut Findings) -> Option<IdSeen> {
        let mut new_id = None;
        if let Some(id) = p.custom_id.as_deref().map(id_key) {
            let id = id.as_ref();
            // One hash per line: a new id (nearly every line) goes in as it
            // is looked up; past the limit ids are only looked up.
            let seen = if self.ids.len() < self.max_ids {
                match self.ids.entry(id.into()) {
                    std::collections::hash_map::Entry::Occupied(e) => Seen::Before(*e.get()),
                    std::collections::hash_map::Entry::Vacant(e) => {
                        e.insert(r.number);
                        Seen::New
                    }
                }
            } else {
                self.ids.get(id).map_or(Seen::PastLimit, |&first| Seen::Before(first))
            };
            match seen {
                Seen::Before(first) => {
                    let mut d =
                        r.diag(Code::DuplicateCustomId, Severity::Error, Some("custom_id"), duplicate_message(first), p.custom_id_at);
                    d.related_line = Some(first);
                    out.push(d);
                }
                Seen::New => {
                    if self.range.is_some() {
                        let d = r.diag(Code::DuplicateCustomId, Severity::Error, None, String::new(), p.custom_id_at);
                        new_id = Some(IdSeen {
                            line: d.line,
                            column: d.column,
                            line_start: d.line_start,
                            line_bytes: d.line_bytes,
                            byte_offset: d.byte_offset,
                            room: false,
                        });
                    }
                }
                // Beyond the service's request limit the file fails anyway
                // (too_many_tasks): later ids are not remembered.
                Seen::PastLimit => {
                    if let Some(range) = self.range.as_mut() {
                        range.overflow = true;
                    }
                }
            }
        }
        let dialect = self.options.dialect;
        let mut url_differs = false;
        if let Some(url) = &p.url {
            match &self.first_url {
                None => self.first_url = Some((url.to_string(), r.number)),
                Some((first, n)) if first != url && super::schema::listed(dialect.allowed_urls(), url) => {
                    let whence = if *n == 0 { "the batch's endpoint".to_string() } else { format!("on line {n}") };
                    let msg = format!(
                        "The URL provided for this request does not match the batch endpoint ({url} here, {} {whence}).",
                        quote(first)
                    );
                    let mut d = r.diag(dialect.url_code(), Severity::Error, Some("url"), msg, p.url_at);
                    d.related_line = Some(*n).filter(|&n| n > 0);
                    // The service answers this line with the url finding
                    // alone: its body is not judged by the other endpoint's rules.
                    out.drop_body_findings();
                    url_differs = true;
                    out.push(d);
                }
                Some(_) => {}
            }
        }
        if let Some(model) = &p.model {
            match &self.first_model {
                None => {
                    self.first_model = Some((model.to_string(), r.number));
                    if self.model.is_none() {
                        {
                            let r = super::resolve_model(super::ModelClues::deployment(model));
                            (self.model, self.model_source) = (r.model, r.source);
                        }
                    }
                    self.settle_family();
                    if dialect == super::Dialect::OpenAi
                        && model_for_name(model).is_none()
                        && crate::facts::openai_batch_model_fact(model).is_none()
                    {
                        // The service's code for a model it does not serve; a
                        // warning, since the catalog may lag the vendor's models.
                        let near = crate::facts::closest_model_names(model, 3);
                        let msg = format!(
                            "The model '{}' is not in the catalog's list of models the Batch API serves (as of {}; closest known: {}). If the service does not serve it, it answers model_not_found; a newer model may be missing from the list. Its limits, prices and output cap are not applied.",
                            quote(model),
                            crate::facts::openai_batch_models_as_of(),
                            near.join(", ")
                        );
                        out.push(r.diag(Code::ModelNotFound, Severity::Warning, Some("body.model"), msg, p.model_at));
                    }
                    if let Some(m) = self.model.filter(|_| dialect == super::Dialect::Azure) {
                        if let Some(d) = super::served::azure_batch_model(r, m, &self.catalog, p.model_at) {
                            out.push(d);
                        }
                    }
                    if dialect == super::Dialect::Azure && model_for_name(model).is_some() {
                        let msg = format!("'{model}' looks like a model name, not a deployment name: on Azure, body.model must be the name of your Global Batch deployment (fine if the deployment has this name).");
                        out.push(r.diag(Code::BaseModelName, Severity::Warning, Some("body.model"), msg, p.model_at));
                    }
                }
                Some((first, n)) if first != model => {
                    let word = dialect.model_word();
                    let msg = format!(
                        "The {word} on this line ('{}') doesn't match the rest of the file ('{}' on line {n}).",
                        quote(model),
                        quote(first)
                    );
                    let mut d = r.diag(Code::ModelMismatch, Severity::Error, Some("body.model"), msg, p.model_at);
                    d.related_line = Some(*n);
                    out.push(d);
                }
                Some(_) => {}
            }
        }
        if let (Some(body), Some(endpoint)) = (&p.body, p.endpoint) {
            // Its tokens still count; its body rules say nothing.
            self.tokens(r, body, endpoint, &p, !url_differs, out);
        }
        new_id
    }

    /// The line's token figures, and (when `judged`: its url is the batch's)
    /// the body rules that need the file's model.
    fn tokens(&mut self, r: LineRef, body: &serde_json::Value, endpoint: Endpoint, p: &Parsed, judged: bool, out: &mut Findings) {
        let model = self.model;
        if judged {
            self.model_body_rules(r, body, endpoint, p, out);
        }
        if let Some((family, source, _)) = self.family.filter(|_| judged) {
            if matches!(endpoint, Endpoint::ChatCompletions | Endpoint::Responses) {
                let sent = p.model.as_deref().unwrap_or(family);
                super::model_rules::family_rules(r, body, endpoint, family, sent, source, self.options.dialect, &self.catalog, out);
            }
        }
        let model_max = self.model_max(model);
        if let Some((key, cap)) = explicit_cap(body, endpoint).filter(|_| judged) {
            // The model's own cap (model_max is known only with a model), else the largest.
            let limit = model_max.or(self.largest_output_cap);
            if limit.is_some_and(|limit| cap > limit) {
                let whose = match (model_max, model) {
                    (Some(m), Some(model)) => format!("{}'s maximum output of {m} tokens", model.name),
                    _ => format!("the largest output any known model allows ({} tokens)", self.largest_output_cap.unwrap_or(0)),
                };
                // OpenAI's recorded answer, for a model known for sure whose
                // documented (or user-set) maximum this is; else advice.
                let sure = matches!(self.model_source, super::ModelSource::Picked | super::ModelSource::Named);
                let documented = model.is_some_and(|m| {
                    crate::facts::builtin(Kind::MaxOutputTokens, m.name).is_some_and(|f| f.certainty == crate::facts::Certainty::Documented)
                        || self.catalog.is_overridden(&format!("{}.{}", Kind::MaxOutputTokens, m.name))
                });
                let chat_key = matches!(key, "max_tokens" | "max_completion_tokens");
                match (model_max, self.options.dialect) {
                    (Some(m), super::Dialect::OpenAi) if sure && documented && chat_key => {
                        let msg = format!(
                            "{key} is too large: {cap}. This model supports at most {m} completion tokens, whereas you provided {cap}."
                        );
                        let d = r.diag(Code::InvalidValue, Severity::Error, Some(&format!("body.{key}")), msg, None);
                        out.push(d.with_basis(super::Evidence::Observed, MAX_TOKENS_TOO_LARGE));
                    }
                    _ => {
                        let msg = format!("{key} is {cap}, beyond {whose}; the service rejects the request.");
                        out.push(r.diag(Code::MaxTokensTooLarge, Severity::Warning, Some(&format!("body.{key}")), msg, None));
                    }
                }
            }
        }
        let cap = output_cap(body, endpoint, model_max);
        if matches!(cap, OutputCap::ModelMaximum(_) | OutputCap::Unknown) {
            let param = endpoint.output_cap_param(model.is_some_and(|m| m.kind == ModelKind::Reasoning));
            self.tally.once(Once::UnsetCap, || r.diag(Code::MaxTokensUnset, Severity::Warning, Some(param), String::new(), None));
        }
        self.tally.add_output(cap.tokens());
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
            self.overheads = Overheads::for_model(&self.catalog, model);
        }
        let Some(counter) = &mut self.counter else { return };
        let n = prompt_tokens(body, endpoint, self.overheads, counter, self.tally.media_mut());
        self.tally.add_prompt(n);
        let requested = explicit_cap(body, endpoint).map(|_| cap.tokens());
        if let Some(d) = super::context_window::context_window(&self.catalog, model, self.options.dialect, r, n, requested, endpoint) {
            out.push(d);
        }
    }

    /// The catalog's output cap of `model`, looked up once per model (every
    /// line asks it; the catalog does not change during a check).
    fn model_max(&mut self, model: Option<&'static Model>) -> Option<u64> {
        let m = model?;
        match self.model_max {
            Some((name, max)) if std::ptr::eq(name, m.name) => max,
            _ => {
                let max = self.catalog.get(Kind::MaxOutputTokens, m.name).map(|v| v as u64);
                self.model_max = Some((m.name, max));
                max
            }
        }
    }

    /// The body rules that need the file's model: the service's minimums,
    /// what a reasoning model refuses.
    fn model_body_rules(&self, r: LineRef, body: &serde_json::Value, endpoint: Endpoint, p: &Parsed, out: &mut Findings) {
        super::model_rules::body_minimums(r, body, endpoint, &self.minimums, &self.catalog, out);
        super::service_tier::check(r, body, self.model, self.model_source, self.options.dialect, &self.catalog, out);
        if let Some(m) = self.model.filter(|m| m.kind == ModelKind::Reasoning) {
            if matches!(endpoint, Endpoint::ChatCompletions | Endpoint::Responses) {
                let sampling = self.family.is_some_and(|(f, _, _)| super::model_rules::sampling_taken(body, f, endpoint, &self.catalog));
                super::model_rules::reasoning(r, body, m, self.model_source, &self.catalog, p, sampling, out);
            }
        }
    }

    /// Ends the file: the last line, then the rules about the whole file.
    pub fn finish(mut self) -> Report {
        self.end_of_input();
        self.report()
    }

    /// Ends a range pass (made with [`Self::for_range`]): its partial state.
    pub fn finish_part(mut self) -> StructuralPart {
        self.end_of_input();
        if let Some(c) = &self.counter {
            self.tally.add_cache_hits(c.hits);
        }
        let range = self.range.take().map_or_else(
            || RangeRecord { start: 0, assumed: RangeStart::default(), seen: Vec::new(), first_shape: None, overflow: false },
            |r| *r,
        );
        let mut ids: Vec<(Box<str>, u64)> = self.ids.into_iter().collect();
        ids.sort_unstable_by_key(|&(_, line)| line);
        let ids = ids.into_iter().zip(range.seen).map(|((id, _), seen)| (id, seen)).collect();
        StructuralPart {
            start: range.start,
            bytes: self.lines.bytes_read(),
            lines: self.lines.lines_read(),
            assumed: range.assumed,
            reached: RangeStart { first_url: self.first_url, first_model: self.first_model },
            counted: self.counter.is_some(),
            encoding: self.encoding,
            first_shape: range.first_shape,
            ids,
            overflow: range.overflow,
            tally: self.tally,
        }
    }

    fn report(mut self) -> Report {
        if let Some(c) = &self.counter {
            self.tally.add_cache_hits(c.hits);
        }
        let facts = FileFacts {
            options: &self.options,
            catalog: &self.catalog,
            bytes: self.lines.bytes_read(),
            lines: self.lines.lines_read(),
            model: self.model,
            model_source: self.model_source,
            encoding: self.encoding,
            first_model: self.first_model,
            first_url: self.first_url,
            shape: self.shape,
            counted: self.counter.is_some(),
        };
        self.tally.finish(facts)
    }

    /// Checks the last line (without a final `\n`).
    fn end_of_input(&mut self) {
        let mut lines = std::mem::take(&mut self.lines);
        lines.finish_lines(|l| self.on_line(l));
        self.lines = lines;
    }
}
