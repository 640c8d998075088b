//! The generated control plane, run for real with `python3` against a local
//! fake of the batch API in both dialects (`tests/fixtures/control_plane`):
//! stand-ins for the SDK packages go first on `PYTHONPATH`. Two tenants,
//! three jobs whose sum exceeds the enqueued-token quota: one waits and
//! starts when the others are terminal; the expired one raises the alert
//! hook; outputs are copied and usage is attributed per tenant (checked
//! against the core's own result-line parser). The service's line checks
//! agree with the core checker on the repo's batch fixtures.

use batchlane_core::batch::{check_bytes, CheckOptions, Dialect as FileDialect, Severity};
use batchlane_core::facts::Catalog;
use batchlane_core::results::line::parse_result_line;
use batchlane_core::results::usage::Usage;
use batchlane_core::snippets::{control_python, AlertHook, ControlOptions, Dialect};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("batchlane-control-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The fake API, killed when dropped.
struct Fake {
    child: Child,
    port: u16,
    events: PathBuf,
}

impl Fake {
    fn start(dir: &Path, quota: u64) -> Fake {
        let events = dir.join("events.jsonl");
        let mut child = Command::new("python3")
            .arg(fixtures().join("control_plane/fake_batch_api.py"))
            .arg(&events)
            .arg(quota.to_string())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3");
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
        let port = line.trim().parse().unwrap_or_else(|_| panic!("fake API printed {line:?}"));
        Fake { child, port, events }
    }

    fn events(&self) -> Vec<Value> {
        std::fs::read_to_string(&self.events).unwrap_or_default().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }
}

impl Drop for Fake {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The generated service in `dir`, with its environment.
struct Service {
    dir: PathBuf,
    env: Vec<(String, String)>,
}

impl Service {
    fn new(dir: &Path, dialect: Dialect, quota: u64, fake: &Fake) -> Service {
        let catalog = Catalog::builtin();
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

    fn run(&self, args: &[&str]) -> (String, String) {
        let out = Command::new("python3")
            .arg("control_plane.py")
            .args(args)
            .current_dir(&self.dir)
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .output()
            .unwrap();
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned());
        assert!(out.status.success(), "{args:?}: {stderr}\n{stdout}");
        (stdout, stderr)
    }

    /// Every job of every tenant's ledger, by job id.
    fn jobs(&self) -> BTreeMap<String, Value> {
        let script = "import glob, json, sqlite3, sys\nrows = []\nfor p in sorted(glob.glob(sys.argv[1] + '/*.sqlite3')):\n    db = sqlite3.connect(p)\n    db.row_factory = sqlite3.Row\n    rows += [dict(r) for r in db.execute('SELECT * FROM jobs')]\nprint(json.dumps(rows))";
        let out = Command::new("python3").args(["-c", script]).arg(self.dir.join("ledger")).output().unwrap();
        let rows: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
        rows.into_iter().map(|r| (r["job_id"].as_str().unwrap().to_string(), r)).collect()
    }

    fn submit(&self, tenant: &str, name: &str, ids: &[&str]) -> String {
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

fn status(jobs: &BTreeMap<String, Value>, id: &str) -> String {
    jobs[id]["status"].as_str().unwrap().to_string()
}

fn scenario(dialect: Dialect) {
    let dir = scratch(dialect.subject());
    let fake = Fake::start(&dir, 10_000_000);
    // Each line holds max_tokens (100,000) plus its bytes: two two-line jobs
    // fit under 450,000, the third (one line) does not fit beside them.
    let svc = Service::new(&dir, dialect, 450_000, &fake);
    let py = Command::new("python3").args(["-m", "py_compile", "control_plane.py"]).current_dir(&dir).status().unwrap();
    assert!(py.success(), "py_compile");
    let first = svc.submit("contoso", "a.jsonl", &["a-1", "a-2"]);
    let expiring = svc.submit("fabrikam", "b.jsonl", &["expire-1", "expire-2"]);
    let waiting = svc.submit("contoso", "c.jsonl", &["c-1"]);
    let jobs = svc.jobs();
    let held: u64 = [&first, &expiring, &waiting].iter().map(|id| jobs[*id]["enqueued_tokens"].as_u64().unwrap()).sum();
    assert!(held > 450_000, "the three jobs must exceed the quota together ({held})");
    assert!(jobs.values().all(|j| j["status"] == "queued"));

    svc.run(&["tick"]);
    let jobs = svc.jobs();
    assert_eq!((status(&jobs, &first), status(&jobs, &expiring)), ("validating".into(), "validating".into()));
    assert_eq!(status(&jobs, &waiting), "queued", "the third job must wait");
    assert!(jobs[&waiting]["batch_id"].is_null());

    svc.run(&["tick"]);
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &first), "in_progress");
    assert_eq!(status(&jobs, &waiting), "queued", "still no room");

    let (_, stderr) = svc.run(&["tick"]);
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &first), "completed");
    assert_eq!(status(&jobs, &expiring), "expired");
    assert_eq!(status(&jobs, &waiting), "validating", "the waiting job starts once the others are terminal");
    assert!(jobs[&waiting]["submitted_at"].as_f64().unwrap() >= jobs[&first]["finished_at"].as_f64().unwrap());
    assert!(stderr.contains("ALERT") && stderr.contains(&expiring), "{stderr}");
    let alerts: Vec<Value> = fake.events().into_iter().filter_map(|e| e.get("alert").cloned()).collect();
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    assert_eq!((alerts[0]["job_id"].as_str(), alerts[0]["status"].as_str()), (Some(expiring.as_str()), Some("expired")));

    svc.run(&["tick"]);
    svc.run(&["tick"]);
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &waiting), "completed");

    // Every API call went to this dialect's paths.
    let calls: Vec<Value> = fake.events().into_iter().filter(|e| e.get("dialect").is_some()).collect();
    assert!(!calls.is_empty() && calls.iter().all(|e| e["dialect"] == dialect.subject()), "{calls:?}");

    // Copied files, and usage per tenant = the core's parse of the copies.
    let mut expected: BTreeMap<String, Usage> = BTreeMap::new();
    for (tenant, id) in [("contoso", &first), ("fabrikam", &expiring), ("contoso", &waiting)] {
        let folder = dir.join("blobs/batch-results").join(tenant).join(id);
        let output = std::fs::read(folder.join("output.jsonl")).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(folder.join("errors.jsonl").exists());
        assert!(!output.is_empty(), "{id}: output copied empty");
        for line in output.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
            let r = parse_result_line(line).unwrap();
            expected.entry(tenant.to_string()).or_default().add(&r.usage);
        }
    }
    let errors = std::fs::read_to_string(dir.join("blobs/batch-results/fabrikam").join(&expiring).join("errors.jsonl")).unwrap();
    assert!(errors.contains("expire-2"), "the expired job's error file was copied: {errors}");
    let usage: Value = serde_json::from_str(&svc.run(&["usage"]).0).unwrap();
    for (tenant, u) in &expected {
        let got = &usage[tenant];
        assert_eq!(
            (got["prompt"].as_u64(), got["cached"].as_u64(), got["completion"].as_u64()),
            (Some(u.prompt), Some(u.cached), Some(u.completion)),
            "{tenant}: {usage}"
        );
    }
    assert_eq!(usage["contoso"]["jobs"], 2);
    assert!(expected["contoso"].prompt > 0 && expected["fabrikam"].prompt > 0);
}

