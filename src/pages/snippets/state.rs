//! The page's state: which tab is open, each generator's inputs, and what a
//! link (`/snippets?maxReplicaCount=…&messageCount=…`, `?deployment=…&endpoint=…`, `?fxDeployment=…`)
//! brings in. The link's codec is core's `snippets::share` (its table checks
//! the values, `share::open` applies them); this module holds them in signals.

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::share;
pub use batchlane_core::snippets::share::{ControlUi, KedaUi, Tab};
use batchlane_core::snippets::{
    AdvisorInput, ApimOptions, Cancellation, ClaimCheckInput, ClusterFacts, FlexOptions, MessageInput, Property, SubmitOptions, Tier,
    Waiting, WorkerOptions,
};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The tab's label key.
pub fn tab_key(tab: Tab) -> &'static str {
    match tab {
        Tab::Advisor => "snippets.tab.advisor",
        Tab::Keda => "snippets.tab.keda",
        Tab::Message => "snippets.tab.message",
        Tab::Worker => "snippets.tab.worker",
        Tab::Batch => "snippets.tab.batch",
        Tab::Flex => "snippets.tab.flex",
        Tab::Control => "snippets.tab.control",
        Tab::Apim => "snippets.tab.apim",
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct MessageUi {
    pub tier: Tier,
    /// Premium entity max message size in KB; `None` = the default.
    pub premium_max_kb: Option<f64>,
    pub body: String,
    pub properties: Vec<(u32, Property)>,
    pub next_row: u32,
    pub message_id: String,
    pub session_id: String,
    /// Sent to a topic (else a queue).
    pub on_topic: bool,
    /// On a topic: how many subscriptions the message matches.
    pub matching_subscriptions: Option<u32>,
    pub claim: ClaimCheckInput,
}

impl Default for MessageUi {
    fn default() -> Self {
        Self::new()
    }
}

impl MessageUi {
    pub fn new() -> Self {
        Self {
            tier: Tier::Standard,
            premium_max_kb: None,
            body: String::new(),
            properties: vec![(0, Property { name: "tenantId".into(), value: "contoso".into() })],
            next_row: 1,
            message_id: String::new(),
            session_id: String::new(),
            on_topic: false,
            matching_subscriptions: Some(1),
            claim: ClaimCheckInput {
                blob_url: "https://contosodocs.blob.core.windows.net/inbox/2026/03/report-1842.pdf".into(),
                tenant_id: "contoso".into(),
                model_alias: "summarize".into(),
                correlation_id: "ingest-1842".into(),
            },
        }
    }

    pub fn to_input(&self) -> MessageInput {
        MessageInput {
            tier: self.tier,
            premium_entity_max_bytes: self.premium_max_kb.map(|kb| kb * 1024.0),
            body: self.body.clone(),
            body_bytes: None,
            properties: self.properties.iter().map(|(_, p)| p.clone()).collect(),
            message_id: self.message_id.clone(),
            session_id: self.session_id.clone(),
            matching_subscriptions: if self.on_topic { self.matching_subscriptions } else { None },
        }
    }
}

/// Latency tolerance unit in the advisor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Seconds,
    Minutes,
    Hours,
}

impl Unit {
    pub fn seconds(self) -> f64 {
        match self {
            Unit::Seconds => 1.0,
            Unit::Minutes => 60.0,
            Unit::Hours => 3_600.0,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct AdvisorUi {
    pub waiting: Waiting,
    pub cancellation: Cancellation,
    pub requests_per_day: f64,
    pub tolerance: f64,
    pub unit: Unit,
}

impl AdvisorUi {
    pub fn to_input(&self) -> AdvisorInput {
        AdvisorInput {
            waiting: self.waiting,
            cancellation: self.cancellation,
            requests_per_day: self.requests_per_day,
            latency_tolerance_seconds: self.tolerance * self.unit.seconds(),
        }
    }
}

/// Query parameters applied as (name, value), and those ignored.
pub type Imported = (Vec<(String, String)>, Vec<String>);

/// Everything the page's panels share.
#[derive(Clone, Copy)]
pub struct Snip {
    pub tab: RwSignal<Tab>,
    pub keda: RwSignal<KedaUi>,
    pub cluster: RwSignal<ClusterFacts>,
    pub message: RwSignal<MessageUi>,
    pub advisor: RwSignal<AdvisorUi>,
    pub worker: RwSignal<WorkerOptions>,
    pub submit: RwSignal<SubmitOptions>,
    pub apim: RwSignal<ApimOptions>,
    /// The Flex tab's client (its fields are in the link).
    pub flex: RwSignal<FlexOptions>,
    /// The Control plane tab (service, queue planner, audit rule).
    pub control: RwSignal<ControlUi>,
    /// What the link brought in: (parameter, value) applied, and parameters ignored.
    pub imported: RwSignal<Imported>,
}

pub fn use_snip() -> Snip {
    expect_context::<Snip>()
}

/// Opens `tab` and brings its panel into view (the advisor's and the
/// worker's links to another tab).
pub fn go_to(snip: Snip, tab: Tab) {
    snip.tab.set(tab);
    let id = format!("snip-tab-{}", tab.id());
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(&id).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = el.focus();
            el.scroll_into_view();
        }
    });
}

/// Builds the state from what the link opened (`share::SnippetsLink`,
/// through `io::LinkCodec`); `refused` is what the link's table refused
/// (shown as ignored, before what the codec itself ignored).
pub fn from_link(opened: share::Opened, refused: Vec<String>, catalog: &Catalog) -> Snip {
    Snip {
        tab: RwSignal::new(opened.tab),
        keda: RwSignal::new(opened.keda),
        cluster: RwSignal::new(ClusterFacts::default()),
        message: RwSignal::new(MessageUi::new()),
        advisor: RwSignal::new(AdvisorUi {
            waiting: Waiting::NobodyMinutes,
            cancellation: Cancellation::Rarely,
            requests_per_day: 5_000.0,
            tolerance: 10.0,
            unit: Unit::Minutes,
        }),
        worker: RwSignal::new(WorkerOptions::new(catalog)),
        submit: RwSignal::new(opened.submit),
        apim: RwSignal::new(ApimOptions::default()),
        flex: RwSignal::new(opened.flex),
        control: RwSignal::new(opened.control),
        imported: RwSignal::new((opened.applied, refused.into_iter().chain(opened.ignored).collect())),
    }
}
