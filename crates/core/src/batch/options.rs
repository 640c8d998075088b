//! What the user chose for a check: dialect, storage, tokens, quota, price.

use super::Dialect;
use crate::cost::PriceOverride;
use crate::facts::Kind;
use crate::facts::{Catalog, Encoding, Scope};

/// Where the deployment's enqueued-token quota comes from.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum QuotaChoice {
    /// No quota check.
    #[default]
    None,
    /// The catalog's figure for the model, batch scope (Global or Data
    /// Zone) and subscription.
    Catalog { zone: Scope, subscription: Subscription },
    /// A number the user typed in.
    Tokens(u64),
    /// OpenAI's batch queue limit of the model at this usage tier (1 to 5),
    /// from the model page (`openai_batch_queue_tokens.{model}/{tier}`):
    /// the organization's queue, which other batches share, so a file over
    /// it is a warning.
    OpenAiTier(u8),
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Subscription {
    /// Enterprise Agreement / MCA-E.
    Ea,
    #[default]
    Default,
    CreditCard,
    Msdn,
}

impl Subscription {
    pub const ALL: [Subscription; 4] = [Subscription::Ea, Subscription::Default, Subscription::CreditCard, Subscription::Msdn];

    /// The one spelling of every surface (/batch's and /snippets' links,
    /// the CLI): `ea`, `default`, `credit_card`, `msdn`.
    pub const fn code(self) -> &'static str {
        match self {
            Subscription::Ea => "ea",
            Subscription::Default => "default",
            Subscription::CreditCard => "credit_card",
            Subscription::Msdn => "msdn",
        }
    }

    /// A code, or `creditcard` as /snippets' links spelled it before
    /// issue 39.
    pub fn from_code(code: &str) -> Option<Subscription> {
        let code = code.trim();
        if code == "creditcard" {
            return Some(Subscription::CreditCard);
        }
        Self::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Every word a link's subscription value may hold: the codes, then
    /// the old spelling.
    pub const LINK_WORDS: [&'static str; 5] = ["ea", "default", "credit_card", "msdn", "creditcard"];
}

impl QuotaChoice {
    /// The catalog fact id's kind for a choice (`enqueued_global_default`);
    /// `None` for Regional, where the vendor runs no batch jobs.
    pub fn fact_kind(zone: Scope, subscription: Subscription) -> Option<Kind> {
        Some(match (zone, subscription) {
            (Scope::Global, Subscription::Ea) => Kind::EnqueuedGlobalEa,
            (Scope::Global, Subscription::Default) => Kind::EnqueuedGlobalDefault,
            (Scope::Global, Subscription::CreditCard) => Kind::EnqueuedGlobalCreditCard,
            (Scope::Global, Subscription::Msdn) => Kind::EnqueuedGlobalMsdn,
            (Scope::DataZone, Subscription::Ea) => Kind::EnqueuedDatazoneEa,
            (Scope::DataZone, Subscription::Default) => Kind::EnqueuedDatazoneDefault,
            (Scope::DataZone, Subscription::CreditCard) => Kind::EnqueuedDatazoneCreditCard,
            (Scope::DataZone, Subscription::Msdn) => Kind::EnqueuedDatazoneMsdn,
            (Scope::Regional, _) => return None,
        })
    }

    /// The quota in tokens, if the choice names one the catalog knows.
    pub fn limit(&self, catalog: &Catalog, model: Option<&str>) -> Option<u64> {
        match self {
            QuotaChoice::None => None,
            QuotaChoice::Tokens(n) => Some(*n),
            QuotaChoice::Catalog { zone, subscription } => catalog.get(Self::fact_kind(*zone, *subscription)?, model?).map(|v| v as u64),
            QuotaChoice::OpenAiTier(tier) => {
                catalog.get(Kind::OpenaiBatchQueueTokens, &crate::facts::openai_queue_subject(model?, *tier)).map(|v| v as u64)
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CheckOptions {
    pub dialect: Dialect,
    /// Azure with bring-your-own Blob storage: the larger file limit applies.
    pub byo_storage: bool,
    /// Count prompt tokens (needs a tokenizer; off = structural checks only).
    pub count_tokens: bool,
    /// Use this encoding instead of the model's.
    pub encoding: Option<Encoding>,
    /// The catalog model behind the deployment (Azure deployment names such as
    /// `batch-summarize` name no model). `None` = read it from `body.model`.
    pub model: Option<String>,
    pub quota: QuotaChoice,
    /// Prices the user typed in (`None` = the catalog's Global price ×
    /// `batch_price_factor`).
    pub price: PriceOverride,
    /// Diagnostics kept per code; the counts stay exact beyond it.
    pub max_stored_per_code: usize,
    /// Longer lines are reported, not parsed (bounds the memory one line takes).
    pub max_line_bytes: usize,
    /// Lines with more JSON values and keys are reported, not parsed (parsed
    /// values take up to ~32 bytes each: `[1,1,…]` would take 16× its size).
    #[serde(default = "default_max_line_values")]
    pub max_line_values: u64,
    /// The batch's endpoint (`/v1/chat/completions`): every line's url must
    /// equal it. `None`: the first line's url stands.
    #[serde(default)]
    pub endpoint: Option<String>,
    /// The file's name as it will be uploaded (`None`: standard input or a
    /// paste, not judged).
    #[serde(default)]
    pub file_name: Option<String>,
}

fn default_max_line_values() -> u64 {
    CheckOptions::default().max_line_values
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            dialect: Dialect::Azure,
            byo_storage: false,
            count_tokens: true,
            encoding: None,
            model: None,
            quota: QuotaChoice::None,
            price: PriceOverride::default(),
            max_stored_per_code: 1_000,
            max_line_bytes: 64 << 20,
            max_line_values: 1 << 20,
            endpoint: None,
            file_name: None,
        }
    }
}

/// Why an option was refused.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum OptionError {
    PriceNotANumber,
    PriceNegative,
    PriceAbsurd,
    MaxLineBytesZero,
    UnknownModel(String),
    /// The endpoint is not one the dialect's batch service takes.
    EndpointNotServed(String),
}

impl std::error::Error for OptionError {}

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionError::PriceNotANumber => write!(f, "the price is not a finite number"),
            OptionError::PriceNegative => write!(f, "the price must not be negative"),
            OptionError::PriceAbsurd => write!(f, "the price is over 10,000 USD per 1M tokens"),
            OptionError::MaxLineBytesZero => write!(f, "the longest line allowed must be at least 1 byte"),
            OptionError::UnknownModel(m) => write!(f, "the catalog has no model called {m}"),
            OptionError::EndpointNotServed(e) => write!(f, "the batch service does not take the endpoint {e}"),
        }
    }
}

