//! The structural check over line-aligned ranges, merged in range order,
//! equals the single pass: same diagnostics in the same order, caps and
//! counts, duplicate custom_ids (with their first line) across ranges,
//! bad lines at range edges. The merge may refuse (then callers check in
//! one pass); the crafted files here must merge.

use batchlane_core::batch::{
    check_bytes, check_bytes_ranges, owned_range, plan_parallel, range_start, CheckOptions, Dialect, ParallelPlan, Report, BROKEN_AZURE,
    BROKEN_OPENAI, PLAN_PREFIX_BYTES, VALID_AZURE, VALID_OPENAI,
};
use batchlane_core::facts::Catalog;
use proptest::prelude::*;

fn normalized(mut r: Report) -> Report {
    if let Some(t) = &mut r.tokens {
        t.cache_hits = 0;
    }
    r
}

/// The check over `n` even line-aligned ranges, fed 7 bytes at a time and
/// merged, as the CLI and the page run a big file; `None` where only a
/// single pass is exact.
pub(crate) fn in_ranges(bytes: &[u8], o: &CheckOptions, c: &Catalog, n: u64) -> Option<Report> {
    let len = bytes.len() as u64;
    let cuts: Vec<u64> = (1..n.max(1)).map(|k| len * k / n).collect();
    check_bytes_ranges(bytes, o, c, &cuts, 7)
}

fn chat(id: &str, model: &str, url: &str, text: &str) -> String {
    format!(
        "{{\"custom_id\": \"{id}\", \"method\": \"POST\", \"url\": \"{url}\", \"body\": {{\"model\": \"{model}\", \"max_tokens\": 16, \"messages\": [{{\"role\": \"user\", \"content\": \"{text}\"}}]}}}}"
    )
}

/// One line of a test file, by kind (`i` varies ids and texts).
fn line(kind: u8, i: usize) -> String {
    let url = "/v1/chat/completions";
    match kind % 16 {
        0..=2 => chat(&format!("r-{i}"), "dep", url, &format!("ticket {i} 환불")),
        3 => chat(&format!("r-{}", i % 7), "dep", url, "dup"),
        4 => chat("same", "dep", url, "dup"),
        5 => chat(&format!("m-{i}"), "other", url, "model mismatch"),
        6 => chat(&format!("u-{i}"), "dep", "/v1/responses", "url mismatch"),
        7 => "{\"custom_id\": \"bad\", \"body\": {\"model\": \"dep\",}}".into(),
        8 => String::new(),
        9 => "[1, 2]".into(),
        10 => format!("{{\"custom_id\": \"x{i}\u{FFFD}\", \"method\": \"GET\", \"url\": 5, \"body\": {{\"model\": \"\", \"messages\": [1, {{\"role\": \"bot\"}}, {{}}]}}}}"),
        11 => format!("{{\"custom_id\": \"k-{i}\", \"custom_id\": \"k-{i}\", \"method\": \"POST\", \"url\": \"{url}\", \"body\": {{\"model\": \"dep\", \"stream\": true, \"messages\": [{{\"role\": \"user\"}}, {{\"role\": \"user\"}}, {{\"role\": \"user\"}}]}}}}"),
        12 => "{".into(),
        13 => format!("{{\"custom_id\": \"long-{i}\", \"note\": \"{}\"}}", "x".repeat(300)),
        14 => chat(&format!("r-{}", i % 3), "gpt-4o", url, "base model name"),
        _ => "  \t ".into(),
    }
}

fn file(kinds: &[u8], crlf_every: usize, bom: bool) -> Vec<u8> {
    let mut f = Vec::new();
    if bom {
        f.extend_from_slice("\u{FEFF}".as_bytes());
    }
    for (i, &k) in kinds.iter().enumerate() {
        f.extend_from_slice(line(k, i).as_bytes());
        if i + 1 < kinds.len() || i % 2 == 0 {
            f.extend_from_slice(if crlf_every > 0 && i % crlf_every == 0 { b"\r\n" } else { b"\n" });
        }
    }
    f
}

