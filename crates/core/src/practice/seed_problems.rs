//! The six practice problems of the quota/cost study note (source note 004,
//! excerpted verbatim in `tests/fixtures/practice/note_004_problems.txt`), in
//! the note's own Korean with English translations.
//! The options and explanations are the note's; the numeric keys are
//! computed from the note's givens with the planners' own functions and the
//! catalog's ratio, and the tests check that they agree with the note.

use super::family::Family;
use super::problem::Problem;
use crate::cost::output_cap_saving;
use crate::facts::Catalog;
use crate::facts::Kind;
use crate::quota::{check_limits, rpm_for_tpm};
use crate::text::Text;

/// The note's Python snippet that problem 3 refers to.
pub const RETRY_SNIPPET: &str = r#"import time
from openai import RateLimitError

def ask(client, deployment, messages, attempts=5):
    delay = 1.0
    for attempt in range(attempts):
        try:
            return client.chat.completions.create(model=deployment, messages=messages)
        except RateLimitError as error:
            wait = getattr(error.response, "headers", {}).get("retry-after")
            time.sleep(float(wait) if wait else delay)   # 서버가 말한 시간을 먼저 따른다
            delay *= 2                                    # 없으면 지수 백오프
    raise RuntimeError("레이트 리밋이 계속됩니다")"#;

/// The same snippet for English readers: English comments and message.
pub const RETRY_SNIPPET_EN: &str = r#"import time
from openai import RateLimitError

def ask(client, deployment, messages, attempts=5):
    delay = 1.0
    for attempt in range(attempts):
        try:
            return client.chat.completions.create(model=deployment, messages=messages)
        except RateLimitError as error:
            wait = getattr(error.response, "headers", {}).get("retry-after")
            time.sleep(float(wait) if wait else delay)   # the wait the server asked for comes first
            delay *= 2                                    # without it, exponential backoff
    raise RuntimeError("still rate-limited")"#;

fn note(n: u8, family: Family, stem: Text, options: [Text; 4], correct: usize, explanation: Text, key: Option<f64>) -> Problem {
    Problem { family, seed: u64::from(n), note: Some(n), code: None, stem, options, correct, explanation, key }
}

/// The label on the note's flat ratio: its stated assumption, not the
/// vendor's current tables (which give one ratio per model and deployment type).
macro_rules! seed_assumption_en {
    () => {
        " (The note's stated assumption: 6 RPM per 1,000 TPM for every deployment. The vendor's quota-tier tables now give a ratio per model and deployment type; the quota planner uses those.)"
    };
}
macro_rules! seed_assumption_ko {
    () => {
        " (노트가 전제한 값: 모든 배포에 1,000 TPM당 6 RPM. 지금 공급사의 할당량 계층 표는 모델과 배포 유형마다 비율이 다르며, 할당량 계획 페이지는 그 표를 씁니다.)"
    };
}

/// The RPM-per-1,000-TPM ratio the note uses (its stated assumption, gpt-4o's classic figure).
fn ratio(catalog: &Catalog) -> f64 {
    catalog.get(Kind::RpmPer1kTpm, "gpt-4o").unwrap_or(f64::NAN)
}

/// Problem 1: the RPM that comes with 30,000 TPM.
pub fn problem_1_key(catalog: &Catalog) -> f64 {
    rpm_for_tpm(30_000.0, ratio(catalog))
}

/// Problem 2: the TPM that 50 requests a minute of 1,600 + 400 tokens need.
pub fn problem_2_check(catalog: &Catalog) -> crate::quota::LimitCheck {
    check_limits(60_000.0, ratio(catalog), 50.0, 1_600.0 + 400.0)
}

/// Problem 5: the saving from cutting output from 500 to 300 tokens over
/// one million requests at the note's assumed $12 per 1M output tokens.
pub fn problem_5_key() -> f64 {
    output_cap_saving(1_000_000.0, 500.0, 300.0, 12.0)
}

