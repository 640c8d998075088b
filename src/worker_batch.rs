//! The batch page's work inside a Web Worker: reads the posted File in
//! chunks (`Blob.slice` + `FileReaderSync`), runs the domain's checker,
//! token passes, repair and split, and posts progress and results back.
//!
//! Messages from the page: `{kind: "batch", file: Blob, req: BatchRequest}`.
//! Replies: `{kind: "batch", reply: BatchReply}` plus `blob` (repair) or
//! `blobs` (split) when files come back.

use batchlane_core::batch::{
    owned_range, CheckOptions, Checker, NoTokenizer, Progress, RepairOptions, RepairOutcome, Repairer, Report, SplitLimits, SplitOutcome,
    Splitter, Tiktoken, TokenPart, TokenPass,
};
use batchlane_core::facts::Catalog;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Bytes read from the File at a time.
const CHUNK: u64 = 4 << 20;
/// At most one progress message per this many milliseconds.
const PROGRESS_EVERY_MS: f64 = 100.0;

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "op")]
pub enum BatchRequest {
    /// The whole check in this worker (`tokens`: count with tiktoken).
    Check { options: CheckOptions, catalog: Catalog, tokens: bool },
    /// The structural pass of a parallel check: feeds the whole file, replies
    /// `Fed`, then waits for `Finish` with the token parts.
    Structural { options: CheckOptions, catalog: Catalog },
    /// Ends the structural pass with the token passes' figures.
    Finish { parts: Vec<TokenPart> },
    /// A token pass over the lines whose first byte is in `[start, end)`.
    Tokens { options: CheckOptions, catalog: Catalog, start: u64, end: u64, model_hint: Option<String> },
    /// The repaired file (`blob`).
    Repair { options: RepairOptions },
    /// The file split under the limits (`blobs`).
    Split { options: CheckOptions, catalog: Catalog },
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "type")]
pub enum BatchReply {
    Progress { progress: Progress },
    Fed { progress: Progress },
    Report { report: Box<Report> },
    Tokens { part: TokenPart },
    Repaired { outcome: RepairOutcome },
    Split { outcome: SplitOutcome },
    Failed { message: String },
}

thread_local! {
    /// The structural pass waiting for its token parts.
    static PENDING: RefCell<Option<Checker>> = const { RefCell::new(None) };
}

fn post(scope: &web_sys::DedicatedWorkerGlobalScope, reply: &BatchReply, extra: Option<(&str, &JsValue)>) {
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"kind".into(), &"batch".into());
    let value = serde_wasm_bindgen::to_value(reply).unwrap_or(JsValue::NULL);
    let _ = js_sys::Reflect::set(&msg, &"reply".into(), &value);
    if let Some((key, v)) = extra {
        let _ = js_sys::Reflect::set(&msg, &key.into(), v);
    }
    let _ = scope.post_message(&msg);
}

/// Whether a message from the page is the batch page's.
pub fn is_batch(data: &JsValue) -> bool {
    js_sys::Reflect::get(data, &"kind".into()).ok().and_then(|k| k.as_string()).is_some_and(|k| k == "batch")
}

/// Handles one message from the batch page.
pub fn handle_batch(scope: &web_sys::DedicatedWorkerGlobalScope, data: &JsValue) {
    let result = (|| -> Result<(), String> {
        let req = js_sys::Reflect::get(data, &"req".into()).map_err(|_| "no request".to_string())?;
        let req: BatchRequest = serde_wasm_bindgen::from_value(req).map_err(|e| e.to_string())?;
        let file = js_sys::Reflect::get(data, &"file".into()).ok().and_then(|f| f.dyn_into::<web_sys::Blob>().ok());
        let reader = Reader::new(file)?;
        run(scope, req, &reader)
    })();
    if let Err(message) = result {
        post(scope, &BatchReply::Failed { message }, None);
    }
}

struct Reader {
    blob: Option<web_sys::Blob>,
    sync: web_sys::FileReaderSync,
    len: u64,
}

impl Reader {
    fn new(blob: Option<web_sys::Blob>) -> Result<Self, String> {
        let sync = web_sys::FileReaderSync::new().map_err(|_| "FileReaderSync is not available".to_string())?;
        let len = blob.as_ref().map_or(0, |b| b.size() as u64);
        Ok(Reader { blob, sync, len })
    }

    fn read(&self, start: u64, end: u64) -> Result<Vec<u8>, String> {
        let blob = self.blob.as_ref().ok_or("no file")?;
        let part = blob.slice_with_f64_and_f64(start as f64, end.min(self.len) as f64).map_err(|_| "cannot slice the file")?;
        let buf = self.sync.read_as_array_buffer(&part).map_err(|_| "cannot read the file".to_string())?;
        Ok(js_sys::Uint8Array::new(&buf).to_vec())
    }

    /// Calls `f` on each chunk of `[start, end)`.
    fn each(&self, start: u64, end: u64, mut f: impl FnMut(&[u8])) -> Result<(), String> {
        let mut at = start;
        while at < end {
            let to = (at + CHUNK).min(end);
            f(&self.read(at, to)?);
            at = to;
        }
        Ok(())
    }

    /// The offset of the first `\n` at or after `from`.
    fn next_newline(&self, from: u64) -> Result<Option<u64>, String> {
        let mut at = from;
        let step = 64 << 10;
        while at < self.len {
            let to = (at + step).min(self.len);
            if let Some(i) = self.read(at, to)?.iter().position(|&b| b == b'\n') {
                return Ok(Some(at + i as u64));
            }
            at = to;
        }
        Ok(None)
    }
}

