//! The planner's view of the quota-tier tables: the ratio and window for
//! a model on a deployment type, the tier's own figures, and the next tier.

use super::input::PlanInput;
use crate::facts::Scope;
use crate::facts::{tier_limit, tier_ratio, QuotaTier, TierLimit};
use crate::facts::{Catalog, Kind};

/// Where the RPM per 1,000 TPM the planner uses comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RatioSource {
    /// Typed in by the user.
    Typed,
    /// The quota-tier tables' row for the model and deployment type.
    TierTable,
    /// The catalog's per-model figure (no tier row for the pair).
    ModelFact,
    /// Nothing known: 0.
    Unknown,
}

/// The RPM per 1,000 TPM for a plan and where it comes from.
pub fn ratio(input: &PlanInput, catalog: &Catalog, model: &str) -> (f64, RatioSource) {
    if let Some(r) = input.rpm_per_1k_tpm {
        return (r, RatioSource::Typed);
    }
    let table = input.deployment.tier_scope().and_then(|d| tier_ratio(catalog, model, d, input.tier));
    if let Some(r) = table {
        return (r, RatioSource::TierTable);
    }
    match catalog.get(Kind::RpmPer1kTpm, model) {
        Some(r) => (r, RatioSource::ModelFact),
        None => (0.0, RatioSource::Unknown),
    }
}

/// The window the vendor enforces the request limit over for the model and
/// deployment type (10 s where the tables write "N / 10s"), else 60 s.
pub fn rpm_window_seconds(catalog: &Catalog, model: &str, deployment: Option<Scope>, tier: Option<QuotaTier>) -> f64 {
    let Some(d) = deployment else { return 60.0 };
    let at = |t| tier_limit(catalog, model, d, t).filter(TierLimit::usable_as_default);
    tier.and_then(at).or_else(|| QuotaTier::PAID.into_iter().find_map(at)).map_or(60.0, |l| l.window_seconds)
}

/// The tier's row (if usable as a default) and the next tier's.
pub fn tier_and_next(catalog: &Catalog, model: &str, input: &PlanInput) -> (Option<TierLimit>, Option<TierLimit>) {
    let (Some(d), Some(t)) = (input.deployment.tier_scope(), input.tier) else { return (None, None) };
    let usable = |t: QuotaTier| tier_limit(catalog, model, d, t).filter(TierLimit::usable_as_default);
    let next = std::iter::successors(t.next(), |t| t.next()).find_map(usable);
    (usable(t), next)
}

/// The TPM a tier gives a model on a deployment type: the form's default
/// when the user picks a tier. `None` without a usable row.
pub fn default_tpm(catalog: &Catalog, model: &str, input: &PlanInput) -> Option<f64> {
    tier_and_next(catalog, model, input).0.and_then(|l| l.tpm)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::DeploymentType;

    fn input(model: &str, deployment: DeploymentType, tier: Option<QuotaTier>) -> PlanInput {
        PlanInput { model: model.into(), deployment, tier, ..PlanInput::default() }
    }

    #[test]
    fn ratio_follows_model_and_deployment_type() {
        let c = Catalog::builtin();
        let i = input("o4-mini", DeploymentType::GlobalStandard, Some(QuotaTier::T2));
        assert_eq!(ratio(&i, &c, "o4-mini"), (1.0, RatioSource::TierTable));
        let i = input("o4-mini", DeploymentType::DataZoneStandard, None);
        assert_eq!(ratio(&i, &c, "o4-mini"), (6.0, RatioSource::TierTable));
        // gpt-4o has no Global row: the per-model figure (the classic 6).
        let i = input("gpt-4o", DeploymentType::GlobalStandard, Some(QuotaTier::T1));
        assert_eq!(ratio(&i, &c, "gpt-4o"), (6.0, RatioSource::ModelFact));
        let typed = PlanInput { rpm_per_1k_tpm: Some(2.0), ..i };
        assert_eq!(ratio(&typed, &c, "gpt-4o"), (2.0, RatioSource::Typed));
    }

    #[test]
    fn windows_and_next_tier_come_from_the_table() {
        let c = Catalog::builtin();
        assert_eq!(rpm_window_seconds(&c, "gpt-4o", Some(Scope::DataZone), None), 10.0);
        assert_eq!(rpm_window_seconds(&c, "gpt-4.1", Some(Scope::Global), None), 60.0);
        let i = input("gpt-4.1", DeploymentType::GlobalStandard, Some(QuotaTier::T1));
        let (now, next) = tier_and_next(&c, "gpt-4.1", &i);
        assert_eq!(now.unwrap().tpm, Some(1_000_000.0));
        let next = next.unwrap();
        assert_eq!((next.tier, next.tpm), (QuotaTier::T2, Some(3_000_000.0)));
        assert_eq!(default_tpm(&c, "gpt-4.1", &i), Some(1_000_000.0));
        // gpt-5.5 Global at tier 2: tier 3's row is 0 (unconfirmed) and tiers
        // 4 and 5 have none, so the next tier shown is 6.
        let i = input("gpt-5.5", DeploymentType::GlobalStandard, Some(QuotaTier::T2));
        let (_, next) = tier_and_next(&c, "gpt-5.5", &i);
        assert_eq!(next.map(|n| n.tier), Some(QuotaTier::T6));
        assert_eq!(default_tpm(&c, "gpt-4.1", &input("gpt-4.1", DeploymentType::GlobalProvisioned, Some(QuotaTier::T1))), None);
    }
}
