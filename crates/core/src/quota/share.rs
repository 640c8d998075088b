//! A plan in the URL: [`PlanInput`] to and from query pairs with stable
//! short keys, and the hand-off to the KEDA generator (how many replicas a
//! quota can feed).

use super::input::{DeploymentType, PlanInput};
use super::text::{num, Text};
use super::validate::{Field, Problem};
use crate::facts::tiers::QuotaTier;
use serde::{Deserialize, Serialize};

/// The query key of each field. Stable: links in the wild depend on them.
pub const KEYS: [(&str, Field); 15] = [
    ("m", Field::Model),
    ("d", Field::Deployment),
    ("qt", Field::Tier),
    ("tpm", Field::AllocatedTpm),
    ("ptu", Field::AllocatedPtu),
    ("r", Field::RpmPer1kTpm),
    ("pk", Field::PeakRpm),
    ("av", Field::AverageRpm),
    ("pt", Field::PromptTokens),
    ("ca", Field::CachedPromptTokens),
    ("ot", Field::OutputTokens),
    ("mx", Field::MaxTokens),
    ("n", Field::N),
    ("b", Field::BurstFactor),
    ("bs", Field::BatchableShare),
];

/// The value of an unset `max_tokens` or a ratio taken from the catalog.
pub const UNSET: &str = "unset";

/// The tier value for "my own numbers" (no quota tier).
pub const OWN_NUMBERS: &str = "own";

/// The query key of a field.
pub fn key_of(field: Field) -> &'static str {
    KEYS.iter().find(|(_, f)| *f == field).map_or("", |(k, _)| k)
}

/// A query value that could not be read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShareError {
    pub key: String,
    pub value: String,
    pub field: Field,
    pub problem: Problem,
}

/// The plan's inputs as query pairs, every field, in [`KEYS`] order.
pub fn encode(p: &PlanInput) -> Vec<(String, String)> {
    let opt = |x: Option<f64>| x.map_or(UNSET.to_string(), |v| v.to_string());
    let values = [
        p.model.clone(),
        p.deployment.code().to_string(),
        p.tier.map_or(OWN_NUMBERS, QuotaTier::code).to_string(),
        p.allocated_tpm.to_string(),
        p.allocated_ptu.to_string(),
        opt(p.rpm_per_1k_tpm),
        p.peak_rpm.to_string(),
        p.average_rpm.to_string(),
        p.prompt_tokens.to_string(),
        p.cached_prompt_tokens.to_string(),
        p.output_tokens.to_string(),
        opt(p.max_tokens),
        p.n.to_string(),
        p.burst_factor.to_string(),
        p.batchable_share.to_string(),
    ];
    KEYS.iter().zip(values).map(|((k, _), v)| (k.to_string(), v)).collect()
}

fn parse_number(v: &str) -> Result<f64, Problem> {
    let v = v.trim();
    if v.is_empty() {
        return Err(Problem::Empty);
    }
    match v.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(Problem::NotANumber),
    }
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
/// that cannot be read is an error. Ranges are checked afterwards by
/// [`PlanInput::validate`].
pub fn decode(pairs: &[(String, String)]) -> Result<PlanInput, Vec<ShareError>> {
    let mut p = PlanInput::default();
    let mut errors = Vec::new();
    for (key, value) in pairs {
        let Some(&(_, field)) = KEYS.iter().find(|(k, _)| k == key) else { continue };
        let result: Result<(), Problem> = (|| {
            match field {
                Field::Model => {
                    if value.trim().is_empty() {
                        return Err(Problem::Empty);
                    }
                    p.model = value.trim().to_string();
                }
                Field::Deployment => p.deployment = DeploymentType::from_code(value.trim()).ok_or(Problem::NotANumber)?,
                Field::Tier => {
                    p.tier = match value.trim() {
                        "" | OWN_NUMBERS => None,
                        v => Some(QuotaTier::from_code(v).filter(|t| t.number().is_some()).ok_or(Problem::NotANumber)?),
                    }
                }
                Field::AllocatedTpm => p.allocated_tpm = parse_number(value)?,
                Field::AllocatedPtu => p.allocated_ptu = parse_number(value)?,
                Field::RpmPer1kTpm => p.rpm_per_1k_tpm = parse_optional(value)?,
                Field::PeakRpm => p.peak_rpm = parse_number(value)?,
                Field::AverageRpm => p.average_rpm = parse_number(value)?,
                Field::PromptTokens => p.prompt_tokens = parse_number(value)?,
                Field::CachedPromptTokens => p.cached_prompt_tokens = parse_number(value)?,
                Field::OutputTokens => p.output_tokens = parse_number(value)?,
                Field::MaxTokens => p.max_tokens = parse_optional(value)?,
                Field::N => p.n = parse_count(value)?,
                Field::BurstFactor => p.burst_factor = parse_number(value)?,
                Field::BatchableShare => p.batchable_share = parse_number(value)?,
            }
            Ok(())
        })();
        if let Err(problem) = result {
            errors.push(ShareError { key: key.clone(), value: value.clone(), field, problem });
        }
    }
    if errors.is_empty() {
        Ok(p)
    } else {
        Err(errors)
    }
}