fn options() -> Vec<CheckOptions> {
    vec![
        CheckOptions { count_tokens: false, ..CheckOptions::default() },
        CheckOptions { count_tokens: false, max_stored_per_code: 2, max_line_bytes: 280, ..CheckOptions::default() },
        CheckOptions { count_tokens: false, max_stored_per_code: 1, dialect: Dialect::OpenAi, ..CheckOptions::default() },
        CheckOptions { max_stored_per_code: 3, model: Some("gpt-4o".into()), ..CheckOptions::default() },
    ]
}

/// Asserts the ranges' report equals the single pass when it merges;
/// returns whether it merged (or may refuse: with one finding kept per
/// line, a duplicate found at the merge would change which is kept).
fn same(f: &[u8], o: &CheckOptions, cuts: &[u64], chunk: usize) -> bool {
    merges(f, o, cuts, chunk) || o.max_stored_per_code < 2
}

fn merges(f: &[u8], o: &CheckOptions, cuts: &[u64], chunk: usize) -> bool {
    let c = Catalog::builtin();
    let single = normalized(check_bytes(f, o.clone(), &c));
    match check_bytes_ranges(f, o, &c, cuts, chunk) {
        Some(r) => {
            assert_eq!(normalized(r), single, "cuts {cuts:?}, chunk {chunk}, {o:?}");
            true
        }
        None => false,
    }
}

#[test]
fn every_single_cut_of_the_samples() {
    let mut f = "\u{FEFF}".as_bytes().to_vec();
    f.extend_from_slice(VALID_AZURE.as_bytes());
    f.extend_from_slice(BROKEN_AZURE.as_bytes());
    f.extend_from_slice(BROKEN_AZURE.replace('\n', "\r\n").as_bytes());
    f.extend_from_slice(b"{\"custom_id\": \"x\xFF\"}\n");
    f.extend_from_slice(VALID_AZURE.trim_end().as_bytes());
    let c = Catalog::builtin();
    for o in options() {
        // Any cut after the first line that names a url and a model merges.
        let at = range_start(&f, true, &o, &c).unwrap();
        let settled = at.first_url.unwrap().1.max(at.first_model.unwrap().1) as usize;
        let settled_end = f.iter().enumerate().filter(|(_, &b)| b == b'\n').nth(settled - 1).unwrap().0 as u64;
        let step = if o.count_tokens { 11 } else { 3 };
        for cut in (0..=f.len() as u64).step_by(step) {
            let merged = same(&f, &o, &[cut], 5);
            assert!(merged || cut <= settled_end, "cut {cut} refused, {o:?}");
        }
    }
}

#[test]
fn duplicates_across_ranges_point_at_the_first_line() {
    // Ids r-0..r-6 repeat in every range, "same" on many lines.
    let kinds: Vec<u8> = (0..120).map(|i| [0, 3, 4, 1, 3, 2, 14][i % 7]).collect();
    let f = file(&kinds, 0, false);
    let c = Catalog::builtin();
    let single = check_bytes(&f, options()[0].clone(), &c);
    assert!(single.counts.iter().any(|k| k.code.as_str() == "duplicate_custom_id" && k.count > 50));
    let len = f.len() as u64;
    for n in 2..=6u64 {
        let cuts: Vec<u64> = (1..n).map(|k| len * k / n).collect();
        for o in options() {
            assert!(same(&f, &o, &cuts, 4096), "{n} ranges refused");
        }
    }
}

#[test]
fn caps_reached_in_several_ranges() {
    let kinds: Vec<u8> = (0..200).map(|i| [0, 7, 10, 11, 8, 15, 9, 13, 12, 5, 6][i % 11]).collect();
    let f = file(&kinds, 3, true);
    let len = f.len() as u64;
    for o in options() {
        for n in [2u64, 3, 7] {
            let cuts: Vec<u64> = (1..n).map(|k| len * k / n).collect();
            assert!(same(&f, &o, &cuts, 1000), "{n} ranges refused {o:?}");
        }
    }
    let capped = check_bytes(&f, options()[1].clone(), &Catalog::builtin());
    assert!(capped.truncated);
}

#[test]
fn bad_lines_at_range_edges() {
    let kinds: Vec<u8> = (0..40).map(|i| if i % 4 == 1 { [7, 9, 10, 12, 13, 8][i / 4 % 6] } else { 0 }).collect();
    let f = file(&kinds, 2, false);
    // Cut just before, at and after each line start.
    let starts: Vec<u64> = std::iter::once(0).chain(f.iter().enumerate().filter(|(_, &b)| b == b'\n').map(|(i, _)| i as u64 + 1)).collect();
    for o in options() {
        for &s in &starts[1..] {
            for cut in [s - 1, s, s + 1] {
                assert!(same(&f, &o, &[cut], 3), "cut {cut} {o:?}");
                assert!(same(&f, &o, &[cut, cut + 2, cut + 400], 64), "cuts at {cut} {o:?}");
            }
        }
    }
}

