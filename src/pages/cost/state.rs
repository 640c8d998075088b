//! The page's editable state: each workload column as the text the user
//! typed (so a half-typed number never turns into "NaN" on screen), and the
//! way to and from the domain's `Comparison` and its share pairs (which
//! `crate::state` keeps in the URL and localStorage).

use batchlane_core::cost::share::{price_fact_ids, CostLink, Pairs};
use batchlane_core::cost::{Comparison, CostConfig, Field, Period, Scenario, Workload, MAX_SCENARIOS};
use batchlane_core::facts::Catalog;
use batchlane_core::facts::Scope;
use batchlane_core::io::LinkCodec;

pub const STORAGE_KEY: &str = "batchlane.cost.comparison";

/// The number inputs of a workload column, in form order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Num {
    Requests,
    System,
    User,
    Chunks,
    ChunkTokens,
    Output,
    MaxTokens,
    Cache,
    Batch,
}

impl Num {
    pub const ALL: [Num; 9] =
        [Num::Requests, Num::System, Num::User, Num::Chunks, Num::ChunkTokens, Num::Output, Num::MaxTokens, Num::Cache, Num::Batch];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn field(self) -> Field {
        match self {
            Num::Requests => Field::Requests,
            Num::System => Field::SystemTokens,
            Num::User => Field::UserTokens,
            Num::Chunks => Field::Chunks,
            Num::ChunkTokens => Field::TokensPerChunk,
            Num::Output => Field::OutputTokens,
            Num::MaxTokens => Field::MaxTokens,
            Num::Cache => Field::CacheableShare,
            Num::Batch => Field::BatchShare,
        }
    }

    /// Stable code for test ids and translation keys (`cost.field.{code}`).
    pub fn code(self) -> &'static str {
        match self {
            Num::Requests => "requests",
            Num::System => "system",
            Num::User => "user",
            Num::Chunks => "chunks",
            Num::ChunkTokens => "chunk_tokens",
            Num::Output => "output",
            Num::MaxTokens => "max_tokens",
            Num::Cache => "cache",
            Num::Batch => "batch",
        }
    }

    /// Shares are typed as percentages.
    pub fn is_percent(self) -> bool {
        matches!(self, Num::Cache | Num::Batch)
    }
}

/// One workload column as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    pub name: String,
    pub per: Period,
    pub model: String,
    pub deployment: Scope,
    pub relevance: bool,
    pub nums: [String; 9],
}

/// A number as the user would type it back.
pub fn plain(x: f64) -> String {
    if !x.is_finite() {
        return String::new();
    }
    let r = (x * 1e9).round() / 1e9;
    format!("{r}")
}

/// The user's text as a number (the one leniency, `io::parse_number`);
/// anything that is not a finite number is NaN (validation says why).
pub fn parse(text: &str) -> f64 {
    batchlane_core::io::parse_number(text).unwrap_or(f64::NAN)
}

impl Draft {
    pub fn from_scenario(s: &Scenario) -> Self {
        let w = &s.workload;
        let pct = |x: f64| plain(x * 100.0);
        Draft {
            name: s.name.clone(),
            per: w.per,
            model: w.model.clone(),
            deployment: w.deployment,
            relevance: w.relevance_measured,
            nums: [
                plain(w.requests),
                plain(w.system_tokens),
                plain(w.user_tokens),
                plain(w.chunks),
                plain(w.tokens_per_chunk),
                plain(w.output_tokens),
                w.max_tokens.map(plain).unwrap_or_default(),
                pct(w.cacheable_share),
                pct(w.batch_share),
            ],
        }
    }

    pub fn to_scenario(&self) -> Scenario {
        let n = |k: Num| parse(&self.nums[k.index()]);
        let max = self.nums[Num::MaxTokens.index()].trim();
        Scenario {
            name: self.name.clone(),
            workload: Workload {
                requests: n(Num::Requests),
                per: self.per,
                model: self.model.clone(),
                deployment: self.deployment,
                system_tokens: n(Num::System),
                user_tokens: n(Num::User),
                chunks: n(Num::Chunks),
                tokens_per_chunk: n(Num::ChunkTokens),
                output_tokens: n(Num::Output),
                max_tokens: if max.is_empty() { None } else { Some(parse(max)) },
                cacheable_share: n(Num::Cache) / 100.0,
                batch_share: n(Num::Batch) / 100.0,
                relevance_measured: self.relevance,
            },
        }
    }
}

/// The whole form: workload columns (baseline first) and days per month.
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    pub drafts: Vec<Draft>,
    pub days: String,
    /// The Azure region whose Regional prices apply (`None` = not chosen).
    pub region: Option<String>,
}

impl Form {
    pub fn from_comparison(c: &Comparison) -> Self {
        let mut drafts = vec![Draft::from_scenario(&c.baseline)];
        drafts.extend(c.scenarios.iter().take(MAX_SCENARIOS).map(Draft::from_scenario));
        Form { drafts, days: CostConfig::days_field(c.config.days_per_month), region: c.config.region.clone() }
    }

    pub fn to_comparison(&self) -> Comparison {
        let mut all = self.drafts.iter().map(Draft::to_scenario);
        let baseline = all.next().unwrap_or_else(|| Scenario { name: String::new(), workload: Workload::default() });
        Comparison {
            baseline,
            scenarios: all.collect(),
            config: CostConfig { days_per_month: CostConfig::days_from_field(parse(&self.days)), region: self.region.clone() },
        }
    }

    pub fn default_form() -> Self {
        Form::from_comparison(&Comparison::new(Workload::default()))
    }
}

/// Fact ids of every price and factor the price table shows.
pub fn price_ids(catalog: &Catalog) -> Vec<String> {
    price_fact_ids(catalog)
}

/// The page's link pairs through its codec: the comparison and the
/// catalog's overrides of the link's figures, when every number parses (a
/// half-typed number keeps the last good link).
pub fn share_pairs(form: &Form, catalog: &Catalog, link: &CostLink) -> Option<Pairs> {
    let c = form.to_comparison();
    let overrides = catalog.overrides().iter().filter(|(id, _)| link.fact_ids.contains(id)).map(|(id, v)| (id.clone(), *v)).collect();
    let state = (c, overrides);
    let pairs = link.pairs(&state);
    (link.open(&pairs).state.0 == state.0).then_some(pairs)
}
