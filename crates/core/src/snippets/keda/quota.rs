//! `maxReplicaCount` from the model deployment's quota, not the cluster's
//! size: more replicas than the TPM can feed only add 429s.

use crate::format::prose_number;
use serde::{Deserialize, Serialize};

use crate::snippets::text::{check_positive, FormError, Text};

/// The deployment's quota and the shape of one worker replica.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuotaFeed {
    /// Tokens per minute of the model deployment the workers call.
    pub tpm: f64,
    /// Messages one replica works on at the same time.
    pub concurrency_per_replica: f64,
    /// Tokens one message costs (prompt + output).
    pub tokens_per_message: f64,
    /// Messages one concurrent slot finishes per minute (60 ÷ seconds per call).
    pub messages_per_minute_per_slot: f64,
}

/// The arithmetic, step by step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuotaSizing {
    /// concurrency × tokens per message × messages per minute per slot.
    pub tokens_per_minute_per_replica: f64,
    /// TPM ÷ tokens per minute per replica, before rounding down.
    pub replicas_exact: f64,
    /// Whole replicas the quota feeds (rounded down).
    pub replicas_fed: i64,
    pub explanation: Text,
}

impl QuotaFeed {
    pub fn validate(&self) -> Vec<FormError> {
        let mut e = Vec::new();
        check_positive(&mut e, "quota.tpm", self.tpm);
        check_positive(&mut e, "quota.concurrency_per_replica", self.concurrency_per_replica);
        check_positive(&mut e, "quota.tokens_per_message", self.tokens_per_message);
        check_positive(&mut e, "quota.messages_per_minute_per_slot", self.messages_per_minute_per_slot);
        e
    }
}

/// Replicas the deployment's TPM can feed = TPM ÷ (tokens per message ×
/// (concurrency × messages per minute per slot)), rounded down: the one
/// answer, [`crate::quota::replicas_quota_can_feed`] (the planner's, which
/// hands its figures to this form), worded for the form.
pub fn max_replicas_from_quota(q: &QuotaFeed) -> Result<QuotaSizing, Vec<FormError>> {
    let errors = q.validate();
    if !errors.is_empty() {
        return Err(errors);
    }
    let messages_per_minute_per_replica = q.concurrency_per_replica * q.messages_per_minute_per_slot;
    // Validated positive and finite above; the concurrency only names
    // KEDA's `messageCount` there, so its rounding does not change the sum.
    let concurrency = q.concurrency_per_replica.ceil().clamp(1.0, f64::from(u32::MAX)) as u32;
    let Ok(feed) = crate::quota::replicas_quota_can_feed(q.tpm, q.tokens_per_message, messages_per_minute_per_replica, concurrency) else {
        return Err(vec![crate::snippets::form_error(
            "quota",
            "The quota figures are too large to divide.",
            "할당량 수치가 너무 커서 계산할 수 없습니다.",
        )]);
    };
    let (per_replica, exact) = (feed.tokens_per_minute_per_replica, feed.replicas_exact);
    if !exact.is_finite() {
        return Err(vec![crate::snippets::form_error(
            "quota",
            "The quota figures are too large to divide.",
            "할당량 수치가 너무 커서 계산할 수 없습니다.",
        )]);
    }
    let fed = i64::from(feed.max_replicas);
    let (c, t, m) =
        (prose_number(q.concurrency_per_replica), prose_number(q.tokens_per_message), prose_number(q.messages_per_minute_per_slot));
    let (p, tpm, x) = (prose_number(per_replica), prose_number(q.tpm), prose_number(exact));
    let explanation = if fed == 0 {
        Text::new(
            format!("One replica consumes {c} × {t} × {m} = {p} tokens per minute, more than the deployment's {tpm} TPM ({tpm} ÷ {p} = {x}): even one replica meets 429s. Lower the concurrency or raise the quota."),
            format!("레플리카 하나가 분당 {c} × {t} × {m} = {p} 토큰을 소비해 배포의 {tpm} TPM보다 많습니다 ({tpm} ÷ {p} = {x}). 레플리카 하나만으로도 429를 받습니다. 동시성을 낮추거나 할당량을 늘리세요."),
        )
    } else {
        Text::new(
            format!("One replica consumes {c} concurrent × {t} tokens per message × {m} messages per minute = {p} tokens per minute; {tpm} TPM ÷ {p} = {x}, so the quota feeds {fed} replicas. Replicas beyond {fed} only add 429s."),
            format!("레플리카 하나는 동시 {c}개 × 메시지당 {t} 토큰 × 분당 {m}개 메시지 = 분당 {p} 토큰을 소비합니다. {tpm} TPM ÷ {p} = {x}이므로 할당량이 감당하는 레플리카는 {fed}개입니다. {fed}개를 넘는 레플리카는 429만 늘립니다."),
        )
    };
    Ok(QuotaSizing { tokens_per_minute_per_replica: per_replica, replicas_exact: exact, replicas_fed: fed, explanation })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(tpm: f64) -> QuotaFeed {
        QuotaFeed { tpm, concurrency_per_replica: 4.0, tokens_per_message: 2_500.0, messages_per_minute_per_slot: 2.0 }
    }

    #[test]
    fn three_hundred_thousand_tpm_feeds_fifteen_replicas() {
        let s = max_replicas_from_quota(&feed(300_000.0)).unwrap();
        assert_eq!(s.tokens_per_minute_per_replica, 20_000.0);
        assert_eq!(s.replicas_fed, 15);
        assert!(s.explanation.en.contains("4 concurrent × 2,500 tokens per message × 2 messages per minute = 20,000"));
        assert!(s.explanation.ko.contains("300,000 TPM ÷ 20,000 = 15"));
    }

    #[test]
    fn rounds_down_and_flags_zero() {
        assert_eq!(max_replicas_from_quota(&feed(50_000.0)).unwrap().replicas_fed, 2);
        let s = max_replicas_from_quota(&feed(10_000.0)).unwrap();
        assert_eq!(s.replicas_fed, 0);
        assert!(s.explanation.en.contains("even one replica meets 429s"));
    }

    #[test]
    fn rejects_bad_numbers() {
        let mut q = feed(f64::NAN);
        q.concurrency_per_replica = -1.0;
        let fields: Vec<String> = max_replicas_from_quota(&q).unwrap_err().into_iter().map(|e| e.field).collect();
        assert_eq!(fields, ["quota.tpm", "quota.concurrency_per_replica"]);
    }

    #[test]
    fn formats_numbers() {
        assert_eq!(prose_number(1234567.0), "1,234,567");
        assert_eq!(prose_number(2.5), "2.5");
        assert_eq!(prose_number(0.25), "0.25");
        assert_eq!(prose_number(999.0), "999");
    }
}
