//! The batch job object: paste it (or load the file) and see its status on
//! the lifecycle, what it means and what to do, errors explained, progress,
//! time left and the date the output files are deleted.

use super::state::State;
use super::text::count;
use crate::components::file_button::FileButton;
use crate::components::local_time::LocalTime;
use crate::components::text_area::TextArea;
use crate::i18n::{fill, t, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::format::duration;
use batchlane_core::results::{
    analyze_job_with, parse_job, warning_text, BatchJob, DeletionBasis, JobAnalysis, JobParseError, JobStatus, JobWarning, Vendor,
};
use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;

const MAIN_LINE: [JobStatus; 4] = [JobStatus::Validating, JobStatus::InProgress, JobStatus::Finalizing, JobStatus::Completed];

#[component]
pub fn JobPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let prefs = use_prefs();
    let vendor = RwSignal::new(Vendor::Azure);
    let parsed = Memo::new(move |_| {
        let text = state.job_text.get();
        (!text.trim().is_empty()).then(|| parse_job(&text))
    });
    let on_file = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(f) = input.files().and_then(|l| l.get(0)) {
            leptos::task::spawn_local(async move {
                if let Ok(text) = JsFuture::from(f.text()).await {
                    state.job_text.set(text.as_string().unwrap_or_default());
                }
            });
        }
    };
    let body = move || {
        let lang = prefs.lang.get();
        match parsed.get()? {
            Err(JobParseError::NotJson { detail }) => Some(
                view! { <p class="field-error" role="alert">{fill(t(lang, "results.job.not_json"), &[("detail", &detail)])}</p> }
                    .into_any(),
            ),
            Err(JobParseError::NotABatch) => {
                Some(view! { <p class="field-error" role="alert">{t(lang, "results.job.not_batch")}</p> }.into_any())
            }
            Ok(job) => {
                let now = (js_sys::Date::now() / 1000.0) as i64;
                // With results joined, an expired job's unfinished requests
                // are the ones the retry file holds as batch_expired.
                let results = state.report.get();
                let analysis = prefs.catalog.with(|c| analyze_job_with(&job, results.as_deref(), now, vendor.get(), c));
                Some(view! { <JobView job=job analysis=analysis lang=lang/> }.into_any())
            }
        }
    };
    view! {
        <section class="results-section" aria-labelledby="results-job-h">
            <h2 id="results-job-h">{tr("results.job.title")}</h2>
            <p class="muted">{tr("results.job.hint")}</p>
            <div class="results-job-inputs">
                <TextArea
                    label="results.job.paste"
                    class="results-job-inputs__paste"
                    value=state.job_text
                    on_input=Callback::new(move |v| state.job_text.set(v))
                    testid="results-job-paste"
                />
                <div class="results-job-inputs__side">
                    <div class="field">
                        <span>{tr("results.job.file")}</span>
                        <FileButton label="results.file.choose" accept=".json,application/json" testid="results-job-input" on_change=Callback::new(on_file)
                            aria_label=Signal::derive(move || t(prefs.lang.get(), "results.job.file").to_string())/>
                    </div>
                    <label class="field">
                        <span>{tr("results.job.vendor")}</span>
                        <select data-testid="results-job-vendor" on:change=move |ev| {
                            vendor.set(if event_target_value(&ev) == "openai" { Vendor::OpenAi } else { Vendor::Azure });
                        }>
                            <option value="azure">"Azure OpenAI"</option>
                            <option value="openai">"OpenAI"</option>
                        </select>
                    </label>
                </div>
            </div>
            {body}
        </section>
    }
}

fn status_key(s: &JobStatus) -> &'static str {
    match s {
        JobStatus::Validating => "results.job.s.validating",
        JobStatus::Failed => "results.job.s.failed",
        JobStatus::InProgress => "results.job.s.in_progress",
        JobStatus::Finalizing => "results.job.s.finalizing",
        JobStatus::Completed => "results.job.s.completed",
        JobStatus::Expired => "results.job.s.expired",
        JobStatus::Cancelling => "results.job.s.cancelling",
        JobStatus::Cancelled => "results.job.s.cancelled",
        JobStatus::Unknown(_) => "results.job.s.unknown",
    }
}

