//! The retry file: the ORIGINAL input lines of the requests whose outcome is
//! retryable (rate_limited, server_error, batch_expired, batch_cancelled,
//! request_timeout, missing), custom_ids unchanged, in input order, each
//! ending with `\n`, no blank lines, no BOM.
//!
//! Memory: the join keeps only each input line's byte offset and length
//! (plus its custom_id), not its text. The retry file is then cut out of
//! the input in a second pass: [`RetryExtractor`] takes the input again as
//! chunks (the browser reads the Blob once more; the CLI re-reads the file)
//! and returns the bytes of the retry file. Each extracted line is checked
//! to still carry the expected custom_id, so an input changed in between is
//! caught rather than producing a wrong file.

use super::outcome::Outcome;

/// One input line to copy.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RetryEntry {
    pub custom_id: String,
    pub outcome: Outcome,
    pub input_line: u64,
    /// Byte offset of the line in the input file (after a BOM).
    pub offset: u64,
    /// Length without the line terminator.
    pub len: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RetryPlan {
    /// In input order (ascending offsets).
    pub entries: Vec<RetryEntry>,
    /// Retryable custom_ids whose input line is unknown (no input file
    /// given): they cannot go into the retry file until the input is added.
    pub without_input: Vec<String>,
}

impl RetryPlan {
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RetryError {
    /// The input ended before this line's bytes: it is not the file that was joined.
    InputTooShort { input_line: u64 },
    /// The line at this place no longer carries the expected custom_id.
    InputChanged { input_line: u64, custom_id: String },
}

impl std::fmt::Display for RetryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RetryError::InputTooShort { input_line } => write!(f, "the input file ends before line {input_line}"),
            RetryError::InputChanged { input_line, custom_id } => {
                write!(f, "line {input_line} of the input no longer holds {custom_id:?}: the file changed since the join")
            }
        }
    }
}

impl std::error::Error for RetryError {}

/// Cuts the retry lines out of the input file given again as chunks.
#[derive(Clone, Debug)]
pub struct RetryExtractor {
    entries: Vec<RetryEntry>,
    next: usize,
    pos: u64,
    current: Vec<u8>,
    error: Option<RetryError>,
}

impl RetryExtractor {
    pub fn new(plan: &RetryPlan) -> Self {
        let mut entries = plan.entries.clone();
        entries.sort_by_key(|e| e.offset);
        Self { entries, next: 0, pos: 0, current: Vec::new(), error: None }
    }

    /// Takes the next chunk of the input file; returns retry-file bytes
    /// completed by it (whole lines with their `\n`).
    pub fn feed(&mut self, chunk: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let chunk_start = self.pos;
        let chunk_end = chunk_start + chunk.len() as u64;
        while self.error.is_none() {
            let Some(e) = self.entries.get(self.next) else { break };
            if e.offset >= chunk_end {
                break;
            }
            let line_end = e.offset + e.len;
            let from = e.offset.max(chunk_start);
            let to = line_end.min(chunk_end);
            if to > from {
                self.current.extend_from_slice(&chunk[(from - chunk_start) as usize..(to - chunk_start) as usize]);
            }
            if line_end > chunk_end {
                break;
            }
            self.finish_line(&mut out);
        }
        self.pos = chunk_end;
        out
    }

    fn finish_line(&mut self, out: &mut Vec<u8>) {
        let e = &self.entries[self.next];
        let line = std::mem::take(&mut self.current);
        let id_ok = serde_json::from_slice::<serde_json::Value>(&line)
            .ok()
            .and_then(|v| v.get("custom_id").and_then(|c| c.as_str()).map(|c| c == e.custom_id))
            .unwrap_or(false);
        if !id_ok {
            self.error = Some(RetryError::InputChanged { input_line: e.input_line, custom_id: e.custom_id.clone() });
            return;
        }
        out.extend_from_slice(&line);
        out.push(b'\n');
        self.next += 1;
    }

    /// Call after the last chunk: an error if the input was not the same file.
    pub fn finish(self) -> Result<(), RetryError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        match self.entries.get(self.next) {
            Some(e) => Err(RetryError::InputTooShort { input_line: e.input_line }),
            None => Ok(()),
        }
    }
}

/// The whole retry file from the whole input file in memory.
pub fn build_retry_file(input: &[u8], plan: &RetryPlan) -> Result<Vec<u8>, RetryError> {
    let mut x = RetryExtractor::new(plan);
    let out = x.feed(input);
    x.finish()?;
    Ok(out)
}
