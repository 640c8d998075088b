//! Issue 27 item 3 on lines built in the test: an expired or cancelled
//! job's unanswered requests, classes that add up to the requests, and the
//! model the output reports on the per-model rows.

use super::results_domain::{join, outcome_of, Order};
use batchlane_core::facts::Catalog;
use batchlane_core::results::*;

fn input_line(id: &str, model: &str) -> String {
    format!(
        "{{\"custom_id\":\"{id}\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\",\"body\":{{\"model\":\"{model}\",\"messages\":[{{\"role\":\"user\",\"content\":\"hi {id}\"}}]}}}}\n"
    )
}

fn ok_line(id: &str, model: &str, prompt: u64, completion: u64) -> String {
    format!(
        "{{\"custom_id\":\"{id}\",\"response\":{{\"status_code\":200,\"body\":{{\"object\":\"chat.completion\",\"model\":\"{model}\",\"choices\":[{{\"finish_reason\":\"stop\"}}],\"usage\":{{\"prompt_tokens\":{prompt},\"completion_tokens\":{completion}}}}}}},\"error\":null}}\n"
    )
}

fn http_error_line(id: &str, status: u16, code: &str) -> String {
    format!(
        "{{\"custom_id\":\"{id}\",\"response\":{{\"status_code\":{status},\"body\":{{\"error\":{{\"code\":\"{code}\",\"message\":\"m\"}}}}}},\"error\":null}}\n"
    )
}

fn join_bytes(output: &str, errors: &str, input: &str) -> ResultsReport {
    let mut j = ResultsJoiner::new();
    j.feed_output(output.as_bytes());
    j.feed_errors(errors.as_bytes());
    j.feed_input(input.as_bytes());
    j.finish()
}

/// job_completed.json as an expired job with the given request counts.
fn expired_job(total: u64, completed: u64, failed: u64) -> BatchJob {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/results/job_completed.json");
    let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["status"] = "expired".into();
    v["request_counts"] = serde_json::json!({"total": total, "completed": completed, "failed": failed});
    parse_job(&v.to_string()).unwrap()
}

#[test]
fn an_expired_job_classifies_the_unfinished_requests_as_batch_expired() {
    // Fails before the fix: the job panel said the unfinished requests went
    // into the retry file as batch_expired while the counts called them
    // missing and batch_expired 0.
    let ids = ["r1", "r2", "r3", "r4", "r5"];
    let input: String = ids.iter().map(|id| input_line(id, "gpt-4o")).collect();
    let output = ok_line("r1", "gpt-4o-2024-08-06", 10, 5) + &ok_line("r2", "gpt-4o-2024-08-06", 10, 5);
    let errors = http_error_line("r3", 429, "rate_limit_exceeded");
    let mut r = join_bytes(&output, &errors, &input);
    let job = expired_job(5, 2, 1);
    let analysis = analyze_job(&job, 1_767_312_000, Vendor::Azure, &Catalog::builtin());
    let unfinished = analysis
        .warnings
        .iter()
        .find_map(|w| match w {
            JobWarning::JobExpired { unfinished } => Some(*unfinished),
            _ => None,
        })
        .unwrap();
    r.apply_job(&job);
    // In the input, in neither result file: the expired ones.
    let no_result: Vec<&str> = ids.iter().copied().filter(|id| !output.contains(id) && !errors.contains(id)).collect();
    assert_eq!(no_result.len() as u64, unfinished);
    for id in &no_result {
        assert_eq!(outcome_of(&r, id).0, Outcome::BatchExpired, "{id}");
    }
    let s = r.summary;
    assert_eq!((s.batch_expired, s.missing), (unfinished, 0));
    assert_eq!(r.rows.iter().filter(|x| x.outcome == Outcome::BatchExpired).count() as u64, s.batch_expired);
    let expired_in_retry: Vec<&str> =
        r.retry.entries.iter().filter(|e| e.outcome == Outcome::BatchExpired).map(|e| e.custom_id.as_str()).collect();
    assert_eq!(expired_in_retry, no_result);
    assert!(r.retry.entries.iter().all(|e| e.outcome != Outcome::Missing));
    // The retry file still holds every retryable request: r3 and the expired ones.
    let retry = String::from_utf8(build_retry_file(input.as_bytes(), &r.retry).unwrap()).unwrap();
    assert_eq!(retry.lines().count() as u64, s.rate_limited + s.batch_expired);
    // A job that did not expire changes nothing: the same requests stay missing.
    let mut done = join_bytes(&output, &errors, &input);
    let mut completed = job.clone();
    completed.status = JobStatus::Completed;
    done.apply_job(&completed);
    assert_eq!((done.summary.missing, done.summary.batch_expired), (no_result.len() as u64, 0));
}

