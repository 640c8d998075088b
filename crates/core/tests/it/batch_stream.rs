//! Streaming: the same report whatever the chunk sizes; bad inputs never
//! panic; repaired files re-check clean.

use batchlane_core::batch::{
    repair, CheckOptions, Checker, Code, Dialect, NoTokenizer, RepairOptions, Report, Tiktoken, BROKEN_AZURE, SAMPLES, VALID_AZURE,
};
use batchlane_core::facts::Catalog;
use proptest::prelude::*;

fn check_in_chunks(bytes: &[u8], chunk: usize, o: &CheckOptions, tokens: bool) -> Report {
    let c = Catalog::builtin();
    let mut k = if tokens {
        Checker::with_tokenizer(o.clone(), &c, Box::new(Tiktoken))
    } else {
        Checker::with_tokenizer(o.clone(), &c, Box::new(NoTokenizer))
    };
    for part in bytes.chunks(chunk.max(1)) {
        k.feed(part);
    }
    k.finish()
}

fn mixed_file() -> Vec<u8> {
    let mut f = Vec::new();
    f.extend_from_slice("\u{FEFF}".as_bytes());
    f.extend_from_slice(VALID_AZURE.replace('\n', "\r\n").as_bytes());
    f.extend_from_slice(BROKEN_AZURE.as_bytes());
    f.extend_from_slice(b"{\"custom_id\": \"caf\xC3");
    f.extend_from_slice(b"\xA9\", \"x\": \"\xFF\"}\n\n");
    f.extend_from_slice("{\"custom_id\": \"한국어-티켓\", \"method\": \"POST\"}".as_bytes());
    f
}

#[test]
fn chunk_boundaries_do_not_change_the_report() {
    let f = mixed_file();
    for tokens in [false, true] {
        let o = CheckOptions { count_tokens: tokens, model: Some("gpt-4o".into()), ..CheckOptions::default() };
        let whole = check_in_chunks(&f, f.len(), &o, tokens);
        assert!(whole.summary.errors > 5);
        for size in [1, 7, 4096] {
            assert_eq!(check_in_chunks(&f, size, &o, tokens), whole, "chunks of {size}, tokens {tokens}");
        }
    }
}

#[test]
fn progress_counts_bytes_and_lines() {
    let mut k = Checker::with_tokenizer(CheckOptions::default(), &Catalog::builtin(), Box::new(NoTokenizer));
    k.feed(b"{}\n{}");
    assert_eq!((k.progress().bytes, k.progress().lines), (5, 1));
    let r = k.finish();
    assert_eq!((r.summary.lines, r.summary.requests), (2, 2));
}

#[test]
fn a_10_mb_line_and_the_line_limit() {
    let text = "가".repeat(3_500_000);
    let line = format!(
        r#"{{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "dep", "max_tokens": 5, "messages": [{{"role": "user", "content": "{text}"}}]}}}}"#
    );
    assert!(line.len() > 10_000_000);
    let o = CheckOptions { count_tokens: false, ..CheckOptions::default() };
    let r = check_in_chunks(line.as_bytes(), 1 << 20, &o, false);
    assert_eq!(r.summary.errors, 0);
    let small = CheckOptions { max_line_bytes: 1 << 20, ..o };
    let r = check_in_chunks(format!("{line}\n{line}").as_bytes(), 65_536, &small, false);
    assert_eq!(r.diagnostics.iter().filter(|d| d.code == Code::LineTooLong).map(|d| d.line).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(r.summary.requests, 2);
}

#[test]
fn zero_bytes_nul_bytes_and_binary_never_panic() {
    let o = CheckOptions::default();
    assert_eq!(check_in_chunks(b"", 1, &o, false).diagnostics[0].code, Code::EmptyFile);
    let nul = check_in_chunks(b"\0\0\0\n{\"a\":\0}", 3, &o, false);
    assert_eq!(nul.summary.errors, 2);
    let binary: Vec<u8> = (0..20_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let r = check_in_chunks(&binary, 1000, &o, false);
    assert!(r.summary.errors > 0);
}

#[test]
fn samples_show_what_they_say() {
    let c = Catalog::builtin();
    for s in SAMPLES {
        let o = CheckOptions { dialect: s.dialect, ..CheckOptions::default() };
        let mut k = Checker::new(o, &c);
        k.feed(s.text.as_bytes());
        let r = k.finish();
        assert_eq!(r.summary.errors == 0, s.id.starts_with("valid"), "{} {:?}", s.id, r.diagnostics);
    }
    let o = CheckOptions { count_tokens: false, ..CheckOptions::default() };
    let r = check_in_chunks(BROKEN_AZURE.as_bytes(), 64, &o, false);
    let got: Vec<(u64, &str)> =
        r.diagnostics.iter().filter(|d| d.code != Code::MaxTokensUnset).map(|d| (d.line, d.code.as_str())).collect();
    assert_eq!(
        got,
        [
            (2, "duplicate_custom_id"),
            (3, "url_mismatch"),
            (4, "model_mismatch"),
            (5, "streaming_unsupported"),
            (6, "invalid_json_line"),
            (7, "missing_required_parameter"),
            (8, "blank_line"),
            (9, "invalid_request"),
        ]
    );
}

/// Lines a generated file is made of: valid requests (some with repeated
/// ids), blanks, and broken JSON.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u8..6, "[a-z가-힣 ]{0,12}").prop_map(|(id, text)| format!(
            r#"{{"custom_id": "r{id}", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "dep", "max_tokens": 5, "messages": [{{"role": "user", "content": "{text}"}}]}}}}"#
        )),
        Just(String::new()),
        Just("  \t".to_string()),
        Just("{not json".to_string()),
        Just("\u{FEFF}".to_string()),
    ]
}

