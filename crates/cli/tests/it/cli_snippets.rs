//! `batchlane snippets KIND`: for every kind and real /snippets links (the
//! e2e tests' links, `crates/core/tests/fixtures/snippets_links.txt`), the
//! files the command writes are byte for byte what the page renders for the
//! same link: core's `share::decode` (the page's codec) and the generator
//! the page's panel calls; and the page's panels call exactly those
//! functions (checked in their source). Also: bad KIND, bad link, invalid
//! options, overrides.

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::share::{self, Opened};
use batchlane_core::snippets::{
    apim_policy_xml, audit_rules, control_python, control_requirements, flex_fallback_python, py_str, render, submit_curl, submit_python,
    worker_python, ApimOptions, FlexApi, FlexOptions, FormError, WorkerOptions,
};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const KINDS: [&str; 8] = ["keda", "worker", "submit-py", "submit-sh", "flex", "apim", "control", "audit"];

fn run(args: &[&str]) -> (i32, Vec<u8>, String) {
    let argv: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(&argv, &mut out, &mut err);
    (code, out, String::from_utf8(err).unwrap())
}

fn temp_dir() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let d = std::env::temp_dir().join(format!("batchlane-snippets-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed)));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The e2e tests' links (the last one holds refused values).
fn links() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/fixtures/snippets_links.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter_map(|l| l.strip_prefix("== ")).map(String::from).collect()
}

/// What the page renders for `kind` from what a link opened: the panel's
/// generator call and the file names it offers for download.
fn page_files(
    kind: &str,
    o: &Opened,
    worker: &WorkerOptions,
    apim: &ApimOptions,
    c: &Catalog,
) -> Result<Vec<(String, String)>, Vec<FormError>> {
    let one = |name: &str, r: Result<String, Vec<FormError>>| r.map(|t| vec![(name.to_string(), t)]);
    match kind {
        // keda_form.rs: render(&KedaUi::to_form, c); keda_output.rs: share::keda_file_name.
        "keda" => render(&o.keda.to_form(), c).map(|r| vec![(share::keda_file_name(&o.keda), r.yaml)]),
        // code.rs WorkerPanel: share::worker_options(base, keda), worker_python.
        "worker" => one(share::WORKER_FILE, worker_python(&share::worker_options(worker, &o.keda))),
        // batch.rs: submit_python / submit_curl over the submit options.
        "submit-py" => one(share::SUBMIT_PY_FILE, submit_python(&o.submit, c)),
        "submit-sh" => one(share::SUBMIT_SH_FILE, submit_curl(&o.submit, c)),
        // flex.rs: flex_fallback_python over the Flex tab's options.
        "flex" => one(share::FLEX_FILE, flex_fallback_python(&o.flex).map_err(|e| vec![e])),
        // code.rs ApimPanel: apim_policy_xml.
        "apim" => one(share::APIM_FILE, apim_policy_xml(apim)),
        // control.rs: control_python(&ui.options(c), c), control_requirements.
        "control" => control_python(&o.control.options(c), c)
            .map(|code| vec![(share::CONTROL_FILE.into(), code), (share::REQUIREMENTS_FILE.into(), control_requirements())]),
        // control_audit.rs: audit_rules(&u.audit).
        "audit" => audit_rules(&o.control.audit).map(|r| {
            vec![
                (share::KQL_FILE.into(), r.kql),
                (share::ACTIVITY_ALERT_FILE.into(), r.activity_log_alert),
                (share::POLICY_FILE.into(), r.policy),
            ]
        }),
        _ => unreachable!(),
    }
}

fn files_in(dir: &Path) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (e.file_name().to_string_lossy().into_owned(), std::fs::read_to_string(e.path()).unwrap())
        })
        .collect();
    v.sort();
    v
}

