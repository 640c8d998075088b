//! Runs the generated submission scripts (Python and bash/curl, both
//! dialects) against a local fake batch server
//! (`tests/fixtures/python/fake_batch_server.py`, on a free port) that
//! misbehaves as the real services do when its config asks: statuses in any
//! case, `token_limit_exceeded` at create and as a later `failed` batch,
//! 5xx and connection resets, `completed` without an output file, `expired`
//! with part of the output, outputs of hundreds of MB streamed, creates whose
//! answer is lost after the batch was made (reset, 5xx, an answer later than
//! `SUBMIT_API_TIMEOUT_SECONDS`), listings that lag or page past other
//! clients' batches; batches made are counted server-side.
//!
//! The Python script runs through the REAL `openai` package (the venv of
//! `./dev setup`, `BATCHLANE_PYTHON` or `<repo>/.tools/py/bin/python`; the
//! pins are in `tests/fixtures/python/requirements.txt`), with fakes of
//! azure-identity and azure-storage-blob on PYTHONPATH and `time.sleep` made
//! instant (and recorded) by the fakes' `sitecustomize`. The bash script runs
//! the real curl (through a shim that records its argv) and jq, with fakes of
//! `az` and `sleep` first on PATH.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::snippet_python::{fixtures, python};
use batchlane_core::facts::{Catalog, Kind};
use batchlane_core::snippets::{submit_curl, submit_python, Dialect, SubmitOptions, AZURE_BATCH_API_VERSION};
use serde_json::{json, Value};

fn which(program: &str) -> PathBuf {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|d| d.join(program))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{program} not on PATH"))
}

struct Server {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

impl Server {
    fn start(dir: &Path, config: &Value) -> Server {
        let path = dir.join("server.json");
        std::fs::write(&path, config.to_string()).unwrap();
        let log = dir.join("requests.jsonl");
        let mut child = Command::new("python3")
            .arg(fixtures().join("fake_batch_server.py"))
            .arg(&path)
            .arg(&log)
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let port = line.trim().parse().unwrap_or_else(|_| panic!("server said {line:?}"));
        Server { child, port, log }
    }

    fn requests(&self) -> Vec<Value> {
        std::fs::read_to_string(&self.log).unwrap_or_default().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    /// The batches the server created, server-side (answered or not).
    fn created(&self) -> Vec<Value> {
        let path = format!("{}.created", self.log.display());
        std::fs::read_to_string(path).unwrap_or_default().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }
}

/// One working directory with its input and one fake server; scripts can be
/// run in it several times (a re-run after a failure sees the same server).
struct World {
    dir: PathBuf,
    server: Server,
}

impl Drop for World {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

struct Outcome {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    /// Every request the server saw in this world so far.
    requests: Vec<Value>,
    /// The Python fakes' events (sleeps, uploads); empty for bash.
    events: Vec<Value>,
    sleeps: Vec<String>,
    az: Vec<String>,
    /// Every argv the curl shim saw (bash).
    curl_argv: Vec<String>,
    /// Peak resident set size of the script, in KiB (Python only).
    max_rss_kib: Option<u64>,
    elapsed: Duration,
}

impl Outcome {
    fn show(&self) -> String {
        format!("exit {:?}\nstdout:\n{}\nstderr:\n{}", self.code, self.stdout, self.stderr)
    }

    fn creates(&self) -> usize {
        self.requests.iter().filter(|r| r["method"] == "POST" && r["path"].as_str().unwrap().ends_with("/batches")).count()
    }

    fn uploads(&self) -> usize {
        self.requests.iter().filter(|r| r["method"] == "POST" && r["path"].as_str().unwrap().ends_with("/files")).count()
    }

    /// The Python script's sleeps (the fakes record them) or the bash script's.
    fn sleep_seconds(&self) -> Vec<f64> {
        if self.events.is_empty() {
            self.sleeps.iter().map(|s| s.parse().unwrap()).collect()
        } else {
            self.events.iter().filter(|e| e["event"] == "sleep").map(|e| e["seconds"].as_f64().unwrap()).collect()
        }
    }

