//! One Korean term per concept (docs/ko-terminology.md), following
//! Microsoft Learn's Korean Azure OpenAI pages: the variants here are not
//! used in Korean prose. Tests run [`banned_in`] over every Korean
//! translation string and every Korean literal in the domain.

/// (variant not used, the term used instead). Hangul variants match
/// anywhere; Latin words match as whole words outside quotes and code
/// (`"batch"`, `batch_expired`, `batches.retrieve`, `Global Batch` are fine).
pub const BANNED: &[(&str, &str)] = &[
    ("리밋", "한도"),
    ("리미트", "한도"),
    ("레이트", "속도 제한"),
    ("쿼터", "할당량"),
    ("프로비저닝", "프로비전된"),
    ("프로비전드", "프로비전된"),
    ("티어", "계층"),
    ("윈도", "구간 (컨텍스트 창, 완료 기간)"),
    ("내려받", "다운로드"),
    ("손잡이", "레버"),
    ("과금", "요금 청구"),
    ("가산율", "할증"),
    ("완성 토큰", "완료 토큰"),
    ("토큰/분", "분당 토큰"),
    ("요청/분", "분당 요청"),
    ("일괄 처리", "배치"),
    ("잡 ", "작업 (Kubernetes: Job)"),
    ("quota", "할당량"),
    ("Quota", "할당량"),
    ("enqueued", "큐에 넣은"),
    ("Enqueued", "큐에 넣은"),
    ("batch", "배치"),
    ("job", "작업 (Kubernetes: Job)"),
    ("replica", "레플리카"),
    ("worker", "워커"),
    ("queue", "큐"),
    ("Queue", "큐"),
    ("topic", "토픽"),
    ("Topic", "토픽"),
    ("subscription", "구독"),
    ("backoff", "백오프"),
    ("backlog", "백로그"),
    ("join", "맞춰 보기"),
    ("deployment", "배포"),
    ("endpoint", "엔드포인트"),
    ("namespace", "네임스페이스"),
    ("control plane", "컨트롤 플레인"),
    ("Control plane", "컨트롤 플레인"),
    ("add-on", "추가 기능"),
    ("scaler", "스케일러"),
    ("federated credential", "페더레이션 자격 증명"),
    ("Federated credential", "페더레이션 자격 증명"),
    ("듣지 않는", "바로 효과가 없는"),
    ("두 번째 문", "우회 경로"),
    ("두 번째 경로", "우회 경로"),
    ("벤더", "공급사"),
    ("큐에 넣는 토큰", "큐에 넣은 토큰"),
    ("큐에 넣을 토큰", "큐에 넣은 토큰"),
    ("더 쌈", "더 저렴함"),
    ("빼기", "제외, 차감"),
    ("닿는 한도", "먼저 도달하는 한도"),
    ("먼저 닿", "먼저 도달"),
    ("빨리 닿", "빨리 도달"),
    ("닿는지", "도달하는지"),
    ("한도에 닿", "한도에 도달"),
];

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '/' | '"' | '\'' | '`' | '“' | '”' | ':' | '{' | '[' | '<')
}

/// Whether `text` uses `variant` as Korean prose would: Hangul anywhere,
/// a Latin word only where it stands alone.
fn uses(text: &str, variant: &str) -> bool {
    if !variant.is_ascii() {
        return text.contains(variant);
    }
    let mut from = 0;
    while let Some(at) = text[from..].find(variant) {
        let start = from + at;
        let end = start + variant.len();
        let before = text[..start].chars().last();
        let after = text[end..].chars().next();
        let closing = matches!(after, Some(c) if is_word_char(c) || c == '}' || c == ']' || c == '>');
        if !before.is_some_and(is_word_char) && !closing {
            return true;
        }
        from = end;
    }
    false
}

/// The banned variants `text` uses, with the term to use instead.
pub fn banned_in(text: &str) -> Vec<(&'static str, &'static str)> {
    BANNED.iter().copied().filter(|(v, _)| uses(text, v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_are_found_as_prose_only() {
        assert_eq!(banned_in("두 리밋 모두"), vec![("리밋", "한도")]);
        assert_eq!(banned_in("batch가 실패합니다").len(), 1);
        assert!(banned_in("purpose \"batch\"로 업로드").is_empty());
        assert!(banned_in("batch_expired로 끝났습니다").is_empty());
        assert!(banned_in("batches.retrieve가 돌려주는").is_empty());
        assert!(banned_in("Global Batch 배포").is_empty());
        assert!(banned_in("ScaledJob YAML").is_empty());
        assert_eq!(banned_in("모델 quota에 맞춘").len(), 1);
        assert!(banned_in("“batch” 열은").is_empty());
        assert_eq!(banned_in("TPM이 먼저 닿습니다"), vec![("먼저 닿", "먼저 도달")]);
        assert!(banned_in("TPM 한도에 먼저 도달합니다").is_empty());
        assert_eq!(banned_in("벤더 문서").len(), 1);
        assert!(banned_in("모델에 닿기 전에 거부").is_empty());
    }
}
