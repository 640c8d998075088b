//! The checker's counts: requests, blank lines, findings reported once per
//! file, token sums, the histogram, and the capped store of diagnostics.
//! A pass fills one [`Tally`]; a parallel check merges the token passes'
//! tallies into the structural pass's with [`Tally::merge`]; `finish.rs`
//! turns the result into the report. Every sum is checked: an overflow is
//! remembered, never wrapped into a smaller number.

use super::estimate::Histogram;
use super::{Code, Diagnostic, Severity};
use std::collections::BTreeMap;

/// A sum of counts that remembers overflowing (its value then stays at
/// `u64::MAX`, never a smaller number).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Sum {
    value: u64,
    overflowed: bool,
}

impl Sum {
    pub fn add(&mut self, n: u64) {
        match self.value.checked_add(n) {
            Some(v) => self.value = v,
            None => {
                self.value = u64::MAX;
                self.overflowed = true;
            }
        }
    }

    /// `self + other`.
    pub fn plus(mut self, other: Sum) -> Sum {
        self.add(other.value);
        self.overflowed |= other.overflowed;
        self
    }

    /// The sum, or `u64::MAX` if it overflowed.
    pub fn saturated(self) -> u64 {
        self.value
    }

    /// The sum, if it is exact.
    pub fn exact(self) -> Option<u64> {
        (!self.overflowed).then_some(self.value)
    }
}

/// Findings reported once per file, at their first line, with a count.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Aggregate {
    pub first: Option<Diagnostic>,
    pub count: u64,
}

/// Which once-per-file finding a line adds to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Once {
    Crlf,
    UnsetCap,
}

/// How many findings of a code were found and kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Found {
    pub severity: Severity,
    pub count: u64,
    pub stored: u64,
}

/// The counts of one pass (or of several, merged).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    max_stored_per_code: u64,
    requests: u64,
    blank_lines: u64,
    crlf: Aggregate,
    unset_cap: Aggregate,
    prompt_tokens: Sum,
    output_tokens: Sum,
    max_line_prompt: u64,
    histogram: Histogram,
    cache_hits: u64,
    /// Image and tool tokens (estimates among them).
    #[serde(default)]
    media: super::MediaTally,
    diagnostics: Vec<Diagnostic>,
    /// Per code and severity: a code may be an error on one line and a
    /// warning on another (a documented rule beside an unconfirmed one).
    /// Sent between workers as a list (JSON keys are strings).
    #[serde(with = "counts_as_list")]
    counts: BTreeMap<(Code, Severity), Found>,
    /// Errors that fail the whole batch (see `stage.rs`).
    #[serde(default)]
    batch_errors: u64,
    /// Requests with an error that fails only them.
    #[serde(default)]
    failing_requests: u64,
}

/// [`Tally`]'s counts as a list of entries (a map keyed by a pair is no JSON object).
mod counts_as_list {
    use super::{Code, Found, Severity};
    use serde::{Deserialize, Deserializer, Serializer};
    use std::collections::BTreeMap;

