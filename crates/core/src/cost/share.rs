//! The whole comparison as URL query pairs, for share links, and back.
//!
//! Keys: `days` (days per month); the baseline's fields under `b.`; the
//! scenarios under `s1.` … `s4.`, each with its `name` and only the fields
//! that differ from the baseline. Fields: `name req per model dep sys user
//! k chunk out max cache batch rel` (`max=none` clears the cap; `per` is
//! `day` or `month`; `dep` a [`Scope`] code; `rel` 0 or 1). Price
//! overrides travel as `f.<fact id>=value` ([`encode_overrides`]). The pairs
//! are raw strings: `io::query_string` percent-encodes them. Every key is a line of
//! one [`table`], which checks what a link brings; keys outside it are left
//! for the rest of the page and ignored here.

use super::compare::{Comparison, Scenario, MAX_SCENARIOS};
use super::prices::price_table;
use super::scenario::CostConfig;
use super::workload::{Period, Workload, MAX_CHUNKS, MAX_REQUESTS, MAX_TOKENS_PER_FIELD};
use crate::facts::Catalog;
use crate::facts::Scope;
use crate::io::{field, Kind, Rejected, Table};

pub use crate::io::Pairs;

/// The `region` value for "not chosen".
pub const ANY_REGION: &str = "any";

/// Longest scenario or model name a link may carry.
pub const MAX_NAME_CHARS: usize = 80;

fn num(x: f64) -> String {
    format!("{x}")
}

/// The fields of one workload column: (key, kind), in link order.
fn workload_kinds() -> Vec<(&'static str, Kind)> {
    vec![
        ("name", Kind::Text { max_chars: MAX_NAME_CHARS }),
        ("req", Kind::number(0.0, MAX_REQUESTS)),
        ("per", Kind::Enum(vec!["day", "month"])),
        ("model", Kind::Text { max_chars: MAX_NAME_CHARS }),
        ("dep", Kind::Enum(Scope::ALL.iter().map(|d| d.url_code()).collect())),
        ("sys", Kind::number(0.0, MAX_TOKENS_PER_FIELD)),
        ("user", Kind::number(0.0, MAX_TOKENS_PER_FIELD)),
        ("k", Kind::whole(0.0, MAX_CHUNKS)),
        ("chunk", Kind::number(0.0, MAX_TOKENS_PER_FIELD)),
        ("out", Kind::number(0.0, MAX_TOKENS_PER_FIELD)),
        ("max", Kind::number(0.0, MAX_TOKENS_PER_FIELD).or_unset("none")),
        ("cache", Kind::number(0.0, 1.0)),
        ("batch", Kind::number(0.0, 1.0)),
        ("rel", Kind::Bool),
    ]
}

