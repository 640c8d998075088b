//! Service tiers in your traffic: Azure Monitor splits `AzureOpenAIRequests`
//! by `ServiceTierRequest` (the tier a request asked for) and
//! `ServiceTierResponse` (the tier that served it). Per minute and
//! deployment: requests asked as Priority and answered as Standard (the
//! documented downgrades), and Flex requests answered 429 (Flex capacity
//! short, or the shared quota) where the same series is split by
//! `StatusCode` too. What each value means is the catalog's
//! (`facts::SERVICE_TIER_VALUES`, with the page that says it); a value no
//! page names is kept and named, never guessed.
//!
//! Memory: a deployment keeps one small cell per minute that has a tier
//! split (within its span, so under the store's bound on minutes), the
//! request × response totals over at most [`MAX_TIER_NAMES`] named values,
//! and the names themselves cut to [`MAX_TIER_NAME_CHARS`] characters.

use super::time::Minute;
use crate::facts::{service_tier_value, SourceId, TierMeaning};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// At most this many distinct values no page names are kept per run (the
/// others are counted as one, "other values").
pub const MAX_TIER_NAMES: usize = 16;
/// A kept value is cut to this many characters.
pub const MAX_TIER_NAME_CHARS: usize = 64;

/// A `ServiceTierRequest` / `ServiceTierResponse` value as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TierValue {
    /// A value a page names (`priority`, `default`, `standard`, `auto`, `flex`).
    Known(TierMeaning),
    /// A value no page names: its place in [`TierNames`].
    Named(u8),
    /// A value no page names, beyond the [`MAX_TIER_NAMES`] kept.
    Unnamed,
    /// The dimension present with an empty value.
    Empty,
    /// The series is not split by this dimension.
    Missing,
}

/// How one series of requests is split by tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TierSplit {
    pub request: Option<TierValue>,
    pub response: Option<TierValue>,
}

impl TierSplit {
    pub fn is_split(&self) -> bool {
        self.request.is_some() || self.response.is_some()
    }
}

/// The values no page names, as read (cut, control characters escaped).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TierNames {
    pub names: Vec<String>,
    /// Some value was not kept (beyond [`MAX_TIER_NAMES`]).
    pub more: bool,
}

impl TierNames {
    /// The value of a dimension's text: a known one, or a kept name.
    pub fn value(&mut self, text: &str) -> TierValue {
        let t = text.trim();
        if t.is_empty() {
            return TierValue::Empty;
        }
        if let Some((m, _)) = service_tier_value(t) {
            return TierValue::Known(m);
        }
        let name = clean_name(t);
        if let Some(i) = self.names.iter().position(|n| *n == name) {
            return TierValue::Named(i as u8);
        }
        if self.names.len() < MAX_TIER_NAMES {
            self.names.push(name);
            return TierValue::Named((self.names.len() - 1) as u8);
        }
        self.more = true;
        TierValue::Unnamed
    }

    /// How a value is shown: the meaning's code, or the name as read.
    pub fn label(&self, v: TierValue) -> String {
        match v {
            TierValue::Known(m) => m.code().to_string(),
            TierValue::Named(i) => self.names.get(usize::from(i)).cloned().unwrap_or_default(),
            TierValue::Unnamed => "(other values)".into(),
            TierValue::Empty => "(empty)".into(),
            TierValue::Missing => "(not split)".into(),
        }
    }
}

/// A value cut to [`MAX_TIER_NAME_CHARS`] characters (never inside a
/// character), control characters escaped.
fn clean_name(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i >= MAX_TIER_NAME_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// One minute's tier counts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TierCell {
    /// Requests that asked for Priority (any status).
    pub priority_asked: f64,
    /// Requests that asked for Priority and were answered as Standard.
    pub downgraded: f64,
    /// Requests that asked for Flex (any status).
    pub flex_asked: f64,
    /// Flex requests whose series carried a `StatusCode`.
    pub flex_with_status: f64,
    /// Flex requests answered 429.
    pub flex_429: f64,
}

/// One deployment's tier split, as read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tiers {
    /// Requests per (asked, answered) pair, over the whole span.
    pub pairs: BTreeMap<(TierValue, TierValue), f64>,
    /// Minutes with a tier split.
    pub minutes: BTreeMap<Minute, TierCell>,
    /// Some series was split by `ServiceTierRequest`.
    pub request_split: bool,
    /// Some series was split by `ServiceTierResponse`.
    pub response_split: bool,
    /// Some series of Flex requests had no `StatusCode`.
    pub flex_without_status: bool,
}

