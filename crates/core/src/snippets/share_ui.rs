//! What the /snippets page's share link carries, as plain data: the open
//! tab, the KEDA form as the user edits it ([`KedaUi`]) and the Control
//! plane tab ([`ControlUi`]). The codec is [`super::share`]; the page keeps
//! these in signals, the command line renders from them.

use super::job_queue::{parse_jobs, plan_by_deployment, PlannedJob, QueuePlan};
use super::text::{FormError, Text};
use super::{
    parse_routes, AuditOptions, ControlOptions, Dialect, Entity, FallbackBehavior, FallbackForm, KedaForm, QuotaFeed, ScaleKind,
    ScalingModifiersForm,
};
use crate::batch::{QuotaChoice, Subscription};

use crate::facts::Scope;
use crate::facts::{Catalog, Kind as FactKind};

/// The page's tabs (their ids are the link's `tab` values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Advisor,
    Keda,
    Message,
    Worker,
    Batch,
    Flex,
    Control,
    Apim,
}

impl Tab {
    pub const ALL: [Tab; 8] = [Tab::Advisor, Tab::Keda, Tab::Message, Tab::Worker, Tab::Batch, Tab::Flex, Tab::Control, Tab::Apim];

    pub fn id(self) -> &'static str {
        match self {
            Tab::Advisor => "advisor",
            Tab::Keda => "keda",
            Tab::Message => "message",
            Tab::Worker => "worker",
            Tab::Batch => "batch",
            Tab::Flex => "flex",
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
    pub zone: Scope,
    pub subscription: Subscription,
    pub typed_quota: u64,
    /// Quotas typed per deployment (`deployment=tokens; …`), over the
    /// catalog's figure for the model the deployment's name names.
    pub quota_overrides: String,
    pub audit: AuditOptions,
}

/// Where a deployment's enqueued-token quota comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotaSource {
    /// Typed for this deployment.
    Override,
    /// The one typed figure of the tab.
    Typed,
    /// The catalog's figure for this model (guessed from the deployment's
    /// name, else the tab's model), zone and subscription.
    Catalog { model: String, guessed: bool },
}

/// One deployment's enqueued-token quota.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeploymentQuota {
    pub deployment: String,
    pub tokens: Option<u64>,
    pub source: QuotaSource,
}

/// Reads `deployment=tokens` entries (separated by `;` or new lines; `_` and
/// `,` allowed in the number).
pub fn parse_quota_overrides(text: &str) -> Result<Vec<(String, u64)>, FormError> {
    let mut out: Vec<(String, u64)> = Vec::new();
    for entry in text.split([';', '\n']).map(str::trim).filter(|s| !s.is_empty()) {
        let parsed = entry.rsplit_once('=').and_then(|(d, n)| crate::io::parse_whole(n).filter(|n| *n > 0).map(|n| (d.trim(), n)));
        match parsed {
            Some((d, n)) if !d.is_empty() && !d.chars().any(char::is_control) && !out.iter().any(|(x, _)| x == d) => {
                out.push((d.to_string(), n))
            }
            _ => {
                return Err(FormError::new(
                    "quota_overrides",
                    "",
                    Text::new(
                        format!("\"{entry}\" is not deployment=tokens (a whole number above zero, each deployment once)."),
                        format!("배포=토큰(0보다 큰 정수, 배포마다 한 번) 형식이 아닙니다: \"{entry}\""),
                    ),
                ))
            }
        }
    }
    Ok(out)
}

