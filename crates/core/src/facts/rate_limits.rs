//! Rate limits of Standard deployments: the RPM that comes with TPM, default
//! quotas, enforcement windows.

use super::Kind;
use super::{fact, Certainty::*, Fact, SourceId::*, Topic::RateLimits, Unit::*};

const D: &str = "2026-03";
const DQ: &str = "2025-07";

pub(super) const FACTS: &[Fact] = &[
    // RPM per 1,000 TPM, one per model: used only where the quota-tier tables
    // (`tiers.rs`) have no row for the model and deployment type, e.g. gpt-4o
    // on Global Standard (6, the classic figure the seed note assumes).
    fact(Kind::RpmPer1kTpm, "gpt-4o", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "gpt-4o-mini", RateLimits, 10.0, RpmPer1kTpm, QuotaTier1, "2026-08-20", Documented),
    fact(Kind::RpmPer1kTpm, "gpt-4-turbo", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "gpt-4", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "gpt-35-turbo", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "gpt-4.1", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "gpt-4.1-mini", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, DQ, Documented),
    fact(Kind::RpmPer1kTpm, "gpt-4.1-nano", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, DQ, Documented),
    fact(Kind::RpmPer1kTpm, "gpt-5", RateLimits, 10.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "gpt-5.1", RateLimits, 10.0, RpmPer1kTpm, AzureQuotas, D, Unconfirmed),
    fact(Kind::RpmPer1kTpm, "gpt-5-mini", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "gpt-5-nano", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, D, Unconfirmed),
    fact(Kind::RpmPer1kTpm, "o1", RateLimits, 1000.0 / 6000.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "o1-mini", RateLimits, 0.1, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "o3", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "o3-mini", RateLimits, 0.1, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "o3-pro", RateLimits, 0.1, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "o4-mini", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "text-embedding-3-small", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "text-embedding-3-large", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact(Kind::RpmPer1kTpm, "text-embedding-ada-002", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    // Default quotas (Default tier), TPM.
    fact(Kind::DefaultTpmGlobal, "gpt-4o", RateLimits, 450_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact(Kind::DefaultTpmDatazone, "gpt-4o", RateLimits, 300_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact(Kind::DefaultTpmRegional, "gpt-4o", RateLimits, 150_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact(Kind::DefaultTpmGlobal, "gpt-4o-mini", RateLimits, 2_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact(Kind::DefaultTpmGlobal, "gpt-4.1", RateLimits, 1_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact(Kind::DefaultTpmGlobal, "gpt-4.1-mini", RateLimits, 5_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact(Kind::DefaultTpmGlobal, "gpt-4.1-nano", RateLimits, 5_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact(Kind::DefaultTpmGlobal, "o3-mini", RateLimits, 5_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact(Kind::DefaultTpmGlobal, "o4-mini", RateLimits, 1_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact(Kind::DefaultTpmGlobal, "o3", RateLimits, 1_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    // How quota is handed out and enforced.
    fact(Kind::TpmStep, "any", RateLimits, 1_000.0, Tokens, AzureQuotas, D, Documented),
    // Quota comes in units of capacity, one unit per model: 1,000 TPM for
    // the older chat models, o3 and o4-mini; more for these (a model
    // without its own figure takes `tpm_step.any`).
    fact(Kind::TpmStep, "o1", RateLimits, 6_000.0, Tokens, AzureQuotaUnits, "2026-09-16", Documented),
    fact(Kind::TpmStep, "o3-mini", RateLimits, 10_000.0, Tokens, AzureQuotaUnits, "2026-09-16", Documented),
    fact(Kind::TpmStep, "o1-mini", RateLimits, 10_000.0, Tokens, AzureQuotaUnits, "2026-09-16", Documented),
    fact(Kind::TpmStep, "o3-pro", RateLimits, 10_000.0, Tokens, AzureQuotaUnits, "2026-09-16", Documented),
    fact(Kind::ShortWindowSeconds, "any", RateLimits, 10.0, Seconds, AzureQuotas, D, Documented),
    fact(Kind::ShortWindowSecondsMin, "any", RateLimits, 1.0, Seconds, AzureQuotas, D, Documented),
    // The headroom a plan should keep over its peak (allowed ÷ needed): the
    // vendor states no figure, only that arrivals are bursty and limits are
    // enforced over short windows; below it the planner warns (our reading).
    fact(Kind::HeadroomTarget, "any", RateLimits, 1.2, Factor, AzureQuotas, D, Unconfirmed),
    // A throttled minute whose processed tokens (or admitted requests) reach
    // this share of the per-minute limit is read as bound by that limit: the
    // service counts its estimate (prompt + max_tokens) at admission, so a
    // TPM-bound minute ends a little under the limit in processed tokens.
    // Below it on both, the sub-minute window bound (a burst). Our reading.
    fact(Kind::BindingReachedShare, "any", RateLimits, 0.95, Factor, AzureQuotas, D, Unconfirmed),
];
