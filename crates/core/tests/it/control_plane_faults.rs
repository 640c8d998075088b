//! The generated control plane (`control_plane_service.rs`) misbehaved on
//! as the real services do: ticks and runs at once, a crash between create
//! and ledger write, a create that times out, a late token-limit failure,
//! one bad job among good ones, a refused credential, six hundred jobs, a
//! 1 GB output, serve's tenant from the key, hostile output lines.

use super::control_plane_harness::*;
use batchlane_core::snippets::Dialect;
use serde_json::Value;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

#[test]
fn two_ticks_and_a_run_at_once_create_each_job_once() {
    let dir = scratch("race");
    // Each create answers late: the ticks overlap for seconds.
    let fake = Fake::with(&dir, serde_json::json!({"slow_create": 0.7}));
    let svc = Service::new(&dir, Dialect::Azure, 10_000_000, &fake);
    let jobs: Vec<String> = (0..3).map(|i| svc.submit("contoso", &format!("j{i}.jsonl"), &[&format!("r{i}")])).collect();
    let mut runner = svc.command(&["run"]).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    let ticks: Vec<Child> = (0..2).map(|_| svc.command(&["tick"]).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap()).collect();
    let mut skipped = 0;
    for t in ticks {
        let out = t.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        skipped += usize::from(String::from_utf8_lossy(&out.stderr).contains("holds the writer lease"));
    }
    let started = wait_for(30, || svc.jobs().values().all(|j| j["batch_id"].is_string()));
    kill(&mut runner);
    assert!(started, "{:?}", svc.jobs());
    assert!(skipped >= 1, "at least one tick overlapped the others and found the lease taken");
    let creates = fake.creates();
    for id in &jobs {
        assert_eq!(creates.get(id), Some(&1), "{id}: {creates:?}");
    }
    assert_eq!(fake.calls("POST", "/batches"), 3);
}

#[test]
fn a_crash_between_create_and_ledger_write_creates_no_second_batch() {
    let dir = scratch("crash");
    let fake = Fake::with(&dir, serde_json::json!({"slow_create": 3}));
    let svc = Service::new(&dir, Dialect::OpenAi, 10_000_000, &fake);
    let id = svc.submit("contoso", "a.jsonl", &["a-1"]);
    let mut tick = svc.command(&["tick"]).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    // The batch exists at the service; the process dies before it hears so.
    assert!(wait_for(30, || fake.creates().contains_key(&id)), "no create seen");
    kill(&mut tick);
    assert_eq!(status(&svc.jobs(), &id), "submitting");
    // The dead writer's lease runs out.
    std::fs::remove_file(svc.lease_file()).unwrap();
    svc.run(&["tick"]);
    let jobs = svc.jobs();
    assert_eq!(jobs[&id]["batch_id"], "batch-1", "the batch was found by its job id");
    assert_ne!(status(&jobs, &id), "submitting");
    for _ in 0..3 {
        svc.run(&["tick"]);
    }
    assert_eq!(status(&svc.jobs(), &id), "completed");
    assert_eq!(fake.creates().get(&id), Some(&1), "one batch, never a second");
}

#[test]
fn a_create_that_times_out_is_looked_up_not_repeated() {
    let dir = scratch("timeout");
    let fake = Fake::with(&dir, serde_json::json!({"slow_create": 2}));
    let mut svc = Service::new(&dir, Dialect::Azure, 10_000_000, &fake);
    svc.set_env("CONTROL_PLANE_API_TIMEOUT_SECONDS", "0.5");
    let id = svc.submit("contoso", "a.jsonl", &["a-1"]);
    let (_, stderr) = svc.run(&["tick"]);
    assert!(stderr.contains("create unanswered"), "{stderr}");
    assert_eq!(status(&svc.jobs(), &id), "submitting");
    assert!(wait_for(10, || fake.events().iter().filter(|e| e.get("created").is_some()).count() == 1));
    std::thread::sleep(Duration::from_millis(2_000)); // the late answer is sent
    svc.run(&["tick"]);
    let jobs = svc.jobs();
    assert_eq!(jobs[&id]["batch_id"], "batch-1", "the batch was found by its job id");
    // openai-python retries a timed-out request twice by default: here the create went out once.
    assert_eq!(fake.calls("POST", "/batches"), 1);
    assert_eq!(fake.creates().get(&id), Some(&1));
}