#[test]
fn the_service_queues_alerts_copies_and_attributes_azure() {
    scenario(Dialect::Azure);
}

#[test]
fn the_service_queues_alerts_copies_and_attributes_openai() {
    scenario(Dialect::OpenAi);
}

#[test]
fn token_limit_exceeded_backs_off_and_retries_later() {
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let dir = scratch(&format!("backoff-{}", dialect.subject()));
        // Someone else holds the deployment's quota: the service's own budget has room, the API refuses.
        let fake = Fake::start(&dir, 1_000);
        let svc = Service::new(&dir, dialect, 450_000, &fake);
        let id = svc.submit("contoso", "a.jsonl", &["a-1"]);
        svc.run(&["tick"]);
        let jobs = svc.jobs();
        assert_eq!(status(&jobs, &id), "queued");
        assert_eq!(jobs[&id]["attempts"], 1);
        let wait = jobs[&id]["next_attempt_at"].as_f64().unwrap() - jobs[&id]["created_at"].as_f64().unwrap();
        let first = Catalog::builtin().require(batchlane_core::facts::Kind::FailFastFirstBackoffSeconds, "azure");
        assert!(wait >= first, "backoff of {wait} s, first backoff {first} s");
        // Within the backoff, a tick does not try again.
        svc.run(&["tick"]);
        assert_eq!(svc.jobs()[&id]["attempts"], 1);
        let creates = fake.events().iter().filter(|e| e["method"] == "POST" && e["path"] == "/batches").count();
        assert_eq!(creates, 1);
    }
}

