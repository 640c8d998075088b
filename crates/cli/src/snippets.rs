//! `batchlane snippets KIND [--link URL] [--set NAME=VALUE]... [-o DIR]`:
//! one of the /snippets page's generators, rendered from a share link
//! and/or flags, byte for byte what the page shows for the same options.
//! The link is read by core's `snippets::share::decode` (the page's own
//! codec); the options go through the generator's `validate` (its messages
//! are the page's). Exit 0: written; 1: the options are invalid (nothing
//! written); 2: bad usage or a link value that can't be used.

use crate::escape::Text;
use crate::files::AtomicFile;
use batchlane_core::facts::Catalog;
use batchlane_core::io::{parse_query, query_string, Pairs};
use batchlane_core::snippets::share::{self, Decoded, MAX_TEXT_CHARS};
use batchlane_core::snippets::{
    apim_policy_xml, audit_rules, control_python, control_requirements, render, submit_curl, submit_python, worker_python, ApimOptions,
    CounterKey, FormError, SubmitOptions, WorkerOptions,
};
use batchlane_core::text::Lang;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The generators, by the name the command takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Keda,
    Worker,
    SubmitPy,
    SubmitSh,
    Apim,
    Control,
    Audit,
}

impl Kind {
    pub const ALL: [Kind; 7] = [Kind::Keda, Kind::Worker, Kind::SubmitPy, Kind::SubmitSh, Kind::Apim, Kind::Control, Kind::Audit];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Keda => "keda",
            Kind::Worker => "worker",
            Kind::SubmitPy => "submit-py",
            Kind::SubmitSh => "submit-sh",
            Kind::Apim => "apim",
            Kind::Control => "control",
            Kind::Audit => "audit",
        }
    }

    fn from_name(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }

    fn what(self) -> &'static str {
        match self {
            Kind::Keda => "KEDA ScaledObject/ScaledJob YAML (<name>-scaledobject.yaml or <name>-scaledjob.yaml)",
            Kind::Worker => "the Service Bus queue worker (worker.py)",
            Kind::SubmitPy => "batch submission, Python SDK (submit_batch.py)",
            Kind::SubmitSh => "batch submission, curl (submit-batch.sh)",
            Kind::Apim => "the API Management token-limit policy (apim-policy.xml)",
            Kind::Control => "the batch control plane (control_plane.py, requirements.txt)",
            Kind::Audit => "the second-door audit rules (second-door.kql, activity-log-alert.json, deny-key-access.policy.json)",
        }
    }

    /// The link keys `--set` takes for this kind (the page's link names them).
    fn link_keys(self) -> Vec<&'static str> {
        let keda: Vec<&'static str> = share::keda_fields().into_iter().map(|(k, ..)| k).collect();
        let control = || share::control_fields().into_iter().map(|(k, ..)| k);
        match self {
            Kind::Keda => keda.into_iter().chain(["tokensPerMessage"]).collect(),
            // The worker takes its namespace, entity and mode from the KEDA form.
            Kind::Worker => vec!["kind", "sbNamespace", "entity", "queue", "topic", "subscription"],
            Kind::SubmitPy | Kind::SubmitSh => vec!["dialect", "deployment", "endpoint"],
            Kind::Apim => vec![],
            Kind::Control => control().filter(|k| !AUDIT_KEYS.contains(k) && *k != "jobs").collect(),
            Kind::Audit => AUDIT_KEYS.to_vec(),
        }
    }

    /// The option fields `--set` takes for this kind (not in the page's link).
    fn field_names(self) -> Vec<&'static str> {
        match self {
            Kind::Worker => WORKER_FIELDS.iter().map(|f| f.0).collect(),
            Kind::SubmitPy | Kind::SubmitSh => SUBMIT_FIELDS.iter().map(|f| f.0).collect(),
            Kind::Apim => APIM_FIELDS.iter().map(|f| f.0).collect(),
            _ => vec![],
        }
    }
}

const AUDIT_KEYS: [&str; 3] = ["cpResource", "cpOid", "cpRule"];

type SetField<T> = fn(&mut T, &str) -> Result<(), String>;

fn text_value(v: &str) -> Result<String, String> {
    if v.chars().count() > MAX_TEXT_CHARS {
        Err(format!("longer than {MAX_TEXT_CHARS} characters"))
    } else if v.chars().any(char::is_control) {
        Err("contains a control character".into())
    } else {
        Ok(v.to_string())
    }
}