#[test]
fn a_delayed_token_limit_failure_is_requeued_and_completes_later() {
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let dir = scratch(&format!("late-{}", dialect.fact_subject()));
        // Outside the fail-fast regions the job is created, then ends failed.
        let fake = Fake::with(&dir, serde_json::json!({"late_token_limit": 1, "capitalise": dialect == Dialect::Azure}));
        let svc = Service::new(&dir, dialect, 10_000_000, &fake);
        let id = svc.submit("contoso", "a.jsonl", &["a-1", "a-2"]);
        svc.run(&["tick"]);
        assert_eq!(status(&svc.jobs(), &id), "validating");
        let (_, stderr) = svc.run(&["tick"]);
        let jobs = svc.jobs();
        assert_eq!(status(&jobs, &id), "queued", "re-queued, not final");
        assert!(jobs[&id]["batch_id"].is_null(), "its tokens are no longer held");
        assert_eq!(jobs[&id]["attempts"], 1);
        assert!(jobs[&id]["next_attempt_at"].as_f64().unwrap() > jobs[&id]["created_at"].as_f64().unwrap());
        assert!(!stderr.contains("ALERT"), "a retried job alerts nobody: {stderr}");
        svc.run(&["tick"]);
        assert_eq!(status(&svc.jobs(), &id), "queued", "not within the backoff");
        svc.end_backoffs();
        for _ in 0..4 {
            svc.run(&["tick"]);
        }
        let jobs = svc.jobs();
        assert_eq!(status(&jobs, &id), "completed", "{dialect:?}");
        assert_eq!(jobs[&id]["ok_requests"], 2);
        assert_eq!(fake.creates().get(&id), Some(&2));
        assert_eq!(fake.calls("POST", "/files"), 1, "the uploaded input is used again");
    }
}

#[test]
fn one_bad_job_among_good_ones_does_not_hold_them_up() {
    let dir = scratch("isolation");
    let fake = Fake::with(
        &dir,
        serde_json::json!({"faults": [
            {"method": "POST", "path": "/files", "status": 503, "times": 1},
            {"method": "GET", "path": "/batches/batch-.*", "reset": true, "times": 1},
        ]}),
    );
    let svc = Service::new(&dir, Dialect::Azure, 10_000_000, &fake);
    let good_a = svc.submit("contoso", "a.jsonl", &["a-1"]);
    let bad = svc.submit("contoso", "b.jsonl", &["bad-1"]);
    let gone = svc.submit("fabrikam", "g.jsonl", &["gone-1"]);
    let good_b = svc.submit("fabrikam", "c.jsonl", &["c-1"]);
    for _ in 0..6 {
        svc.run(&["tick"]);
        svc.end_backoffs();
    }
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &good_a), "completed", "{jobs:?}");
    assert_eq!(status(&jobs, &good_b), "completed");
    assert_eq!(status(&jobs, &bad), "rejected", "a 400 at create marks that job");
    assert_eq!(status(&jobs, &gone), "failed", "a 404 at retrieve marks that job");
    let alerts: Vec<String> =
        fake.events().iter().filter_map(|e| e.get("alert")).map(|a| a["job_id"].as_str().unwrap().to_string()).collect();
    assert_eq!(alerts, [bad.clone(), gone.clone()], "one alert per bad job");
    assert_eq!(fake.creates().get(&good_a), Some(&1), "the 503 at upload and the reset did not repeat a create");
}

