//! The command's words: the generators (KIND), the dedicated flags and the
//! `--set` names each takes, the help, and the parser.

use super::fields::{APIM_FIELDS, SUBMIT_FIELDS, WORKER_FIELDS};
use batchlane_core::facts::Catalog;
use batchlane_core::io::{Kind as QueryKind, Pairs};
use batchlane_core::snippets::share;
use batchlane_core::text::Lang;
use std::ffi::OsString;
use std::path::PathBuf;

/// The generators, by the name the command takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Keda,
    Worker,
    SubmitPy,
    SubmitSh,
    Flex,
    Apim,
    Control,
    Audit,
}

impl Kind {
    pub const ALL: [Kind; 8] =
        [Kind::Keda, Kind::Worker, Kind::SubmitPy, Kind::SubmitSh, Kind::Flex, Kind::Apim, Kind::Control, Kind::Audit];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Keda => "keda",
            Kind::Worker => "worker",
            Kind::SubmitPy => "submit-py",
            Kind::SubmitSh => "submit-sh",
            Kind::Flex => "flex",
            Kind::Apim => "apim",
            Kind::Control => "control",
            Kind::Audit => "audit",
        }
    }

    pub(super) fn from_name(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }

    pub(super) fn what(self) -> &'static str {
        match self {
            Kind::Keda => "KEDA ScaledObject/ScaledJob YAML (<name>-scaledobject.yaml or <name>-scaledjob.yaml)",
            Kind::Worker => "the Service Bus queue worker (worker.py)",
            Kind::SubmitPy => "batch submission, Python SDK (submit_batch.py)",
            Kind::SubmitSh => "batch submission, curl (submit-batch.sh)",
            Kind::Flex => "the Flex-with-fallback client, Python SDK (flex_client.py)",
            Kind::Apim => "the API Management token-limit policy (apim-policy.xml)",
            Kind::Control => "the batch control plane (control_plane.py, requirements.txt)",
            Kind::Audit => "the second-door audit rules (second-door.kql, activity-log-alert.json, deny-key-access.policy.json)",
        }
    }

    /// The link keys `--set` takes for this kind (the page's link names them).
    pub(super) fn link_keys(self) -> Vec<&'static str> {
        let keda: Vec<&'static str> = share::keda_fields().into_iter().map(|(k, ..)| k).collect();
        let control = || share::control_fields().into_iter().map(|(k, ..)| k);
        match self {
            Kind::Keda => keda.into_iter().chain(["tokensPerMessage"]).collect(),
            // The worker takes its namespace, entity and mode from the KEDA form.
            Kind::Worker => vec!["kind", "sbNamespace", "entity", "queue", "topic", "subscription"],
            Kind::SubmitPy | Kind::SubmitSh => vec!["dialect", "deployment", "endpoint"],
            Kind::Flex => share::flex_fields().into_iter().map(|(k, ..)| k).collect(),
            Kind::Apim => vec![],
            Kind::Control => control().filter(|k| !AUDIT_KEYS.contains(k) && *k != "jobs").collect(),
            Kind::Audit => AUDIT_KEYS.to_vec(),
        }
    }

    /// The option fields `--set` takes for this kind (not in the page's link).
    pub(super) fn field_names(self) -> Vec<&'static str> {
        match self {
            Kind::Worker => WORKER_FIELDS.iter().map(|f| f.0).collect(),
            Kind::SubmitPy | Kind::SubmitSh => SUBMIT_FIELDS.iter().map(|f| f.0).collect(),
            Kind::Apim => APIM_FIELDS.iter().map(|f| f.0).collect(),
            _ => vec![],
        }
    }
}

pub(super) const AUDIT_KEYS: [&str; 3] = ["cpResource", "cpOid", "cpRule"];

/// The dedicated flags: for each kind, the `--set` name it stands for
/// (`--quota` on control sets two link keys).
pub(super) fn flag_targets(flag: &str, kind: Kind, value: &str) -> Option<Vec<(&'static str, String)>> {
    let one = |name: &'static str| Some(vec![(name, value.to_string())]);
    match (flag, kind) {
        ("--dialect", Kind::SubmitPy | Kind::SubmitSh) => one("dialect"),
        ("--dialect", Kind::Control) => one("cpDialect"),
        ("--endpoint", Kind::SubmitPy | Kind::SubmitSh) => one("endpoint"),
        ("--endpoint", Kind::Control) => one("cpEndpoint"),
        ("--endpoint", Kind::Worker) => one("openai_endpoint"),
        ("--endpoint", Kind::Flex) => one("fxEndpoint"),
        ("--deployment", Kind::Flex) => one("fxDeployment"),
        ("--budget", Kind::Flex) => one("fxBudget"),
        ("--attempts", Kind::Flex) => one("fxAttempts"),
        ("--deployment", Kind::SubmitPy | Kind::SubmitSh | Kind::Worker) => one("deployment"),
        ("--api-version", Kind::SubmitPy | Kind::SubmitSh | Kind::Worker) => one("api_version"),
        ("--api-version", Kind::Control) => one("cpApi"),
        ("--model", Kind::Control) => one("cpModel"),
        ("--tpm", Kind::Keda) => one("tpm"),
        ("--tpm", Kind::Apim) => one("tokens_per_minute"),
        ("--enqueued-limit", Kind::Control) => Some(vec![("cpQuota", "typed".into()), ("cpTokens", value.to_string())]),
        // Before issue 39 one flag for both quotas: the TPM on keda and apim, the enqueued-token limit on control.
        ("--quota", Kind::Keda | Kind::Apim) => flag_targets("--tpm", kind, value),
        ("--quota", Kind::Control) => flag_targets("--enqueued-limit", kind, value),
        _ => None,
    }
}

