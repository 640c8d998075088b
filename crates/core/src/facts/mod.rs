//! The one catalog of facts: limits, ratios, prices, quotas, KEDA and
//! Service Bus rules. Every figure carries its source and as-of date, is shown
//! in the UI ("About the numbers") and can be overridden by the user.
//!
//! A figure is addressed by a typed [`Kind`] (what it is, e.g.
//! `Kind::PriceInput`, named `price_input`) and `subject` (what it is about,
//! e.g. `gpt-4o`, `azure`); its id is `"{kind}.{subject}"`. The UI translates `kind` through the key
//! `fact.{kind}` in each language table. Code elsewhere reads figures through
//! a [`Catalog`] passed in as a parameter, never from a global.

mod batch;
mod batch_models;
mod batch_window;
mod deployment;
mod export;
mod import;
mod keda;
mod kind;
mod lane_gen;
mod lane_table;
mod lanes;
mod matrix_md;
mod model_rules;
mod models;
mod openai_queue;
mod prices;
mod ptu;
mod rate_limits;
mod regions;
mod sources;
mod superseded;
mod tier_answer;
mod tier_gen;
mod tier_import;
mod tier_table;
mod tiers;
mod tokens;

pub use batch_models::{closest_model_names, openai_batch_model_fact, openai_batch_models_as_of};
pub use batch_window::jobs_expire_after_window;
pub use deployment::{DeploymentType, Scope};
pub use export::{catalog_entries, catalog_json, Entry as CatalogEntry, FORMAT as CATALOG_FORMAT};
pub use import::{
    catalog_age_days, catalog_file_json, date_of_unix_seconds, diff_overlay, import_file, import_files, import_problem, read_catalog_file,
    DiffEntry, FileKind as ImportFileKind, ImportProblem, Imported, ImportedFact, OverlayDiff, CATALOG_FILE_FORMAT, CATALOG_STALE_DAYS,
    MAX_IMPORT_BYTES, MAX_IMPORT_FACTS, MAX_IMPORT_ITEMS, MAX_JSON_LINE_BYTES,
};
pub use kind::Kind;
pub use lane_gen::{generate_lane_table, LaneVendorFile, MatrixKind, LANE_TABLE, LANE_VENDOR_DIR, LANE_VENDOR_FILES};
pub use lane_table::{DATAZONE_BATCH, GLOBAL_BATCH, GLOBAL_BATCH_REGIONS, PRIORITY_DATAZONE_US, PRIORITY_GLOBAL};
pub use lanes::{
    batch_source, data_zone_of, datazone_batch, datazone_batch_in, datazone_batch_model, flex_model, global_batch_in, global_batch_model,
    priority_regions, priority_source, service_tier_value, DataZone, Lane, LaneSource, MatrixRow, PriorityMatrix, TierMeaning, ZoneBatch,
    BATCH_MATRIX, FLEX_MODELS, FLEX_PAGE, FLEX_UNSUPPORTED_400, FLEX_UNSUPPORTED_STATUS, PRIORITY_DATAZONE_MATRIX, PRIORITY_GLOBAL_MATRIX,
    PRIORITY_PAGE, SERVICE_TIER_VALUES,
};
pub use matrix_md::{
    parse_batch_matrix, parse_lane_matrix, parse_priority_matrix, MatrixGroup, MatrixMdError, MatrixMdProblem, MatrixModel, VendorMatrix,
    MAX_MATRIX_MD_COLUMNS, MAX_MATRIX_MD_LINES, MAX_MATRIX_MD_LINE_CHARS, MAX_MATRIX_MD_ROWS,
};
pub use model_rules::{model_rule, rule_family, Evidence, ModelRule, EFFORT_VALUES, MODEL_RULES, REASONING_PARAMS};
pub use models::{model_for_name, Encoding, Family, Model, ModelKind, MODELS};
pub use openai_queue::{openai_queue_subject, OPENAI_TIERS};
pub use regions::{parse_region, region, Region, UnknownRegion, REGIONS};
pub use sources::{Source, SourceId};
pub use superseded::{superseded, Superseded, SUPERSEDED};
pub use tier_answer::{tier_answer, tier_answer_in, RegionPrices, TierAnswer, TierAnswerError};
pub use tier_gen::{
    generate_tier_table, parse_tier_markdown, TierMdError, TierMdProblem, TierVendorFile, VendorTierFile, VendorTierRow, MAX_TIER_MD_LINES,
    MAX_TIER_MD_LINE_CHARS, MAX_TIER_MD_ROWS, TIER_TABLE, TIER_VENDOR_DIR, TIER_VENDOR_FILES,
};
pub use tier_import::{
    diff as diff_tiers, parse_tier_csv, FigureChange, FileProblem, ImportedRow, ParsedTiers, RowError, RowKey, RowProblem, TierDiff,
    MAX_LINE_CHARS as MAX_TIER_LINE_CHARS, MAX_ROWS as MAX_TIER_ROWS,
};
pub(crate) use tiers::limit as tier_limit;
pub use tiers::{
    builtin_row as builtin_tier_row, catalog_models as catalog_tier_models, catalog_rows as catalog_tier_rows, ratio as tier_ratio,
    rows as tier_rows, CatalogTierRow, FactSource, QuotaTier, TierLimit, TierRow,
};

