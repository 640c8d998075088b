//! The streaming join: feed the output, error and input files as chunks of
//! bytes, in any order and interleaved as you like, then `finish`.
//! Lines may be split across chunks. Result lines join on `custom_id`.
//!
//! Memory per custom_id: its outcome, usage, model and metadata, and for
//! input lines only the byte offset and length (see [`super::retry`]).
//! Codes, messages and models are held once each ([`Strings`]: an error
//! file of 2 M ids repeats a handful), the input's part only when there is
//! an input line.

use super::detect::misplaced_files;
use super::line::{parse_input_line, parse_result_line, LineProblem};
use super::outcome::{classify, Classified, Outcome};
use super::report::*;
use super::retry::{RetryEntry, RetryPlan};
use super::usage::Usage;
use super::FileKind;
use crate::io::{is_blank, Line, LineSplitter, RawLine, MAX_DIAGNOSTICS, MAX_LINE_BYTES};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

#[derive(Clone, Debug)]
struct InputRef {
    line: u64,
    offset: u64,
    len: u64,
    model: Option<Arc<str>>,
    metadata: BTreeMap<String, String>,
}

#[derive(Clone, Debug)]
struct ResultRef {
    at: LineRef,
    outcome: Outcome,
    code: Option<Arc<str>>,
    message: Option<Arc<str>>,
    model: Option<Arc<str>>,
}

#[derive(Clone, Debug, Default)]
struct Entry {
    /// Boxed: a result file without its input needs no room for it.
    input: Option<Box<InputRef>>,
    result: Option<ResultRef>,
    usage: Usage,
    result_lines: u32,
}

/// Distinct strings held once (codes, messages, models). Bounded: past
/// [`Strings::MAX`] distinct ones, a string is kept as its own copy.
#[derive(Clone, Debug, Default)]
struct Strings(HashSet<Arc<str>>);

impl Strings {
    const MAX: usize = 1 << 16;

    fn get(&mut self, s: Option<String>) -> Option<Arc<str>> {
        let s = s?;
        if let Some(held) = self.0.get(s.as_str()) {
            return Some(held.clone());
        }
        let new: Arc<str> = Arc::from(s);
        if self.0.len() < Self::MAX {
            self.0.insert(new.clone());
        }
        Some(new)
    }
}

#[derive(Clone, Debug)]
struct FileState {
    splitter: LineSplitter,
    stats: FileStats,
    /// Lines of the other file kind (input lines in a result file or the reverse).
    foreign_lines: u64,
    /// The first bytes of the file, to recognise what it is.
    sample: Vec<u8>,
}

impl Default for FileState {
    fn default() -> Self {
        FileState { splitter: LineSplitter::with_limit(MAX_LINE_BYTES), stats: FileStats::default(), foreign_lines: 0, sample: Vec::new() }
    }
}

/// Joins the files; see the module documentation.
#[derive(Clone, Debug, Default)]
pub struct ResultsJoiner {
    output: FileState,
    errors: FileState,
    input: FileState,
    entries: HashMap<String, Entry>,
    strings: Strings,
    diagnostics: Vec<Diagnostic>,
    diagnostics_dropped: u64,
    usage_overflows: u64,
}

/// Which result wins when a custom_id has several result lines: a result
/// (the model answered) beats a failure; then the output file beats the
/// error file; then the earlier line. The same files give the same answer
/// whatever order they are fed in.
fn rank(r: &ResultRef) -> (u8, u8, u64) {
    let class = if r.outcome.is_result() { 0 } else { 1 };
    let file = if r.at.file == FileKind::Output { 0 } else { 1 };
    (class, file, r.at.line)
}

impl ResultsJoiner {
    pub fn new() -> Self {
        Self::default()
    }

    /// The next chunk of the output file. An empty chunk marks the file as given.
    pub fn feed_output(&mut self, chunk: &[u8]) {
        self.feed(FileKind::Output, chunk, false);
    }

    /// The next chunk of the error file. An empty chunk marks the file as given.
    pub fn feed_errors(&mut self, chunk: &[u8]) {
        self.feed(FileKind::Errors, chunk, false);
    }

