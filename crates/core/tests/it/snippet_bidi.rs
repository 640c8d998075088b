//! Bidirectional control characters (issue 40: "a right-to-left override
//! from a share link reaches shell scripts and APIM XML unescaped"): the
//! embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, the
//! marks U+200E/U+200F and U+061C reorder how code is shown, so a reviewer
//! would read something else than what runs. Every generated language
//! writes them escaped (the value is kept: it reads back exactly) — shell,
//! Python, YAML, APIM XML, JSON — and KQL, which documents no escape for
//! them, never holds one (its inputs refuse them; `kql_str` drops them).

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::yaml::{emit, map, quote};
use batchlane_core::snippets::{
    apim_policy_xml, audit_rules, claim_check_message, control_python, py_str, sh_quote, submit_curl, submit_python, worker_python,
    ApimOptions, AuditOptions, ClaimCheckInput, ControlOptions, CounterKey, Dialect, SubmitOptions, WorkerOptions,
};

const BIDI: [char; 12] = [
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{200e}', '\u{200f}',
    '\u{061c}',
];

/// `x` then each bidi control between letters: `x<202a>a<202b>b…`.
fn payload(prefix: &str) -> String {
    let mut s = prefix.to_string();
    for (i, c) in BIDI.iter().enumerate() {
        s.push(*c);
        s.push(char::from(b'a' + i as u8));
    }
    s
}

fn assert_no_bidi(what: &str, text: &str) {
    let found: Vec<String> = text.chars().filter(|c| BIDI.contains(c)).map(|c| format!("U+{:04X}", c as u32)).collect();
    assert!(found.is_empty(), "{what} holds {found:?} raw");
}

/// `snippet_injection`'s runner, in the current directory; its stdout, the run must succeed.
fn run(program: &str, args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let (ok, out, err) = super::snippet_injection::run(program, args, stdin, std::path::Path::new("."));
    assert!(ok, "{program}: {err}");
    out
}

/// What Python reads from the literal `lit` (printed as JSON, so the test
/// compares code points).
fn python_reads(lit: &str) -> String {
    let src = format!("import json\nprint(json.dumps({lit}))\n");
    serde_json::from_slice(&run("python3", &["-"], src.as_bytes())).unwrap()
}

#[test]
fn python_literals_escape_every_bidi_control() {
    let v = payload("x");
    let lit = py_str(&v);
    assert_no_bidi("py_str", &lit);
    assert_eq!(python_reads(&lit), v);
    let catalog = Catalog::builtin();
    let submit = SubmitOptions { input_path: payload("in"), ..SubmitOptions::new(Dialect::Azure, &catalog) };
    let src = submit_python(&submit, &catalog).unwrap();
    assert_no_bidi("submit_batch.py", &src);
    assert!(src.contains(&py_str(&payload("in"))));
    let worker = WorkerOptions { deployment: payload("dep"), ..WorkerOptions::new(&catalog) };
    let src = worker_python(&worker).unwrap();
    assert_no_bidi("worker.py", &src);
    assert!(src.contains(&py_str(&payload("dep"))));
    let control = ControlOptions { ledger_dir: payload("led"), ..ControlOptions::new(Dialect::Azure, &catalog) };
    let src = control_python(&control, &catalog).unwrap();
    assert_no_bidi("control_plane.py", &src);
    assert!(src.contains(&py_str(&payload("led"))));
}

#[test]
fn shell_words_escape_every_bidi_control() {
    let v = payload("x'y");
    let word = sh_quote(&v);
    assert_no_bidi("sh_quote", &word);
    let printed = run("bash", &["-s"], format!("printf '%s' {word}\n").as_bytes());
    assert_eq!(String::from_utf8(printed).unwrap(), v);
    let catalog = Catalog::builtin();
    let o = SubmitOptions { input_path: payload("in"), ..SubmitOptions::new(Dialect::Azure, &catalog) };
    let sh = submit_curl(&o, &catalog).unwrap();
    assert_no_bidi("submit-batch.sh", &sh);
    let settings: String = sh.lines().take_while(|l| !l.starts_with("refresh_auth")).map(|l| format!("{l}\n")).collect();
    let printed = run("bash", &["-s"], format!("{settings}printf '%s' \"$INPUT\"\n").as_bytes());
    assert_eq!(String::from_utf8(printed).unwrap(), payload("in"));
}

#[test]
fn yaml_strings_escape_every_bidi_control() {
    let v = payload("x");
    assert_no_bidi("yaml quote", &quote(&v));
    let text = emit(&map().s("a", v.clone()).s(&v, "k").build());
    assert_no_bidi("yaml", &text);
    let back: serde_yaml_ng::Value = serde_yaml_ng::from_str(&text).unwrap();
    assert_eq!(back.get("a").and_then(|x| x.as_str()), Some(v.as_str()));
    assert_eq!(back.get(v.as_str()).and_then(|x| x.as_str()), Some("k"));
}

#[test]
fn apim_xml_escapes_every_bidi_control() {
    let audience = payload("api://gw");
    let o = ApimOptions { counter_key: CounterKey::JwtClaim, audience: audience.clone(), ..ApimOptions::default() };
    let xml = apim_policy_xml(&o).unwrap();
    assert_no_bidi("apim-policy.xml", &xml);
    // An XML parser reads the character references back as the audience.
    let src =
        "import sys, json, xml.etree.ElementTree as ET\nprint(json.dumps(ET.fromstring(sys.stdin.read()).find('.//audience').text))\n";
    // The program goes on the command line (`-c`): nothing is left in the temp directory.
    let read: String = serde_json::from_slice(&run("python3", &["-c", src], xml.as_bytes())).unwrap();
    assert_eq!(read, audience);
}

#[test]
fn json_artefacts_escape_every_bidi_control() {
    let catalog = Catalog::builtin();
    let input = ClaimCheckInput {
        blob_url: "https://acct.blob.core.windows.net/c/b".into(),
        tenant_id: payload("t"),
        model_alias: payload("m"),
        correlation_id: "c-1".into(),
    };
    let text = claim_check_message(&input, &catalog).unwrap();
    assert_no_bidi("claim-check message", &text);
    let back: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(back["tenant_id"], payload("t"));
    assert_eq!(back["model_alias"], payload("m"));
}

#[test]
fn kql_and_the_audit_rules_never_hold_a_bidi_control() {
    // KQL documents escapes for quotes, \t, \n and \\ only: the audit's
    // inputs refuse every other character, bidi controls among them.
    for field in ["resource_id", "control_plane_object_id", "rule_name", "action_group_id"] {
        let mut o = AuditOptions::default();
        let v = match field {
            "resource_id" => &mut o.resource_id,
            "control_plane_object_id" => &mut o.control_plane_object_id,
            "rule_name" => &mut o.rule_name,
            _ => &mut o.action_group_id,
        };
        v.push('\u{202e}');
        let e = audit_rules(&o).unwrap_err();
        assert!(e.iter().any(|e| e.field == field), "{field}");
    }
    let r = audit_rules(&AuditOptions::default()).unwrap();
    for (what, text) in [("kql", &r.kql), ("activity log alert", &r.activity_log_alert), ("policy", &r.policy)] {
        assert_no_bidi(what, text);
    }
}