fn problem_1(catalog: &Catalog) -> Problem {
    note(
        1,
        Family::TpmToRpm,
        Text::new(
            "A deployment is given 30,000 TPM. How many RPM come with it?",
            "배포에 30,000 TPM을 할당했습니다. 함께 붙는 RPM은 얼마입니까?",
        ),
        [Text::new("30", "30"), Text::new("180", "180"), Text::new("300", "300"), Text::new("3,000", "3,000")],
        1,
        Text::new(
            concat!("②. Every 1,000 TPM brings 6 RPM, so 30 × 6 = 180 RPM.", seed_assumption_en!()),
            concat!("②. 1,000 TPM마다 6 RPM이므로 30 × 6 = 180 RPM입니다.", seed_assumption_ko!()),
        ),
        Some(problem_1_key(catalog)),
    )
}

fn problem_2(catalog: &Catalog) -> Problem {
    note(
        2,
        Family::BindingLimit,
        Text::new("Each request takes 1,600 input and 400 output tokens, and 50 requests arrive per minute. What happens on a 60,000 TPM deployment?", "요청 하나에 입력 1,600·출력 400 토큰이 들고 분당 50건이 들어옵니다. 60,000 TPM 배포에서 벌어질 일은?"),
        [
            Text::new("RPM is hit first", "RPM에 먼저 걸린다"),
            Text::new("TPM is hit, because 100,000 TPM are needed", "TPM에 걸린다. 필요한 것이 100,000 TPM이므로"),
            Text::new("Both have room to spare", "둘 다 여유가 있다"),
            Text::new("TPM has room; only RPM falls short", "TPM은 남고 RPM만 모자란다"),
        ],
        1,
        Text::new(
            concat!(
                "②. 2,000 tokens per request × 50 requests = 100,000 TPM are needed, but only 60,000 are allocated. Only 50 RPM are needed and 360 come with the deployment, so RPM has room.",
                seed_assumption_en!()
            ),
            concat!(
                "②. 요청당 2,000 토큰 × 50건 = 100,000 TPM이 필요한데 할당은 60,000입니다. RPM은 50건만 필요하고 360이 붙어 있으므로 여유입니다.",
                seed_assumption_ko!()
            ),
        ),
        Some(problem_2_check(catalog).tpm_needed),
    )
}

fn problem_3() -> Problem {
    let mut p = note(
        3,
        Family::RetryAfter,
        Text::new("In the Python snippet above, why is the Retry-After header read and its value used first?", "위 파이썬 조각에서 Retry-After 헤더를 읽어 그 값을 우선 쓰는 이유는?"),
        [
            Text::new("Because an exception is raised when the header is missing", "헤더가 없으면 예외가 나므로"),
            Text::new("Because ignoring the wait the service asked for and retrying at once pushes the limit even harder", "서비스가 알려 준 대기 시간을 무시하고 즉시 재시도하면 한도에 더 세게 부딪혀 429만 늘어나므로"),
            Text::new("Because it is always shorter than exponential backoff", "지수 백오프보다 항상 짧으므로"),
            Text::new("Because the quota then grows automatically", "할당량이 자동으로 늘어나므로"),
        ],
        1,
        Text::new("②. ③ is not true — the server may ask for a longer wait — and neither is ①: the snippet falls back to the backoff delay when the header is missing.", "②. ③은 사실이 아니고 — 서버가 더 긴 시간을 요구할 수 있습니다 — ①도 아닙니다. 조각은 헤더가 없으면 백오프 값으로 떨어지게 되어 있습니다."),
        None,
    );
    p.code = Some(Text::new(RETRY_SNIPPET_EN, RETRY_SNIPPET));
    p
}

