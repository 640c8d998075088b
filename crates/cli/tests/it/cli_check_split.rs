//! One big file is checked as `--jobs` ranges on threads and merged: the
//! output equals the one-thread check, with duplicates across ranges,
//! capped findings in several ranges and bad lines throughout.

use std::process::Command;

fn check(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_batchlane")).arg("check").args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into())
}

#[test]
fn a_big_file_on_several_threads_equals_one_thread() {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-split-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.jsonl");
    let text = "x".repeat(400);
    let mut f = String::new();
    let mut i = 0;
    // Over 12 MiB: split from 8 MiB, in ranges of at least 4 MiB.
    while f.len() < 13 << 20 {
        let line = match i % 50 {
            7 => "{\"custom_id\": \"bad\", \"body\": {\"model\": \"dep\",}}".to_string(),
            13 => String::new(),
            21 => format!("{{\"custom_id\": \"r-{}\", \"method\": \"GET\", \"url\": \"/v1/chat/completions\", \"body\": {{\"model\": \"dep\", \"messages\": []}}}}", i % 1000),
            _ => format!(
                "{{\"custom_id\": \"r-{}\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {{\"model\": \"dep\", \"max_tokens\": 9, \"messages\": [{{\"role\": \"user\", \"content\": \"{i} {text}\"}}]}}}}",
                if i % 9 == 0 { i % 5000 } else { i }
            ),
        };
        f.push_str(&line);
        f.push('\n');
        i += 1;
    }
    std::fs::write(&path, &f).unwrap();
    let p = path.to_str().unwrap();
    for extra in [&["--no-tokens"][..], &["--no-tokens", "--dialect", "openai"][..]] {
        let one = check(&[&[p, "--format", "json", "--jobs", "1"][..], extra].concat());
        assert!(one.1.contains("duplicate_custom_id"), "{}", &one.1[..one.1.len().min(2000)]);
        for jobs in ["2", "3", "7"] {
            let many = check(&[&[p, "--format", "json", "--jobs", jobs][..], extra].concat());
            assert_eq!(many, one, "--jobs {jobs} {extra:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