impl Tiers {
    pub fn is_empty(&self) -> bool {
        !self.request_split && !self.response_split
    }

    /// Adds `share` requests of a series split by tier to minute `m`.
    pub(crate) fn add(&mut self, m: Minute, split: TierSplit, status: Option<u16>, share: f64) {
        let request = split.request.unwrap_or(TierValue::Missing);
        let response = split.response.unwrap_or(TierValue::Missing);
        self.request_split |= split.request.is_some();
        self.response_split |= split.response.is_some();
        *self.pairs.entry((request, response)).or_insert(0.0) += share;
        let cell = self.minutes.entry(m).or_default();
        match request {
            TierValue::Known(TierMeaning::Priority) => {
                cell.priority_asked += share;
                if response == TierValue::Known(TierMeaning::Standard) {
                    cell.downgraded += share;
                }
            }
            TierValue::Known(TierMeaning::Flex) => {
                cell.flex_asked += share;
                match status {
                    Some(s) => {
                        cell.flex_with_status += share;
                        if s == 429 {
                            cell.flex_429 += share;
                        }
                    }
                    None => self.flex_without_status = true,
                }
            }
            _ => {}
        }
    }
}

/// A minute and a count.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TierPeak {
    pub at: Minute,
    pub count: f64,
    /// The count's share of the minute's requests of that tier.
    pub share: f64,
}

/// A minute with downgrades or Flex 429s.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TierMinute {
    pub at: Minute,
    pub priority_asked: f64,
    /// `None`: the export has no `ServiceTierResponse`.
    pub downgraded: Option<f64>,
    pub flex_asked: f64,
    /// `None`: the Flex requests carry no `StatusCode`.
    pub flex_429: Option<f64>,
}

/// Requests per (asked, answered) pair.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TierPair {
    pub request: String,
    pub response: String,
    pub requests: f64,
}

/// What the export lacks for an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TierGap {
    /// Downgrades need `ServiceTierResponse` beside `ServiceTierRequest`.
    NoResponseSplit,
    /// Downgrades and Flex 429s need `ServiceTierRequest`.
    NoRequestSplit,
    /// Flex 429s need the Flex series split by `StatusCode` too.
    NoFlexStatus,
}

impl TierGap {
    /// What the export lacks, and the split that gives it.
    pub fn text(self) -> crate::text::Text {
        use crate::text::Text;
        match self {
            TierGap::NoResponseSplit => Text::new(
                "the requests are not split by ServiceTierResponse: which Priority requests were answered as Standard cannot be told; export with ServiceTierResponse eq '*' beside ServiceTierRequest eq '*'",
                "요청이 ServiceTierResponse로 나뉘어 있지 않아 어떤 Priority 요청이 Standard로 다운그레이드되었는지 알 수 없습니다. ServiceTierRequest eq '*'와 함께 ServiceTierResponse eq '*'로 내보내세요",
            ),
            TierGap::NoRequestSplit => Text::new(
                "the requests are not split by ServiceTierRequest: the tier each request asked for is unknown, so neither downgrades nor Flex 429s can be told; export with ServiceTierRequest eq '*'",
                "요청이 ServiceTierRequest로 나뉘어 있지 않아 요청한 서비스 계층을 알 수 없으므로 다운그레이드도 Flex 429도 알 수 없습니다. ServiceTierRequest eq '*'로 내보내세요",
            ),
            TierGap::NoFlexStatus => Text::new(
                "the Flex requests are not split by StatusCode: their 429s cannot be told per tier; export ServiceTierRequest eq '*' and StatusCode eq '*' in the same filter",
                "Flex 요청이 StatusCode로 나뉘어 있지 않아 서비스 계층별 429를 알 수 없습니다. 같은 필터에 ServiceTierRequest eq '*'와 StatusCode eq '*'를 함께 넣어 내보내세요",
            ),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            TierGap::NoResponseSplit => "no_response_split",
            TierGap::NoRequestSplit => "no_request_split",
            TierGap::NoFlexStatus => "no_flex_status",
        }
    }
}

