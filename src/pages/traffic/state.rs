//! The page's state, shared through context: the files (kept in memory, so
//! a changed option re-runs the analysis on them), the options, and the
//! worker run that turns them into a report.

use crate::components::region_select::ANY;
use crate::worker::client::{WorkerPool, WORKER_URL};
use batchlane_core::cost::PtuPricing;
use batchlane_core::facts::{Catalog, DeploymentType, QuotaTier};
use batchlane_core::io::{field, Kind, Table};
use batchlane_core::protocol::{Request, Response, WorkerFailure};
use batchlane_core::traffic::{ImportError, TrafficOptions, TrafficReport, TypedLimit};
use gloo::timers::callback::Timeout;
use leptos::prelude::*;
use std::sync::Arc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, File};

/// The sample the "Load sample" button fetches (a copy of
/// `tests/fixtures/traffic/metrics-list.json`).
pub const SAMPLE_URL: &str = "/public/samples/traffic-metrics-list.json";
pub const SAMPLE_NAME: &str = "metrics-list.json";
/// Options typed in quick succession run the analysis once.
const DEBOUNCE_MS: u32 = 250;

/// The page's URL fields: the quota tier, how PTUs are priced and the
/// region whose Regional prices apply (`any` = not chosen, as on /cost).
pub fn table() -> Table {
    let regions = std::iter::once(ANY).chain(batchlane_core::facts::REGIONS.iter().map(|r| r.code)).collect();
    Table::new(vec![
        field("tier", Kind::Enum(QuotaTier::ALL.iter().map(|t| t.code()).collect()), QuotaTier::T1.code()),
        field("ptu", Kind::Enum(PtuPricing::ALL.iter().map(|p| p.code()).collect()), PtuPricing::Hourly.code()),
        field("region", Kind::Enum(regions), ANY),
    ])
}

#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// The worker failed or crashed.
    Worker(WorkerFailure),
    /// A file could not be read: where and why.
    Import(ImportError),
    Cancelled,
    /// The sample could not be fetched.
    Sample(String),
}

/// A deployment's limits as typed (the text of the boxes).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LimitText {
    pub deployment: String,
    pub tpm: String,
    pub rpm: String,
}

/// A typed number: `None` when empty, `Err` when not a positive number.
pub fn typed_number(text: &str) -> Option<Result<f64, ()>> {
    if batchlane_core::io::clean_number(text).is_empty() {
        return None;
    }
    Some(batchlane_core::io::parse_number(text).filter(|v| *v > 0.0 && *v <= 1e12).ok_or(()))
}

#[derive(Clone, Copy)]
pub struct State {
    pub files: RwSignal<Vec<File>, LocalStorage>,
    pub tier: Signal<QuotaTier>,
    pub pricing: Signal<PtuPricing>,
    /// The region's code (`armRegionName`); `None` = not chosen.
    pub region: Signal<Option<String>>,
    pub limits: RwSignal<Vec<LimitText>>,
    pub types: RwSignal<Vec<(String, DeploymentType)>>,
    pub models: RwSignal<Vec<(String, String)>>,
    pub running: RwSignal<bool>,
    pub progress: RwSignal<Option<(u64, u64)>>,
    pub failure: RwSignal<Option<Failure>>,
    pub report: RwSignal<Option<Arc<TrafficReport>>>,
    pub loading_sample: RwSignal<bool>,
    /// The spillover command's fields (`sub`, `rg`, `acct`, and per plan
    /// `ptu:{model}:{scope}`, `std:…`, `ver:…`), kept across re-runs.
    pub snippet: RwSignal<Vec<(String, String)>>,
    client: StoredValue<WorkerPool, LocalStorage>,
    timer: StoredValue<Option<Timeout>, LocalStorage>,
}