fn int_value(v: &str) -> Result<i64, String> {
    // Separators as everywhere (`io::clean_number`); a sign reads, for the
    // generator to say why it refuses it.
    batchlane_core::io::clean_number(v).parse().map_err(|_| "not a whole number".to_string())
}

fn bool_value(v: &str) -> Result<bool, String> {
    match v.trim() {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err("not true or false (1 or 0)".into()),
    }
}

macro_rules! fields {
    ($t:ty: $($name:literal => $f:ident : $parse:ident),* $(,)?) => {
        &[$(($name, |o: &mut $t, v: &str| { o.$f = $parse(v)?; Ok(()) }),)*]
    };
}

const WORKER_FIELDS: &[(&str, SetField<WorkerOptions>)] = fields!(WorkerOptions:
    "openai_endpoint" => openai_endpoint: text_value,
    "api_version" => api_version: text_value,
    "model_alias" => model_alias: text_value,
    "deployment" => deployment: text_value,
    "results_account_url" => results_account_url: text_value,
    "results_container" => results_container: text_value,
    "run_once_max_messages" => run_once_max_messages: int_value,
    "max_concurrency" => max_concurrency: int_value,
    "max_delivery_count" => max_delivery_count: int_value,
    "model_timeout_seconds" => model_timeout_seconds: int_value,
    "model_deadline_seconds" => model_deadline_seconds: int_value,
    "max_model_attempts" => max_model_attempts: int_value,
);

const SUBMIT_FIELDS: &[(&str, SetField<SubmitOptions>)] = fields!(SubmitOptions:
    "api_version" => api_version: text_value,
    "input_path" => input_path: text_value,
    "endpoint_path" => endpoint_path: text_value,
    "file_expires_after_seconds" => file_expires_after_seconds: int_value,
    "output_expires_after_seconds" => output_expires_after_seconds: int_value,
    "poll_interval_seconds" => poll_interval_seconds: int_value,
    "owned_account_url" => owned_account_url: text_value,
    "owned_container" => owned_container: text_value,
);

fn counter_key(v: &str) -> Result<CounterKey, String> {
    match v.trim() {
        "subscription" => Ok(CounterKey::Subscription),
        "jwt" => Ok(CounterKey::JwtClaim),
        _ => Err("not one of: subscription, jwt".into()),
    }
}

const APIM_FIELDS: &[(&str, SetField<ApimOptions>)] = fields!(ApimOptions:
    "tokens_per_minute" => tokens_per_minute: int_value,
    "counter_key" => counter_key: counter_key,
    "caller_claim" => caller_claim: text_value,
    "openid_config_url" => openid_config_url: text_value,
    "audience" => audience: text_value,
    "deployment_parameter" => deployment_parameter: text_value,
    "estimate_prompt_tokens" => estimate_prompt_tokens: bool_value,
    "metric_namespace" => metric_namespace: text_value,
);

/// The dedicated flags: for each kind, the `--set` name it stands for
/// (`--quota` on control sets two link keys).
fn flag_targets(flag: &str, kind: Kind, value: &str) -> Option<Vec<(&'static str, String)>> {
    let one = |name: &'static str| Some(vec![(name, value.to_string())]);
    match (flag, kind) {
        ("--dialect", Kind::SubmitPy | Kind::SubmitSh) => one("dialect"),
        ("--dialect", Kind::Control) => one("cpDialect"),
        ("--endpoint", Kind::SubmitPy | Kind::SubmitSh) => one("endpoint"),
        ("--endpoint", Kind::Control) => one("cpEndpoint"),
        ("--endpoint", Kind::Worker) => one("openai_endpoint"),
        ("--deployment", Kind::SubmitPy | Kind::SubmitSh | Kind::Worker) => one("deployment"),
        ("--api-version", Kind::SubmitPy | Kind::SubmitSh | Kind::Worker) => one("api_version"),
        ("--api-version", Kind::Control) => one("cpApi"),
        ("--model", Kind::Control) => one("cpModel"),
        ("--quota", Kind::Keda) => one("tpm"),
        ("--quota", Kind::Apim) => one("tokens_per_minute"),
        ("--quota", Kind::Control) => Some(vec![("cpQuota", "typed".into()), ("cpTokens", value.to_string())]),
        _ => None,
    }
}