fn file() -> impl Strategy<Value = Vec<u8>> {
    (any::<bool>(), prop::collection::vec((piece(), any::<bool>()), 0..12)).prop_map(|(bom, lines)| {
        let mut f = if bom { "\u{FEFF}".as_bytes().to_vec() } else { Vec::new() };
        for (l, crlf) in lines {
            f.extend_from_slice(l.as_bytes());
            f.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
        }
        f
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn repaired_files_recheck_without_repairable_findings(f in file(), dialect in prop_oneof![Just(Dialect::Azure), Just(Dialect::OpenAi)]) {
        let (fixed, _) = repair(&f, RepairOptions { rename_duplicate_ids: true });
        let o = CheckOptions { dialect, count_tokens: false, ..CheckOptions::default() };
        let r = check_in_chunks(&fixed, fixed.len(), &o, false);
        let left: Vec<_> = r.diagnostics.iter().filter(|d| d.code.is_repairable()).collect();
        prop_assert!(left.is_empty(), "{:?}\n{}", left, String::from_utf8_lossy(&fixed));
        // Repairing twice changes nothing.
        let (again, o2) = repair(&fixed, RepairOptions { rename_duplicate_ids: true });
        prop_assert_eq!(&again, &fixed);
        prop_assert!(o2.renames.is_empty());
    }

    #[test]
    fn any_chunking_gives_the_same_report(f in file(), chunk in 1usize..40) {
        let o = CheckOptions { count_tokens: false, ..CheckOptions::default() };
        prop_assert_eq!(check_in_chunks(&f, chunk, &o, false), check_in_chunks(&f, f.len(), &o, false));
    }
}

#[test]
fn the_report_round_trips_through_json_for_the_worker() {
    let c = Catalog::builtin();
    let mut k = Checker::new(CheckOptions { model: Some("gpt-4o".into()), ..CheckOptions::default() }, &c);
    k.feed(BROKEN_AZURE.as_bytes());
    let r = k.finish();
    let back: Report = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(back, r);
    let md = r.to_markdown();
    assert!(md.contains("| 2 | 2 | error | the batch | `duplicate_custom_id` | custom\\_id |"), "{md}");
    assert!(md.contains("**Verdict:** the batch would fail"), "{md}");
    assert!(md.contains("| Catalog model | gpt-4o (picked) |"), "{md}");
}

#[test]
fn the_markdown_report_names_the_guessed_model_and_gives_sizes_for_people() {
    // Fails before the fix: the report had no catalog model and "Size | 2345678 bytes".
    let c = Catalog::builtin();
    let line = r#"{"custom_id":"r0000000","method":"POST","url":"/chat/completions","body":{"model":"batch-gpt-4o-mini-eu","max_tokens":5,"messages":[{"role":"user","content":"hi"}]}}"#;
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 1_500_000 {
        text.push_str(&line.replace("r0000000", &format!("r{i:07}")));
        text.push('\n');
        i += 1;
    }
    let mut k = Checker::new(CheckOptions { count_tokens: false, ..CheckOptions::default() }, &c);
    k.feed(text.as_bytes());
    let md = k.finish().to_markdown();
    assert!(md.contains("| Catalog model | gpt-4o-mini (guessed from the deployment name) |"), "{md}");
    let size = text.len() as f64 / 1e6;
    assert!(md.contains(&format!("| Size | {size:.1} MB (")), "{md}");
    assert!(md.contains(&format!("| Requests | {},{:03} |", i / 1000, i % 1000)), "{md}");
}