use std::collections::BTreeMap;

/// How sure the vendor's documentation makes us of a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Certainty {
    /// Stated in the vendor's documentation.
    Documented,
    /// Not documented by the vendor (forum answers, third parties, or our
    /// reading): checks based on it raise warnings, never errors.
    Unconfirmed,
}

/// What a figure counts, for formatting and for validating overrides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Unit {
    Count,
    Bytes,
    Tokens,
    Seconds,
    /// Requests per minute that come with each 1,000 tokens per minute.
    RpmPer1kTpm,
    /// US dollars per one million tokens.
    UsdPerMTokens,
    UsdPerHour,
    UsdPerMonth,
    /// A multiplier or a share (0.5 = half).
    Factor,
    Characters,
}

/// The topic a figure belongs to: groups the "About the numbers" list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Topic {
    BatchFile,
    BatchJob,
    EnqueuedQuota,
    RateLimits,
    /// Quota tiers: RPM, window and TPM per tier × model × deployment type.
    QuotaTiers,
    Models,
    Prices,
    Provisioned,
    TokenCounting,
    Keda,
    ServiceBus,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fact {
    pub kind: Kind,
    pub subject: &'static str,
    pub topic: Topic,
    pub value: f64,
    pub unit: Unit,
    pub source: SourceId,
    /// When the source said so, `YYYY-MM` or `YYYY-MM-DD`.
    pub as_of: &'static str,
    pub certainty: Certainty,
}

impl Fact {
    pub fn id(&self) -> String {
        format!("{}.{}", self.kind, self.subject)
    }
}

/// Shorthand used by the tables in this module's files.
#[allow(clippy::too_many_arguments)]
pub(crate) const fn fact(
    kind: Kind,
    subject: &'static str,
    topic: Topic,
    value: f64,
    unit: Unit,
    source: SourceId,
    as_of: &'static str,
    certainty: Certainty,
) -> Fact {
    Fact { kind, subject, topic, value, unit, source, as_of, certainty }
}

/// Every built-in fact, in display order.
pub fn all_facts() -> impl Iterator<Item = &'static Fact> {
    [
        batch::FACTS,
        batch_window::FACTS,
        rate_limits::FACTS,
        models::AZURE,
        models::AZURE_LATEST,
        models::FACTS,
        models::INPUT_CAPS,
        models::AZURE_DEPLOYMENT_WINDOWS,
        models::PROVISIONED_LONG_CONTEXT,
        model_rules::FACTS,
        model_rules::BODY,
        model_rules::RULE_FACTS,
        batch_models::FACTS,
        batch_models::AZURE,
        prices::TOKEN_PRICES,
        prices::TOKEN_PRICES_OPENAI_PAGES,
        prices::TOKEN_PRICES_OPENAI_OVERVIEW,
        prices::TOKEN_PRICES_REPORTED,
        prices::TOKEN_PRICES_REPORTED_GPT6,
        prices::TOKEN_PRICES_REPORTED_PRO,
        prices::FACTORS,
        regions::PRICE_FACTORS,
        regions::PTU_HOURLY,
        ptu::SIZES,
        ptu::SIZES_SIZING_PAGE,
        ptu::SIZES_OTHER_MODELS,
        ptu::OUTPUT_WEIGHTS,
        ptu::OTHER,
        tokens::FACTS,
        tokens::TILES_GPT5,
        tokens::PATCH,
        tokens::PATCH_MODELS,
        tokens::PATCH_DEPRECATED,
        openai_queue::FACTS,
        keda::FACTS,
        lanes::FACTS,
        tiers::facts(),
    ]
    .into_iter()
    .flatten()
}