const FLAGS: [(&str, &str); 6] = [
    ("--dialect", "azure|openai"),
    ("--endpoint", "URL"),
    ("--deployment", "NAME"),
    ("--api-version", "VERSION"),
    ("--model", "MODEL"),
    ("--quota", "N"),
];

fn kinds_of_flag(flag: &str) -> Vec<&'static str> {
    Kind::ALL.into_iter().filter(|k| flag_targets(flag, *k, "").is_some()).map(Kind::name).collect()
}

const USAGE: &str = "usage: batchlane snippets KIND [--link URL] [--set NAME=VALUE]... [-o DIR] [--lang en|ko]
                          [--dialect azure|openai] [--endpoint URL] [--deployment NAME] [--api-version V]
                          [--model M] [--quota N]
KIND: keda, worker, submit-py, submit-sh, apim, control, audit";

pub fn help() -> String {
    let mut s = format!(
        "{USAGE}

Renders one generator of the /snippets page, byte for byte what the page shows for the
same options. --link takes the page's share link (its full URL or only its query string);
--set and the flags override it. With -o DIR the files are written there (the names the
page offers for download; existing files of the same name are replaced); without -o a
kind that makes one file prints it on stdout.

KIND:
"
    );
    for k in Kind::ALL {
        s.push_str(&format!("  {:<10} {}\n", k.name(), k.what()));
    }
    s.push_str("\nflags (and the kinds they apply to):\n");
    for (flag, value) in FLAGS {
        let to = match flag {
            "--quota" => " (keda: tpm, the quota sizing; apim: tokens_per_minute; control: a typed enqueued-token quota)",
            _ => "",
        };
        s.push_str(&format!("  {flag} {value}: {}{to}\n", kinds_of_flag(flag).join(", ")));
    }
    s.push_str("\n--set NAME takes, per kind (link keys as the page writes them; option fields for what the link does not carry):\n");
    for k in Kind::ALL {
        let names: Vec<&str> = k.link_keys().into_iter().chain(k.field_names()).collect();
        s.push_str(&format!("  {}: {}\n", k.name(), if names.is_empty() { "(none)".to_string() } else { names.join(" ") }));
    }
    s.push_str(
        "\nExit 0: written; 1: the options are invalid (the page's messages; nothing written);
2: bad usage, not a /snippets link, or a link value the page would refuse or ignore.",
    );
    s
}

struct Args {
    kind: Kind,
    link: Option<String>,
    /// Overrides of link keys, in order.
    link_sets: Pairs,
    /// Overrides of option fields, in order.
    field_sets: Vec<(String, String)>,
    dir: Option<PathBuf>,
    lang: Lang,
}

fn parse(args: &[OsString]) -> Result<Args, String> {
    let names = || Kind::ALL.map(Kind::name).join(", ");
    let first = args.first().ok_or_else(|| format!("no KIND given (one of: {})", names()))?;
    let kind = Kind::from_name(crate::args::word(first))
        .ok_or_else(|| format!("unknown KIND '{}' (one of: {})", crate::escape::Os(first), names()))?;
    let mut a = Args { kind, link: None, link_sets: Vec::new(), field_sets: Vec::new(), dir: None, lang: Lang::En };
    let link_keys = kind.link_keys();
    let field_names = kind.field_names();
    let set = |a: &mut Args, name: &str, value: String| -> Result<(), String> {
        if link_keys.contains(&name) {
            a.link_sets.retain(|(k, _)| k != name);
            a.link_sets.push((name.to_string(), value));
        } else if field_names.contains(&name) {
            a.field_sets.push((name.to_string(), value));
        } else {
            let known: Vec<&str> = link_keys.iter().chain(&field_names).copied().collect();
            return Err(format!(
                "{} takes no --set {name} (it takes: {})",
                kind.name(),
                if known.is_empty() { "none".to_string() } else { known.join(" ") }
            ));
        }
        Ok(())
    };
    let mut it = args[1..].iter();
    while let Some(arg) = it.next() {
        let mut value = |flag: &str| crate::args::value(&mut it, flag);
        match crate::args::word(arg) {
            "--link" => {
                if a.link.is_some() {
                    return Err("--link given twice".into());
                }
                a.link = Some(value("--link")?);
            }
            "-o" | "--out" => a.dir = Some(PathBuf::from(crate::args::value_os(&mut it, "-o")?)),
            "--lang" => {
                a.lang = match value("--lang")?.as_str() {
                    "en" => Lang::En,
                    "ko" => Lang::Ko,
                    v => return Err(format!("unknown language '{v}' (en or ko)")),
                }
            }
            "--set" => {
                let v = value("--set")?;
                let (name, val) = v.split_once('=').ok_or_else(|| format!("--set takes NAME=VALUE (got '{v}')"))?;
                set(&mut a, name.trim(), val.to_string())?;
            }
            f if FLAGS.iter().any(|(flag, _)| *flag == f) => {
                let v = value(f)?;
                let targets = flag_targets(f, kind, &v)
                    .ok_or_else(|| format!("{f} does not apply to {} (it applies to: {})", kind.name(), kinds_of_flag(f).join(", ")))?;
                for (name, val) in targets {
                    set(&mut a, name, val)?;
                }
            }
            _ => return Err(format!("unexpected argument '{}'", crate::escape::Os(arg))),
        }
    }
    Ok(a)
}