fn problem_4() -> Problem {
    note(
        4,
        Family::NotImmediate,
        Text::new(
            "\"We must cut the 429s by tomorrow morning.\" Which response cannot take effect immediately?",
            "「내일 아침까지 429를 줄여야 한다」는 상황에서 즉시 효과를 볼 수 없는 대응은?",
        ),
        [
            Text::new(
                "Create another deployment in a different region and split the traffic",
                "다른 리전에 배포를 하나 더 만들어 나눠 보낸다",
            ),
            Text::new("Request a quota increase", "할당량 증설을 신청한다"),
            Text::new("Move the nightly batch work off the online deployment", "야간 배치 작업을 온라인 배포에서 뺀다"),
            Text::new("Lower max_tokens to cut output tokens", "max_tokens를 줄여 출력 토큰을 깎는다"),
        ],
        1,
        Text::new(
            "②. An increase needs a request and an approval, so it does not happen at once. The other three are in our own hands today.",
            "②. 증설은 신청과 승인이 필요해 즉시 되지 않습니다. 나머지 셋은 우리 손으로 오늘 할 수 있습니다.",
        ),
        None,
    )
}

fn problem_5() -> Problem {
    note(
        5,
        Family::OutputCap,
        Text::new("Each request takes 1,000 input and 500 output tokens, and the assumed prices are $3 per 1M input tokens and $12 per 1M output tokens. If lowering max_tokens cuts output to 300 tokens on average, how much less do one million requests cost?", "요청당 입력 1,000·출력 500 토큰이고, 가정한 단가가 입력 100만 토큰당 3달러, 출력 100만 토큰당 12달러입니다. max_tokens를 낮춰 출력을 평균 300 토큰으로 줄이면 요청 100만 건 기준으로 비용이 얼마나 줄어듭니까?"),
        [Text::new("$240", "240달러"), Text::new("$600", "600달러"), Text::new("$2,400", "2,400달러"), Text::new("$6,000", "6,000달러")],
        2,
        Text::new("③. Output falls by 200 tokens per request over one million requests, so 200 × 10⁶ = 2 × 10⁸ fewer output tokens, that is 200 units of one million tokens. 200 × $12 = $2,400. The input price plays no part — the input tokens stay the same.", "③. 출력이 건당 200 토큰 줄고 요청이 100만 건이므로 줄어든 출력은 200 × 10⁶ = 2 × 10⁸ 토큰, 곧 200개의 100만 토큰 단위입니다. 200 × 12 = 2,400달러입니다. 입력 단가는 이 계산에 들어오지 않습니다 — 입력 토큰은 그대로이기 때문입니다."),
        Some(problem_5_key()),
    )
}

fn problem_6() -> Problem {
    note(
        6,
        Family::Symptom,
        Text::new("Users report that \"the answers are not as good as they used to be\", and the indexer last ran successfully three weeks ago. Where do you look first?", "「답이 예전만 못하다」는 신고를 받았고, 인덱서의 마지막 성공 실행이 3주 전입니다. 가장 먼저 볼 곳은?"),
        [
            Text::new("The model-version update policy", "모델 버전 업데이트 정책"),
            Text::new("The indexer's failure log and the index's document count", "인덱서 실패 로그와 색인의 문서 수"),
            Text::new("The safety filter's severity thresholds", "안전 필터의 심각도 임계값"),
            Text::new("The temperature setting", "temperature 설정"),
        ],
        1,
        Text::new("②. No new document has reached the index for three weeks, so the retrieval step is already broken. ① is where to look when the indexer is healthy and only quality has dropped.", "②. 3주 동안 새 문서가 색인에 안 들어왔다는 뜻이므로 검색 단계부터 무너져 있습니다. ①은 인덱서가 멀쩡한데 품질만 내려갔을 때 볼 곳입니다."),
        None,
    )
}

/// The note's six problems, in order.
pub fn note_problems(catalog: &Catalog) -> Vec<Problem> {
    vec![problem_1(catalog), problem_2(catalog), problem_3(), problem_4(), problem_5(), problem_6()]
}