/// Posts progress at most every [`PROGRESS_EVERY_MS`].
struct Ticker {
    last: f64,
}

impl Ticker {
    fn new() -> Self {
        Ticker { last: 0.0 }
    }

    fn tick(&mut self, scope: &web_sys::DedicatedWorkerGlobalScope, progress: Progress) {
        let now = js_sys::Date::now();
        if now - self.last >= PROGRESS_EVERY_MS {
            self.last = now;
            post(scope, &BatchReply::Progress { progress }, None);
        }
    }
}

fn run(scope: &web_sys::DedicatedWorkerGlobalScope, req: BatchRequest, reader: &Reader) -> Result<(), String> {
    let mut ticker = Ticker::new();
    match req {
        BatchRequest::Check { options, catalog, tokens } => {
            let mut c = if tokens {
                Checker::with_tokenizer(options, &catalog, Box::new(Tiktoken))
            } else {
                Checker::with_tokenizer(options, &catalog, Box::new(NoTokenizer))
            };
            reader.each(0, reader.len, |chunk| {
                c.feed(chunk);
                ticker.tick(scope, c.progress());
            })?;
            post(scope, &BatchReply::Report { report: Box::new(c.finish()) }, None);
        }
        BatchRequest::Structural { options, catalog } => {
            let mut c = Checker::with_tokenizer(options, &catalog, Box::new(NoTokenizer));
            reader.each(0, reader.len, |chunk| {
                c.feed(chunk);
                ticker.tick(scope, c.progress());
            })?;
            post(scope, &BatchReply::Fed { progress: c.progress() }, None);
            PENDING.with(|p| *p.borrow_mut() = Some(c));
        }
        BatchRequest::Finish { parts } => {
            let c = PENDING.with(|p| p.borrow_mut().take()).ok_or("no structural pass to finish")?;
            post(scope, &BatchReply::Report { report: Box::new(c.finish_with_tokens(parts)) }, None);
        }
        BatchRequest::Tokens { options, catalog, start, end, model_hint } => {
            let mut err = None;
            let (a, b) = owned_range(start, end, reader.len, |from| match reader.next_newline(from) {
                Ok(n) => n,
                Err(e) => {
                    err = Some(e);
                    None
                }
            });
            if let Some(e) = err {
                return Err(e);
            }
            let mut pass = TokenPass::new(options, &catalog, Box::new(Tiktoken), a, model_hint.as_deref());
            if a < b {
                reader.each(a, b, |chunk| {
                    pass.feed(chunk);
                    ticker.tick(scope, Progress { bytes: pass.bytes(), lines: pass.lines() });
                })?;
            }
            post(scope, &BatchReply::Tokens { part: pass.finish() }, None);
        }
        BatchRequest::Repair { options } => {
            let parts = js_sys::Array::new();
            let mut r = Repairer::new(options);
            let mut out = Vec::new();
            let mut done = 0u64;
            reader.each(0, reader.len, |chunk| {
                r.feed(chunk, &mut out);
                parts.push(&js_sys::Uint8Array::from(out.as_slice()));
                out.clear();
                done += chunk.len() as u64;
                ticker.tick(scope, Progress { bytes: done, lines: 0 });
            })?;
            let outcome = r.finish(&mut out);
            parts.push(&js_sys::Uint8Array::from(out.as_slice()));
            let blob = make_blob(&parts)?;
            post(scope, &BatchReply::Repaired { outcome }, Some(("blob", &blob)));
        }
        BatchRequest::Split { options, catalog } => {
            let limits = SplitLimits::from_catalog(&options, &catalog);
            let mut s = Splitter::new(limits, &options, &catalog, Box::new(Tiktoken));
            let mut files = SplitFiles::default();
            let mut done = 0u64;
            reader.each(0, reader.len, |chunk| {
                s.feed(chunk, &mut |i, line| files.push(i, line));
                done += chunk.len() as u64;
                ticker.tick(scope, Progress { bytes: done, lines: 0 });
            })?;
            let outcome = s.finish(&mut |i, line| files.push(i, line));
            let blobs = files.into_blobs()?;
            post(scope, &BatchReply::Split { outcome }, Some(("blobs", &blobs)));
        }
    }
    Ok(())
}

fn make_blob(parts: &js_sys::Array) -> Result<JsValue, String> {
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type("application/jsonl");
    web_sys::Blob::new_with_u8_array_sequence_and_options(parts, &bag).map(JsValue::from).map_err(|_| "cannot make the file".to_string())
}

/// The split's files, built as JS arrays of byte chunks (bounded Rust memory).
#[derive(Default)]
struct SplitFiles {
    files: Vec<(js_sys::Array, Vec<u8>)>,
}

impl SplitFiles {
    fn push(&mut self, i: usize, line: &[u8]) {
        while self.files.len() <= i {
            self.files.push((js_sys::Array::new(), Vec::new()));
        }
        let (chunks, buf) = &mut self.files[i];
        buf.extend_from_slice(line);
        if buf.len() >= CHUNK as usize {
            chunks.push(&js_sys::Uint8Array::from(buf.as_slice()));
            buf.clear();
        }
    }

    fn into_blobs(self) -> Result<JsValue, String> {
        let out = js_sys::Array::new();
        for (chunks, buf) in self.files {
            if !buf.is_empty() {
                chunks.push(&js_sys::Uint8Array::from(buf.as_slice()));
            }
            out.push(&make_blob(&chunks)?);
        }
        Ok(out.into())
    }
}
