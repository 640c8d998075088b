//! Azure OpenAI quota tiers (Free, Tier 1 … Tier 6): the RPM and TPM that
//! each tier gives one model on one deployment type, with the window the
//! RPM is enforced over (60 s, or 10 s where the vendor writes "N / 10s").
//!
//! Every row is also a set of facts (`tier_rpm`, `tier_rpm_window_seconds`,
//! `tier_tpm`, subject `"{model}/{deployment}/{tier}"`) so that the user can
//! override any of them; read the figures through [`limit`], which applies
//! the overrides.

use super::tier_table::ROWS;
use super::{Catalog, Certainty, Fact, Kind, Scope, SourceId, Topic, Unit};
use std::sync::OnceLock;

/// A quota tier. The Free tier exists in the vendor's files but is not
/// offered by the planner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum QuotaTier {
    Free,
    T1,
    T2,
    T3,
    T4,
    T5,
    T6,
}

impl QuotaTier {
    pub const ALL: [QuotaTier; 7] =
        [QuotaTier::Free, QuotaTier::T1, QuotaTier::T2, QuotaTier::T3, QuotaTier::T4, QuotaTier::T5, QuotaTier::T6];

    /// The tiers a customer is placed in (Free excluded).
    pub const PAID: [QuotaTier; 6] = [QuotaTier::T1, QuotaTier::T2, QuotaTier::T3, QuotaTier::T4, QuotaTier::T5, QuotaTier::T6];

    /// `"free"`, `"1"` … `"6"`: the CSV's spelling and the fact subjects'.
    pub const fn code(self) -> &'static str {
        match self {
            QuotaTier::Free => "free",
            QuotaTier::T1 => "1",
            QuotaTier::T2 => "2",
            QuotaTier::T3 => "3",
            QuotaTier::T4 => "4",
            QuotaTier::T5 => "5",
            QuotaTier::T6 => "6",
        }
    }

    /// The tier's number (1–6); `None` for Free.
    pub const fn number(self) -> Option<u8> {
        match self {
            QuotaTier::Free => None,
            QuotaTier::T1 => Some(1),
            QuotaTier::T2 => Some(2),
            QuotaTier::T3 => Some(3),
            QuotaTier::T4 => Some(4),
            QuotaTier::T5 => Some(5),
            QuotaTier::T6 => Some(6),
        }
    }

    pub fn from_code(code: &str) -> Option<QuotaTier> {
        let code = code.trim();
        Self::ALL.into_iter().find(|t| t.code().eq_ignore_ascii_case(code))
    }

    /// The tier above this one, if any.
    pub fn next(self) -> Option<QuotaTier> {
        let i = Self::ALL.iter().position(|t| *t == self)?;
        Self::ALL.get(i + 1).copied()
    }
}

/// One row of the vendor's tier tables, as built in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TierRow {
    pub tier: QuotaTier,
    /// As the vendor writes it (footnote marks included).
    pub model: &'static str,
    pub deployment: Scope,
    /// `"{model}/{deployment}/{tier}"`: the subject of the row's facts.
    pub subject: &'static str,
    /// Requests allowed per `window_seconds`.
    pub rpm: f64,
    pub window_seconds: f64,
    /// `None` where the vendor shows "-" (image models: requests only).
    pub tpm: Option<f64>,
    pub source: SourceId,
    pub as_of: &'static str,
    /// Unconfirmed where the source marks the figure TBD or gives 0.
    pub certainty: Certainty,
}

#[allow(clippy::too_many_arguments)]
pub(super) const fn row(
    tier: QuotaTier,
    model: &'static str,
    deployment: Scope,
    subject: &'static str,
    rpm: f64,
    window_seconds: f64,
    tpm: Option<f64>,
    source: SourceId,
    as_of: &'static str,
    certainty: Certainty,
) -> TierRow {
    TierRow { tier, model, deployment, subject, rpm, window_seconds, tpm, source, as_of, certainty }
}

/// Every built-in row, in the CSV's order.
pub fn rows() -> &'static [TierRow] {
    ROWS
}

/// The built-in row for one tier × model × deployment type.
pub fn builtin_row(model: &str, deployment: Scope, tier: QuotaTier) -> Option<&'static TierRow> {
    ROWS.iter().find(|r| r.model == model && r.deployment == deployment && r.tier == tier)
}