/// The link's keys as `key=value (reason)` lines, for an error.
fn refusals(d: &Decoded, lang: Lang) -> Vec<String> {
    let mut out: Vec<String> = d.rejected.iter().map(|r| format!("{}={} ({})", r.key, r.value, r.reason.text().pick(lang))).collect();
    let rejected: Vec<&str> = d.rejected.iter().map(|r| r.key.as_str()).collect();
    for key in d.opened.ignored.iter().filter(|k| !rejected.contains(&k.as_str())) {
        out.push(format!("{key}: the page can't use this value and ignores it"));
    }
    out
}

/// The options the link and the overrides give: the link decoded as the
/// page decodes it, then the overrides (as link keys, checked the same way).
fn opened(a: &Args, catalog: &Catalog) -> Result<Decoded, Vec<String>> {
    let link = a.link.as_deref().unwrap_or("");
    let first = share::decode(link, catalog).map_err(|e| vec![e.to_string()])?;
    let bad = refusals(&first, a.lang);
    if !bad.is_empty() {
        return Err(bad.into_iter().map(|b| format!("the link's {b}")).collect());
    }
    if a.link_sets.is_empty() {
        return Ok(first);
    }
    let query = share::link_query(link).map_err(|e| vec![e.to_string()])?;
    let mut pairs: Pairs = parse_query(query).pairs.into_iter().filter(|(k, _)| !a.link_sets.iter().any(|(s, _)| s == k)).collect();
    pairs.extend(a.link_sets.iter().cloned());
    let d = share::decode(&query_string(&pairs), catalog).map_err(|e| vec![e.to_string()])?;
    let bad = refusals(&d, a.lang);
    if !bad.is_empty() {
        return Err(bad.into_iter().map(|b| format!("--set {b}")).collect());
    }
    Ok(d)
}

