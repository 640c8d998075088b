//! What the user tells the analysis beyond the files: limits, deployment
//! types, models, the quota tier, how PTUs are priced and in which region.

use crate::cost::PtuPricing;
use crate::facts::{DeploymentType, QuotaTier};
use serde::{Deserialize, Serialize};

/// A deployment's limits as typed (`--limit NAME=TPM[/RPM]`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TypedLimit {
    pub deployment: String,
    pub tpm: f64,
    /// Requests per minute; `None` takes the catalog's ratio.
    pub rpm: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrafficOptions {
    pub limits: Vec<TypedLimit>,
    /// Per deployment; a deployment not named is Global Standard, or
    /// Global Provisioned when its data has provisioned-only metrics.
    pub deployment_types: Vec<(String, DeploymentType)>,
    /// Per deployment, where the data names no model and the name does not
    /// give it away.
    pub models: Vec<(String, String)>,
    /// The tier whose tables give a deployment's limits when none is typed.
    pub tier: QuotaTier,
    pub ptu_pricing: PtuPricing,
    /// The Azure region (`armRegionName`) whose Regional prices apply to
    /// Regional deployments' spillover and PTUs; `None` = not chosen.
    #[serde(default)]
    pub region: Option<String>,
}

impl Default for TrafficOptions {
    fn default() -> Self {
        TrafficOptions {
            limits: Vec::new(),
            deployment_types: Vec::new(),
            models: Vec::new(),
            tier: QuotaTier::T1,
            ptu_pricing: PtuPricing::Hourly,
            region: None,
        }
    }
}

impl TrafficOptions {
    pub fn limit_of(&self, deployment: &str) -> Option<&TypedLimit> {
        self.limits.iter().rev().find(|l| l.deployment == deployment)
    }

    pub fn type_of(&self, deployment: &str) -> Option<DeploymentType> {
        self.deployment_types.iter().rev().find(|(d, _)| d == deployment).map(|(_, t)| *t)
    }

    pub fn model_of(&self, deployment: &str) -> Option<&str> {
        self.models.iter().rev().find(|(d, _)| d == deployment).map(|(_, m)| m.as_str())
    }
}

/// Why a typed limit (`NAME=TPM[/RPM]`) was refused: the field `limit`,
/// the value what was typed — the one field-error shape.
pub type LimitError = crate::io::FieldError<&'static str, LimitProblem>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitProblem {
    /// Not `NAME=TPM[/RPM]`.
    Shape,
    Tpm,
    Rpm,
    EmptyName,
}

impl crate::io::Explain for LimitProblem {
    fn reason(&self, _value: &str) -> crate::text::Text {
        use crate::text::Text;
        match self {
            LimitProblem::Shape => Text::new("expected NAME=TPM[/RPM]", "NAME=TPM[/RPM] 형식이어야 합니다"),
            LimitProblem::Tpm => Text::new("TPM must be a positive number", "TPM은 0보다 큰 숫자여야 합니다"),
            LimitProblem::Rpm => Text::new("RPM must be a positive number", "RPM은 0보다 큰 숫자여야 합니다"),
            LimitProblem::EmptyName => Text::new("the deployment name is empty", "배포 이름이 비어 있습니다"),
        }
    }
}

/// `NAME=TPM[/RPM]` → a typed limit.
pub fn parse_limit(text: &str) -> Result<TypedLimit, LimitError> {
    let err = |problem| LimitError::new("limit", text, problem);
    let (name, figures) = text.rsplit_once('=').ok_or_else(|| err(LimitProblem::Shape))?;
    let (tpm, rpm) = match figures.split_once('/') {
        Some((t, r)) => (t, Some(r)),
        None => (figures, None),
    };
    let number = |s: &str| crate::io::parse_number(s).filter(|v| *v > 0.0 && *v <= 1e12);
    let tpm = number(tpm).ok_or_else(|| err(LimitProblem::Tpm))?;
    let rpm = match rpm {
        Some(r) => Some(number(r).ok_or_else(|| err(LimitProblem::Rpm))?),
        None => None,
    };
    if name.trim().is_empty() {
        return Err(err(LimitProblem::EmptyName));
    }
    Ok(TypedLimit { deployment: name.trim().to_string(), tpm, rpm })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_parse() {
        assert_eq!(parse_limit("chat=150000/900").unwrap(), TypedLimit { deployment: "chat".into(), tpm: 150_000.0, rpm: Some(900.0) });
        assert_eq!(parse_limit("a=b=1_000").unwrap().deployment, "a=b");
        assert_eq!(parse_limit("chat=100000").unwrap().rpm, None);
        for bad in ["chat", "=100", "chat=-1", "chat=1/0", "chat=x"] {
            assert!(parse_limit(bad).is_err(), "{bad}");
        }
        assert_eq!(DeploymentType::from_code("standard"), Some(DeploymentType::RegionalStandard));
        assert_eq!(DeploymentType::from_code("GlobalStandard"), Some(DeploymentType::GlobalStandard));
        assert_eq!(DeploymentType::from_code("datazoneprovisionedmanaged"), Some(DeploymentType::DataZoneProvisioned));
        for t in DeploymentType::ALL {
            assert_eq!(DeploymentType::from_code(t.code()), Some(t));
            // Links saved before issue 39 keep opening.
            assert_eq!(DeploymentType::from_code(t.old_link_code()), Some(t));
            assert_eq!(DeploymentType::from_code(t.sku()), Some(t));
        }
    }
}
