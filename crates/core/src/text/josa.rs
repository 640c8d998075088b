//! Korean particles (조사) after a word only known at run time: 을/를,
//! 이/가, 은/는, 과/와, 으로/로, and the copula's 이 (이며/며, 이라/라 …),
//! chosen by whether the word, as read aloud, ends in a consonant
//! (받침). Digits are read as Korean numbers ("1" 일 → 을, "2" 이 → 를,
//! "10" 십 → 을), Latin letters by their Korean names or, for lowercase
//! words, by a rough pronunciation ("model" 모델 → 을, "mini" 미니 → 를).
//!
//! Templates write the particle after a placeholder as `{name|을}`;
//! [`fill`] substitutes the value and the particle that fits it. A
//! fallback such as "을(를)" is never produced.

/// How a word ends when read aloud.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A vowel: 를, 가, 는, 와, 로.
    Vowel,
    /// ㄹ: 을, 이, 은, 과, but 로.
    Rieul,
    /// Any other final consonant: 을, 이, 은, 과, 으로.
    Consonant,
}

impl Ending {
    fn has_batchim(self) -> bool {
        self != Ending::Vowel
    }
}

/// The ending of a Hangul syllable, if `c` is one.
fn hangul(c: char) -> Option<Ending> {
    let code = c as u32;
    if !(0xAC00..=0xD7A3).contains(&code) {
        return None;
    }
    Some(match (code - 0xAC00) % 28 {
        0 => Ending::Vowel,
        8 => Ending::Rieul,
        _ => Ending::Consonant,
    })
}

/// The ending of a number written in digits (separators already removed),
/// as read in Sino-Korean.
fn number(digits: &str) -> Ending {
    let trimmed = digits.trim_end_matches('0');
    let zeros = digits.len() - trimmed.len();
    if trimmed.is_empty() {
        return Ending::Consonant; // 영
    }
    match zeros {
        0 => match trimmed.as_bytes()[trimmed.len() - 1] {
            b'1' | b'7' | b'8' => Ending::Rieul, // 일 칠 팔
            b'3' | b'6' => Ending::Consonant,    // 삼 육
            _ => Ending::Vowel,                  // 이 사 오 구
        },
        1..=3 => Ending::Consonant,  // 십 백 천
        4..=7 => Ending::Consonant,  // 만
        8..=11 => Ending::Consonant, // 억
        _ => Ending::Vowel,          // 조
    }
}

/// The ending of a Latin letter read by its Korean name (A 에이, L 엘, M 엠 …).
fn letter_name(c: char) -> Ending {
    match c.to_ascii_uppercase() {
        'L' | 'R' => Ending::Rieul,     // 엘 알
        'M' | 'N' => Ending::Consonant, // 엠 엔
        _ => Ending::Vowel,
    }
}

fn is_vowel(c: u8) -> bool {
    matches!(c, b'a' | b'e' | b'i' | b'o' | b'u')
}

/// The ending of a lowercase Latin word by a rough pronunciation: "model" 모델,
/// "token" 토큰, "chat" 챗, "batch" 배치, "mini" 미니, "name" 네임, "file" 파일.
fn word(w: &str) -> Ending {
    let b = w.as_bytes();
    let n = b.len();
    let last = b[n - 1];
    let prev = if n >= 2 { Some(b[n - 2]) } else { None };
    let before_prev = if n >= 3 { Some(b[n - 3]) } else { None };
    match last {
        b'l' => Ending::Rieul,
        b'm' | b'n' => Ending::Consonant,
        b'g' if prev == Some(b'n') => Ending::Consonant, // -ng 응
        b'k' | b'p' | b'b' | b't' | b'g' => {
            if prev.is_some_and(is_vowel) || (last == b'k' && prev == Some(b'c')) {
                Ending::Consonant // 챗, 톱, 웹, 체크 is rare
            } else {
                Ending::Vowel // 리스트, 태스크
            }
        }
        // Silent e after a vowel-consonant: "name" 네임, "file" 파일, "line" 라인.
        b'e' => match (prev, before_prev) {
            (Some(b'm' | b'n'), Some(v)) if is_vowel(v) => Ending::Consonant,
            (Some(b'l'), Some(v)) if is_vowel(v) => Ending::Rieul,
            _ => Ending::Vowel,
        },
        _ => Ending::Vowel,
    }
}