/// One row of the tier tables of the catalog in use.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CatalogTierRow {
    /// As the table writes it.
    pub model: String,
    pub deployment: Scope,
    pub tier: QuotaTier,
    /// Only an imported file gives the row (the built-in tables lack it).
    pub imported_only: bool,
}

/// `"{model}/{deployment}/{tier}"` → its three parts.
fn parse_subject(subject: &str) -> Option<(&str, Scope, QuotaTier)> {
    let mut parts = subject.rsplitn(3, '/');
    let tier = QuotaTier::from_code(parts.next()?)?;
    let deployment = parts.next()?;
    let deployment = Scope::ALL.into_iter().find(|s| s.tier_code() == deployment)?;
    let model = parts.next().filter(|m| !m.is_empty())?;
    Some((model, deployment, tier))
}

/// Every row of the tier tables the catalog in use has: the built-in rows
/// an imported file did not remove, then the rows only an imported file
/// gives (a row is there when its RPM is), in the built-in order, then sorted.
pub fn catalog_rows(catalog: &Catalog) -> Vec<CatalogTierRow> {
    let mut out: Vec<CatalogTierRow> = ROWS
        .iter()
        .filter(|r| catalog.get(Kind::TierRpm, r.subject).is_some())
        .map(|r| CatalogTierRow { model: r.model.to_string(), deployment: r.deployment, tier: r.tier, imported_only: false })
        .collect();
    let mut extra: Vec<CatalogTierRow> = catalog
        .imported_facts()
        .values()
        .filter(|f| f.kind() == Some(Kind::TierRpm) && super::builtin(Kind::TierRpm, f.subject()).is_none())
        .filter_map(|f| parse_subject(f.subject()))
        .map(|(model, deployment, tier)| CatalogTierRow { model: model.to_string(), deployment, tier, imported_only: true })
        .collect();
    extra.sort();
    out.extend(extra);
    out
}

/// Every model the catalog in use has a tier row for (built-in and
/// imported, removals applied), sorted, without repeats.
pub fn catalog_models(catalog: &Catalog) -> Vec<String> {
    let mut m: Vec<String> = catalog_rows(catalog).into_iter().map(|r| r.model).collect();
    m.sort_unstable();
    m.dedup();
    m
}

/// The facts the rows stand for (three per row, two where there is no TPM).
pub(super) fn facts() -> &'static [Fact] {
    static FACTS: OnceLock<Vec<Fact>> = OnceLock::new();
    FACTS.get_or_init(|| {
        let mut v = Vec::with_capacity(ROWS.len() * 3);
        for r in ROWS {
            let f = |kind, value, unit| Fact {
                kind,
                subject: r.subject,
                topic: Topic::QuotaTiers,
                value,
                unit,
                source: r.source,
                as_of: r.as_of,
                certainty: r.certainty,
            };
            v.push(f(Kind::TierRpm, r.rpm, Unit::Count));
            v.push(f(Kind::TierRpmWindowSeconds, r.window_seconds, Unit::Seconds));
            if let Some(tpm) = r.tpm {
                v.push(f(Kind::TierTpm, tpm, Unit::Tokens));
            }
        }
        v
    })
}

/// One tier's limits for one model and deployment type, with the user's
/// overrides applied.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TierLimit {
    pub model: String,
    pub deployment: Scope,
    pub tier: QuotaTier,
    /// Requests allowed per `window_seconds`, as the vendor states it.
    pub rpm: f64,
    /// 60, or 10 where the limit is enforced per 10 seconds (a burst limit).
    pub window_seconds: f64,
    pub tpm: Option<f64>,
    pub certainty: Certainty,
    /// The fact ids the figures come from, with their source and date.
    pub sources: Vec<FactSource>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FactSource {
    pub fact: String,
    /// The vendor file at a commit (`path@commit`), or the page's address.
    pub source: String,
    pub as_of: String,
}

impl FactSource {
    pub fn of(fact: &Fact) -> FactSource {
        let s = fact.source.source();
        let source = if s.path.is_empty() { s.url } else { s.path };
        FactSource { fact: fact.id(), source: source.to_string(), as_of: fact.as_of.to_string() }
    }
}

