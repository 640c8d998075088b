//! Checks every number of a [`PlanInput`] and says why one is refused.
//!
//! The upper bounds here are sanity bounds (far above any real quota or
//! request), not vendor figures: they catch typos such as an extra three
//! zeros before they turn into nonsense plans.

use super::input::PlanInput;
use super::text::{num, Text};
use crate::facts::Catalog;
use crate::facts::Kind;
use serde::{Deserialize, Serialize};

/// Sanity bound: TPM of one deployment (a billion tokens per minute).
pub const MAX_TPM: f64 = 1e9;
/// Sanity bound: PTUs of one plan.
pub const MAX_PTU: f64 = 1e6;
/// Sanity bound: requests per minute.
pub const MAX_RPM: f64 = 1e8;
/// Sanity bound: tokens in one request.
pub const MAX_REQUEST_TOKENS: f64 = 1e8;
/// Sanity bound: choices per request.
pub const MAX_N: u32 = 128;
/// Sanity bound: burst factor.
pub const MAX_BURST: f64 = 1_000.0;
/// Sanity bound: RPM per 1,000 TPM.
pub const MAX_RPM_PER_1K: f64 = 1_000.0;

/// An input field of the planner (stable names: the UI keys its labels
/// and the share link on them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Field {
    Model,
    Deployment,
    Tier,
    AllocatedTpm,
    AllocatedPtu,
    RpmPer1kTpm,
    PeakRpm,
    AverageRpm,
    PromptTokens,
    CachedPromptTokens,
    OutputTokens,
    MaxTokens,
    N,
    BurstFactor,
    BatchableShare,
    /// The Azure region (`armRegionName`) whose Regional prices apply.
    Region,
}

/// Why a value is refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Problem {
    Empty,
    NotANumber,
    Negative,
    /// Must be above zero.
    Zero,
    NotWhole,
    /// Above `max` (a sanity bound or a model limit).
    TooLarge {
        max: f64,
    },
    /// Below `min`.
    TooSmall {
        min: f64,
    },
    UnknownModel,
    /// The catalog has no `rpm_per_1k_tpm` for this model: enter the ratio.
    NoRatioForModel,
    /// Cached prompt tokens above the prompt tokens.
    CachedAbovePrompt,
    /// Average requests per minute above the peak.
    AverageAbovePeak,
    /// Real output above `max_tokens`: the service would cut it off.
    OutputAboveMaxTokens,
    /// A provisioned type for a model without PTU figures in the catalog.
    NoPtuFactsForModel,
}

/// A planner field refused: the field, the value (empty when the plan's
/// number itself is checked), and why — the one field-error shape.
pub type FieldError = crate::io::FieldError<Field, Problem>;

/// The field as its Rust name (`AllocatedTpm`): the error's `Display`.
impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

impl crate::io::Explain for Problem {
    fn reason(&self, _value: &str) -> Text {
        problem_text(self)
    }
}

/// The text of a problem in both languages.
pub fn problem_text(p: &Problem) -> Text {
    match p {
        Problem::Empty => Text::new("Enter a value.", "값을 입력하세요."),
        Problem::NotANumber => Text::new("Not a number.", "숫자가 아닙니다."),
        Problem::Negative => Text::new("Must not be negative.", "음수일 수 없습니다."),
        Problem::Zero => Text::new("Must be greater than zero.", "0보다 커야 합니다."),
        Problem::NotWhole => Text::new("Must be a whole number.", "정수여야 합니다."),
        Problem::TooLarge { max } => {
            Text::new(format!("Too large: at most {}.", num(*max)), format!("너무 큽니다. 최대 {}입니다.", num(*max)))
        }
        Problem::TooSmall { min } => {
            Text::new(format!("Too small: at least {}.", num(*min)), format!("너무 작습니다. 최소 {}입니다.", num(*min)))
        }
        Problem::UnknownModel => Text::new("Not a model the catalog knows.", "카탈로그에 없는 모델입니다."),
        Problem::NoRatioForModel => Text::new(
            "The catalog has no RPM-per-1,000-TPM ratio for this model: enter it.",
            "이 모델의 1,000 TPM당 RPM 비율이 카탈로그에 없습니다. 직접 입력하세요.",
        ),
        Problem::CachedAbovePrompt => {
            Text::new("Cached tokens cannot exceed the prompt tokens.", "캐시된 토큰은 프롬프트 토큰보다 많을 수 없습니다.")
        }
        Problem::AverageAbovePeak => Text::new("The average cannot exceed the peak.", "평균은 피크보다 클 수 없습니다."),
        Problem::OutputAboveMaxTokens => Text::new(
            "The output cannot exceed max_tokens: the service stops there.",
            "출력은 max_tokens를 넘을 수 없습니다. 서비스가 거기서 끊습니다.",
        ),
        Problem::NoPtuFactsForModel => Text::new(
            "The catalog has no provisioned-throughput figures for this model.",
            "이 모델의 프로비전된 처리량 수치가 카탈로그에 없습니다.",
        ),
    }
}