/// How `text` ends when read aloud: its last Hangul syllable, number, or
/// Latin word, past closing quotes, brackets and punctuation.
pub fn ending(text: &str) -> Ending {
    let trimmed = text.trim_end_matches(|c: char| {
        c.is_whitespace() || matches!(c, '"' | '\'' | '”' | '’' | ')' | ']' | '}' | '」' | '』' | '`' | '.' | '!' | '?' | '…' | '*' | '»')
    });
    let Some(last) = trimmed.chars().last() else { return Ending::Vowel };
    if let Some(e) = hangul(last) {
        return e;
    }
    if last == '%' {
        return Ending::Vowel; // 퍼센트
    }
    if last.is_ascii_digit() {
        // The run of digits (and thousands separators), read as one number;
        // after a decimal point only the last digit counts.
        let tail: String = trimmed.chars().rev().take_while(|c| c.is_ascii_digit() || *c == ',').collect();
        let digits: String = tail.chars().rev().filter(char::is_ascii_digit).collect();
        let before = &trimmed[..trimmed.len() - tail.len()];
        if before.ends_with('.') {
            return number(&digits[digits.len() - 1..]);
        }
        return number(&digits);
    }
    if last.is_ascii_alphabetic() {
        let run: String = trimmed.chars().rev().take_while(char::is_ascii_alphabetic).collect();
        let run: String = run.chars().rev().collect();
        let acronym = run.len() == 1 || run.chars().all(|c| c.is_ascii_uppercase());
        if acronym {
            return letter_name(last);
        }
        return word(&run.to_ascii_lowercase());
    }
    Ending::Vowel
}

/// The form of `particle` that follows `word`. `particle` may be written in
/// either form ("을" or "를", "으로" or "로", "이며" or "며"); anything else is
/// returned unchanged.
pub fn particle(word: &str, particle: &str) -> String {
    let e = ending(word);
    let pick = |with: &str, without: &str| if e.has_batchim() { with.to_string() } else { without.to_string() };
    match particle {
        "을" | "를" => pick("을", "를"),
        "이" | "가" => pick("이", "가"),
        "은" | "는" => pick("은", "는"),
        "과" | "와" => pick("과", "와"),
        _ => {
            if let Some(rest) = particle.strip_prefix("으로").or_else(|| particle.strip_prefix("로")) {
                let base = if e == Ending::Consonant { "으로" } else { "로" };
                return format!("{base}{rest}");
            }
            // The copula's 이 drops after a vowel: 이며/며, 이라는/라는, 이나/나.
            if let Some(rest) = particle.strip_prefix('이') {
                if !rest.is_empty() {
                    return if e.has_batchim() { particle.to_string() } else { rest.to_string() };
                }
            }
            particle.to_string()
        }
    }
}

/// `word` followed by the right form of `particle`.
pub fn attach(word: &str, p: &str) -> String {
    format!("{word}{}", particle(word, p))
}

