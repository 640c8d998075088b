//! A plan in the URL: one table of the planner's and the simulator's
//! query fields (stable short keys, checked ranges), [`PlanInput`] to and
//! from query pairs, and the hand-off's link to the KEDA generator (the
//! replicas a quota feeds are worked out in `replicas.rs`).
//!
//! Adding a field is one line: in [`PLAN`] (a [`PlanInput`] field: key,
//! [`Field`], kind, read, write) or in [`sim_fields`] (key, kind, default).

use super::input::PlanInput;

use super::replicas::MAX_REPLICA_CONCURRENCY;
use super::sim::{MAX_ATTEMPTS, MAX_BACKOFF_S, MAX_DEPLOYMENTS, MAX_SIM_SECONDS};
use super::validate::{Field, FieldError, Problem, MAX_BURST, MAX_N, MAX_PTU, MAX_REQUEST_TOKENS, MAX_RPM, MAX_RPM_PER_1K, MAX_TPM};
use crate::facts::{DeploymentType, QuotaTier};
use crate::io::{field, Kind, Table};

/// The value of an unset `max_tokens` or a ratio taken from the catalog.
pub const UNSET: &str = "unset";

/// The tier value for "my own numbers" (no quota tier).
pub const OWN_NUMBERS: &str = "own";

/// Largest seed a link may carry (the largest whole number an f64 holds exactly).
pub const MAX_SEED: f64 = 9_007_199_254_740_991.0;
/// Longest model name, deployment list or step schedule a link may carry.
const MAX_MODEL_CHARS: usize = 64;
const MAX_LIST_CHARS: usize = 2_048;

/// One plan field in the URL: its key (stable: links in the wild depend on
/// it), the planner field, what a link may hold, and how it is read from and
/// written to a [`PlanInput`].
pub struct PlanLine {
    pub key: &'static str,
    pub field: Field,
    pub kind: fn() -> Kind,
    pub get: fn(&PlanInput) -> String,
    pub set: fn(&mut PlanInput, &str) -> Result<(), Problem>,
}

fn text(x: f64) -> String {
    x.to_string()
}

fn opt_text(x: Option<f64>) -> String {
    x.map_or(UNSET.to_string(), text)
}

fn deployment_kind() -> Kind {
    Kind::Enum(DeploymentType::LINK_WORDS.to_vec())
}

/// The region value for "not chosen".
pub const ANY_REGION: &str = "any";

fn region_kind() -> Kind {
    Kind::Enum(std::iter::once(ANY_REGION).chain(crate::facts::REGIONS.iter().map(|r| r.code)).collect())
}

fn tier_kind() -> Kind {
    Kind::Enum(std::iter::once(OWN_NUMBERS).chain(QuotaTier::PAID.iter().map(|t| t.code())).collect())
}

/// A plan field that is a number from 0 to `max`, kept in the `PlanInput` field `$name`.
macro_rules! number_line {
    ($key:literal, $field:expr, $max:expr, $name:ident) => {
        PlanLine {
            key: $key,
            field: $field,
            kind: || Kind::number(0.0, $max),
            get: |p| text(p.$name),
            set: |p, v| {
                p.$name = parse_number(v)?;
                Ok(())
            },
        }
    };
}

