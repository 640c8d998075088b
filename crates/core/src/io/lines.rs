//! Splits a file that arrives as chunks of bytes into lines. A line may be
//! split across chunks; `\n` and `\r\n` both end a line; a UTF-8 byte order
//! mark at the very start of the file is skipped and reported. Each line
//! carries its 1-based number and the byte offset and length of its content
//! (without the terminator), so that a later pass can copy exactly those
//! bytes out of the original file.
//!
//! Memory is bounded: a line longer than the splitter's limit is not kept;
//! it is reported as [`Line::TooLong`] (number, offset, length) once its end
//! is reached, and its bytes are skipped without being buffered.

/// The UTF-8 byte order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One line of a file, without its line terminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawLine<'a> {
    /// 1-based line number.
    pub number: u64,
    /// Byte offset of the line's first byte in the file (after a BOM).
    pub offset: u64,
    /// The line without `\n` and without one `\r` before it.
    pub bytes: &'a [u8],
    /// Whether the line ended with `\r\n` (the `\r` is not in `bytes`).
    pub crlf: bool,
}

/// A line over the limit: where it is and how long it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LongLine {
    pub number: u64,
    pub offset: u64,
    /// Bytes of the line without its `\n` (a `\r` included).
    pub len: u64,
}

/// What the splitter hands over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// The file starts with a UTF-8 byte order mark (sent before line 1).
    Bom,
    Line(RawLine<'a>),
    TooLong(LongLine),
}

/// Streaming line splitter: `feed` chunks in file order, then `finish`.
#[derive(Clone, Debug)]
pub struct LineSplitter {
    /// The start of the current line, when it began in an earlier chunk.
    buf: Vec<u8>,
    /// Bytes of the current line seen so far, when it is over the limit.
    skipping: Option<u64>,
    /// File offset of the current line's first byte.
    line_offset: u64,
    next_number: u64,
    bom_checked: bool,
    had_bom: bool,
    bytes_read: u64,
    max_line_bytes: usize,
}

impl Default for LineSplitter {
    fn default() -> Self {
        Self::with_limit(usize::MAX)
    }
}

impl LineSplitter {
    /// A splitter without a line-length limit (the caller bounds its input).
    pub fn new() -> Self {
        Self::default()
    }

    /// A splitter that reports lines longer than `max_line_bytes` (without
    /// the terminator) as [`Line::TooLong`] instead of keeping them.
    pub fn with_limit(max_line_bytes: usize) -> Self {
        LineSplitter {
            buf: Vec::new(),
            skipping: None,
            line_offset: 0,
            next_number: 0,
            bom_checked: false,
            had_bom: false,
            bytes_read: 0,
            max_line_bytes,
        }
    }

    /// A splitter for a range of a file that starts at byte `offset`, at the
    /// start of a line (no BOM is looked for).
    pub fn starting_at(offset: u64, max_line_bytes: usize) -> Self {
        LineSplitter { line_offset: offset, bom_checked: true, ..Self::with_limit(max_line_bytes) }
    }

    /// Whether the file started with a UTF-8 byte order mark.
    pub fn had_bom(&self) -> bool {
        self.had_bom
    }

    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    pub fn lines_read(&self) -> u64 {
        self.next_number
    }