    pub fn serialize<S: Serializer>(m: &BTreeMap<(Code, Severity), Found>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(m.iter().map(|(&(c, _), f)| (c, f)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<(Code, Severity), Found>, D::Error> {
        let list: Vec<(Code, Found)> = Vec::deserialize(d)?;
        Ok(list.into_iter().map(|(c, f)| ((c, f.severity), f)).collect())
    }
}

impl Tally {
    /// An empty tally that keeps at most `max_stored_per_code` diagnostics per code.
    pub fn new(max_stored_per_code: usize) -> Self {
        Tally {
            max_stored_per_code: max_stored_per_code as u64,
            requests: 0,
            blank_lines: 0,
            crlf: Aggregate::default(),
            unset_cap: Aggregate::default(),
            prompt_tokens: Sum::default(),
            output_tokens: Sum::default(),
            max_line_prompt: 0,
            histogram: Histogram::default(),
            cache_hits: 0,
            media: super::MediaTally::default(),
            diagnostics: Vec::new(),
            counts: BTreeMap::new(),
            batch_errors: 0,
            failing_requests: 0,
        }
    }

    /// One more request that fails on its own (its errors fail only it).
    pub(crate) fn add_failing_request(&mut self) {
        self.failing_requests = self.failing_requests.saturating_add(1);
    }

    pub(crate) fn failing_requests(&self) -> u64 {
        self.failing_requests
    }

    pub(crate) fn batch_errors(&self) -> u64 {
        self.batch_errors
    }

    /// Counts a finding and keeps it if its code has room left.
    pub(crate) fn record(&mut self, d: Diagnostic) {
        if d.severity == Severity::Error && d.stage() == super::Stage::Batch {
            self.batch_errors = self.batch_errors.saturating_add(1);
        }
        let cap = self.max_stored_per_code;
        let f = self.counts.entry((d.code, d.severity)).or_insert(Found { severity: d.severity, count: 0, stored: 0 });
        f.count = f.count.saturating_add(1);
        if f.stored < cap {
            f.stored += 1;
            self.diagnostics.push(d);
        }
    }

    /// Counts `n` more findings of a code whose diagnostics were not built.
    pub(crate) fn record_uncounted(&mut self, code: Code, severity: Severity, n: u64) {
        if n > 0 {
            if severity == Severity::Error && super::stage_of(code, None, severity).0 == super::Stage::Batch {
                self.batch_errors = self.batch_errors.saturating_add(n);
            }
            let f = self.counts.entry((code, severity)).or_insert(Found { severity, count: 0, stored: 0 });
            f.count = f.count.saturating_add(n);
        }
    }

    pub(crate) fn add_request(&mut self) {
        self.requests = self.requests.saturating_add(1);
    }

    pub(crate) fn add_blank_line(&mut self) {
        self.blank_lines = self.blank_lines.saturating_add(1);
    }

    /// One more line with a once-per-file finding; `first` makes the
    /// diagnostic for the first such line.
    pub(crate) fn once(&mut self, which: Once, first: impl FnOnce() -> Diagnostic) {
        let a = self.aggregate_mut(which);
        a.count = a.count.saturating_add(1);
        if a.first.is_none() {
            a.first = Some(first());
        }
    }

    fn aggregate_mut(&mut self, which: Once) -> &mut Aggregate {
        match which {
            Once::Crlf => &mut self.crlf,
            Once::UnsetCap => &mut self.unset_cap,
        }
    }

    /// Records a once-per-file finding with its message (given its count).
    pub(crate) fn close_once(&mut self, which: Once, message: impl FnOnce(u64) -> String) {
        let a = std::mem::take(self.aggregate_mut(which));
        if let Some(mut d) = a.first {
            d.message = message(a.count);
            self.record(d);
        }
    }

    pub(crate) fn add_output(&mut self, tokens: u64) {
        self.output_tokens.add(tokens);
    }

    /// The prompt tokens of one request.
    pub(crate) fn add_prompt(&mut self, tokens: u64) {
        self.prompt_tokens.add(tokens);
        self.max_line_prompt = self.max_line_prompt.max(tokens);
        self.histogram.add(tokens);
    }

    pub(crate) fn add_cache_hits(&mut self, hits: u64) {
        self.cache_hits = self.cache_hits.saturating_add(hits);
    }

    /// Adds the tally of a later part of the file, each of its diagnostics
    /// renumbered by `shift`. Parts merged in file order keep, per code, the
    /// same first diagnostics a single pass keeps.
    pub(crate) fn merge_with(&mut self, other: Tally, shift: impl Fn(Diagnostic) -> Diagnostic) {
        self.requests = self.requests.saturating_add(other.requests);
        self.blank_lines = self.blank_lines.saturating_add(other.blank_lines);
        self.batch_errors = self.batch_errors.saturating_add(other.batch_errors);
        self.failing_requests = self.failing_requests.saturating_add(other.failing_requests);
        for (mine, theirs) in [(&mut self.crlf, other.crlf), (&mut self.unset_cap, other.unset_cap)] {
            mine.count = mine.count.saturating_add(theirs.count);
            if mine.first.is_none() {
                mine.first = theirs.first.map(&shift);
            }
        }
        self.prompt_tokens = self.prompt_tokens.plus(other.prompt_tokens);
        self.output_tokens = self.output_tokens.plus(other.output_tokens);
        self.max_line_prompt = self.max_line_prompt.max(other.max_line_prompt);
        for (total, n) in self.histogram.counts.iter_mut().zip(&other.histogram.counts) {
            *total = total.saturating_add(*n);
        }
        self.cache_hits = self.cache_hits.saturating_add(other.cache_hits);
        self.media.merge(&other.media);
        for (key, f) in &other.counts {
            let mine = self.counts.entry(*key).or_insert(Found { severity: f.severity, count: 0, stored: 0 });
            mine.count = mine.count.saturating_add(f.count);
        }
        let cap = self.max_stored_per_code;
        for d in other.diagnostics {
            let Some(f) = self.counts.get_mut(&(d.code, d.severity)) else { continue };
            if f.stored < cap {
                f.stored += 1;
                self.diagnostics.push(shift(d));
            }
        }
    }

    pub fn requests(&self) -> u64 {
        self.requests
    }

    pub fn blank_lines(&self) -> u64 {
        self.blank_lines
    }

    pub fn prompt_tokens(&self) -> Sum {
        self.prompt_tokens
    }

    pub fn output_tokens(&self) -> Sum {
        self.output_tokens
    }

    pub fn max_line_prompt(&self) -> u64 {
        self.max_line_prompt
    }

    pub fn histogram(&self) -> &Histogram {
        &self.histogram
    }

    pub fn media(&self) -> &super::MediaTally {
        &self.media
    }

    pub(crate) fn media_mut(&mut self) -> &mut super::MediaTally {
        &mut self.media
    }

    pub fn cache_hits(&self) -> u64 {
        self.cache_hits
    }

    /// Every code found (per severity), with its counts.
    pub(crate) fn counts(&self) -> impl Iterator<Item = (Code, Found)> + '_ {
        self.counts.iter().map(|(&(c, _), &f)| (c, f))
    }

    /// The kept diagnostics, in the order recorded.
    pub(crate) fn diagnostics_mut(&mut self) -> &mut Vec<Diagnostic> {
        &mut self.diagnostics
    }

    /// Counts `n` more findings of a code whose diagnostics are added with
    /// [`Self::diagnostics_mut`] (kept or not by a later merge's cap).
    pub(crate) fn add_found(&mut self, code: Code, severity: Severity, n: u64) {
        self.record_uncounted(code, severity, n);
    }

    /// The kept diagnostics (taken out).
    pub(crate) fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(line: u64, code: Code) -> Diagnostic {
        Diagnostic { line, ..Diagnostic::file(code, Severity::Warning, String::new()) }
    }

    #[test]
    fn sums_overflow_to_a_flag_not_a_smaller_number() {
        let mut s = Sum::default();
        s.add(u64::MAX);
        assert_eq!(s.exact(), Some(u64::MAX));
        s.add(7);
        assert_eq!((s.exact(), s.saturated()), (None, u64::MAX));
        assert_eq!(Sum::default().plus(s).exact(), None);
    }

    #[test]
    fn merging_parts_keeps_the_first_diagnostics_per_code() {
        let mut whole = Tally::new(2);
        let (mut a, mut b) = (Tally::new(2), Tally::new(2));
        for line in 1..=3 {
            whole.record(d(line, Code::BlankLine));
            a.record(d(line, Code::BlankLine));
        }
        for line in 1..=2 {
            whole.record(d(line + 3, Code::LineTooLong));
            b.record(d(line, Code::LineTooLong));
            b.record(d(line, Code::BlankLine));
            whole.record(d(line + 3, Code::BlankLine));
        }
        b.add_prompt(u64::MAX);
        a.add_prompt(1);
        a.merge_with(b, |mut d| {
            d.line += 3;
            d
        });
        assert_eq!(a.counts().collect::<Vec<_>>(), whole.counts().collect::<Vec<_>>());
        let mut got = a.take_diagnostics();
        let mut want = whole.take_diagnostics();
        got.sort_by_key(|d| (d.line, d.code));
        want.sort_by_key(|d| (d.line, d.code));
        assert_eq!(got, want);
        assert_eq!(a.prompt_tokens.exact(), None);
        assert_eq!(a.max_line_prompt, u64::MAX);
    }
}
