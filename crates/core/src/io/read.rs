//! Reading a file (or any reader) in fixed-size chunks, so that a 1 GB file
//! never sits in memory whole: the CLI and the Python package read through
//! here.

use std::ffi::OsStr;
use std::io::Read;
use std::path::Path;

/// How a file is named in a message or a report: its UTF-8 text as it is,
/// each byte of the name that is not UTF-8 as `\xNN` (`caf\xe9.csv`, a
/// Latin-1 name) — never U+FFFD, which would make two names alike.
#[cfg(unix)]
pub fn path_name(s: &OsStr) -> String {
    use std::fmt::Write as _;
    use std::os::unix::ffi::OsStrExt;
    let mut out = String::with_capacity(s.len());
    for chunk in s.as_bytes().utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out
}

/// Elsewhere (UTF-16 names): what is not Unicode shows as U+FFFD.
#[cfg(not(unix))]
pub fn path_name(s: &OsStr) -> String {
    s.to_string_lossy().into_owned()
}

/// The size of the chunks read.
pub const CHUNK: usize = 1 << 20;

/// Why a file (or a reader) could not be read to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The system's words (naming the file where the reader knows it).
    Io(String),
    /// The path is a directory.
    Directory,
    /// The caller's [`Go`] said stop ([`STOPPED`]).
    Stopped,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(m) => f.write_str(m),
            ReadError::Directory => f.write_str("it is a directory"),
            ReadError::Stopped => f.write_str(STOPPED),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        ReadError::Io(e.to_string())
    }
}

/// A read error as a message, for callers whose errors are messages.
impl From<ReadError> for String {
    fn from(e: ReadError) -> Self {
        e.to_string()
    }
}

/// Reads `input` to its end in [`CHUNK`]-byte chunks, handing each to
/// `each` and trying an interrupted read again; a failed read names `path`.
pub fn read_chunks<E: From<ReadError>>(input: &mut impl Read, path: &Path, mut each: impl FnMut(&[u8]) -> Result<(), E>) -> Result<(), E> {
    let mut buf = vec![0u8; CHUNK];
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(format!("cannot read {}: {e}", path_name(path.as_os_str()))).into()),
        };
        each(&buf[..n])?;
    }
}

/// Asked between chunks whether a long read goes on (the Python package's
/// Ctrl-C): once it answers `false`, the read stops with [`STOPPED`].
pub type Go<'a> = &'a (dyn Fn() -> bool + Sync);

/// Why a read stopped when its [`Go`] said so.
pub const STOPPED: &str = "stopped before the end (interrupted)";

/// Opens `path` and reads it with [`read_chunks`], asking `go` before each
/// chunk; `each` cannot fail.
pub fn read_file_chunks(path: &Path, go: Go<'_>, mut each: impl FnMut(&[u8])) -> Result<(), ReadError> {
    let mut f = std::fs::File::open(path).map_err(|e| ReadError::Io(format!("cannot read {}: {e}", path_name(path.as_os_str()))))?;
    read_chunks(&mut f, path, |c| {
        if !go() {
            return Err(ReadError::Stopped);
        }
        each(c);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn an_endless_file_stops_when_go_says_so() {
        let chunks = std::sync::atomic::AtomicUsize::new(0);
        let go = || chunks.load(std::sync::atomic::Ordering::Relaxed) < 3;
        let e = read_file_chunks(Path::new("/dev/zero"), &go, |_| {
            chunks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap_err();
        assert_eq!(e, ReadError::Stopped);
        assert_eq!(chunks.into_inner(), 3);
    }

    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_utf8_is_shown_with_its_bytes() {
        use std::os::unix::ffi::OsStrExt;
        assert_eq!(path_name(OsStr::from_bytes(b"dir/caf\xe9 \xff.csv")), "dir/caf\\xe9 \\xff.csv");
        assert_eq!(path_name(OsStr::new("한글 \u{202e}.jsonl")), "한글 \u{202e}.jsonl");
        let missing = Path::new(OsStr::from_bytes(b"/nonexistent/caf\xe9.jsonl"));
        let e = read_file_chunks(missing, &|| true, |_| {}).unwrap_err();
        assert!(e.to_string().starts_with("cannot read /nonexistent/caf\\xe9.jsonl: "), "{e}");
    }
}