/// The plan's fields, in form order. Ranges are the planner's own sanity
/// bounds ([`PlanInput::validate`] says why a value inside them is still wrong).
pub const PLAN: &[PlanLine] = &[
    PlanLine {
        key: "m",
        field: Field::Model,
        kind: || Kind::Text { max_chars: MAX_MODEL_CHARS },
        get: |p| p.model.clone(),
        set: |p, v| {
            p.model = nonempty(v)?;
            Ok(())
        },
    },
    PlanLine {
        key: "d",
        field: Field::Deployment,
        kind: deployment_kind,
        get: |p| p.deployment.code().to_string(),
        set: |p, v| {
            p.deployment = DeploymentType::from_code(v.trim()).ok_or(Problem::NotANumber)?;
            Ok(())
        },
    },
    PlanLine {
        key: "qt",
        field: Field::Tier,
        kind: tier_kind,
        get: |p| p.tier.map_or(OWN_NUMBERS, QuotaTier::code).to_string(),
        set: |p, v| {
            p.tier = match v.trim() {
                "" | OWN_NUMBERS => None,
                v => Some(QuotaTier::from_code(v).filter(|t| t.number().is_some()).ok_or(Problem::NotANumber)?),
            };
            Ok(())
        },
    },
    number_line!("tpm", Field::AllocatedTpm, MAX_TPM, allocated_tpm),
    number_line!("ptu", Field::AllocatedPtu, MAX_PTU, allocated_ptu),
    PlanLine {
        key: "r",
        field: Field::RpmPer1kTpm,
        kind: || Kind::number(0.0, MAX_RPM_PER_1K).or_unset(UNSET),
        get: |p| opt_text(p.rpm_per_1k_tpm),
        set: |p, v| {
            p.rpm_per_1k_tpm = parse_optional(v)?;
            Ok(())
        },
    },
    number_line!("pk", Field::PeakRpm, MAX_RPM, peak_rpm),
    number_line!("av", Field::AverageRpm, MAX_RPM, average_rpm),
    number_line!("pt", Field::PromptTokens, MAX_REQUEST_TOKENS, prompt_tokens),
    number_line!("ca", Field::CachedPromptTokens, MAX_REQUEST_TOKENS, cached_prompt_tokens),
    number_line!("ot", Field::OutputTokens, MAX_REQUEST_TOKENS, output_tokens),
    PlanLine {
        key: "mx",
        field: Field::MaxTokens,
        kind: || Kind::number(0.0, MAX_REQUEST_TOKENS).or_unset(UNSET),
        get: |p| opt_text(p.max_tokens),
        set: |p, v| {
            p.max_tokens = parse_optional(v)?;
            Ok(())
        },
    },
    PlanLine {
        key: "n",
        field: Field::N,
        kind: || Kind::whole(0.0, f64::from(MAX_N)),
        get: |p| p.n.to_string(),
        set: |p, v| {
            p.n = parse_count(v)?;
            Ok(())
        },
    },
    number_line!("b", Field::BurstFactor, MAX_BURST, burst_factor),
    PlanLine {
        key: "bs",
        field: Field::BatchableShare,
        kind: || Kind::number(0.0, 1.0),
        get: |p| text(p.batchable_share),
        set: |p, v| {
            p.batchable_share = parse_number(v)?;
            Ok(())
        },
    },
    PlanLine {
        key: "rg",
        field: Field::Region,
        kind: region_kind,
        get: |p| p.region.clone().unwrap_or_else(|| ANY_REGION.to_string()),
        set: |p, v| {
            p.region = match v.trim() {
                "" | ANY_REGION => None,
                v => Some(crate::facts::region(v).ok_or(Problem::NotANumber)?.code.to_string()),
            };
            Ok(())
        },
    },
];

