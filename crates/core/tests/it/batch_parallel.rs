//! Several cores: a structural pass plus token passes over line-aligned byte
//! ranges, merged, gives the same report as one pass with a tokenizer.

use batchlane_core::batch::{
    check_bytes, check_bytes_parallel, owned_range, plan_parallel, sniff_model, CheckOptions, ParallelPlan, Report, BROKEN_AZURE,
    BROKEN_OPENAI, PLAN_PREFIX_BYTES, VALID_AZURE, VALID_OPENAI,
};
use batchlane_core::facts::Catalog;

fn normalized(mut r: Report) -> Report {
    if let Some(t) = &mut r.tokens {
        t.cache_hits = 0;
    }
    r
}

fn files() -> Vec<Vec<u8>> {
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
    vec![big, mixed, VALID_OPENAI.as_bytes().to_vec(), BROKEN_OPENAI.as_bytes().to_vec(), Vec::new(), b"\n\n".to_vec()]
}

#[test]
fn merged_equals_single_pass() {
    let mut catalog = Catalog::builtin();
    // A small context window, so that per-line token warnings show up.
    catalog.set_override("context_window.gpt-4o", 60.0).unwrap();
    for (i, f) in files().iter().enumerate() {
        for options in [
            CheckOptions { max_stored_per_code: 100_000, ..CheckOptions::default() },
            CheckOptions { model: Some("gpt-4o".into()), max_line_bytes: 400, max_stored_per_code: 3, ..CheckOptions::default() },
            CheckOptions { dialect: batchlane_core::batch::Dialect::OpenAi, ..CheckOptions::default() },
        ] {
            let single = normalized(check_bytes(f, options.clone(), &catalog));
            for n in 1..=5 {
                let merged = normalized(check_bytes_parallel(f, options.clone(), &catalog, n));
                assert_eq!(merged, single, "file {i}, {n} ranges, {options:?}");
            }
        }
    }
    let big = &files()[0];
    let r = check_bytes(big, CheckOptions::default(), &catalog);
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

#[test]
fn sniffs_the_first_model() {
    let c = Catalog::builtin();
    let o = CheckOptions::default();
    assert_eq!(sniff_model(BROKEN_OPENAI.as_bytes(), &o, &c).as_deref(), Some("gpt-4o-mini"));
    assert_eq!(sniff_model(b"\n{\"body\": {\"model\": \"x\"}", &o, &c), None);
}

fn chat(id: &str, model: Option<&str>, text: &str) -> String {
    let model = model.map_or(String::new(), |m| format!("\"model\": \"{m}\", "));
    format!(
        "{{\"custom_id\": \"{id}\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {{{model}\"max_tokens\": 16, \"messages\": [{{\"role\": \"user\", \"content\": \"{text}\"}}]}}}}\n"
    )
}

/// Token totals equal a single pass even when the model shows up late: after
/// a counted line without a model, or beyond the first megabyte.
#[test]
fn late_model_falls_back_to_a_single_pass() {
    let mut catalog = Catalog::builtin();
    catalog.set_override("context_window.gpt-4", 20.0).unwrap();
    let text = "Résumé of the ticket: 환불 요청, order 12345, shipped 2024-03-01 ✓";
    // A counted line before the first model (gpt-4 uses cl100k_base).
    let mut early = chat("a", None, text);
    for i in 0..40 {
        early.push_str(&chat(&format!("b{i}"), Some("gpt-4"), text));
    }
    // Over 1 MB of lines that are never counted (no body), then the model.
    let filler = format!("{{\"custom_id\": \"f\", \"note\": \"{}\"}}\n", "x".repeat(1000));
    let mut late = filler.repeat(1100);
    for i in 0..40 {
        late.push_str(&chat(&format!("c{i}"), Some("gpt-4"), text));
    }
    assert!(late.len() > PLAN_PREFIX_BYTES);
    let o = CheckOptions::default();
    assert_eq!(plan_parallel(early.as_bytes(), true, &o, &catalog), ParallelPlan::SinglePass);
    assert_eq!(plan_parallel(&late.as_bytes()[..PLAN_PREFIX_BYTES], false, &o, &catalog), ParallelPlan::SinglePass);
    let whole = chat("z", Some("gpt-4"), text);
    assert_eq!(plan_parallel(whole.as_bytes(), true, &o, &catalog), ParallelPlan::Split(Some("gpt-4".into())));
    assert_eq!(plan_parallel(b"{\"custom_id\": \"x\"}", true, &o, &catalog), ParallelPlan::Split(None));
    let named = CheckOptions { model: Some("gpt-4o".into()), ..CheckOptions::default() };
    assert_eq!(plan_parallel(early.as_bytes(), true, &named, &catalog), ParallelPlan::Split(None));
    for f in [&early, &late] {
        for options in [CheckOptions { max_stored_per_code: 100_000, ..CheckOptions::default() }, named.clone()] {
            let single = normalized(check_bytes(f.as_bytes(), options.clone(), &catalog));
            assert!(single.summary.prompt_tokens.unwrap() > 0);
            for n in [1, 3, 4] {
                let merged = normalized(check_bytes_parallel(f.as_bytes(), options.clone(), &catalog, n));
                assert_eq!(merged.summary, single.summary, "{n} ranges");
                assert_eq!(merged, single, "{n} ranges");
            }
        }
    }
}