#[test]
fn a_first_request_that_is_not_jsonl_in_a_later_range() {
    // Blank lines, then a JSON array: the shape note goes on the first request.
    let mut f = b"\n\n   \n".to_vec();
    f.extend_from_slice(b"[{\"custom_id\": \"a\"}]\n{\"custom_id\": \"b\"}\n");
    for o in options() {
        for cut in 0..f.len() as u64 {
            same(&f, &o, &[cut], 2);
        }
    }
    let r = check_bytes(&f, options()[0].clone(), &Catalog::builtin());
    assert!(r.shape.is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn ranges_merge_to_the_single_pass(
        kinds in proptest::collection::vec(0u8..16, 0..60),
        first in 0u8..3,
        cuts in proptest::collection::vec(0.0f64..1.0, 0..5),
        chunk in 1usize..300,
        crlf_every in 0usize..4,
        bom: bool,
        which in 0usize..4,
    ) {
        let mut kinds = kinds;
        kinds.insert(0, first);
        let f = file(&kinds, crlf_every, bom);
        let mut cuts: Vec<u64> = cuts.iter().map(|c| (c * f.len() as f64) as u64).collect();
        cuts.sort_unstable();
        same(&f, &options()[which], &cuts, chunk);
    }
}

/// Files with tokens counted (a small context window, so per-line token
/// warnings show up): ranges merged equal the single pass, token figures
/// included.
#[test]
fn ranges_with_tokens_equal_the_single_pass() {
    let mut catalog = Catalog::builtin();
    catalog.set_override("context_window.gpt-4o", 60.0).unwrap();
    let long_system = "You are a careful assistant who summarises customer support tickets in two short sentences. ".repeat(3);
    let mut big = Vec::new();
    for i in 0..60 {
        let user =
            if i % 7 == 0 { "짧은 질문".to_string() } else { format!("Ticket {i}: my invoice shows {} charges for March.", i * 3) };
        let line = format!(
            "{{\"custom_id\": \"r-{i}\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {{\"model\": \"gpt-4o\", \"max_tokens\": 64, \"messages\": [{{\"role\": \"system\", \"content\": \"{long_system}\"}}, {{\"role\": \"user\", \"content\": \"{user}\"}}]}}}}"
        );
        big.extend_from_slice(line.as_bytes());
        big.extend_from_slice(if i % 5 == 0 { b"\r\n" } else { b"\n" });
        if i % 13 == 0 {
            big.extend_from_slice(b"\n");
        }
    }
    let mut mixed = "\u{FEFF}".as_bytes().to_vec();
    mixed.extend_from_slice(VALID_AZURE.as_bytes());
    mixed.extend_from_slice(BROKEN_AZURE.as_bytes());
    mixed.extend_from_slice(b"{\"custom_id\": \"x\xFF\"}\n");
    mixed.extend_from_slice(VALID_AZURE.trim_end().as_bytes());
    let files = [big, mixed, VALID_OPENAI.as_bytes().to_vec(), BROKEN_OPENAI.as_bytes().to_vec(), Vec::new(), b"\n\n".to_vec()];
    for (i, f) in files.iter().enumerate() {
        for options in [
            CheckOptions { max_stored_per_code: 100_000, ..CheckOptions::default() },
            CheckOptions { model: Some("gpt-4o".into()), max_line_bytes: 400, max_stored_per_code: 3, ..CheckOptions::default() },
            CheckOptions { dialect: Dialect::OpenAi, ..CheckOptions::default() },
        ] {
            let single = normalized(check_bytes(f, options.clone(), &catalog));
            for n in 1..=5 {
                let merged = in_ranges(f, &options, &catalog, n).map(normalized);
                assert_eq!(merged.as_ref(), Some(&single), "file {i}, {n} ranges, {options:?}");
            }
        }
    }
    let r = check_bytes(&files[0], CheckOptions::default(), &catalog);
    assert!(r.summary.prompt_tokens.unwrap() > 1000);
    assert!(r.counts.iter().any(|k| k.code.as_str() == "context_length_exceeded"));
}

#[test]
fn ranges_own_each_line_once() {
    let f = b"aa\nbbbb\n\nc\nddddd";
    let len = f.len() as u64;
    let nl = |from: u64| f[from as usize..].iter().position(|&c| c == b'\n').map(|i| from + i as u64);
    for n in 1..=9u64 {
        let mut covered = 0;
        for k in 0..n {
            let (a, b) = owned_range(len * k / n, len * (k + 1) / n, len, nl);
            assert!(a == covered || a >= b, "n={n} k={k}: {a}..{b} after {covered}");
            if a < b {
                assert!(a == 0 || f[a as usize - 1] == b'\n');
                covered = b;
            }
        }
        assert_eq!(covered, len);
    }
}

fn counted_chat(id: &str, model: Option<&str>, text: &str) -> String {
    let model = model.map_or(String::new(), |m| format!("\"model\": \"{m}\", "));
    format!(
        "{{\"custom_id\": \"{id}\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {{{model}\"max_tokens\": 16, \"messages\": [{{\"role\": \"user\", \"content\": \"{text}\"}}]}}}}\n"
    )
}

/// Where the model shows up late (after a counted line without a model, or
/// beyond the first megabyte) ranges cannot know the single pass's token
/// figures: the plan says so and the ranged check refuses (callers then
/// check in one pass); with the model named they merge to the single pass.
#[test]
fn a_late_model_needs_a_single_pass() {
    let mut catalog = Catalog::builtin();
    catalog.set_override("context_window.gpt-4", 20.0).unwrap();
    let text = "Résumé of the ticket: 환불 요청, order 12345, shipped 2024-03-01 ✓";
    // A counted line before the first model (gpt-4 uses cl100k_base).
    let mut early = counted_chat("a", None, text);
    for i in 0..40 {
        early.push_str(&counted_chat(&format!("b{i}"), Some("gpt-4"), text));
    }
    // Over 1 MB of lines that are never counted (no body), then the model.
    let filler = format!("{{\"custom_id\": \"f\", \"note\": \"{}\"}}\n", "x".repeat(1000));
    let mut late = filler.repeat(1100);
    for i in 0..40 {
        late.push_str(&counted_chat(&format!("c{i}"), Some("gpt-4"), text));
    }
    assert!(late.len() > PLAN_PREFIX_BYTES);
    let o = CheckOptions::default();
    assert_eq!(plan_parallel(early.as_bytes(), true, &o, &catalog), ParallelPlan::SinglePass);
    assert_eq!(plan_parallel(&late.as_bytes()[..PLAN_PREFIX_BYTES], false, &o, &catalog), ParallelPlan::SinglePass);
    let whole = counted_chat("z", Some("gpt-4"), text);
    assert_eq!(plan_parallel(whole.as_bytes(), true, &o, &catalog), ParallelPlan::Split(Some("gpt-4".into())));
    assert_eq!(plan_parallel(b"{\"custom_id\": \"x\"}", true, &o, &catalog), ParallelPlan::Split(None));
    let named = CheckOptions { model: Some("gpt-4o".into()), ..CheckOptions::default() };
    assert_eq!(plan_parallel(early.as_bytes(), true, &named, &catalog), ParallelPlan::Split(None));
    // The late file's first url is beyond the prefix too: ranges refuse
    // even with the model named.
    for options in [&o, &named] {
        assert_eq!(in_ranges(late.as_bytes(), options, &catalog, 3), None);
    }
    assert_eq!(in_ranges(early.as_bytes(), &o, &catalog, 3), None);
    let single = normalized(check_bytes(early.as_bytes(), named.clone(), &catalog));
    assert!(single.summary.prompt_tokens.unwrap() > 0);
    for n in [1, 3, 4] {
        assert_eq!(in_ranges(early.as_bytes(), &named, &catalog, n).map(normalized), Some(single.clone()), "{n} ranges");
    }
}

/// The lines of the vendors' real-world corpus (`fixtures/real/`) that name
/// `tools` (OpenAI's cookbook and docs examples), and those that name none
/// of `tools`, `response_format` and `functions`.
fn corpus_lines(tools: bool) -> Vec<String> {
    let text = include_str!("../fixtures/real/openai-valid.jsonl");
    let heavy = |l: &str| ["\"tools\"", "\"response_format\"", "\"functions\""].iter().any(|k| l.contains(k));
    text.lines().filter(|l| !l.trim().is_empty() && if tools { l.contains("\"tools\"") } else { !heavy(l) }).map(str::to_string).collect()
}

/// The first line of the Azure sample file (a chat request).
fn chat_line() -> String {
    VALID_AZURE.lines().next().unwrap_or_default().to_string()
}

fn prefix_of(lines: &[String]) -> Vec<u8> {
    lines.iter().flat_map(|l| l.bytes().chain([b'\n'])).collect()
}

#[test]
fn a_file_of_tool_lines_is_heavy_and_a_chat_file_is_not() {
    use batchlane_core::batch::heavy_lines;
    let tools = corpus_lines(true);
    let plain = corpus_lines(false);
    assert!(!tools.is_empty() && !plain.is_empty(), "the corpus has both kinds");
    assert!(heavy_lines(&prefix_of(&tools)));
    assert!(!heavy_lines(&prefix_of(&plain)));
    let chat: Vec<String> = std::iter::repeat_n(chat_line(), 10).collect();
    assert!(!heavy_lines(&prefix_of(&chat)));
    // Most of the sampled lines decide: one tool line in four is not enough, two in four is.
    let mixed = |heavy: usize| -> Vec<String> { (0..4).map(|i| if i < heavy { tools[0].clone() } else { plain[0].clone() }).collect() };
    assert!(!heavy_lines(&prefix_of(&mixed(1))));
    assert!(heavy_lines(&prefix_of(&mixed(2))));
    // Only the first 64 complete lines count: 64 chat lines, then tool lines.
    let late: Vec<String> = chat.iter().cycle().take(64).chain(tools.iter().cycle().take(200)).cloned().collect();
    assert!(!heavy_lines(&prefix_of(&late)));
}

#[test]
fn heavy_lines_reads_keys_not_words_in_a_message_and_needs_a_whole_line() {
    use batchlane_core::batch::heavy_lines;
    // "tools" quoted inside a message is escaped: it is no argument.
    let quoted = chat_line().replace("two sentences.", r#"two sentences; say \"tools\" and \"response_format\"."#);
    assert!(quoted.contains(r#"\"tools\""#));
    assert!(!heavy_lines(prefix_of(&[quoted.clone(), quoted]).as_slice()));
    // A prefix cut inside its first line, blank lines, nothing: not heavy.
    let tools = corpus_lines(true);
    assert!(!heavy_lines(&tools[0].as_bytes()[..tools[0].len() / 2]));
    assert!(!heavy_lines(b"\n  \n\t\n"));
    assert!(!heavy_lines(b""));
    // Blank lines are not counted among the sampled lines.
    let spaced = format!("\n\n{}\n\n{}\n", tools[0], chat_line());
    assert!(heavy_lines(spaced.as_bytes()));
}

#[test]
fn heavy_lines_takes_hostile_prefixes_without_a_panic_and_reads_only_whole_lines() {
    use batchlane_core::batch::{heavy_lines, PLAN_PREFIX_BYTES};
    let tools = corpus_lines(true);
    // One line as long as the whole prefix, never ended: no complete line, not heavy.
    let mut huge = tools[0].clone().into_bytes();
    huge.resize(PLAN_PREFIX_BYTES, b'a');
    assert!(!heavy_lines(&huge));
    // Invalid UTF-8, NUL and other control bytes around the key: bytes are
    // searched, not decoded, and the key still counts where it stands.
    let mut odd = b"\xff\xfe\x00\x01\x1b{\"body\": {\"tools\": [], \"x\": \"\xc3\x28\"}}\r\n".to_vec();
    odd.extend_from_slice(b"\x00\x00\x00\n");
    assert!(heavy_lines(&odd), "one heavy line of two");
    assert!(!heavy_lines(b"\xff\xfe\x00\n\x01\x02\n\xc3\x28\n"));
    // A number far past any integer type is only bytes here.
    let big = format!("{{\"max_tokens\": 1{}}}\n", "0".repeat(10_000));
    assert!(!heavy_lines(big.as_bytes()));
}