fn raw_status(s: &JobStatus) -> String {
    match s {
        JobStatus::Unknown(x) => x.clone(),
        other => serde_json::to_value(other).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default(),
    }
}

/// A warning as the panel words it. The two about the deletion date refer
/// to the date the line above shows in the reader's time zone: written
/// again in UTC ("2026-01-15 00:00 UTC") it could read as another day.
/// The CLI prints the core's text, date included.
fn job_warning(w: &JobWarning, lang: Lang) -> String {
    match w {
        JobWarning::CopyOutputBeforeDeletion { .. } => t(lang, "results.job.warn.copy_before").to_string(),
        JobWarning::OutputAlreadyDeleted { .. } => t(lang, "results.job.warn.already_deleted").to_string(),
        other => warning_text(other).pick(lang).to_string(),
    }
}

/// Whether a status label only repeats the service's word ("in progress"
/// for `in_progress`): then the word is not shown beside it.
fn says_the_same(label: &str, code: &str) -> bool {
    label.len() == code.len() && label.chars().zip(code.chars()).all(|(a, b)| a.eq_ignore_ascii_case(&b) || (a == ' ' && b == '_'))
}

#[component]
fn JobView(job: BatchJob, analysis: JobAnalysis, lang: Lang) -> impl IntoView {
    let status = job.status.clone();
    let step = analysis.status.step;
    let raw = raw_status(&status);
    let off_line = step.is_none();
    let steps = MAIN_LINE
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let i = i as u8;
            let class = match step {
                Some(cur) if i < cur => "lifecycle__step lifecycle__step--done",
                Some(cur) if i == cur => "lifecycle__step lifecycle__step--current",
                _ => "lifecycle__step",
            };
            let current = step == Some(i);
            let (code, label) = (raw_status(s), t(lang, status_key(s)));
            // The service's word, unless the label already says it ("in progress" is in_progress).
            let code = (!says_the_same(label, &code)).then(|| view! { <code>{code}</code> });
            view! { <li class=class aria-current=current.then_some("step")>{code}<span>{label}</span></li> }
        })
        .collect_view();
    let stamp = |label: &'static str, v: Option<i64>| v.map(|v| view! { <div><dt>{label}</dt><dd><LocalTime unix=v/></dd></div> });
    let progress = analysis.progress.map(|p| {
        let c = p.counts;
        let pct = |n: u64| if c.total == 0 { 0.0 } else { n as f64 / c.total as f64 * 100.0 };
        let (ok, bad) = (pct(c.completed), pct(c.failed));
        let label = fill(t(lang, "results.job.counts"), &[("done", &count(c.completed)), ("failed", &count(c.failed)), ("total", &count(c.total))]);
        view! {
            <div class="results-job-counts">
                <p>{label.clone()}</p>
                <div class="bar" role="progressbar" aria-label=label aria-valuemin="0" aria-valuemax="100" aria-valuenow=format!("{:.0}", p.done_fraction * 100.0)>
                    <div class="bar__fill bar__fill--ok" style:width=format!("{ok:.1}%")></div>
                    <div class="bar__fill bar__fill--error" style:width=format!("{bad:.1}%")></div>
                </div>
            </div>
        }
    });
    let time_left = analysis.expires_in_seconds.map(|s| {
        let text = if s >= 0 {
            fill(t(lang, "results.job.time_left"), &[("d", &duration(s, lang))])
        } else {
            fill(t(lang, "results.job.past_expiry"), &[("d", &duration(s, lang))])
        };
        view! { <p data-testid="results-job-time-left"><strong>{text}</strong></p> }
    });
    let deletion = analysis.output_deletion.map(|d| {
        let basis = match d.basis {
            DeletionBasis::Job => t(lang, "results.job.basis_job"),
            DeletionBasis::VendorDefault => t(lang, "results.job.basis_default"),
        };
        let when = if d.seconds_left > 0 {
            fill(t(lang, "results.job.deleted_in"), &[("d", &duration(d.seconds_left, lang))])
        } else {
            t(lang, "results.job.deleted_past").to_string()
        };
        // The date is a <time> (local, UTC on hover) inside the sentence.
        let sentence = fill(t(lang, "results.job.deletion"), &[("when", &when), ("basis", basis)]);
        let (before, after) =
            sentence.split_once("{date}").map(|(b, a)| (b.to_string(), a.to_string())).unwrap_or((sentence.clone(), String::new()));
        view! { <p data-testid="results-job-deletion">{before}<LocalTime unix=d.deletes_at testid="results-job-deletion-date"/>{after}</p> }
    });
    let warnings = analysis.warnings.iter().map(|w| view! { <li>{job_warning(w, lang)}</li> }).collect_view();
    let has_warnings = !analysis.warnings.is_empty();
    let errors = analysis.errors.clone();
    view! {
        <div class="results-job" data-testid="results-job" data-status=raw.clone()>
            <p class="results-job__status">
                {t(lang, "results.job.status")}" "
                <span class="badge results-job__badge" data-testid="results-job-status">{t(lang, status_key(&status))}</span>
                // The service's own word, unless the label already says it.
                {(!says_the_same(t(lang, status_key(&status)), &raw)).then(|| view! { " " <code>{raw.clone()}</code> })}
                {job.id.clone().map(|id| view! { " · " <code>{id}</code> })}
            </p>
            <ol class="lifecycle" aria-label=t(lang, "results.job.lifecycle")>{steps}</ol>
            {off_line.then(|| view! { <p class="muted">{t(lang, "results.job.off_line")}</p> })}
            <div class="results-job__explain">
                <p><strong>{t(lang, "results.job.meaning")}</strong>" "{analysis.status.meaning.pick(lang).to_string()}</p>
                <p><strong>{t(lang, "results.job.todo")}</strong>" "{analysis.status.what_to_do.pick(lang).to_string()}</p>
            </div>
            {progress}
            {time_left}
            {deletion}
            {has_warnings.then(|| view! { <ul class="note note--warn results-job__warnings" data-testid="results-job-warnings">{warnings}</ul> })}
            {(!errors.is_empty()).then(|| view! {
                <h3>{t(lang, "results.job.errors")}</h3>
                <div class="table-wrap">
                    <table data-testid="results-job-errors">
                        <thead><tr>
                            <th scope="col">{t(lang, "results.col.code")}</th>
                            <th scope="col" class="num">{t(lang, "results.col.line")}</th>
                            <th scope="col">{t(lang, "results.col.message")}</th>
                            <th scope="col">{t(lang, "results.col.explained")}</th>
                        </tr></thead>
                        <tbody>
                            {errors.into_iter().map(|e| view! {
                                <tr>
                                    <td><code>{e.error.code.clone().unwrap_or_default()}</code>{e.error.param.clone().map(|p| view! { " " <span class="muted">{p}</span> })}</td>
                                    <td class="num">{e.error.line.map(|l| l.to_string())}</td>
                                    <td>{e.error.message.clone()}</td>
                                    <td>{e.explanation.pick(lang).to_string()}</td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                </div>
            })}
            <dl class="results-job__times">
                {stamp(t(lang, "results.job.created"), job.created_at)}
                {stamp(t(lang, "results.job.in_progress_at"), job.in_progress_at)}
                {stamp(t(lang, "results.job.finalizing_at"), job.finalizing_at)}
                {stamp(t(lang, "results.job.completed_at"), job.completed_at)}
                {stamp(t(lang, "results.job.failed_at"), job.failed_at)}
                {stamp(t(lang, "results.job.cancelling_at"), job.cancelling_at)}
                {stamp(t(lang, "results.job.cancelled_at"), job.cancelled_at)}
                {stamp(t(lang, "results.job.expired_at"), job.expired_at)}
                {stamp(t(lang, "results.job.expires_at"), job.expires_at)}
            </dl>
        </div>
    }
}