/// The simulator's and the KEDA hand-off's fields: (key, kind, default).
/// Ranges are the simulator's own bounds, so a link cannot start a run the
/// simulator would refuse.
pub fn sim_fields() -> Vec<crate::io::Field> {
    vec![
        field("sn", Kind::whole(1.0, MAX_DEPLOYMENTS as f64), "1"),   // deployments
        field("sdt", Kind::Text { max_chars: MAX_LIST_CHARS }, ""),   // their TPM, ";"-separated ("" = the plan's TPM)
        field("sw", Kind::Enum(vec!["1", "10", "60"]), "10"),         // window, seconds
        field("sr", Kind::Enum(vec!["rr", "aware"]), "aware"),        // routing
        field("sp", Kind::Enum(vec!["imm", "exp", "ra"]), "ra"),      // retry policy
        field("sma", Kind::whole(1.0, f64::from(MAX_ATTEMPTS)), "5"), // attempts in all, the first included
        field("sib", Kind::number(0.0, MAX_BACKOFF_S), "1"),          // backoff base, seconds
        field("smb", Kind::number(0.0, MAX_BACKOFF_S), "60"),         // backoff cap, seconds
        field("sra", Kind::number(0.0, 100.0), "100"),                // share of 429s with Retry-After, percent
        field("sa", Kind::Enum(vec!["poisson", "steps"]), "poisson"), // arrivals
        field("ss", Kind::Text { max_chars: MAX_LIST_CHARS }, "0:20;120:120;240:20"), // steps: second:requests/min, ";"-separated
        field("sdur", Kind::number(0.0, MAX_SIM_SECONDS), "600"),     // duration, seconds
        field("sseed", Kind::whole(0.0, MAX_SEED), "1"),              // seed
        field("kr", Kind::number(0.0, MAX_RPM), "6"),                 // messages per minute one replica handles
        field("kc", Kind::whole(0.0, MAX_REPLICA_CONCURRENCY), "1"),  // messages a replica works on at once
    ]
}

/// The page's whole URL state: the plan's fields (defaults from
/// [`PlanInput::default`]) and the simulator's.
pub fn table() -> Table {
    let defaults = PlanInput::default();
    let mut fields: Vec<_> = PLAN.iter().map(|l| field(l.key, (l.kind)(), (l.get)(&defaults))).collect();
    fields.extend(sim_fields());
    Table::new(fields)
}

/// The query string of a link to the page as it is: every plan and
/// simulator setting that differs from its default (the simulator's run,
/// the KEDA hand-off's figures included), in table order.
pub fn link_query(pairs: &[(String, String)]) -> String {
    crate::io::query_string(&table().changed(pairs))
}

/// The query key of a field.
pub fn key_of(field: Field) -> &'static str {
    PLAN.iter().find(|l| l.field == field).map_or("", |l| l.key)
}

/// The plan's inputs as query pairs, every field, in [`PLAN`] order.
pub fn encode(p: &PlanInput) -> Vec<(String, String)> {
    PLAN.iter().map(|l| (l.key.to_string(), (l.get)(p))).collect()
}

fn nonempty(v: &str) -> Result<String, Problem> {
    let v = v.trim();
    if v.is_empty() {
        Err(Problem::Empty)
    } else {
        Ok(v.to_string())
    }
}

fn parse_number(v: &str) -> Result<f64, Problem> {
    let v = v.trim();
    if v.is_empty() {
        return Err(Problem::Empty);
    }
    crate::io::parse_number(v).ok_or(Problem::NotANumber)
}

fn parse_optional(v: &str) -> Result<Option<f64>, Problem> {
    if v.trim() == UNSET {
        Ok(None)
    } else {
        parse_number(v).map(Some)
    }
}

fn parse_count(v: &str) -> Result<u32, Problem> {
    let x = parse_number(v)?;
    if x < 0.0 {
        Err(Problem::Negative)
    } else if x.fract() != 0.0 {
        Err(Problem::NotWhole)
    } else if x > f64::from(u32::MAX) {
        Err(Problem::TooLarge { max: f64::from(u32::MAX) })
    } else {
        Ok(x as u32)
    }
}

/// Reads a plan from query pairs. Missing keys keep the default plan's
/// value; unknown keys are ignored (the page may carry its own); a value
/// that cannot be read is an error. Ranges are checked by [`table`] (for a
/// link) and by [`PlanInput::validate`].
pub fn decode(pairs: &[(String, String)]) -> Result<PlanInput, Vec<FieldError>> {
    let mut p = PlanInput::default();
    let mut errors = Vec::new();
    for (key, value) in pairs {
        let Some(line) = PLAN.iter().find(|l| l.key == key) else { continue };
        if let Err(problem) = (line.set)(&mut p, value) {
            errors.push(FieldError::new(line.field, value, problem));
        }
    }
    if errors.is_empty() {
        Ok(p)
    } else {
        Err(errors)
    }
}