impl State {
    pub fn new(tier: Signal<QuotaTier>, pricing: Signal<PtuPricing>, region: Signal<Option<String>>) -> Self {
        State {
            files: RwSignal::new_local(Vec::new()),
            tier,
            pricing,
            region,
            limits: RwSignal::new(Vec::new()),
            types: RwSignal::new(Vec::new()),
            models: RwSignal::new(Vec::new()),
            running: RwSignal::new(false),
            progress: RwSignal::new(None),
            failure: RwSignal::new(None),
            report: RwSignal::new(None),
            loading_sample: RwSignal::new(false),
            snippet: RwSignal::new(Vec::new()),
            client: StoredValue::new_local(WorkerPool::with_url(WORKER_URL, 1)),
            timer: StoredValue::new_local(None),
        }
    }

    /// The analysis options from the page's fields (typed limits that do
    /// not read as numbers are left out; the table says why).
    pub fn options(&self) -> TrafficOptions {
        let limits = self.limits.with(|ls| {
            ls.iter()
                .filter_map(|l| {
                    let tpm = typed_number(&l.tpm)?.ok()?;
                    let rpm = typed_number(&l.rpm).and_then(Result::ok);
                    Some(TypedLimit { deployment: l.deployment.clone(), tpm, rpm })
                })
                .collect()
        });
        TrafficOptions {
            limits,
            deployment_types: self.types.get(),
            models: self
                .models
                .with(|m| m.iter().filter(|(_, v)| !v.trim().is_empty()).map(|(d, v)| (d.clone(), v.trim().to_string())).collect()),
            tier: self.tier.get(),
            ptu_pricing: self.pricing.get(),
            region: self.region.get(),
        }
    }

    pub fn limit_text(&self, deployment: &str) -> LimitText {
        self.limits.with(|ls| ls.iter().find(|l| l.deployment == deployment).cloned().unwrap_or_default())
    }

    pub fn set_limit(&self, deployment: &str, tpm: Option<String>, rpm: Option<String>) {
        self.limits.update(|ls| {
            let i = match ls.iter().position(|l| l.deployment == deployment) {
                Some(i) => i,
                None => {
                    ls.push(LimitText { deployment: deployment.to_string(), ..LimitText::default() });
                    ls.len() - 1
                }
            };
            if let Some(t) = tpm {
                ls[i].tpm = t;
            }
            if let Some(r) = rpm {
                ls[i].rpm = r;
            }
        });
    }

    pub fn set_type(&self, deployment: &str, t: DeploymentType) {
        self.types.update(|ts| {
            ts.retain(|(d, _)| d != deployment);
            ts.push((deployment.to_string(), t));
        });
    }

    pub fn set_model(&self, deployment: &str, model: String) {
        self.models.update(|ms| {
            ms.retain(|(d, _)| d != deployment);
            ms.push((deployment.to_string(), model));
        });
    }