    /// The next chunk of the input file. An empty chunk marks the file as given.
    pub fn feed_input(&mut self, chunk: &[u8]) {
        self.feed(FileKind::Input, chunk, false);
    }

    /// Bytes and lines read so far, for a progress bar.
    pub fn progress(&self, file: FileKind) -> (u64, u64) {
        let s = match file {
            FileKind::Output => &self.output,
            FileKind::Errors => &self.errors,
            FileKind::Input => &self.input,
            FileKind::Job => return (0, 0),
        };
        (s.splitter.bytes_read(), s.splitter.lines_read())
    }

    fn state(&mut self, file: FileKind) -> &mut FileState {
        match file {
            FileKind::Output => &mut self.output,
            FileKind::Errors => &mut self.errors,
            _ => &mut self.input,
        }
    }

    fn feed(&mut self, file: FileKind, chunk: &[u8], last: bool) {
        let state = self.state(file);
        state.stats.present = true;
        let room = super::detect::SAMPLE_BYTES.saturating_sub(state.sample.len());
        state.sample.extend_from_slice(&chunk[..room.min(chunk.len())]);
        let mut splitter = std::mem::take(&mut state.splitter);
        let mut on_line = |l: Line<'_>| match l {
            Line::Line(raw) => self.line(file, raw),
            Line::TooLong(long) => {
                self.unreadable(file, long.number, LineProblem::TooLong { bytes: long.len, limit: MAX_LINE_BYTES as u64 })
            }
            Line::Bom => {}
        };
        if last {
            splitter.finish_lines(&mut on_line);
        } else {
            splitter.feed_lines(chunk, &mut on_line);
        }
        let state = self.state(file);
        state.stats.bytes = splitter.bytes_read();
        state.stats.lines = splitter.lines_read();
        state.splitter = splitter;
    }

    fn diag(&mut self, file: FileKind, line: u64, problem: Problem) {
        if self.diagnostics.len() < MAX_DIAGNOSTICS {
            self.diagnostics.push(Diagnostic { file, line, problem });
        } else {
            self.diagnostics_dropped += 1;
        }
    }

    fn line(&mut self, file: FileKind, l: RawLine<'_>) {
        if is_blank(l.bytes) {
            self.state(file).stats.blank_lines += 1;
            return;
        }
        if file == FileKind::Input {
            self.input_line(l)
        } else {
            self.result_line(file, l)
        }
    }

    fn unreadable(&mut self, file: FileKind, line: u64, p: LineProblem) {
        let state = self.state(file);
        state.stats.unreadable_lines += 1;
        if matches!(p, LineProblem::InputLineInResultFile | LineProblem::ResultLineInInputFile) {
            state.foreign_lines += 1;
        }
        self.diag(file, line, Problem::Unreadable(p));
    }

    fn result_line(&mut self, file: FileKind, l: RawLine<'_>) {
        let parsed = match parse_result_line(l.bytes) {
            Ok(p) => p,
            Err(p) => return self.unreadable(file, l.number, p),
        };
        let Classified { outcome, code, message } = classify(&parsed);
        let new = ResultRef {
            at: LineRef { file, line: l.number },
            outcome,
            code: self.strings.get(code),
            message: self.strings.get(message),
            model: self.strings.get(parsed.model),
        };
        let entry = self.entries.entry(parsed.custom_id.clone()).or_default();
        let exact = entry.usage.try_add(&parsed.usage);
        entry.result_lines = entry.result_lines.saturating_add(1);
        if !exact {
            self.usage_overflows += 1;
            self.diag(file, l.number, Problem::UsageOverflow { custom_id: Some(parsed.custom_id.clone()) });
        }
        let entry = self.entries.entry(parsed.custom_id.clone()).or_default();
        let first = match &entry.result {
            None => {
                entry.result = Some(new);
                return;
            }
            Some(old) => old.at,
        };
        let keep_new = entry.result.as_ref().is_some_and(|old| rank(&new) < rank(old));
        let later = if keep_new { first } else { new.at };
        let earlier = if keep_new { new.at } else { first };
        if keep_new {
            entry.result = Some(new);
        }
        self.diag(later.file, later.line, Problem::DuplicateResult { custom_id: parsed.custom_id, first: earlier });
    }

    fn input_line(&mut self, l: RawLine<'_>) {
        let parsed = match parse_input_line(l.bytes) {
            Ok(p) => p,
            Err(p) => return self.unreadable(FileKind::Input, l.number, p),
        };
        let entry = self.entries.entry(parsed.custom_id.clone()).or_default();
        if let Some(first) = &entry.input {
            let first_line = first.line;
            return self.diag(FileKind::Input, l.number, Problem::DuplicateInput { custom_id: parsed.custom_id, first_line });
        }
        let model = self.strings.get(parsed.model);
        let entry = self.entries.entry(parsed.custom_id).or_default();
        entry.input =
            Some(Box::new(InputRef { line: l.number, offset: l.offset, len: l.bytes.len() as u64, model, metadata: parsed.metadata }));
    }

    /// Ends every file and builds the report.
    pub fn finish(mut self) -> ResultsReport {
        for file in [FileKind::Output, FileKind::Errors, FileKind::Input] {
            if self.state(file).stats.present {
                self.feed(file, &[], true);
                if self.state(file).splitter.had_bom() {
                    self.diag(file, 1, Problem::ByteOrderMark);
                }
            }
        }
        let have_input = self.input.stats.present;
        let mut summary = Summary::default();
        let mut total_usage = Usage::default();
        let mut by_model: BTreeMap<Option<Arc<str>>, (u64, Usage)> = BTreeMap::new();
        let mut rows: Vec<RequestRow> = Vec::with_capacity(self.entries.len());
        let mut retry = RetryPlan::default();
        let mut sum_overflowed = false;
        let answered_as = answered_as(&self.entries);
        for (custom_id, e) in std::mem::take(&mut self.entries) {
            let Some((row, input, carries_model)) = make_row(custom_id, e, have_input, &answered_as) else { continue };
            summary.add(row.outcome);
            summary.unexpected += u64::from(row.unexpected);
            summary.duplicates += u64::from(row.result_lines.saturating_sub(1));
            // A model's row counts the requests its lines carry: one with
            // no answer of the model (an error without a body, a missing
            // one, zero tokens) is in the row without a model, so a row's
            // requests are the ones priced in it.
            let carried = if row.usage.is_zero() && !carries_model { None } else { row.model.clone() };
            let slot = by_model.entry(carried).or_default();
            slot.0 += 1;
            if !total_usage.try_add(&row.usage) | !slot.1.try_add(&row.usage) {
                sum_overflowed = true;
            }
            if row.outcome.is_retryable() {
                match input {
                    Some(i) => retry.entries.push(RetryEntry {
                        custom_id: row.custom_id.clone(),
                        outcome: row.outcome,
                        input_line: i.line,
                        offset: i.offset,
                        len: i.len,
                    }),
                    None => retry.without_input.push(row.custom_id.clone()),
                }
            }
            rows.push(row);
        }
        rows.sort_by(|a, b| {
            (a.input_line.is_none(), a.input_line, &a.custom_id).cmp(&(b.input_line.is_none(), b.input_line, &b.custom_id))
        });
        if sum_overflowed {
            self.usage_overflows += 1;
            self.diag(FileKind::Output, 0, Problem::UsageOverflow { custom_id: None });
        }
        summary.usage_overflows = self.usage_overflows;
        retry.entries.sort_by_key(|e| e.offset);
        retry.without_input.sort();
        summary.unreadable_lines =
            self.output.stats.unreadable_lines + self.errors.stats.unreadable_lines + self.input.stats.unreadable_lines;
        let not_retried = rows
            .iter()
            .filter(|r| r.outcome.is_never_retried_failure())
            .map(|r| NotRetried { custom_id: r.custom_id.clone(), outcome: r.outcome, code: r.code.clone(), message: r.message.clone() })
            .collect();
        let misplaced = misplaced_files(&[
            (FileKind::Output, self.output.stats, self.output.foreign_lines, &self.output.sample),
            (FileKind::Errors, self.errors.stats, self.errors.foreign_lines, &self.errors.sample),
            (FileKind::Input, self.input.stats, self.input.foreign_lines, &self.input.sample),
        ]);
        ResultsReport {
            summary,
            rows,
            total_usage,
            usage_by_model: by_model
                .into_iter()
                .map(|(model, (requests, usage))| ModelUsage { model: model.map(|m| m.to_string()), requests, usage })
                .collect(),
            retry,
            not_retried,
            output: self.output.stats,
            errors: self.errors.stats,
            input: self.input.stats,
            misplaced,
            diagnostics: self.diagnostics,
            diagnostics_dropped: self.diagnostics_dropped,
        }
    }
}

