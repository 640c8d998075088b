//! The page's state: which tab is open, each generator's inputs, and what a
//! link (`/snippets?maxReplicaCount=…&messageCount=…`, `?deployment=…&endpoint=…`)
//! brings in (checked by `link::table` first).

use batchlane_core::facts::Catalog;
use batchlane_core::snippets::{
    AdvisorInput, ApimOptions, Cancellation, ClaimCheckInput, ClusterFacts, Dialect, Entity, FallbackBehavior, FallbackForm, KedaForm,
    MessageInput, Property, QuotaFeed, ScaleKind, ScalingModifiersForm, SubmitOptions, Tier, Waiting, WorkerOptions,
};
use leptos::prelude::*;

/// The link's checked values, looked up by key.
struct Link<'a>(&'a [(String, String)]);

impl Link<'_> {
    fn get(&self, key: &str) -> Option<String> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Advisor,
    Keda,
    Message,
    Worker,
    Batch,
    Control,
    Apim,
}

impl Tab {
    pub const ALL: [Tab; 7] = [Tab::Advisor, Tab::Keda, Tab::Message, Tab::Worker, Tab::Batch, Tab::Control, Tab::Apim];

    pub fn id(self) -> &'static str {
        match self {
            Tab::Advisor => "advisor",
            Tab::Keda => "keda",
            Tab::Message => "message",
            Tab::Worker => "worker",
            Tab::Batch => "batch",
            Tab::Control => "control",
            Tab::Apim => "apim",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Tab::Advisor => "snippets.tab.advisor",
            Tab::Keda => "snippets.tab.keda",
            Tab::Message => "snippets.tab.message",
            Tab::Worker => "snippets.tab.worker",
            Tab::Batch => "snippets.tab.batch",
            Tab::Control => "snippets.tab.control",
            Tab::Apim => "snippets.tab.apim",
        }
    }

    pub fn from_id(id: &str) -> Option<Tab> {
        Tab::ALL.into_iter().find(|t| t.id() == id)
    }
}

/// The KEDA form as the user edits it: the entity's names are kept apart so
/// switching queue ⇄ topic loses nothing, and the quota feed can be off.
#[derive(Clone, Debug, PartialEq)]
pub struct KedaUi {
    pub form: KedaForm,
    pub use_topic: bool,
    pub queue: String,
    pub topic: String,
    pub subscription: String,
    pub quota_on: bool,
    pub quota: QuotaFeed,
    /// `spec.fallback`, kept while switched off.
    pub fallback_on: bool,
    pub fallback: FallbackForm,
    /// `spec.advanced.scalingModifiers`, kept while switched off.
    pub modifiers_on: bool,
    pub modifiers: ScalingModifiersForm,
}

impl KedaUi {
    pub fn new(catalog: &Catalog) -> Self {
        Self {
            form: KedaForm::new(catalog),
            use_topic: false,
            queue: "doc-ingest".into(),
            topic: "documents".into(),
            subscription: "ingest".into(),
            quota_on: false,
            quota: QuotaFeed {
                tpm: 300_000.0,
                concurrency_per_replica: 4.0,
                tokens_per_message: 2_500.0,
                messages_per_minute_per_slot: 2.0,
            },
            fallback_on: false,
            fallback: FallbackForm { failure_threshold: 3, replicas: 6, behavior: Some(FallbackBehavior::Static) },
            modifiers_on: false,
            modifiers: ScalingModifiersForm { formula: "servicebus".into(), target: "5".into() },
        }
    }

    pub fn entity(&self) -> Entity {
        if self.use_topic {
            Entity::Topic { topic_name: self.topic.clone(), subscription_name: self.subscription.clone() }
        } else {
            Entity::Queue { queue_name: self.queue.clone() }
        }
    }