/// The note's problem `n` (1–6).
pub fn note_problem(n: u8, catalog: &Catalog) -> Option<Problem> {
    let index = usize::from(n).checked_sub(1)?;
    note_problems(catalog).into_iter().nth(index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quota::Binding;

    const NOTE: &str = include_str!("../../../../tests/fixtures/practice/note_004_problems.txt");

    #[test]
    fn keys_match_the_note() {
        let c = Catalog::builtin();
        let ps = note_problems(&c);
        assert_eq!(ps.len(), usize::from(super::super::problem::NOTE_PROBLEMS));
        assert_eq!(ps[0].key, Some(180.0));
        assert_eq!(ps[1].key, Some(100_000.0));
        let check = problem_2_check(&c);
        assert_eq!(check.binding, Binding::Tpm);
        assert_eq!(check.rpm_allowed, 360.0);
        assert_eq!(ps[4].key, Some(2_400.0));
        for p in &ps {
            assert!(p.correct < 4);
        }
        // The key appears in the right option's text.
        assert_eq!(ps[0].options[ps[0].correct].ko, "180");
        assert!(ps[1].options[ps[1].correct].ko.contains("100,000"));
        assert_eq!(ps[4].options[ps[4].correct].ko, "2,400달러");
        // Every answer of the note is ②, except problem 5's ③.
        let answers: Vec<usize> = ps.iter().map(|p| p.correct).collect();
        assert_eq!(answers, [1, 1, 1, 1, 2, 1]);
    }

    /// The note's wording, except where it says the opposite of what it
    /// means: (the note's words, ours). "리밋을 더 밀어 올리므로" reads as
    /// "raises the limit"; the answer means retrying at once hits the
    /// limit harder.
    const CORRECTIONS: &[(&str, &str)] = &[("리밋을 더 밀어 올리므로", "한도에 더 세게 부딪혀 429만 늘어나므로")];

    fn in_note(text: &str) -> bool {
        NOTE.contains(text) || CORRECTIONS.iter().any(|(note, ours)| text.contains(ours) && NOTE.contains(&text.replace(ours, note)))
    }

    #[test]
    fn korean_wording_is_the_notes() {
        let ps = note_problems(&Catalog::builtin());
        for p in &ps {
            assert!(in_note(&p.stem.ko), "stem of {} not in the note", p.id());
            for o in &p.options {
                assert!(in_note(&o.ko), "option {:?} of {} not in the note", o.ko, p.id());
            }
        }
        assert!(ps.iter().all(|p| p.options.iter().all(|o| !o.ko.contains("밀어 올리"))), "the note's reversed wording is corrected");
        assert!(NOTE.contains(RETRY_SNIPPET));
        assert!(NOTE.contains(&ps[3].explanation.ko));
        assert!(NOTE.contains(&ps[5].explanation.ko));
    }

    #[test]
    fn the_flat_ratio_is_labelled_as_the_notes_assumption() {
        let ps = note_problems(&Catalog::builtin());
        for p in &ps[..2] {
            assert!(p.explanation.en.contains("The note's stated assumption: 6 RPM per 1,000 TPM"), "{}", p.id());
            assert!(p.explanation.ko.contains("노트가 전제한 값"), "{}", p.id());
        }
    }

    #[test]
    fn problem_2_counts_requests_not_ten_thousands() {
        // "RPM은 50건만 필요하고" reads as 500,000: it is 50 requests.
        let p = &note_problems(&Catalog::builtin())[1];
        assert!(p.explanation.ko.contains("RPM은 50건만 필요하고"), "{}", p.explanation.ko);
        assert!(!p.explanation.ko.contains("50만"), "{}", p.explanation.ko);
    }

    #[test]
    fn problem_3_code_speaks_the_readers_language() {
        let p = &note_problems(&Catalog::builtin())[2];
        let code = p.code.as_ref().expect("problem 3 has code");
        assert_eq!(code.ko, RETRY_SNIPPET, "the Korean code is the note's");
        assert!(!code.en.chars().any(|c| ('가'..='힣').contains(&c)), "Korean left in the English code:\n{}", code.en);
        assert!(code.en.contains("retry-after") && code.en.contains("delay *= 2"), "the same code:\n{}", code.en);
    }

    #[test]
    fn note_problem_bounds() {
        let c = Catalog::builtin();
        assert_eq!(note_problem(0, &c), None);
        assert_eq!(note_problem(7, &c), None);
        assert_eq!(note_problem(3, &c).unwrap().id(), "note-3");
    }
}