/// The model the output reports for each input `body.model` (often a
/// deployment name such as `gpt-4o-mini-batch`), where the responses name
/// exactly one (`gpt-4o-mini-2024-07-18`); a name two models answered for
/// is left out: nothing says which one a request without an answer had.
fn answered_as(entries: &HashMap<String, Entry>) -> HashMap<Arc<str>, Arc<str>> {
    let mut seen: HashMap<&str, Option<&str>> = HashMap::new();
    for e in entries.values() {
        let (Some(asked), Some(answered)) =
            (e.input.as_ref().and_then(|i| i.model.as_deref()), e.result.as_ref().and_then(|r| r.model.as_deref()))
        else {
            continue;
        };
        seen.entry(asked).and_modify(|m| *m = m.filter(|m| *m == answered)).or_insert(Some(answered));
    }
    seen.into_iter().filter_map(|(asked, answered)| Some((Arc::from(asked), Arc::from(answered?)))).collect()
}

/// One row per custom_id, and whether its result line names the model;
/// `None` for an entry with neither an input line nor a result (cannot
/// happen, kept total).
fn make_row(
    custom_id: String,
    e: Entry,
    have_input: bool,
    answered_as: &HashMap<Arc<str>, Arc<str>>,
) -> Option<(RequestRow, Option<Box<InputRef>>, bool)> {
    let (outcome, code, message, result_at, result_model) = match e.result {
        Some(r) => (r.outcome, r.code, r.message, Some(r.at), r.model),
        None if e.input.is_some() => (Outcome::Missing, None, None, None, None),
        None => return None,
    };
    let (input_line, input_model, metadata) = match &e.input {
        Some(i) => (Some(i.line), i.model.clone(), i.metadata.clone()),
        None => (None, None, BTreeMap::new()),
    };
    let carries_model = result_model.is_some();
    let row = RequestRow {
        custom_id,
        outcome,
        code,
        message,
        unexpected: have_input && e.input.is_none(),
        result_lines: e.result_lines,
        result_at,
        input_line,
        // No model in its result: the one the output reports for the input's name.
        model: result_model.or_else(|| input_model.map(|m| answered_as.get(&m).cloned().unwrap_or(m))),
        usage: e.usage,
        metadata,
    };
    Some((row, e.input, carries_model))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_messages_and_models_are_held_once_for_every_id() {
        let mut j = ResultsJoiner::new();
        let mut errors = String::new();
        for i in 0..1_000 {
            errors.push_str(&format!(
                "{{\"custom_id\":\"r{i}\",\"error\":{{\"code\":\"batch_expired\",\"message\":\"This request could not be executed before the completion window expired.\"}}}}\n"
            ));
        }
        j.feed_errors(errors.as_bytes());
        let r = j.finish();
        assert_eq!(r.rows.len(), 1_000);
        let first = &r.rows[0];
        for row in &r.rows[1..] {
            assert!(Arc::ptr_eq(row.code.as_ref().unwrap(), first.code.as_ref().unwrap()), "one code for all rows");
            assert!(Arc::ptr_eq(row.message.as_ref().unwrap(), first.message.as_ref().unwrap()), "one message for all rows");
        }
        assert_eq!(first.code.as_deref(), Some("batch_expired"));
        // Without an input file no input part is held.
        assert_eq!(std::mem::size_of::<Option<Box<InputRef>>>(), std::mem::size_of::<usize>());
    }
}
