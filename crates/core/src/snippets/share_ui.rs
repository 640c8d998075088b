//! What the /snippets page's share link carries, as plain data: the open
//! tab, the KEDA form as the user edits it ([`KedaUi`]) and the Control
//! plane tab ([`ControlUi`]). The codec is [`super::share`]; the page keeps
//! these in signals, the command line renders from them.

use super::{
    AuditOptions, ControlOptions, Dialect, Entity, FallbackBehavior, FallbackForm, KedaForm, QuotaFeed, ScaleKind, ScalingModifiersForm,
};
use crate::batch::{QuotaChoice, Subscription, Zone};
use crate::facts::{Catalog, Kind as FactKind};

/// The page's tabs (their ids are the link's `tab` values).
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

/// The Control plane tab: the service's options, the queue planner's jobs
/// and quota, and the audit rule's options.
#[derive(Clone, Debug, PartialEq)]
pub struct ControlUi {
    /// The service's options (its quota is the planner's).
    pub opts: ControlOptions,
    /// The planner's jobs: `name:tokens; …`.
    pub jobs: String,
    /// The quota typed in (else the catalog's for model × zone × subscription).
    pub quota_typed: bool,
    pub model: String,
    pub zone: Zone,
    pub subscription: Subscription,
    pub typed_quota: u64,
    pub audit: AuditOptions,
}

impl ControlUi {
    pub fn new(catalog: &Catalog) -> Self {
        let opts = ControlOptions::new(Dialect::Azure, catalog);
        Self {
            jobs: "nightly-summaries: 120000000; invoice-extract: 60000000; rescore: 40000000".into(),
            quota_typed: false,
            model: "gpt-4o-mini".into(),
            zone: Zone::Global,
            subscription: Subscription::Default,
            typed_quota: opts.enqueued_quota,
            opts,
            audit: AuditOptions::default(),
        }
    }

    /// The enqueued-token quota the planner and the service use.
    pub fn quota(&self, catalog: &Catalog) -> Option<u64> {
        if self.quota_typed {
            Some(self.typed_quota)
        } else {
            QuotaChoice::Catalog { zone: self.zone, subscription: self.subscription }.limit(catalog, Some(&self.model))
        }
    }

    /// The service's options with the planner's quota (0 = none known: refused).
    pub fn options(&self, catalog: &Catalog) -> ControlOptions {
        ControlOptions { enqueued_quota: self.quota(catalog).unwrap_or(0), ..self.opts.clone() }
    }

    /// The worst case's window per job, from the catalog.
    pub fn window_seconds(catalog: &Catalog) -> u64 {
        catalog.require(FactKind::CompletionWindowSeconds, "any") as u64
    }

    /// Switches the dialect, taking that dialect's endpoint path and output expiry.
    pub fn set_dialect(&mut self, d: Dialect, catalog: &Catalog) {
        let fresh = ControlOptions::new(d, catalog);
        self.opts.dialect = d;
        self.opts.endpoint_path = fresh.endpoint_path;
        self.opts.output_expires_after_seconds = fresh.output_expires_after_seconds;
    }
}

pub const ZONES: [(Zone, &str); 2] = [(Zone::Global, "global"), (Zone::DataZone, "datazone")];
pub const SUBSCRIPTIONS: [(Subscription, &str); 4] =
    [(Subscription::Ea, "ea"), (Subscription::Default, "default"), (Subscription::CreditCard, "creditcard"), (Subscription::Msdn, "msdn")];

pub fn zone_name(z: Zone) -> &'static str {
    ZONES.iter().find(|x| x.0 == z).map_or("global", |x| x.1)
}

pub fn sub_name(s: Subscription) -> &'static str {
    SUBSCRIPTIONS.iter().find(|x| x.0 == s).map_or("default", |x| x.1)
}
