//! Rate limits of Standard deployments: the RPM that comes with TPM, default
//! quotas, enforcement windows.

use super::{fact, Certainty::*, Fact, SourceId::*, Topic::RateLimits, Unit::*};

const D: &str = "2026-03";
const DQ: &str = "2025-07";

pub(super) const FACTS: &[Fact] = &[
    // RPM per 1,000 TPM. Older chat models: 6. Reasoning and newer models: per-model tables.
    fact("rpm_per_1k_tpm", "gpt-4o", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "gpt-4o-mini", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, DQ, Documented),
    fact("rpm_per_1k_tpm", "gpt-4-turbo", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "gpt-4", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "gpt-35-turbo", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "gpt-4.1", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "gpt-4.1-mini", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, DQ, Documented),
    fact("rpm_per_1k_tpm", "gpt-4.1-nano", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, DQ, Documented),
    fact("rpm_per_1k_tpm", "gpt-5", RateLimits, 10.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "gpt-5.1", RateLimits, 10.0, RpmPer1kTpm, AzureQuotas, D, Unconfirmed),
    fact("rpm_per_1k_tpm", "gpt-5-mini", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "gpt-5-nano", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, D, Unconfirmed),
    fact("rpm_per_1k_tpm", "o1", RateLimits, 1000.0 / 6000.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "o1-mini", RateLimits, 0.1, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "o3", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "o3-mini", RateLimits, 0.1, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "o3-pro", RateLimits, 0.1, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "o4-mini", RateLimits, 1.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "text-embedding-3-small", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "text-embedding-3-large", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    fact("rpm_per_1k_tpm", "text-embedding-ada-002", RateLimits, 6.0, RpmPer1kTpm, AzureQuotas, D, Documented),
    // Default quotas (Default tier), TPM.
    fact("default_tpm_global", "gpt-4o", RateLimits, 450_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact("default_tpm_datazone", "gpt-4o", RateLimits, 300_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact("default_tpm_regional", "gpt-4o", RateLimits, 150_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact("default_tpm_global", "gpt-4o-mini", RateLimits, 2_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact("default_tpm_global", "gpt-4.1", RateLimits, 1_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact("default_tpm_global", "gpt-4.1-mini", RateLimits, 5_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact("default_tpm_global", "gpt-4.1-nano", RateLimits, 5_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact("default_tpm_global", "o3-mini", RateLimits, 5_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact("default_tpm_global", "o4-mini", RateLimits, 1_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    fact("default_tpm_global", "o3", RateLimits, 1_000_000.0, Tokens, AzureQuotas, DQ, Documented),
    // How quota is handed out and enforced.
    fact("tpm_step", "any", RateLimits, 1_000.0, Tokens, AzureQuotas, D, Documented),
    fact("short_window_seconds", "any", RateLimits, 10.0, Seconds, AzureQuotas, D, Documented),
    fact("short_window_seconds_min", "any", RateLimits, 1.0, Seconds, AzureQuotas, D, Documented),
];
