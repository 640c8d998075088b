//! Which KEDA the AKS add-on runs for each Kubernetes minor version, and
//! which spec fields each KEDA version knows.

use serde::{Deserialize, Serialize};

use crate::facts::{Catalog, Kind};

/// The release `2.<minor>` the catalog gives for `subject` (kind `keda_since_minor`).
fn since_catalog(catalog: &Catalog, subject: &str) -> KedaVersion {
    KedaVersion::new(2, catalog.require(Kind::KedaSinceMinor, subject).round() as u32)
}

/// A KEDA release, `2.<minor>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct KedaVersion {
    pub major: u32,
    pub minor: u32,
}

impl KedaVersion {
    pub const fn new(major: u32, minor: u32) -> Self {
        Self { major, minor }
    }

    /// `true` when this release understands `feature`.
    pub fn supports(self, feature: KedaFeature, catalog: &Catalog) -> bool {
        self >= feature.since(catalog)
    }
}

impl std::fmt::Display for KedaVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// Spec fields that appeared after KEDA 2.11, the oldest add-on release.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KedaFeature {
    /// `ScaledObject.spec.initialCooldownPeriod`
    InitialCooldownPeriod,
    /// `ScaledObject.spec.advanced.scalingModifiers` (in the CRD from v2.12.0,
    /// where the changelog lists formula-based evaluation as experimental)
    ScalingModifiers,
    /// `TriggerAuthentication.spec.podIdentity.identityTenantId`
    IdentityTenantId,
    /// `TriggerAuthentication.spec.podIdentity.identityAuthorityHost`
    IdentityAuthorityHost,
    /// `ScaledJob.spec.scalingStrategy.strategy: eager`
    EagerStrategy,
    /// `ScaledObject.spec.fallback.behavior`
    FallbackBehavior,
}

impl KedaFeature {
    pub const ALL: [KedaFeature; 6] = [
        KedaFeature::InitialCooldownPeriod,
        KedaFeature::ScalingModifiers,
        KedaFeature::IdentityTenantId,
        KedaFeature::IdentityAuthorityHost,
        KedaFeature::EagerStrategy,
        KedaFeature::FallbackBehavior,
    ];

    /// The catalog subject of the release that brought the field.
    pub fn subject(self) -> &'static str {
        match self {
            KedaFeature::InitialCooldownPeriod => "initial_cooldown_period",
            KedaFeature::ScalingModifiers => "scaling_modifiers",
            KedaFeature::IdentityTenantId => "identity_tenant_id",
            KedaFeature::IdentityAuthorityHost => "identity_authority_host",
            KedaFeature::EagerStrategy => "eager_strategy",
            KedaFeature::FallbackBehavior => "fallback_behavior",
        }
    }

    /// The first KEDA release with the field (a catalog fact, checked
    /// against the CRDs and CHANGELOG.md of kedacore/keda at each tag).
    pub fn since(self, catalog: &Catalog) -> KedaVersion {
        since_catalog(catalog, self.subject())
    }

    /// The field's path as written in YAML.
    pub fn field_path(self) -> &'static str {
        match self {
            KedaFeature::InitialCooldownPeriod => "spec.initialCooldownPeriod",
            KedaFeature::ScalingModifiers => "spec.advanced.scalingModifiers",
            KedaFeature::IdentityTenantId => "spec.podIdentity.identityTenantId",
            KedaFeature::IdentityAuthorityHost => "spec.podIdentity.identityAuthorityHost",
            KedaFeature::EagerStrategy => "spec.scalingStrategy.strategy: eager",
            KedaFeature::FallbackBehavior => "spec.fallback.behavior",
        }
    }
}

/// Admission rules that changed between releases (the lint words its
/// findings by them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KedaChange {
    /// The ScaledObject webhook rejects min > max and idle ≥ min; before, it
    /// only logged them and the controller refused to reconcile
    /// (CHANGELOG v2.20.0, kedacore/keda#5954).
    WebhookRejectsReplicaBounds,
    /// The ScaledObject webhook rejects a name over 63 characters or a
    /// `keda-hpa-<name>` over 63; before, label values were cut at 63
    /// (CHANGELOG v2.20.0, kedacore/keda#6998).
    WebhookRejectsLongName,
}

impl KedaChange {
    /// The first release with the rule (a catalog fact).
    pub fn since(self, catalog: &Catalog) -> KedaVersion {
        since_catalog(
            catalog,
            match self {
                KedaChange::WebhookRejectsReplicaBounds => "webhook_replica_bounds",
                KedaChange::WebhookRejectsLongName => "webhook_name_length",
            },
        )
    }
}

/// AKS Kubernetes minor version (`1.<minor>`) → the KEDA release of the
/// add-on (AKS KEDA add-on documentation, 2026-03).
pub const AKS_KEDA_TABLE: &[(u32, KedaVersion)] = &[
    (30, KedaVersion::new(2, 11)),
    (31, KedaVersion::new(2, 14)),
    (32, KedaVersion::new(2, 14)),
    (33, KedaVersion::new(2, 16)),
    (35, KedaVersion::new(2, 17)),
    (36, KedaVersion::new(2, 19)),
];