fn fields(w: &Workload) -> [(&'static str, String); 13] {
    let per = match w.per {
        Period::Day => "day",
        Period::Month => "month",
    };
    [
        ("req", num(w.requests)),
        ("per", per.to_string()),
        ("model", w.model.clone()),
        ("dep", w.deployment.url_code().to_string()),
        ("sys", num(w.system_tokens)),
        ("user", num(w.user_tokens)),
        ("k", num(w.chunks)),
        ("chunk", num(w.tokens_per_chunk)),
        ("out", num(w.output_tokens)),
        ("max", w.max_tokens.map_or("none".to_string(), num)),
        ("cache", num(w.cacheable_share)),
        ("batch", num(w.batch_share)),
        ("rel", if w.relevance_measured { "1" } else { "0" }.to_string()),
    ]
}

/// Every key the comparison's link may carry: `days`, the baseline's and
/// each scenario's fields (defaults: [`Workload::default`]'s), and
/// `f.<id>` for each of `fact_ids` (any finite price, not negative).
pub fn table(fact_ids: &[String]) -> Table {
    let defaults: Vec<(&str, String)> = fields(&Workload::default()).into_iter().collect();
    let default_of = |k: &str| defaults.iter().find(|(d, _)| *d == k).map(|(_, v)| v.clone()).unwrap_or_default();
    let mut out = vec![field("days", Kind::number(1.0, 31.0), num(CostConfig::default().days_per_month))];
    let regions = std::iter::once(ANY_REGION).chain(crate::facts::REGIONS.iter().map(|r| r.code)).collect();
    out.push(field("region", Kind::Enum(regions), ANY_REGION));
    let prefixes = std::iter::once("b".to_string()).chain((1..=MAX_SCENARIOS).map(|i| format!("s{i}")));
    for prefix in prefixes {
        for (k, kind) in workload_kinds() {
            out.push(field(format!("{prefix}.{k}"), kind, default_of(k)));
        }
    }
    for id in fact_ids {
        out.push(field(format!("f.{id}"), Kind::number(0.0, f64::MAX), ""));
    }
    Table::new(out)
}

/// Fact ids of every price and factor the price table shows (the overrides
/// a cost link carries).
pub fn price_fact_ids(catalog: &Catalog) -> Vec<String> {
    let t = price_table(catalog);
    let mut ids: Vec<String> =
        t.rows.iter().flat_map(|r| [&r.input, &r.cached_input, &r.output]).flatten().map(|c| c.fact_id.clone()).collect();
    ids.extend([t.datazone_factor.fact_id, t.regional_factor.fact_id, t.batch_factor.fact_id]);
    // Each region's Regional uplift (the page edits the chosen region's).
    ids.extend(
        crate::facts::REGIONS
            .iter()
            .filter_map(|r| crate::facts::builtin(crate::facts::Kind::RegionalPriceFactor, r.code))
            .map(crate::facts::Fact::id),
    );
    ids
}

/// The comparison as query pairs.
pub fn encode(c: &Comparison) -> Pairs {
    let mut out = vec![("days".to_string(), num(c.config.days_per_month))];
    out.push(("region".to_string(), c.config.region.clone().unwrap_or_else(|| ANY_REGION.to_string())));
    out.push(("b.name".to_string(), c.baseline.name.clone()));
    let base = fields(&c.baseline.workload);
    for (k, v) in &base {
        out.push((format!("b.{k}"), v.clone()));
    }
    for (i, s) in c.scenarios.iter().enumerate().take(MAX_SCENARIOS) {
        let prefix = format!("s{}.", i + 1);
        out.push((format!("{prefix}name"), s.name.clone()));
        for ((k, v), (_, b)) in fields(&s.workload).into_iter().zip(&base) {
            if &v != b {
                out.push((format!("{prefix}{k}"), v));
            }
        }
    }
    out
}

/// Sets a field from a value the table has kept; `false` when it still
/// does not read (then the value is refused like any other).
fn set_field(w: &mut Workload, field: &str, value: &str) -> bool {
    let number = || crate::io::parse_number(value);
    let ok = |x: Option<f64>, slot: &mut f64| x.map(|x| *slot = x).is_some();
    match field {
        "req" => ok(number(), &mut w.requests),
        "per" => {
            w.per = if value == "day" { Period::Day } else { Period::Month };
            true
        }
        "model" => {
            w.model = value.to_string();
            true
        }
        "dep" => Scope::from_code(value).map(|d| w.deployment = d).is_some(),
        "sys" => ok(number(), &mut w.system_tokens),
        "user" => ok(number(), &mut w.user_tokens),
        "k" => ok(number(), &mut w.chunks),
        "chunk" => ok(number(), &mut w.tokens_per_chunk),
        "out" => ok(number(), &mut w.output_tokens),
        "max" if value == "none" => {
            w.max_tokens = None;
            true
        }
        "max" => number().map(|x| w.max_tokens = Some(x)).is_some(),
        "cache" => ok(number(), &mut w.cacheable_share),
        "batch" => ok(number(), &mut w.batch_share),
        "rel" => {
            w.relevance_measured = value == "1";
            true
        }
        _ => false,
    }
}

/// What a cost link opens: the comparison (refused values keep the
/// default: [`Workload::default`]'s for the baseline, the baseline's for a
/// scenario), the price overrides it carries, and what was refused.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub comparison: Comparison,
    pub overrides: Vec<(String, f64)>,
    pub rejected: Vec<Rejected>,
    /// Whether the pairs named any of the comparison's keys at all.
    pub touched: bool,
}

