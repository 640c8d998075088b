//! What the submission-script runs share: the fake batch server
//! (`tests/fixtures/python/fake_batch_server.py`, killed when dropped), a
//! world (a working folder, its input, one server) to run a script in one or
//! more times, what a run did (`Outcome`: exit, output, the requests the
//! server saw, the fakes' events, curl's argv, peak memory), the scripts
//! of both dialects and the catalog's backoff figures.

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use super::snippet_python::{fixtures, json_lines, json_lines_of, python, start_fake_server};
use batchlane_core::facts::{Catalog, Kind};
use batchlane_core::snippets::{submit_curl, submit_python, Dialect, SubmitOptions};
use serde_json::{json, Value};

pub(super) fn which(program: &str) -> PathBuf {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|d| d.join(program))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{program} not on PATH"))
}

pub(super) struct Server {
    pub(super) child: Child,
    pub(super) port: u16,
    pub(super) log: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

impl Server {
    pub(super) fn start(dir: &Path, config: &Value) -> Server {
        let path = dir.join("server.json");
        std::fs::write(&path, config.to_string()).unwrap();
        let log = dir.join("requests.jsonl");
        let (child, port) = start_fake_server(&fixtures().join("fake_batch_server.py"), &[&path, &log]);
        Server { child, port, log }
    }

    pub(super) fn requests(&self) -> Vec<Value> {
        json_lines_of(&self.log)
    }

    /// The batches the server created, server-side (answered or not).
    pub(super) fn created(&self) -> Vec<Value> {
        json_lines_of(Path::new(&format!("{}.created", self.log.display())))
    }
}

/// One working directory with its input and one fake server; scripts can be
/// run in it several times (a re-run after a failure sees the same server).
pub(super) struct World {
    pub(super) dir: PathBuf,
    pub(super) server: Server,
}

impl Drop for World {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

pub(super) struct Outcome {
    pub(super) code: Option<i32>,
    pub(super) stdout: String,
    pub(super) stderr: String,
    /// Every request the server saw in this world so far.
    pub(super) requests: Vec<Value>,
    /// The Python fakes' events (sleeps, uploads); empty for bash.
    pub(super) events: Vec<Value>,
    pub(super) sleeps: Vec<String>,
    pub(super) az: Vec<String>,
    /// Every argv the curl shim saw (bash).
    pub(super) curl_argv: Vec<String>,
    /// Peak resident set size of the script, in KiB (Python only).
    pub(super) max_rss_kib: Option<u64>,
    pub(super) elapsed: Duration,
}

impl Outcome {
    pub(super) fn show(&self) -> String {
        format!("exit {:?}\nstdout:\n{}\nstderr:\n{}", self.code, self.stdout, self.stderr)
    }

    pub(super) fn creates(&self) -> usize {
        self.requests.iter().filter(|r| r["method"] == "POST" && r["path"].as_str().unwrap().ends_with("/batches")).count()
    }

    pub(super) fn uploads(&self) -> usize {
        self.requests.iter().filter(|r| r["method"] == "POST" && r["path"].as_str().unwrap().ends_with("/files")).count()
    }

    /// The Python script's sleeps (the fakes record them) or the bash script's.
    pub(super) fn sleep_seconds(&self) -> Vec<f64> {
        if self.events.is_empty() {
            self.sleeps.iter().map(|s| s.parse().unwrap()).collect()
        } else {
            self.events.iter().filter(|e| e["event"] == "sleep").map(|e| e["seconds"].as_f64().unwrap()).collect()
        }
    }

    /// Blob names copied to owned storage, in order.
    pub(super) fn copied(&self) -> Vec<String> {
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

pub(super) const INPUT: &str = "{\"custom_id\":\"r1\",\"method\":\"POST\",\"url\":\"/chat/completions\",\"body\":{\"model\":\"batch-summarize\",\"messages\":[]}}\n{\"custom_id\":\"r2\",\"method\":\"POST\",\"url\":\"/chat/completions\",\"body\":{\"model\":\"batch-summarize\",\"messages\":[]}}\n";

pub(super) fn input_of(ids: &[String]) -> String {
    ids.iter()
        .map(|id| format!("{{\"custom_id\":\"{id}\",\"method\":\"POST\",\"url\":\"/chat/completions\",\"body\":{{\"model\":\"batch-summarize\",\"messages\":[]}}}}\n"))
        .collect()
}

impl World {
    pub(super) fn new(name: &str, config: Value, input: &str) -> World {
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

    pub(super) fn state(&self) -> Value {
        let text = std::fs::read_to_string(self.dir.join("batch.jsonl.batch.json")).expect("state file saved");
        serde_json::from_str(&text).unwrap()
    }

    pub(super) fn run(&self, o: &SubmitOptions, shell: bool, args: &[&str]) -> Outcome {
        self.run_with(o, shell, args, false, &[])
    }

    pub(super) fn run_env(&self, o: &SubmitOptions, shell: bool, env: &[(&str, &str)]) -> Outcome {
        self.run_with(o, shell, &[], false, env)
    }

    pub(super) fn run_with(&self, o: &SubmitOptions, shell: bool, args: &[&str], measure: bool, env: &[(&str, &str)]) -> Outcome {
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

    pub(super) fn joined(&self, batch_id: &str) -> Vec<Value> {
        let text = std::fs::read_to_string(self.dir.join(format!("{batch_id}.joined.jsonl"))).expect("joined file");
        json_lines(&text)
    }
}

pub(super) fn polls(o: &Outcome, batch_id: &str) -> usize {
    let suffix = format!("/batches/{batch_id}");
    o.requests.iter().filter(|r| r["method"] == "GET" && r["path"].as_str().unwrap().ends_with(&suffix)).count()
}

pub(super) fn create_body(o: &Outcome) -> Value {
    o.requests.iter().find(|r| r["method"] == "POST" && r["path"].as_str().unwrap().ends_with("/batches")).expect("batch created")["json"]
        .clone()
}

pub(super) fn first_backoff() -> f64 {
    Catalog::builtin().require(Kind::FailFastFirstBackoffSeconds, "azure")
}

pub(super) fn max_attempts() -> usize {
    Catalog::builtin().require(Kind::FailFastMaxAttempts, "azure") as usize
}

/// Both scripts, both dialects.
pub(super) fn every_script() -> Vec<(Dialect, bool)> {
    vec![(Dialect::Azure, false), (Dialect::OpenAi, false), (Dialect::Azure, true), (Dialect::OpenAi, true)]
}

pub(super) fn options(dialect: Dialect) -> SubmitOptions {
    let c = Catalog::builtin();
    let mut o = SubmitOptions::new(dialect, &c);
    if dialect == Dialect::OpenAi {
        o.poll_interval_seconds = 60;
    }
    o
}
