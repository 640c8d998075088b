//! The one deployment-type enum: where a deployment's traffic may be
//! processed ([`Scope`]: Global, Data Zone, Regional) and how it is paid
//! for (Standard = pay-as-you-go, Provisioned = PTUs), six types in all.
//! Pages that take a narrower set take a [`Scope`]: the quota-tier tables
//! and the cost page list the three Standard types, one per scope.

use super::Kind;
use serde::{Deserialize, Serialize};

/// Where a deployment's traffic may be processed: decides PTU sizes, the
/// price uplift on the Global list price and the quota-tier table's rows
/// (the vendor's `GlobalStandard`, `DataZoneStandard`, `Standard`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Scope {
    #[default]
    Global,
    DataZone,
    Regional,
}

impl Scope {
    pub const ALL: [Scope; 3] = [Scope::Global, Scope::DataZone, Scope::Regional];

    /// `"global"`, `"datazone"`, `"standard"`: the quota-tier tables'
    /// spelling (the CLI's `--deployment` and the subjects of the tier
    /// facts, `{model}/{tier_code}/{tier}`), where Regional is the vendor's
    /// plain "Standard".
    pub const fn tier_code(self) -> &'static str {
        match self {
            Scope::Global => "global",
            Scope::DataZone => "datazone",
            Scope::Regional => "standard",
        }
    }

    /// `"global"`, `"datazone"`, `"regional"`: the cost page's spelling in
    /// URLs and storage.
    pub const fn url_code(self) -> &'static str {
        match self {
            Scope::Global => "global",
            Scope::DataZone => "datazone",
            Scope::Regional => "regional",
        }
    }

    /// The vendor's name of the Standard type in the tier tables
    /// (`GlobalStandard`, `DataZoneStandard`, `Standard`).
    pub const fn vendor_name(self) -> &'static str {
        DeploymentType::standard(self).sku()
    }

    /// Either code or the vendor's name, any case.
    pub fn from_code(code: &str) -> Option<Scope> {
        let code = code.trim();
        Self::ALL.into_iter().find(|s| {
            s.tier_code().eq_ignore_ascii_case(code)
                || s.url_code().eq_ignore_ascii_case(code)
                || s.vendor_name().eq_ignore_ascii_case(code)
        })
    }

    /// Whether the vendor runs batch jobs in this scope (Global Batch and
    /// Data Zone Batch exist; Regional batch does not).
    pub const fn has_batch(self) -> bool {
        !matches!(self, Scope::Regional)
    }

    /// The catalog fact that scales the Global pay-as-you-go price, if any.
    pub(crate) const fn price_factor_kind(self) -> Option<Kind> {
        match self {
            Scope::Global => None,
            Scope::DataZone => Some(Kind::DatazonePriceFactor),
            Scope::Regional => Some(Kind::RegionalPriceFactor),
        }
    }
}

/// The deployment type: a scope and pay-as-you-go (Standard) or
/// provisioned throughput.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeploymentType {
    GlobalStandard,
    DataZoneStandard,
    RegionalStandard,
    GlobalProvisioned,
    DataZoneProvisioned,
    RegionalProvisioned,
}

impl DeploymentType {
    pub const ALL: [DeploymentType; 6] = [
        DeploymentType::GlobalStandard,
        DeploymentType::DataZoneStandard,
        DeploymentType::RegionalStandard,
        DeploymentType::GlobalProvisioned,
        DeploymentType::DataZoneProvisioned,
        DeploymentType::RegionalProvisioned,
    ];

    /// The Standard (pay-as-you-go) type of a scope.
    pub const fn standard(scope: Scope) -> DeploymentType {
        match scope {
            Scope::Global => DeploymentType::GlobalStandard,
            Scope::DataZone => DeploymentType::DataZoneStandard,
            Scope::Regional => DeploymentType::RegionalStandard,
        }
    }

    /// The Provisioned type of a scope.
    pub const fn provisioned(scope: Scope) -> DeploymentType {
        match scope {
            Scope::Global => DeploymentType::GlobalProvisioned,
            Scope::DataZone => DeploymentType::DataZoneProvisioned,
            Scope::Regional => DeploymentType::RegionalProvisioned,
        }
    }

    pub const fn scope(self) -> Scope {
        use DeploymentType::*;
        match self {
            GlobalStandard | GlobalProvisioned => Scope::Global,
            DataZoneStandard | DataZoneProvisioned => Scope::DataZone,
            RegionalStandard | RegionalProvisioned => Scope::Regional,
        }
    }

    pub const fn is_provisioned(self) -> bool {
        use DeploymentType::*;
        matches!(self, GlobalProvisioned | DataZoneProvisioned | RegionalProvisioned)
    }

    /// The quota-tier tables' scope; `None` for Provisioned (sized in
    /// PTUs, not tiers).
    pub const fn tier_scope(self) -> Option<Scope> {
        if self.is_provisioned() {
            None
        } else {
            Some(self.scope())
        }
    }

