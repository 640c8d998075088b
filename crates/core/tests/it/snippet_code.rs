//! Generated code is valid: Python passes `python3 -m py_compile`, the curl
//! script passes `bash -n`, the policy is well-formed XML.

use std::path::PathBuf;
use std::process::Command;

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{
    apim_policy_xml, submit_curl, submit_python, worker_python, ApimOptions, CounterKey, Dialect, Entity, SubmitOptions, WorkerOptions,
};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("batchlane-snippets-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_ok(cmd: &mut Command, what: &str, source: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed:\n{}\n{}\n--- source ---\n{source}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn py_compile(name: &str, source: &str) {
    let dir = temp_dir(name);
    let file = dir.join(format!("{name}.py"));
    std::fs::write(&file, source).unwrap();
    run_ok(Command::new("python3").arg("-m").arg("py_compile").arg(&file), "python3 -m py_compile", source);
    std::fs::remove_dir_all(&dir).ok();
}

fn bash_n(name: &str, source: &str) {
    let dir = temp_dir(name);
    let file = dir.join(format!("{name}.sh"));
    std::fs::write(&file, source).unwrap();
    run_ok(Command::new("bash").arg("-n").arg(&file), "bash -n", source);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn worker_compiles_for_queue_and_topic() {
    let c = Catalog::builtin();
    let mut o = WorkerOptions::new(&c);
    o.model_alias = "sum\"mary".into(); // quoting must hold
    let queue = worker_python(&o).unwrap();
    assert!(queue.contains("MAX_DELIVERY_COUNT = 10"));
    assert!(queue.contains("get_queue_receiver(queue_name=QUEUE_NAME"));
    for needle in [
        "retry-after-ms",
        "content_filter",
        "abandon_message",
        "dead_letter_message",
        "AutoLockRenewer",
        "complete_message",
        "download_blob",
    ] {
        assert!(queue.contains(needle), "{needle}");
    }
    py_compile("worker_queue", &queue);
    o.entity = Entity::Topic { topic_name: "docs".into(), subscription_name: "ingest".into() };
    o.servicebus_namespace = "contoso-sb.servicebus.windows.net".into();
    let topic = worker_python(&o).unwrap();
    assert!(topic.contains("SERVICEBUS_FQDN = \"contoso-sb.servicebus.windows.net\""));
    assert!(topic.contains("get_subscription_receiver("));
    py_compile("worker_topic", &topic);
}

#[test]
fn submission_python_compiles_for_both_dialects() {
    let c = Catalog::builtin();
    for dialect in [Dialect::Azure, Dialect::OpenAi] {
        let o = SubmitOptions::new(dialect, &c);
        let py = submit_python(&o, &c).unwrap();
        assert!(py.contains("purpose=\"batch\""));
        assert!(py.contains("completion_window=\"24h\""));
        assert!(py.contains("FIRST_BACKOFF_SECONDS = 5") && py.contains("MAX_CREATE_ATTEMPTS = 10"));
        assert!(py.contains("POLL_SECONDS = 60"));
        py_compile(&format!("submit_{dialect:?}"), &py);
    }
}

#[test]
fn submission_curl_parses_for_both_dialects() {
    let c = Catalog::builtin();
    let azure = submit_curl(&SubmitOptions::new(Dialect::Azure, &c), &c).unwrap();
    assert!(azure.contains("expires_after.seconds=$FILE_EXPIRES_AFTER_SECONDS"));
    assert!(azure.contains("OUTPUT_EXPIRES_AFTER_SECONDS=1209600"));
    assert!(azure.contains("completion_window: \"24h\""));
    bash_n("submit_azure", &azure);
    let openai = submit_curl(&SubmitOptions::new(Dialect::OpenAi, &c), &c).unwrap();
    assert!(openai.contains("expires_after[seconds]"));
    assert!(openai.contains("ENDPOINT_PATH='/v1/chat/completions'"));
    bash_n("submit_openai", &openai);
}

#[test]
fn output_expiry_is_checked_per_dialect() {
    let c = Catalog::builtin();
    let mut o = SubmitOptions::new(Dialect::Azure, &c);
    o.output_expires_after_seconds = 3_600;
    let e = submit_python(&o, &c).unwrap_err();
    assert_eq!(e[0].field, "output_expires_after_seconds");
    assert!(e[0].reason().en.contains("1,209,600–2,592,000 seconds (14–30 days)"), "{}", e[0].reason().en);
    o.dialect = Dialect::OpenAi;
    o.file_expires_after_seconds = 3_600;
    assert!(submit_curl(&o, &c).is_ok());
    o.output_expires_after_seconds = 2_592_001;
    assert!(submit_curl(&o, &c).is_err());
    o.output_expires_after_seconds = 3_600;
    o.poll_interval_seconds = 10; // Azure's floor doesn't apply to OpenAI
    assert!(submit_curl(&o, &c).is_ok());
    o.poll_interval_seconds = 0;
    assert_eq!(submit_curl(&o, &c).unwrap_err()[0].field, "poll_interval_seconds");
}

#[test]
fn apim_policy_is_well_formed_xml() {
    let dir = temp_dir("apim");
    let file = dir.join("policy.xml");
    let subscription = apim_policy_xml(&ApimOptions::default()).unwrap();
    std::fs::write(&file, &subscription).unwrap();
    let script = "import sys, xml.etree.ElementTree as E\nr = E.parse(sys.argv[1]).getroot()\nt = r.find('inbound/llm-token-limit')\nassert t.get('tokens-per-minute') == '60000'\nassert t.get('counter-key') == '@(context.Subscription.Id)', t.get('counter-key')\nw = r.find('inbound/choose/when')\nassert w.get('condition') == '@(context.Subscription == null)'\nassert w.find('return-response/set-status').get('code') == '401'\nassert len(r.findall('inbound/llm-emit-token-metric/dimension')) == 3\n";
    run_ok(Command::new("python3").arg("-c").arg(script).arg(&file), "xml parse", &subscription);
    let jwt = apim_policy_xml(&ApimOptions { counter_key: CounterKey::JwtClaim, ..ApimOptions::default() }).unwrap();
    std::fs::write(&file, &jwt).unwrap();
    let script = "import sys, xml.etree.ElementTree as E\nr = E.parse(sys.argv[1]).getroot()\nv = r.find('inbound/validate-jwt')\nassert v.get('output-token-variable-name') == 'jwt'\nassert v.find('openid-config').get('url').startswith('https://')\nkey = r.find('inbound/llm-token-limit').get('counter-key')\nassert key == '@(((Jwt)context.Variables[\"jwt\"]).Claims.GetValueOrDefault(\"azp\", \"\"))', key\nassert 'IsNullOrEmpty' in r.find('inbound/choose/when').get('condition')\nassert 'x-tenant-id' not in open(sys.argv[1]).read()\n";
    run_ok(Command::new("python3").arg("-c").arg(script).arg(&file), "xml parse", &jwt);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn worker_constants_are_filled() {
    let c = Catalog::builtin();
    let py = worker_python(&WorkerOptions::new(&c)).unwrap();
    assert!(!py.contains("{{"), "unfilled placeholder");
    assert!(py.contains("DEPLOYMENTS = {\"summarize\": \"gpt-4o-mini\"}"));
    let sh = submit_curl(&SubmitOptions::new(Dialect::Azure, &c), &c).unwrap();
    assert!(!sh.contains("{{"), "unfilled placeholder");
    let py = submit_python(&SubmitOptions::new(Dialect::Azure, &c), &c).unwrap();
    assert!(!py.contains("{{"), "unfilled placeholder");
}

#[test]
fn every_generated_snippet_highlights_losslessly() {
    use batchlane_core::snippets::{highlight, render, KedaForm, Lang, TokenClass};
    let c = Catalog::builtin();
    let yaml = render(&KedaForm::new(&c), &c).unwrap().yaml;
    let cases = [
        (yaml, Lang::Yaml),
        (worker_python(&WorkerOptions::new(&c)).unwrap(), Lang::Python),
        (submit_curl(&SubmitOptions::new(Dialect::Azure, &c), &c).unwrap(), Lang::Shell),
        (apim_policy_xml(&ApimOptions::default()).unwrap(), Lang::Xml),
    ];
    for (src, lang) in cases {
        let spans = highlight(&src, lang);
        assert_eq!(spans.iter().map(|s| s.text.as_str()).collect::<String>(), src, "{lang:?}");
        assert!(spans.iter().any(|s| s.class == TokenClass::String), "{lang:?}");
        assert!(spans.iter().any(|s| s.class != TokenClass::Plain && s.class != TokenClass::String), "{lang:?}");
    }
}