/// Looks up a built-in fact (through an index built on first use).
pub fn builtin(kind: Kind, subject: &str) -> Option<&'static Fact> {
    // Checkers look figures up per line: a fast hash (the table is fixed;
    // a lookup never inserts, so a chosen key cannot grow a collision chain).
    type Index = std::collections::HashMap<(Kind, &'static str), &'static Fact, foldhash::fast::FixedState>;
    static INDEX: std::sync::OnceLock<Index> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| all_facts().map(|f| ((f.kind, f.subject), f)).collect()).get(&(kind, subject)).copied()
}

/// A built-in figure by id, its value and as-of: a catalog fact, or a
/// cell of a built-in lane matrix (1, its matrix's date).
pub(crate) fn builtin_value(id: &str) -> Option<(f64, &'static str)> {
    builtin_by_id(id).map(|f| (f.value, f.as_of)).or_else(|| lanes::builtin_cell(id).map(|d| (1.0, d)))
}

/// Looks up a built-in fact by its id (`"{kind}.{subject}"`).
pub fn builtin_by_id(id: &str) -> Option<&'static Fact> {
    let (kind, subject) = id.split_once('.')?;
    builtin(Kind::from_name(kind)?, subject)
}

/// The largest override a figure that counts something (requests, bytes,
/// tokens, characters, seconds) takes: 2^53, the largest integer an `f64`
/// holds exactly. Code that reads such a figure as an integer saturates its
/// sums too (a catalog may also come from storage, unchecked).
pub const MAX_COUNT_OVERRIDE: f64 = 9_007_199_254_740_992.0;

impl Unit {
    /// Whether the figure counts something: code may read it as an integer.
    pub fn is_count(self) -> bool {
        matches!(self, Unit::Count | Unit::Bytes | Unit::Tokens | Unit::Seconds | Unit::Characters)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OverrideError {
    UnknownFact(String),
    NotANumber,
    Negative,
    /// Above [`MAX_COUNT_OVERRIDE`] for a figure that counts something.
    TooLarge,
}

impl std::error::Error for OverrideError {}

impl std::fmt::Display for OverrideError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OverrideError::UnknownFact(id) => write!(f, "no fact is called {id}"),
            OverrideError::NotANumber => write!(f, "not a finite number"),
            OverrideError::Negative => write!(f, "must not be negative"),
            OverrideError::TooLarge => write!(f, "must be at most {MAX_COUNT_OVERRIDE} (2^53) for a count"),
        }
    }
}

/// The built-in facts plus the user's overrides. Cheap to clone; pass it to
/// every domain function that needs a figure.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Catalog {
    overrides: BTreeMap<String, f64>,
    /// Figures read from the vendors' own files (`facts::import_files`):
    /// each with the file it came from and that file's date. Between the
    /// built-in value and the user's override; a figure the built-in
    /// catalog lacks is answered from here too.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    imported: BTreeMap<String, ImportedFact>,
    /// Built-in figures a vendor's file covers and no longer lists (a tier
    /// page without a row the built-in tier has): kept with the imported
    /// figures, the catalog no longer answers them (an override still does).
    #[serde(default, skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    removed: std::collections::BTreeSet<String>,
}

/// Longest id [`Catalog::get`] builds on the stack; a longer one is built
/// on the heap (subjects are model names, tier rows and regions: short).
const ID_ON_STACK: usize = 160;

