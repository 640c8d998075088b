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

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Streaming line splitter: `feed` chunks in file order, then `finish`.
#[derive(Clone, Debug, Default)]
pub struct LineSplitter {
    buf: Vec<u8>,
    /// File offset of `buf[0]`.
    buf_offset: u64,
    /// Bytes of `buf` already searched for `\n` (none found).
    scanned: usize,
    next_number: u64,
    bom_checked: bool,
    had_bom: bool,
    bytes_read: u64,
}

impl LineSplitter {
    pub fn new() -> Self {
        Self::default()
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
    pub fn feed(&mut self, chunk: &[u8], mut on_line: impl FnMut(RawLine<'_>)) {
        self.bytes_read += chunk.len() as u64;
        self.buf.extend_from_slice(chunk);
        if !self.bom_checked {
            if self.buf.len() < BOM.len() && BOM.starts_with(&self.buf) {
                return; // could still become a BOM
            }
            self.check_bom();
        }
        let mut start = 0;
        let mut search_from = self.scanned;
        while let Some(pos) = self.buf[search_from..].iter().position(|&b| b == b'\n') {
            let end = search_from + pos;
            self.next_number += 1;
            on_line(RawLine { number: self.next_number, offset: self.buf_offset + start as u64, bytes: trim_cr(&self.buf[start..end]) });
            start = end + 1;
            search_from = start;
        }
        self.buf.drain(..start);
        self.buf_offset += start as u64;
        self.scanned = self.buf.len();
    }

    /// Emits the last line if the file does not end with a newline.
    pub fn finish(&mut self, mut on_line: impl FnMut(RawLine<'_>)) {
        if !self.bom_checked {
            self.check_bom();
        }
        if !self.buf.is_empty() {
            self.next_number += 1;
            on_line(RawLine { number: self.next_number, offset: self.buf_offset, bytes: trim_cr(&self.buf) });
            self.buf_offset += self.buf.len() as u64;
            self.buf.clear();
        }
        self.scanned = 0;
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
}