    /// The domain form.
    pub fn to_form(&self) -> KedaForm {
        let mut f = self.form.clone();
        f.entity = self.entity();
        f.quota = self.quota_on.then(|| self.quota.clone());
        let so = f.kind == ScaleKind::ScaledObject;
        f.fallback = (so && self.fallback_on).then(|| self.fallback.clone());
        f.scaling_modifiers = (so && self.modifiers_on).then(|| self.modifiers.clone());
        f
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

type SetFeed = fn(&mut QuotaFeed, f64);

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
    /// The Control plane tab (service, queue planner, audit rule).
    pub control: RwSignal<super::control_state::ControlUi>,
    /// What the link brought in: (parameter, value) applied, and parameters ignored.
    pub imported: RwSignal<Imported>,
}

pub fn use_snip() -> Snip {
    expect_context::<Snip>()
}

fn count(v: &str) -> Option<i64> {
    let n: i64 = v.trim().parse().ok()?;
    (0..=1_000_000).contains(&n).then_some(n)
}

fn positive(v: &str) -> Option<f64> {
    let x: f64 = v.trim().replace(',', "").parse().ok()?;
    (x.is_finite() && x > 0.0).then_some(x)
}

/// Builds the state, applying what the link brings: `q` holds the values
/// `link::table` kept, `refused` what it refused (shown as ignored).
pub fn from_link(q: &[(String, String)], refused: Vec<String>, catalog: &Catalog) -> Snip {
    let q = Link(q);
    let mut keda = KedaUi::new(catalog);
    let mut submit = SubmitOptions::new(Dialect::Azure, catalog);
    let mut applied = Vec::new();
    let mut ignored = refused;
    let mut tab = None;
    let mut note = |key: &str, value: &str, ok: bool| {
        if ok {
            applied.push((key.to_string(), value.trim().to_string()));
        } else {
            ignored.push(key.to_string());
        }
    };
    if let Some(v) = q.get("maxReplicaCount") {
        let n = count(&v);
        keda.form.max_replicas = n.or(keda.form.max_replicas);
        note("maxReplicaCount", &v, n.is_some());
        tab = Some(Tab::Keda);
    }
    if let Some(v) = q.get("messageCount") {
        let n = count(&v).filter(|n| *n > 0);
        keda.form.message_count = n.unwrap_or(keda.form.message_count);
        note("messageCount", &v, n.is_some());
        tab = Some(Tab::Keda);
    }
    let feed_params: [(&str, SetFeed); 5] = [
        ("tpm", |f, x| f.tpm = x),
        ("tokensPerMessage", |f, x| f.tokens_per_message = x),
        ("tokens", |f, x| f.tokens_per_message = x),
        ("concurrency", |f, x| f.concurrency_per_replica = x),
        ("messagesPerMinute", |f, x| f.messages_per_minute_per_slot = x),
    ];
    for (key, set) in feed_params {
        if let Some(v) = q.get(key) {
            let x = positive(&v);
            if let Some(x) = x {
                set(&mut keda.quota, x);
                keda.quota_on = true;
            }
            note(key, &v, x.is_some());
            tab = Some(Tab::Keda);
        }
    }
    if let Some(v) = q.get("dialect") {
        let d = match v.trim() {
            "azure" => Some(Dialect::Azure),
            "openai" => Some(Dialect::OpenAi),
            _ => None,
        };
        if let Some(d) = d {
            let keep = (submit.endpoint.clone(), submit.deployment.clone());
            submit = SubmitOptions::new(d, catalog);
            (submit.endpoint, submit.deployment) = keep;
        }
        note("dialect", &v, d.is_some());
        tab = Some(Tab::Batch);
    }
    for key in ["deployment", "endpoint"] {
        if let Some(v) = q.get(key) {
            let t = v.trim();
            let ok = !t.is_empty() && t.len() <= 300 && !t.chars().any(char::is_control);
            if ok {
                if key == "deployment" {
                    submit.deployment = t.to_string();
                } else {
                    submit.endpoint = t.to_string();
                }
            }
            note(key, &v, ok);
            tab = Some(Tab::Batch);
        }
    }
    for (key, _, set) in super::link::fields() {
        if super::link::IMPORT_KEYS.contains(&key) {
            continue;
        }
        if let Some(v) = q.get(key) {
            if !set(&mut keda, v.trim()) {
                ignored.push(key.to_string());
            }
            tab = Some(Tab::Keda);
        }
    }
    let (control, control_touched) = super::control_state::from_pairs(q.0, catalog, &mut ignored);
    if control_touched {
        tab = Some(Tab::Control);
    }
    if let Some(t) = q.get("tab").and_then(|t| Tab::from_id(&t)) {
        tab = Some(t);
    }
    let worker = WorkerOptions::new(catalog);
    Snip {
        tab: RwSignal::new(tab.unwrap_or(Tab::Advisor)),
        keda: RwSignal::new(keda),
        cluster: RwSignal::new(ClusterFacts::default()),
        message: RwSignal::new(MessageUi::new()),
        advisor: RwSignal::new(AdvisorUi {
            waiting: Waiting::NobodyMinutes,
            cancellation: Cancellation::Rarely,
            requests_per_day: 5_000.0,
            tolerance: 10.0,
            unit: Unit::Minutes,
        }),
        worker: RwSignal::new(worker),
        submit: RwSignal::new(submit),
        apim: RwSignal::new(ApimOptions::default()),
        control: RwSignal::new(control),
        imported: RwSignal::new((applied, ignored)),
    }
}
