//! Runs the generated Flex-with-fallback client with the REAL `openai`
//! package against `tests/fixtures/python/flex_run.py`'s fake endpoint:
//! Flex 429s with Retry-After (seconds and ms) are waited out and retried;
//! capacity errors (503) back off within the budget, then one Standard
//! request; a Retry-After beyond the budget goes to Standard at once; a 400
//! is never retried; without the fallback the client raises.
//!
//! Over a requests file, the whole program runs with the fakes the queue
//! worker's tests use (`snippet_python::start`: the fake endpoint in a
//! thread of the client's process, its sleeps recorded): SIGTERM mid-call
//! or mid-wait (the request in flight finishes or is left, nothing new
//! starts, the unfinished ones are named, a re-run sends only them); two
//! processes at once on one file (each request sent once, one of them
//! stopped by SIGTERM midway: the other sends what it left); late 5xx on
//! Flex and on the Standard fallback; a 400 recorded, not retried. The
//! interpreter: `BATCHLANE_PYTHON`, else `<repo>/.tools/py/bin/python`.

use super::snippet_python::{at_fake_endpoint, python, start, Exited};
use batchlane_core::snippets::{flex_fallback_python, py_str, FlexApi, FlexOptions};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

fn options() -> FlexOptions {
    FlexOptions {
        budget_seconds: 10.0,
        max_attempts: 6,
        first_backoff_seconds: 2.0,
        max_backoff_seconds: 30.0,
        deployment: "sol-flex".into(),
        ..FlexOptions::default()
    }
}