/// How the KEDA version was found for a Kubernetes version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AksKedaMatch {
    /// Listed in the table.
    Listed,
    /// Between two listed versions (1.34): we assume the release of the
    /// nearest lower listed version, so no field newer than that is emitted.
    AssumedFromLower { listed_minor: u32 },
    /// Newer than the table: we assume the newest listed release.
    AssumedNewest { listed_minor: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AksKeda {
    pub kubernetes_minor: u32,
    pub keda: KedaVersion,
    pub matched: AksKedaMatch,
}

/// Parses `"1.33"` or `"1.33.2"` (a leading `v` is allowed) to the minor version.
pub fn parse_kubernetes_minor(text: &str) -> Option<u32> {
    let t = text.trim();
    let t = t.strip_prefix('v').unwrap_or(t);
    let mut parts = t.split('.');
    if parts.next()? != "1" {
        return None;
    }
    let minor = parts.next()?.parse().ok()?;
    match parts.next() {
        None => Some(minor),
        Some(patch) if patch.parse::<u32>().is_ok() && parts.next().is_none() => Some(minor),
        Some(_) => None,
    }
}

/// The add-on's KEDA for a Kubernetes minor version; `None` below the oldest
/// listed version (AKS no longer supports it, and we don't know its KEDA).
pub fn keda_for_aks(kubernetes_minor: u32) -> Option<AksKeda> {
    let (oldest, _) = *AKS_KEDA_TABLE.first()?;
    let (newest, newest_keda) = *AKS_KEDA_TABLE.last()?;
    if kubernetes_minor < oldest {
        return None;
    }
    if let Some((_, keda)) = AKS_KEDA_TABLE.iter().find(|(m, _)| *m == kubernetes_minor) {
        return Some(AksKeda { kubernetes_minor, keda: *keda, matched: AksKedaMatch::Listed });
    }
    if kubernetes_minor > newest {
        return Some(AksKeda { kubernetes_minor, keda: newest_keda, matched: AksKedaMatch::AssumedNewest { listed_minor: newest } });
    }
    let (lower, keda) = AKS_KEDA_TABLE.iter().rev().find(|(m, _)| *m < kubernetes_minor)?;
    Some(AksKeda { kubernetes_minor, keda: *keda, matched: AksKedaMatch::AssumedFromLower { listed_minor: *lower } })
}

/// Every distinct KEDA release in the table, oldest first.
pub fn add_on_releases() -> Vec<KedaVersion> {
    let mut v: Vec<KedaVersion> = AKS_KEDA_TABLE.iter().map(|(_, k)| *k).collect();
    v.dedup();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_the_facts() {
        let k = |m| keda_for_aks(m).unwrap().keda.to_string();
        assert_eq!(k(30), "2.11");
        assert_eq!(k(31), "2.14");
        assert_eq!(k(32), "2.14");
        assert_eq!(k(33), "2.16");
        assert_eq!(k(35), "2.17");
        assert_eq!(k(36), "2.19");
        assert!(keda_for_aks(29).is_none());
    }

    #[test]
    fn kubernetes_1_34_assumes_the_release_of_1_33() {
        let c = Catalog::builtin();
        let a = keda_for_aks(34).unwrap();
        assert_eq!(a.keda, KedaVersion::new(2, 16));
        assert_eq!(a.matched, AksKedaMatch::AssumedFromLower { listed_minor: 33 });
        assert!(!a.keda.supports(KedaFeature::FallbackBehavior, &c));
        assert!(a.keda.supports(KedaFeature::EagerStrategy, &c));
    }

    #[test]
    fn newer_than_table_assumes_newest() {
        let a = keda_for_aks(37).unwrap();
        assert_eq!(a.keda, KedaVersion::new(2, 19));
        assert_eq!(a.matched, AksKedaMatch::AssumedNewest { listed_minor: 36 });
    }

    #[test]
    fn features_by_version() {
        let c = Catalog::builtin();
        let v211 = KedaVersion::new(2, 11);
        assert!(KedaFeature::ALL.iter().all(|f| !v211.supports(*f, &c)));
        let v214 = KedaVersion::new(2, 14);
        assert!(v214.supports(KedaFeature::IdentityTenantId, &c));
        assert!(!v214.supports(KedaFeature::EagerStrategy, &c));
        assert!(KedaVersion::new(2, 15).supports(KedaFeature::EagerStrategy, &c));
        assert!(KedaVersion::new(2, 12).supports(KedaFeature::ScalingModifiers, &c));
        assert!(!KedaVersion::new(2, 11).supports(KedaFeature::ScalingModifiers, &c));
        let v219 = KedaVersion::new(2, 19);
        assert!(KedaFeature::ALL.iter().all(|f| v219.supports(*f, &c)));
    }

    #[test]
    fn parses_versions() {
        assert_eq!(parse_kubernetes_minor("1.33"), Some(33));
        assert_eq!(parse_kubernetes_minor(" v1.31.4 "), Some(31));
        assert_eq!(parse_kubernetes_minor("2.1"), None);
        assert_eq!(parse_kubernetes_minor("1.x"), None);
        assert_eq!(parse_kubernetes_minor("1.33.1.1"), None);
        assert_eq!(add_on_releases().len(), 5);
    }
}