#[test]
fn a_cancelled_jobs_unanswered_requests_are_batch_cancelled_and_retried() {
    // Fails before the fix: the job panel said the rest ended as
    // batch_cancelled, while the counts called them missing.
    let ids = ["c1", "c2", "c3", "c4"];
    let input: String = ids.iter().map(|id| input_line(id, "gpt-4o")).collect();
    let output = ok_line("c1", "gpt-4o-2024-08-06", 10, 5);
    let errors = http_error_line("c2", 500, "server_error");
    let mut r = join_bytes(&output, &errors, &input);
    let mut job = expired_job(4, 1, 1);
    job.status = JobStatus::Cancelled;
    assert_eq!(r.summary.missing, 2);
    r.apply_job(&job);
    for id in ["c3", "c4"] {
        let row = r.rows.iter().find(|x| x.custom_id == id).unwrap();
        assert_eq!((row.outcome, row.code.as_deref()), (Outcome::BatchCancelled, Some("batch_cancelled")), "{id}");
    }
    let s = r.summary;
    assert_eq!((s.batch_cancelled, s.missing, s.batch_expired), (2, 0, 0));
    // The job panel's words for a cancelled job name the same code.
    let said = analyze_job(&job, 1_767_312_000, Vendor::Azure, &Catalog::builtin()).status.meaning.en;
    assert!(said.contains(Outcome::BatchCancelled.code()), "{said}");
    // The retry file holds them (and the server error), as batch_cancelled.
    let cancelled: Vec<&str> =
        r.retry.entries.iter().filter(|e| e.outcome == Outcome::BatchCancelled).map(|e| e.custom_id.as_str()).collect();
    assert_eq!(cancelled, ["c3", "c4"]);
    let retry = String::from_utf8(build_retry_file(input.as_bytes(), &r.retry).unwrap()).unwrap();
    assert_eq!(retry.lines().count() as u64, s.server_error + s.batch_cancelled);
}

#[test]
fn every_request_is_in_exactly_one_class_and_the_classes_sum_to_the_requests() {
    // Fails before the fix: the summary carried `retryable` beside the
    // outcome counts it is made of (the page's tiles then added missing
    // to retryable and content_filtered to "never retried" again), so the
    // tiles summed to more than the number of requests.
    let r = join("chat", 64 * 1024, Order::OutputErrorsInput);
    let mut both = join_bytes(
        &ok_line("x", "gpt-4o", 1, 1),
        &http_error_line("x", 500, "server_error"),
        &(input_line("x", "gpt-4o") + &input_line("y", "gpt-4o")),
    );
    both.apply_job(&expired_job(2, 1, 0));
    for r in [&r, &both] {
        let s = r.summary;
        // Distinct custom_ids over the rows, counted here.
        let ids: std::collections::BTreeSet<&str> = r.rows.iter().map(|x| x.custom_id.as_str()).collect();
        assert_eq!(s.requests, ids.len() as u64);
        // Every count in the summary that is not a documented cross-cutting
        // figure is an outcome class: they partition the requests.
        let v = serde_json::to_value(s).unwrap();
        let cross = ["requests", "unexpected", "duplicates", "unreadable_lines", "usage_overflows"];
        let classes: u64 =
            v.as_object().unwrap().iter().filter(|(k, _)| !cross.contains(&k.as_str())).filter_map(|(_, n)| n.as_u64()).sum();
        assert_eq!(classes, s.requests, "{v}");
        for o in Outcome::ALL {
            assert_eq!(s.count(o), r.rows.iter().filter(|x| x.outcome == o).count() as u64, "{o:?}");
        }
        // The tiles: each outcome in exactly one, each request in exactly one.
        let tiles = s.tiles();
        let sum: u64 = tiles.iter().map(|t| t.count).sum();
        assert_eq!(sum, s.requests);
        for o in Outcome::ALL {
            assert_eq!(tiles.iter().filter(|t| t.outcomes.contains(&o)).count(), 1, "{o:?}");
        }
        for t in &tiles {
            assert_eq!(t.count, t.outcomes.iter().map(|&o| s.count(o)).sum::<u64>(), "{:?}", t.class);
            // A sub-count says whose part it is.
            for (o, n) in &t.of_which {
                assert!(t.outcomes.contains(o) && *n == s.count(*o) && *n <= t.count);
            }
        }
        assert_eq!(s.retryable(), r.rows.iter().filter(|x| x.outcome.is_retryable()).count() as u64);
        let retry_tile = tiles.iter().find(|t| t.class == TileClass::Retryable).unwrap();
        assert_eq!(retry_tile.count, s.retryable());
        assert!(Outcome::ALL.iter().all(|o| o.is_retryable() == retry_tile.outcomes.contains(o)));
    }
    // A request with an output line and an error line is one request.
    assert_eq!((both.summary.requests, both.summary.succeeded, both.summary.duplicates, both.summary.batch_expired), (2, 1, 1, 1));
}