fn run(name: &str, o: &FlexOptions, scenario: &str) -> Value {
    let dir = std::env::temp_dir().join(format!("batchlane-flex-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("flex_client.py");
    std::fs::write(&file, flex_fallback_python(o).unwrap()).unwrap();
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/python/flex_run.py");
    let out = Command::new(python()).arg(&driver).arg(&file).arg(scenario).env("AZURE_OPENAI_API_KEY", "k").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    let _ = std::fs::remove_dir_all(&dir);
    v
}

fn tiers(v: &Value) -> Vec<String> {
    v["requests"].as_array().unwrap().iter().map(|r| r["service_tier"].as_str().unwrap_or("").to_string()).collect()
}

#[test]
fn retry_after_is_honoured_and_flex_answers() {
    let v = run("ra", &options(), "retry_after_then_flex");
    assert_eq!(v["tier"], "flex");
    assert_eq!(v["attempts"], 3);
    assert_eq!(tiers(&v), ["flex", "flex", "flex"]);
    // Retry-After: 3 (seconds), then retry-after-ms: 1500.
    assert_eq!(v["sleeps"], serde_json::json!([3.0, 1.5]));
    assert!(v["requests"][0]["path"].as_str().unwrap().ends_with("/openai/v1/responses"));
    assert_eq!(v["requests"][0]["model"], "sol-flex");
}

#[test]
fn capacity_errors_back_off_within_the_budget_then_standard() {
    let v = run("cap", &options(), "capacity_then_standard");
    // Backoff 2 × 2^(n−1) × 0.5 (the fake's jitter): 1, 2, 4 = 7 s; the next (8 s) would pass 10 s.
    assert_eq!(v["sleeps"], serde_json::json!([1.0, 2.0, 4.0]));
    assert_eq!(tiers(&v), ["flex", "flex", "flex", "flex", "default"]);
    assert_eq!(v["tier"], "default");
    assert_eq!(v["response_tier"], "default");
}

#[test]
fn a_400_is_never_retried() {
    let v = run("400", &options(), "bad_request");
    assert_eq!(v["error"], "BadRequestError");
    assert_eq!(v["status"], 400);
    assert_eq!(tiers(&v), ["flex"], "one request, no Standard retry");
    assert_eq!(v["sleeps"], serde_json::json!([]));
}

#[test]
fn a_retry_after_beyond_the_budget_goes_to_standard_at_once() {
    let v = run("over", &options(), "retry_after_over_budget");
    assert_eq!(tiers(&v), ["flex", "default"]);
    assert_eq!(v["sleeps"], serde_json::json!([]));
}

#[test]
fn without_the_fallback_the_client_raises_after_its_attempts() {
    let o = FlexOptions { fallback_to_standard: false, max_attempts: 3, budget_seconds: 1_000.0, ..options() };
    let v = run("nofb", &o, "no_fallback");
    assert_eq!(v["error"], "FlexFailed");
    assert_eq!(tiers(&v), ["flex", "flex", "flex"]);
    assert_eq!(v["sleeps"].as_array().unwrap().len(), 2);
}

#[test]
fn chat_completions_too() {
    let o = FlexOptions { api: FlexApi::ChatCompletions, ..options() };
    let v = run("chat", &o, "chat");
    assert_eq!(v["tier"], "flex");
    assert!(v["requests"][0]["path"].as_str().unwrap().ends_with("/openai/v1/chat/completions"));
    assert_eq!(v["sleeps"], serde_json::json!([1.0]));
}

#[test]
fn a_user_string_reaches_the_code_only_quoted() {
    let o = FlexOptions { deployment: "x\"\nimport os; os.system('boom')  # \u{202e}".into(), ..options() };
    let code = flex_fallback_python(&o).unwrap();
    let line = code.lines().find(|l| l.starts_with("DEPLOYMENT = ")).unwrap();
    assert_eq!(line, r#"DEPLOYMENT = "x\"\nimport os; os.system('boom')  # \u202e""#);
    assert!(flex_fallback_python(&FlexOptions { endpoint: "http://x".into(), ..options() }).is_err());
    assert!(flex_fallback_python(&FlexOptions { budget_seconds: f64::NAN, ..options() }).is_err());
}

/// A working folder with the generated client (pointed at the fake) and a
/// requests file of batch input lines, `doc <id>` in each.
struct Folder {
    dir: PathBuf,
}

impl Drop for Folder {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

const LIMIT: Duration = Duration::from_secs(60);

impl Folder {
    fn new(name: &str, o: &FlexOptions, ids: &[String]) -> Folder {
        let dir = std::env::temp_dir().join(format!("batchlane-flexfile-{}-{name}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        let code = flex_fallback_python(o).unwrap();
        let code = at_fake_endpoint(&code, &format!("ENDPOINT = {}\n", py_str(&o.endpoint)));
        std::fs::write(dir.join("flex_client.py"), code).unwrap();
        let lines: String = ids
            .iter()
            .map(|id| {
                json!({"custom_id": id, "method": "POST", "url": "/v1/responses", "body": {"model": "anything", "input": format!("doc {id}")}})
                    .to_string()
                    + "\n"
            })
            .collect();
        std::fs::write(dir.join("requests.jsonl"), lines).unwrap();
        Folder { dir }
    }

    /// Starts the client on the requests file; `rules` are the fake endpoint's.
    fn start(&self, tag: &str, rules: Value) -> super::snippet_python::Running {
        let scenario = json!({"deployments": ["sol-flex"], "model": rules});
        let script = self.dir.join("flex_client.py");
        start(&self.dir, tag, &script, &["requests.jsonl"], &scenario, &[("AZURE_OPENAI_API_KEY", "k")])
    }

    fn run(&self, tag: &str, rules: Value) -> Exited {
        self.start(tag, rules).wait(LIMIT)
    }

    /// The results file's records.
    fn results(&self) -> Vec<Value> {
        let text = std::fs::read_to_string(self.dir.join("requests.jsonl.results.jsonl")).unwrap_or_default();
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    fn result_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = self.results().iter().map(|r| r["custom_id"].as_str().unwrap().to_string()).collect();
        ids.sort();
        ids
    }
}

fn ids(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("r{i:02}")).collect()
}

/// The model calls of a run: (the request's id, the tier asked for).
fn calls(e: &Exited) -> Vec<(String, String)> {
    e.events()
        .iter()
        .filter(|ev| ev["event"] == "model_call")
        .map(|ev| {
            let input = ev["body"]["input"].as_str().unwrap_or_default();
            (input.trim_start_matches("doc ").to_string(), ev["service_tier"].as_str().unwrap_or_default().to_string())
        })
        .collect()
}

fn sleeps(e: &Exited) -> Vec<f64> {
    e.events().iter().filter(|ev| ev["event"] == "sleep").map(|ev| ev["seconds"].as_f64().unwrap()).collect()
}

#[test]
fn sigterm_mid_call_finishes_that_request_starts_no_other_and_a_rerun_sends_only_the_rest() {
    let all = ids(5);
    let f = Folder::new("term", &options(), &all);
    // The pod is scaled in while r02's Flex call is in flight; the call answers later.
    let first = f.run("first", json!([{"match": "doc r02", "sigterm": true, "delay": 0.3}]));
    assert_eq!(first.code, Some(0), "{}", first.show());
    assert_eq!(first.events().iter().filter(|e| e["event"] == "sigterm_sent").count(), 1);
    assert_eq!(calls(&first), [("r01".to_string(), "flex".to_string()), ("r02".into(), "flex".into())], "nothing new after SIGTERM");
    assert_eq!(f.result_ids(), ["r01", "r02"], "the call in flight is answered and written");
    assert!(first.stderr.contains("SIGTERM"), "{}", first.show());
    assert!(first.stderr.contains("3 request(s) unfinished: r03, r04, r05"), "{}", first.show());
    let rest = f.run("rest", json!([]));
    assert_eq!(rest.code, Some(0), "{}", rest.show());
    let again: Vec<String> = calls(&rest).into_iter().map(|(id, _)| id).collect();
    assert_eq!(again, ["r03", "r04", "r05"], "a re-run sends only the unfinished");
    assert_eq!(f.result_ids(), all, "every request answered once");
    assert!(f.results().iter().all(|r| r["tier"] == "flex" && r["response"]["service_tier"] == "flex"));
}

#[test]
fn sigterm_during_a_wait_between_flex_attempts_ends_it_at_once_and_leaves_the_request() {
    let o = FlexOptions { budget_seconds: 100.0, ..options() };
    let f = Folder::new("term-wait", &o, &ids(2));
    // r01's Flex call is answered 429 Retry-After: 30, and SIGTERM arrives meanwhile.
    let rule = json!([{"match": "doc r01", "tier": "flex", "outcome": "flex_busy", "headers": {"retry-after": "30"}, "sigterm": true}]);
    let first = f.run("first", rule);
    assert_eq!(first.code, Some(0), "{}", first.show());
    assert_eq!(calls(&first), [("r01".to_string(), "flex".to_string())], "no Standard request, no r02");
    assert!(sleeps(&first).is_empty(), "the wait ended at once: {:?}", sleeps(&first));
    assert!(f.results().is_empty());
    assert!(first.stderr.contains("2 request(s) unfinished: r01, r02"), "{}", first.show());
    let rest = f.run("rest", json!([]));
    assert_eq!(rest.code, Some(0), "{}", rest.show());
    assert_eq!(f.result_ids(), ["r01", "r02"]);
}

/// Each id's model calls over the runs.
fn calls_per_id(runs: &[&Exited]) -> std::collections::BTreeMap<String, usize> {
    let mut m = std::collections::BTreeMap::new();
    for r in runs {
        for (id, _) in calls(r) {
            *m.entry(id).or_insert(0) += 1;
        }
    }
    m
}

#[test]
fn two_processes_at_once_send_each_request_once() {
    let all = ids(12);
    let f = Folder::new("two", &options(), &all);
    let slow = json!([{"match": "doc r", "delay": 0.3}]);
    let (a, b) = (f.start("a", slow.clone()), f.start("b", slow));
    let (a, b) = (a.wait(LIMIT), b.wait(LIMIT));
    assert_eq!((a.code, b.code), (Some(0), Some(0)), "{}\n{}", a.show(), b.show());
    assert!(!calls(&a).is_empty() && !calls(&b).is_empty(), "both worked:\n{}\n{}", a.show(), b.show());
    let per_id = calls_per_id(&[&a, &b]);
    assert_eq!(per_id.keys().cloned().collect::<Vec<_>>(), all);
    assert!(per_id.values().all(|n| *n == 1), "a request sent twice: {per_id:?}");
    assert_eq!(f.result_ids(), all, "one result line each");
}

#[test]
fn two_processes_one_stopped_by_sigterm_midway_the_other_sends_what_it_left() {
    let all = ids(10);
    let f = Folder::new("two-term", &options(), &all);
    // a: SIGTERM during its second call; b: no signal.
    let a_rules = json!([
        {"match": "doc r", "times": 1, "delay": 0.3},
        {"match": "doc r", "times": 1, "sigterm": true, "delay": 0.3},
        {"match": "doc r", "delay": 0.3},
    ]);
    let a = f.start("a", a_rules);
    let b = f.start("b", json!([{"match": "doc r", "delay": 0.3}]));
    let (a, b) = (a.wait(LIMIT), b.wait(LIMIT));
    assert_eq!((a.code, b.code), (Some(0), Some(0)), "{}\n{}", a.show(), b.show());
    assert_eq!(calls(&a).len(), 2, "a starts nothing after SIGTERM\n{}", a.show());
    assert!(a.stderr.contains("unfinished"), "{}", a.show());
    let per_id = calls_per_id(&[&a, &b]);
    assert!(per_id.values().all(|n| *n == 1), "a request sent twice: {per_id:?}");
    assert_eq!(f.result_ids(), all, "nothing lost");
}

#[test]
fn late_5xx_on_flex_are_retried_and_on_the_standard_fallback_the_sdk_retries() {
    let f = Folder::new("late5xx", &options(), &ids(2));
    let rules = json!([
        // r01: Flex answers 500 after a while, twice, then answers.
        {"match": "doc r01", "tier": "flex", "outcome": "internal", "delay": 0.3, "times": 2},
        // r02: Flex capacity is short throughout; Standard's first answer is a late 503.
        {"match": "doc r02", "tier": "flex", "outcome": "capacity"},
        {"match": "doc r02", "tier": "default", "outcome": "server_error", "delay": 0.3, "times": 1},
    ]);
    let e = f.run("run", rules);
    assert_eq!(e.code, Some(0), "{}", e.show());
    let by_id = |id: &str| f.results().into_iter().find(|r| r["custom_id"] == id).unwrap();
    assert_eq!((by_id("r01")["tier"].clone(), by_id("r01")["flex_attempts"].clone()), (json!("flex"), json!(3)));
    assert_eq!(by_id("r02")["tier"], "default");
    assert_eq!(by_id("r02")["response"]["service_tier"], "default");
    let r02: Vec<String> = calls(&e).into_iter().filter(|(id, _)| id == "r02").map(|(_, t)| t).collect();
    assert_eq!(r02.iter().filter(|t| *t == "default").count(), 2, "the 503 on Standard retried once: {r02:?}");
    // The waits between attempts are slept in slices of at most a second, so SIGTERM ends them.
    let waits = sleeps(&e);
    assert!(!waits.is_empty() && waits.iter().all(|s| *s > 0.0 && *s <= 1.0), "{waits:?}");
}

#[test]
fn a_400_in_the_file_is_recorded_once_and_never_retried() {
    let f = Folder::new("file400", &options(), &ids(2));
    let e = f.run("run", json!([{"match": "doc r01", "tier": "flex", "outcome": "flex_unsupported"}]));
    assert_eq!(e.code, Some(0), "{}", e.show());
    let r01: Vec<(String, String)> = calls(&e).into_iter().filter(|(id, _)| id == "r01").collect();
    assert_eq!(r01, [("r01".to_string(), "flex".to_string())], "one request, no Standard retry");
    let rec = f.results().into_iter().find(|r| r["custom_id"] == "r01").unwrap();
    assert_eq!(rec["error"]["status"], 400);
    assert!(rec["tier"].is_null());
    assert_eq!(f.result_ids(), ["r01", "r02"]);
    // A re-run sends nothing: a 400 is an answer.
    let again = f.run("again", json!([]));
    assert!(calls(&again).is_empty(), "{}", again.show());
}

// Azure answers 404 DeploymentNotFound when the deployment does not exist
// (the Azure Flex page's error table: "The deployment name or endpoint is
// incorrect"): the client says so at once, naming the deployment it used;
// no Flex retry, no Standard fallback (which would 404 too, or hide a
// wrong name behind another deployment).
#[test]
fn a_404_for_a_deployment_that_does_not_exist_is_raised_at_once_not_retried_nor_sent_to_standard() {
    let v = run("404", &options(), "deployment_not_found");
    assert_eq!(v["error"], "NotFoundError");
    assert_eq!(v["status"], 404);
    assert_eq!(tiers(&v), ["flex"], "one request, no retry, no Standard fallback");
    assert_eq!(v["sleeps"], serde_json::json!([]));
}

#[test]
fn a_wrong_deployment_name_over_a_file_stops_with_the_name_and_404_and_sends_nothing_else() {
    let o = FlexOptions { deployment: "sol-flx".into(), ..options() };
    let f = Folder::new("file404", &o, &ids(3));
    let e = f.run("run", json!([]));
    assert_eq!(e.code, Some(1), "{}", e.show());
    assert_eq!(calls(&e), [("r01".to_string(), "flex".to_string())], "one request, no retry, no Standard, no next request");
    assert!(sleeps(&e).is_empty(), "{:?}", sleeps(&e));
    assert!(f.results().is_empty(), "nothing recorded as answered");
    assert!(e.stderr.contains("HTTP 404"), "{}", e.show());
    assert!(e.stderr.contains("DeploymentNotFound"), "the service's code is shown: {}", e.show());
    assert!(e.stderr.contains("no deployment named 'sol-flx'"), "the name used is said: {}", e.show());
    // Fixed, a re-run sends every request.
    let fixed = Folder::new("file404-fixed", &options(), &ids(3));
    let again = fixed.run("again", json!([]));
    assert_eq!(again.code, Some(0), "{}", again.show());
    assert_eq!(fixed.result_ids(), ids(3));
}
