//! Cost change from an output-token cap: only output tokens change, so only
//! the output price counts.

use super::{figure, Draft, MODELS};
use crate::cost::{output_cap_saving, token_cost};
use crate::facts::Catalog;
use crate::facts::Kind;
use crate::practice::family::Family;
use crate::practice::format::{ko_requests, price, thousands, usd};
use crate::practice::options::wrong_numbers;
use crate::practice::rng::Rng;
use crate::text::Text;

/// The givens of an output-cap problem (prices from the catalog).
#[derive(Clone, Debug, PartialEq)]
pub struct OutputCapShape {
    pub model: &'static str,
    pub requests: f64,
    pub input_tokens: f64,
    pub old_output_tokens: f64,
    pub new_output_tokens: f64,
    pub input_usd_per_million: f64,
    pub output_usd_per_million: f64,
}

impl OutputCapShape {
    pub fn for_seed(seed: u64, catalog: &Catalog) -> Self {
        shape(&mut Rng::salted(seed, Family::OutputCap.slug()), catalog)
    }

    pub fn answer(&self) -> f64 {
        output_cap_saving(self.requests, self.old_output_tokens, self.new_output_tokens, self.output_usd_per_million)
    }
}

fn shape(rng: &mut Rng, catalog: &Catalog) -> OutputCapShape {
    let model = MODELS[rng.index(MODELS.len())];
    let old = rng.stepped(300, 1_500, 50);
    let cut = rng.stepped(50, (old as u64 * 3 / 5).max(100), 50);
    OutputCapShape {
        model,
        requests: rng.stepped(100_000, 5_000_000, 100_000),
        input_tokens: rng.stepped(300, 4_000, 100),
        old_output_tokens: old,
        new_output_tokens: old - cut,
        input_usd_per_million: figure(catalog, Kind::PriceInput, model),
        output_usd_per_million: figure(catalog, Kind::PriceOutput, model),
    }
}

pub(super) fn draft(rng: &mut Rng, catalog: &Catalog) -> Draft {
    let s = shape(rng, catalog);
    let answer = s.answer();
    let cut = s.old_output_tokens - s.new_output_tokens;
    let with_input_price = output_cap_saving(s.requests, s.old_output_tokens, s.new_output_tokens, s.input_usd_per_million);
    let mut rest = vec![
        token_cost(s.requests * s.old_output_tokens, s.output_usd_per_million),
        token_cost(s.requests * s.new_output_tokens, s.output_usd_per_million),
        output_cap_saving(s.requests, s.old_output_tokens, s.new_output_tokens, s.input_usd_per_million + s.output_usd_per_million),
        answer / 10.0,
        answer * 10.0,
    ];
    rng.shuffle(&mut rest);
    let mut mistakes = vec![with_input_price];
    mistakes.extend(rest);
    let (pin, pout) = (price(s.input_usd_per_million), price(s.output_usd_per_million));
    let (inp, old, new, c) = (thousands(s.input_tokens), thousands(s.old_output_tokens), thousands(s.new_output_tokens), thousands(cut));
    let millions = s.requests * cut / 1_000_000.0;
    let m = thousands(millions);
    let a = usd(answer);
    let wrong_in = usd(with_input_price);
    Draft {
        stem: Text::new(format!(
                "Each {} request takes {inp} input and {old} output tokens; prices are {} per 1M input tokens and {} per 1M output tokens. \
                 If lowering max_tokens cuts output to {new} tokens on average, how much less do {} requests cost?",
                s.model, pin.en, pout.en, thousands(s.requests)
            ), format!(
                "{} 요청 하나에 입력 {inp}·출력 {old} 토큰이 들고, 단가는 입력 100만 토큰당 {}, 출력 100만 토큰당 {}입니다. \
                 max_tokens를 낮춰 출력을 평균 {new} 토큰으로 줄이면 요청 {} 기준으로 비용이 얼마나 줄어듭니까?",
                s.model, pin.ko, pout.ko, ko_requests(s.requests)
            )),
        right: a.clone(),
        wrong: wrong_numbers(answer, &mistakes, usd),
        explanation: Text::new(format!(
                "Output falls by {c} tokens per request over {} requests: {c} × {} = {} fewer output tokens, that is {m} units of one million tokens. \
                 {m} × {} = {}. The input price plays no part — the input tokens stay the same; using it gives the wrong {}.",
                thousands(s.requests), thousands(s.requests), thousands(s.requests * cut), pout.en, a.en, wrong_in.en
            ), format!(
                "출력이 건당 {c} 토큰 줄고 요청이 {}이므로 줄어든 출력은 {c} × {} = {} 토큰, 곧 {m}개의 100만 토큰 단위입니다. \
                 {m} × {} = {}입니다. 입력 단가는 이 계산에 들어오지 않습니다 — 입력 토큰은 그대로이기 때문입니다. \
                 입력 단가를 곱하면 {}라는 오답이 나옵니다.",
                ko_requests(s.requests), thousands(s.requests), thousands(s.requests * cut), pout.ko, a.ko, wrong_in.ko
            )),
        key: Some(answer),
    }
}
