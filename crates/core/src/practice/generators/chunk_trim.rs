//! Retrieval-chunk trimming: fewer chunks in the prompt save input tokens,
//! priced at the input price.

use super::{figure, Draft, MODELS};
use crate::cost::{chunk_trim_saving, rag_prompt_tokens, token_cost};
use crate::facts::Catalog;
use crate::facts::Kind;
use crate::practice::family::Family;
use crate::practice::format::{ko_requests, price, thousands, usd};
use crate::practice::options::wrong_numbers;
use crate::practice::rng::Rng;
use crate::text::Text;

/// The givens of a chunk-trimming problem (prices from the catalog).
#[derive(Clone, Debug, PartialEq)]
pub struct ChunkTrimShape {
    pub model: &'static str,
    pub requests: f64,
    /// Prompt tokens besides the chunks (instructions and question).
    pub fixed_tokens: f64,
    pub chunks_before: f64,
    pub chunks_after: f64,
    pub tokens_per_chunk: f64,
    pub input_usd_per_million: f64,
    pub output_usd_per_million: f64,
}

impl ChunkTrimShape {
    pub fn for_seed(seed: u64, catalog: &Catalog) -> Self {
        shape(&mut Rng::salted(seed, Family::ChunkTrim.slug()), catalog)
    }

    pub fn answer(&self) -> f64 {
        chunk_trim_saving(self.requests, self.chunks_before, self.chunks_after, self.tokens_per_chunk, self.input_usd_per_million)
    }
}

fn shape(rng: &mut Rng, catalog: &Catalog) -> ChunkTrimShape {
    let model = MODELS[rng.index(MODELS.len())];
    let before = rng.range(5, 12);
    let after = rng.range(2, before - 1);
    ChunkTrimShape {
        model,
        requests: rng.stepped(100_000, 5_000_000, 100_000),
        fixed_tokens: rng.stepped(100, 800, 50),
        chunks_before: before as f64,
        chunks_after: after as f64,
        tokens_per_chunk: rng.stepped(200, 800, 50),
        input_usd_per_million: figure(catalog, Kind::PriceInput, model),
        output_usd_per_million: figure(catalog, Kind::PriceOutput, model),
    }
}

pub(super) fn draft(rng: &mut Rng, catalog: &Catalog) -> Draft {
    let s = shape(rng, catalog);
    let answer = s.answer();
    let with_output_price = chunk_trim_saving(s.requests, s.chunks_before, s.chunks_after, s.tokens_per_chunk, s.output_usd_per_million);
    let prompt_before = rag_prompt_tokens(s.fixed_tokens, s.chunks_before, s.tokens_per_chunk);
    let prompt_after = rag_prompt_tokens(s.fixed_tokens, s.chunks_after, s.tokens_per_chunk);
    let mut rest = vec![
        token_cost(s.requests * prompt_after, s.input_usd_per_million),
        chunk_trim_saving(s.requests, s.chunks_after, 0.0, s.tokens_per_chunk, s.input_usd_per_million),
        chunk_trim_saving(s.requests, 1.0, 0.0, s.tokens_per_chunk, s.input_usd_per_million),
        answer * 10.0,
    ];
    rng.shuffle(&mut rest);
    let mut mistakes = vec![with_output_price];
    mistakes.extend(rest);
    let removed = s.chunks_before - s.chunks_after;
    let removed_tokens = s.requests * removed * s.tokens_per_chunk;
    let (b, af, k, tpc, fixed) = (
        thousands(s.chunks_before),
        thousands(s.chunks_after),
        thousands(removed),
        thousands(s.tokens_per_chunk),
        thousands(s.fixed_tokens),
    );
    let (pin, pout, a, wrong_out) = (price(s.input_usd_per_million), price(s.output_usd_per_million), usd(answer), usd(with_output_price));
    let (pb, pa) = (thousands(prompt_before), thousands(prompt_after));
    let units = thousands(removed_tokens / 1_000_000.0);
    Draft {
        stem: Text::new(format!(
                "Each {} RAG request sends {fixed} tokens of instructions and question plus {b} retrieved chunks of {tpc} tokens. Prices are {} per 1M input tokens and {} per 1M output tokens. \
                 How much less do {} requests cost with {af} chunks instead?",
                s.model, pin.en, pout.en, thousands(s.requests)
            ), format!(
                "{} RAG 요청마다 지시문과 질문 {fixed} 토큰에 검색 조각을 {b}개({tpc} 토큰씩) 붙입니다. 단가는 입력 100만 토큰당 {}, 출력 100만 토큰당 {}입니다. \
                 조각을 {af}개로 줄이면 요청 {} 기준으로 비용이 얼마나 줄어듭니까?",
                s.model, pin.ko, pout.ko, ko_requests(s.requests)
            )),
        right: a.clone(),
        wrong: wrong_numbers(answer, &mistakes, usd),
        explanation: Text::new(format!(
                "The prompt shrinks from {pb} to {pa} tokens. What goes is {k} chunks × {tpc} tokens, which over {} requests is {} tokens, or {units} units of one million tokens. \
                 Retrieved chunks are input tokens, so the input price applies: {units} × {} = {}. Using the output price gives the wrong {}. \
                 Measure relevance before trimming, or you cannot tell whether quality held.",
                thousands(s.requests), thousands(removed_tokens), pin.en, a.en, wrong_out.en
            ), format!(
                "프롬프트는 {pb} 토큰에서 {pa} 토큰으로 줄어듭니다. 빠지는 것은 조각 {k}개 × {tpc} 토큰이고, 요청 {}이면 {} 토큰, 곧 100만 토큰 단위 {units}개입니다. \
                 검색 조각은 입력 토큰이므로 입력 단가를 곱해 {units} × {} = {}입니다. 출력 단가를 쓰면 {}라는 오답이 나옵니다. \
                 줄이기 전에 관련성 지표를 재 두어야 품질이 그대로인지 판단할 수 있습니다.",
                ko_requests(s.requests), thousands(removed_tokens), pin.ko, a.ko, wrong_out.ko
            )),
        key: Some(answer),
    }
}