/// `"{kind}.{subject}"` on the stack, or `None` when it does not fit.
fn stack_id<'b>(kind: Kind, subject: &str, buf: &'b mut [u8; ID_ON_STACK]) -> Option<&'b str> {
    let (k, s) = (kind.as_str().as_bytes(), subject.as_bytes());
    let n = k.len().checked_add(1)?.checked_add(s.len())?;
    let out = buf.get_mut(..n)?;
    out[..k.len()].copy_from_slice(k);
    out[k.len()] = b'.';
    out[k.len() + 1..].copy_from_slice(s);
    // Two strings joined by an ASCII dot: always UTF-8.
    std::str::from_utf8(out).ok()
}

impl Catalog {
    /// The catalog with no overrides.
    pub fn builtin() -> Self {
        Self::default()
    }

    /// The value of a figure: the user's override if any, else the built-in one.
    pub fn get(&self, kind: Kind, subject: &str) -> Option<f64> {
        let fact = builtin(kind, subject);
        // Checkers read figures per line: no id is formatted when nothing is overridden or imported.
        if self.overrides.is_empty() && self.imported.is_empty() && self.removed.is_empty() {
            return fact.map(|f| f.value);
        }
        // The id is built on the stack, not allocated per look-up.
        let mut buf = [0u8; ID_ON_STACK];
        let heap;
        let id = match stack_id(kind, subject, &mut buf) {
            Some(id) => id,
            None => {
                heap = format!("{kind}.{subject}");
                heap.as_str()
            }
        };
        if let (Some(_), Some(v)) = (fact, self.overrides.get(id)) {
            return Some(*v);
        }
        if let Some(f) = self.imported.get(id) {
            return Some(f.value);
        }
        if self.removed.contains(id) {
            return None;
        }
        fact.map(|f| f.value)
    }

    /// Whether a vendor's file removed this built-in figure (and no
    /// imported figure gives it back).
    pub fn is_removed(&self, id: &str) -> bool {
        self.removed.contains(id) && !self.imported.contains_key(id)
    }

    /// The built-in figures the imported files removed, by id.
    pub fn removed_facts(&self) -> &std::collections::BTreeSet<String> {
        &self.removed
    }

    /// Keeps an import: its figures join the imported ones (a figure of the
    /// same id replaced), and the built-in figures it removed stop
    /// answering; the first bad figure refuses them all.
    pub fn keep_overlay(&mut self, diff: &OverlayDiff) -> Result<(), OverrideError> {
        let mut facts = self.imported.clone();
        facts.extend(diff.facts.iter().map(|f| (f.id.clone(), f.clone())));
        let mut removed = self.removed.clone();
        removed.extend(diff.removed.iter().map(|e| e.id.clone()));
        removed.retain(|id| !facts.contains_key(id));
        let mut next = self.clone();
        next.set_imported(facts.into_values())?;
        next.set_removed(removed)?;
        *self = next;
        Ok(())
    }

    /// Replaces the removed built-in figures with `ids` (each must name a
    /// built-in figure).
    pub fn set_removed(&mut self, ids: impl IntoIterator<Item = String>) -> Result<(), OverrideError> {
        let mut next = std::collections::BTreeSet::new();
        for id in ids {
            if builtin_value(&id).is_none() {
                return Err(OverrideError::UnknownFact(id.chars().take(import::MAX_TEXT_CHARS).collect()));
            }
            next.insert(id);
        }
        self.removed = next;
        Ok(())
    }

    /// The imported figure with this id, if the catalog holds one.
    pub fn imported(&self, id: &str) -> Option<&ImportedFact> {
        self.imported.get(id)
    }

    /// Every imported figure, by id.
    pub fn imported_facts(&self) -> &BTreeMap<String, ImportedFact> {
        &self.imported
    }

    /// Replaces the imported figures with `facts` (each checked as an
    /// override is: a known kind, a finite number of zero or more, a count
    /// at most [`MAX_COUNT_OVERRIDE`]); the first bad one refuses them all.
    pub fn set_imported(&mut self, facts: impl IntoIterator<Item = ImportedFact>) -> Result<(), OverrideError> {
        let mut next = BTreeMap::new();
        for f in facts {
            f.check()?;
            next.insert(f.id.clone(), f);
        }
        self.imported = next;
        Ok(())
    }

    /// Drops the imported figures and the removals they brought.
    pub fn clear_imported(&mut self) {
        self.imported.clear();
        self.removed.clear();
    }

