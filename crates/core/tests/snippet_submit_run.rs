//! Runs the generated submission scripts (Python and bash/curl, both
//! dialects) against a local fake batch server
//! (`tests/fixtures/python/fake_batch_server.py`, on a free port). The Python
//! script gets fakes of openai (`openai_fake/`) and azure (`fakes/`) on PYTHONPATH (the openai fake speaks
//! HTTP to the server); the bash script runs the real curl and jq, with fakes
//! of `az` and `sleep` first on PATH.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::code_submit::{submit_curl, submit_python, Dialect, SubmitOptions, AZURE_BATCH_API_VERSION};
use serde_json::{json, Value};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/python")
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
    fn start(dir: &Path, statuses: &[&str]) -> Server {
        let config = dir.join("server.json");
        std::fs::write(&config, json!({"statuses": statuses, "custom_ids": ["r1", "r2"]}).to_string()).unwrap();
        let log = dir.join("requests.jsonl");
        let mut child = Command::new("python3")
            .arg(fixtures().join("fake_batch_server.py"))
            .arg(&config)
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
}

struct Outcome {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    requests: Vec<Value>,
    /// The Python fakes' events (sleeps, uploads); empty for bash.
    events: Vec<Value>,
    sleeps: Vec<String>,
    az: Vec<String>,
}

const INPUT: &str = "{\"custom_id\":\"r1\",\"method\":\"POST\",\"url\":\"/chat/completions\",\"body\":{\"model\":\"batch-summarize\",\"messages\":[]}}\n{\"custom_id\":\"r2\",\"method\":\"POST\",\"url\":\"/chat/completions\",\"body\":{\"model\":\"batch-summarize\",\"messages\":[]}}\n";

