//! Splits a file that arrives as chunks of bytes into lines. A line may be
//! split across chunks; `\n` and `\r\n` both end a line; a UTF-8 byte order
//! mark at the very start of the file is skipped and reported. Each line
//! carries its 1-based number and the byte offset and length of its content
//! (without the terminator), so that the retry file can later copy exactly
//! those bytes out of the original file.

/// One line of a file, without its line terminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawLine<'a> {
    /// 1-based line number.
    pub number: u64,
    /// Byte offset of the line's first byte in the file (after a BOM).
    pub offset: u64,
    pub bytes: &'a [u8],
}

/// A line longer than the splitter's limit: skipped to the next newline
/// without being buffered, and reported by [`LineSplitter::take_too_long`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLongLine {
    /// 1-based line number.
    pub number: u64,
    pub offset: u64,
    /// The line's length in bytes, without its terminator.
    pub len: u64,
}

use crate::io::BOM;
pub use crate::io::MAX_LINE_BYTES;

/// Streaming line splitter: `feed` chunks in file order, then `finish`.
/// It never holds more than one line of at most its limit: a longer line
/// is counted, skipped to the next newline and reported with its number.
#[derive(Clone, Debug)]
pub struct LineSplitter {
    /// The start of the current line (complete lines are handed out from the chunk).
    buf: Vec<u8>,
    /// File offset of `buf[0]` (the current line's first byte).
    buf_offset: u64,
    next_number: u64,
    bom_checked: bool,
    had_bom: bool,
    bytes_read: u64,
    max_line: usize,
    /// The current line is too long: its length so far, and whether its last byte is `\r`.
    skipping: Option<(u64, bool)>,
    too_long: Vec<TooLongLine>,
}

impl Default for LineSplitter {
    fn default() -> Self {
        Self::with_max_line_bytes(MAX_LINE_BYTES)
    }
}

impl LineSplitter {
    pub fn new() -> Self {
        Self::default()
    }

