//! Symptom → first place to look: 429 → capacity; slower → latency
//! breakdown; worse answers with a stale indexer → the indexer; groundedness
//! down with retrieval healthy → prompt or model version.

use super::{Draft, Scenario};
use crate::facts::Catalog;
use crate::practice::rng::Rng;
use crate::text::Text;

#[derive(Clone, Copy, PartialEq)]
enum Place {
    Capacity,
    Latency,
    Index,
    PromptOrModel,
    SafetyThresholds,
    Temperature,
}

impl Place {
    fn text(self) -> Text {
        match self {
            Place::Capacity => {
                Text::new("The deployment's TPM and RPM against the size of one request", "배포의 TPM·RPM 할당과 요청 하나의 토큰 크기")
            }
            Place::Latency => Text::new(
                "A latency breakdown — queueing, time to first token and generation, separately",
                "지연 분해 — 대기·첫 토큰까지의 시간·생성 시간을 나눠 본다",
            ),
            Place::Index => Text::new("The indexer's failure log and the index's document count", "인덱서 실패 로그와 색인의 문서 수"),
            Place::PromptOrModel => Text::new(
                "Recent prompt changes and the model-version (auto-upgrade) history",
                "최근 프롬프트 변경과 모델 버전(자동 승격) 이력",
            ),
            Place::SafetyThresholds => Text::new("The safety filter's severity thresholds", "안전 필터의 심각도 임계값"),
            Place::Temperature => Text::new("The temperature setting", "temperature 설정"),
        }
    }
}

const ALL: [Place; 6] = [Place::Capacity, Place::Latency, Place::Index, Place::PromptOrModel, Place::SafetyThresholds, Place::Temperature];

fn scenario(rng: &mut Rng) -> (Text, Place, Text) {
    match rng.below(5) {
        0 => (
            Text::new("Since last week, 429 responses have risen sharply in the afternoons. Where do you look first?", "지난주부터 오후 시간대에 429 응답이 눈에 띄게 늘었습니다. 가장 먼저 볼 곳은?"),
            Place::Capacity,
            Text::new("A 429 is a capacity problem. Whether TPM or RPM is hit depends on the size of one request, so put the allocation next to the traffic shape. Quality settings have nothing to do with 429s.", "429는 용량 문제입니다. TPM과 RPM 중 어느 쪽 한도에 먼저 도달하는지는 요청 하나의 크기에 달려 있으므로, 할당과 트래픽 모양을 나란히 놓고 봅니다. 품질 쪽 설정은 429와 무관합니다."),
        ),
        1 => (
            Text::new("There are no 429s, but users keep reporting that \"responses got slower\". Where do you look first?", "429는 없는데 「응답이 느려졌다」는 신고가 이어집니다. 가장 먼저 볼 곳은?"),
            Place::Latency,
            Text::new("Slowness shows its place only once latency is broken down: find out whether queueing, time to first token or generation time (output length) grew before deciding what to fix.", "느려짐은 지연을 나눠 봐야 자리가 보입니다. 대기, 첫 토큰까지의 시간, 생성 시간(출력 길이) 중 어디가 늘었는지부터 갈라야 고칠 곳이 정해집니다."),
        ),
        2 => {
            let weeks = rng.range(2, 6);
            (
                Text::new(format!("Users report that \"the answers are not as good as they used to be\", and the indexer last ran successfully {weeks} weeks ago. Where do you look first?"), format!("「답이 예전만 못하다」는 신고를 받았고, 인덱서의 마지막 성공 실행이 {weeks}주 전입니다. 가장 먼저 볼 곳은?")),
                Place::Index,
                Text::new(format!("No new document has reached the index for {weeks} weeks, so the retrieval step is already broken. The model version or the prompt is where to look when the indexer is healthy and only quality has dropped."), format!("{weeks}주 동안 새 문서가 색인에 안 들어왔다는 뜻이므로 검색 단계부터 무너져 있습니다. 모델 버전이나 프롬프트는 인덱서가 멀쩡한데 품질만 내려갔을 때 볼 곳입니다.")),
            )
        }
        3 => (
            Text::new("Groundedness has been falling since last month. The indexer succeeds daily and retrieval relevance is unchanged. Where do you look first?", "그라운디드니스가 지난달부터 내려가고 있습니다. 인덱서는 매일 성공하고 검색 관련성 지표도 그대로입니다. 가장 먼저 볼 곳은?"),
            Place::PromptOrModel,
            Text::new("Retrieval still finds the right sources but the answers stray from them, so suspect what comes after retrieval: a recent prompt change or a model version raised by auto-upgrade.", "근거는 제대로 찾아오는데 답이 근거를 벗어나고 있으므로 검색 뒤 단계를 의심합니다. 최근 프롬프트 변경이나 자동 승격으로 올라간 모델 버전이 먼저 볼 곳입니다."),
        ),
        _ => (
            Text::new("More answers have low groundedness, the safety filter is quiet, and retrieval relevance has dropped too. Where do you look first?", "그라운디드니스가 낮은 응답이 늘었는데 안전 필터 이벤트는 조용하고, 검색 관련성 지표도 함께 내려갔습니다. 가장 먼저 볼 곳은?"),
            Place::Index,
            Text::new("The safety filter is quiet, so this is a retrieval problem rather than a safety one, and since retrieval metrics fell too, suspect the index: look at the indexer and the index, not the filter settings.", "안전 필터가 조용하니 안전 문제가 아니라 검색 문제이고, 검색 지표가 함께 내려갔으니 색인을 의심합니다. 볼 곳은 필터 설정이 아니라 인덱서와 색인입니다."),
        ),
    }
}

pub(super) fn draft(rng: &mut Rng, _catalog: &Catalog) -> Draft {
    let (stem, place, explanation) = scenario(rng);
    Scenario { stem, right: place.text(), wrong: ALL.into_iter().filter(|p| *p != place).map(Place::text).collect(), explanation }
        .into_draft(rng)
}