fn run(name: &str, o: &SubmitOptions, shell: bool, statuses: &[&str], input: &str) -> Outcome {
    let c = Catalog::builtin();
    let dir = std::env::temp_dir().join(format!("batchlane-submit-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("batch.jsonl"), input).unwrap();
    let server = Server::start(&dir, statuses);
    let base = format!("http://127.0.0.1:{}", server.port);
    let mut cmd = if shell {
        let script = dir.join("submit.sh");
        std::fs::write(&script, submit_curl(o, &c).unwrap()).unwrap();
        let mut cmd = Command::new("bash");
        cmd.arg(script);
        let path = format!("{}:{}", fixtures().join("bin").display(), std::env::var("PATH").unwrap_or_default());
        cmd.env("PATH", path).env("FAKE_SLEEP_LOG", dir.join("sleeps.log")).env("FAKE_AZ_LOG", dir.join("az.log"));
        cmd
    } else {
        let script = dir.join("submit.py");
        std::fs::write(&script, submit_python(o, &c).unwrap()).unwrap();
        let mut cmd = Command::new("python3");
        let path = format!("{}:{}", fixtures().join("fakes").display(), fixtures().join("openai_fake").display());
        cmd.arg(script).env("PYTHONPATH", path).env("FAKE_EVENTS", dir.join("events.json"));
        cmd.env("PYTHONDONTWRITEBYTECODE", "1");
        cmd
    };
    cmd.current_dir(&dir).env("AZURE_OPENAI_ENDPOINT", &base).env("OPENAI_BASE_URL", format!("{base}/v1")).env("OPENAI_API_KEY", "sk-test");
    let out = cmd.output().expect("script runs");
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap_or_default();
    let events = serde_json::from_str::<Value>(&read("events.json")).map(|v| v["events"].as_array().unwrap().clone()).unwrap_or_default();
    let outcome = Outcome {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).to_string(),
        stderr: String::from_utf8_lossy(&out.stderr).to_string(),
        requests: server.requests(),
        events,
        sleeps: read("sleeps.log").lines().map(String::from).collect(),
        az: read("az.log").lines().map(String::from).collect(),
    };
    drop(server);
    std::fs::remove_dir_all(&dir).ok();
    outcome
}

fn polls(o: &Outcome) -> usize {
    o.requests.iter().filter(|r| r["method"] == "GET" && r["path"].as_str().unwrap().ends_with("/batches/batch_1")).count()
}

fn create_body(o: &Outcome) -> Value {
    o.requests.iter().find(|r| r["method"] == "POST" && r["path"].as_str().unwrap().ends_with("/batches")).expect("batch created")["json"]
        .clone()
}

const STATUSES: &[&str] = &["Validating", "Mystery", "in_progress", "completed"];

#[test]
fn python_azure_polls_through_unknown_statuses_with_the_documented_api_version() {
    let c = Catalog::builtin();
    let o = SubmitOptions::new(Dialect::Azure, &c);
    let r = run("py-azure", &o, false, STATUSES, INPUT);
    assert_eq!(r.code, Some(0), "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    assert_eq!(polls(&r), STATUSES.len(), "kept polling through Validating and Mystery");
    assert!(r.stderr.contains("unknown batch status 'Mystery'"), "{}", r.stderr);
    assert!(!r.stderr.contains("'Validating'"), "Validating is known, whatever its case");
    for req in &r.requests {
        assert!(req["path"].as_str().unwrap().starts_with("/openai/"), "{req}");
        assert_eq!(req["query"]["api-version"], json!([AZURE_BATCH_API_VERSION]), "{req}");
    }
    let body = create_body(&r);
    assert_eq!(body["output_expires_after"]["seconds"], o.output_expires_after_seconds);
    assert_eq!(body["completion_window"], "24h");
    let sleeps: Vec<f64> = r.events.iter().filter(|e| e["event"] == "sleep").map(|e| e["seconds"].as_f64().unwrap()).collect();
    assert_eq!(sleeps, vec![o.poll_interval_seconds as f64; STATUSES.len() - 1]);
    let uploads: Vec<&Value> = r.events.iter().filter(|e| e["event"] == "owned_upload").collect();
    assert_eq!(uploads.len(), 3);
    assert!(uploads[2]["text"].as_str().unwrap().contains("\"outcome\": \"ok\""));
}

#[test]
fn python_openai_has_no_api_version_and_no_azure_poll_floor() {
    let c = Catalog::builtin();
    let mut o = SubmitOptions::new(Dialect::OpenAi, &c);
    o.poll_interval_seconds = 1; // below Azure's floor: fine for OpenAI
    let r = run("py-openai", &o, false, &["validating", "made_up_status", "completed"], INPUT);
    assert_eq!(r.code, Some(0), "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    assert_eq!(polls(&r), 3);
    assert!(r.stderr.contains("unknown batch status 'made_up_status'"), "{}", r.stderr);
    for req in &r.requests {
        assert!(req["path"].as_str().unwrap().starts_with("/v1/"), "{req}");
        assert!(req["query"].as_object().unwrap().is_empty(), "{req}");
    }
    assert_eq!(create_body(&r)["endpoint"], "/v1/chat/completions");
    let sleeps: Vec<f64> = r.events.iter().filter(|e| e["event"] == "sleep").map(|e| e["seconds"].as_f64().unwrap()).collect();
    assert_eq!(sleeps, vec![1.0, 1.0]);
}

#[test]
fn curl_azure_checks_the_deployment_and_polls_through_unknown_statuses() {
    let c = Catalog::builtin();
    let o = SubmitOptions::new(Dialect::Azure, &c);
    let r = run("sh-azure", &o, true, STATUSES, INPUT);
    assert_eq!(r.code, Some(0), "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    assert_eq!(polls(&r), STATUSES.len());
    assert!(r.stderr.contains("unknown batch status Mystery; still polling"), "{}", r.stderr);
    assert!(!r.stderr.contains("status Validating"), "{}", r.stderr);
    for req in &r.requests {
        assert_eq!(req["query"]["api-version"], json!([AZURE_BATCH_API_VERSION]), "{req}");
        assert_eq!(req["auth"], "Bearer fake-token");
    }
    let upload = &r.requests[0];
    assert_eq!(upload["form"]["purpose"], "batch");
    assert_eq!(upload["form"]["expires_after.seconds"], o.file_expires_after_seconds.to_string());
    assert_eq!(create_body(&r)["output_expires_after"]["seconds"], o.output_expires_after_seconds);
    assert_eq!(r.sleeps, vec![o.poll_interval_seconds.to_string(); STATUSES.len() - 1]);
    assert_eq!(r.az.len(), 3, "three files copied to owned storage");
    assert!(r.stdout.contains("2 requests, 0 not ok"), "{}", r.stdout);
}

#[test]
fn curl_openai_polls_through_unknown_statuses() {
    let c = Catalog::builtin();
    let mut o = SubmitOptions::new(Dialect::OpenAi, &c);
    o.poll_interval_seconds = 2;
    let r = run("sh-openai", &o, true, &["VALIDATING", "made_up_status", "completed"], INPUT);
    assert_eq!(r.code, Some(0), "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    assert_eq!(polls(&r), 3);
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
        let r = run(&format!("wrong-model-{shell}"), &o, shell, STATUSES, &wrong);
        assert_eq!(r.code, Some(1), "shell={shell}\n{}\n{}", r.stdout, r.stderr);
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
