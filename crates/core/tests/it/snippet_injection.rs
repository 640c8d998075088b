//! Generated code cannot be steered: a user string reaches bash only as one
//! single-quoted word and Python only as one string constant, whatever it
//! holds (quotes, `$()`, backticks, `{{…}}` placeholders, newlines, NULs,
//! Hangul). Checked with the real tools: `bash -n`, bash's own `printf`, and
//! Python's `ast`.

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{
    control_python, py_str, sh_quote, submit_curl, submit_python, worker_python, AlertHook, ControlOptions, Dialect, Entity, SubmitOptions,
    WorkerOptions,
};
use proptest::prelude::*;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs a program with `stdin`, returns (success, stdout, stderr).
pub(crate) fn run(program: &str, args: &[&str], stdin: &[u8], dir: &std::path::Path) -> (bool, Vec<u8>, String) {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), out.stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("batchlane-injection-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Python: parses `source`, and checks that the tree is the same as for
/// `benign_source` once every string constant equal to one of the values
/// is replaced by a marker — the values are string constants and nothing else.
const AST_CHECK: &str = r#"
import ast, json, sys
job = json.load(sys.stdin)
def shape(src, values):
    tree = ast.parse(src)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in values:
            found.add(node.value)
            node.value = "<value>"
    missing = set(values) - found
    if missing:
        sys.exit("not a string constant: %r" % sorted(missing))
    return ast.dump(tree)
if shape(job["source"], job["values"]) != shape(job["benign_source"], job["benign_values"]):
    sys.exit("the values changed the program's structure")
print("ok")
"#;

fn python_sees_only_constants(source: &str, values: &[&str], benign_source: &str, benign_values: &[&str]) -> Result<(), String> {
    let job = serde_json::json!({"source": source, "values": values, "benign_source": benign_source, "benign_values": benign_values});
    let (ok, out, err) = run("python3", &["-c", AST_CHECK], job.to_string().as_bytes(), &scratch("py"));
    if ok && out == b"ok\n" {
        Ok(())
    } else {
        Err(format!("{err}\n{source}"))
    }
}

/// Runs `printf '%s\0' <words>` in bash and returns what it printed.
fn bash_prints(words: &str) -> Vec<u8> {
    let script = format!("printf '%s\\0' {words}\n");
    let (ok, out, err) = run("bash", &["-n"], script.as_bytes(), &scratch("sh"));
    assert!(ok, "bash -n: {err}\n{script}");
    let (ok, out2, err) = run("bash", &["-s"], script.as_bytes(), &scratch("sh"));
    assert!(ok && out.is_empty(), "bash: {err}\n{script}");
    out2
}

/// Text made of the pieces that break naive quoting.
fn hostile() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("'".to_string()),
        Just("\"".to_string()),
        Just("$(id>f)".to_string()),
        Just("`id`".to_string()),
        Just("${HOME}".to_string()),
        Just("{{DEPLOYMENT}}".to_string()),
        Just("{{INPUT_PATH}}".to_string()),
        Just("\\".to_string()),
        Just("\n".to_string()),
        Just("\r".to_string()),
        Just("\0".to_string()),
        Just("\"\"\"".to_string()),
        Just("한국어".to_string()),
        Just("\u{202e}".to_string()),
        Just(";os.system('id')#".to_string()),
        "[ -~]{0,4}",
        any::<char>().prop_map(|c| c.to_string()),
    ];
    prop::collection::vec(piece, 0..8).prop_map(|v| v.concat())
}

/// The same, without control characters: what the forms accept.
fn hostile_one_line() -> impl Strategy<Value = String> {
    hostile().prop_map(|s| s.chars().filter(|c| !c.is_control()).collect::<String>())
}

proptest! {
    // Each case starts bash or python3 a few times: 8 cases of 16 strings.
    #![proptest_config(ProptestConfig { cases: 8, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_bash_word_is_the_text_itself(texts in prop::collection::vec(hostile(), 16)) {
        // One bash run per case: each word printed with a NUL after it.
        let words: Vec<String> = texts.iter().map(|s| sh_quote(s)).collect();
        let printed = bash_prints(&words.join(" "));
        let expected: Vec<u8> = texts.iter().flat_map(|s| s.replace('\0', "").into_bytes().into_iter().chain([0u8])).collect();
        prop_assert_eq!(printed, expected);
    }

    #[test]
    fn a_python_literal_is_one_string_constant(texts in prop::collection::vec(hostile(), 16)) {
        let source: String = texts.iter().enumerate().map(|(i, s)| format!("X{i} = {}\n", py_str(s))).collect();
        let benign_values: Vec<String> = (0..texts.len()).map(|i| format!("benign-{i}")).collect();
        let benign: String = benign_values.iter().enumerate().map(|(i, s)| format!("X{i} = {}\n", py_str(s))).collect();
        let values: Vec<&str> = texts.iter().map(String::as_str).collect();
        let benign_refs: Vec<&str> = benign_values.iter().map(String::as_str).collect();
        python_sees_only_constants(&source, &values, &benign, &benign_refs).map_err(TestCaseError::fail)?;
    }

}

