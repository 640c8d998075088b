//! Where the command line writes. An output never names one of the
//! command's inputs ([`same_file`]: the same path, a symlink or a hard link
//! to it), and is written to a temporary file in its own directory, then
//! renamed over it ([`AtomicFile`]): a failure leaves the old file whole
//! (or no file), never a half-written one.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Whether `a` and `b` name the same existing file: the same canonical
/// path (`./x`, a symlink), or on unix the same device and inode (a hard
/// link). A path that does not exist names no file yet: `false`.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) if x == y => true,
        _ => same_inode(a, b),
    }
}

#[cfg(unix)]
fn same_inode(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

/// Elsewhere only the canonical paths are compared (std has no stable
/// file id off unix).
#[cfg(not(unix))]
fn same_inode(_: &Path, _: &Path) -> bool {
    false
}

/// Makes the temporary names of one process distinct.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// A file written under a temporary name beside `dest` and moved to `dest`
/// by [`AtomicFile::commit`] (or [`AtomicFile::commit_new`]); dropped
/// without a commit, the temporary file is removed and `dest` is untouched.
pub struct AtomicFile {
    dest: PathBuf,
    tmp: PathBuf,
    w: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Creates the temporary file `.NAME.PID-N.tmp` in `dest`'s directory
    /// (never an existing file: it is created new).
    pub fn create(dest: &Path) -> io::Result<Self> {
        let dir = match dest.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        // The name as it is (UTF-8 or not).
        let name = dest.file_name().unwrap_or_else(|| std::ffi::OsStr::new("output"));
        let mut tries = 0;
        loop {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let mut tmp_name = std::ffi::OsString::from(".");
            tmp_name.push(name);
            tmp_name.push(format!(".{}-{n}.tmp", std::process::id()));
            let tmp = dir.join(tmp_name);
            match OpenOptions::new().write(true).create_new(true).open(&tmp) {
                Ok(f) => return Ok(AtomicFile { dest: dest.to_path_buf(), tmp, w: Some(BufWriter::new(f)) }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && tries < 100 => tries += 1,
                Err(e) => return Err(e),
            }
        }
    }

    /// Writes out and closes the temporary file, its data on the disk.
    fn close(&mut self) -> io::Result<()> {
        if let Some(mut w) = self.w.take() {
            w.flush()?;
            w.get_ref().sync_all()?;
        }
        Ok(())
    }

    /// Replaces `dest` (if any) with what was written.
    pub fn commit(mut self) -> io::Result<()> {
        self.close()?;
        std::fs::rename(&self.tmp, &self.dest)
    }

    /// Moves what was written to `dest`, which must not exist: an existing
    /// file is never replaced (`AlreadyExists`).
    pub fn commit_new(mut self) -> io::Result<()> {
        self.close()?;
        // A hard link fails if `dest` exists, with no window between a test and the move.
        match std::fs::hard_link(&self.tmp, &self.dest) {
            Ok(()) => {
                let _ = std::fs::remove_file(&self.tmp);
                Ok(())
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
            // A file system without hard links.
            Err(_) if self.dest.symlink_metadata().is_ok() => Err(io::ErrorKind::AlreadyExists.into()),
            Err(_) => std::fs::rename(&self.tmp, &self.dest),
        }
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.w.as_mut() {
            Some(w) => w.write(buf),
            None => Err(io::Error::other("the file is closed")),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self.w.as_mut() {
            Some(w) => w.write_all(buf),
            None => Err(io::Error::other("the file is closed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.w.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl Drop for AtomicFile {
    /// Removes the temporary file unless it was moved to `dest` (a failed
    /// rename leaves it behind: it is removed here too).
    fn drop(&mut self) {
        self.w = None;
        if self.tmp.symlink_metadata().is_ok() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("batchlane-cli-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn names(d: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(d).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn an_uncommitted_file_leaves_the_old_one_whole() {
        let d = dir("drop");
        let dest = d.join("out.jsonl");
        std::fs::write(&dest, "old\n").unwrap();
        {
            let mut f = AtomicFile::create(&dest).unwrap();
            f.write_all(b"half of a new f").unwrap();
            assert_eq!(names(&d).len(), 2, "the temporary file sits beside it");
            // Dropped: a failure before the commit.
        }
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "old\n");
        assert_eq!(names(&d), ["out.jsonl"]);
        let mut f = AtomicFile::create(&dest).unwrap();
        f.write_all(b"new\n").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "new\n");
        assert_eq!(names(&d), ["out.jsonl"]);
    }

    #[test]
    fn commit_new_never_replaces_a_file() {
        let d = dir("new");
        let dest = d.join("part.jsonl");
        let mut f = AtomicFile::create(&dest).unwrap();
        f.write_all(b"first\n").unwrap();
        f.commit_new().unwrap();
        let mut f = AtomicFile::create(&dest).unwrap();
        f.write_all(b"second\n").unwrap();
        assert_eq!(f.commit_new().unwrap_err().kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "first\n");
        assert_eq!(names(&d), ["part.jsonl"]);
    }

    #[test]
    fn same_file_sees_paths_symlinks_and_hard_links() {
        let d = dir("same");
        let a = d.join("a.jsonl");
        std::fs::write(&a, "x").unwrap();
        std::fs::write(d.join("b.jsonl"), "x").unwrap();
        std::fs::hard_link(&a, d.join("hard.jsonl")).unwrap();
        assert!(same_file(&a, &d.join(".").join("a.jsonl")));
        assert!(!same_file(&a, &d.join("b.jsonl")), "same content, another file");
        assert!(!same_file(&a, &d.join("none.jsonl")));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&a, d.join("link.jsonl")).unwrap();
            assert!(same_file(&a, &d.join("link.jsonl")));
            assert!(same_file(&a, &d.join("hard.jsonl")));
        }
    }
}
