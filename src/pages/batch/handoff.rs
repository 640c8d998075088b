//! Where the summary sends a checked file next: the /snippets page's Batch
//! tab (submission code for this deployment and dialect) and its Control
//! plane tab (the file as one job of the job-queue planner).

use super::model_pick::needs_model;
use super::use_state;
use crate::i18n::tx;
use crate::prefs::use_prefs;
use batchlane_core::batch::{Dialect, Report};
use leptos::prelude::*;
use std::sync::Arc;

/// The links under the summary.
#[component]
pub fn NextSteps(report: Arc<Report>) -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let s = &report.summary;
    let snippets_href = snippets_link(report.dialect, s.model.as_deref(), state.file_name().as_deref());
    // Not while the model is unknown (the enqueued figure is then too low).
    let control_href = report
        .tokens
        .as_ref()
        .filter(|_| !needs_model(&report))
        .map(|tk| control_link(&state.source_name.get_untracked(), tk.enqueued_tokens, s.catalog_model.as_deref()));
    view! {
        <p class="batch-summary__next">
            <a href=snippets_href data-testid="batch-snippets-link">{tx("batch.summary.snippets", prefs.lang)}</a>
            {control_href.map(|href| view! {
                " · "
                <a href=href data-testid="batch-control-link">{tx("batch.summary.control", prefs.lang)}</a>
            })}
        </p>
    }
}

/// The snippets page's batch tab, prefilled with this file's deployment
/// (`body.model`) and dialect. The snippets page's `endpoint` key is the Azure
/// resource address (https://…), which a batch file doesn't hold; the batch
/// endpoint path there follows the dialect.
fn snippets_link(dialect: Dialect, deployment: Option<&str>, file: Option<&str>) -> String {
    let mut pairs = vec![("tab".to_string(), "batch".to_string()), ("dialect".to_string(), dialect.name().to_string())];
    if let Some(v) = deployment.filter(|v| !v.trim().is_empty()) {
        pairs.push(("deployment".to_string(), v.to_string()));
    }
    // The scripts' input file (the snippets page ignores a name it can't use).
    if let Some(v) = file.filter(|v| !v.trim().is_empty()) {
        pairs.push(("file".to_string(), v.to_string()));
    }
    format!("/snippets?{}", batchlane_core::io::query_string(&pairs))
}

/// The snippets page's Control plane tab with this file as one job of its
/// job-queue planner (`jobs=name:tokens`, the enqueued tokens as checked)
/// and, when known, the model whose enqueued-token quota applies.
fn control_link(file_name: &str, enqueued_tokens: u64, model: Option<&str>) -> String {
    let mut pairs = vec![("tab".to_string(), "control".to_string())];
    pairs.push(("jobs".to_string(), format!("{}: {enqueued_tokens}", job_name(file_name))));
    if let Some(m) = model.filter(|m| !m.trim().is_empty()) {
        pairs.push(("cpModel".to_string(), m.to_string()));
        pairs.push(("cpQuota".to_string(), "catalog".to_string()));
    }
    format!("/snippets?{}", batchlane_core::io::query_string(&pairs))
}

/// A planner job name from a file name: without its extension, and without
/// the list's separators (`:` `;`) or control characters; at most 60 characters.
fn job_name(file_name: &str) -> String {
    let stem = file_name.trim().strip_suffix(".jsonl").unwrap_or(file_name);
    let name: String = stem.chars().map(|c| if matches!(c, ':' | ';') || c.is_control() { '-' } else { c }).take(60).collect();
    let name = name.trim();
    if name.is_empty() {
        "batch".to_string()
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use batchlane_core::io::parse_query;
    use batchlane_core::snippets::parse_jobs;

    fn query(href: &str) -> Vec<(String, String)> {
        parse_query(href.strip_prefix("/snippets").unwrap()).pairs
    }

    #[test]
    fn the_control_link_hands_the_file_to_the_job_planner_as_one_job() {
        let q = query(&control_link("nightly:run;2.jsonl", 4_453_346, Some("gpt-4o")));
        let get = |k: &str| q.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
        assert_eq!(get("tab"), Some("control"));
        assert_eq!(get("cpModel"), Some("gpt-4o"));
        let jobs = parse_jobs(get("jobs").unwrap()).unwrap();
        assert_eq!(jobs.len(), 1);
        assert_eq!((jobs[0].name.as_str(), jobs[0].enqueued_tokens), ("nightly-run-2", 4_453_346));
    }

    #[test]
    fn the_submission_link_carries_the_files_name() {
        let q = query(&snippets_link(Dialect::OpenAi, Some("gpt-4o"), Some("night & day.jsonl")));
        let get = |k: &str| q.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
        assert_eq!((get("tab"), get("deployment"), get("file")), (Some("batch"), Some("gpt-4o"), Some("night & day.jsonl")));
        assert!(!query(&snippets_link(Dialect::Azure, None, None)).iter().any(|(k, _)| k == "file"));
    }

    #[test]
    fn a_file_without_a_usable_name_is_still_one_job() {
        let q = query(&control_link(" .jsonl", 7, None));
        let jobs = q.iter().find(|(k, _)| k == "jobs").map(|(_, v)| parse_jobs(v).unwrap()).unwrap();
        assert_eq!((jobs[0].name.as_str(), jobs[0].enqueued_tokens), ("batch", 7));
        assert!(!q.iter().any(|(k, _)| k == "cpModel"));
    }
}