/// How many worker replicas a quota keeps busy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplicaFeed {
    /// tokens per message × messages per minute one replica handles.
    pub tokens_per_minute_per_replica: f64,
    /// tpm ÷ tokens_per_minute_per_replica.
    pub replicas_exact: f64,
    /// Whole replicas the quota feeds (KEDA `maxReplicaCount`); 0 when the
    /// quota cannot keep even one replica busy.
    pub max_replicas: u32,
    /// Messages one replica works on at once (KEDA `messageCount`).
    pub message_count: u32,
    pub explanation: Text,
}

/// Replicas = TPM ÷ the tokens per minute one replica consumes
/// (tokens per message × messages per minute per replica). `concurrency`
/// (messages a replica works on at once) becomes the KEDA target backlog
/// per replica. Errors name the argument (by position, 0-based) and why.
pub fn replicas_quota_can_feed(
    tpm: f64,
    tokens_per_message: f64,
    messages_per_minute_per_replica: f64,
    concurrency: u32,
) -> Result<ReplicaFeed, Vec<(usize, Problem)>> {
    let mut errors = Vec::new();
    for (i, x) in [tpm, tokens_per_message, messages_per_minute_per_replica].into_iter().enumerate() {
        let problem = if !x.is_finite() {
            Some(Problem::NotANumber)
        } else if x < 0.0 {
            Some(Problem::Negative)
        } else if x == 0.0 {
            Some(Problem::Zero)
        } else {
            None
        };
        if let Some(p) = problem {
            errors.push((i, p));
        }
    }
    if concurrency == 0 {
        errors.push((3, Problem::Zero));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let per_replica = tokens_per_message * messages_per_minute_per_replica;
    let exact = tpm / per_replica;
    let max_replicas = exact.floor().min(f64::from(u32::MAX)) as u32;
    let explanation = Text::new(
        format!(
            "{} TPM ÷ ({} tokens per message × {} messages/min per replica = {} tokens/min) = {} → {} replicas.",
            num(tpm),
            num(tokens_per_message),
            num(messages_per_minute_per_replica),
            num(per_replica),
            num(exact),
            max_replicas
        ),
        format!(
            "{} TPM ÷ (메시지당 {} 토큰 × 레플리카당 분당 {}개 = 분당 {} 토큰) = {} → 레플리카 {}개입니다.",
            num(tpm),
            num(tokens_per_message),
            num(messages_per_minute_per_replica),
            num(per_replica),
            num(exact),
            max_replicas
        ),
    );
    Ok(ReplicaFeed {
        tokens_per_minute_per_replica: per_replica,
        replicas_exact: exact,
        max_replicas,
        message_count: concurrency,
        explanation,
    })
}

/// Lowers `feed` to the replicas the deployment's RPM keeps busy:
/// `rpm ÷ messages per minute per replica`, rounded down, when that is
/// fewer than the TPM allows. `rpm` is the plan's (from the tier tables'
/// ratio for the model and deployment type); `None` or not positive leaves
/// the feed as it is.
pub fn cap_by_rpm(mut feed: ReplicaFeed, rpm: Option<f64>, messages_per_minute_per_replica: f64) -> ReplicaFeed {
    let Some(rpm) = rpm.filter(|r| r.is_finite() && *r > 0.0) else { return feed };
    if !(messages_per_minute_per_replica.is_finite() && messages_per_minute_per_replica > 0.0) {
        return feed;
    }
    let exact = rpm / messages_per_minute_per_replica;
    let by_rpm = exact.floor().min(f64::from(u32::MAX)) as u32;
    if by_rpm < feed.max_replicas {
        feed.max_replicas = by_rpm;
        feed.replicas_exact = exact;
        feed.explanation = Text::new(
            format!(
                "{} The deployment's {} RPM ÷ {} messages/min per replica = {} → {} replicas: RPM binds first.",
                feed.explanation.en,
                num(rpm),
                num(messages_per_minute_per_replica),
                num(exact),
                by_rpm
            ),
            format!(
                "{} 배포의 {} RPM ÷ 레플리카당 분당 {}개 = {} → 레플리카 {}개로, RPM이 먼저 닿습니다.",
                feed.explanation.ko,
                num(rpm),
                num(messages_per_minute_per_replica),
                num(exact),
                by_rpm
            ),
        );
    }
    feed
}

/// Query pairs for the KEDA generator on `/snippets`.
pub fn keda_handoff(feed: &ReplicaFeed) -> Vec<(String, String)> {
    vec![("maxReplicaCount".to_string(), feed.max_replicas.to_string()), ("messageCount".to_string(), feed.message_count.to_string())]
}

#[cfg(test)]
mod tests {
    use super::*;

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
        };
        let pairs = encode(&p);
        assert_eq!(pairs.len(), KEYS.len());
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
    fn replicas_a_quota_feeds() {
        // 60,000 TPM ÷ (2,000 tokens × 3 messages/min) = 10 replicas.
        let f = replicas_quota_can_feed(60_000.0, 2_000.0, 3.0, 4).unwrap();
        assert_eq!((f.tokens_per_minute_per_replica, f.max_replicas, f.message_count), (6_000.0, 10, 4));
        assert_eq!(keda_handoff(&f), vec![("maxReplicaCount".into(), "10".into()), ("messageCount".into(), "4".into())]);
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
}
