//! The stored ZIP writer (`io::zip_stored`) read back by Python's zipfile: names
//! (UTF-8), contents and CRCs as written, `testzip` finds no bad entry.

use batchlane_core::io::zip_stored;
use std::process::Command;

#[test]
fn pythons_zipfile_reads_the_archive_back() {
    let big: Vec<u8> = (0..300_000u32).flat_map(|i| format!("{{\"custom_id\":\"r{i}\"}}\n").into_bytes()).collect();
    let files: Vec<(&str, &[u8])> = vec![("part-1.jsonl", b"{\"a\":1}\n"), ("인보이스 part-2.jsonl", &big), ("empty.jsonl", b"")];
    let z = zip_stored(&files).unwrap();
    let dir = std::env::temp_dir().join(format!("batchlane-zip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("parts.zip");
    std::fs::write(&path, &z).unwrap();
    let script = r#"
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None
    print(json.dumps([[i.filename, i.compress_type, i.file_size, hashlib.sha256(z.read(i)).hexdigest()] for i in z.infolist()]))
"#;
    let out = Command::new("python3").arg("-c").arg(script).arg(&path).output().expect("python3 runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let got: Vec<(String, u32, u64, String)> = serde_json::from_slice(&out.stdout).unwrap();
    let sha = |b: &[u8]| {
        let out = Command::new("python3")
            .arg("-c")
            .arg("import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                use std::io::Write;
                c.stdin.take().unwrap().write_all(b)?;
                c.wait_with_output()
            })
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let want: Vec<(String, u32, u64, String)> = files.iter().map(|(n, d)| (n.to_string(), 0, d.len() as u64, sha(d))).collect();
    assert_eq!(got, want);
    std::fs::remove_dir_all(&dir).ok();
}
