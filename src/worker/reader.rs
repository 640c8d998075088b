//! Reading the attached files inside the worker as streams (a file is
//! never held whole), and making the files that go back.
//!
//! A file (or a range of it) is read through `Blob.stream()` with a BYOB
//! reader into one reused buffer: the browser reads ahead on its own
//! threads while the worker parses, so reading costs the worker little
//! more than the copy into wasm memory. (`FileReaderSync` blocked the
//! worker for every read: about 40% of a structural check's time in
//! Chromium; `arrayBuffer()` one chunk ahead hardly overlapped.) Where a
//! blob's stream has no BYOB reader, its default reader's chunks are used.

use super::envelope::js_error;
use batchlane_core::protocol::WorkerFailure;
use batchlane_core::traffic::{ImportError, Importer};
use js_sys::{ArrayBuffer, Reflect, Uint8Array};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, ReadableStream, ReadableStreamByobReader, ReadableStreamDefaultReader};

/// The most bytes one read hands over (the BYOB reader's buffer).
pub const READ_BYTES: u32 = 4 << 20;
/// The size of the pieces a file made in the worker is built from.
const OUT_CHUNK: usize = 16 << 20;

pub struct Reader {
    blob: Blob,
    pub len: u64,
}

impl Reader {
    pub fn new(blob: &Blob) -> Self {
        Reader { blob: blob.clone(), len: blob.size() as u64 }
    }

    fn slice(&self, start: u64, end: u64) -> Result<Blob, WorkerFailure> {
        self.blob.slice_with_f64_and_f64(start as f64, end.min(self.len) as f64).map_err(unreadable)
    }

    /// A small synchronous read (for finding a line's end; workers only).
    fn read(&self, start: u64, end: u64) -> Result<Vec<u8>, WorkerFailure> {
        let sync = web_sys::FileReaderSync::new().map_err(unreadable)?;
        let buf = sync.read_as_array_buffer(&self.slice(start, end)?).map_err(unreadable)?;
        Ok(Uint8Array::new(&buf).to_vec())
    }

    /// Calls `f` on each piece of `[start, end)` in order while it returns
    /// true; the next piece is already being read while `f` runs.
    pub async fn each(&self, start: u64, end: u64, mut f: impl FnMut(&[u8]) -> bool) -> Result<(), WorkerFailure> {
        if start >= end.min(self.len) {
            return Ok(());
        }
        let mut chunks = Chunks::new(&self.slice(start, end)?.stream())?;
        let mut buf = Vec::new();
        while chunks.next_into(&mut buf).await? {
            if !f(&buf) {
                chunks.cancel();
                break;
            }
        }
        Ok(())
    }

    /// The whole blob as text (a small one: a range's part).
    pub fn read_text(&self) -> Result<String, WorkerFailure> {
        String::from_utf8(self.read(0, self.len)?).map_err(|_| WorkerFailure::Unreadable { detail: "not UTF-8".into() })
    }

    /// The offset of the first `\n` at or after `from`.
    pub fn next_newline(&self, from: u64) -> Result<Option<u64>, WorkerFailure> {
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

/// A file read synchronously in pieces of [`READ_BYTES`] (`FileReaderSync`,
/// workers only), for a parser that pulls its bytes (`io::Read`): the
/// traffic importers stream JSON through serde, which cannot wait on a
/// promise. Never more than one piece is held.
pub struct SyncRead {
    reader: Reader,
    /// The bytes of one read from the file.
    piece_bytes: u32,
    at: u64,
    piece: Vec<u8>,
    used: usize,
}

impl SyncRead {
    pub fn new(reader: Reader) -> Self {
        SyncRead::with_piece_bytes(reader, READ_BYTES)
    }

    /// Reads the file in pieces of `piece_bytes` (at least one) rather than
    /// [`READ_BYTES`]: short pieces cut a file anywhere (tests).
    pub fn with_piece_bytes(reader: Reader, piece_bytes: u32) -> Self {
        SyncRead { reader, piece_bytes: piece_bytes.max(1), at: 0, piece: Vec::new(), used: 0 }
    }
}

/// Reads one attached file into a traffic run: streamed through
/// [`SyncRead`] (never held whole), its bytes counted by the importer
/// against the file's and the run's budget whatever size the file claims;
/// `progress` gets the bytes read in the run.
pub fn import_traffic(importer: &mut Importer, name: &str, blob: &Blob, progress: &mut dyn FnMut(u64)) -> Result<(), ImportError> {
    let reader = Reader::new(blob);
    importer.read(name, &mut SyncRead::new(reader), progress)
}

impl std::io::Read for SyncRead {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.used == self.piece.len() {
            if self.at >= self.reader.len || buf.is_empty() {
                return Ok(0);
            }
            let end = self.at.saturating_add(u64::from(self.piece_bytes)).min(self.reader.len);
            self.piece = self.reader.read(self.at, end).map_err(std::io::Error::other)?;
            self.used = 0;
            // A blob that gives nothing where it claimed bytes has ended.
            if self.piece.is_empty() {
                self.at = self.reader.len;
                return Ok(0);
            }
            self.at = self.at.saturating_add(self.piece.len() as u64);
        }
        let n = (self.piece.len() - self.used).min(buf.len());
        buf[..n].copy_from_slice(&self.piece[self.used..self.used + n]);
        self.used += n;
        Ok(n)
    }
}

/// A JSONL Blob of byte chunks.
pub fn jsonl_blob(parts: &js_sys::Array) -> Result<Blob, WorkerFailure> {
    typed_blob(parts, "application/jsonl")
}

/// A Blob of `bytes` (copied out of wasm memory once).
pub fn bytes_blob(bytes: &[u8], mime: &str) -> Result<Blob, WorkerFailure> {
    let parts = js_sys::Array::of1(&Uint8Array::from(bytes));
    typed_blob(&parts, mime)
}

fn typed_blob(parts: &js_sys::Array, mime: &str) -> Result<Blob, WorkerFailure> {
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type(mime);
    Blob::new_with_u8_array_sequence_and_options(parts, &bag).map_err(|e| WorkerFailure::CannotBuild { detail: js_error(e) })
}

/// A failed read, in the browser's words.
fn unreadable(e: wasm_bindgen::JsValue) -> WorkerFailure {
    WorkerFailure::Unreadable { detail: js_error(e) }
}

/// Files built as JS arrays of byte chunks (bounded Rust memory): the
/// split's parts, the repaired file, the retry file.
#[derive(Default)]
pub struct OutFiles {
    files: Vec<(js_sys::Array, Vec<u8>)>,
}

impl OutFiles {
    pub fn push(&mut self, i: usize, bytes: &[u8]) {
        while self.files.len() <= i {
            self.files.push((js_sys::Array::new(), Vec::new()));
        }
        let (chunks, buf) = &mut self.files[i];
        buf.extend_from_slice(bytes);
        if buf.len() >= OUT_CHUNK {
            chunks.push(&js_sys::Uint8Array::from(buf.as_slice()));
            buf.clear();
        }
    }