/// `Ok` when nothing was refused, else every refusal: what a `validate`
/// that collects all its errors returns.
pub(crate) fn refused_or_ok<E>(errors: Vec<E>) -> Result<(), Vec<E>> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Checks a number: finite, not negative, optionally above zero, at most `max`.
pub fn check_number(field: Field, x: f64, positive: bool, max: f64, out: &mut Vec<FieldError>) -> bool {
    let problem = if x.is_nan() || x.is_infinite() {
        Some(Problem::NotANumber)
    } else if x < 0.0 {
        Some(Problem::Negative)
    } else if positive && x == 0.0 {
        Some(Problem::Zero)
    } else if x > max {
        Some(Problem::TooLarge { max })
    } else {
        None
    };
    match problem {
        Some(p) => {
            out.push(FieldError::new(field, "", p));
            false
        }
        None => true,
    }
}

impl PlanInput {
    /// Every problem with the input, field by field; `Ok` when the planner
    /// can run. Needs the catalog for the model's ratio and window.
    pub fn validate(&self, catalog: &Catalog) -> Result<(), Vec<FieldError>> {
        let mut e = Vec::new();
        let model = self.model.trim();
        let known = if model.is_empty() {
            e.push(FieldError::new(Field::Model, "", Problem::Empty));
            None
        } else {
            let m = super::planner_model(catalog, model);
            if m.is_none() {
                e.push(FieldError::new(Field::Model, "", Problem::UnknownModel));
            }
            m
        };
        let known = known.as_deref();
        if self.deployment.is_provisioned() {
            check_number(Field::AllocatedPtu, self.allocated_ptu, false, MAX_PTU, &mut e);
            if known.is_some_and(|m| catalog.get(Kind::InputTpmPerPtu, m).is_none()) {
                e.push(FieldError::new(Field::Deployment, "", Problem::NoPtuFactsForModel));
            }
        } else {
            check_number(Field::AllocatedTpm, self.allocated_tpm, true, MAX_TPM, &mut e);
        }
        match self.rpm_per_1k_tpm {
            Some(r) => {
                check_number(Field::RpmPer1kTpm, r, true, MAX_RPM_PER_1K, &mut e);
            }
            None => {
                // The tier tables' ratio for the model and deployment type,
                // else the model's own: refused only when neither exists.
                if let Some(m) = known {
                    if super::tier::ratio(self, catalog, m).1 == super::tier::RatioSource::Unknown {
                        e.push(FieldError::new(Field::RpmPer1kTpm, "", Problem::NoRatioForModel));
                    }
                }
            }
        }
        let peak_ok = check_number(Field::PeakRpm, self.peak_rpm, true, MAX_RPM, &mut e);
        let avg_ok = check_number(Field::AverageRpm, self.average_rpm, false, MAX_RPM, &mut e);
        if peak_ok && avg_ok && self.average_rpm > self.peak_rpm {
            e.push(FieldError::new(Field::AverageRpm, "", Problem::AverageAbovePeak));
        }
        // What the deployment type takes where Azure states it (gpt-4.1:
        // 300,000 Standard, 128,000 provisioned), else the model's window;
        // and never more than the model's input cap (gpt-5: 272,000).
        let per_type =
            if self.deployment.is_provisioned() { Kind::ContextWindowAzureProvisioned } else { Kind::ContextWindowAzureStandard };
        let context =
            known.and_then(|m| catalog.get(per_type, m).or_else(|| catalog.get(Kind::ContextWindow, m))).unwrap_or(MAX_REQUEST_TOKENS);
        let context = known.and_then(|m| catalog.get(Kind::MaxInputTokens, m)).map_or(context, |cap| cap.min(context));
        let prompt_ok = check_number(Field::PromptTokens, self.prompt_tokens, false, context, &mut e);
        let cached_ok = check_number(Field::CachedPromptTokens, self.cached_prompt_tokens, false, MAX_REQUEST_TOKENS, &mut e);
        if prompt_ok && cached_ok && self.cached_prompt_tokens > self.prompt_tokens {
            e.push(FieldError::new(Field::CachedPromptTokens, "", Problem::CachedAbovePrompt));
        }
        let out_ok = check_number(Field::OutputTokens, self.output_tokens, false, MAX_REQUEST_TOKENS, &mut e);
        if let Some(max) = self.max_tokens {
            let max_ok = check_number(Field::MaxTokens, max, true, MAX_REQUEST_TOKENS, &mut e);
            if max_ok && max.fract() != 0.0 {
                e.push(FieldError::new(Field::MaxTokens, "", Problem::NotWhole));
            } else if max_ok && out_ok && self.output_tokens > max {
                e.push(FieldError::new(Field::OutputTokens, "", Problem::OutputAboveMaxTokens));
            }
        }
        if self.n == 0 {
            e.push(FieldError::new(Field::N, "", Problem::Zero));
        } else if self.n > MAX_N {
            e.push(FieldError::new(Field::N, "", Problem::TooLarge { max: f64::from(MAX_N) }));
        }
        if check_number(Field::BurstFactor, self.burst_factor, true, MAX_BURST, &mut e) && self.burst_factor < 1.0 {
            e.push(FieldError::new(Field::BurstFactor, "", Problem::TooSmall { min: 1.0 }));
        }
        check_number(Field::BatchableShare, self.batchable_share, false, 1.0, &mut e);
        refused_or_ok(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(p: &PlanInput) -> Vec<FieldError> {
        p.validate(&Catalog::builtin()).err().unwrap_or_default()
    }

    #[test]
    fn default_is_valid() {
        assert_eq!(errors(&PlanInput::default()), vec![]);
    }

    #[test]
    fn bad_numbers_get_reasons() {
        let p = PlanInput {
            model: " ".into(),
            allocated_tpm: f64::NAN,
            peak_rpm: -1.0,
            prompt_tokens: 100.0,
            cached_prompt_tokens: 200.0,
            n: 0,
            burst_factor: 0.5,
            batchable_share: 1.5,
            ..PlanInput::default()
        };
        let e = errors(&p);
        let has = |f: Field, pr: Problem| e.contains(&FieldError::new(f, "", pr));
        assert!(has(Field::Model, Problem::Empty));
        assert!(has(Field::AllocatedTpm, Problem::NotANumber));
        assert!(has(Field::PeakRpm, Problem::Negative));
        assert!(has(Field::CachedPromptTokens, Problem::CachedAbovePrompt));
        assert!(has(Field::N, Problem::Zero));
        assert!(has(Field::BurstFactor, Problem::TooSmall { min: 1.0 }));
        assert!(has(Field::BatchableShare, Problem::TooLarge { max: 1.0 }));
        assert_eq!(e[0].reason().ko, "값을 입력하세요.");
    }

    #[test]
    fn absurd_values_are_refused() {
        let p = PlanInput { allocated_tpm: 5e12, prompt_tokens: 500_000.0, max_tokens: Some(300.0), ..PlanInput::default() };
        let e = errors(&p);
        assert!(e.contains(&FieldError::new(Field::AllocatedTpm, "", Problem::TooLarge { max: MAX_TPM })));
        // Above gpt-4o's context window.
        assert!(e.contains(&FieldError::new(Field::PromptTokens, "", Problem::TooLarge { max: 128_000.0 })));
        assert!(e.contains(&FieldError::new(Field::OutputTokens, "", Problem::OutputAboveMaxTokens)));
        let unknown = PlanInput { model: "batch-summarize".into(), ..PlanInput::default() };
        assert_eq!(errors(&unknown), vec![FieldError::new(Field::Model, "", Problem::UnknownModel)]);
    }
}