    pub fn snippet_field(&self, key: &str) -> Option<String> {
        self.snippet.with(|f| f.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()))
    }

    pub fn set_snippet_field(&self, key: &str, value: String) {
        self.snippet.update(|f| {
            f.retain(|(k, _)| k != key);
            f.push((key.to_string(), value));
        });
    }

    pub fn add_files(&self, files: Vec<File>) {
        if files.is_empty() {
            return;
        }
        self.files.update(|fs| {
            for f in files {
                // The same name again replaces the earlier file.
                fs.retain(|old| old.name() != f.name());
                fs.push(f);
            }
        });
    }

    pub fn remove_file(&self, name: &str) {
        self.files.update(|fs| fs.retain(|f| f.name() != name));
    }

    /// Replaces the files with the sample (fetched from this origin).
    pub fn load_sample(&self) {
        let s = *self;
        s.loading_sample.set(true);
        leptos::task::spawn_local(async move {
            match fetch_file(SAMPLE_URL, SAMPLE_NAME).await {
                Ok(f) => s.files.set(vec![f]),
                Err(e) => s.failure.set(Some(Failure::Sample(e))),
            }
            s.loading_sample.set(false);
        });
    }

    /// Stops the worker (the page is left, or a new run starts).
    pub fn stop(&self) {
        let _ = self.timer.try_update_value(|t| *t = None);
        let _ = self.client.try_with_value(|c| c.cancel());
    }

    pub fn cancel(&self) {
        self.stop();
        self.running.set(false);
        self.progress.set(None);
        self.failure.set(Some(Failure::Cancelled));
    }

    /// Runs the analysis soon (options typed in a row run it once).
    pub fn schedule(&self, catalog: Catalog) {
        let s = *self;
        let options = self.options();
        let t = Timeout::new(DEBOUNCE_MS, move || s.run(options, catalog));
        self.timer.set_value(Some(t));
    }

    /// Analyses the files in the worker. The previous report stays on the
    /// page until the new one arrives.
    fn run(&self, options: TrafficOptions, catalog: Catalog) {
        let files = self.files.get_untracked();
        let _ = self.client.try_with_value(|c| c.cancel());
        if files.is_empty() {
            self.report.set(None);
            // A sample that could not be fetched stays said; the rest goes with the files.
            let keep = matches!(self.failure.get_untracked(), Some(Failure::Sample(_)));
            self.end(if keep { self.failure.get_untracked() } else { None });
            return;
        }
        let names: Vec<String> = files.iter().map(File::name).collect();
        let blobs: Vec<Blob> = files.into_iter().map(Blob::from).collect();
        self.running.set(true);
        self.progress.set(Some((0, 1)));
        self.failure.set(None);
        let s = *self;
        let request = Request::Traffic { files: names, options, catalog };
        let sent = self.client.with_value(|c| {
            c.run(&request, &blobs, move |response, _| match response {
                Response::Progress { done, total, .. } => s.progress.set(Some((done, total))),
                Response::Traffic { report } => {
                    s.report.set(Some(Arc::new(*report)));
                    s.end(None);
                }
                Response::TrafficFailed { error } => {
                    s.report.set(None);
                    s.end(Some(Failure::Import(error)));
                }
                Response::Failed { failure } => s.end(Some(Failure::Worker(failure))),
                _ => {}
            })
        });
        if let Err(failure) = sent.map(|_| ()) {
            self.end(Some(Failure::Worker(failure)));
        }
    }

    fn end(&self, failure: Option<Failure>) {
        self.running.set(false);
        self.progress.set(None);
        self.failure.set(failure);
    }
}

/// `fetch(url)` as a `File` named `name` (through `Reflect`: the page
/// needs no fetch bindings for one sample).
async fn fetch_file(url: &str, name: &str) -> Result<File, String> {
    let err = crate::worker::envelope::js_error;
    let window = web_sys::window().ok_or("no window")?;
    let fetch: js_sys::Function = js_sys::Reflect::get(&window, &"fetch".into()).map_err(err)?.dyn_into().map_err(|_| "no fetch")?;
    let response = JsFuture::from(js_sys::Promise::from(fetch.call1(&window, &JsValue::from_str(url)).map_err(err)?)).await.map_err(err)?;
    let ok = js_sys::Reflect::get(&response, &"ok".into()).ok().and_then(|v| v.as_bool()).unwrap_or(false);
    if !ok {
        let status = js_sys::Reflect::get(&response, &"status".into()).ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
        return Err(format!("{url}: HTTP {status}"));
    }
    let blob_fn: js_sys::Function = js_sys::Reflect::get(&response, &"blob".into()).map_err(err)?.dyn_into().map_err(|_| "no blob()")?;
    let blob: Blob = JsFuture::from(js_sys::Promise::from(blob_fn.call0(&response).map_err(err)?))
        .await
        .map_err(err)?
        .dyn_into()
        .map_err(|_| "not a blob")?;
    let parts = js_sys::Array::of1(&blob);
    File::new_with_blob_sequence(&parts, name).map_err(err)
}