    /// The catalog's as-of date: the newest date among its figures (the
    /// built-in ones and the imported ones).
    pub fn as_of(&self) -> String {
        static BUILTIN: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();
        let builtin = *BUILTIN.get_or_init(|| all_facts().map(|f| f.as_of).max().unwrap_or(""));
        self.imported.values().map(|f| f.as_of.as_str()).chain([builtin]).max().unwrap_or("").to_string()
    }

    /// Like [`Catalog::get`] for a figure the code knows exists.
    ///
    /// # Panics
    /// If the catalog lacks the figure: a programming error that the catalog's
    /// own tests catch, never user input.
    pub fn require(&self, kind: Kind, subject: &str) -> f64 {
        self.get(kind, subject).unwrap_or_else(|| panic!("catalog has no fact {kind}.{subject}"))
    }

    pub fn is_overridden(&self, id: &str) -> bool {
        self.overrides.contains_key(id)
    }

    pub fn overrides(&self) -> &BTreeMap<String, f64> {
        &self.overrides
    }

    /// Sets the user's value for a figure, after checking it names a fact
    /// and is a finite, non-negative number, for a count at most
    /// [`MAX_COUNT_OVERRIDE`].
    pub fn set_override(&mut self, id: &str, value: f64) -> Result<(), OverrideError> {
        let Some(fact) = builtin_by_id(id) else {
            return Err(OverrideError::UnknownFact(id.to_string()));
        };
        if !value.is_finite() {
            return Err(OverrideError::NotANumber);
        }
        if value < 0.0 {
            return Err(OverrideError::Negative);
        }
        if fact.unit.is_count() && value > MAX_COUNT_OVERRIDE {
            return Err(OverrideError::TooLarge);
        }
        self.overrides.insert(id.to_string(), value);
        Ok(())
    }

    pub fn clear_override(&mut self, id: &str) {
        self.overrides.remove(id);
    }

    /// Clears the overrides (the imported figures stay: `clear_imported`).
    pub fn clear_all(&mut self) {
        self.overrides.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique() {
        let mut ids: Vec<String> = all_facts().map(Fact::id).collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "two facts share an id");
    }

    #[test]
    fn every_fact_is_dated_and_finite() {
        for f in all_facts() {
            assert!(f.value.is_finite() && f.value >= 0.0, "{}", f.id());
            assert!(!f.unit.is_count() || f.value <= MAX_COUNT_OVERRIDE, "{}", f.id());
            assert!(f.as_of.len() >= 7 && f.as_of.starts_with("20"), "{} as_of {}", f.id(), f.as_of);
        }
    }

    #[test]
    fn overrides_replace_and_validate() {
        let mut c = Catalog::builtin();
        assert_eq!(c.get(Kind::RpmPer1kTpm, "gpt-4o"), Some(6.0));
        c.set_override("rpm_per_1k_tpm.gpt-4o", 5.0).unwrap();
        assert_eq!(c.get(Kind::RpmPer1kTpm, "gpt-4o"), Some(5.0));
        assert_eq!(c.set_override("nope.x", 1.0), Err(OverrideError::UnknownFact("nope.x".into())));
        assert_eq!(c.set_override("rpm_per_1k_tpm.gpt-4o", f64::NAN), Err(OverrideError::NotANumber));
        assert_eq!(c.set_override("rpm_per_1k_tpm.gpt-4o", -1.0), Err(OverrideError::Negative));
        assert_eq!(c.set_override("tokens_per_message.chat", 1e300), Err(OverrideError::TooLarge));
        assert_eq!(c.set_override("tokens_per_message.chat", MAX_COUNT_OVERRIDE), Ok(()));
        assert_eq!(c.set_override("price_input.gpt-4o", 1e300), Ok(()), "a price is not a count");
        c.clear_override("rpm_per_1k_tpm.gpt-4o");
        assert_eq!(c.get(Kind::RpmPer1kTpm, "gpt-4o"), Some(6.0));
    }

    #[test]
    fn seed_ratio_gives_360_rpm_for_60k_tpm() {
        let c = Catalog::builtin();
        assert_eq!(60.0 * c.require(Kind::RpmPer1kTpm, "gpt-4o"), 360.0);
    }
}
