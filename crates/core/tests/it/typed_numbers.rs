//! One reading of a typed number (`io::parse_number`): every place a user
//! types a number takes the same group separators.

use batchlane_core::{quota, snippets, traffic};

/// The ways a user writes sixty thousand (io/number.rs lists them).
const SIXTY_THOUSAND: [&str; 7] = ["60000", "60 000", "60,000", "60_000", "60\u{a0}000", "60\u{202f}000", "60\u{2009}000"];

#[test]
fn a_traffic_limit_reads_every_group_separator() {
    for typed in SIXTY_THOUSAND {
        let limit = traffic::parse_limit(&format!("east={typed}/{typed}")).unwrap_or_else(|e| panic!("{typed:?}: {e}"));
        assert_eq!((limit.tpm, limit.rpm), (60_000.0, Some(60_000.0)), "{typed:?}");
    }
}

#[test]
fn a_planned_job_reads_every_group_separator() {
    for typed in SIXTY_THOUSAND {
        let jobs = snippets::parse_jobs(&format!("nightly:{typed}")).unwrap_or_else(|e| panic!("{typed:?}: {e}"));
        assert_eq!(jobs[0].enqueued_tokens, 60_000, "{typed:?}");
    }
}

#[test]
fn a_quota_link_reads_every_group_separator() {
    for typed in SIXTY_THOUSAND {
        let plan = quota::share::decode(&[("pk".to_string(), typed.to_string())]).unwrap_or_else(|e| panic!("{typed:?}: {e:?}"));
        assert_eq!(plan.peak_rpm, 60_000.0, "{typed:?}");
    }
}

#[test]
fn infinities_and_words_are_refused_everywhere() {
    for bad in ["inf", "NaN", "1e400", "sixty"] {
        assert!(traffic::parse_limit(&format!("east={bad}")).is_err(), "{bad:?}");
        assert!(snippets::parse_jobs(&format!("nightly:{bad}")).is_err(), "{bad:?}");
        assert!(quota::share::decode(&[("pk".to_string(), bad.to_string())]).is_err(), "{bad:?}");
    }
}