/// The plan's link as a query string, both ways (`io::LinkCodec`): the
/// plan's fields (a value the table refuses, or the plan cannot read,
/// keeps the default plan's).
#[derive(Clone, Copy, Debug, Default)]
pub struct PlanLink;

impl crate::io::LinkCodec for PlanLink {
    type State = PlanInput;

    fn table(&self) -> Table {
        table()
    }

    fn open(&self, checked: &[(String, String)]) -> crate::io::Opened<PlanInput> {
        let mut rejected = Vec::new();
        let state = match decode(checked) {
            Ok(p) => p,
            Err(errors) => {
                let bad: Vec<&str> = errors.iter().map(|e| key_of(e.field)).collect();
                rejected.extend(errors.iter().map(|e| crate::io::rejected(key_of(e.field), &e.value, crate::io::Reason::NotANumber)));
                let kept: Vec<(String, String)> = checked.iter().filter(|(k, _)| !bad.contains(&k.as_str())).cloned().collect();
                decode(&kept).unwrap_or_default()
            }
        };
        let touched = checked.iter().any(|(k, _)| PLAN.iter().any(|l| l.key == k));
        crate::io::Opened { state, rejected, unknown: Vec::new(), touched }
    }

    fn pairs(&self, state: &PlanInput) -> Vec<(String, String)> {
        table().changed(&encode(state))
    }
}