    pub fn into_blobs(self) -> Result<Vec<Blob>, WorkerFailure> {
        self.files
            .into_iter()
            .map(|(chunks, buf)| {
                if !buf.is_empty() {
                    chunks.push(&js_sys::Uint8Array::from(buf.as_slice()));
                }
                jsonl_blob(&chunks)
            })
            .collect()
    }
}

/// The chunks of a stream: through a BYOB reader into one reused buffer
/// where the stream is a byte stream, else the default reader's chunks.
/// One read is always pending: a byte stream pulls from the file only
/// while a read waits, so the next read is asked for as soon as a chunk is
/// copied into wasm memory, before the caller parses it.
struct Chunks {
    kind: Kind,
    pending: Option<js_sys::Promise>,
}

enum Kind {
    Byob(ReadableStreamByobReader),
    Default(ReadableStreamDefaultReader),
}

impl Chunks {
    fn new(stream: &ReadableStream) -> Result<Self, WorkerFailure> {
        let kind = match ReadableStreamByobReader::new(stream) {
            Ok(reader) => Kind::Byob(reader),
            Err(_) => Kind::Default(ReadableStreamDefaultReader::new(stream).map_err(unreadable)?),
        };
        let mut chunks = Chunks { kind, pending: None };
        chunks.request(ArrayBuffer::new(READ_BYTES));
        Ok(chunks)
    }

    /// Asks for the next chunk (into `buf`, the BYOB reader's buffer).
    fn request(&mut self, buf: ArrayBuffer) {
        self.pending = Some(match &self.kind {
            Kind::Byob(reader) => reader.read_with_array_buffer_view(&Uint8Array::new(&buf)),
            Kind::Default(reader) => reader.read(),
        });
    }

    /// Copies the next chunk into `out` and asks for the one after it;
    /// false at the end of the stream.
    async fn next_into(&mut self, out: &mut Vec<u8>) -> Result<bool, WorkerFailure> {
        let detail = |d: &str| WorkerFailure::Unreadable { detail: d.to_string() };
        let promise = self.pending.take().ok_or_else(|| detail("read past its end"))?;
        let result = JsFuture::from(promise).await.map_err(unreadable)?;
        if Reflect::get(&result, &"done".into()).map_or(true, |d| d.is_truthy()) {
            return Ok(false);
        }
        let value =
            Reflect::get(&result, &"value".into()).ok().and_then(|v| v.dyn_into::<Uint8Array>().ok()).ok_or_else(|| detail("not bytes"))?;
        out.resize(value.length() as usize, 0);
        value.copy_to(out);
        // The bytes are in wasm memory: the buffer goes straight back.
        self.request(value.buffer());
        Ok(true)
    }

    /// Stops reading (the rest of the file is not wanted).
    fn cancel(&self) {
        let _ = match &self.kind {
            Kind::Byob(reader) => reader.cancel(),
            Kind::Default(reader) => reader.cancel(),
        };
    }
}