    /// Feeds the next chunk; calls `on_line` for every line it completes.
    /// Lines over the limit are dropped (see [`Self::feed_lines`] to see them).
    pub fn feed(&mut self, chunk: &[u8], mut on_line: impl FnMut(RawLine<'_>)) {
        self.feed_lines(chunk, |l| {
            if let Line::Line(l) = l {
                on_line(l)
            }
        });
    }

    /// Emits the last line if the file does not end with a newline.
    pub fn finish(&mut self, mut on_line: impl FnMut(RawLine<'_>)) {
        self.finish_lines(|l| {
            if let Line::Line(l) = l {
                on_line(l)
            }
        });
    }

    /// Feeds the next chunk; calls `on_line` for every line it completes,
    /// including those over the limit.
    pub fn feed_lines(&mut self, chunk: &[u8], mut on_line: impl FnMut(Line<'_>)) {
        self.bytes_read += chunk.len() as u64;
        let mut rest = chunk;
        if !self.bom_checked {
            let seen = self.buf.len() + rest.len();
            let head: Vec<u8> = self.buf.iter().chain(rest).take(BOM.len()).copied().collect();
            if seen < BOM.len() && BOM.starts_with(&head) {
                self.buf.extend_from_slice(rest);
                return; // could still become a BOM
            }
            self.bom_checked = true;
            if head == BOM {
                self.had_bom = true;
                rest = &rest[BOM.len() - self.buf.len()..];
                self.buf.clear();
                self.line_offset = BOM.len() as u64;
                on_line(Line::Bom);
            }
        }
        while let Some(pos) = memchr(rest) {
            let part = &rest[..pos];
            if let Some(skipped) = self.skipping.take() {
                self.long(skipped + pos as u64, &mut on_line);
            } else if self.buf.is_empty() {
                self.emit(part, &mut on_line);
            } else if self.buf.len() + part.len() > self.max_line_bytes {
                let len = (self.buf.len() + part.len()) as u64;
                self.buf = Vec::new();
                self.long(len, &mut on_line);
            } else {
                let mut whole = std::mem::take(&mut self.buf);
                whole.extend_from_slice(part);
                self.emit(&whole, &mut on_line);
                whole.clear();
                self.buf = whole;
            }
            rest = &rest[pos + 1..];
        }
        match &mut self.skipping {
            Some(skipped) => *skipped += rest.len() as u64,
            None if self.buf.len() + rest.len() > self.max_line_bytes => {
                self.skipping = Some((self.buf.len() + rest.len()) as u64);
                self.buf = Vec::new();
            }
            None => self.buf.extend_from_slice(rest),
        }
    }

    /// Ends the file: emits the last line if it does not end with a newline.
    pub fn finish_lines(&mut self, mut on_line: impl FnMut(Line<'_>)) {
        self.bom_checked = true;
        if let Some(skipped) = self.skipping.take() {
            self.long(skipped, &mut on_line);
        } else if !self.buf.is_empty() {
            let last = std::mem::take(&mut self.buf);
            self.emit(&last, &mut on_line);
        }
    }

    fn emit(&mut self, line: &[u8], on_line: &mut impl FnMut(Line<'_>)) {
        if line.len() > self.max_line_bytes {
            return self.long(line.len() as u64, on_line);
        }
        self.next_number += 1;
        let offset = self.line_offset;
        self.line_offset += line.len() as u64 + 1;
        let (bytes, crlf) = match line.strip_suffix(b"\r") {
            Some(b) => (b, true),
            None => (line, false),
        };
        on_line(Line::Line(RawLine { number: self.next_number, offset, bytes, crlf }));
    }

    fn long(&mut self, len: u64, on_line: &mut impl FnMut(Line<'_>)) {
        self.next_number += 1;
        let offset = self.line_offset;
        self.line_offset += len + 1;
        on_line(Line::TooLong(LongLine { number: self.next_number, offset, len }));
    }
}

fn memchr(b: &[u8]) -> Option<usize> {
    memchr::memchr(b'\n', b)
}

/// Whether a line holds only spaces and tabs (a blank line).
pub fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t'))
}

#[cfg(test)]
mod tests {
    use super::*;

    type Got = Vec<(u64, u64, String)>;

    fn split_with(chunks: &[&[u8]], limit: usize) -> (Got, Vec<LongLine>, bool) {
        let mut s = LineSplitter::with_limit(limit);
        let (mut out, mut long) = (Vec::new(), Vec::new());
        let mut on = |l: Line<'_>| match l {
            Line::Line(l) => out.push((l.number, l.offset, String::from_utf8_lossy(l.bytes).into_owned())),
            Line::TooLong(l) => long.push(l),
            Line::Bom => out.push((0, 0, "BOM".into())),
        };
        for c in chunks {
            s.feed_lines(c, &mut on);
        }
        s.finish_lines(&mut on);
        (out, long, s.had_bom())
    }

    fn split(chunks: &[&[u8]]) -> (Got, bool) {
        let (mut out, long, bom) = split_with(chunks, usize::MAX);
        assert_eq!(out.first() == Some(&(0, 0, "BOM".into())), bom);
        out.retain(|l| l.0 > 0);
        assert!(long.is_empty());
        (out, bom)
    }

    #[test]
    fn lines_split_across_chunks_keep_offsets() {
        let (lines, bom) = split(&[b"ab", b"c\nde", b"f\r\n", b"g"]);
        assert!(!bom);
        assert_eq!(lines, vec![(1, 0, "abc".into()), (2, 4, "def".into()), (3, 9, "g".into())]);
    }

    #[test]
    fn bom_split_over_chunks_is_skipped() {
        let (lines, bom) = split(&[b"\xEF", b"\xBB\xBFx\ny\n"]);
        assert!(bom);
        assert_eq!(lines, vec![(1, 3, "x".into()), (2, 5, "y".into())]);
        let (lines, bom) = split(&[b"\xEF", b"\xBB", b"x\n"]);
        assert!(!bom);
        assert_eq!(lines, vec![(1, 0, String::from_utf8_lossy(b"\xEF\xBBx").into_owned())]);
    }

    #[test]
    fn offsets_address_the_original_bytes() {
        let file = b"\xEF\xBB\xBFone\r\ntwo\n\nthree";
        let mut s = LineSplitter::new();
        let mut got = Vec::new();
        for c in file.chunks(2) {
            s.feed(c, |l| got.push((l.offset as usize, l.bytes.len())));
        }
        s.finish(|l| got.push((l.offset as usize, l.bytes.len())));
        let texts: Vec<&[u8]> = got.iter().map(|&(o, n)| &file[o..o + n]).collect();
        assert_eq!(texts, vec![&b"one"[..], b"two", b"", b"three"]);
    }

    #[test]
    fn long_lines_are_reported_and_skipped_in_any_chunking() {
        let file = b"ok\n0123456789\nfine\n0123456789abc";
        for size in 1..=file.len() {
            let chunks: Vec<&[u8]> = file.chunks(size).collect();
            let (lines, long, _) = split_with(&chunks, 6);
            assert_eq!(lines, vec![(1, 0, "ok".into()), (3, 14, "fine".into())], "chunks of {size}");
            let want = [LongLine { number: 2, offset: 3, len: 10 }, LongLine { number: 4, offset: 19, len: 13 }];
            assert_eq!(long, want, "chunks of {size}");
        }
    }

    #[test]
    fn a_long_line_is_not_buffered() {
        let mut s = LineSplitter::with_limit(100);
        let chunk = vec![b'x'; 10_000];
        for _ in 0..100 {
            s.feed_lines(&chunk, |_| panic!("no line ends here"));
            assert!(s.buf.capacity() <= 10_100, "{}", s.buf.capacity());
        }
        let mut got = None;
        s.feed_lines(b"\n", |l| {
            if let Line::TooLong(l) = l {
                got = Some(l)
            }
        });
        assert_eq!(got, Some(LongLine { number: 1, offset: 0, len: 1_000_000 }));
    }
}
