//! TPM needed for a traffic shape: requests per minute × (input + output).

use super::Draft;
use crate::facts::Catalog;
use crate::practice::family::Family;
use crate::practice::format::thousands;
use crate::practice::options::{with_unit, wrong_numbers};
use crate::practice::rng::Rng;
use crate::quota::tpm_needed;
use crate::text::Text;

/// Seconds in a minute: a unit conversion, not a vendor figure.
const SECONDS_PER_MINUTE: f64 = 60.0;

/// The givens of a TPM-needed problem.
#[derive(Clone, Debug, PartialEq)]
pub struct TrafficShape {
    /// Whether the stem gives requests per second (else per minute).
    pub per_second: bool,
    /// Requests per second or per minute, as the stem gives them.
    pub arrivals: f64,
    pub input_tokens: f64,
    pub output_tokens: f64,
}

impl TrafficShape {
    pub fn for_seed(seed: u64, catalog: &Catalog) -> Self {
        shape(&mut Rng::salted(seed, Family::TpmNeeded.slug()), catalog)
    }

    pub fn requests_per_minute(&self) -> f64 {
        if self.per_second {
            self.arrivals * SECONDS_PER_MINUTE
        } else {
            self.arrivals
        }
    }

    pub fn answer(&self) -> f64 {
        tpm_needed(self.requests_per_minute(), self.input_tokens + self.output_tokens)
    }
}

fn shape(rng: &mut Rng, _catalog: &Catalog) -> TrafficShape {
    let per_second = rng.chance(1, 3);
    let arrivals = if per_second { rng.range(1, 20) as f64 } else { rng.stepped(10, 300, 5) };
    TrafficShape { per_second, arrivals, input_tokens: rng.stepped(200, 4_000, 100), output_tokens: rng.stepped(50, 1_500, 50) }
}

pub(super) fn draft(rng: &mut Rng, catalog: &Catalog) -> Draft {
    let s = shape(rng, catalog);
    let rpm = s.requests_per_minute();
    let per_req = s.input_tokens + s.output_tokens;
    let answer = s.answer();
    let unit_slip = if s.per_second { tpm_needed(s.arrivals, per_req) } else { answer * SECONDS_PER_MINUTE };
    let mut rest = vec![unit_slip, tpm_needed(rpm, s.output_tokens), per_req];
    rng.shuffle(&mut rest);
    let mut mistakes = vec![tpm_needed(rpm, s.input_tokens)];
    mistakes.extend(rest);
    let show = with_unit("TPM");
    let (inp, out, per, n, a) =
        (thousands(s.input_tokens), thousands(s.output_tokens), thousands(per_req), thousands(rpm), thousands(answer));
    let arrivals = thousands(s.arrivals);
    let (rate_ko, rate_en) = if s.per_second {
        (format!("초당 {arrivals}건"), format!("{arrivals} requests arrive per second"))
    } else {
        (format!("분당 {arrivals}건"), format!("{arrivals} requests arrive per minute"))
    };
    let (conv_ko, conv_en) = if s.per_second {
        (
            format!("초당 {arrivals}건은 분당 {arrivals} × 60 = {n}건입니다. "),
            format!("{arrivals} per second is {arrivals} × 60 = {n} per minute. "),
        )
    } else {
        (String::new(), String::new())
    };
    Draft {
        stem: Text::new(
            format!("Each request takes {inp} input and {out} output tokens, and {rate_en}. How many TPM does this traffic need?"),
            format!(
                "요청 하나에 입력 {inp}·출력 {out} 토큰이 들고 {} 들어옵니다. 이 트래픽에 필요한 TPM은 얼마입니까?",
                crate::text::josa::attach(&rate_ko, "이")
            ),
        ),
        right: show(answer),
        wrong: wrong_numbers(answer, &mistakes, &show),
        explanation: Text::new(
            format!(
                "{conv_en}TPM counts input and output together: {inp} + {out} = {per} tokens per request, and {per} × {n} = {a} TPM. \
                 Counting only the input ({} TPM) is the most common mistake.",
                thousands(tpm_needed(rpm, s.input_tokens))
            ),
            format!(
                "{conv_ko}TPM은 입력과 출력을 함께 세므로 요청당 {inp} + {out} = {per} 토큰이고, {per} × {n}건 = {a} TPM입니다. \
                 입력만 세어 {} TPM을 고르는 것이 가장 흔한 실수입니다.",
                thousands(tpm_needed(rpm, s.input_tokens))
            ),
        ),
        key: Some(answer),
    }
}