impl TierLimit {
    /// Requests per minute: `rpm × 60 ÷ window`. `None` if the window is 0.
    pub fn requests_per_minute(&self) -> Option<f64> {
        (self.window_seconds > 0.0).then(|| self.rpm * 60.0 / self.window_seconds)
    }

    /// Whether the limit is enforced over less than a minute (a burst limit).
    pub fn is_burst_limit(&self) -> bool {
        self.window_seconds > 0.0 && self.window_seconds < 60.0
    }

    /// RPM per 1,000 TPM: what each 1K-TPM unit of quota buys in requests
    /// per minute. `None` without a positive TPM.
    pub fn rpm_per_1000_tpm(&self) -> Option<f64> {
        let tpm = self.tpm.filter(|t| *t > 0.0)?;
        Some(self.requests_per_minute()? / (tpm / 1_000.0))
    }

    /// Usable as a default: documented, with positive figures.
    pub fn usable_as_default(&self) -> bool {
        self.certainty == Certainty::Documented && self.rpm > 0.0 && self.tpm.is_none_or(|t| t > 0.0)
    }
}

/// The limits of one tier for one model and deployment type, overrides
/// applied; `None` if the tables have no such row.
pub fn limit(catalog: &Catalog, model: &str, deployment: Scope, tier: QuotaTier) -> Option<TierLimit> {
    let Some(r) = builtin_row(model, deployment, tier) else {
        return imported_limit(catalog, model, deployment, tier);
    };
    let mut sources = Vec::with_capacity(3);
    let mut figure = |kind: Kind| {
        let fact = super::builtin(kind, r.subject)?;
        // A figure a file removed is no figure of the row.
        let value = catalog.get(kind, r.subject)?;
        // A figure read from a vendor's file names that file and its date.
        sources.push(match catalog.imported(&fact.id()) {
            Some(i) => FactSource { fact: i.id.clone(), source: i.source.clone(), as_of: i.as_of.clone() },
            None => FactSource::of(fact),
        });
        Some(value)
    };
    let rpm = figure(Kind::TierRpm)?;
    let window_seconds = figure(Kind::TierRpmWindowSeconds)?;
    let tpm = figure(Kind::TierTpm);
    Some(TierLimit { model: r.model.to_string(), deployment, tier, rpm, window_seconds, tpm, certainty: r.certainty, sources })
}

/// A row only an imported file gives: its figures, that file as their
/// source; unconfirmed if any of them is.
fn imported_limit(catalog: &Catalog, model: &str, deployment: Scope, tier: QuotaTier) -> Option<TierLimit> {
    let subject = format!("{model}/{}/{}", deployment.tier_code(), tier.code());
    let mut sources = Vec::with_capacity(3);
    let mut certainty = Certainty::Documented;
    let mut figure = |kind: Kind| {
        let f = catalog.imported(&format!("{kind}.{subject}"))?;
        sources.push(FactSource { fact: f.id.clone(), source: f.source.clone(), as_of: f.as_of.clone() });
        if f.certainty == Certainty::Unconfirmed {
            certainty = Certainty::Unconfirmed;
        }
        Some(f.value)
    };
    let rpm = figure(Kind::TierRpm)?;
    let window_seconds = figure(Kind::TierRpmWindowSeconds)?;
    let tpm = figure(Kind::TierTpm);
    Some(TierLimit { model: model.to_string(), deployment, tier, rpm, window_seconds, tpm, certainty, sources })
}

/// The RPM per 1,000 TPM for a model on a deployment type: from the tier's
/// row if the tables have one (the ratio is the same across tiers), else
/// from any documented tier of that pair; `None` if the tables lack the pair.
pub fn ratio(catalog: &Catalog, model: &str, deployment: Scope, tier: Option<QuotaTier>) -> Option<f64> {
    let exact = tier.and_then(|t| limit(catalog, model, deployment, t)).filter(TierLimit::usable_as_default);
    exact
        .or_else(|| QuotaTier::PAID.into_iter().filter_map(|t| limit(catalog, model, deployment, t)).find(TierLimit::usable_as_default))
        .and_then(|l| l.rpm_per_1000_tpm())
}

