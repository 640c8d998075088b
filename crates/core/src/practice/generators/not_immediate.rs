//! Which remedy for 429s does not take effect at once: the quota increase
//! needs a request and an approval; the rest are in our own hands today.

use super::{Draft, Scenario};
use crate::facts::Catalog;
use crate::practice::rng::Rng;
use crate::text::Text;

fn deadlines() -> [(Text, Text); 4] {
    [
        (
            Text::new("\"We must cut the 429s by tomorrow morning.\" Which response cannot take effect immediately?", "「내일 아침까지 429를 줄여야 한다」는 상황에서 즉시 효과를 볼 수 없는 대응은?"),
            Text::new("by tomorrow morning", "내일 아침까지"),
        ),
        (
            Text::new("The 429s must be under control before this afternoon's launch. Which response cannot help right now?", "오늘 오후 출시 전에 429를 잡아야 합니다. 지금 당장 효과를 볼 수 없는 대응은?"),
            Text::new("by this afternoon", "오늘 오후까지"),
        ),
        (
            Text::new("The 429s must come down within the hour. Which response cannot take effect in time?", "한 시간 안에 429를 줄여야 합니다. 그 안에 효과를 볼 수 없는 대응은?"),
            Text::new("within the hour", "한 시간 안에"),
        ),
        (
            Text::new("When the nightly summaries start, the deployment they share with the live service floods with 429s. Which response cannot be in place tonight?", "야간 요약 작업이 돌기 시작하면 낮 서비스와 같은 배포에서 429가 쏟아집니다. 오늘 밤 안에 손쓸 수 없는 대응은?"),
            Text::new("tonight", "오늘 밤 안에"),
        ),
    ]
}

/// Remedies that work today, each with why.
fn immediate() -> Vec<(Text, Text)> {
    vec![
        (
            Text::new(
                "Create another deployment in a different region and split the traffic",
                "다른 리전에 배포를 하나 더 만들어 나눠 보낸다",
            ),
            Text::new(
                "another region has its own quota, and adding a deployment there is done within our own subscription at once",
                "다른 리전은 할당량이 따로라서 그곳에 배포를 더 만드는 것은 우리 구독 안에서 바로 할 수 있습니다",
            ),
        ),
        (
            Text::new(
                "Make the client wait out each 429's Retry-After instead of retrying at once",
                "429를 받으면 바로 재시도하지 말고 Retry-After만큼 기다리게 클라이언트를 고친다",
            ),
            Text::new(
                "honouring Retry-After is a change to our own code and stops retries from piling onto the limit",
                "Retry-After를 지키는 것은 우리 코드만 고치면 되고, 재시도가 한도에 겹겹이 쌓이는 것을 막습니다",
            ),
        ),
        (
            Text::new("Move the nightly batch work off the online deployment", "야간 배치 작업을 온라인 배포에서 뺀다"),
            Text::new(
                "moving work nobody waits for to batch frees the online deployment at once",
                "기다리는 사람이 없는 작업을 배치로 내리면 그만큼 온라인 배포에 여유가 생깁니다",
            ),
        ),
        (
            Text::new("Lower max_tokens to cut output tokens", "max_tokens를 줄여 출력 토큰을 깎는다"),
            Text::new(
                "a lower max_tokens shrinks every request's token count and leaves TPM headroom",
                "max_tokens를 낮추면 요청마다 잡히는 토큰이 줄어 TPM에 여유가 생깁니다",
            ),
        ),
        (
            Text::new("Send fewer retrieved chunks in the RAG prompt", "RAG 프롬프트에 붙이는 검색 조각 수를 줄인다"),
            Text::new("fewer chunks cut input tokens at once", "검색 조각을 줄이면 입력 토큰이 바로 줄어듭니다"),
        ),
    ]
}

pub(super) fn draft(rng: &mut Rng, _catalog: &Catalog) -> Draft {
    let all = deadlines();
    let (stem, by) = all[rng.index(all.len())].clone();
    let mut pool = immediate();
    rng.shuffle(&mut pool);
    pool.truncate(3);
    let reasons_ko: Vec<String> = pool.iter().map(|(o, why)| format!("「{}」 — {}.", o.ko, why.ko)).collect();
    let reasons_en: Vec<String> = pool.iter().map(|(o, why)| format!("\"{}\": {}.", o.en, why.en)).collect();
    Scenario {
        stem,
        right: Text::new("Request a quota increase", "할당량 증설을 신청한다"),
        wrong: pool.iter().map(|(o, _)| o.clone()).collect(),
        explanation: Text::new(format!(
                "A quota increase is requested per region and model and needs an approval, so it cannot help {}. When the question says \"right now\", the increase is the wrong answer. (A second deployment in the same region shares that region's quota for the model, so it adds nothing; only another region brings its own.) The others are in our own hands: {}",
                by.en,
                reasons_en.join(" ")
            ), format!(
                "할당량 증설은 리전·모델 단위로 신청하고 승인을 받아야 하므로 {} 효과를 볼 수 없습니다. 「지금 당장」이라는 말이 붙으면 증설은 오답입니다. (같은 리전에 배포를 하나 더 두면 그 리전의 같은 모델 할당량을 나눠 쓰므로 늘어나는 것이 없고, 다른 리전이어야 할당량이 따로 생깁니다.) 나머지는 우리 손으로 할 수 있습니다: {}",
                by.ko,
                reasons_ko.join(" ")
            )),
    }
    .into_draft(rng)
}