#[test]
fn rows_without_a_model_in_the_output_are_priced_as_the_model_the_output_reports() {
    // Fails before the fix: the failed and unfinished requests kept the
    // input's deployment name, a $0 row that asked to pick a model.
    let deployment = "gpt-4o-mini-batch";
    let answered = "gpt-4o-mini-2024-07-18";
    let input: String = ["a", "b", "c", "d"].iter().map(|id| input_line(id, deployment)).collect();
    let output = ok_line("a", answered, 1000, 200) + &ok_line("b", answered, 3000, 100);
    let errors = http_error_line("c", 500, "server_error");
    let r = join_bytes(&output, &errors, &input);
    for row in &r.rows {
        assert_eq!(row.model.as_deref(), Some(answered), "{}", row.custom_id);
    }
    let c = cost_report(&r, &Catalog::builtin(), &CostOptions::default());
    // The requests without an answer carry no tokens: their row (no model,
    // $0) asks for nothing (issue 39: a model's row counts the requests
    // its lines carry, not those its input named).
    assert!(c.models.iter().all(|m| m.error.is_none() && (m.priced_as.is_some() || m.usage.is_zero())), "{:?}", c.models);
    assert_eq!(c.models.iter().map(|m| m.requests).sum::<u64>(), r.summary.requests);
    let (_, p) = batch_prices(&Catalog::builtin(), Some(answered), &CostOptions::default()).unwrap();
    assert!((c.total_usd - cost_usd(&r.total_usage, &p)).abs() < 1e-15);
    assert_eq!(c.unpriced_usage, Usage::default());
    // Two models answering for one deployment: the rows without an answer
    // take neither (nothing says which), and keep the input's name.
    let two = ok_line("a", answered, 1, 1) + &ok_line("b", "gpt-4o-2024-08-06", 1, 1);
    let r = join_bytes(&two, &errors, &input);
    assert_eq!(r.rows.iter().find(|x| x.custom_id == "c").unwrap().model.as_deref(), Some(deployment));
}

/// An expired job whose object counts every request as done (Azure's
/// counts at expiry: completed + failed = total) said "0 requests
/// unfinished; they are in the retry file" while the results put the
/// unanswered ones there as batch_expired. With results joined, the count
/// is the results' (page, CLI and Python call `analyze_job_with`).
#[test]
fn an_expired_job_counts_what_the_retry_file_holds_as_batch_expired() {
    let ids = ["r1", "r2", "r3", "r4", "r5"];
    let input: String = ids.iter().map(|id| input_line(id, "gpt-4o")).collect();
    let output = ok_line("r1", "gpt-4o-2024-08-06", 10, 5) + &ok_line("r2", "gpt-4o-2024-08-06", 10, 5);
    let r = join_bytes(&output, "", &input);
    let job = expired_job(5, 2, 3);
    let unfinished = |a: &JobAnalysis| {
        a.warnings.iter().find_map(|w| match w {
            JobWarning::JobExpired { unfinished } => Some(*unfinished),
            _ => None,
        })
    };
    let alone = analyze_job(&job, 1_767_312_000, Vendor::Azure, &Catalog::builtin());
    assert_eq!(unfinished(&alone), Some(0), "the job object alone counts none");
    for settled in [false, true] {
        let mut r = r.clone();
        if settled {
            r.apply_job(&job);
        }
        let a = analyze_job_with(&job, Some(&r), 1_767_312_000, Vendor::Azure, &Catalog::builtin());
        assert_eq!(unfinished(&a), Some(3), "settled: {settled}");
        let mut all = r.clone();
        all.apply_job(&job);
        assert_eq!(all.retry.entries.iter().filter(|e| e.outcome == Outcome::BatchExpired).count(), 3);
    }
}

/// The per-model cost row counted every request whose input named the
/// model (1,200) while only the lines that carry the model were priced
/// (946): a request with no answer (an error without a body, a missing
/// one) is in the row of requests without a model, which its zero tokens
/// cost nothing in.
#[test]
fn the_per_model_row_counts_the_requests_that_carry_the_model() {
    let ids = ["r1", "r2", "r3", "r4"];
    let input: String = ids.iter().map(|id| input_line(id, "gpt-4o")).collect();
    let output = ok_line("r1", "gpt-4o-2024-08-06", 10, 5) + &ok_line("r2", "gpt-4o-2024-08-06", 10, 5);
    let errors = http_error_line("r3", 500, "server_error");
    let r = join_bytes(&output, &errors, &input);
    let rows: Vec<(Option<&str>, u64)> = r.usage_by_model.iter().map(|m| (m.model.as_deref(), m.requests)).collect();
    assert_eq!(rows, [(None, 2), (Some("gpt-4o-2024-08-06"), 2)]);
    let cost = cost_report(&r, &Catalog::builtin(), &CostOptions::default());
    let priced: u64 = cost.models.iter().filter(|m| m.cost_usd.is_some_and(|c| c > 0.0)).map(|m| m.requests).sum();
    assert_eq!(priced, 2);
}