proptest! {
    // Each case runs bash twice and python3 twice.
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn generated_scripts_hold_user_text_as_data(input in hostile_one_line(), deployment in hostile_one_line(), container in hostile_one_line()) {
        // Distinct prefixes: no value can equal a string the template holds anyway.
        let (input, deployment, container) = (format!("in-{input}"), format!("dep-{deployment}"), format!("box-{container}"));
        let catalog = Catalog::builtin();
        let opts = |input: &str, deployment: &str, container: &str| SubmitOptions {
            input_path: input.into(),
            deployment: deployment.into(),
            owned_container: container.into(),
            ..SubmitOptions::new(Dialect::Azure, &catalog)
        };
        let hostile_opts = opts(&input, &deployment, &container);
        let benign_opts = opts("in-x", "dep-x", "box-x");
        let values = [input.trim(), deployment.trim(), container.trim()];
        let py = submit_python(&hostile_opts, &catalog).unwrap();
        let benign = submit_python(&benign_opts, &catalog).unwrap();
        python_sees_only_constants(&py, &values, &benign, &["in-x", "dep-x", "box-x"]).map_err(TestCaseError::fail)?;

        let sh = submit_curl(&hostile_opts, &catalog).unwrap();
        let (ok, _, err) = run("bash", &["-n"], sh.as_bytes(), &scratch("curl"));
        prop_assert!(ok, "bash -n: {}\n{}", err, sh);
        // Run the settings block (assignments only) and print the variables.
        let settings: String = sh.lines().take_while(|l| !l.starts_with("refresh_auth")).map(|l| format!("{l}\n")).collect();
        let probe = format!("{settings}printf '%s\\0' \"$INPUT\" \"$OWNED_CONTAINER\"\n");
        let dir = scratch("curl-run");
        let (ok, out, err) = run("bash", &["-s"], probe.as_bytes(), &dir);
        prop_assert!(ok, "{}", err);
        prop_assert!(!dir.join("f").exists(), "the script ran a command");
        let want = format!("{}\0{}\0", input.trim(), container.trim());
        prop_assert_eq!(String::from_utf8_lossy(&out), want);

        let worker = |alias: &str, deployment: &str| WorkerOptions {
            model_alias: alias.into(),
            deployment: deployment.into(),
            entity: Entity::Queue { queue_name: container.clone() },
            ..WorkerOptions::new(&catalog)
        };
        let w = worker_python(&worker(&input, &deployment)).unwrap();
        let wb = worker_python(&WorkerOptions { entity: Entity::Queue { queue_name: "box-x".into() }, ..worker("in-x", "dep-x") }).unwrap();
        python_sees_only_constants(&w, &values, &wb, &["in-x", "dep-x", "box-x"]).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    // Each case runs python3 once.
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_control_plane_holds_user_text_as_data(
        alias in hostile_one_line(),
        deployment in hostile_one_line(),
        container in hostile_one_line(),
        ledger in hostile_one_line(),
        webhook in hostile_one_line(),
    ) {
        // The route list's own separators can't be in an alias (`/`, `=`, `;`) or a deployment (`;`).
        let alias = format!("al-{}", alias.replace(['/', '=', ';'], ""));
        let deployment = format!("dep-{}", deployment.replace(';', ""));
        let (container, ledger) = (format!("box-{container}"), format!("led-{ledger}"));
        let webhook = format!("https://hook.example/{}", webhook.replace(|c: char| c.is_whitespace() || "\"'\\`$".contains(c), ""));
        let catalog = Catalog::builtin();
        let opts = |alias: &str, deployment: &str, container: &str, ledger: &str, webhook: &str| ControlOptions {
            routes: format!("contoso/{alias}={deployment}"),
            owned_container: container.into(),
            ledger_dir: ledger.into(),
            alert_hook: AlertHook::Webhook,
            webhook_url: webhook.into(),
            ..ControlOptions::new(Dialect::Azure, &catalog)
        };
        let src = control_python(&opts(&alias, &deployment, &container, &ledger, &webhook), &catalog).unwrap();
        let benign = control_python(&opts("al-x", "dep-x", "box-x", "led-x", "https://hook.example/x"), &catalog).unwrap();
        let values = [alias.trim(), deployment.trim(), container.trim(), ledger.trim(), webhook.trim()];
        python_sees_only_constants(&src, &values, &benign, &["al-x", "dep-x", "box-x", "led-x", "https://hook.example/x"]).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn the_reported_injection_runs_nothing() {
    // Fails before the fix: placeholders were filled one after another, so
    // an input path `{{DEPLOYMENT}}` pulled the deployment's quoting apart
    // and `x$(id>f)` ran (bash) / `os.system` ran (Python worker).
    let catalog = Catalog::builtin();
    let o = SubmitOptions {
        input_path: "{{DEPLOYMENT}}".into(),
        deployment: "x$(id>f)".into(),
        ..SubmitOptions::new(Dialect::Azure, &catalog)
    };
    let sh = submit_curl(&o, &catalog).unwrap();
    assert!(sh.contains("INPUT='{{DEPLOYMENT}}'\n"), "{sh}");
    let py = submit_python(&o, &catalog).unwrap();
    assert!(py.contains("INPUT_PATH = \"{{DEPLOYMENT}}\"\n") && py.contains("DEPLOYMENT = \"x$(id>f)\""), "{py}");
    let w = WorkerOptions {
        model_alias: "{{DEPLOYMENT}}".into(),
        deployment: "\"}; import os; os.system('id'); X = {\"".into(),
        ..WorkerOptions::new(&catalog)
    };
    let src = worker_python(&w).unwrap();
    let benign = worker_python(&WorkerOptions { model_alias: "a".into(), deployment: "b".into(), ..WorkerOptions::new(&catalog) }).unwrap();
    python_sees_only_constants(&src, &["{{DEPLOYMENT}}", "\"}; import os; os.system('id'); X = {\""], &benign, &["a", "b"]).unwrap();
}