    /// The one spelling of every surface (links, the CLI's
    /// `--deployment-type`, JSON): `global|datazone|regional` and
    /// `global-ptu|datazone-ptu|regional-ptu`.
    pub const fn code(self) -> &'static str {
        use DeploymentType::*;
        match self {
            GlobalStandard => "global",
            DataZoneStandard => "datazone",
            RegionalStandard => "regional",
            GlobalProvisioned => "global-ptu",
            DataZoneProvisioned => "datazone-ptu",
            RegionalProvisioned => "regional-ptu",
        }
    }

    /// The short codes /quota's links used before issue 39 (`d=gs`, …):
    /// still read, never written.
    pub const fn old_link_code(self) -> &'static str {
        use DeploymentType::*;
        match self {
            GlobalStandard => "gs",
            DataZoneStandard => "dzs",
            RegionalStandard => "rs",
            GlobalProvisioned => "gp",
            DataZoneProvisioned => "dzp",
            RegionalProvisioned => "rp",
        }
    }

    /// Every word a link's deployment value may hold: the codes, then the
    /// old short codes.
    pub const LINK_WORDS: [&'static str; 12] = {
        let mut w = [""; 12];
        let mut i = 0;
        while i < 6 {
            w[i] = Self::ALL[i].code();
            w[i + 6] = Self::ALL[i].old_link_code();
            i += 1;
        }
        w
    };

    /// The vendor's SKU name (`sku.name` of a deployment: `GlobalStandard`,
    /// `DataZoneStandard`, `Standard`, `GlobalProvisionedManaged`,
    /// `DataZoneProvisionedManaged`, `ProvisionedManaged`), the one copy.
    pub const fn sku(self) -> &'static str {
        use DeploymentType::*;
        match self {
            GlobalStandard => "GlobalStandard",
            DataZoneStandard => "DataZoneStandard",
            RegionalStandard => "Standard",
            GlobalProvisioned => "GlobalProvisionedManaged",
            DataZoneProvisioned => "DataZoneProvisionedManaged",
            RegionalProvisioned => "ProvisionedManaged",
        }
    }

    /// Any spelling, any case: the code, an old link code (`gs`), the
    /// vendor's SKU name, or `standard` (Regional Standard, the vendor's
    /// word).
    pub fn from_code(code: &str) -> Option<DeploymentType> {
        let code = code.trim();
        if code.eq_ignore_ascii_case("standard") {
            return Some(DeploymentType::RegionalStandard);
        }
        Self::ALL.into_iter().find(|t| {
            t.code().eq_ignore_ascii_case(code) || t.old_link_code().eq_ignore_ascii_case(code) || t.sku().eq_ignore_ascii_case(code)
        })
    }

    /// The product name, the same in both languages ("Global Standard").
    pub const fn product_name(self) -> &'static str {
        use DeploymentType::*;
        match self {
            GlobalStandard => "Global Standard",
            DataZoneStandard => "Data Zone Standard",
            RegionalStandard => "Regional Standard",
            GlobalProvisioned => "Global Provisioned",
            DataZoneProvisioned => "Data Zone Provisioned",
            RegionalProvisioned => "Regional Provisioned",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for s in Scope::ALL {
            assert_eq!(Scope::from_code(s.tier_code()), Some(s));
            assert_eq!(Scope::from_code(s.url_code()), Some(s));
            assert_eq!(Scope::from_code(&s.vendor_name().to_ascii_uppercase()), Some(s));
            assert_eq!(DeploymentType::standard(s).scope(), s);
            assert_eq!(DeploymentType::provisioned(s).scope(), s);
            assert_eq!(DeploymentType::standard(s).tier_scope(), Some(s));
            assert_eq!(DeploymentType::provisioned(s).tier_scope(), None);
        }
        assert_eq!(Scope::from_code("standard"), Some(Scope::Regional));
        assert_eq!(Scope::from_code("regional"), Some(Scope::Regional));
        assert_eq!(Scope::from_code("zone"), None);
        for t in DeploymentType::ALL {
            assert_eq!(DeploymentType::from_code(t.code()), Some(t));
            assert_eq!(DeploymentType::from_code(t.code()), Some(t));
        }
        assert_eq!(DeploymentType::from_code(" ProvisionedManaged "), Some(DeploymentType::RegionalProvisioned));
        assert_eq!(DeploymentType::from_code("standard"), Some(DeploymentType::RegionalStandard));
    }

    /// One deployment-type enum (issue 30): no other type in core lists the
    /// scopes again (a `DataZone` variant anywhere else is a second copy),
    /// and the concept names are defined once.
    #[test]
    fn one_deployment_type_in_core() {
        fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
            for e in std::fs::read_dir(dir).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push((p.display().to_string(), std::fs::read_to_string(&p).unwrap()));
                }
            }
        }
        let mut files = Vec::new();
        walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
        assert!(files.len() > 50, "read the sources");
        let defines = |name: &str| -> Vec<String> {
            let needles = [format!("pub enum {name} "), format!("pub struct {name} ")];
            files.iter().filter(|(_, s)| needles.iter().any(|n| s.contains(n.as_str()))).map(|(p, _)| p.clone()).collect()
        };
        for name in ["DeploymentType", "Scope", "Dialect", "PriceOverride"] {
            assert_eq!(defines(name).len(), 1, "{name} defined in {:?}", defines(name));
        }
        let mine = std::path::Path::new("facts").join("deployment.rs").display().to_string();
        let others: Vec<&String> = files
            .iter()
            .filter(|(p, s)| !p.ends_with(&mine) && s.lines().any(|l| l.trim() == "DataZone," || l.trim() == "DataZone"))
            .map(|(p, _)| p)
            .collect();
        assert!(others.is_empty(), "a second enum of deployment scopes in {others:?}");
    }
}