impl ControlUi {
    pub fn new(catalog: &Catalog) -> Self {
        let opts = ControlOptions::new(Dialect::Azure, catalog);
        Self {
            jobs: "nightly-summaries: 120000000; invoice-extract: 60000000; rescore: 40000000".into(),
            quota_typed: false,
            model: "gpt-4o-mini".into(),
            zone: Scope::Global,
            subscription: Subscription::Default,
            typed_quota: opts.enqueued_quota,
            quota_overrides: String::new(),
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

    /// `deployment`'s enqueued-token quota: typed for it, else the tab's
    /// typed figure, else the catalog's for the model its name names (the
    /// tab's model when it names none), zone and subscription.
    pub fn deployment_quota(&self, deployment: &str, catalog: &Catalog) -> DeploymentQuota {
        let deployment = deployment.trim().to_string();
        let typed = parse_quota_overrides(&self.quota_overrides).unwrap_or_default();
        if let Some((_, n)) = typed.iter().find(|(d, _)| *d == deployment) {
            return DeploymentQuota { deployment, tokens: Some(*n), source: QuotaSource::Override };
        }
        if self.quota_typed {
            return DeploymentQuota { deployment, tokens: Some(self.typed_quota), source: QuotaSource::Typed };
        }
        let guessed = crate::batch::infer_model(&deployment).map(|m| m.name);
        let model = guessed.unwrap_or(self.model.as_str()).to_string();
        let tokens = QuotaChoice::Catalog { zone: self.zone, subscription: self.subscription }.limit(catalog, Some(&model));
        DeploymentQuota { deployment, tokens, source: QuotaSource::Catalog { model, guessed: guessed.is_some() } }
    }

    /// Every routed deployment's quota, in route order (empty while the routes don't parse).
    pub fn deployment_quotas(&self, catalog: &Catalog) -> Vec<DeploymentQuota> {
        let mut out: Vec<DeploymentQuota> = Vec::new();
        for r in parse_routes(&self.opts.routes).unwrap_or_default() {
            if !out.iter().any(|q| q.deployment == r.deployment) {
                out.push(self.deployment_quota(&r.deployment, catalog));
            }
        }
        out
    }

    /// The service's options with each deployment's quota (0 = none known:
    /// refused) and the planner's as the default.
    pub fn options(&self, catalog: &Catalog) -> ControlOptions {
        let deployment_quotas = self.deployment_quotas(catalog).into_iter().map(|q| (q.deployment, q.tokens.unwrap_or(0))).collect();
        ControlOptions { enqueued_quota: self.quota(catalog).unwrap_or(0), deployment_quotas, ..self.opts.clone() }
    }

    /// The planner's jobs, each under its deployment's quota (a job that
    /// names none: the tab's quota).
    pub fn plan(&self, catalog: &Catalog) -> Result<(Vec<PlannedJob>, QueuePlan), PlanError> {
        let jobs = parse_jobs(&self.jobs).map_err(PlanError::Form)?;
        let default = self.quota(catalog);
        let mut quotas: Vec<(String, u64)> = Vec::new();
        for job in &jobs {
            let Some(d) = job.deployment.as_deref() else { continue };
            if quotas.iter().any(|(x, _)| x == d) {
                continue;
            }
            let q = self.deployment_quota(d, catalog).tokens.ok_or_else(|| PlanError::NoQuota(Some(d.to_string())))?;
            quotas.push((d.to_string(), q));
        }
        if jobs.iter().any(|j| j.deployment.is_none()) && default.is_none() {
            return Err(PlanError::NoQuota(None));
        }
        let plan = plan_by_deployment(&jobs, &quotas, default.unwrap_or(0), Self::window_seconds(catalog)).map_err(PlanError::Form)?;
        Ok((jobs, plan))
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

/// Why the planner has no plan.
#[derive(Clone, Debug, PartialEq)]
pub enum PlanError {
    Form(FormError),
    /// No quota known for this deployment (`None`: for the tab's model).
    NoQuota(Option<String>),
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlanError::Form(e) => write!(f, "{e}"),
            PlanError::NoQuota(Some(m)) => write!(f, "no enqueued-token quota is known for {m}"),
            PlanError::NoQuota(None) => write!(f, "no enqueued-token quota is known for the model"),
        }
    }
}

impl std::error::Error for PlanError {}

pub const ZONES: [(Scope, &str); 2] = [(Scope::Global, "global"), (Scope::DataZone, "datazone")];
pub const SUBSCRIPTIONS: [(Subscription, &str); 4] = [
    (Subscription::Ea, Subscription::Ea.code()),
    (Subscription::Default, Subscription::Default.code()),
    (Subscription::CreditCard, Subscription::CreditCard.code()),
    (Subscription::Msdn, Subscription::Msdn.code()),
];

pub fn zone_name(z: Scope) -> &'static str {
    ZONES.iter().find(|x| x.0 == z).map_or("global", |x| x.1)
}

pub fn sub_name(s: Subscription) -> &'static str {
    SUBSCRIPTIONS.iter().find(|x| x.0 == s).map_or("default", |x| x.1)
}
