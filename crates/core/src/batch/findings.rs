//! The findings of one line, capped by construction: at most `cap`
//! diagnostics per code and `cap` in all are built and kept; the rest are
//! only counted (the report's counts stay exact).

use super::tally::Tally;
use super::{Code, Diagnostic, Severity};

#[derive(Debug)]
pub struct Findings {
    list: Vec<Diagnostic>,
    cap: usize,
    /// Diagnostics kept per code (few codes per line: a short list).
    kept: Vec<(Code, usize)>,
    /// Findings counted but not kept, per code and severity.
    unlisted: Vec<(Code, Severity, u64)>,
}

impl Findings {
    /// At most `cap` diagnostics per code and in all (at least 1).
    pub fn new(cap: usize) -> Self {
        Findings { list: Vec::new(), cap: cap.max(1), kept: Vec::new(), unlisted: Vec::new() }
    }

    /// Whether a diagnostic of `code` would be kept (else build none: call
    /// [`Self::count`]).
    pub fn has_room(&self, code: Code) -> bool {
        self.list.len() < self.cap && self.kept.iter().find(|(c, _)| *c == code).is_none_or(|&(_, n)| n < self.cap)
    }

    /// Whether no more diagnostics are kept (of any code).
    pub(crate) fn is_full(&self) -> bool {
        self.list.len() >= self.cap
    }

    pub fn push(&mut self, d: Diagnostic) {
        if !self.has_room(d.code) {
            return self.count(d.code, d.severity);
        }
        match self.kept.iter_mut().find(|(c, _)| *c == d.code) {
            Some((_, n)) => *n += 1,
            None => self.kept.push((d.code, 1)),
        }
        self.list.push(d);
    }

    /// Counts a finding without keeping it.
    pub fn count(&mut self, code: Code, severity: Severity) {
        match self.unlisted.iter_mut().find(|(c, s, _)| *c == code && *s == severity) {
            Some((_, _, n)) => *n = n.saturating_add(1),
            None => self.unlisted.push((code, severity, 1)),
        }
    }

    /// Forgets this line's findings about its body (`body…` params, and
    /// the request validation codes counted without being kept).
    pub(crate) fn drop_body_findings(&mut self) {
        self.list.retain(|d| !d.param.as_deref().is_some_and(|p| p == "body" || p.starts_with("body.")));
        self.unlisted.retain(|(c, _, _)| !c.is_request_validation());
        self.kept.clear();
        for d in &self.list {
            match self.kept.iter_mut().find(|(c, _)| *c == d.code) {
                Some((_, n)) => *n += 1,
                None => self.kept.push((d.code, 1)),
            }
        }
    }

    /// The kept diagnostics.
    pub fn list(&self) -> &[Diagnostic] {
        &self.list
    }

    pub fn first_mut(&mut self) -> Option<&mut Diagnostic> {
        self.list.first_mut()
    }

    /// How many findings of `code` were found (kept or not).
    pub fn found(&self, code: Code) -> u64 {
        let kept = self.kept.iter().find(|(c, _)| *c == code).map_or(0, |&(_, n)| n as u64);
        self.unlisted.iter().filter(|(c, _, _)| *c == code).fold(kept, |a, &(_, _, n)| a.saturating_add(n))
    }

    pub fn clear(&mut self) {
        self.list.clear();
        self.kept.clear();
        self.unlisted.clear();
    }

    /// Moves everything into a tally and empties `self`.
    pub(crate) fn drain_into(&mut self, tally: &mut Tally) {
        for d in self.list.drain(..) {
            tally.record(d);
        }
        for (code, severity, n) in self.unlisted.drain(..) {
            tally.record_uncounted(code, severity, n);
        }
        self.kept.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_at_most_cap_per_code_and_in_all_and_counts_the_rest() {
        let mut f = Findings::new(2);
        for _ in 0..5 {
            f.push(Diagnostic::file(Code::InvalidRequest, Severity::Error, String::new()));
        }
        f.push(Diagnostic::file(Code::BlankLine, Severity::Warning, String::new()));
        assert_eq!(f.list().len(), 2);
        assert_eq!((f.found(Code::InvalidRequest), f.found(Code::BlankLine)), (5, 1));
        let mut t = Tally::new(10);
        f.drain_into(&mut t);
        let counts: Vec<_> = t.counts().map(|(c, k)| (c, k.count, k.stored)).collect();
        assert_eq!(counts, [(Code::InvalidRequest, 5, 2), (Code::BlankLine, 1, 0)]);
    }
}
