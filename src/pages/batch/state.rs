//! The /batch page's state: the signals its parts share, the file loaded,
//! the check running in the workers, and the last check kept for the next
//! visit. The form's values as the core's `CheckInput` (and back) are in `mod.rs`.

use super::worker_client::{self, CheckEvent};
use crate::prefs::use_prefs;
use batchlane_core::batch::{CheckOptions, Dialect, Progress, Report};
use batchlane_core::facts::Scope;
use leptos::prelude::*;
use std::rc::Rc;
use std::sync::Arc;

/// The page's state, shared by its parts.
#[derive(Clone, Copy)]
pub struct State {
    pub dialect: RwSignal<Dialect>,
    pub byo: RwSignal<bool>,
    /// Count prompt tokens (off: structural checks only, much faster).
    pub count_tokens: RwSignal<bool>,
    /// The catalog model behind the deployment; "" = read it from the file.
    pub model: RwSignal<String>,
    /// "none", a subscription ("ea", "default", "credit_card", "msdn"),
    /// "typed", or an OpenAI usage tier ("openai1" … "openai5").
    pub quota: RwSignal<String>,
    pub zone: RwSignal<Scope>,
    pub quota_typed: RwSignal<String>,
    /// "" = the model's encoding.
    pub encoding: RwSignal<String>,
    pub price_in: RwSignal<String>,
    pub price_out: RwSignal<String>,
    /// The batch's endpoint ("" = the first line's url).
    pub endpoint: RwSignal<String>,
    pub source: StoredValue<Option<web_sys::Blob>, LocalStorage>,
    pub source_name: RwSignal<String>,
    /// The picked file's own name (its upload name, which the service
    /// judges); `None` for pasted text and samples.
    pub upload_name: StoredValue<Option<String>>,
    pub source_size: RwSignal<u64>,
    pub running: RwSignal<bool>,
    pub cancelled: RwSignal<bool>,
    pub progress: RwSignal<Progress>,
    pub started_ms: RwSignal<f64>,
    pub now_ms: RwSignal<f64>,
    pub report: RwSignal<Option<Arc<Report>>>,
    pub elapsed_ms: RwSignal<f64>,
    pub error: RwSignal<Option<batchlane_core::protocol::WorkerFailure>>,
    pub run_id: RwSignal<u64>,
    /// The options the last check started with (an option "change" to the
    /// same values starts no second check).
    pub started_with: StoredValue<Option<CheckOptions>, LocalStorage>,
    /// Index into the report's diagnostics of the one shown in the line view.
    pub selected: RwSignal<Option<usize>>,
    /// The user's catalog (from the preferences).
    pub catalog: RwSignal<batchlane_core::facts::Catalog>,
}

/// The last finished check, kept in memory (never in storage) while the app
/// runs, so that coming back to /batch (Back from the submission code, say)
/// shows it again instead of asking for a 200 MB file once more.
#[derive(Clone)]
struct Kept {
    source: web_sys::Blob,
    source_name: String,
    upload_name: Option<String>,
    source_size: u64,
    report: Arc<Report>,
    elapsed_ms: f64,
    started_with: Option<CheckOptions>,
}

thread_local! {
    static KEPT: std::cell::RefCell<Option<Kept>> = const { std::cell::RefCell::new(None) };
}

pub fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or_else(js_sys::Date::now, |p| p.now())
}

impl State {
    pub(super) fn new() -> Self {
        State {
            dialect: RwSignal::new(Dialect::Azure),
            byo: RwSignal::new(false),
            count_tokens: RwSignal::new(true),
            model: RwSignal::new(String::new()),
            quota: RwSignal::new("none".into()),
            zone: RwSignal::new(Scope::Global),
            quota_typed: RwSignal::new(String::new()),
            encoding: RwSignal::new(String::new()),
            price_in: RwSignal::new(String::new()),
            price_out: RwSignal::new(String::new()),
            endpoint: RwSignal::new(String::new()),
            source: StoredValue::new_local(None),
            source_name: RwSignal::new(String::new()),
            upload_name: StoredValue::new(None),
            source_size: RwSignal::new(0),
            running: RwSignal::new(false),
            cancelled: RwSignal::new(false),
            progress: RwSignal::new(Progress::default()),
            started_ms: RwSignal::new(0.0),
            now_ms: RwSignal::new(0.0),
            report: RwSignal::new(None),
            elapsed_ms: RwSignal::new(0.0),
            error: RwSignal::new(None),
            run_id: RwSignal::new(0),
            started_with: StoredValue::new_local(None),
            selected: RwSignal::new(None),
            catalog: use_prefs().catalog,
        }
    }