fn apply<T>(o: &mut T, table: &[(&str, SetField<T>)], sets: &[(String, String)]) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    for (name, value) in sets {
        if let Some((_, set)) = table.iter().find(|(n, _)| n == name) {
            if let Err(e) = set(o, value) {
                errors.push(format!("--set {name}={value}: {e}"));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// What a run makes: files (name, text), or why not.
pub enum Outcome {
    Files(Vec<(String, String)>),
    /// The generator's validation (the page's messages).
    Invalid(Vec<FormError>),
}

/// Renders `kind` from what the page would hold, exactly as the page's panels do.
fn render_kind(kind: Kind, d: &Decoded, field_sets: &[(String, String)], catalog: &Catalog) -> Result<Outcome, Vec<String>> {
    let o = &d.opened;
    let one = |name: String, r: Result<String, Vec<FormError>>| match r {
        Ok(text) => Outcome::Files(vec![(name, text)]),
        Err(e) => Outcome::Invalid(e),
    };
    Ok(match kind {
        Kind::Keda => match render(&share::keda_form(&o.keda, &WorkerOptions::new(catalog)), catalog) {
            Ok(r) => Outcome::Files(vec![(share::keda_file_name(&o.keda), r.yaml)]),
            Err(e) => Outcome::Invalid(e),
        },
        Kind::Worker => {
            let mut base = WorkerOptions::new(catalog);
            apply(&mut base, WORKER_FIELDS, field_sets)?;
            one(share::WORKER_FILE.into(), worker_python(&share::worker_options(&base, &o.keda)))
        }
        Kind::SubmitPy | Kind::SubmitSh => {
            let mut s = o.submit.clone();
            apply(&mut s, SUBMIT_FIELDS, field_sets)?;
            if kind == Kind::SubmitPy {
                one(share::SUBMIT_PY_FILE.into(), submit_python(&s, catalog))
            } else {
                one(share::SUBMIT_SH_FILE.into(), submit_curl(&s, catalog))
            }
        }
        Kind::Apim => {
            let mut p = ApimOptions::default();
            apply(&mut p, APIM_FIELDS, field_sets)?;
            one(share::APIM_FILE.into(), apim_policy_xml(&p))
        }
        Kind::Control => match control_python(&o.control.options(catalog), catalog) {
            Ok(code) => Outcome::Files(vec![(share::CONTROL_FILE.into(), code), (share::REQUIREMENTS_FILE.into(), control_requirements())]),
            Err(e) => Outcome::Invalid(e),
        },
        Kind::Audit => match audit_rules(&o.control.audit) {
            Ok(r) => Outcome::Files(vec![
                (share::KQL_FILE.into(), r.kql),
                (share::ACTIVITY_ALERT_FILE.into(), r.activity_log_alert),
                (share::POLICY_FILE.into(), r.policy),
            ]),
            Err(e) => Outcome::Invalid(e),
        },
    })
}

fn write_files(dir: &Path, files: &[(String, String)], out: &mut dyn Write) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", crate::escape::os(dir.as_os_str())))?;
    for (name, text) in files {
        let path = dir.join(name);
        // Under a temporary name, renamed when complete (as every file the command line writes).
        let mut f = AtomicFile::create(&path).map_err(|e| format!("cannot write {}: {e}", crate::escape::os(path.as_os_str())))?;
        f.write_all(text.as_bytes())
            .and_then(|()| f.commit())
            .map_err(|e| format!("cannot write {}: {e}", crate::escape::os(path.as_os_str())))?;
        let _ = writeln!(out, "wrote {} ({} bytes)", crate::escape::Os(path.as_os_str()), text.len());
    }
    Ok(())
}

pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if args.iter().any(|a| a == "-h" || a == "--help") || args.first().is_some_and(|a| a == "help") {
        let _ = writeln!(out, "{}", help());
        return 0;
    }
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => {
            let _ = writeln!(
                err,
                "batchlane snippets: {}\n\n{USAGE}\n(batchlane snippets --help: the kinds, their files and --set names)",
                Text(&e)
            );
            return 2;
        }
    };
    let catalog = Catalog::builtin();
    let fail = |err: &mut dyn Write, lines: Vec<String>| {
        for l in lines {
            let _ = writeln!(err, "batchlane snippets {}: {}", a.kind.name(), Text(&l));
        }
        2
    };
    let d = match opened(&a, &catalog) {
        Ok(d) => d,
        Err(lines) => return fail(err, lines),
    };
    for key in &d.unknown {
        let _ = writeln!(err, "batchlane snippets {}: note: the link's '{}' is not a /snippets key (ignored)", a.kind.name(), Text(key));
    }
    let files = match render_kind(a.kind, &d, &a.field_sets, &catalog) {
        Ok(Outcome::Files(files)) => files,
        Ok(Outcome::Invalid(errors)) => {
            let _ = writeln!(err, "batchlane snippets {}: fix these first (nothing written):", a.kind.name());
            for e in errors {
                let _ = writeln!(err, "  {}: {}", e.field, Text(e.reason.pick(a.lang)));
            }
            return 1;
        }
        Err(lines) => return fail(err, lines),
    };
    match (&a.dir, files.as_slice()) {
        (Some(dir), _) => match write_files(dir, &files, out) {
            Ok(()) => 0,
            Err(e) => fail(err, vec![e]),
        },
        (None, [(_, text)]) => match out.write_all(text.as_bytes()) {
            Ok(()) => 0,
            Err(_) => 2,
        },
        (None, many) => {
            let names: Vec<&str> = many.iter().map(|(n, _)| n.as_str()).collect();
            fail(err, vec![format!("writes {} files ({}): give -o DIR", many.len(), names.join(", "))])
        }
    }
}