pub(super) const FLAGS: [(&str, &str); 10] = [
    ("--dialect", "azure|openai"),
    ("--endpoint", "URL"),
    ("--deployment", "NAME"),
    ("--api-version", "VERSION"),
    ("--model", "MODEL"),
    ("--tpm", "N"),
    ("--enqueued-limit", "N"),
    ("--quota", "N"),
    ("--budget", "SECONDS"),
    ("--attempts", "N"),
];

pub(super) fn kinds_of_flag(flag: &str) -> Vec<&'static str> {
    Kind::ALL.into_iter().filter(|k| flag_targets(flag, *k, "").is_some()).map(Kind::name).collect()
}

pub(super) const USAGE: &str = "usage: batchlane snippets KIND [--link URL] [--set NAME=VALUE]... [-o DIR] [--lang en|ko]
                          [--dialect azure|openai] [--endpoint URL] [--deployment NAME] [--api-version V]
                          [--model M] [--tpm N] [--enqueued-limit N] [--budget SECONDS] [--attempts N]
                          [--catalog FILE]... [--fact ID=VALUE]...
KIND: keda, worker, submit-py, submit-sh, flex, apim, control, audit";

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
            "--tpm" => " (keda: tpm, the quota sizing; apim: tokens_per_minute)",
            "--enqueued-limit" => " (control: a typed enqueued-token limit, as batchlane check --enqueued-limit)",
            "--budget" => " (the seconds of waiting between Flex attempts, all together, before the Standard request)",
            "--attempts" => " (the most Flex attempts per request)",
            _ => "",
        };
        if flag == "--quota" {
            s.push_str(&format!("  {flag} {value}: formerly --tpm on keda and apim, --enqueued-limit on control (still read)\n"));
            continue;
        }
        s.push_str(&format!("  {flag} {value}: {}{to}\n", kinds_of_flag(flag).join(", ")));
    }
    s.push_str("\n--set NAME takes, per kind (link keys as the page writes them; option fields for what the link does not carry):\n");
    // A name that takes a fixed set of values is listed with them (kind=so|sj).
    let table = share::table(&Catalog::builtin());
    let with_values = |key: &str| match table.field(key).map(|f| &f.kind) {
        Some(QueryKind::Enum(words)) => {
            format!("{key}={}", words.iter().map(|w| if w.is_empty() { "''" } else { w }).collect::<Vec<_>>().join("|"))
        }
        _ => key.to_string(),
    };
    for k in Kind::ALL {
        let names: Vec<String> = k.link_keys().into_iter().map(with_values).chain(k.field_names().into_iter().map(String::from)).collect();
        s.push_str(&format!("  {}: {}\n", k.name(), if names.is_empty() { "(none)".to_string() } else { names.join(" ") }));
    }
    s.push_str(
        "\nExit 0: written; 1: the options are invalid (the page's messages; nothing written);
2: bad usage, not a /snippets link, or a link value the page would refuse or ignore.",
    );
    s
}

pub(super) struct Args {
    pub(super) kind: Kind,
    pub(super) link: Option<String>,
    /// Overrides of link keys, in order.
    pub(super) link_sets: Pairs,
    /// Overrides of option fields, in order.
    pub(super) field_sets: Vec<(String, String)>,
    pub(super) dir: Option<PathBuf>,
    pub(super) lang: Lang,
    /// The link keys a dedicated flag set: (key, the flag and its value as
    /// typed), so that a refusal names what the user wrote.
    pub(super) flagged: Vec<(&'static str, String)>,
    /// The figures to use (`--catalog`, `--fact`).
    pub(super) catalog: Catalog,
}

pub(super) fn parse(args: &[OsString]) -> Result<Args, String> {
    let names = || Kind::ALL.map(Kind::name).join(", ");
    let first = args.first().ok_or_else(|| format!("no KIND given (one of: {})", names()))?;
    let kind = Kind::from_name(crate::args::word(first))
        .ok_or_else(|| format!("unknown KIND '{}' (one of: {})", crate::escape::Os(first), names()))?;
    let mut a = Args {
        kind,
        link: None,
        link_sets: Vec::new(),
        field_sets: Vec::new(),
        dir: None,
        lang: Lang::En,
        flagged: Vec::new(),
        catalog: Catalog::builtin(),
    };
    let mut catalog = crate::catalog::CatalogArgs::default();
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
        if catalog.take(crate::args::word(arg), &mut it)? {
            continue;
        }
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
                a.flagged.retain(|(k, _)| *k != name.trim());
            }
            f if FLAGS.iter().any(|(flag, _)| *flag == f) => {
                let v = value(f)?;
                let targets = flag_targets(f, kind, &v)
                    .ok_or_else(|| format!("{f} does not apply to {} (it applies to: {})", kind.name(), kinds_of_flag(f).join(", ")))?;
                for (name, val) in targets {
                    set(&mut a, name, val)?;
                    a.flagged.retain(|(k, _)| *k != name);
                    a.flagged.push((name, format!("{f} {v}")));
                }
            }
            _ => return Err(format!("unexpected argument '{}'", crate::escape::Os(arg))),
        }
    }
    a.catalog = catalog.catalog;
    Ok(a)
}