/// One deployment's tiers: Priority→Standard downgrades and Flex 429s per
/// minute, their totals, worst minute and share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TierReport {
    pub pairs: Vec<TierPair>,
    pub priority_asked: f64,
    /// `None`: no `ServiceTierResponse` split.
    pub downgraded: Option<f64>,
    /// Downgraded ÷ asked as Priority.
    pub downgrade_share: Option<f64>,
    pub worst_downgrade: Option<TierPeak>,
    pub flex_asked: f64,
    /// `None`: the Flex requests carry no `StatusCode`.
    pub flex_429: Option<f64>,
    pub flex_429_share: Option<f64>,
    pub worst_flex_429: Option<TierPeak>,
    /// Requests asked as `auto` (the deployment's own tier, which the
    /// export does not say): not counted as Priority.
    pub auto_asked: f64,
    /// Minutes with downgrades or Flex 429s, the first
    /// [`super::MAX_LISTED_MINUTES`].
    pub minutes: Vec<TierMinute>,
    /// All such minutes.
    pub minutes_total: u64,
    /// Values no page names, as read.
    pub unknown_values: Vec<String>,
    /// Some unknown values were not kept.
    pub unknown_more: bool,
    /// What the export lacks for an answer.
    pub gaps: Vec<TierGap>,
    /// The pages that say what the values mean.
    pub sources: Vec<SourceId>,
}

fn share(part: f64, whole: f64) -> Option<f64> {
    (whole > 0.0).then(|| (part / whole).clamp(0.0, 1.0))
}

/// The tier report of a deployment's split; `None` when it has none.
pub fn tier_report(t: &Tiers, names: &TierNames) -> Option<TierReport> {
    if t.is_empty() {
        return None;
    }
    let mut pairs: Vec<TierPair> = t
        .pairs
        .iter()
        .filter(|(_, n)| **n > 0.0)
        .map(|((q, r), n)| TierPair { request: names.label(*q), response: names.label(*r), requests: *n })
        .collect();
    pairs.sort_by(|a, b| {
        b.requests.total_cmp(&a.requests).then_with(|| a.request.cmp(&b.request)).then_with(|| a.response.cmp(&b.response))
    });
    let downgrades = t.request_split && t.response_split;
    let flex_status = !t.flex_without_status;
    let (mut priority_asked, mut downgraded, mut flex_asked, mut flex_429) = (0.0, 0.0, 0.0, 0.0);
    let (mut worst_d, mut worst_f): (Option<TierPeak>, Option<TierPeak>) = (None, None);
    let mut minutes = Vec::new();
    let mut minutes_total = 0u64;
    for (&at, c) in &t.minutes {
        priority_asked += c.priority_asked;
        downgraded += c.downgraded;
        flex_asked += c.flex_asked;
        flex_429 += c.flex_429;
        if downgrades && c.downgraded > 0.0 && worst_d.is_none_or(|w| c.downgraded > w.count) {
            worst_d = Some(TierPeak { at, count: c.downgraded, share: share(c.downgraded, c.priority_asked).unwrap_or(0.0) });
        }
        if flex_status && c.flex_429 > 0.0 && worst_f.is_none_or(|w| c.flex_429 > w.count) {
            worst_f = Some(TierPeak { at, count: c.flex_429, share: share(c.flex_429, c.flex_asked).unwrap_or(0.0) });
        }
        let listed = (downgrades && c.downgraded > 0.0) || (flex_status && c.flex_429 > 0.0);
        if listed {
            minutes_total = minutes_total.saturating_add(1);
            if minutes.len() < super::analyze::MAX_LISTED_MINUTES {
                minutes.push(TierMinute {
                    at,
                    priority_asked: c.priority_asked,
                    downgraded: downgrades.then_some(c.downgraded),
                    flex_asked: c.flex_asked,
                    flex_429: flex_status.then_some(c.flex_429),
                });
            }
        }
    }
    let auto_asked = t.pairs.iter().filter(|((q, _), _)| *q == TierValue::Known(TierMeaning::Deployment)).map(|(_, n)| *n).sum();
    let mut gaps = Vec::new();
    if !t.request_split {
        gaps.push(TierGap::NoRequestSplit);
    }
    if !t.response_split {
        gaps.push(TierGap::NoResponseSplit);
    }
    if flex_asked > 0.0 && !flex_status {
        gaps.push(TierGap::NoFlexStatus);
    }
    let mut sources = Vec::new();
    for (q, r) in t.pairs.keys() {
        for v in [q, r] {
            if let TierValue::Known(m) = v {
                if let Some((_, _, s)) = crate::facts::SERVICE_TIER_VALUES.iter().find(|(_, mm, _)| mm == m) {
                    if !sources.contains(&s.source) {
                        sources.push(s.source);
                    }
                }
            }
        }
    }
    sources.sort();
    let unknown_used = |i: usize| t.pairs.keys().any(|(q, r)| *q == TierValue::Named(i as u8) || *r == TierValue::Named(i as u8));
    let unknown_values = names.names.iter().enumerate().filter(|(i, _)| unknown_used(*i)).map(|(_, n)| n.clone()).collect();
    let unknown_more = t.pairs.keys().any(|(q, r)| *q == TierValue::Unnamed || *r == TierValue::Unnamed);
    Some(TierReport {
        pairs,
        priority_asked,
        downgraded: downgrades.then_some(downgraded),
        downgrade_share: if downgrades { share(downgraded, priority_asked) } else { None },
        worst_downgrade: worst_d,
        flex_asked,
        flex_429: (flex_status && t.request_split).then_some(flex_429),
        flex_429_share: if flex_status { share(flex_429, flex_asked) } else { None },
        worst_flex_429: worst_f,
        auto_asked,
        minutes,
        minutes_total,
        unknown_values,
        unknown_more,
        gaps,
        sources,
    })
}

