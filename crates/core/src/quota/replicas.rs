//! How many worker replicas a quota keeps busy: the KEDA sizing the
//! planner hands to /snippets (its link: `share::keda_handoff`; tested
//! with it in `share.rs`).

use super::text::{num, Text};
use super::validate::Problem;
use serde::{Deserialize, Serialize};

/// Most messages one replica works on at once.
pub const MAX_REPLICA_CONCURRENCY: f64 = 1_000_000.0;

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
    /// The inputs, handed to the KEDA form's quota sizing on /snippets.
    pub tpm: f64,
    pub tokens_per_message: f64,
    pub messages_per_minute_per_replica: f64,
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
        tpm,
        tokens_per_message,
        messages_per_minute_per_replica,
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
                "{} 배포의 {} RPM ÷ 레플리카당 분당 {}개 = {} → 레플리카 {}개로, RPM 한도에 먼저 도달합니다.",
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
