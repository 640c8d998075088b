//! The Web Worker side: receives requests from the page, runs the domain,
//! posts results back. Heavy work never runs on the UI thread.
//!
//! Files arrive as `File`/`Blob` objects and are read here in
//! [`CHUNK_BYTES`] slices with `FileReaderSync` (synchronous reads are
//! allowed in workers), so a file is never held whole in memory. A
//! `Progress` message follows every slice. The page cancels by terminating
//! the worker.

use crate::worker_protocol::{decode, encode, js_error, Request, Response, CHUNK_BYTES};
use batchlane_core::results::{FileKind, ResultsJoiner, RetryExtractor};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, DedicatedWorkerGlobalScope};

/// Entry point of the worker binary.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        let data = event.data();
        // The batch check speaks its own messages (`{kind: "batch", …}`).
        if super::worker_batch::is_batch(&data) {
            return super::worker_batch::handle_batch(&reply_scope, &data);
        }
        let answer = match decode::<Request>(&data) {
            Ok((request, blobs)) => handle(&reply_scope, request, &blobs),
            Err(message) => Err(format!("bad request: {message}")),
        };
        if let Err(message) = answer {
            post(&reply_scope, &Response::Failed { message }, &[]);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages posted before the wasm started are lost: say we listen now,
    // in both clients' words (`Response::Ready`, and `kind: "ready"`).
    match encode(&Response::Ready, &[]) {
        Ok(ready) => {
            let _ = js_sys::Reflect::set(&ready, &"kind".into(), &"ready".into());
            let _ = scope.post_message(&ready);
        }
        Err(e) => web_sys::console::error_1(&format!("worker: cannot say ready: {e}").into()),
    }
}

fn post(scope: &DedicatedWorkerGlobalScope, msg: &Response, blobs: &[Blob]) {
    match encode(msg, blobs) {
        Ok(v) => {
            let _ = scope.post_message(&v);
        }
        Err(e) => web_sys::console::error_1(&format!("worker: cannot encode a reply: {e}").into()),
    }
}

/// Runs one request; the final answer is posted here, an `Err` by the caller.
fn handle(scope: &DedicatedWorkerGlobalScope, request: Request, blobs: &[Blob]) -> Result<(), String> {
    match request {
        Request::Results { files } => {
            if files.len() != blobs.len() {
                return Err(format!("{} files named, {} attached", files.len(), blobs.len()));
            }
            let mut joiner = ResultsJoiner::new();
            let mut progress = Progress::new(scope, blobs);
            for (kind, blob) in files.iter().zip(blobs) {
                let feed = |j: &mut ResultsJoiner, c: &[u8]| match kind {
                    FileKind::Output => j.feed_output(c),
                    FileKind::Errors => j.feed_errors(c),
                    _ => j.feed_input(c),
                };
                feed(&mut joiner, &[]);
                let lines_before: u64 = progress.lines;
                read_chunks(blob, |chunk| {
                    feed(&mut joiner, chunk);
                    let lines = lines_before + joiner.progress(*kind).1;
                    progress.advance(chunk.len(), lines);
                })?;
                progress.lines = lines_before + joiner.progress(*kind).1;
            }
            let report = joiner.finish();
            post(scope, &Response::Results { report: Box::new(report) }, &[]);
            Ok(())
        }
        Request::RetryFile { plan } => {
            let input = blobs.first().ok_or("no input file attached")?;
            let mut extractor = RetryExtractor::new(&plan);
            let mut out: Vec<u8> = Vec::new();
            let mut progress = Progress::new(scope, blobs);
            let mut lines = 0u64;
            read_chunks(input, |chunk| {
                let got = extractor.feed(chunk);
                lines += got.iter().filter(|&&b| b == b'\n').count() as u64;
                out.extend_from_slice(&got);
                progress.advance(chunk.len(), lines);
            })?;
            if let Err(error) = extractor.finish() {
                post(scope, &Response::RetryFailed { error }, &[]);
                return Ok(());
            }
            let blob = jsonl_blob(&out)?;
            post(scope, &Response::RetryFile { lines, bytes: out.len() as u64 }, &[blob]);
            Ok(())
        }
    }
}

/// Counts bytes over all attached blobs and posts a `Progress` per chunk.
struct Progress<'a> {
    scope: &'a DedicatedWorkerGlobalScope,
    bytes: f64,
    total: f64,
    lines: u64,
}

impl<'a> Progress<'a> {
    fn new(scope: &'a DedicatedWorkerGlobalScope, blobs: &[Blob]) -> Self {
        Progress { scope, bytes: 0.0, total: blobs.iter().map(Blob::size).sum(), lines: 0 }
    }

    fn advance(&mut self, bytes: usize, lines: u64) {
        self.bytes += bytes as f64;
        post(self.scope, &Response::Progress { bytes: self.bytes, total: self.total, lines: lines as f64 }, &[]);
    }
}

/// Reads `blob` in [`CHUNK_BYTES`] slices, in order, with `FileReaderSync`.
pub fn read_chunks(blob: &Blob, mut on_chunk: impl FnMut(&[u8])) -> Result<(), String> {
    let reader = web_sys::FileReaderSync::new().map_err(js_error)?;
    let size = blob.size();
    let mut at = 0.0;
    while at < size {
        let end = (at + CHUNK_BYTES).min(size);
        let slice = blob.slice_with_f64_and_f64(at, end).map_err(js_error)?;
        let buffer = reader.read_as_array_buffer(&slice).map_err(|e| format!("cannot read the file: {}", js_error(e)))?;
        let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
        on_chunk(&bytes);
        at = end;
    }
    Ok(())
}

/// A Blob of JSONL bytes.
pub fn jsonl_blob(bytes: &[u8]) -> Result<Blob, String> {
    let parts = js_sys::Array::new();
    parts.push(&js_sys::Uint8Array::from(bytes));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("application/jsonl");
    Blob::new_with_u8_array_sequence_and_options(&parts, &opts).map_err(js_error)
}
