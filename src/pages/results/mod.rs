//! /results — join a batch's output and error files to its input (in the
//! Web Worker), classify every request, attribute usage and cost, build the
//! retry file, and explain the job object.

mod chart;
mod cost;
mod download;
mod files;
mod groups;
mod job;
mod progress;
mod requests;
mod retry;
mod state;
mod summary;
mod text;

use crate::components::page_header::PageHeader;
use batchlane_core::results::{parse_job, JobStatus};
use leptos::prelude::*;
use state::State;
use std::sync::Arc;

#[component]
pub fn ResultsPage() -> impl IntoView {
    let state = State::new();
    provide_context(state);
    on_cleanup(move || state.stop());
    // With a job object pasted, the report follows it: the unanswered
    // requests of an expired job are batch_expired, of a cancelled one
    // batch_cancelled (`apply_job`). Only such a job is kept, so typing
    // another job does not redraw the panels.
    let expired_job = Memo::new(move |_| {
        state.job_text.with(|t| parse_job(t).ok().filter(|j| matches!(j.status, JobStatus::Expired | JobStatus::Cancelled)))
    });
    let report = move || {
        let r = state.report.get()?;
        Some(match expired_job.get() {
            Some(job) if r.summary.missing > 0 => {
                let mut settled = (*r).clone();
                settled.apply_job(&job);
                Arc::new(settled)
            }
            _ => r,
        })
    };
    view! {
        <section class="page results-page" data-testid="page-results">
            <PageHeader title="page.results.title" desc="page.results.desc" figures=true/>
            <files::FilesPanel/>
            <progress::ProgressPanel/>
            {move || report().map(|r| view! {
                <summary::SummaryPanel report=r.clone()/>
                <retry::RetryPanel report=r.clone()/>
                <requests::RequestsPanel report=r.clone()/>
                <cost::CostPanel report=r.clone()/>
                <groups::GroupsPanel report=r/>
            })}
            <job::JobPanel/>
        </section>
    }
}
