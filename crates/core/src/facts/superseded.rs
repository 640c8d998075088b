//! Figures a newer vendor figure replaced: kept (a user may still hold a
//! subscription on the older terms, and the tools fall back to them where
//! the newer tables have no row), but marked, with what replaced them. /facts
//! shows the mark; the catalog's JSON carries `superseded_by`.

/// A built-in fact that a newer one replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Superseded {
    /// The fact replaced (`"{kind}.{subject}"`).
    pub id: &'static str,
    /// The fact that replaced it.
    pub by: &'static str,
    /// When the replacement was published (`YYYY-MM`).
    pub since: &'static str,
}

const fn s(id: &'static str, by: &'static str) -> Superseded {
    Superseded { id, by, since: "2026-02" }
}

/// The 2025-07 default quotas (Default tier), replaced by the quota tiers
/// (Free, Tier 1 … Tier 6) of the quota-tier tables: each points at the
/// Tier 1 row of the same model and deployment type (Data Zone where the
/// tables have no Global row).
pub const SUPERSEDED: &[Superseded] = &[
    s("default_tpm_global.gpt-4o", "tier_tpm.gpt-4o/datazone/1"),
    s("default_tpm_datazone.gpt-4o", "tier_tpm.gpt-4o/datazone/1"),
    s("default_tpm_regional.gpt-4o", "tier_tpm.gpt-4o/datazone/1"),
    s("default_tpm_global.gpt-4o-mini", "tier_tpm.gpt-4o-mini/global/1"),
    s("default_tpm_global.gpt-4.1", "tier_tpm.gpt-4.1/global/1"),
    s("default_tpm_global.gpt-4.1-mini", "tier_tpm.gpt-4.1-mini/global/1"),
    s("default_tpm_global.gpt-4.1-nano", "tier_tpm.gpt-4.1-nano/global/1"),
    s("default_tpm_global.o3-mini", "tier_tpm.o3-mini/global/1"),
    s("default_tpm_global.o4-mini", "tier_tpm.o4-mini/global/1"),
    s("default_tpm_global.o3", "tier_tpm.o3/global/1"),
];

/// What replaced the fact `id`, if a newer figure did.
pub fn superseded(id: &str) -> Option<&'static Superseded> {
    SUPERSEDED.iter().find(|s| s.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_ends_are_facts() {
        for s in SUPERSEDED {
            assert!(super::super::builtin_by_id(s.id).is_some(), "{}", s.id);
            assert!(super::super::builtin_by_id(s.by).is_some(), "{}", s.by);
        }
    }
}