    /// A splitter that skips lines longer than `max_line` bytes.
    pub fn with_max_line_bytes(max_line: usize) -> Self {
        LineSplitter {
            buf: Vec::new(),
            buf_offset: 0,
            next_number: 0,
            bom_checked: false,
            had_bom: false,
            bytes_read: 0,
            max_line,
            skipping: None,
            too_long: Vec::new(),
        }
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

    /// The lines skipped for their length since the last call, in file order.
    pub fn take_too_long(&mut self) -> Vec<TooLongLine> {
        std::mem::take(&mut self.too_long)
    }

    /// Feeds the next chunk; calls `on_line` for every line it completes.
    pub fn feed(&mut self, chunk: &[u8], mut on_line: impl FnMut(RawLine<'_>)) {
        self.bytes_read = self.bytes_read.saturating_add(chunk.len() as u64);
        let mut rest = chunk;
        if !self.bom_checked {
            let take = BOM.len().saturating_sub(self.buf.len()).min(rest.len());
            self.buf.extend_from_slice(&rest[..take]);
            rest = &rest[take..];
            if self.buf.len() < BOM.len() && BOM.starts_with(&self.buf) {
                return; // could still become a BOM (the chunk is used up)
            }
            self.check_bom();
            // Bytes taken for the check that are not a BOM start the first line.
            let held = std::mem::take(&mut self.buf);
            self.take_bytes(&held, &mut on_line);
        }
        self.take_bytes(rest, &mut on_line);
    }

    fn take_bytes(&mut self, mut rest: &[u8], on_line: &mut impl FnMut(RawLine<'_>)) {
        while !rest.is_empty() {
            let newline = rest.iter().position(|&b| b == b'\n');
            if let Some((len, last_cr)) = self.skipping {
                match newline {
                    Some(p) => {
                        let cr = if p > 0 { rest[p - 1] == b'\r' } else { last_cr };
                        self.end_too_long(len.saturating_add(p as u64), cr);
                        rest = &rest[p + 1..];
                    }
                    None => {
                        self.skipping = Some((len.saturating_add(rest.len() as u64), rest.last() == Some(&b'\r')));
                        return;
                    }
                }
                continue;
            }
            match newline {
                Some(p) => {
                    let len = self.buf.len() + p;
                    let cr = if p > 0 { rest[p - 1] == b'\r' } else { self.buf.last() == Some(&b'\r') };
                    let content = len - usize::from(cr);
                    self.next_number += 1;
                    let number = self.next_number;
                    let offset = self.buf_offset;
                    if content > self.max_line {
                        self.too_long.push(TooLongLine { number, offset, len: content as u64 });
                        self.buf.clear();
                    } else if self.buf.is_empty() {
                        on_line(RawLine { number, offset, bytes: trim_cr(&rest[..p]) });
                    } else {
                        self.buf.extend_from_slice(&rest[..p]);
                        on_line(RawLine { number, offset, bytes: trim_cr(&self.buf) });
                        self.buf.clear();
                    }
                    self.buf_offset = offset + len as u64 + 1;
                    rest = &rest[p + 1..];
                }
                None => {
                    // One byte of room for a `\r` before the newline.
                    if self.buf.len() + rest.len() > self.max_line.saturating_add(1) {
                        let len = (self.buf.len() + rest.len()) as u64;
                        self.buf = Vec::new();
                        self.skipping = Some((len, rest.last() == Some(&b'\r')));
                    } else {
                        self.buf.extend_from_slice(rest);
                    }
                    return;
                }
            }
        }
    }

    /// A too-long line of `len` bytes (terminator `\r` included when `cr`) ended.
    fn end_too_long(&mut self, len: u64, cr: bool) {
        self.skipping = None;
        self.next_number += 1;
        let content = if cr { len.saturating_sub(1) } else { len };
        self.too_long.push(TooLongLine { number: self.next_number, offset: self.buf_offset, len: content });
        self.buf_offset = self.buf_offset.saturating_add(len).saturating_add(1);
    }

    /// Emits the last line if the file does not end with a newline.
    pub fn finish(&mut self, mut on_line: impl FnMut(RawLine<'_>)) {
        if !self.bom_checked {
            self.check_bom();
        }
        if let Some((len, cr)) = self.skipping {
            self.end_too_long(len, cr);
            self.buf_offset = self.buf_offset.saturating_sub(1);
        } else if !self.buf.is_empty() {
            self.next_number += 1;
            on_line(RawLine { number: self.next_number, offset: self.buf_offset, bytes: trim_cr(&self.buf) });
            self.buf_offset += self.buf.len() as u64;
            self.buf.clear();
        }
    }

    fn check_bom(&mut self) {
        self.bom_checked = true;
        if self.buf.starts_with(BOM) {
            self.had_bom = true;
            self.buf.drain(..BOM.len());
            self.buf_offset = BOM.len() as u64;
        }
    }
}

fn trim_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Whether a line holds only spaces and tabs (a blank line).
pub fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(chunks: &[&[u8]]) -> (Vec<(u64, u64, String)>, bool) {
        let mut s = LineSplitter::new();
        let mut out = Vec::new();
        for c in chunks {
            s.feed(c, |l| out.push((l.number, l.offset, String::from_utf8_lossy(l.bytes).into_owned())));
        }
        s.finish(|l| out.push((l.number, l.offset, String::from_utf8_lossy(l.bytes).into_owned())));
        (out, s.had_bom())
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

    fn split_limited(chunks: &[&[u8]], max: usize) -> (Vec<(u64, u64, String)>, Vec<TooLongLine>) {
        let mut s = LineSplitter::with_max_line_bytes(max);
        let mut out = Vec::new();
        let mut long = Vec::new();
        for c in chunks {
            s.feed(c, |l| out.push((l.number, l.offset, String::from_utf8_lossy(l.bytes).into_owned())));
            assert!(s.buf.capacity() <= 64, "buffered {} bytes", s.buf.capacity());
            long.extend(s.take_too_long());
        }
        s.finish(|l| out.push((l.number, l.offset, String::from_utf8_lossy(l.bytes).into_owned())));
        long.extend(s.take_too_long());
        (out, long)
    }

    #[test]
    fn a_line_over_the_limit_is_reported_and_skipped_without_buffering() {
        // Fails before the fix: the splitter buffered any line whole (a file
        // without newlines aborted the CLI on a 2 GB allocation).
        let big = vec![b'x'; 1000];
        let (lines, long) = split_limited(&[b"ok\n", &big, &big, b"\r\nafter\n", b"yy"], 8);
        assert_eq!(lines, vec![(1, 0, "ok".into()), (3, 2005, "after".into()), (4, 2011, "yy".into())]);
        assert_eq!(long, vec![TooLongLine { number: 2, offset: 3, len: 2000 }]);
        // A line that ends inside one chunk, and a last line without a newline.
        let (lines, long) = split_limited(&[b"123456789\nabc\n", &big], 8);
        assert_eq!(lines, vec![(2, 10, "abc".into())]);
        assert_eq!(long, vec![TooLongLine { number: 1, offset: 0, len: 9 }, TooLongLine { number: 3, offset: 14, len: 1000 }]);
        // Exactly the limit, with a CR, split across chunks, is kept.
        let (lines, long) = split_limited(&[b"1234", b"5678\r", b"\n"], 8);
        assert_eq!((lines, long), (vec![(1, 0, "12345678".into())], vec![]));
    }

    #[test]
    fn the_default_limit_holds_a_whole_file_without_newlines() {
        let mut s = LineSplitter::new();
        let chunk = vec![b'{'; 1 << 20];
        for _ in 0..(MAX_LINE_BYTES >> 20) + 2 {
            s.feed(&chunk, |_| panic!("no line is complete"));
        }
        assert!(s.buf.capacity() <= MAX_LINE_BYTES + (1 << 20), "{}", s.buf.capacity());
        s.finish(|_| panic!("the line is too long"));
        let long = s.take_too_long();
        assert_eq!(long.len(), 1);
        assert_eq!((long[0].number, long[0].len), (1, ((MAX_LINE_BYTES >> 20) as u64 + 2) << 20));
    }
}
