//! The whole comparison as URL query pairs, for share links, and back.
//!
//! Keys: `days` (days per month); the baseline's fields under `b.`; the
//! scenarios under `s1.` … `s4.`, each with its `name` and only the fields
//! that differ from the baseline. Fields: `name req per model dep sys user
//! k chunk out max cache batch rel` (`max=none` clears the cap; `per` is
//! `day` or `month`; `dep` a [`DeploymentType`] code; `rel` 0 or 1). Price
//! overrides travel as `f.<fact id>=value` ([`encode_overrides`]). The pairs
//! are raw strings: the UI percent-encodes them. Keys outside these
//! prefixes are left for the rest of the page and ignored here.

use super::compare::{Comparison, Scenario, MAX_SCENARIOS};
use super::prices::DeploymentType;
use super::scenario::CostConfig;
use super::workload::{Period, Workload};
use crate::facts::{Catalog, OverrideError};
use serde::{Deserialize, Serialize};

pub type Pairs = Vec<(String, String)>;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ShareProblem {
    NotANumber,
    UnknownPeriod,
    UnknownDeployment,
    NotABool,
    UnknownField,
    /// Scenario numbers run from 1 to [`MAX_SCENARIOS`].
    NoSuchScenario,
    Repeated,
    /// `f.<id>` names no fact.
    UnknownFact,
    Negative,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShareError {
    pub key: String,
    pub value: String,
    pub problem: ShareProblem,
}

fn num(x: f64) -> String {
    format!("{x}")
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
        ("dep", w.deployment.code().to_string()),
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

/// The comparison as query pairs.
pub fn encode(c: &Comparison) -> Pairs {
    let mut out = vec![("days".to_string(), num(c.config.days_per_month))];
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

fn set_field(w: &mut Workload, field: &str, value: &str) -> Result<(), ShareProblem> {
    let number = || match value.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(ShareProblem::NotANumber),
    };
    match field {
        "req" => w.requests = number()?,
        "per" => {
            w.per = match value {
                "day" => Period::Day,
                "month" => Period::Month,
                _ => return Err(ShareProblem::UnknownPeriod),
            }
        }
        "model" => w.model = value.to_string(),
        "dep" => w.deployment = DeploymentType::from_code(value).ok_or(ShareProblem::UnknownDeployment)?,
        "sys" => w.system_tokens = number()?,
        "user" => w.user_tokens = number()?,
        "k" => w.chunks = number()?,
        "chunk" => w.tokens_per_chunk = number()?,
        "out" => w.output_tokens = number()?,
        "max" => w.max_tokens = if value == "none" { None } else { Some(number()?) },
        "cache" => w.cacheable_share = number()?,
        "batch" => w.batch_share = number()?,
        "rel" => {
            w.relevance_measured = match value {
                "1" | "true" => true,
                "0" | "false" => false,
                _ => return Err(ShareProblem::NotABool),
            }
        }
        _ => return Err(ShareProblem::UnknownField),
    }
    Ok(())
}

/// Which workload a key addresses: `None` for the baseline, `Some(i)` for
/// scenario index i; `Err` for a bad scenario number; and the field name.
fn split_key(key: &str) -> Option<(Result<Option<usize>, ShareProblem>, &str)> {
    let (head, field) = key.split_once('.')?;
    if head == "b" {
        return Some((Ok(None), field));
    }
    let n = head.strip_prefix('s')?.parse::<usize>().ok()?;
    let slot = if (1..=MAX_SCENARIOS).contains(&n) { Ok(Some(n - 1)) } else { Err(ShareProblem::NoSuchScenario) };
    Some((slot, field))
}

/// The comparison from query pairs. Fields missing from the baseline take
/// [`Workload::default`]'s; fields missing from a scenario take the
/// baseline's. Values are only parsed here: [`super::compare::evaluate`]
/// judges them.
pub fn decode(pairs: &[(String, String)]) -> Result<Comparison, Vec<ShareError>> {
    let mut errors = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut err = |key: &str, value: &str, problem| {
        errors.push(ShareError { key: key.to_string(), value: value.to_string(), problem });
    };
    let mut config = CostConfig::default();
    let mut base = Scenario { name: String::new(), workload: Workload::default() };
    let mut scen: [Option<Vec<(&str, &str)>>; MAX_SCENARIOS] = Default::default();
    for (key, value) in pairs {
        let ours = key == "days" || split_key(key).is_some();
        if ours && !seen.insert(key.as_str()) {
            err(key, value, ShareProblem::Repeated);
            continue;
        }
        if key == "days" {
            match value.trim().parse::<f64>() {
                Ok(x) if x.is_finite() => config.days_per_month = x,
                _ => err(key, value, ShareProblem::NotANumber),
            }
            continue;
        }
        match split_key(key) {
            None => {}
            Some((Err(p), _)) => err(key, value, p),
            Some((Ok(None), "name")) => base.name = value.clone(),
            Some((Ok(None), field)) => {
                if let Err(p) = set_field(&mut base.workload, field, value) {
                    err(key, value, p);
                }
            }
            Some((Ok(Some(i)), field)) => scen[i].get_or_insert_with(Vec::new).push((field, value)),
        }
    }
    let mut scenarios = Vec::new();
    for (i, fields) in scen.into_iter().enumerate() {
        let Some(fields) = fields else { continue };
        let mut s = Scenario { name: String::new(), workload: base.workload.clone() };
        for (field, value) in fields {
            if field == "name" {
                s.name = value.to_string();
            } else if let Err(p) = set_field(&mut s.workload, field, value) {
                err(&format!("s{}.{field}", i + 1), value, p);
            }
        }
        scenarios.push(s);
    }
    if errors.is_empty() {
        Ok(Comparison { baseline: base, scenarios, config })
    } else {
        Err(errors)
    }
}

/// The user's price (and other fact) overrides as `f.<fact id>` pairs.
pub fn encode_overrides(catalog: &Catalog) -> Pairs {
    catalog.overrides().iter().map(|(id, v)| (format!("f.{id}"), num(*v))).collect()
}

/// A catalog with the `f.` pairs applied as overrides; other keys ignored.
pub fn decode_overrides(pairs: &[(String, String)]) -> Result<Catalog, Vec<ShareError>> {
    let mut catalog = Catalog::builtin();
    let mut errors = Vec::new();
    for (key, value) in pairs {
        let Some(id) = key.strip_prefix("f.") else { continue };
        let problem = match value.trim().parse::<f64>() {
            Err(_) => ShareProblem::NotANumber,
            Ok(x) => match catalog.set_override(id, x) {
                Ok(()) => continue,
                Err(OverrideError::UnknownFact(_)) => ShareProblem::UnknownFact,
                Err(OverrideError::Negative) => ShareProblem::Negative,
                Err(OverrideError::NotANumber) => ShareProblem::NotANumber,
            },
        };
        errors.push(ShareError { key: key.clone(), value: value.clone(), problem });
    }
    if errors.is_empty() {
        Ok(catalog)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::compare::Slot;

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
        c.duplicate(Slot::Scenario(0), "no cap, batch, & more".into()).unwrap();
        let w = &mut c.scenarios[1].workload;
        (w.max_tokens, w.batch_share, w.deployment, w.model) = (None, 0.1 + 0.2, DeploymentType::DataZone, "gpt-4.1-mini".into());
        w.relevance_measured = true;
        c.duplicate(Slot::Baseline, String::new()).unwrap();
        c
    }

    #[test]
    fn round_trip() {
        let c = sample();
        let encoded = encode(&c);
        assert_eq!(decode(&encoded), Ok(c));
        // Scenarios carry only what differs from the baseline.
        let s1: Vec<&str> = encoded.iter().filter(|(k, _)| k.starts_with("s1.")).map(|(k, _)| k.as_str()).collect();
        assert_eq!(s1, vec!["s1.name", "s1.k"]);
        assert!(encoded.contains(&("s2.max".into(), "none".into())));
        assert!(encoded.contains(&("s3.name".into(), String::new())));
    }

    #[test]
    fn overrides_round_trip() {
        let mut cat = Catalog::builtin();
        cat.set_override("price_output.gpt-4o", 12.0).unwrap();
        cat.set_override("batch_price_factor.any", 0.45).unwrap();
        assert_eq!(decode_overrides(&encode_overrides(&cat)), Ok(cat));
        let e = decode_overrides(&pairs(&[("f.nope.x", "1"), ("f.price_input.gpt-4o", "-1"), ("f.price_input.o3", "x"), ("lang", "ko")]))
            .unwrap_err();
        let problems: Vec<_> = e.into_iter().map(|e| e.problem).collect();
        assert_eq!(problems, vec![ShareProblem::UnknownFact, ShareProblem::Negative, ShareProblem::NotANumber]);
    }

    #[test]
    fn bad_values_are_errors_and_other_keys_are_left_alone() {
        let e = decode(&pairs(&[
            ("lang", "ko"),
            ("b.req", "NaN"),
            ("b.per", "week"),
            ("b.dep", "moon"),
            ("s1.rel", "maybe"),
            ("s5.k", "4"),
            ("s1.colour", "red"),
            ("days", "abc"),
            ("b.sys", "1"),
            ("b.sys", "2"),
        ]))
        .unwrap_err();
        let got: Vec<(&str, ShareProblem)> = e.iter().map(|e| (e.key.as_str(), e.problem.clone())).collect();
        assert_eq!(
            got,
            vec![
                ("b.req", ShareProblem::NotANumber),
                ("b.per", ShareProblem::UnknownPeriod),
                ("b.dep", ShareProblem::UnknownDeployment),
                ("s5.k", ShareProblem::NoSuchScenario),
                ("days", ShareProblem::NotANumber),
                ("b.sys", ShareProblem::Repeated),
                ("s1.rel", ShareProblem::NotABool),
                ("s1.colour", ShareProblem::UnknownField),
            ]
        );
        let partial = decode(&pairs(&[("b.out", "300"), ("s2.name", "x")])).unwrap();
        assert_eq!(partial.baseline.workload.output_tokens, 300.0);
        assert_eq!(partial.baseline.workload.model, Workload::default().model);
        assert_eq!(partial.scenarios.len(), 1);
        assert_eq!(partial.scenarios[0].workload.output_tokens, 300.0);
    }
}
