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
    ("강등", "다운그레이드"),
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
    ("닿지 않", "도달하지 않"),
    // "분" after a verb reads as a person (그분); a minute is "1분 구간".
    ("걸린 분", "걸린 1분 구간"),
    ("않은 분", "않은 1분 구간"),
    ("청크", "검색 조각"),
    ("싸지", "저렴하지"),
    ("눈금 위", "축 범위 초과"),
    ("배로 몰리면", "버스트 배수"),
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

/// Runs of two or more API codes (`rate_limited, server_error`) with no
/// Korean between them: a list of raw identifiers where a Korean sentence
/// should name each thing in Korean, the code beside it ("서버 오류
/// (`server_error`)"). Returns each run as written.
pub fn raw_code_lists(text: &str) -> Vec<String> {
    let is_code_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_';
    // (start, end) of every snake_case word (at least one underscore), with
    // its backticks if it has them.
    let mut codes: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    let bytes = text.as_bytes();
    while i < text.len() {
        let c = text[i..].chars().next().unwrap_or(' ');
        let before = text[..i].chars().last();
        if is_code_char(c) && !before.is_some_and(|b| is_code_char(b) || b.is_ascii_alphanumeric()) {
            let end = i + text[i..].find(|c: char| !is_code_char(c)).unwrap_or(text.len() - i);
            let word = &text[i..end];
            if word.contains('_') && word.starts_with(|c: char| c.is_ascii_lowercase()) && !word.ends_with('_') {
                let start = if i > 0 && bytes[i - 1] == b'`' { i - 1 } else { i };
                let stop = if bytes.get(end) == Some(&b'`') { end + 1 } else { end };
                codes.push((start, stop));
            }
            i = end.max(i + 1);
        } else {
            i += c.len_utf8();
        }
    }
    let mut out = Vec::new();
    let mut run: Option<(usize, usize, usize)> = None; // (start, end, count)
    for (start, end) in codes {
        run = match run {
            Some((s, e, n)) if text[e..start].chars().all(|c| c == ',' || c == ' ') => Some((s, end, n + 1)),
            Some((s, e, n)) => {
                if n > 1 {
                    out.push(text[s..e].to_string());
                }
                Some((start, end, 1))
            }
            None => Some((start, end, 1)),
        };
    }
    if let Some((s, e, n)) = run {
        if n > 1 {
            out.push(text[s..e].to_string());
        }
    }
    out
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
        assert_eq!(banned_in("분당 수치에 어느 쪽도 닿지 않은 분").len(), 2);
        assert_eq!(banned_in("TPM 한도에 걸린 분 0"), vec![("걸린 분", "걸린 1분 구간")]);
        assert!(banned_in("TPM 한도에 걸린 1분 구간 3개").is_empty());
        assert_eq!(banned_in("청크를 줄이기 전에").len(), 1);
        assert_eq!(banned_in("종량제보다 싸지 않습니다").len(), 1);
    }

    #[test]
    fn lists_of_raw_codes_are_found() {
        assert_eq!(raw_code_lists("rate_limited, server_error, missing 요청의 원래 줄"), vec!["rate_limited, server_error"]);
        assert_eq!(raw_code_lists("`batch_expired`, `batch_cancelled`로 끝난 요청"), vec!["`batch_expired`, `batch_cancelled`"]);
        assert!(raw_code_lists("속도 제한(`rate_limited`), 서버 오류(`server_error`)로 끝난 요청").is_empty());
        assert!(raw_code_lists("custom_id가 없습니다").is_empty());
        assert!(raw_code_lists("max_tokens를 줄이세요. max_completion_tokens도 됩니다").is_empty());
    }
}
