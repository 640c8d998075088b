//! What the tests that run generated Python share: the interpreter with the
//! real `openai` package, the fixtures folder, a fake server started and its
//! port read, JSON lines read back, and one way to run a
//! generated program with the fakes (`tests/fixtures/python/fakes` on
//! PYTHONPATH: `sitecustomize` makes the program's own sleeps instant and
//! records them, `fake_world` keeps the scenario and the events, and with
//! `FAKE_MODEL_SERVER=1` the fake model endpoint runs in a thread of the
//! program's process, so it can send that process SIGTERM mid-call). Several
//! programs can run at once, each with its own events file
//! (`snippet_worker_run.rs`, `snippet_flex_run.rs`).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/python")
}

/// The Python with the real openai package: `BATCHLANE_PYTHON`, else the
/// repository's `.tools/py` venv (made by `./dev setup` from
/// `tests/fixtures/python/requirements.txt`). Never skipped: missing is a failure.
pub fn python() -> PathBuf {
    let path = std::env::var_os("BATCHLANE_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.tools/py/bin/python"));
    assert!(
        path.exists(),
        "no Python with the openai package at {} (run ./dev setup, or set BATCHLANE_PYTHON to a Python with tests/fixtures/python/requirements.txt installed)",
        path.display()
    );
    path
}

/// A fake HTTP server (`script`, run by `python3` with `args`) that prints
/// its port as its first line of output: the child and the port.
pub fn start_fake_server(script: &Path, args: &[&Path]) -> (Child, u16) {
    let mut child = Command::new("python3").arg(script).args(args).stdout(Stdio::piped()).spawn().expect("python3 runs");
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
    let port = line.trim().parse().unwrap_or_else(|_| panic!("{} printed {line:?}, not its port", script.display()));
    (child, port)
}

/// The JSON lines of `text`.
pub fn json_lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The JSON lines of the file at `path` (none while it does not exist).
pub fn json_lines_of(path: &Path) -> Vec<Value> {
    json_lines(&std::fs::read_to_string(path).unwrap_or_default())
}

/// The generated `code` with its one `line` (`NAME = "…"\n`, the endpoint)
/// pointed at the in-process fake model server: the only change a test makes.
pub fn at_fake_endpoint(code: &str, line: &str) -> String {
    assert_eq!(code.matches(line).count(), 1, "{line:?} once in:\n{code}");
    let name = line.split(" = ").next().unwrap();
    code.replace(line, &format!("{name} = __import__(\"fake_world\").MODEL_ENDPOINT\n"))
}

/// One program started with the fakes, its events written to `events`.
pub struct Running {
    name: String,
    child: Child,
    events: PathBuf,
    out: std::thread::JoinHandle<String>,
    err: std::thread::JoinHandle<String>,
}

/// How a program ended.
pub struct Exited {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// fake_world's dump (`events`, `queue_left`, …); a process killed by a
    /// signal writes none: then every list is empty.
    pub dump: Value,
}

impl Exited {
    pub fn events(&self) -> Vec<Value> {
        self.dump["events"].as_array().cloned().unwrap_or_default()
    }
    pub fn show(&self) -> String {
        format!("exit {:?}\nstdout:\n{}\nstderr:\n{}", self.code, self.stdout, self.stderr)
    }
}

/// Starts `script` (with `args`) in `dir` with the fakes, the scenario
/// `scenario` (written to `<dir>/<tag>.scenario.json`) and the fake model
/// server; `tag` names its files, so several can run in one `dir`.
pub fn start(dir: &Path, tag: &str, script: &Path, args: &[&str], scenario: &Value, env: &[(&str, &str)]) -> Running {
    let scenario_path = dir.join(format!("{tag}.scenario.json"));
    std::fs::write(&scenario_path, scenario.to_string()).unwrap();
    let events = dir.join(format!("{tag}.events.json"));
    std::fs::remove_file(&events).ok();
    let mut child = Command::new(python())
        .arg(script)
        .args(args)
        .current_dir(dir)
        .env("PYTHONPATH", fixtures().join("fakes"))
        .env("FAKE_SCENARIO", &scenario_path)
        .env("FAKE_EVENTS", &events)
        .env("FAKE_MODEL_SERVER", "1")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python runs");
    let (o, e) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out = std::thread::spawn(move || std::io::read_to_string(o).unwrap_or_default());
    let err = std::thread::spawn(move || std::io::read_to_string(e).unwrap_or_default());
    Running { name: tag.to_string(), child, events, out, err }
}

impl Running {
    /// Waits for the end (at most `limit`: past it the program is killed and the test fails).
    pub fn wait(mut self, limit: Duration) -> Exited {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > limit {
                self.child.kill().ok();
                self.child.wait().ok();
                let stderr = self.err.join().unwrap();
                panic!("{}: didn't end within {limit:?}; stderr:\n{stderr}", self.name);
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let dump = std::fs::read_to_string(&self.events)
            .ok()
            .map(|t| serde_json::from_str(&t).unwrap())
            .unwrap_or_else(|| json!({"events": [], "queue_left": [], "locked_at_exit": [], "dead_letters": []}));
        Exited { code: status.code(), stdout: self.out.join().unwrap(), stderr: self.err.join().unwrap(), dump }
    }
}