/// The comparison from query pairs, every value checked by [`table`].
/// A scenario exists when the link names any of its keys.
pub fn decode(pairs: &[(String, String)], fact_ids: &[String]) -> Opened {
    let d = table(fact_ids).decode(pairs);
    let mut rejected = d.rejected.clone();
    let mut config = CostConfig::default();
    let mut base = Scenario { name: String::new(), workload: Workload::default() };
    let mut overrides = Vec::new();
    for (key, value) in &d.pairs {
        if key == "days" {
            match crate::io::parse_number(value) {
                Some(x) => config.days_per_month = x,
                None => rejected.push(refused(key, value)),
            }
        } else if key == "region" {
            config.region = crate::facts::region(value).map(|r| r.code.to_string());
        } else if let Some(id) = key.strip_prefix("f.") {
            match crate::io::parse_number(value) {
                Some(x) => overrides.push((id.to_string(), x)),
                None => rejected.push(refused(key, value)),
            }
        } else if let Some(f) = key.strip_prefix("b.") {
            if f == "name" {
                base.name = value.clone();
            } else if !set_field(&mut base.workload, f, value) {
                rejected.push(refused(key, value));
            }
        }
    }
    let mut scenarios = Vec::new();
    for i in 1..=MAX_SCENARIOS {
        let prefix = format!("s{i}.");
        let named = d.pairs.iter().map(|(k, _)| k).chain(d.rejected.iter().map(|r| &r.field)).any(|k| k.starts_with(&prefix));
        if !named {
            continue;
        }
        let mut s = Scenario { name: String::new(), workload: base.workload.clone() };
        for (key, value) in &d.pairs {
            let Some(f) = key.strip_prefix(&prefix) else { continue };
            if f == "name" {
                s.name = value.clone();
            } else if !set_field(&mut s.workload, f, value) {
                rejected.push(refused(key, value));
            }
        }
        scenarios.push(s);
    }
    Opened { comparison: Comparison { baseline: base, scenarios, config }, overrides, rejected, touched: d.touched() }
}

/// The comparison's link as a query string, both ways (`io::LinkCodec`):
/// the state is the comparison and the price overrides among `fact_ids`.
#[derive(Clone, Debug, Default)]
pub struct CostLink {
    pub fact_ids: Vec<String>,
}

impl crate::io::LinkCodec for CostLink {
    type State = (Comparison, Vec<(String, f64)>);

    fn table(&self) -> Table {
        table(&self.fact_ids)
    }

    fn open(&self, checked: &[(String, String)]) -> crate::io::Opened<Self::State> {
        let o = decode(checked, &self.fact_ids);
        crate::io::Opened { state: (o.comparison, o.overrides), rejected: o.rejected, unknown: Vec::new(), touched: o.touched }
    }

    fn pairs(&self, state: &Self::State) -> Pairs {
        let mut pairs = encode(&state.0);
        pairs.extend(state.1.iter().filter(|(id, _)| self.fact_ids.contains(id)).map(|(id, v)| (format!("f.{id}"), num(*v))));
        pairs
    }
}

fn refused(key: &str, value: &str) -> Rejected {
    crate::io::rejected(key, value, crate::io::Reason::NotANumber)
}