/// Replaces `{name}` and `{name|particle}` placeholders in `template`:
/// the value, and for the second form the particle that fits it. Names not
/// in `args` are left as they are.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let inner = &after[..close];
        let (name, p) = match inner.split_once('|') {
            Some((n, p)) => (n, Some(p)),
            None => (inner, None),
        };
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => {
                out.push_str(value);
                if let Some(p) = p {
                    out.push_str(&particle(value, p));
                }
            }
            None => {
                out.push('{');
                out.push_str(inner);
                out.push('}');
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Whether `text` holds a particle fallback such as "을(를)", "(이)가",
/// "은(는)", "(으)로" that a reader would see.
pub fn has_fallback(text: &str) -> bool {
    const PAIRS: [&str; 12] = ["(를)", "(을)", "(가)", "(이)", "(는)", "(은)", "(와)", "(과)", "(으)", "(로)", "(이)라", "(이)나"];
    PAIRS.iter().any(|p| text.contains(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hangul_final_consonants_choose_the_form() {
        assert_eq!(attach("기준안", "를"), "기준안을");
        assert_eq!(attach("조각 4개", "은"), "조각 4개는");
        assert_eq!(attach("시나리오", "을"), "시나리오를");
        assert_eq!(attach("모델", "으로"), "모델로");
        assert_eq!(attach("배포", "으로"), "배포로");
        assert_eq!(attach("파일", "으로"), "파일로");
        assert_eq!(attach("토큰", "으로"), "토큰으로");
        assert_eq!(attach("할당량", "이"), "할당량이");
        assert_eq!(attach("배치", "이"), "배치가");
        assert_eq!(attach("입력", "과"), "입력과");
        assert_eq!(attach("출력 파일", "와"), "출력 파일과");
        assert_eq!(attach("오류 파일", "이라는"), "오류 파일이라는");
        assert_eq!(attach("시나리오", "이라는"), "시나리오라는");
    }

    #[test]
    fn digits_are_read_in_korean() {
        for (n, obj) in [
            ("1", "을"),
            ("2", "를"),
            ("3", "을"),
            ("4", "를"),
            ("5", "를"),
            ("6", "을"),
            ("7", "을"),
            ("8", "을"),
            ("9", "를"),
            ("0", "을"),
        ] {
            assert_eq!(particle(n, "을"), obj, "{n}");
        }
        assert_eq!(particle("10", "를"), "을"); // 십
        assert_eq!(particle("1,000", "를"), "을"); // 천
        assert_eq!(particle("20,000", "를"), "을"); // 이만
        assert_eq!(particle("12", "를"), "를"); // 십이
        assert_eq!(particle("4.1", "으로"), "로"); // 사 점 일
        assert_eq!(particle("1.5", "으로"), "로"); // 일 점 오
        assert_eq!(particle("3", "으로"), "으로"); // 삼
        assert_eq!(particle("50%", "이"), "가"); // 퍼센트
        assert_eq!(particle("“1,024”", "이"), "가"); // 천이십사
    }

    #[test]
    fn latin_words_and_acronyms_by_pronunciation() {
        assert_eq!(particle("gpt-4.1", "으로"), "로"); // 일
        assert_eq!(particle("gpt-4o", "을"), "를"); // 오
        assert_eq!(particle("gpt-4o-mini", "은"), "는"); // 미니
        assert_eq!(particle("TPM", "이"), "이"); // 엠
        assert_eq!(particle("RPM", "과"), "과");
        assert_eq!(particle("PTU", "를"), "를"); // 유
        assert_eq!(particle("URL", "으로"), "로"); // 엘
        assert_eq!(particle("model", "을"), "을"); // 모델
        assert_eq!(particle("custom_id", "가"), "가"); // 디
        assert_eq!(particle("max_tokens", "이"), "가"); // 토큰스
        assert_eq!(particle("chat", "을"), "을"); // 챗
        assert_eq!(particle("name", "을"), "을"); // 네임
        assert_eq!(particle("\"region\"", "은"), "은"); // 리전
    }

    #[test]
    fn fill_substitutes_values_and_particles() {
        assert_eq!(fill("{name|을} 복제", &[("name", "기준안")]), "기준안을 복제");
        assert_eq!(fill("{name|을} 복제", &[("name", "시나리오 2")]), "시나리오 2를 복제");
        assert_eq!(fill("{a}, {b|와} {c}", &[("a", "1"), ("b", "출력"), ("c", "x")]), "1, 출력과 x");
        assert_eq!(fill("{missing|을} {x}", &[("x", "y")]), "{missing|을} y");
        assert_eq!(fill("a { lone", &[]), "a { lone");
    }

    #[test]
    fn fallbacks_are_detected() {
        assert!(has_fallback("기준안을(를) 복제"));
        assert!(has_fallback("{given}(으)로 넣은"));
        assert!(has_fallback("조각 4개은(는)"));
        assert!(!has_fallback("기준안을 복제 (선택)"));
        assert!(!has_fallback("재시도(를 포함해)"));
    }
}