/// The dimensions a tier-aware export splits `AzureOpenAIRequests` by.
pub const TIER_FILTER: &str =
    "ModelDeploymentName eq '*' and ServiceTierRequest eq '*' and ServiceTierResponse eq '*' and StatusCode eq '*'";

/// The `az rest` command that exports an account's requests split by
/// deployment, asked and answered tier and status, one minute apart
/// (`Metrics - List`, api-version 2023-10-01): the layout this tool reads.
/// The account's id and the period are shell variables the user sets; no
/// value of theirs is written into the command.
pub fn tier_export_command() -> String {
    let filter = TIER_FILTER.replace(' ', "%20").replace('\'', "%27").replace('*', "%2A");
    format!(
        "AOAI_ID=/subscriptions/SUBSCRIPTION/resourceGroups/GROUP/providers/Microsoft.CognitiveServices/accounts/ACCOUNT\n\
         START=2026-11-01T00:00:00Z\n\
         END=2026-11-08T00:00:00Z\n\
         az rest --method get \\\n  \
         --url \"https://management.azure.com${{AOAI_ID}}/providers/microsoft.insights/metrics?api-version=2023-10-01\
         &metricnames=AzureOpenAIRequests&aggregation=Total&interval=PT1M&timespan=${{START}}/${{END}}&%24filter={filter}\" \\\n  \
         > tiers.json\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_bounded_and_cut() {
        let mut n = TierNames::default();
        assert_eq!(n.value("PRIORITY"), TierValue::Known(TierMeaning::Priority));
        assert_eq!(n.value(""), TierValue::Empty);
        let long = "x".repeat(1 << 20);
        let TierValue::Named(i) = n.value(&long) else { panic!("not kept") };
        assert_eq!(n.names[usize::from(i)].chars().count(), MAX_TIER_NAME_CHARS + 1);
        assert_eq!(n.value("a\u{7}b"), TierValue::Named(1));
        assert_eq!(n.names[1], "a\\u{7}b");
        for k in 0..40 {
            n.value(&format!("v{k}"));
        }
        assert_eq!(n.names.len(), MAX_TIER_NAMES);
        assert!(n.more);
        assert_eq!(n.value("v39"), TierValue::Unnamed);
    }

    #[test]
    fn the_command_reads_its_variables() {
        let c = tier_export_command();
        assert!(
            c.contains("https://management.azure.com${AOAI_ID}/providers/microsoft.insights/metrics?api-version=2023-10-01&metricnames="),
            "{c}"
        );
        assert!(c.contains("&%24filter=ModelDeploymentName%20eq%20%27%2A%27%20and%20ServiceTierRequest"), "{c}");
        assert!(!c.contains('\''), "{c}");
    }
}
