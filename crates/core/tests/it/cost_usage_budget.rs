//! Usage parsing under limits: a line budget stops the parse (and says at
//! which line), problems beyond the cap are counted, not kept.

use batchlane_core::cost::{parse_usage, parse_usage_within, UsageFormat, UsageLimits, UsageParser};

fn csv(lines: usize, bad_every: usize) -> String {
    let mut s = String::from("tenant,model,prompt_tokens,completion_tokens\n");
    for i in 0..lines {
        if bad_every > 0 && i % bad_every == 0 {
            s.push_str("acme,gpt-4o,lots,1\n");
        } else {
            s.push_str("acme,gpt-4o,10,1\n");
        }
    }
    s
}

#[test]
fn the_line_budget_stops_the_parse_and_names_the_last_line_read() {
    let text = csv(100, 0);
    let p = parse_usage_within(&text, UsageLimits { max_lines: 11, max_diagnostics: 10 });
    // The header and ten records.
    assert_eq!(p.records.len(), 10);
    assert_eq!(p.stopped_at_line, Some(11));
    assert_eq!(p.records.last().map(|r| r.line), Some(11));
    let all = parse_usage(&text);
    assert_eq!(all.records.len(), 100);
    assert_eq!(all.stopped_at_line, None);
}

#[test]
fn problems_beyond_the_cap_are_counted() {
    let p = parse_usage_within(&csv(50, 2), UsageLimits { max_lines: 1_000, max_diagnostics: 7 });
    assert_eq!(p.diagnostics.len(), 7);
    assert_eq!(p.more_diagnostics, 25 - 7);
    assert_eq!(p.skipped(), 25);
    assert_eq!(p.records.len(), 25);
    // The kept ones are the first, in line order.
    assert_eq!(p.diagnostics.iter().map(|d| d.line).collect::<Vec<_>>(), vec![2, 4, 6, 8, 10, 12, 14]);
}

#[test]
fn fed_line_by_line_it_reads_like_the_whole_text() {
    let text = "{\"model\":\"gpt-4o\",\"prompt_tokens\":3,\"completion_tokens\":1}\n\nnot json\n";
    let mut parser = UsageParser::new(UsageLimits::default());
    for (i, line) in text.lines().enumerate() {
        assert!(parser.push_line(i + 1, line));
    }
    let fed = parser.finish();
    assert_eq!(fed, parse_usage(text));
    assert_eq!(fed.format, UsageFormat::JsonLines);
    assert_eq!(fed.records.len(), 1);
    assert_eq!(fed.diagnostics.len(), 1);
    assert_eq!(fed.diagnostics[0].line, 3);
}
