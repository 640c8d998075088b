//! From the arguments to files: the link decoded as the page decodes it,
//! the overrides checked the same way (a refusal named as the user typed
//! it, in the language asked for), then the generator the page's panel calls.

use super::args::{Args, Kind};
use super::fields::{apply, APIM_FIELDS, SUBMIT_FIELDS, WORKER_FIELDS};
use batchlane_core::facts::Catalog;
use batchlane_core::io::{parse_query, query_string, Pairs};
use batchlane_core::snippets::share::{self, Decoded};
use batchlane_core::snippets::{
    apim_policy_xml, audit_rules, control_python, control_requirements, flex_fallback_python, render, submit_curl, submit_python,
    worker_python, ApimOptions, FormError, WorkerOptions,
};
use batchlane_core::text::{Lang, Text as Words};

/// The keys the page refuses or ignores: (key, its value if refused, why),
/// in `lang`.
pub(super) fn refusals(d: &Decoded, lang: Lang) -> Vec<(String, Option<String>, String)> {
    let mut out: Vec<_> = d.rejected.iter().map(|r| (r.field.clone(), Some(r.value.clone()), r.reason().pick(lang).to_string())).collect();
    let rejected: Vec<&str> = d.rejected.iter().map(|r| r.field.as_str()).collect();
    let ignored = Words::new("the page can't use this value and ignores it", "페이지가 이 값을 쓸 수 없어 무시합니다");
    for key in d.opened.ignored.iter().filter(|k| !rejected.contains(&k.as_str())) {
        out.push((key.clone(), None, ignored.pick(lang).to_string()));
    }
    out
}

/// The options the link and the overrides give: the link decoded as the
/// page decodes it, then the overrides (as link keys, checked the same way).
pub(super) fn opened(a: &Args, catalog: &Catalog) -> Result<Decoded, Vec<String>> {
    let link = a.link.as_deref().unwrap_or("");
    let first = share::decode(link, catalog).map_err(|e| vec![e.to_string()])?;
    let bad = refusals(&first, a.lang);
    if !bad.is_empty() {
        let the_links = Words::new("the link's", "링크의");
        return Err(bad
            .into_iter()
            .map(|(key, value, why)| match value {
                Some(v) => format!("{} {key}={v} ({why})", the_links.pick(a.lang)),
                None => format!("{} {key}: {why}", the_links.pick(a.lang)),
            })
            .collect());
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
        // Named as the user wrote it: the flag, or --set NAME=VALUE.
        let typed = |key: &str| -> String {
            a.flagged.iter().find(|(k, _)| *k == key).map(|(_, f)| f.clone()).unwrap_or_else(|| {
                let v = a.link_sets.iter().find(|(k, _)| k == key).map_or("", |(_, v)| v.as_str());
                format!("--set {key}={v}")
            })
        };
        return Err(bad
            .into_iter()
            .map(|(key, value, why)| match value {
                Some(_) => format!("{} ({why})", typed(&key)),
                None => format!("{}: {why}", typed(&key)),
            })
            .collect());
    }
    Ok(d)
}

/// What a run makes: files (name, text), or why not.
pub enum Outcome {
    Files(Vec<(String, String)>),
    /// The generator's validation (the page's messages).
    Invalid(Vec<FormError>),
}

/// Renders `kind` from what the page would hold, exactly as the page's panels do.
pub(super) fn render_kind(kind: Kind, d: &Decoded, field_sets: &[(String, String)], catalog: &Catalog) -> Result<Outcome, Vec<String>> {
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
        Kind::Flex => one(share::FLEX_FILE.into(), flex_fallback_python(&o.flex).map_err(|e| vec![e])),
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