#[test]
fn a_refused_credential_stops_the_tick_and_keeps_every_job() {
    let dir = scratch("auth");
    let fake = Fake::with(&dir, serde_json::json!({"faults": [{"method": "POST", "path": "/batches", "status": 401, "times": 1}]}));
    let svc = Service::new(&dir, Dialect::OpenAi, 10_000_000, &fake);
    let id = svc.submit("contoso", "a.jsonl", &["a-1"]);
    let other = svc.submit("contoso", "b.jsonl", &["b-1"]);
    let (code, _, stderr) = svc.try_run(&["tick"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("check the credentials"), "{stderr}");
    let jobs = svc.jobs();
    assert_eq!((status(&jobs, &id), status(&jobs, &other)), ("queued".into(), "queued".into()), "no job is blamed for the credential");
    assert!(!stderr.contains("ALERT"));
    svc.run(&["tick"]);
    assert_eq!(status(&svc.jobs(), &id), "validating", "fixed credentials: it goes on");
}

#[test]
fn six_hundred_jobs_stay_under_the_file_limit_and_inputs_are_deleted() {
    let dir = scratch("files");
    // Azure holds 500 batch files without an expiry, 10,000 with one.
    let fake = Fake::with(&dir, serde_json::json!({"file_limits": {"no_expiry": 500, "with_expiry": 10_000}}));
    let svc = Service::new(&dir, Dialect::Azure, 10_000_000_000, &fake);
    // Queue 600 jobs straight into the ledger through the service's own submit().
    let driver = "import control_plane as cp\nfor i in range(600):\n    cp.submit('contoso', 'summarize', [{'custom_id': f'r{i}', 'body': {'model': 'summarize', 'max_tokens': 10, 'messages': [{'role': 'user', 'content': 'hi'}]}}])";
    let out = svc.python().args(["-c", driver]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for _ in 0..4 {
        svc.run(&["tick"]);
    }
    let jobs = svc.jobs();
    let done = jobs.values().filter(|j| j["status"] == "completed").count();
    assert_eq!(done, 600, "{:?}", jobs.values().find(|j| j["status"] != "completed"));
    let uploads: Vec<Value> = fake.events().into_iter().filter(|e| e["method"] == "POST" && e["path"] == "/files").collect();
    assert_eq!(uploads.len(), 600, "no upload refused or repeated");
    let deletes = fake.events().iter().filter(|e| e["method"] == "DELETE").count();
    assert_eq!(deletes, 600, "every input file is deleted once its job is over");
}

#[test]
fn a_1_gb_output_is_copied_within_200_mb() {
    let dir = scratch("big");
    let size: u64 = 1 << 30;
    let fake = Fake::with(&dir, serde_json::json!({"big_output_bytes": size}));
    let svc = Service::new(&dir, Dialect::OpenAi, 10_000_000, &fake);
    let id = svc.submit("contoso", "a.jsonl", &["big-1"]);
    svc.run(&["tick"]);
    svc.run(&["tick"]);
    // The tick that copies, under a parent that reads its peak resident set.
    let driver = "import resource, subprocess, sys\nr = subprocess.run([sys.executable, 'control_plane.py', 'tick'])\nprint(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\nsys.exit(r.returncode)";
    let out = svc.python().args(["-c", driver]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let peak_kib: u64 = String::from_utf8_lossy(&out.stdout).lines().last().unwrap().trim().parse().unwrap();
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &id), "completed");
    let copy = dir.join("blobs/batch-results/contoso").join(&id).join("output.jsonl");
    let copied = std::fs::metadata(&copy).unwrap().len();
    assert!(copied >= size, "copied {copied} bytes");
    let lines = jobs[&id]["ok_requests"].as_u64().unwrap();
    assert!(lines > 16_000, "every line was read for usage ({lines})");
    eprintln!("1 GiB output: peak RSS {} MiB", peak_kib / 1024);
    assert!(peak_kib < 200 * 1024, "peak RSS {} MiB", peak_kib / 1024);
    let _ = std::fs::remove_file(copy);
}

#[test]
fn serve_takes_the_tenant_from_the_callers_key() {
    let dir = scratch("serve");
    let fake = Fake::start(&dir, 10_000_000);
    let mut svc = Service::new(&dir, Dialect::Azure, 10_000_000, &fake);
    // sha256("contoso-key"), sha256("fabrikam-key")
    let digest = |key: &str| {
        let out = Command::new("python3")
            .args(["-c", "import hashlib, sys; print(hashlib.sha256(sys.argv[1].encode()).hexdigest())", key])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let keys = serde_json::json!({"contoso": digest("contoso-key"), "fabrikam": digest("fabrikam-key")});
    svc.set_env("CONTROL_PLANE_TENANT_KEYS", &keys.to_string());
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let mut server = svc.command(&["serve", &port.to_string()]).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let line = serde_json::json!({"custom_id": "s-1", "body": {"model": "summarize", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}]}});
    let post = |query: &str, key: Option<&str>| -> (u16, Value) {
        use std::io::{Read, Write};
        let body = format!("{line}\n");
        let auth = key.map(|k| format!("Authorization: Bearer {k}\r\n")).unwrap_or_default();
        let request =
            format!("POST /jobs?{query} HTTP/1.1\r\nHost: x\r\n{auth}Content-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        let code = answer[9..12].parse().unwrap();
        (code, serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap())
    };
    assert!(wait_for(20, || std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()), "serve did not start");
    assert_eq!(post("tenant=contoso&alias=summarize", None).0, 401, "no key, no tenant");
    assert_eq!(post("tenant=contoso&alias=summarize", Some("wrong")).0, 401);
    assert_eq!(post("tenant=contoso&alias=summarize", Some("fabrikam-key")).0, 403, "a query naming another tenant is refused");
    let (code, answer) = post("alias=summarize", Some("fabrikam-key"));
    kill(&mut server);
    assert_eq!(code, 202, "{answer}");
    let id = answer["job_id"].as_str().unwrap();
    assert_eq!(svc.jobs()[id]["tenant"], "fabrikam", "the tenant is the key's");
}

#[test]
fn hostile_output_lines_are_copied_counted_and_do_not_stall_the_job() {
    let dir = scratch("hostile");
    let fake = Fake::start(&dir, 10_000_000);
    let svc = Service::new(&dir, Dialect::OpenAi, 10_000_000, &fake);
    let id = svc.submit("contoso", "a.jsonl", &["garbage-1", "garbage-2"]);
    for _ in 0..3 {
        svc.run(&["tick"]);
    }
    let jobs = svc.jobs();
    assert_eq!(status(&jobs, &id), "completed");
    assert!(jobs[&id]["copied_to"].is_string(), "copied once, not retried every tick: {:?}", jobs[&id]);
    // Two good lines; invalid UTF-8, a control character, a number beyond
    // f64 (a status that is not 200), an array and a 40 MiB line fail.
    assert_eq!((jobs[&id]["ok_requests"].as_u64(), jobs[&id]["failed_requests"].as_u64()), (Some(2), Some(5)));
    let copy = dir.join("blobs/batch-results/contoso").join(&id).join("output.jsonl");
    assert!(std::fs::metadata(&copy).unwrap().len() > 40 << 20, "the whole file is copied, hostile lines included");
    let _ = std::fs::remove_file(copy);
}