/// A sanity bound on typed prices, not a vendor figure.
const ABSURD_PRICE_PER_M: f64 = 10_000.0;

impl CheckOptions {
    /// Checks the numbers the user typed in.
    pub fn validate(&self) -> Result<(), OptionError> {
        for p in [self.price.input, self.price.cached_input, self.price.output, self.price.batch_factor].into_iter().flatten() {
            if !p.is_finite() {
                return Err(OptionError::PriceNotANumber);
            }
            if p < 0.0 {
                return Err(OptionError::PriceNegative);
            }
            if p > ABSURD_PRICE_PER_M {
                return Err(OptionError::PriceAbsurd);
            }
        }
        if self.max_line_bytes == 0 {
            return Err(OptionError::MaxLineBytesZero);
        }
        if let Some(m) = &self.model {
            if crate::facts::model_for_name(m).is_none() {
                return Err(OptionError::UnknownModel(m.clone()));
            }
        }
        if let Some(e) = self.endpoint.as_deref().filter(|e| !self.dialect.allowed_urls().contains(e)) {
            return Err(OptionError::EndpointNotServed(format!("{e} (it takes {})", self.dialect.allowed_urls().join(", "))));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quota_from_catalog_or_typed() {
        let c = Catalog::builtin();
        let q = QuotaChoice::Catalog { zone: Scope::DataZone, subscription: Subscription::Default };
        assert_eq!(q.limit(&c, Some("gpt-4.1")), Some(30_000_000));
        assert_eq!(q.limit(&c, None), None);
        let g = QuotaChoice::Catalog { zone: Scope::Global, subscription: Subscription::Msdn };
        assert_eq!(g.limit(&c, Some("gpt-4")), Some(100_000));
        assert_eq!(QuotaChoice::Tokens(5).limit(&c, None), Some(5));
        // No batch runs in a Regional scope: no quota to take from the catalog.
        let r = QuotaChoice::Catalog { zone: Scope::Regional, subscription: Subscription::Default };
        assert_eq!(QuotaChoice::fact_kind(Scope::Regional, Subscription::Default), None);
        assert_eq!(r.limit(&Catalog::builtin(), Some("gpt-4o")), None);
    }

    #[test]
    fn typed_numbers_are_validated() {
        let mut o = CheckOptions::default();
        assert_eq!(o.validate(), Ok(()));
        o.price.input = Some(f64::NAN);
        assert_eq!(o.validate(), Err(OptionError::PriceNotANumber));
        o.price.input = Some(-1.0);
        assert_eq!(o.validate(), Err(OptionError::PriceNegative));
        o.price.input = Some(1e9);
        assert_eq!(o.validate(), Err(OptionError::PriceAbsurd));
        o.price.input = None;
        o.model = Some("batch-summarize".into());
        assert!(matches!(o.validate(), Err(OptionError::UnknownModel(_))));
        o.model = None;
        o.endpoint = Some("/v1/embeddings".into());
        assert!(matches!(o.validate(), Err(OptionError::EndpointNotServed(_))), "Azure Global Batch takes no embeddings");
        o.dialect = Dialect::OpenAi;
        assert_eq!(o.validate(), Ok(()));
    }
}