/// Runs `kind` on `link` (and `extra` arguments) into a fresh directory and
/// compares with what the page renders for the options `opened` holds.
fn assert_same_as_page(kind: &str, link: &str, extra: &[&str], o: &Opened, worker: &WorkerOptions, apim: &ApimOptions) {
    let c = Catalog::builtin();
    let dir = temp_dir();
    let mut args = vec!["snippets", kind, "--link", link, "-o", dir.to_str().unwrap()];
    args.extend(extra);
    let (code, _, err) = run(&args);
    match page_files(kind, o, worker, apim, &c) {
        Ok(mut want) => {
            assert_eq!(code, 0, "{kind} {link}: {err}");
            want.sort();
            let got = files_in(&dir);
            assert_eq!(got.iter().map(|f| &f.0).collect::<Vec<_>>(), want.iter().map(|f| &f.0).collect::<Vec<_>>(), "{kind} {link}");
            for ((name, got), (_, want)) in got.iter().zip(&want) {
                assert!(got == want, "{kind} {link}: {name} differs from the page's");
            }
            // One file and no -o: the file on stdout, byte for byte.
            if want.len() == 1 {
                let mut args = vec!["snippets", kind, "--link", link];
                args.extend(extra);
                let (code, out, err) = run(&args);
                assert_eq!((code, out.as_slice()), (0, want[0].1.as_bytes()), "{kind} {link} on stdout: {err}");
            }
        }
        Err(errors) => {
            assert_eq!(code, 1, "{kind} {link}: the page refuses these options: {errors:?}");
            for e in &errors {
                assert!(err.contains(&e.reason().en), "{kind}: {err} lacks {}", e.reason().en);
            }
            assert!(!dir.exists(), "{kind}: nothing is written");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_kind_writes_what_the_page_renders_for_real_links() {
    let c = Catalog::builtin();
    let links = links();
    assert_eq!(links.len(), 13);
    let mut rendered = 0;
    for link in &links[..links.len() - 1] {
        let d = share::decode(link, &c).unwrap();
        assert!(d.rejected.is_empty() && d.opened.ignored.is_empty(), "{link}");
        for kind in KINDS {
            assert_same_as_page(kind, link, &[], &d.opened, &WorkerOptions::new(&c), &ApimOptions::default());
            rendered += 1;
        }
        // The page's full URL works the same as its query string.
        let url = format!("https://batchlane.example/snippets{link}");
        assert_same_as_page("keda", &url, &[], &d.opened, &WorkerOptions::new(&c), &ApimOptions::default());
    }
    assert_eq!(rendered, KINDS.len() * 12);
}

#[test]
fn links_that_render_something_else_than_the_defaults() {
    // The e2e KEDA link (a ScaledObject named invoice-worker on a topic) and a ScaledJob worker.
    let c = Catalog::builtin();
    let links = links();
    let keda = links.iter().find(|l| l.contains("name=invoice-worker")).unwrap();
    let (code, _, err) = run(&["snippets", "keda", "--link", keda, "-o", temp_dir().to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (_, out, _) = run(&["snippets", "keda", "--link", keda]);
    let yaml = String::from_utf8(out).unwrap();
    assert!(yaml.contains("invoice-worker") && yaml.contains("topicName: \"invoices\""), "{yaml}");
    let link = "?kind=sj&sbNamespace=fabrikam-sb&queue=invoices";
    let d = share::decode(link, &c).unwrap();
    assert_same_as_page("worker", link, &[], &d.opened, &WorkerOptions::new(&c), &ApimOptions::default());
    let (_, out, _) = run(&["snippets", "worker", "--link", link]);
    let py = String::from_utf8(out).unwrap();
    assert!(py.contains("fabrikam-sb") && py.contains("invoices"), "the worker takes the KEDA form's namespace and queue");
}

#[test]
fn flags_and_set_override_the_link_as_the_same_keys_would() {
    let c = Catalog::builtin();
    let link = "https://batchlane.example/snippets?deployment=gpt-4o-batch&endpoint=https://fabrikam.openai.azure.com";
    // --dialect/--deployment are the link's keys: the same as a link that says so.
    let same = "?deployment=gpt-4o-mini&endpoint=https://fabrikam.openai.azure.com&dialect=openai";
    let mut o = share::decode(same, &c).unwrap().opened;
    for kind in ["submit-py", "submit-sh"] {
        assert_same_as_page(
            kind,
            link,
            &["--dialect", "openai", "--deployment", "gpt-4o-mini"],
            &o,
            &WorkerOptions::new(&c),
            &ApimOptions::default(),
        );
    }
    // Fields the link does not carry.
    o.submit.poll_interval_seconds = 120;
    o.submit.input_path = "jobs/nightly.jsonl".into();
    let extra = [
        "--dialect",
        "openai",
        "--deployment",
        "gpt-4o-mini",
        "--set",
        "poll_interval_seconds=120",
        "--set",
        "input_path=jobs/nightly.jsonl",
    ];
    assert_same_as_page("submit-py", link, &extra, &o, &WorkerOptions::new(&c), &ApimOptions::default());

    let mut w = WorkerOptions::new(&c);
    (w.openai_endpoint, w.deployment, w.max_concurrency) = ("https://fabrikam.openai.azure.com".into(), "gpt-4o-batch".into(), 8);
    let keda = share::decode("?queue=invoices", &c).unwrap().opened;
    let extra = [
        "--endpoint",
        "https://fabrikam.openai.azure.com",
        "--deployment",
        "gpt-4o-batch",
        "--set",
        "max_concurrency=8",
        "--set",
        "queue=invoices",
    ];
    assert_same_as_page("worker", "", &extra, &keda, &w, &ApimOptions::default());

    let apim =
        ApimOptions { tokens_per_minute: 120_000, counter_key: batchlane_core::snippets::CounterKey::JwtClaim, ..ApimOptions::default() };
    assert_same_as_page("apim", "", &["--quota", "120000", "--set", "counter_key=jwt"], &keda, &WorkerOptions::new(&c), &apim);

    // --quota on control is a typed quota (two link keys); --model the catalog model.
    let control = share::decode("?cpQuota=typed&cpTokens=5000000&cpDialect=openai", &c).unwrap().opened;
    assert_same_as_page("control", "?tab=control", &["--quota", "5000000", "--dialect", "openai"], &control, &w, &ApimOptions::default());
    // One name per concept: --tpm is the tokens-per-minute quota (keda, apim),
    // --enqueued-limit the enqueued-token limit (control, as `check`'s); --quota still reads as either.
    assert_same_as_page(
        "control",
        "?tab=control",
        &["--enqueued-limit", "5000000", "--dialect", "openai"],
        &control,
        &w,
        &ApimOptions::default(),
    );
    assert_same_as_page("apim", "", &["--tpm", "120000", "--set", "counter_key=jwt"], &keda, &WorkerOptions::new(&c), &apim);
    // The link's value is replaced, not repeated (a repeated key is refused).
    let keda = share::decode("?maxReplicaCount=30&name=x", &c).unwrap().opened;
    assert_same_as_page("keda", "?maxReplicaCount=7&name=x", &["--set", "maxReplicaCount=30"], &keda, &w, &ApimOptions::default());
}

#[test]
fn invalid_options_give_the_pages_messages_and_write_nothing() {
    let c = Catalog::builtin();
    let mut w = WorkerOptions::new(&c);
    w.max_concurrency = -1;
    let want = worker_python(&w).unwrap_err();
    assert!(!want.is_empty());
    let dir = temp_dir();
    let (code, out, err) = run(&["snippets", "worker", "--set", "max_concurrency=-1", "-o", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty() && !dir.exists(), "nothing written");
    for e in &want {
        assert!(err.contains(&format!("{}: {}", e.field, e.reason().en)), "{err}");
    }
    // Korean, as the page shows it in Korean.
    let (code, _, err) = run(&["snippets", "worker", "--set", "max_concurrency=-1", "--lang", "ko"]);
    assert_eq!(code, 1);
    assert!(err.contains(&want[0].reason().ko), "{err}");
    // A KEDA form the page refuses (the link's values pass the link's checks).
    let link = "?name=Bad_Name&polling=0";
    let d = share::decode(link, &c).unwrap();
    let want = render(&d.opened.keda.to_form(), &c).unwrap_err();
    let (code, _, err) = run(&["snippets", "keda", "--link", link]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(&want[0].reason().en), "{err}");
    // Control with no known quota for the model.
    let (code, _, err) = run(&["snippets", "control", "--model", "no-such-model", "-o", temp_dir().to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn bad_kind_bad_flags_bad_links() {
    for (args, says) in [
        (vec!["snippets"], "no KIND given"),
        (vec!["snippets", "helm"], "unknown KIND 'helm' (one of: keda, worker, submit-py, submit-sh, flex, apim, control, audit)"),
        (
            vec!["snippets", "keda", "--dialect", "openai"],
            "--dialect does not apply to keda (it applies to: submit-py, submit-sh, control)",
        ),
        (vec!["snippets", "apim", "--set", "queue=x"], "apim takes no --set queue"),
        (vec!["snippets", "keda", "--set", "name"], "--set takes NAME=VALUE"),
        (vec!["snippets", "keda", "--frobnicate"], "unexpected argument '--frobnicate'"),
        (vec!["snippets", "keda", "--link"], "--link needs a value"),
        (vec!["snippets", "worker", "--set", "max_concurrency=lots"], "--set max_concurrency=lots: not a whole number"),
        (vec!["snippets", "apim", "--set", "counter_key=ip"], "not one of: subscription, jwt"),
        (vec!["snippets", "keda", "--link", "https://batchlane.example/quota?tpm=1"], "not a /snippets link (its path is '/quota')"),
        (vec!["snippets", "keda", "--link", "?maxReplicaCount=-1&tab=keda"], "the link's maxReplicaCount=-1 (below 0)"),
        (vec!["snippets", "keda", "--link", "?tpm=0"], "tpm: the page can't use this value and ignores it"),
        (vec!["snippets", "keda", "--link", "?name=%ZZ"], "not valid percent-encoding"),
        (vec!["snippets", "keda", "--set", "maxReplicaCount=-5"], "--set maxReplicaCount=-5 (below 0)"),
        (vec!["snippets", "keda", "--set", "name=a\nb"], "contains a control character"),
        (vec!["snippets", "audit"], "writes 3 files (second-door.kql, activity-log-alert.json, deny-key-access.policy.json): give -o DIR"),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // A link over the query limit is refused whole, not read.
    let huge = format!("?name={}", "x".repeat(batchlane_core::io::MAX_QUERY_BYTES + 1));
    let (code, _, err) = run(&["snippets", "keda", "--link", &huge]);
    assert_eq!(code, 2);
    assert!(err.contains("longer than 16384"), "{}", &err[..err.len().min(300)]);
    assert!(err.len() < 2_000, "the refusal quotes a bounded part of the link");
    // An unknown key is only a note (the page drops it too).
    let (code, _, err) = run(&["snippets", "keda", "--link", "?utm_source=mail&name=x"]);
    assert_eq!(code, 0);
    assert!(err.contains("'utm_source' is not a /snippets key"), "{err}");
}

#[test]
fn the_help_lists_the_command_its_kinds_and_names() {
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    let top = String::from_utf8(out).unwrap();
    assert!(top.contains("batchlane snippets keda|worker|submit-py|submit-sh|apim|control|audit"), "{top}");
    let (code, out, _) = run(&["snippets", "--help"]);
    assert_eq!(code, 0);
    let help = String::from_utf8(out).unwrap();
    for kind in KINDS {
        assert!(help.contains(&format!("\n  {kind} ")), "{kind} in {help}");
    }
    assert!(help.contains("--quota N: formerly"), "the old --quota is documented as such: {help}");
    for name in
        ["maxReplicaCount", "cpRoutes", "max_concurrency", "tokens_per_minute", "--tpm N", "--enqueued-limit N", "--link URL", "-o DIR"]
    {
        assert!(help.contains(name), "{name} in {help}");
    }
}

/// The page's panels render with the functions `page_files` calls, over
/// the options core's codec opens (`share::SnippetsLink` through
/// `io::LinkCodec`: its `table`, `open` and `pairs`), and
/// offer the same file names: checked in their source, so a panel that
/// starts rendering differently fails here.
#[test]
fn the_page_renders_with_the_same_core_functions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src/pages/snippets");
    let src = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    let calls: [(&str, &[&str]); 9] = [
        (
            "mod.rs",
            &[
                "share::SnippetsLink { catalog: catalog.clone() }",
                "use_url_state(&link.table()",
                "link.open(&url.opened.get_value())",
                "link.pairs(&state)",
            ],
        ),
        ("flex.rs", &["st.with(flex_fallback_python)", "share::FLEX_FILE"]),
        ("state.rs", &["worker: RwSignal::new(WorkerOptions::new(catalog))", "apim: RwSignal::new(ApimOptions::default())"]),
        ("keda_form.rs", &["share::keda_form(k, w)", "render(&form, c)"]),
        ("keda_output.rs", &["ui.with(share::keda_file_name)"]),
        (
            "code.rs",
            &[
                "share::worker_options(base, k)",
                "options.with(worker_python)",
                "share::WORKER_FILE",
                "st.with(apim_policy_xml)",
                "share::APIM_FILE",
            ],
        ),
        ("batch.rs", &["submit_curl(&o, c)", "submit_python(&o, c)", "share::SUBMIT_SH_FILE", "share::SUBMIT_PY_FILE"]),
        (
            "control.rs",
            &[
                "control_python(&ui.options(c), c)",
                "Signal::derive(control_requirements)",
                "share::CONTROL_FILE",
                "share::REQUIREMENTS_FILE",
            ],
        ),
        ("control_audit.rs", &["audit_rules(&u.audit)", "share::KQL_FILE", "share::ACTIVITY_ALERT_FILE", "share::POLICY_FILE"]),
    ];
    for (file, needles) in calls {
        let text = src(file);
        for n in needles {
            assert!(text.contains(n), "src/pages/snippets/{file} no longer calls `{n}`: update batchlane snippets and this test");
        }
    }
    // No file name typed in a panel (they come from core).
    for file in ["code.rs", "batch.rs", "flex.rs", "control.rs", "control_audit.rs", "keda_output.rs"] {
        for name in [".py\"", ".sh\"", ".xml\"", ".txt\"", ".kql\"", ".json\"", ".yaml\""] {
            assert!(!src(file).contains(name), "src/pages/snippets/{file} names a file itself ({name})");
        }
    }
}

#[test]
fn an_apim_audience_that_is_a_policy_expression_is_refused() {
    // Issue 40, attack 7: text starting with `@(` or `@{` in a policy is a
    // C# expression API Management evaluates; as the audience it let the
    // caller choose the audience validate-jwt accepts.
    for audience in ["@(context.Request.Headers.GetValueOrDefault(\"X-Aud\",\"\"))", "@{return \"x\";}", " @(1)", "@plain"] {
        let set = format!("audience={audience}");
        let (code, out, err) = run(&["snippets", "apim", "--set", "counter_key=jwt", "--set", &set]);
        assert_eq!(code, 1, "{audience}: {err}");
        assert!(out.is_empty());
        assert!(err.contains("audience") && err.contains("@"), "{err}");
    }
    // An ordinary audience (an @ inside is plain text) still renders.
    let (code, out, err) = run(&["snippets", "apim", "--set", "counter_key=jwt", "--set", "audience=api://gw@contoso"]);
    assert_eq!(code, 0, "{err}");
    assert!(String::from_utf8(out).unwrap().contains("<audience>api://gw@contoso</audience>"));
}

/// A value given through a dedicated flag is refused under that flag's
/// name (never the `--set` key it maps to), in the language asked for.
#[test]
fn a_refused_flag_value_names_the_flag_in_the_language_asked_for() {
    let (code, _, err) = run(&["snippets", "keda", "--quota", "0", "--lang", "ko"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--quota 0"), "{err}");
    assert!(!err.contains("--set tpm"), "{err}");
    assert!(err.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)), "not Korean: {err}");
    let (code, _, err) = run(&["snippets", "keda", "--quota", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--quota 0") && err.contains("ignores it"), "{err}");
}

/// `--help` lists the values of every --set name that takes a fixed set
/// (KEDA's `kind`: so or sj).
#[test]
fn the_help_lists_the_values_of_enumerated_names() {
    let (code, out, _) = run(&["snippets", "--help"]);
    assert_eq!(code, 0);
    let help = String::from_utf8(out).unwrap();
    for (name, values) in [("kind", "so|sj"), ("entity", "queue|topic"), ("strategy", "default|custom|accurate|eager")] {
        assert!(help.contains(&format!("{name}={values}")), "{name}={values} in {help}");
    }
}

/// `batchlane snippets flex`: the page's Flex tab, from its link or the
/// flags (`--endpoint`, `--deployment`, `--budget`, `--attempts`) and
/// `--set` of its link keys; the help lists the kind and its flags; `--lang
/// ko` gives the generator's messages in Korean; a typed string reaches
/// the code only through Python's quoting.
#[test]
fn flex_renders_the_pages_flex_tab_from_its_link_and_its_flags() {
    let c = Catalog::builtin();
    let link = "?tab=flex&fxDeployment=sol-prod&fxApi=chat&fxBudget=45&fxFallback=0";
    let d = share::decode(link, &c).unwrap();
    assert_eq!(d.opened.flex.api, FlexApi::ChatCompletions);
    assert_same_as_page("flex", link, &[], &d.opened, &WorkerOptions::new(&c), &ApimOptions::default());
    // The flags are the same keys as the link's.
    let typed = "x\"; __import__('os').system('boom') # \u{202e} 인보이스";
    let (code, out, err) = run(&[
        "snippets",
        "flex",
        "--endpoint",
        "https://contoso.openai.azure.com",
        "--deployment",
        typed,
        "--budget",
        "30",
        "--attempts",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let want = FlexOptions {
        endpoint: "https://contoso.openai.azure.com".into(),
        deployment: typed.into(),
        budget_seconds: 30.0,
        max_attempts: 3,
        ..FlexOptions::default()
    };
    let got = String::from_utf8(out).unwrap();
    assert_eq!(got, flex_fallback_python(&want).unwrap());
    assert!(got.contains(&format!("DEPLOYMENT = {}\n", py_str(typed))), "{got}");
    assert!(!got.contains("x\"; __import__"), "the typed quote stays inside the literal");
    // A control character is refused by the link's table, as the page refuses it; nothing written.
    let (code, out, err) = run(&["snippets", "flex", "--deployment", "a\nb"]);
    assert_eq!((code, out.is_empty()), (2, true), "{err}");
    assert!(err.contains("--deployment a\nb") || err.contains("--deployment a\\nb"), "{err}");
    // The generator's refusal, in the language asked for; nothing written.
    let (code, out, err) = run(&["snippets", "flex", "--endpoint", "http://plain.example", "--lang", "ko"]);
    assert_eq!((code, out.is_empty()), (1, true), "{err}");
    assert!(err.contains("https:// URL이어야 합니다"), "{err}");
    let (code, _, err) = run(&["snippets", "flex", "--attempts", "0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--attempts 0"), "{err}");
    let (code, _, err) = run(&["snippets", "flex", "--quota", "5"]);
    assert_eq!(code, 2);
    assert!(err.contains("--quota does not apply to flex"), "{err}");
    let (_, out, _) = run(&["snippets", "--help"]);
    let help = String::from_utf8(out).unwrap();
    for needle in [
        "\n  flex ",
        "--budget SECONDS: flex",
        "--attempts N: flex",
        "--endpoint URL: worker, submit-py, submit-sh, flex, control",
        "fxApi=responses|chat",
    ] {
        assert!(help.contains(needle), "{needle} in {help}");
    }
}
