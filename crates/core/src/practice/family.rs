//! The families of practice problems: what a generator asks about. The slug
//! is used in problem ids ("tpm-rpm-12345") and as the JSON key in stats.

use serde::{Deserialize, Serialize};

use crate::text::Text;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Family {
    /// The RPM that comes with an amount of TPM.
    #[serde(rename = "tpm-rpm")]
    TpmToRpm,
    /// Which limit (TPM or RPM) a traffic shape hits first.
    #[serde(rename = "binding-limit")]
    BindingLimit,
    /// The TPM a traffic shape needs.
    #[serde(rename = "tpm-needed")]
    TpmNeeded,
    /// The saving from capping output tokens.
    #[serde(rename = "output-cap")]
    OutputCap,
    /// The saving from sending fewer retrieved chunks.
    #[serde(rename = "chunk-trim")]
    ChunkTrim,
    /// Which remedy for 429s does not work right away.
    #[serde(rename = "not-immediate")]
    NotImmediate,
    /// Why the Retry-After header comes first.
    #[serde(rename = "retry-after")]
    RetryAfter,
    /// A symptom and the first place to look.
    #[serde(rename = "symptom")]
    Symptom,
    /// The batch job's window, expiry and custom_id.
    #[serde(rename = "batch-lifecycle")]
    BatchLifecycle,
    /// Queue workers: complete vs abandon, claim-check, KEDA.
    #[serde(rename = "queue-design")]
    QueueDesign,
    /// The batch control plane: who submits, where the retry lives, expiring outputs.
    #[serde(rename = "control-plane")]
    ControlPlane,
    /// Which lane: Batch, Flex, Priority, Standard or provisioned.
    #[serde(rename = "lane-choice")]
    LaneChoice,
}

impl Family {
    pub const ALL: [Family; 12] = [
        Family::TpmToRpm,
        Family::BindingLimit,
        Family::TpmNeeded,
        Family::OutputCap,
        Family::ChunkTrim,
        Family::NotImmediate,
        Family::RetryAfter,
        Family::Symptom,
        Family::BatchLifecycle,
        Family::QueueDesign,
        Family::ControlPlane,
        Family::LaneChoice,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            Family::TpmToRpm => "tpm-rpm",
            Family::BindingLimit => "binding-limit",
            Family::TpmNeeded => "tpm-needed",
            Family::OutputCap => "output-cap",
            Family::ChunkTrim => "chunk-trim",
            Family::NotImmediate => "not-immediate",
            Family::RetryAfter => "retry-after",
            Family::Symptom => "symptom",
            Family::BatchLifecycle => "batch-lifecycle",
            Family::QueueDesign => "queue-design",
            Family::ControlPlane => "control-plane",
            Family::LaneChoice => "lane-choice",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.slug() == slug)
    }

    /// Whether the family's problems carry a numeric answer key.
    pub fn is_numeric(self) -> bool {
        matches!(self, Family::TpmToRpm | Family::BindingLimit | Family::TpmNeeded | Family::OutputCap | Family::ChunkTrim)
    }

    /// The family's name for menus and statistics.
    pub fn label(self) -> Text {
        let (ko, en) = match self {
            Family::TpmToRpm => ("TPM → RPM 환산", "TPM → RPM"),
            Family::BindingLimit => ("먼저 도달하는 한도", "Which limit binds first"),
            Family::TpmNeeded => ("필요한 TPM 계산", "TPM a workload needs"),
            Family::OutputCap => ("출력 토큰 상한과 비용", "Cost of an output-token cap"),
            Family::ChunkTrim => ("검색 조각 줄이기와 비용", "Saving from fewer retrieved chunks"),
            Family::NotImmediate => ("바로 효과가 없는 대응", "The remedy that is not immediate"),
            Family::RetryAfter => ("Retry-After와 재시도", "Retry-After and retries"),
            Family::Symptom => ("증상에서 볼 곳 찾기", "Symptom → first place to look"),
            Family::BatchLifecycle => ("배치 작업의 수명", "Batch job lifecycle"),
            Family::QueueDesign => ("큐와 워커 설계", "Queue and worker design"),
            Family::ControlPlane => ("배치 컨트롤 플레인", "Batch control plane"),
            Family::LaneChoice => ("처리 방식 고르기", "Choosing a lane"),
        };
        Text::new(en, ko)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_round_trip_and_match_serde() {
        for f in Family::ALL {
            assert_eq!(Family::from_slug(f.slug()), Some(f));
            assert_eq!(serde_json::to_string(&f).unwrap(), format!("\"{}\"", f.slug()));
        }
        assert_eq!(Family::from_slug("nope"), None);
    }
}