/// The user's price (and other fact) overrides among `fact_ids` as `f.<id>` pairs.
pub fn encode_overrides(catalog: &Catalog, fact_ids: &[String]) -> Pairs {
    catalog.overrides().iter().filter(|(id, _)| fact_ids.contains(id)).map(|(id, v)| (format!("f.{id}"), num(*v))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::compare::Slot;
    use crate::io::{parse_query, query_string, Reason};

    fn pairs(list: &[(&str, &str)]) -> Pairs {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn sample() -> Comparison {
        let mut c = Comparison::new(Workload {
            requests: 1_234_567.0,
            per: Period::Month,
            cacheable_share: 0.35,
            max_tokens: Some(800.0),
            ..Workload::default()
        });
        c.baseline.name = "today".into();
        c.config.days_per_month = 31.0;
        c.duplicate(Slot::Baseline, "k = 4".into()).unwrap();
        c.scenarios[0].workload.chunks = 4.0;
        c.duplicate(Slot::Scenario(0), "no cap, batch, & more #2".into()).unwrap();
        let w = &mut c.scenarios[1].workload;
        (w.max_tokens, w.batch_share, w.deployment, w.model) = (None, 0.1 + 0.2, Scope::DataZone, "gpt-4.1-mini".into());
        w.relevance_measured = true;
        c.duplicate(Slot::Baseline, String::new()).unwrap();
        c
    }

    #[test]
    fn round_trip_through_the_query_string() {
        let c = sample();
        let encoded = encode(&c);
        let opened = decode(&parse_query(&query_string(&encoded)).pairs, &[]);
        assert_eq!(opened.rejected, vec![]);
        assert_eq!(opened.comparison, c);
        assert!(opened.touched);
        // Scenarios carry only what differs from the baseline.
        let s1: Vec<&str> = encoded.iter().filter(|(k, _)| k.starts_with("s1.")).map(|(k, _)| k.as_str()).collect();
        assert_eq!(s1, vec!["s1.name", "s1.k"]);
        assert!(encoded.contains(&("s2.max".into(), "none".into())));
        assert!(encoded.contains(&("s3.name".into(), String::new())));
    }

    #[test]
    fn overrides_round_trip_only_for_the_given_facts() {
        let mut cat = Catalog::builtin();
        cat.set_override("price_output.gpt-4o", 12.0).unwrap();
        cat.set_override("batch_price_factor.any", 0.45).unwrap();
        let ids = price_fact_ids(&cat);
        assert!(ids.contains(&"price_output.gpt-4o".to_string()));
        let encoded = encode_overrides(&cat, &ids);
        assert_eq!(encoded.len(), 2);
        let mut got = decode(&encoded, &ids).overrides;
        got.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(got, vec![("batch_price_factor.any".to_string(), 0.45), ("price_output.gpt-4o".to_string(), 12.0)]);
        let o = decode(&pairs(&[("f.nope.x", "1"), ("f.price_input.gpt-4o", "-1"), ("f.price_output.gpt-4o", "x"), ("lang", "ko")]), &ids);
        assert!(o.overrides.is_empty());
        let reasons: Vec<_> = o.rejected.into_iter().map(|e| e.problem).collect();
        assert_eq!(reasons, vec![Reason::TooSmall { min: 0.0 }, Reason::NotANumber]);
    }

    #[test]
    fn bad_values_are_refused_with_a_reason_and_keep_the_default() {
        let o = decode(
            &pairs(&[
                ("lang", "ko"),
                ("b.req", "NaN"),
                ("b.per", "week"),
                ("b.dep", "moon"),
                ("s1.rel", "maybe"),
                ("s5.k", "4"),
                ("s1.colour", "red"),
                ("days", "400"),
                ("b.sys", "1"),
                ("b.sys", "2"),
                ("b.k", "1.5"),
                ("b.name", &"n".repeat(81)),
            ]),
            &[],
        );
        let got: Vec<(&str, Reason)> = o.rejected.iter().map(|e| (e.field.as_str(), e.problem.clone())).collect();
        assert_eq!(
            got,
            vec![
                ("b.req", Reason::NotANumber),
                ("b.per", Reason::NotOneOf { allowed: vec!["day".into(), "month".into()] }),
                ("b.dep", Reason::NotOneOf { allowed: Scope::ALL.iter().map(|d| d.url_code().to_string()).collect() }),
                ("s1.rel", Reason::NotABool),
                ("days", Reason::TooLarge { max: 31.0 }),
                ("b.sys", Reason::Repeated),
                ("b.k", Reason::NotWhole),
                ("b.name", Reason::TooLong { max: MAX_NAME_CHARS }),
            ]
        );
        let c = o.comparison;
        assert_eq!(c.config, CostConfig::default());
        assert_eq!(c.baseline.workload.requests, Workload::default().requests);
        assert_eq!(c.baseline.workload.system_tokens, 1.0);
        // s1 was named (even if refused): it exists, as the baseline; s5 and unknown keys are ignored.
        assert_eq!(c.scenarios.len(), 1);
        assert_eq!(c.scenarios[0].workload, c.baseline.workload);
        let partial = decode(&pairs(&[("b.out", "300"), ("s2.name", "x")]), &[]).comparison;
        assert_eq!(partial.baseline.workload.output_tokens, 300.0);
        assert_eq!(partial.baseline.workload.model, Workload::default().model);
        assert_eq!(partial.scenarios.len(), 1);
        assert_eq!(partial.scenarios[0].workload.output_tokens, 300.0);
        assert!(!decode(&pairs(&[("lang", "ko")]), &[]).touched);
    }

    proptest::proptest! {
        #[test]
        fn any_query_opens_a_bounded_comparison(q in "(([bsf]|s[0-9]|days)[.]?[a-z_.-]{0,12}=[^&#]{0,20}&){0,20}") {
            let ids = price_fact_ids(&Catalog::builtin());
            let opened = decode(&parse_query(&q).pairs, &ids);
            proptest::prop_assert!(opened.comparison.scenarios.len() <= MAX_SCENARIOS);
            proptest::prop_assert!(opened.overrides.iter().all(|(_, v)| v.is_finite() && *v >= 0.0));
        }
    }
}