/// The known names nearest to `wanted` (edit distance), best first, at most `n`.
pub fn closest<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>, n: usize) -> Vec<&'a str> {
    let wanted = wanted.trim().to_ascii_lowercase();
    let mut scored: Vec<(usize, &str)> = known.into_iter().map(|k| (edit_distance(&wanted, &k.to_ascii_lowercase()), k)).collect();
    scored.sort();
    scored.dedup();
    scored.into_iter().take(n).map(|(_, k)| k).collect()
}

/// Levenshtein distance over chars; inputs are capped at 200 chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(200).collect();
    let b: Vec<char> = b.chars().take(200).collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_distinct_and_its_facts_exist() {
        let mut keys: Vec<_> = ROWS.iter().map(|r| r.subject).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), ROWS.len());
        for r in ROWS {
            assert_eq!(r.subject, format!("{}/{}/{}", r.model, r.deployment.tier_code(), r.tier.code()));
            assert!(super::super::builtin(Kind::TierRpm, r.subject).is_some(), "{}", r.subject);
        }
    }

    #[test]
    fn ten_second_windows_are_kept_and_ratios_follow_the_vendor() {
        let c = Catalog::builtin();
        let dz = limit(&c, "gpt-4o", Scope::DataZone, QuotaTier::T1).unwrap();
        assert_eq!((dz.rpm, dz.window_seconds, dz.tpm), (300.0, 10.0, Some(300_000.0)));
        assert!(dz.is_burst_limit());
        assert_eq!(dz.requests_per_minute(), Some(1_800.0));
        assert_eq!(dz.rpm_per_1000_tpm(), Some(6.0));
        let mini = limit(&c, "gpt-4o-mini", Scope::Global, QuotaTier::T1).unwrap();
        assert_eq!(mini.rpm_per_1000_tpm(), Some(10.0));
        assert_eq!(ratio(&c, "o4-mini", Scope::Global, None), Some(1.0));
        assert_eq!(ratio(&c, "o4-mini", Scope::DataZone, None), Some(6.0));
        assert_eq!(ratio(&c, "text-embedding-3-small", Scope::Global, None), Some(6.0));
        assert_eq!(ratio(&c, "text-embedding-3-small", Scope::DataZone, None), Some(1.0));
    }

    #[test]
    fn tbd_and_zero_rows_are_unconfirmed_and_never_defaults() {
        let c = Catalog::builtin();
        let zero = limit(&c, "gpt-5.5", Scope::Global, QuotaTier::T3).unwrap();
        assert_eq!(zero.certainty, Certainty::Unconfirmed);
        assert!(!zero.usable_as_default());
        let tbd = limit(&c, "gpt-image-2", Scope::DataZone, QuotaTier::T4).unwrap();
        assert!(!tbd.usable_as_default());
        // The ratio of gpt-5.5 Global comes from a documented tier, never the zero row.
        assert_eq!(ratio(&c, "gpt-5.5", Scope::Global, Some(QuotaTier::T3)), Some(1.0));
        let unconfirmed = ROWS.iter().filter(|r| r.certainty == Certainty::Unconfirmed).count();
        // Tier 3's two gpt-5.5 rows (0) and the "3 (TBD)" gpt-image-2 Data Zone rows of tiers 4 and 5.
        assert_eq!(unconfirmed, 4);
    }

    #[test]
    fn overrides_reach_the_limit() {
        let mut c = Catalog::builtin();
        c.set_override("tier_rpm.gpt-4.1/global/2", 1_234.0).unwrap();
        let l = limit(&c, "gpt-4.1", Scope::Global, QuotaTier::T2).unwrap();
        assert_eq!(l.rpm, 1_234.0);
        assert_eq!(l.sources[0].source, "articles/foundry/openai/includes/quota-tier/tier-2.md@467c504");
    }

    #[test]
    fn closest_names_rank_by_edit_distance() {
        let models = catalog_models(&Catalog::builtin());
        assert_eq!(closest("gpt-4o-mni", models.iter().map(String::as_str), 2).first(), Some(&"gpt-4o-mini"));
        assert_eq!(QuotaTier::T6.next(), None);
        assert_eq!(QuotaTier::from_code("3"), Some(QuotaTier::T3));
        assert_eq!(Scope::from_code("DataZoneStandard"), Some(Scope::DataZone));
    }
}
