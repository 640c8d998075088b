//! What the control-plane tests share: the fixtures folder, a scratch
//! folder per test, the fake batch API (`tests/fixtures/control_plane`,
//! killed when dropped) with its events, the generated service with its
//! environment and commands, and waiting for a condition. The Python is
//! `snippet_python.rs`'s.

use super::snippet_python::{json_lines_of, python, start_fake_server};
use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{control_python, AlertHook, ControlOptions, Dialect};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

pub(super) fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

pub(super) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("batchlane-control-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The fake API, killed when dropped.
pub(super) struct Fake {
    pub(super) child: Child,
    pub(super) port: u16,
    pub(super) events: PathBuf,
}

impl Fake {
    pub(super) fn start(dir: &Path, quota: u64) -> Fake {
        Fake::with(dir, serde_json::json!({"quota": quota}))
    }

    /// The fake with a CONFIG (see `fake_batch_api.py`).
    pub(super) fn with(dir: &Path, config: Value) -> Fake {
        let events = dir.join("events.jsonl");
        let config_path = dir.join("fake-config.json");
        std::fs::write(&config_path, config.to_string()).unwrap();
        let (child, port) = start_fake_server(&fixtures().join("control_plane/fake_batch_api.py"), &[&events, &config_path]);
        Fake { child, port, events }
    }

    pub(super) fn events(&self) -> Vec<Value> {
        json_lines_of(&self.events)
    }

    /// Batches created, by the job id their metadata carries.
    pub(super) fn creates(&self) -> BTreeMap<String, usize> {
        let mut out = BTreeMap::new();
        for e in self.events().iter().filter(|e| e.get("created").is_some()) {
            *out.entry(e["metadata"]["job_id"].as_str().unwrap_or("?").to_string()).or_default() += 1;
        }
        out
    }

    pub(super) fn calls(&self, method: &str, path: &str) -> usize {
        self.events().iter().filter(|e| e["method"] == method && e["path"] == path && e.get("fault").is_none()).count()
    }
}

impl Drop for Fake {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The generated service in `dir`, with its environment.
pub(super) struct Service {
    pub(super) dir: PathBuf,
    pub(super) env: Vec<(String, String)>,
}

impl Service {
    pub(super) fn new(dir: &Path, dialect: Dialect, quota: u64, fake: &Fake) -> Service {
        // An hour's first backoff: a tick that starts seconds later (a loaded
        // machine) is always within it; tests end backoffs with end_backoffs().
        let mut catalog = Catalog::builtin();
        catalog.set_override("fail_fast_first_backoff_seconds.azure", 3_600.0).unwrap();
        let opts = ControlOptions {
            routes: "contoso/summarize=dep-shared; fabrikam/summarize=dep-shared".into(),
            enqueued_quota: quota,
            alert_hook: AlertHook::Webhook,
            ..ControlOptions::new(dialect, &catalog)
        };
        let src = control_python(&opts, &catalog).unwrap();
        std::fs::write(dir.join("control_plane.py"), src).unwrap();
        let base = format!("http://127.0.0.1:{}", fake.port);
        let env = vec![
            ("PYTHONPATH".into(), fixtures().join("control_plane/stubs").display().to_string()),
            ("CONTROL_PLANE_ENDPOINT".into(), base.clone()),
            ("OPENAI_BASE_URL".into(), format!("{base}/v1")),
            ("OPENAI_API_KEY".into(), "test-key".into()),
            ("CONTROL_PLANE_ALERT_WEBHOOK_URL".into(), format!("{base}/alerts")),
            ("CONTROL_PLANE_LEDGER_DIR".into(), dir.join("ledger").display().to_string()),
            ("STUB_BLOB_DIR".into(), dir.join("blobs").display().to_string()),
        ];
        Service { dir: dir.to_path_buf(), env }
    }

    /// The venv's Python in the service's folder with its environment.
    pub(super) fn python(&self) -> Command {
        let mut c = Command::new(python());
        c.current_dir(&self.dir).envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        c
    }

    pub(super) fn command(&self, args: &[&str]) -> Command {
        let mut c = self.python();
        c.arg("control_plane.py").args(args);
        c
    }

    /// Runs a command; (exit code, stdout, stderr).
    pub(super) fn try_run(&self, args: &[&str]) -> (i32, String, String) {
        let out = self.command(args).output().unwrap();
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
    }

    pub(super) fn run(&self, args: &[&str]) -> (String, String) {
        let (code, stdout, stderr) = self.try_run(args);
        assert_eq!(code, 0, "{args:?}: {stderr}\n{stdout}");
        (stdout, stderr)
    }

    pub(super) fn set_env(&mut self, key: &str, value: &str) {
        self.env.retain(|(k, _)| k != key);
        self.env.push((key.into(), value.into()));
    }

    /// Time passes for the queue: every backoff is over.
    pub(super) fn end_backoffs(&self) {
        let script = "import glob, sqlite3, sys\nfor p in glob.glob(sys.argv[1] + '/*.sqlite3'):\n    db = sqlite3.connect(p)\n    db.execute('UPDATE jobs SET next_attempt_at = 0')\n    db.commit()\n    db.close()";
        assert!(Command::new("python3").args(["-c", script]).arg(self.dir.join("ledger")).status().unwrap().success());
    }

    /// The writer lease's file in the blob stand-in (deleting it = the lease expiring).
    pub(super) fn lease_file(&self) -> PathBuf {
        self.dir.join("blobs/batch-results/control-plane.lock.lease")
    }

    /// Every job of every tenant's ledger, by job id.
    pub(super) fn jobs(&self) -> BTreeMap<String, Value> {
        let script = "import glob, json, sqlite3, sys\nrows = []\nfor p in sorted(glob.glob(sys.argv[1] + '/*.sqlite3')):\n    db = sqlite3.connect(p)\n    db.row_factory = sqlite3.Row\n    rows += [dict(r) for r in db.execute('SELECT * FROM jobs')]\nprint(json.dumps(rows))";
        let out = Command::new("python3").args(["-c", script]).arg(self.dir.join("ledger")).output().unwrap();
        let rows: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
        rows.into_iter().map(|r| (r["job_id"].as_str().unwrap().to_string(), r)).collect()
    }

    pub(super) fn submit(&self, tenant: &str, name: &str, ids: &[&str]) -> String {
        let lines: String = ids
            .iter()
            .map(|id| {
                let body = serde_json::json!({"model": "summarize", "max_tokens": 100_000, "messages": [{"role": "user", "content": format!("Summarize {id}")}]});
                format!("{}\n", serde_json::json!({"custom_id": id, "body": body}))
            })
            .collect();
        std::fs::write(self.dir.join(name), lines).unwrap();
        self.run(&["submit", tenant, "summarize", name]).0.trim().to_string()
    }
}

pub(super) fn status(jobs: &BTreeMap<String, Value>, id: &str) -> String {
    jobs[id]["status"].as_str().unwrap().to_string()
}

/// Waits until `done` holds (checked every 50 ms), at most `secs`.
pub(super) fn wait_for(secs: u64, mut done: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < end {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

pub(super) fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}
