//! Reading a file (or any reader) in fixed-size chunks, so that a 1 GB file
//! never sits in memory whole: the CLI and the Python package read through
//! here.

use std::io::Read;
use std::path::Path;

/// The size of the chunks read.
pub const CHUNK: usize = 1 << 20;

/// Reads `input` to its end in [`CHUNK`]-byte chunks, handing each to
/// `each` and trying an interrupted read again; a failed read names `path`.
pub fn read_chunks(input: &mut impl Read, path: &Path, mut each: impl FnMut(&[u8]) -> Result<(), String>) -> Result<(), String> {
    let mut buf = vec![0u8; CHUNK];
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        each(&buf[..n])?;
    }
}

/// Opens `path` and reads it with [`read_chunks`]; `each` cannot fail.
pub fn read_file_chunks(path: &Path, mut each: impl FnMut(&[u8])) -> Result<(), String> {
    let mut f = std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    read_chunks(&mut f, path, |c| {
        each(c);
        Ok(())
    })
}