    /// Keeps the finished check for the next visit to the page.
    fn keep(&self, report: Arc<Report>) {
        let Some(source) = self.source.get_value() else { return };
        let kept = Kept {
            source,
            source_name: self.source_name.get_untracked(),
            upload_name: self.upload_name.get_value(),
            source_size: self.source_size.get_untracked(),
            report,
            elapsed_ms: self.elapsed_ms.get_untracked(),
            started_with: self.started_with.get_value(),
        };
        KEPT.with(|k| *k.borrow_mut() = Some(kept));
    }

    /// Shows the check kept from an earlier visit, if any.
    pub(super) fn restore(&self) {
        let Some(k) = KEPT.with(|k| k.borrow().clone()) else { return };
        self.source.set_value(Some(k.source));
        self.source_name.set(k.source_name);
        self.upload_name.set_value(k.upload_name);
        self.source_size.set(k.source_size);
        self.elapsed_ms.set(k.elapsed_ms);
        self.started_with.set_value(k.started_with);
        self.report.set(Some(k.report));
    }

    /// The file's name for the submission code: the picked file's, else a
    /// sample's (`….jsonl`); pasted text has none.
    pub fn file_name(&self) -> Option<String> {
        self.upload_name.get_value().or_else(|| Some(self.source_name.get_untracked()).filter(|n| n.ends_with(".jsonl")))
    }

    /// Loads pasted text or a sample and checks it.
    pub fn load(&self, blob: web_sys::Blob, name: String) {
        self.load_as(blob, name, None);
    }

    /// Loads a file the user picked and checks it; its name is the upload
    /// name the service judges (it wants .jsonl).
    pub fn load_file(&self, blob: web_sys::Blob, name: String) {
        self.load_as(blob, name.clone(), Some(name));
    }

    fn load_as(&self, blob: web_sys::Blob, name: String, upload_name: Option<String>) {
        self.upload_name.set_value(upload_name);
        self.source_size.set(blob.size() as u64);
        self.source.set_value(Some(blob));
        self.source_name.set(name);
        self.start();
    }

    /// Checks the loaded file with the current options.
    pub fn start(&self) {
        let s = *self;
        let Some(blob) = s.source.get_value() else { return };
        let Ok(options) = untrack(|| s.options()) else { return };
        s.started_with.set_value(Some(options.clone()));
        worker_client::cancel();
        let id = s.run_id.get_untracked() + 1;
        s.run_id.set(id);
        s.running.set(true);
        s.cancelled.set(false);
        s.report.set(None);
        s.selected.set(None);
        s.error.set(None);
        s.progress.set(Progress::default());
        let t0 = now_ms();
        s.started_ms.set(t0);
        s.now_ms.set(t0);
        let catalog = s.catalog.get_untracked();
        let on: Rc<dyn Fn(CheckEvent)> = Rc::new(move |ev| {
            if s.run_id.get_untracked() != id {
                return;
            }
            match ev {
                CheckEvent::Progress(p) => {
                    s.progress.set(p);
                    s.now_ms.set(now_ms());
                }
                CheckEvent::Done(result) => {
                    s.elapsed_ms.set(now_ms() - t0);
                    s.running.set(false);
                    match result {
                        Ok(r) => {
                            let r = Arc::new(*r);
                            s.keep(r.clone());
                            s.report.set(Some(r));
                        }
                        Err(e) => s.error.set(Some(e)),
                    }
                }
            }
        });
        worker_client::check(blob, options, catalog, on);
    }

    pub fn cancel(&self) {
        worker_client::cancel();
        self.run_id.update(|n| *n += 1);
        self.running.set(false);
        self.cancelled.set(true);
    }
}

pub fn use_state() -> State {
    expect_context::<State>()
}