/// Query pairs for the KEDA generator on `/snippets` (keys of its link
/// table, `snippets::share`): the KEDA tab; the replicas and
/// backlog per replica (`maxReplicaCount` already lowered by the RPM, so it
/// is the form's explicit maximum); and every input of the form's quota
/// sizing, which computes TPM ÷ (concurrency × tokens per message × messages
/// per minute per slot): a slot's rate is the replica's ÷ its concurrency,
/// so the form's own figure equals the TPM-bound one here.
pub fn keda_handoff(feed: &super::ReplicaFeed) -> Vec<(String, String)> {
    let slots = f64::from(feed.message_count.max(1));
    let pair = |k: &str, v: String| (k.to_string(), v);
    vec![
        pair("tab", "keda".into()),
        pair("maxReplicaCount", feed.max_replicas.to_string()),
        pair("messageCount", feed.message_count.to_string()),
        pair("tpm", feed.tpm.to_string()),
        pair("tokens", feed.tokens_per_message.to_string()),
        pair("concurrency", feed.message_count.to_string()),
        pair("messagesPerMinute", (feed.messages_per_minute_per_replica / slots).to_string()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quota::{cap_by_rpm, replicas_quota_can_feed};

    #[test]
    fn a_link_keeps_the_simulator_settings() {
        let t = table();
        let mut pairs = t.defaults();
        for (k, v) in
            [("m", "gpt-4.1"), ("tpm", "1050000"), ("sn", "3"), ("sw", "60"), ("sr", "rr"), ("sseed", "7"), ("sdur", "120"), ("kr", "12")]
        {
            pairs.iter_mut().find(|(key, _)| key == k).unwrap().1 = v.to_string();
        }
        let q = link_query(&pairs);
        let parsed = crate::io::parse_query(&q);
        let reopened = t.complete(&t.decode(&parsed.pairs).pairs);
        assert_eq!(reopened, pairs, "{q}");
        // Defaults stay out of the link.
        assert!(!q.contains("sp="), "{q}");
    }

    #[test]
    fn round_trip_keeps_every_field() {
        let p = PlanInput {
            model: "gpt-4.1-mini".into(),
            deployment: DeploymentType::DataZoneProvisioned,
            tier: Some(QuotaTier::T4),
            allocated_tpm: 123_456.0,
            allocated_ptu: 25.0,
            rpm_per_1k_tpm: Some(0.1),
            peak_rpm: 333.3,
            average_rpm: 100.25,
            prompt_tokens: 1_024.0,
            cached_prompt_tokens: 512.0,
            output_tokens: 77.0,
            max_tokens: None,
            n: 3,
            burst_factor: 1.75,
            batchable_share: 0.125,
            region: Some("westeurope".into()),
        };
        let pairs = encode(&p);
        assert_eq!(pairs.len(), PLAN.len());
        assert_eq!(decode(&pairs), Ok(p));
        assert_eq!(decode(&encode(&PlanInput::default())), Ok(PlanInput::default()));
    }

    #[test]
    fn bad_values_are_errors_and_unknown_keys_ignored() {
        let q = |k: &str, v: &str| (k.to_string(), v.to_string());
        let e = decode(&[q("tpm", "abc"), q("n", "1.5"), q("pk", ""), q("d", "zz"), q("r", "NaN"), q("lang", "ko")]).unwrap_err();
        let got: Vec<(Field, Problem)> = e.iter().map(|e| (e.field, e.problem.clone())).collect();
        assert_eq!(
            got,
            vec![
                (Field::AllocatedTpm, Problem::NotANumber),
                (Field::N, Problem::NotWhole),
                (Field::PeakRpm, Problem::Empty),
                (Field::Deployment, Problem::NotANumber),
                (Field::RpmPer1kTpm, Problem::NotANumber),
            ]
        );
        assert_eq!(decode(&[q("mx", "unset")]).unwrap().max_tokens, None);
        assert_eq!(decode(&[q("qt", "3")]).unwrap().tier, Some(QuotaTier::T3));
        assert_eq!(decode(&[q("qt", "own")]).unwrap().tier, None);
        // Free is not a tier the planner offers; 7 is no tier at all.
        assert!(decode(&[q("qt", "free")]).is_err() && decode(&[q("qt", "7")]).is_err());
        assert_eq!(key_of(Field::MaxTokens), "mx");
    }

    #[test]
    fn the_table_round_trips_and_its_defaults_are_the_default_plan() {
        use crate::io::{parse_query, query_string};
        let t = table();
        assert_eq!(decode(&t.defaults()), Ok(PlanInput::default()));
        let mut p = PlanInput { model: "gpt-4.1-mini".into(), peak_rpm: 500.0, max_tokens: None, ..PlanInput::default() };
        p.deployment = DeploymentType::GlobalProvisioned;
        let mut pairs = encode(&p);
        pairs.push(("sa".into(), "steps".into()));
        pairs.push(("ss".into(), "0:20;120:150".into()));
        let back = t.decode(&parse_query(&query_string(&pairs)).pairs);
        assert!(back.rejected.is_empty(), "{:?}", back.rejected);
        let all = t.complete(&back.pairs);
        assert_eq!(decode(&all), Ok(p));
        assert!(all.contains(&("ss".into(), "0:20;120:150".into())));
        // Keys are unique.
        for f in &t.fields {
            assert_eq!(t.fields.iter().filter(|g| g.key == f.key).count(), 1, "{}", f.key);
        }
    }

    #[test]
    fn a_link_cannot_start_the_simulator_beyond_its_bounds() {
        use crate::io::Reason;
        let q = |k: &str, v: &str| (k.to_string(), v.to_string());
        let d = table().decode(&[
            q("sn", "1000"),
            q("sdur", "1e9"),
            q("sma", "1000000"),
            q("tpm", "-5"),
            q("pk", "1e300"),
            q("sseed", "1e30"),
            q("d", "moon"),
            q("m", &"x".repeat(65)),
            q("sw", "10"),
        ]);
        let got: Vec<(&str, &Reason)> = d.rejected.iter().map(|r| (r.field.as_str(), &r.problem)).collect();
        assert_eq!(
            got,
            vec![
                ("sn", &Reason::TooLarge { max: MAX_DEPLOYMENTS as f64 }),
                ("sdur", &Reason::TooLarge { max: MAX_SIM_SECONDS }),
                ("sma", &Reason::TooLarge { max: f64::from(MAX_ATTEMPTS) }),
                ("tpm", &Reason::TooSmall { min: 0.0 }),
                ("pk", &Reason::TooLarge { max: MAX_RPM }),
                ("sseed", &Reason::TooLarge { max: MAX_SEED }),
                ("d", &Reason::NotOneOf { allowed: DeploymentType::LINK_WORDS.iter().map(|d| d.to_string()).collect() }),
                ("m", &Reason::TooLong { max: MAX_MODEL_CHARS }),
            ]
        );
        // The refused keep their defaults; the e2e benchmark's link still opens.
        let all = table().complete(&d.pairs);
        assert!(all.contains(&("sn".into(), "1".into())) && all.contains(&("sdur".into(), "600".into())));
        let bench = table().decode(&[q("sn", "10"), q("sdur", "3600")]);
        assert!(bench.rejected.is_empty());
    }

    #[test]
    fn replicas_a_quota_feeds() {
        // 60,000 TPM ÷ (2,000 tokens × 3 messages/min) = 10 replicas.
        let f = replicas_quota_can_feed(60_000.0, 2_000.0, 3.0, 4).unwrap();
        assert_eq!((f.tokens_per_minute_per_replica, f.max_replicas, f.message_count), (6_000.0, 10, 4));
        let q = |k: &str, v: &str| (k.to_string(), v.to_string());
        assert_eq!(
            keda_handoff(&f),
            vec![
                q("tab", "keda"),
                q("maxReplicaCount", "10"),
                q("messageCount", "4"),
                q("tpm", "60000"),
                q("tokens", "2000"),
                q("concurrency", "4"),
                q("messagesPerMinute", "0.75"),
            ]
        );
        // The snippets form's own quota sizing, fed the handoff, finds the same replicas.
        let hand = keda_handoff(&f);
        let get = |k: &str| hand.iter().find(|(key, _)| key == k).map(|(_, v)| v.parse::<f64>().unwrap()).unwrap();
        let feed = crate::snippets::QuotaFeed {
            tpm: get("tpm"),
            concurrency_per_replica: get("concurrency"),
            tokens_per_message: get("tokens"),
            messages_per_minute_per_slot: get("messagesPerMinute"),
        };
        assert_eq!(crate::snippets::max_replicas_from_quota(&feed).unwrap().replicas_fed, 10);
        // 10 RPM ÷ 3 messages/min per replica = 3.33 → 3 replicas: the RPM binds before the TPM's 10.
        let capped = cap_by_rpm(f.clone(), Some(10.0), 3.0);
        assert_eq!(capped.max_replicas, 3);
        assert!(
            capped.explanation.en.ends_with("10 RPM ÷ 3 messages/min per replica = 3.33 → 3 replicas: RPM binds first."),
            "{}",
            capped.explanation.en
        );
        assert_eq!(cap_by_rpm(f.clone(), Some(600.0), 3.0), f);
        assert_eq!(cap_by_rpm(f.clone(), None, 3.0), f);
        assert!(f.explanation.ko.contains("레플리카 10개"));
        assert_eq!(replicas_quota_can_feed(60_000.0, 7_000.0, 10.0, 1).unwrap().max_replicas, 0);
        assert_eq!(
            replicas_quota_can_feed(-1.0, f64::NAN, 0.0, 0).unwrap_err(),
            vec![(0, Problem::Negative), (1, Problem::NotANumber), (2, Problem::Zero), (3, Problem::Zero),]
        );
    }

    proptest::proptest! {
        #[test]
        fn what_the_table_keeps_always_reads_as_a_plan(q in "((d|tpm|ptu|r|pk|av|pt|ca|ot|mx|n|b|bs|sn)=[^&#]{0,12}&){0,30}") {
            use crate::io::parse_query;
            // Whatever a link brings, the numbers and codes the table keeps always read as a plan.
            let d = table().decode(&parse_query(&q).pairs);
            let kept: Vec<(String, String)> =
                d.pairs.iter().map(|(k, v)| (k.clone(), if k == "m" { v.clone() } else { v.replace([',', '_', ' '], "") })).collect();
            proptest::prop_assert!(decode(&kept).is_ok(), "{:?}", kept);
        }
    }
}