/// The error codes the service's own line checks implement.
const SHARED_CODES: [&str; 12] = [
    "empty_file",
    "utf8_bom",
    "invalid_utf8",
    "invalid_json_line",
    "missing_required_parameter",
    "invalid_request",
    "duplicate_custom_id",
    "url_mismatch",
    "invalid_url",
    "model_mismatch",
    "streaming_unsupported",
    "custom_id_too_long",
];

#[test]
fn the_service_line_checks_agree_with_the_core_checker_on_the_fixtures() {
    let catalog = Catalog::builtin();
    let dir = scratch("agree");
    let mut seen = std::collections::BTreeSet::new();
    for (dialect, file_dialect) in [(Dialect::Azure, FileDialect::Azure), (Dialect::OpenAi, FileDialect::OpenAi)] {
        let src = control_python(&ControlOptions::new(dialect, &catalog), &catalog).unwrap();
        std::fs::write(dir.join("control_plane.py"), src).unwrap();
        let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures().join("batch")).unwrap().map(|e| e.unwrap().path()).collect();
        paths.retain(|p| p.extension().is_some_and(|x| x == "jsonl" || x == "json") && !p.to_string_lossy().ends_with(".errors.json"));
        paths.sort();
        assert!(paths.len() >= 10, "{paths:?}");
        for path in paths {
            let bytes = std::fs::read(&path).unwrap();
            let options = CheckOptions { dialect: file_dialect, count_tokens: false, ..CheckOptions::default() };
            let report = check_bytes(&bytes, options, &catalog);
            let mut core: Vec<(u64, String)> = report
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error && SHARED_CODES.contains(&d.code.as_str()))
                .map(|d| (d.line, d.code.as_str().to_string()))
                .collect();
            let out = Command::new("python3")
                .current_dir(&dir)
                .env("PYTHONPATH", fixtures().join("control_plane/stubs"))
                .args(["control_plane.py", "check"])
                .arg(&path)
                .output()
                .unwrap();
            let mut py: Vec<(u64, String)> = String::from_utf8_lossy(&out.stdout)
                .lines()
                .map(|l| serde_json::from_str::<Value>(l).unwrap())
                .filter(|v| v["severity"] == "error" && SHARED_CODES.contains(&v["code"].as_str().unwrap()))
                .map(|v| (v["line"].as_u64().unwrap(), v["code"].as_str().unwrap().to_string()))
                .collect();
            core.sort();
            py.sort();
            assert_eq!(py, core, "{} ({})\n{}", path.display(), dialect.subject(), String::from_utf8_lossy(&out.stderr));
            seen.extend(core.into_iter().map(|(_, c)| c));
        }
    }
    // The fixtures exercise most of the shared rules (a comparison of nothing proves nothing).
    assert!(seen.len() >= 6, "{seen:?}");
}