    /// Blob names copied to owned storage, in order.
    fn copied(&self) -> Vec<String> {
        if self.events.is_empty() {
            self.az.iter().map(|l| l.split(" --name ").nth(1).unwrap().split(' ').next().unwrap().to_string()).collect()
        } else {
            self.events
                .iter()
                .filter(|e| e["event"] == "owned_upload")
                .map(|e| e["name"].as_str().unwrap().rsplit_once("batch-results/").unwrap().1.to_string())
                .collect()
        }
    }
}

const INPUT: &str = "{\"custom_id\":\"r1\",\"method\":\"POST\",\"url\":\"/chat/completions\",\"body\":{\"model\":\"batch-summarize\",\"messages\":[]}}\n{\"custom_id\":\"r2\",\"method\":\"POST\",\"url\":\"/chat/completions\",\"body\":{\"model\":\"batch-summarize\",\"messages\":[]}}\n";

fn input_of(ids: &[String]) -> String {
    ids.iter()
        .map(|id| format!("{{\"custom_id\":\"{id}\",\"method\":\"POST\",\"url\":\"/chat/completions\",\"body\":{{\"model\":\"batch-summarize\",\"messages\":[]}}}}\n"))
        .collect()
}

impl World {
    fn new(name: &str, config: Value, input: &str) -> World {
        let dir = std::env::temp_dir().join(format!("batchlane-submit-{}-{name}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(dir.join("tmp")).unwrap();
        std::fs::write(dir.join("batch.jsonl"), input).unwrap();
        // The azure fakes and sitecustomize, not the openai fake: the real SDK runs.
        let pyfakes = dir.join("pyfakes");
        std::fs::create_dir_all(&pyfakes).unwrap();
        for f in ["azure", "fake_world.py", "sitecustomize.py"] {
            std::os::unix::fs::symlink(fixtures().join("fakes").join(f), pyfakes.join(f)).unwrap();
        }
        let mut config = config;
        if config.get("custom_ids").is_none() {
            config["custom_ids"] = json!(["r1", "r2"]);
        }
        let server = Server::start(&dir, &config);
        World { dir, server }
    }

    fn state(&self) -> Value {
        let text = std::fs::read_to_string(self.dir.join("batch.jsonl.batch.json")).expect("state file saved");
        serde_json::from_str(&text).unwrap()
    }

    fn run(&self, o: &SubmitOptions, shell: bool, args: &[&str]) -> Outcome {
        self.run_with(o, shell, args, false, &[])
    }

    fn run_env(&self, o: &SubmitOptions, shell: bool, env: &[(&str, &str)]) -> Outcome {
        self.run_with(o, shell, &[], false, env)
    }

    fn run_with(&self, o: &SubmitOptions, shell: bool, args: &[&str], measure: bool, env: &[(&str, &str)]) -> Outcome {
        let c = Catalog::builtin();
        let dir = &self.dir;
        for f in ["events.json", "sleeps.log", "az.log", "curl.log", "rss"] {
            std::fs::remove_file(dir.join(f)).ok();
        }
        let base = format!("http://127.0.0.1:{}", self.server.port);
        let mut cmd = if shell {
            let script = dir.join("submit.sh");
            std::fs::write(&script, submit_curl(o, &c).unwrap()).unwrap();
            let mut cmd = Command::new("bash");
            cmd.arg(script).args(args);
            let path = format!("{}:{}", fixtures().join("bin").display(), std::env::var("PATH").unwrap_or_default());
            cmd.env("PATH", path)
                .env("REAL_CURL", which("curl"))
                .env("FAKE_CURL_LOG", dir.join("curl.log"))
                .env("FAKE_SLEEP_LOG", dir.join("sleeps.log"))
                .env("FAKE_AZ_LOG", dir.join("az.log"));
            cmd
        } else {
            let script = dir.join("submit.py");
            std::fs::write(&script, submit_python(o, &c).unwrap()).unwrap();
            let mut cmd = Command::new(python());
            if measure {
                // The child's peak RSS, from the wrapper's getrusage(RUSAGE_CHILDREN)
                // (-I: the wrapper itself loads no fakes, which would overwrite the events).
                cmd.arg("-I").arg("-c")
                    .arg("import resource, subprocess, sys\ncode = subprocess.call(sys.argv[2:])\nopen(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\nsys.exit(code)")
                    .arg(dir.join("rss"))
                    .arg(python());
            }
            cmd.arg(script).args(args);
            cmd.env("PYTHONPATH", dir.join("pyfakes")).env("FAKE_EVENTS", dir.join("events.json"));
            cmd.env("PYTHONDONTWRITEBYTECODE", "1");
            cmd
        };
        cmd.current_dir(dir)
            .env("TMPDIR", dir.join("tmp"))
            .env("AZURE_OPENAI_ENDPOINT", &base)
            .env("OPENAI_BASE_URL", format!("{base}/v1"))
            .env("OPENAI_API_KEY", "sk-test")
            .envs(env.iter().copied());
        let start = Instant::now();
        let out = cmd.output().expect("script runs");
        let elapsed = start.elapsed();
        let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap_or_default();
        let events =
            serde_json::from_str::<Value>(&read("events.json")).map(|v| v["events"].as_array().unwrap().clone()).unwrap_or_default();
        Outcome {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).to_string(),
            stderr: String::from_utf8_lossy(&out.stderr).to_string(),
            requests: self.server.requests(),
            events,
            sleeps: read("sleeps.log").lines().map(String::from).collect(),
            az: read("az.log").lines().map(String::from).collect(),
            curl_argv: read("curl.log").lines().map(String::from).collect(),
            max_rss_kib: read("rss").trim().parse().ok(),
            elapsed,
        }
    }

    fn joined(&self, batch_id: &str) -> Vec<Value> {
        let text = std::fs::read_to_string(self.dir.join(format!("{batch_id}.joined.jsonl"))).expect("joined file");
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }
}

fn polls(o: &Outcome, batch_id: &str) -> usize {
    let suffix = format!("/batches/{batch_id}");
    o.requests.iter().filter(|r| r["method"] == "GET" && r["path"].as_str().unwrap().ends_with(&suffix)).count()
}

fn create_body(o: &Outcome) -> Value {
    o.requests.iter().find(|r| r["method"] == "POST" && r["path"].as_str().unwrap().ends_with("/batches")).expect("batch created")["json"]
        .clone()
}

fn first_backoff() -> f64 {
    Catalog::builtin().require(Kind::FailFastFirstBackoffSeconds, "azure")
}

fn max_attempts() -> usize {
    Catalog::builtin().require(Kind::FailFastMaxAttempts, "azure") as usize
}

const STATUSES: &[&str] = &["Validating", "Mystery", "In_Progress", "Completed"];

#[test]
fn python_azure_polls_through_capitalised_and_unknown_statuses_with_the_documented_api_version() {
    let c = Catalog::builtin();
    let o = SubmitOptions::new(Dialect::Azure, &c);
    let w = World::new("py-azure", json!({"statuses": STATUSES}), INPUT);
    let r = w.run(&o, false, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(polls(&r, "batch_1"), STATUSES.len(), "kept polling through Validating, Mystery and In_Progress");
    assert!(r.stderr.contains("unknown batch status 'Mystery'"), "{}", r.stderr);
    assert!(!r.stderr.contains("'Validating'") && !r.stderr.contains("'In_Progress'"), "known, whatever their case");
    for req in &r.requests {
        assert!(req["path"].as_str().unwrap().starts_with("/openai/"), "{req}");
        assert_eq!(req["query"]["api-version"], json!([AZURE_BATCH_API_VERSION]), "{req}");
        assert_eq!(req["auth"], "Bearer fake-token", "{req}");
    }
    // The real SDK's multipart upload, with the expiry.
    let upload = &r.requests[0];
    assert_eq!(upload["form"]["purpose"], "batch", "{upload}");
    assert!(upload["form"]["file"].as_str().unwrap().contains("\"custom_id\":\"r1\""), "{upload}");
    assert!(
        upload["form"]
            .as_object()
            .unwrap()
            .iter()
            .any(|(k, v)| k.contains("seconds") && v == &json!(o.file_expires_after_seconds.to_string())),
        "{upload}"
    );
    let body = create_body(&r);
    assert_eq!(body["output_expires_after"]["seconds"], o.output_expires_after_seconds);
    assert_eq!(body["completion_window"], "24h");
    assert_eq!(r.sleep_seconds(), vec![o.poll_interval_seconds as f64; STATUSES.len() - 1]);
    assert_eq!(r.copied(), ["batch_1/output.jsonl", "batch_1/errors.jsonl", "batch_1/joined.jsonl"]);
    let joined = w.joined("batch_1");
    assert!(joined.iter().all(|j| j["outcome"] == "ok" && j["request"]["body"]["model"] == "batch-summarize"), "{joined:?}");
    assert!(r.stdout.contains("submitted batch_1") && r.stdout.contains("--batch-id batch_1"), "the id is printed: {}", r.stdout);
    assert_eq!(w.state()["batch_id"], "batch_1");
}

#[test]
fn python_openai_has_no_api_version_and_no_azure_poll_floor() {
    let c = Catalog::builtin();
    let mut o = SubmitOptions::new(Dialect::OpenAi, &c);
    o.poll_interval_seconds = 1; // below Azure's floor: fine for OpenAI
    let w = World::new("py-openai", json!({"statuses": ["validating", "made_up_status", "COMPLETED"]}), INPUT);
    let r = w.run(&o, false, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(polls(&r, "batch_1"), 3);
    assert!(r.stderr.contains("unknown batch status 'made_up_status'"), "{}", r.stderr);
    for req in &r.requests {
        assert!(req["path"].as_str().unwrap().starts_with("/v1/"), "{req}");
        assert!(req["query"].as_object().unwrap().is_empty(), "{req}");
        assert_eq!(req["auth"], "Bearer sk-test", "{req}");
    }
    assert_eq!(create_body(&r)["endpoint"], "/v1/chat/completions");
    assert_eq!(r.sleep_seconds(), vec![1.0, 1.0]);
}

#[test]
fn curl_azure_checks_the_deployment_and_polls_through_capitalised_and_unknown_statuses() {
    let c = Catalog::builtin();
    let o = SubmitOptions::new(Dialect::Azure, &c);
    let w = World::new("sh-azure", json!({"statuses": STATUSES}), INPUT);
    let r = w.run(&o, true, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(polls(&r, "batch_1"), STATUSES.len());
    assert!(r.stderr.contains("unknown batch status Mystery; still polling"), "{}", r.stderr);
    assert!(!r.stderr.contains("status Validating") && !r.stderr.contains("status In_Progress"), "{}", r.stderr);
    for req in &r.requests {
        assert_eq!(req["query"]["api-version"], json!([AZURE_BATCH_API_VERSION]), "{req}");
        assert_eq!(req["auth"], "Bearer fake-token");
    }
    let upload = &r.requests[0];
    assert_eq!(upload["form"]["purpose"], "batch");
    assert_eq!(upload["form"]["expires_after.seconds"], o.file_expires_after_seconds.to_string());
    assert_eq!(create_body(&r)["output_expires_after"]["seconds"], o.output_expires_after_seconds);
    assert_eq!(r.sleeps, vec![o.poll_interval_seconds.to_string(); STATUSES.len() - 1]);
    assert_eq!(r.copied(), ["batch_1/output.jsonl", "batch_1/errors.jsonl", "batch_1/joined.jsonl"]);
    assert!(r.stdout.contains("2 requests, 0 not ok"), "{}", r.stdout);
    assert!(r.stdout.contains("submitted batch_1") && r.stdout.contains("--batch-id batch_1"), "{}", r.stdout);
    assert_eq!(w.state()["batch_id"], "batch_1");
}

#[test]
fn curl_openai_polls_through_unknown_statuses() {
    let c = Catalog::builtin();
    let mut o = SubmitOptions::new(Dialect::OpenAi, &c);
    o.poll_interval_seconds = 2;
    let w = World::new("sh-openai", json!({"statuses": ["VALIDATING", "made_up_status", "Completed"]}), INPUT);
    let r = w.run(&o, true, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(polls(&r, "batch_1"), 3);
    assert!(r.stderr.contains("unknown batch status made_up_status"), "{}", r.stderr);
    assert!(r.requests.iter().all(|q| q["path"].as_str().unwrap().starts_with("/v1/") && q["auth"] == "Bearer sk-test"));
    assert_eq!(r.requests[0]["form"]["expires_after[seconds]"], o.file_expires_after_seconds.to_string());
    assert_eq!(r.sleeps, vec!["2".to_string(), "2".to_string()]);
}

#[test]
fn both_scripts_refuse_a_line_for_another_deployment_before_uploading() {
    let c = Catalog::builtin();
    let (first, second) = INPUT.split_once('\n').unwrap();
    let wrong = format!("{first}\n{}", second.replace("batch-summarize", "gpt-4o"));
    for shell in [false, true] {
        let o = SubmitOptions::new(Dialect::Azure, &c);
        let w = World::new(&format!("wrong-model-{shell}"), json!({"statuses": STATUSES}), &wrong);
        let r = w.run(&o, shell, &[]);
        assert_eq!(r.code, Some(1), "shell={shell}\n{}", r.show());
        assert!(r.stderr.contains("line 2: model is gpt-4o") || r.stderr.contains("line 2: model is not batch-summarize"), "{}", r.stderr);
        assert!(r.requests.is_empty(), "nothing uploaded: {:?}", r.requests);
    }
}

#[test]
fn the_poll_floor_is_azure_only() {
    let c = Catalog::builtin();
    let mut azure = SubmitOptions::new(Dialect::Azure, &c);
    azure.poll_interval_seconds = 10;
    assert_eq!(submit_python(&azure, &c).unwrap_err()[0].field, "poll_interval_seconds");
    assert_eq!(submit_curl(&azure, &c).unwrap_err()[0].field, "poll_interval_seconds");
    let mut openai = SubmitOptions::new(Dialect::OpenAi, &c);
    openai.poll_interval_seconds = 10;
    assert!(submit_python(&openai, &c).is_ok() && submit_curl(&openai, &c).is_ok());
    openai.poll_interval_seconds = 0;
    assert_eq!(submit_curl(&openai, &c).unwrap_err()[0].field, "poll_interval_seconds");
    // The OpenAI dialect has no api-version to fill in.
    openai.poll_interval_seconds = 10;
    openai.api_version = String::new();
    assert!(submit_python(&openai, &c).is_ok());
}

/// Both scripts, both dialects.
fn every_script() -> Vec<(Dialect, bool)> {
    vec![(Dialect::Azure, false), (Dialect::OpenAi, false), (Dialect::Azure, true), (Dialect::OpenAi, true)]
}

fn options(dialect: Dialect) -> SubmitOptions {
    let c = Catalog::builtin();
    let mut o = SubmitOptions::new(dialect, &c);
    if dialect == Dialect::OpenAi {
        o.poll_interval_seconds = 60;
    }
    o
}

#[test]
fn an_outage_while_polling_and_downloading_is_ridden_out_with_backoff() {
    // Three 503s and two connection resets on the polls, a reset on the download.
    let faults = json!([
        {"method": "GET", "path": "/batches/", "times": 3, "mode": "503"},
        {"method": "GET", "path": "/batches/", "times": 2, "mode": "reset"},
        {"method": "GET", "path": "/content", "times": 1, "mode": "reset"},
    ]);
    for (dialect, shell) in every_script() {
        let w =
            World::new(&format!("outage-{dialect:?}-{shell}"), json!({"statuses": ["in_progress", "completed"], "faults": faults}), INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert_eq!(r.creates(), 1, "{what}");
        assert_eq!(polls(&r, "batch_1"), 5 + 2, "{what}");
        // Backoff: 15, 30, 60, 120, 240 s over the five failed polls, then 15 s for the download.
        let sleeps = r.sleep_seconds();
        for backoff in [15.0, 30.0, 60.0, 120.0, 240.0] {
            assert!(sleeps.contains(&backoff), "backoff {backoff} in {sleeps:?}\n{what}");
        }
        assert_eq!(w.joined("batch_1").len(), 2, "{what}");
    }
}

#[test]
fn a_run_that_gives_up_says_how_to_resume_and_a_rerun_resumes_without_a_second_create() {
    for (dialect, shell) in every_script() {
        // The polls fail past the retry bound (10 tries), then the service is back.
        let faults = json!([{"method": "GET", "path": "/batches/", "times": 10, "mode": "503"}]);
        let w =
            World::new(&format!("resume-{dialect:?}-{shell}"), json!({"statuses": ["in_progress", "completed"], "faults": faults}), INPUT);
        let o = options(dialect);
        let first = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", first.show());
        assert_eq!(first.code, Some(75), "{what}");
        assert!(first.stderr.contains("--batch-id batch_1"), "{what}");
        assert_eq!(w.state()["batch_id"], "batch_1", "{what}");
        let second = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", second.show());
        assert_eq!(second.code, Some(0), "{what}");
        assert!(second.stdout.contains("resuming"), "{what}");
        assert_eq!((second.uploads(), second.creates()), (1, 1), "one upload and one create over both runs\n{what}");
        assert_eq!(second.copied().len(), 3, "{what}");
    }
}

#[test]
fn batch_id_resumes_polling_and_copying_without_upload_or_create() {
    for (dialect, shell) in every_script() {
        let w = World::new(&format!("batch-id-{dialect:?}-{shell}"), json!({"statuses": ["Completed"]}), INPUT);
        // A batch the server knows: created by an earlier run in another directory.
        let prior = w.run(&options(dialect), shell, &[]);
        assert_eq!(prior.code, Some(0), "{}", prior.show());
        std::fs::remove_file(w.dir.join("batch.jsonl.batch.json")).unwrap();
        let r = w.run(&options(dialect), shell, &["--batch-id", "batch_1"]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert_eq!((r.uploads(), r.creates()), (1, 1), "nothing uploaded or created by --batch-id\n{what}");
        assert_eq!(r.copied(), ["batch_1/output.jsonl", "batch_1/errors.jsonl", "batch_1/joined.jsonl"], "{what}");
    }
}

#[test]
fn help_says_a_rerun_resumes() {
    for (dialect, shell) in every_script() {
        let w = World::new(&format!("help-{dialect:?}-{shell}"), json!({}), INPUT);
        let r = w.run(&options(dialect), shell, &["--help"]);
        assert_eq!(r.code, Some(0), "{}", r.show());
        let help = r.stdout.replace('\n', " ");
        assert!(help.contains("--batch-id") && help.contains("resumes"), "{help}");
        assert!(r.requests.is_empty());
    }
}

#[test]
fn token_limit_exceeded_at_create_or_later_as_a_failed_batch_creates_again_with_backoff() {
    let first = first_backoff();
    for (dialect, shell) in every_script() {
        // Create 1 refused at once; create 2 accepted, then failed with token_limit_exceeded; create 3 runs.
        let config = json!({"statuses": ["in_progress", "completed"], "create_token_limit": 1, "quota_failures": 1});
        let w = World::new(&format!("quota-{dialect:?}-{shell}"), config, INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert_eq!((r.uploads(), r.creates()), (1, 3), "{what}");
        let sleeps = r.sleep_seconds();
        assert!(sleeps.contains(&first) && sleeps.contains(&(2.0 * first)), "{sleeps:?}\n{what}");
        assert_eq!(r.copied(), ["batch_2/output.jsonl", "batch_2/errors.jsonl", "batch_2/joined.jsonl"], "{what}");
        assert_eq!(w.state()["batch_id"], "batch_2", "{what}");
        assert!(create_body(&r)["input_file_id"] == "file-in-1", "{what}");
    }
}

#[test]
fn token_limit_exceeded_gives_up_after_the_catalog_attempts() {
    for (dialect, shell) in every_script() {
        let w = World::new(&format!("quota-full-{dialect:?}-{shell}"), json!({"quota_failures": 99}), INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(6), "{what}");
        assert_eq!(r.creates(), max_attempts(), "{what}");
        assert!(r.stderr.contains("quota still full"), "{what}");
    }
}

#[test]
fn completed_without_an_output_file_copies_the_error_file_and_says_so() {
    for (dialect, shell) in every_script() {
        let config = json!({"statuses": ["completed"], "output_ids": [], "error_ids": ["r1", "r2"]});
        let w = World::new(&format!("no-output-{dialect:?}-{shell}"), config, INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(3), "completed, requests not ok\n{what}");
        assert!(r.stderr.contains("without an output file"), "{what}");
        assert_eq!(r.copied().len(), 3, "{what}");
        let joined = w.joined("batch_1");
        assert_eq!(joined.iter().filter(|j| j["outcome"] == "failed").count(), 2, "{joined:?}");
    }
}

#[test]
fn expired_with_partial_output_copies_what_finished_and_exits_expired() {
    for (dialect, shell) in every_script() {
        let config =
            json!({"statuses": ["in_progress", "Expired"], "custom_ids": ["r1", "r2", "r3"], "output_ids": ["r1"], "error_ids": ["r2"]});
        let ids: Vec<String> = ["r1", "r2", "r3"].map(String::from).to_vec();
        let w = World::new(&format!("expired-{dialect:?}-{shell}"), config, &input_of(&ids));
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(4), "{what}");
        assert!(r.stderr.contains("ALERT"), "{what}");
        assert_eq!(r.copied().len(), 3, "{what}");
        let mut outcomes: Vec<(String, String)> =
            w.joined("batch_1").iter().map(|j| (j["custom_id"].as_str().unwrap().into(), j["outcome"].as_str().unwrap().into())).collect();
        outcomes.sort();
        assert_eq!(outcomes, [("r1".into(), "ok".into()), ("r2".into(), "failed".into()), ("r3".into(), "missing".into())], "{what}");
    }
}

const LARGE_LINES: usize = 300;
const LARGE_LINE_BYTES: usize = 1 << 20;

#[test]
fn python_streams_a_300_mb_output_to_disk_within_a_100_mb_budget() {
    let ids: Vec<String> = (0..LARGE_LINES).map(|i| format!("r{i}")).collect();
    let config = json!({"statuses": ["completed"], "custom_ids": ids, "output_line_bytes": LARGE_LINE_BYTES});
    let w = World::new("large-python", config, &input_of(&ids));
    let r = w.run_with(&options(Dialect::Azure), false, &[], true, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let rss = r.max_rss_kib.expect("rss measured");
    let uploaded: Vec<u64> = r.events.iter().filter(|e| e["event"] == "owned_upload").map(|e| e["size"].as_u64().unwrap()).collect();
    eprintln!("output {} MB, peak RSS {} MB, {:?}", uploaded[0] >> 20, rss >> 10, r.elapsed);
    assert!(rss < 100 * 1024, "peak RSS {} MB for a {} MB output", rss >> 10, uploaded[0] >> 20);
    let size = std::fs::metadata(w.dir.join("batch_1.output.jsonl")).unwrap().len();
    assert!(size > (LARGE_LINES * LARGE_LINE_BYTES) as u64, "{size}");
    assert_eq!(uploaded[0], size, "the whole output copied");
}

#[test]
fn curl_streams_a_large_output_to_disk() {
    let ids: Vec<String> = (0..64).map(|i| format!("r{i}")).collect();
    let config = json!({"statuses": ["completed"], "custom_ids": ids, "output_line_bytes": LARGE_LINE_BYTES});
    let w = World::new("large-curl", config, &input_of(&ids));
    let r = w.run(&options(Dialect::OpenAi), true, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(r.curl_argv.iter().any(|a| a.contains("-o batch_1.output.jsonl.part")), "{:?}", r.curl_argv);
    assert_eq!(w.joined("batch_1").len(), 64);
}

#[test]
fn the_bearer_token_never_reaches_curls_command_line() {
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let w = World::new(&format!("argv-{dialect:?}"), json!({"statuses": ["completed"]}), INPUT);
        let r = w.run(&options(dialect), true, &[]);
        assert_eq!(r.code, Some(0), "{}", r.show());
        assert!(r.curl_argv.len() >= 4, "{:?}", r.curl_argv);
        let token = if dialect == Dialect::Azure { "fake-token" } else { "sk-test" };
        for argv in &r.curl_argv {
            assert!(!argv.contains(token) && !argv.contains("Authorization"), "token on the command line: {argv}");
        }
        // The header file (mode 600) is gone once the script ends.
        let left: Vec<_> = std::fs::read_dir(w.dir.join("tmp")).unwrap().map(|e| e.unwrap().path()).collect();
        assert!(left.is_empty(), "{left:?}");
    }
}

/// The listings (GET /batches) the server saw, and how many of them asked for a later page.
fn listings(o: &Outcome) -> (usize, usize) {
    let lists: Vec<&Value> =
        o.requests.iter().filter(|r| r["method"] == "GET" && r["path"].as_str().unwrap().ends_with("/batches")).collect();
    (lists.len(), lists.iter().filter(|r| r["query"].get("after").is_some()).count())
}

/// The create's first answer is lost: "reset" (connection reset) or "503",
/// after the server created the batch.
fn cut_off_create(mode: &str) -> Value {
    json!({"method": "POST", "path_end": "/batches", "times": 1, "mode": mode, "applied": true})
}

/// How long the scripts wait between two look-ups for a batch whose create went unanswered.
const LOOKUP_DELAY: f64 = 60.0;
const LOOKUP_TRIES: usize = 4;

#[test]
fn a_create_cut_off_after_it_landed_is_found_by_its_submission_id_not_created_again() {
    for mode in ["reset", "503"] {
        for (dialect, shell) in every_script() {
            // 120 batches of other clients land right after ours: the look-up pages past them.
            let config = json!({"statuses": ["completed"], "faults": [cut_off_create(mode)], "others_after_create": 120, "old_batches": 5});
            let w = World::new(&format!("cut-{mode}-{dialect:?}-{shell}"), config, INPUT);
            let r = w.run(&options(dialect), shell, &[]);
            let what = format!("{mode} {dialect:?} shell={shell}\n{}", r.show());
            assert_eq!(r.code, Some(0), "{what}");
            assert!(!r.stderr.contains("Traceback"), "{what}");
            assert!(r.stderr.contains("may have gone through"), "{what}");
            assert_eq!(w.server.created().len(), 1, "one batch, server-side\n{what}");
            assert_eq!(r.creates(), 1, "the create is not repeated\n{what}");
            let sid = create_body(&r)["metadata"]["submission_id"].as_str().expect("the create carries a submission id").to_string();
            assert_eq!(sid.len(), 36, "a uuid: {sid}");
            assert_eq!(w.server.created()[0]["metadata"]["submission_id"], sid.as_str());
            assert_eq!(w.state()["submission_id"], sid.as_str(), "{what}");
            assert_eq!(w.state()["batch_id"], "batch_1", "{what}");
            let (lists, paged) = listings(&r);
            assert!(lists >= 2 && paged >= 1, "followed `after` past the first page: {lists} {paged}\n{what}");
            assert!(r.requests.iter().any(|q| q["query"]["limit"] == json!(["100"])), "{what}");
            assert!(r.stdout.contains("found batch_1"), "{what}");
            assert_eq!(r.copied(), ["batch_1/output.jsonl", "batch_1/errors.jsonl", "batch_1/joined.jsonl"], "{what}");
        }
    }
}

#[test]
fn a_cut_off_create_then_an_outage_then_a_rerun_make_exactly_one_batch() {
    for (dialect, shell) in every_script() {
        // The create lands but its answer is lost; then the listing fails past the retry bound.
        let faults = json!([cut_off_create("reset"), {"method": "GET", "path_end": "/batches", "times": 10, "mode": "503"}]);
        let w = World::new(&format!("cut-rerun-{dialect:?}-{shell}"), json!({"statuses": ["completed"], "faults": faults}), INPUT);
        let o = options(dialect);
        let first = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", first.show());
        assert_eq!(first.code, Some(75), "{what}");
        assert!(!first.stderr.contains("Traceback"), "{what}");
        let sid = w.state()["submission_id"].as_str().expect("submission id saved").to_string();
        assert!(w.state()["batch_id"].as_str().unwrap_or("").is_empty(), "{what}");
        assert!(first.stderr.contains(&sid), "the message names the submission looked for\n{what}");
        let second = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", second.show());
        assert_eq!(second.code, Some(0), "{what}");
        assert_eq!((second.uploads(), second.creates()), (1, 1), "one upload and one POST /batches over both runs\n{what}");
        assert_eq!(w.server.created().len(), 1, "exactly one batch created server-side over both runs\n{what}");
        assert_eq!(w.state()["batch_id"], "batch_1", "{what}");
        assert_eq!(second.copied().len(), 3, "{what}");
    }
}

#[test]
fn a_create_that_shows_late_in_the_listing_is_looked_for_again_not_created_again() {
    for (dialect, shell) in every_script() {
        // The batch shows in no listing for the first two look-ups.
        let config = json!({"statuses": ["completed"], "faults": [cut_off_create("reset")], "list_lag": 2});
        let w = World::new(&format!("lag-{dialect:?}-{shell}"), config, INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert_eq!((r.creates(), w.server.created().len()), (1, 1), "{what}");
        assert_eq!(listings(&r).0, 3, "{what}");
        assert_eq!(r.sleep_seconds().iter().filter(|s| **s == LOOKUP_DELAY).count(), 2, "{:?}\n{what}", r.sleep_seconds());
    }
}

#[test]
fn a_create_that_never_landed_is_created_again_once_the_look_ups_find_nothing() {
    for (dialect, shell) in every_script() {
        // The first create is reset before it lands; 250 old batches of other clients.
        let faults = json!([{"method": "POST", "path_end": "/batches", "times": 1, "mode": "reset"}]);
        let config = json!({"statuses": ["completed"], "faults": faults, "old_batches": 250});
        let w = World::new(&format!("lost-{dialect:?}-{shell}"), config, INPUT);
        let r = w.run(&options(dialect), shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert_eq!((r.creates(), w.server.created().len()), (2, 1), "{what}");
        // One page a look: the listing stops at batches created well before the submission.
        assert_eq!(listings(&r), (LOOKUP_TRIES, 0), "{what}");
        let bodies: Vec<&Value> =
            r.requests.iter().filter(|q| q["method"] == "POST" && q["path"].as_str().unwrap().ends_with("/batches")).collect();
        assert_ne!(bodies[0]["json"]["metadata"], bodies[1]["json"]["metadata"], "a new submission id per create\n{what}");
        assert_eq!(w.state()["batch_id"], "batch_1", "{what}");
    }
}

#[test]
fn calls_answered_after_the_timeout_are_retried_and_a_timed_out_create_is_looked_up() {
    // The four scripts at once: each waits out three real 1 s timeouts.
    std::thread::scope(|scope| {
        for (dialect, shell) in every_script() {
            scope.spawn(move || {
                // SUBMIT_API_TIMEOUT_SECONDS=1: the create lands but answers after 2.5 s; two polls do too.
                let faults = json!([
                    {"method": "POST", "path_end": "/batches", "times": 1, "mode": "delay", "seconds": 2.5, "applied": true},
                    {"method": "GET", "path": "/batches/", "times": 2, "mode": "delay", "seconds": 2.5},
                ]);
                let w = World::new(&format!("timeout-{dialect:?}-{shell}"), json!({"statuses": ["completed"], "faults": faults}), INPUT);
                let r = w.run_env(&options(dialect), shell, &[("SUBMIT_API_TIMEOUT_SECONDS", "1")]);
                let what = format!("{dialect:?} shell={shell}\n{}", r.show());
                assert_eq!(r.code, Some(0), "{what}");
                assert!(!r.stderr.contains("Traceback"), "{what}");
                assert_eq!((r.creates(), w.server.created().len()), (1, 1), "looked up, not created again\n{what}");
                assert_eq!(polls(&r, "batch_1"), 3, "{what}");
                let sleeps = r.sleep_seconds();
                assert!(sleeps.contains(&15.0) && sleeps.contains(&30.0), "backoff over the timed-out polls: {sleeps:?}\n{what}");
                assert!(r.elapsed < Duration::from_secs(20), "the timeout applied: {:?}\n{what}", r.elapsed);
            });
        }
    });
}

#[test]
fn the_api_timeout_is_an_environment_variable_documented_in_the_header() {
    let c = Catalog::builtin();
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let o = options(dialect);
        let py = submit_python(&o, &c).unwrap();
        let sh = submit_curl(&o, &c).unwrap();
        let py_header = py.split("\"\"\"").nth(1).unwrap();
        let sh_header = sh.split("set -euo pipefail").next().unwrap();
        for header in [py_header, sh_header] {
            assert!(header.contains("SUBMIT_API_TIMEOUT_SECONDS"), "{header}");
        }
        assert!(py.contains("os.environ.get(\"SUBMIT_API_TIMEOUT_SECONDS\", \"120\")"), "default unchanged");
        assert!(sh.contains("${SUBMIT_API_TIMEOUT_SECONDS:-3600}"), "default unchanged");
    }
}

#[test]
fn a_batch_resumed_by_id_that_fails_token_limit_exceeded_later_is_created_again() {
    // Issue 40: `--batch-id` replaced the state with the id alone, so the
    // delayed quota failure of the resumed batch crashed the Python script
    // (KeyError: 'attempt', exit 1) and it never created again.
    let first = first_backoff();
    for (dialect, shell) in every_script() {
        // Run 1 creates batch_1 (a delayed quota failure), then every poll fails: exit 75.
        let faults = json!([{"method": "GET", "path": "/batches/", "times": 10, "mode": "503"}]);
        let config = json!({"statuses": ["in_progress", "completed"], "quota_failures": 1, "faults": faults});
        let w = World::new(&format!("batch-id-quota-{dialect:?}-{shell}"), config, INPUT);
        let o = options(dialect);
        let gave_up = w.run(&o, shell, &[]);
        assert_eq!(gave_up.code, Some(75), "{dialect:?} shell={shell}\n{}", gave_up.show());
        // Resumed elsewhere, by its id alone: no state file.
        std::fs::remove_file(w.dir.join("batch.jsonl.batch.json")).unwrap();
        let r = w.run(&o, shell, &["--batch-id", "batch_1"]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(0), "{what}");
        assert!(!r.stderr.contains("Traceback"), "{what}");
        assert_eq!(r.creates(), 2, "batch_1 (run 1), then batch_2 after the quota failure\n{what}");
        assert!(r.sleep_seconds().contains(&first), "the quota backoff starts at the catalog's first wait\n{what}");
        let creates: Vec<&Value> =
            r.requests.iter().filter(|q| q["method"] == "POST" && q["path"].as_str().unwrap().ends_with("/batches")).collect();
        assert_eq!(creates[1]["json"]["input_file_id"], "file-in-1", "the resumed batch's input file\n{what}");
        assert_eq!(r.copied(), ["batch_2/output.jsonl", "batch_2/errors.jsonl", "batch_2/joined.jsonl"], "{what}");
        let state = w.state();
        assert_eq!((state["batch_id"].as_str(), state["input_file_id"].as_str()), (Some("batch_2"), Some("file-in-1")), "{what}");
        assert_eq!(state["attempt"], 2, "{what}");
    }
}

#[test]
fn an_outage_that_starts_before_the_upload_ends_like_one_at_poll() {
    // Issue 40: the upload ran outside the script's `try`: after the waits
    // the Python script died with a traceback (exit 1), not the documented 75.
    for (dialect, shell) in every_script() {
        let faults = json!([{"method": "POST", "path_end": "/files", "times": 10, "mode": "503"}]);
        let w = World::new(&format!("upload-outage-{dialect:?}-{shell}"), json!({"statuses": ["completed"], "faults": faults}), INPUT);
        let o = options(dialect);
        let r = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", r.show());
        assert_eq!(r.code, Some(75), "{what}");
        assert!(!r.stderr.contains("Traceback"), "{what}");
        assert!(r.stderr.contains("service unreachable") && r.stderr.contains("run again"), "{what}");
        assert_eq!(r.creates(), 0, "{what}");
        // The service is back: a re-run submits.
        let again = w.run(&o, shell, &[]);
        let what = format!("{dialect:?} shell={shell}\n{}", again.show());
        assert_eq!(again.code, Some(0), "{what}");
        assert_eq!(again.creates(), 1, "{what}");
    }
}
